/* report_flame: rebuilt call stacks as folded text (flamegraph.pl's input) and as an interactive SVG flame graph. */
#ifndef ANNOGRIND_REPORT_FLAME_H
#define ANNOGRIND_REPORT_FLAME_H

#include "report.h"
#include "stacks.h"

/*
 * The stacks of stacks.h for the first --sort event, cut as --format=dot
 * cuts (stacks worth at most (100 - threshold)% of the total go into
 * their caller's own cost; --threshold=100 cuts nothing).
 *
 * report_folded(): one line "frame;frame;frame COST" per stack with a
 * cost of its own, in order of the frames; ';' in a name is written ':'
 * and control bytes '?'.
 *
 * report_flamegraph(): a self-contained SVG (script included): widths are
 * costs, a <title> per frame (name, file, object, cost, %), click to zoom,
 * a search box that colours the matches and says their share.
 * report_flamegraph_diff(): the same for r->p, coloured by how much each
 * frame grew (red) or shrank (blue) since the stacks of old.
 *
 * Each returns 0, or -1 after a message on standard error.
 */
int report_folded(struct report *r);
/*
 * The frames those draw for event ev of p (stacks.h), cut as they cut:
 * for a page that draws them itself (report_html.c).  0, or -1 after a
 * message.
 */
struct flame;
int report_flame_build(const struct report *r, const struct profile *p, size_t ev, struct flame *fl,
		       int by_file);
int report_flamegraph(struct report *r);
int report_flamegraph_diff(struct report *r, const struct profile *old);

/*
 * The stacks as drawn: frames of the same name and file on one stack are
 * one (the caller contexts of --separate-callers names, f'g'h, are the
 * stack itself and are left out of frame names: f'g'h is shown as f, and
 * fib'2'main as fib'2: stacks_frame_name()).  Children are in name
 * order.  Built by flame_build(); strings belong to the profile or the
 * struct.  --format=folded and flamegraph draw them, and a page that draws
 * them itself (report_html.c) takes them from here.
 */
struct fnode {
	const char *name;	/* the frame's name (flame.names, or "all") */
	const char *file, *obj;
	uint64_t self, total;
	uint32_t child, next;	/* STACKS_NONE when none */
	uint32_t parent;	/* (flame_build's; the root's is 0) */
	uint32_t depth;
	uint32_t match;		/* flame_match(): the node of the other tree, or STACKS_NONE */
};

struct flame {
	struct fnode *node;	/* node 0 is the root of all (name "all") */
	size_t n, cap;
	uint32_t maxdepth;
	/* the frame name of each function, made once (by fn id): frames point here */
	char **names;
	size_t nnames;
	/* from the stacks (struct stacks): the grain, if the budget made it coarse */
	int coarse;
	double grain;
	uint64_t moved;
};

/* by_file: frames of one name but different files stay apart (else they are one, file of the first). */
void flame_build(struct flame *fl, const struct stacks *s, const struct profile *p, int by_file);
void flame_release(struct flame *fl);
/* Set match of each node of a to the node of b at the same stack (same names and files). */
void flame_match(struct flame *a, const struct flame *b);

#endif
