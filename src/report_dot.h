/* report_dot: the call graph as a Graphviz (DOT) digraph. */
#ifndef ANNOGRIND_REPORT_DOT_H
#define ANNOGRIND_REPORT_DOT_H

#include "report.h"

/*
 * Costs are those of the primary sort event E (the first --sort event).
 * Nodes: the functions the --inclusive=yes table would list, i.e. whose
 * inclusive cost of E is more than (100 - threshold)% of the program total
 * (with the default threshold of 99, above 1%), at most the 60 most costly
 * (--top=N: N; an explicit --threshold without --top: no such cap), the
 * graph's label saying how many are shown and hidden; each labelled with its name,
 * file, inclusive and self cost of E with their percentages, and its cycle;
 * filled with a colour from blue (0%) to red (100% of the total inclusive).
 * Edges: the calls between shown nodes, labelled with the call count and
 * the inclusive cost of the calls (a recursive call, inside a cycle or to
 * itself, is dashed and has its count only: its cost is already in its
 * caller's).  A node whose callers are all hidden gets a dashed grey edge
 * "via N hidden" from its nearest shown ancestor (the fewest hidden
 * functions between; among those the first in node order), N those
 * hidden functions.  The members of each cycle sit in a dashed cluster
 * "cycle N".  Output is sorted (nodes by inclusive cost then name, edges
 * by caller then callee), so it does not depend on hash order.
 */
void report_dot(struct report *r);

#endif
