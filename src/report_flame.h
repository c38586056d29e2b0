/* report_flame: rebuilt call stacks as folded text (flamegraph.pl's input) and as an interactive SVG flame graph. */
#ifndef ANNOGRIND_REPORT_FLAME_H
#define ANNOGRIND_REPORT_FLAME_H

#include "report.h"

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

#endif
