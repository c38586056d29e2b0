/* fit: the rebuilt stacks' self costs fitted to the exact inclusive costs the profile knows. */
#ifndef ANNOGRIND_FIT_H
#define ANNOGRIND_FIT_H

#include <stddef.h>
#include <stdint.h>

#include "profile.h"
#include "stacks.h"

/*
 * x holds, by node of s (s->n of them, parents before children), the
 * self cost of each stack for event ev of p as the shares gave it, real
 * valued; fstart and flist list the nodes of each function (by fn id:
 * flist[fstart[id] .. fstart[id + 1]), in node order).  fit_stacks()
 * changes x so that the frames of each function with an exact inclusive
 * cost (fn.incl_exact, graph.h; a function on a stack at most once) add
 * up to that cost as nearly as the stacks made allow, each function's
 * self cost still spread over its stacks exactly: sweeps of
 * proportional fitting, then Newton's method to finish.  Near is judged against s->sum, the program total.  Where the
 * fit would cost too much (stacks that are long chains) x is left as it
 * is.  fit.c writes down the rule, its limits and its numbers; it keeps
 * nothing past the call.
 */
void fit_stacks(const struct profile *p, size_t ev, const struct stacks *s, double *x,
		const uint32_t *fstart, const uint32_t *flist);

#endif
