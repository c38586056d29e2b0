/* md_fit: a Markdown report cut to fit where it goes (a pull-request comment holds 65,536 characters). */
#ifndef ANNOGRIND_MD_FIT_H
#define ANNOGRIND_MD_FIT_H

#include <stddef.h>
#include <stdio.h>

/* GitHub's limit of a pull-request or issue comment, in characters. */
#define MD_FIT_COMMENT 65536

/*
 * Write buf (len bytes of what report_md.c writes) to out: whole when it
 * is at most max bytes long (max 0: always whole); else without its last
 * folded blocks (<details> ... </details>, outside code fences: the
 * machine code, then the source lines of the last functions first, then
 * the callers and callees), then, if that is not enough, without the last
 * rows of its function table, as few as it takes, and a section of a
 * table left with no block goes too.  A last paragraph then says what
 * was cut and that --markdown-max=none writes it all.  A byte count is
 * at least the character count, so what fits in bytes fits a limit in
 * characters.  Returns how many bytes were written.
 */
size_t md_fit(FILE *out, const char *buf, size_t len, size_t max);

#endif
