/* md_fit: a Markdown report cut to fit where it goes (a pull-request comment holds 65,536 characters). */
#ifndef ANNOGRIND_MD_FIT_H
#define ANNOGRIND_MD_FIT_H

#include <stddef.h>
#include <stdio.h>

/* GitHub's limit of a pull-request or issue comment, in characters. */
#define MD_FIT_COMMENT 65536

/*
 * md_fit_open() gives a stream to write what report_md.c writes;
 * md_fit_close() writes it to out: whole when it is at most max bytes
 * long; else without its last folded blocks (<details> ... </details>,
 * outside code fences: the machine code, then the source lines of the
 * last functions first, then the callers and callees), then, if that is
 * not enough, without the last rows of its function table, as few as it
 * takes (never the first), and a "### " section left with no block goes
 * too; the first block left out keeps its top lines when a few fit.  A
 * last paragraph then says what was left out and that --markdown-max=none
 * writes it all.  A byte count is at least the character count, so what
 * fits in bytes fits a limit in characters.
 *
 * Only the first max bytes are kept in memory (nothing after them can
 * stay); the rest is only counted, so a huge report costs no memory.
 * max must be at least 1024.  md_fit_close() closes the stream and frees
 * the struct; it returns the bytes written.
 */
struct md_fit;

FILE *md_fit_open(struct md_fit **fit, size_t max);
size_t md_fit_close(struct md_fit *fit, FILE *out);

#endif
