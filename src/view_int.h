/* view_int: what the parts of the views share (view.c, view_inline.c, view_copy.c, view_flow.c, view_hide.c). */
#ifndef ANNOGRIND_VIEW_INT_H
#define ANNOGRIND_VIEW_INT_H

#include <stddef.h>
#include <stdint.h>

#include "profile.h"

/*
 * Only the views' own files include this header; view.h is the contract
 * the rest of the program sees.
 */

/*
 * n items of size bytes for the view's arrays by call or by function,
 * zeroed (view_bigz) or not (view_big): from 4 KB on, from the pool of
 * huge pages (xcalloc_table()); freed by xfree_table().
 */
void *view_big(size_t n, size_t size);
void *view_bigz(size_t n, size_t size);

/* to += from (and its defined events); -1 after a diagnostic when a sum overflows. */
int view_add(struct profile *dst, struct cc *to, const struct cc *from);
/* Calls merged into one: their counts summed, checked (a view never prints a wrapped count). */
int view_add_count(uint64_t *to, uint64_t n);

/*
 * dst's function for src's f, created with its flags (not its costs): a
 * copy makes each of src's functions once at most (profile.plain), and
 * points to src's names (the caller has dst adopt src, profile_adopt()).
 * m remembers the last file looked up (start it at { NULL, NULL }).
 */
struct file_memo {
	const struct file *from;	/* the last file copied (NULL: none yet) */
	struct file *to;		/* its copy */
};

/*
 * total split over m parts by weights w (their sum wsum > 0), in whole
 * counts adding up to total: each part's floor, then one more to the
 * largest remainders.  Exact in 128-bit integers; tmp holds m entries.
 */
struct view_split {
	uint32_t k;
	uint64_t rem_hi, rem_lo;
};

void view_split_exact(uint64_t total, const uint64_t *w, size_t m, unsigned __int128 wsum,
		      uint64_t *out, struct view_split *tmp);

/*
 * dst's incl_cap (profile.incl_cap) for map[i], src's function i: its
 * inclusive cost in src (graph_inclusive() ran on src), the largest of
 * them where several map to one.
 */
void view_copy_caps(struct profile *dst, const struct profile *src, struct fn *const *map);

struct fn *view_fn_in_copy(struct profile *dst, const struct fn *f, struct file_memo *m);
/* Line costs of every file, and the call sites whose ends map (map[id] NULL: dropped). */
int view_copy_lines(struct profile *dst, const struct profile *src, struct fn *const *map);
/*
 * The thread stacks each function starts (profile.root_cost), for dst's
 * function map[i] of src's i, scaled by k[i * ne + e] (k NULL: whole).
 */
void view_copy_root_cost(struct profile *dst, const struct profile *src, struct fn *const *map,
			 const double *k);
/*
 * dst's copy of each function of src with an exact inclusive cost (those
 * of only, when not NULL) keeps it (profile.exact_incl): what the view
 * leaves of its stack is exactly that.
 */
void view_keep_exact_incl(struct profile *dst, const struct profile *src, struct fn *const *map,
			  const unsigned char *only);
/* Set dst's total to the sum of its self costs: the view's own program total. */
int view_sum_total(struct profile *dst);

struct solver;

/*
 * The call graph seen by --focus and --ignore: functions joined by
 * recursive calls form one unit (their calls to each other count nested
 * calls again, so nothing can be said of them one by one), and the other
 * calls join units.  Units are taken in the order of their strongly
 * connected components, callers first, so a graph without static cycles is
 * solved in one pass and only the members of a static cycle are swept
 * again until they settle.
 */
struct ugraph {
	const struct profile *p;
	size_t n, ne, nc;	/* functions (= units by their first id), events, calls */
	uint32_t *unit;		/* by fn id: its unit's id (graph_units()) */
	unsigned char *umatch;	/* by unit: holds a match */
	uint32_t *ostart, *olist;	/* by unit: calls out to another unit (call indexes) */
	uint32_t *istart, *ilist;	/* by unit: calls in from another unit */
	uint32_t *order;	/* units, sink components first */
	uint32_t *cstart;	/* components: order[cstart[k] .. cstart[k + 1]) */
	size_t ncomp, nunits;
	uint32_t *csize;	/* by unit: the size of its component */
	uint32_t *ucomp;	/* by unit: its component */
	unsigned char *above;	/* by unit: never under a match (see ugraph_above) */
	double *self;		/* by unit and event */
	/* by call, read in every sweep without going through the call */
	double *cv;		/* by call and event: its cost */
	uint32_t *cu_in, *cu_out;	/* its callee's unit, its caller's */
	unsigned char *cskip;	/* its callee is a match or never under one */
	unsigned char *cinter;	/* it joins two units (not recursive, not inside one) */
	uint32_t *into, ninto;	/* the calls that join units into a match, in order */
	const double *rho;	/* by unit and event: the part under a match (flow_down()) */
	struct solver *sv;	/* for the static cycles solved at once (solve_down(), solve_up()) */
	unsigned char *held;	/* by member of the cycle being solved: held at its cap */
	unsigned char *upheld;	/* by unit and event: held in solve_up() the last time */
};

/*
 * The copy of --focus (focus set) or --ignore from the flows worked out
 * over g (view_flow.c): rho by unit and event, flow, up by call and
 * event, uproot by function and event (view_copy.c says what each keeps).
 * 0, or -1 after a diagnostic.
 */
int view_copy(struct profile *dst, const struct profile *src, const struct ugraph *g,
	      const unsigned char *match, const double *rho, const double *flow,
	      const double *up, const double *uproot, int focus);

/* --focus (keep what runs under the matches, match[] by fn id) or --ignore (keep the rest). */
int view_focus_or_ignore(struct profile *dst, const struct profile *src,
			 const unsigned char *match, int focus);
/* --hide of the matches (match[] by fn id). */
int view_hide(struct profile *dst, const struct profile *src, const unsigned char *match);

#endif
