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

/*
 * The functions report_diff() lists, in its order (those that changed, cut
 * by the threshold): a malloc'ed array of *n pointers into d.
 */
const struct diff_fn **report_diff_rows(const struct report *r, const struct diff *d, size_t *n);

/*
 * Every function of either profile, changed or not, in the order above
 * (not cut): a malloc'ed array of *n pointers into d.  The comparisons
 * for programs list these (report_diff_json.h, report_diff_tsv()).
 */
const struct diff_fn **report_diff_all_rows(const struct report *r, const struct diff *d,
					  size_t *n);
/* "new", "gone", "changed" or "same". */
const char *report_diff_status(const struct diff *d, const struct diff_fn *f);

/*
 * The same comparison for programs, every function of either profile
 * (changed or not, cut only by --top), in the order above:
 * report_diff_tsv() writes "# annogrind diff tsv 1", "#event" lines, a
 * header row, a "total" row and one "fn" row per function with its status
 * (new, gone, changed, same), object, file, name, then per event old, new
 * and signed change of the self cost, then the same of the inclusive
 * cost.  The JSON form is report_diff_json.h's.
 */
void report_diff_tsv(struct report *r, const struct diff *d);

struct outbuf;
/* A cost of d as a JSON array, one count per event (signed with d->sgn). */
void report_diff_json_cost(struct outbuf *out, const struct diff *d, const struct cc *c);

#endif
