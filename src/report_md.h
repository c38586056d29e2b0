/* report_md: the report and the comparison as GitHub-flavoured Markdown, for CI job summaries and pull requests. */
#ifndef ANNOGRIND_REPORT_MD_H
#define ANNOGRIND_REPORT_MD_H

#include "diff.h"
#include "gate.h"
#include "report.h"

/*
 * --format=markdown: what a person reads in a CI job summary
 * ($GITHUB_STEP_SUMMARY), a pull-request comment or a GitLab note.  In
 * order: a one-line verdict (PASS or FAIL when limits were given, with the
 * totals); the broken limits, each marked; a header (profiles, commands,
 * events) and the totals (old, new and change for a comparison); a table
 * of the top functions (self and inclusive cost per shown event; for a
 * comparison the new value, the change and its percentage, new and gone
 * functions marked); and, folded in <details>, their callers and callees.
 *
 * The top functions are those the text table or comparison shows, at most
 * --top (default MD_TOP).  Names, commands and events are data: they are
 * written in code spans, code blocks or backslash-escaped, so nothing in
 * them is read as Markdown or HTML; what escape.h escapes for a terminal,
 * bytes that are not UTF-8 and the byte order mark are written \xHH, byte
 * by byte, always.
 *
 * res holds the broken limits (gate.h), nlimits how many were given.
 */
#define MD_TOP 10

void report_md(struct report *r, const struct gate_result *res, size_t nlimits);
/*
 * d compares the functions whole (whole.h); lines is the comparison of
 * the profiles as read, with d's whole[] set: each top function's source
 * lines, from the first to the last line its code (and the code inlined
 * into it) gives in each file, follow in one <details> block per function,
 * as the text report annotates them (the profiles must be loaded with
 * profile.keep_spans).  With --annotate=asm, a "Machine code" section
 * follows: one <details> block per top function that has instructions in
 * both profiles of lines, its listing as the text report prints it
 * (report_diff_asm.h).
 */
void report_md_diff(struct report *r, const struct diff *d, const struct diff *lines,
		    const char *old_name, const char *new_name, const struct gate_result *res,
		    size_t nlimits);

#endif
