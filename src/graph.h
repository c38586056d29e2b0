/* graph: inclusive costs that stay true under recursion, the cycles of the call graph, its units and components. */
#ifndef ANNOGRIND_GRAPH_H
#define ANNOGRIND_GRAPH_H

#include "profile.h"

/*
 * graph_inclusive() fills fn_incl() for every function, numbers the cycles
 * (fn->cycle, p->cycles), computes each cycle's inclusive cost, and sets
 * fn.outer, fn.may_nest, fn.incl_exact and call.recursive.
 *
 * The rule (also in the man page).  Callgrind names an
 * activation that begins while the same function is already running with
 * a recursion level: f'2 (f'3 ... up to --separate-recs).  A name without
 * one is "outer": it is never entered while it runs, so no call into it
 * runs inside another, and none of its own calls either.  Functions that
 * may nest are those with a level, outer ones that call themselves, and
 * every function of a profile not written by Callgrind.
 *  - A function that is outer, or that may nest but is not in a strongly
 *    connected component of more than one function and does not call
 *    itself, costs its self cost plus the calls it makes, or per event
 *    the sum of the calls made to it when that is more.  Exact.
 *  - Any other function costs, per event, the largest of these lower
 *    bounds: the calls made to it from outside its component; its self
 *    cost plus the calls it makes to functions outside its component; the
 *    calls from any one outer caller; the calls to any one outer callee.
 *  - A cycle is the set of may-nest functions of one component, when there
 *    are two or more.  It costs the self costs of its members plus the
 *    calls leaving the component (exact when the component has no outer
 *    function), or more when the bounds above say so.
 *  - A call is "recursive" when both ends may nest and lie in one
 *    component: summed over nested calls, its cost counts some cost again.
 *    Every other call's cost is exact.
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
 * byte by byte (as callgrind_annotate orders its function table), then for
 * two keys that spell the same text their objects (an address name in two
 * objects), then the order of creation.
 */
int graph_fn_cmp(const struct fn *a, const struct fn *b);

/* Does a function name carry a Callgrind recursion level ("f'2", "f'2'main")? */
int graph_level_name(const char *name);

/*
 * Which functions of p are outer (by id, one byte each into outer, p->nfns
 * of them): as fn.outer when p->levels is PROFILE_LEVELS_SET, else from
 * the names of a profile written by Callgrind.  A Callgrind profile where
 * no name has a level but a function calls itself was made with
 * --separate-recs=1, which marks no recursion at all: none is outer then.
 */
void graph_outer(const struct profile *p, unsigned char *outer);

/*
 * The inclusive cost of f added into incl (zero), for a function no call
 * of which runs inside another (an outer one): its self cost plus the
 * calls it makes, wherever its activations start, or per event the calls
 * made to it (and p->root_cost, the stacks it starts in other threads)
 * when they say more.  Never below its self cost.  -1 (after a
 * diagnostic) on a 64-bit overflow.
 */
int graph_exact_incl(const struct profile *p, const struct fn *f, struct cc *incl);

/*
 * How often each function was called (fn_ncalls(), the "calls" of JSON and
 * TSV) sums its callers' counts: 0, or -1 after a diagnostic naming the
 * first function whose sum passes 2^64-1.  Only the outputs that print
 * that number ask (no text report prints such a sum).
 */
int graph_check_calls(const struct profile *p, const char *name);

/*
 * The call graph's toolkit, shared by the inclusive costs above, the
 * rebuilt stacks (stacks.c) and the views (view_flow.c).
 *
 * graph_units(): the "units" of p: functions joined by recursive calls
 * (call.recursive, as graph_inclusive() set it; a call of a function to
 * itself joins nothing), found by union-find.  It returns, by fn id, the
 * lowest id of the function's unit (a malloc'ed array the caller frees):
 * a unit is named by its first member, and unit[i] == i says that i
 * names one.
 */
uint32_t *graph_units(const struct profile *p);

/*
 * The strongly connected components of a graph of n nodes, by Tarjan's
 * algorithm made iterative (call graphs are deep): node v's successors
 * are to[adj[k]] (to NULL: adj[k]) for k from start[v] to start[v + 1],
 * taken in that order.  With unit set only the nodes v with unit[v] == v
 * are walked (the units of graph_units(), whose lists hold every call
 * between them), else every node.  The order is fixed by the lists:
 * components come sinks first (a component after every one it reaches),
 * numbered so; in each, its nodes in the order the walk left them.
 * graph_scc_release() frees what it allocated.
 */
struct graph_scc {
	uint32_t *order;	/* the nodes walked, component by component */
	uint32_t *cstart;	/* component k: order[cstart[k] .. cstart[k + 1]) */
	uint32_t *comp;		/* by node: its component (0 for a node not walked) */
	size_t ncomp, n;	/* components; nodes walked (cstart[ncomp]) */
};

void graph_scc(struct graph_scc *s, size_t n, const uint32_t *start, const uint32_t *adj,
	       const uint32_t *to, const uint32_t *unit);
void graph_scc_release(struct graph_scc *s);

#endif
