/* graph: inclusive costs that stay true under recursion, and the cycles of the call graph. */
#ifndef ANNOGRIND_GRAPH_H
#define ANNOGRIND_GRAPH_H

#include "profile.h"

/*
 * graph_inclusive() fills fn_incl() for every function, numbers the cycles
 * (fn->cycle, p->cycles) and computes each cycle's inclusive cost.
 *
 * The rule (also in the README and the man page):
 *  - a function that is not recursive (not in a strongly connected
 *    component of more than one function, no call to itself) costs the sum
 *    of the inclusive costs of the calls made to it; when nobody calls it,
 *    its self cost plus the inclusive costs of the calls it makes;
 *  - a recursive function (in a cycle, or calling itself) is on the stack
 *    at least while the calls made to it from outside its cycle run, and at
 *    least while its own code and the calls it makes to functions outside
 *    its cycle run; it costs the larger of the two (per event).  The first
 *    is exact for the function through which a recursion is entered, the
 *    second for a function that only calls itself;
 *  - a cycle (two or more functions that call each other) costs the self
 *    costs of its members plus the calls leaving it.
 * Cycles are numbered 1, 2, ... by decreasing inclusive cost of the
 * profile's first event, then by the name of their first member; members
 * are kept in name order (graph_fn_cmp).
 *
 * A profile whose call costs disagree with its self costs (some xdebug and
 * hand-made files) can make a sum pass the program total; such costs are
 * cut to the total and a warning naming the first one is printed (name is
 * the profile's name for the message).  Returns -1 (after a diagnostic)
 * when a cost overflows 64 bits.
 *
 * When p->drop_calls is set the report shows no inclusive cost: fn_incl()
 * is then the self cost (the same pointer), there are no cycles, and
 * nothing is checked.
 */
int graph_inclusive(struct profile *p, const char *name);

/*
 * The order of names that breaks ties everywhere: "file:function" compared
 * byte by byte (as callgrind_annotate orders its function table), then the
 * order of creation for two keys that spell the same text.
 */
int graph_fn_cmp(const struct fn *a, const struct fn *b);

#endif
