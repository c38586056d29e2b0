/* report_diff_json: a diff for programs, as JSON: both profiles, every function's change, the sources and machine code compared. */
#ifndef ANNOGRIND_REPORT_DIFF_JSON_H
#define ANNOGRIND_REPORT_DIFF_JSON_H

#include "diff.h"
#include "report.h"

/*
 * Every function of either profile (changed or not, cut only by --top),
 * in report_diff()'s order, as schema "annogrind-diff" version 1
 * (doc/annogrind-diff.schema.json); then the annotated sources and, with
 * --annotate=asm, the machine code of the functions report_diff() lists.
 */
void report_diff_json(struct report *r, const struct diff *d, const char *old_name,
		      const char *new_name);

#endif
