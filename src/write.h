/* write: a profile written back in the Callgrind format, with compressed names. */
#ifndef ANNOGRIND_WRITE_H
#define ANNOGRIND_WRITE_H

#include <stdio.h>

#include "profile.h"

/*
 * write_callgrind() writes p (loaded and load_finish()ed) to out as a
 * Callgrind profile (format version 1) that annogrind and KCachegrind
 * read back.  Loading the result gives the same functions, objects, self
 * costs, calls (counts and inclusive costs at their call lines), program
 * totals, header lines and event list (long names, formulas), so every
 * report of the function table and the trees is unchanged.
 *
 * What is not kept: instruction addresses and jumps (the model has none);
 * the self cost of a function is written on line 0 of its file, so the
 * line-by-line costs of source annotation are not kept.  A function that
 * only inlined code created (fi=/fe=) is written through a function of the
 * same name when there is one (it may take that function's object, which
 * no report shows), else with its own fn= line.
 *
 * note, when not NULL, is written as a comment at the top.  Returns 0, or
 * -1 when out has an error.
 */
int write_callgrind(const struct profile *p, const char *note, FILE *out);

#endif
