/* stacks: call stacks rebuilt from Callgrind's call graph, for folded stacks and flame graphs. */
#ifndef ANNOGRIND_STACKS_H
#define ANNOGRIND_STACKS_H

#include <stddef.h>
#include <stdint.h>

#include "profile.h"

/*
 * Callgrind records calls between functions, not stacks.  stacks_build()
 * rebuilds a tree of stacks for one event, by the rule the man page
 * writes down ("Folded stacks and flame graphs"):
 *
 *  - A call that is recursive (graph.h: its summed cost counts nested
 *    calls again) is never followed.  Functions joined by such calls form
 *    a recursion group; a stack enters a group through a call from outside
 *    it and goes on to the group's other members along recursive calls
 *    (breadth first, each once), so their cost stays under the entry.
 *  - Groups are taken in the order of the components of the calls between
 *    them, callers first, so every stack of a caller is made before its
 *    calls are shared out: a call c into group u is cost(c) / (cost of all
 *    the calls into u from outside it) of u's activity, shared over all the
 *    caller's stacks in proportion to their shares, exactly (a stack below
 *    the grain is not made and its part goes to the caller's other
 *    stacks).  So the stacks of every function carry all its activity, and
 *    those of an outermost function add up to its exact inclusive cost.
 *  - Inside a static cycle (outermost functions calling each other) a call
 *    is made only on the stacks where its callee is not running already;
 *    which those are depends on the shares, so a small cycle is made again
 *    until its shares settle; a large one once.
 *  - The stacks start at the groups no other group calls ((below main),
 *    the loader), at the functions that start a thread's stack (roots.h),
 *    and a function with a cost that nothing reached starts on its own.
 *  - Each function's self cost is split over its stacks in proportion to
 *    what each is worth (share * activity) less what its calls out are
 *    worth (by share, for a member of a larger group), fitted (fit.h) to
 *    the exact inclusive costs where a static cycle left them off, then
 *    in whole counts (largest remainders), so the parts add up exactly.
 *  - At most a few stacks per function and call are made (the grain grows
 *    until they fit), whatever the number of paths through the graph.
 *  - Then stacks whose total cost is at most prune are cut, their cost
 *    added to their caller's own (a root keeps its cost as its own).  The
 *    stacks are made and fitted the same with or without a cut, so every
 *    stack kept costs what it costs uncut.
 *
 * So the costs of all stacks add up to the sum of the self costs, each
 * function's self cost is spread over its stacks exactly (when nothing
 * is cut), and each stack is a chain of calls the profile records.
 */
#define STACKS_NONE UINT32_MAX

struct snode {
	const struct fn *fn;
	uint32_t parent, child, next;	/* STACKS_NONE when none */
	double share;
	uint64_t self;		/* cost with this stack on top */
	uint64_t total;		/* self and everything above */
};

struct stacks {
	struct snode *node;	/* parents before children */
	size_t n, cap;
	uint64_t sum;		/* the sum of the self costs of the event */
	/*
	 * When the stacks would pass the budget, the grain grew (coarse set):
	 * the activity of the stacks worth less than grain (moved, rounded)
	 * went to the other stacks of the same functions.  Nothing is lost:
	 * the stacks still add up to sum; which callers it ran under is.
	 */
	int coarse;
	double grain;
	uint64_t moved;
};

/* Returns 0, or -1 after a diagnostic (too many stacks for memory). */
int stacks_build(struct stacks *s, const struct profile *p, size_t ev, uint64_t prune);
void stacks_release(struct stacks *s);

/*
 * The name of f as a frame: the caller contexts of --separate-callers
 * names (f'g'h) are the stack itself and are left out (f'g'h is f), a
 * recursion level is kept (fib'2'main is fib'2), and an address, the
 * name of one object's function only (fn_key_obj()), is followed by
 * " [OBJECT]" (the object's file name, its folder left out); a malloc'ed
 * string.
 */
char *stacks_frame_name(const struct profile *p, const struct fn *f);

#endif
