/* whole: each function as a whole, the pieces Callgrind gives of it summed. */
#ifndef ANNOGRIND_WHOLE_H
#define ANNOGRIND_WHOLE_H

#include <stddef.h>

#include "profile.h"

/*
 * Callgrind gives code inlined from another file as a function of its own,
 * "header.h:main" beside "prog.cpp:main" (view.h).  A limit, the Markdown
 * summary, JSON and --whole-functions see a function whole: its pieces
 * (its own code and every fragment view_hosts() gives it) summed, as
 * view_merge_inlined() merges them for the graphs.
 *
 * whole_build() makes merged (through graph_inclusive(), its warnings
 * quiet: they were given for src; src itself when it has no piece of
 * inlined code: no copy) and, for each function of merged (by
 * id), its pieces in src: piece[first[k] .. first[k + 1]), the function
 * itself first when src has it, then the others in name order.  src must
 * outlive w.  Returns 0, or -1 after a diagnostic (a sum overflows).
 */
struct whole {
	const struct profile *merged;	/* &own, or src itself when nothing was inlined */
	struct profile own;
	int copied;
	const struct profile *src;
	size_t *first;
	const struct fn **piece;
	struct fn **host;	/* view_hosts(src): by src function id, its host or NULL */
	const struct fn **of;	/* by src function id: merged's function it is a piece of */
};

int whole_build(struct whole *w, const struct profile *src);
void whole_release(struct whole *w);

static inline size_t whole_npieces(const struct whole *w, size_t k)
{
	return w->first[k + 1] - w->first[k];
}

/* The function of merged that src's function f is a piece of (or is). */
const struct fn *whole_of(const struct whole *w, const struct fn *f);

#endif
