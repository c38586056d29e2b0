/* report_diff_src: the annotated source of a comparison. */
#ifndef ANNOGRIND_REPORT_DIFF_SRC_H
#define ANNOGRIND_REPORT_DIFF_SRC_H

#include "diff.h"
#include "report.h"

/*
 * After report_diff(): the source files named on the command line (after
 * OLD and NEW) and, with --auto=yes, the files of the functions the table
 * listed, in its order.  Each line with a cost on either side is printed
 * with --context lines around it, and per shown event its old cost, new
 * cost and change; under a line that calls, "=>" lines with the calls'
 * old and new inclusive cost, change and counts.  Lines are paired by
 * file and line number after the rename rules; the text is the file found
 * now (in the current folder or an -I folder), so it is NEW's source when
 * the program is built in place.  Lines past its end and line 0 are listed
 * after it.
 */
void report_diff_source(struct report *r, const struct diff *d);

struct outbuf;
/*
 * The same files as a JSON array (the "sources" of the --diff JSON): per
 * file its name, whether the user named it, and its lines with a cost or a
 * call in either profile by number (0: counts for unidentified lines), each
 * with old, new and change per event and its calls (caller, callee, counts,
 * inclusive cost old, new and change).  The files are not read.
 */
void report_diff_source_json(struct report *r, const struct diff *d, struct outbuf *out);

/*
 * The annotated lines of one file of d (found as a command-line name is)
 * in the spans sp[0..nsp) of line numbers, as report_diff_source() prints
 * them but without its title, to r->out; when the file cannot be read,
 * the lines with a cost by number.  With callers, only the calls they make
 * (a function's block: the calls of other functions on its lines are
 * theirs).
 */
void report_diff_source_lines(const struct report *r, const struct diff *d, const char *file,
			      const uint64_t (*sp)[2], size_t nsp, const struct diff_fn *const *callers,
			      size_t ncallers);
/* The file named on the command line that stands for d's file (as in the text report), or file. */
const char *report_diff_source_name(const struct report *r, const struct diff *d, const char *file);

#endif
