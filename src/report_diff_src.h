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

#endif
