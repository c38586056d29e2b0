/* report_diff: the text report of a diff: both totals and the change of every function. */
#ifndef ANNOGRIND_REPORT_DIFF_H
#define ANNOGRIND_REPORT_DIFF_H

#include "diff.h"
#include "report.h"

/*
 * r was set up by report_init() with the NEW profile (its events resolve
 * --show and --sort).  Prints a header naming both profiles, the totals of
 * both and their change, then one row per function whose self or
 * inclusive cost changed: per shown event the change of the self cost,
 * then per shown event the change of the inclusive cost, each with the
 * change relative to the old cost ("(new)" when there was none).  Rows are
 * sorted by the size of the change of the sort events (self cost, or
 * inclusive with --inclusive=yes), then by name; the threshold cuts when
 * that share of the sum of the changes' sizes is shown.  Functions only
 * NEW has carry "(new)" after their name, those only OLD has "(gone)".
 */
void report_diff(struct report *r, const struct diff *d, const char *old_name,
		 const char *new_name);

#endif
