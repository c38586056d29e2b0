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
 * The line costs of every file are kept too, and the calls made from each
 * line (in the order the profile gave them, which source annotation
 * follows), so annotated sources are the same: the model does not keep
 * which function each line's cost came from, so each file's functions'
 * self costs are spread on its lines (see spread_file() in write.c); when
 * they do not add up to the file's line costs (positions without lines),
 * each function's self cost goes on line 0.  Instruction addresses and
 * jumps are not kept (the model has none).  A function that
 * only inlined code created (fi=/fe=) is written through a function of the
 * same name when there is one (it may take that function's object, which
 * no report shows), else with its own fn= line.
 *
 * When renaming (modname_profile()) merged functions so that a name
 * without a recursion level may nest, the creator line becomes "annogrind,
 * renamed from CREATOR": the names no longer tell which functions are
 * outer (see graph.h), and a reader must not think they do.
 *
 * note, when not NULL, is written as a comment at the top.  Returns 0, or
 * -1 when out has an error.
 */
int write_callgrind(const struct profile *p, const char *note, FILE *out);

#endif
