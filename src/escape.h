/* escape: profile text made harmless for a terminal: control bytes and bidi controls shown as \xHH. */
#ifndef ANNOGRIND_ESCAPE_H
#define ANNOGRIND_ESCAPE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

struct outbuf;

/*
 * A profile may be hostile: raw control bytes in its names could retitle
 * the terminal, plant OSC 8 links, clear the screen or move the cursor, and
 * bidi overrides could reorder what is shown.  Escaping writes each byte of
 * these as the four characters \xHH (lower-case hex) and every other byte
 * as it is:
 *   - C0 controls but tab: 0x00-0x08, 0x0a-0x1f (ESC, CR and LF too);
 *   - DEL, 0x7f;
 *   - C1 controls: a byte 0x80-0x9f that starts no valid UTF-8 sequence,
 *     and the UTF-8 forms of U+0080-U+009F (c2 80 to c2 9f);
 *   - the bidi controls U+061C, U+200E, U+200F, U+202A-U+202E and
 *     U+2066-U+2069 (all the bytes of their UTF-8 form).
 * Backslashes are not doubled, so that names such as C:\src\a.c stay
 * readable: on a terminal "\x1b" may also be those four characters; a pipe
 * gets the bytes.
 *
 * Who calls what:
 *   - Every renderer writing text to standard output passes each string
 *     that came from the profile or the command line (function, file and
 *     object names, header fields, event names, paths) through
 *     escape_fputs/escape_fwrite/escape_outbuf with on = r->esc
 *     (struct report; report_init() sets it from --escape: always, never,
 *     or auto = out is a terminal), or through report_str(r, s) in report.h.
 *     Column widths of such text come from escape_width().
 *   - Every message on standard error is escaped, always: diag() does it;
 *     other messages are written with escape_line().
 *   - JSON, DOT and callgrind output have their own rules (see the man
 *     page, SECURITY): JSON and DOT escape these characters always (as
 *     \uXXXX and as the visible text \xHH), callgrind output keeps the bytes.
 * No function here keeps memory after it returns; all are for the main
 * thread (the loader's reading thread writes nothing).
 */

/*
 * The unit at s (len > 0 bytes): how many bytes from s[0] are escaped as
 * one character (1, 2 or 3), or 0 when s[0] is written as it is.
 */
size_t escape_unit(const char *s, size_t len);
/*
 * escape_unit() for text in an XML document or a DOT label (rendered to
 * SVG): besides, the characters XML 1.0 does not allow at all, which make
 * the whole document ill-formed: U+FFFE, U+FFFF and the UTF-8 form of a
 * surrogate (U+D800-U+DFFF, ed a0 80 to ed bf bf; not valid UTF-8, but
 * written as one character of 3 bytes).  The C0 controls are escaped as
 * escape_unit() does; callers may write them otherwise.
 */
size_t escape_unit_xml(const char *s, size_t len);
/* The number of bytes s[0..len) takes when written (escaped when on). */
size_t escape_width(const char *s, size_t len, int on);

/* Write s (NUL-terminated, or len bytes) to f, escaped when on, else as it is. */
void escape_fputs(FILE *f, const char *s, int on);
void escape_fwrite(FILE *f, const char *s, size_t len, int on);
/* The same into an outbuf (outbuf.h). */
void escape_outbuf(struct outbuf *o, const char *s, size_t len, int on);
/* Every byte of s[0..len) as \xHH, whatever it is (a unit escape_unit_xml() found). */
void escape_hex_outbuf(struct outbuf *o, const char *s, size_t len);

/*
 * One message line on f (standard error): the printf-formatted text, every
 * byte of it escaped (a newline in a name too), then '\n'.
 */
void escape_line(FILE *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void escape_vline(FILE *f, const char *fmt, va_list ap);

#endif
