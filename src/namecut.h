/* namecut: long names cut once the output has written many of their bytes. */
#ifndef ANNOGRIND_NAMECUT_H
#define ANNOGRIND_NAMECUT_H
#include <stddef.h>
#include <stdint.h>

/*
 * A profile names a file, object or function once and then uses it by id
 * ("(id) name"), but reports write the name on every row that shows it:
 * 2,000 functions of one file whose name is 100 KB made 400 MB of text
 * from 290 KB.  So every renderer asks here how much of a name to write:
 *
 *   - names are written whole while the name bytes written so far stay
 *     within NAMECUT_PER_BYTE bytes for each byte of profile read
 *     (mem_input(), all profiles, gzip inflated): real reports never get
 *     near it, so they do not change;
 *   - past it, a name longer than NAMECUT_LONG bytes that was already
 *     written whole is cut to its first NAMECUT_KEEP bytes (at a UTF-8
 *     character boundary), followed by the marker namecut_marker() makes;
 *     a name never written before is written whole, so every name appears
 *     whole once.
 *
 * What is cut depends only on the order in which names are written, never
 * on time or memory: the output is deterministic.  Names are recognized by
 * their address: pass only names the profile holds (interned, unchanged
 * until it is released), never a buffer that is reused.  For the main
 * thread only; the state lasts for the process (one report).
 */
#define NAMECUT_PER_BYTE 32	/* the default budget */
#define NAMECUT_LONG 256
#define NAMECUT_KEEP 64
/* The longest marker, its NUL included. */
#define NAMECUT_MARKER_MAX 64

/*
 * How many bytes of name s to write; *len is set to its whole length.
 * Less than *len: write that many, then the marker.
 */
size_t namecut(const char *s, size_t *len);
/* The marker after a name of len bytes cut: "…[name cut: N bytes, see first row]". */
void namecut_marker(char buf[NAMECUT_MARKER_MAX], size_t len);
/*
 * Forget what was written, and read ANNOGRIND_NAME_BUDGET again: the name
 * bytes for each byte of profile before the cut, instead of
 * NAMECUT_PER_BYTE (0 cuts from the start: tests show the cut on small
 * profiles).
 */
void namecut_reset(void);
#endif
