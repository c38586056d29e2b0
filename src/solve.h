/* solve: sparse linear systems solved by elimination in an order of little fill, redone from a plan when the shape repeats. */
#ifndef ANNOGRIND_SOLVE_H
#define ANNOGRIND_SOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"

/*
 * A solver solves A x = b, A a sparse square matrix of n unknowns (n at
 * most the cap it was made for, cap at most SOLVE_MAX), by Gaussian
 * elimination without pivoting: sound where A is diagonally dominant by
 * columns, as the views' static cycles are (view_flow.c), and where
 * every pivot met is not 0.  It knows nothing of profiles.
 *
 *	solver_init(&sv, cap);
 *	solver_start(&sv, n, key, way, first);
 *    build:
 *	solver_add(&sv, i, j, v) for each term, sv.b[i] = ... (b starts at 0);
 *	if (solver_built(&sv)) goto build;
 *	if (solver_run(&sv) == 0) the answer is sv.x[0 .. n);
 *	... solver_release(&sv);
 *
 * The shape of a system is which terms were added, in which order, not
 * their values: a term added as 0 is part of it (and so is the fill it
 * makes).  The order of elimination is chosen as the first solve goes
 * (fewest terms times fewest rows, Markowitz's count) and kept, for the
 * systems of cap unknowns, by key and way (way 0 or 1: two families of
 * systems, each nearly the transpose of the other, whose orders serve
 * each other); first says a system is the first of its key in this
 * round, whose order is chosen (or taken from what was kept).
 *
 * A system of cap unknowns writes a plan of its elimination; a later one
 * of the same shape and order is built straight into the plan's values
 * (solver_built() says when it did not fit and must be built again) or
 * solved from a plan: only the arithmetic, in the same order, so x is the
 * same to the bit as a full solve's.  ANNOGRIND_SOLVE_PLANS=0 in the
 * environment (read by solver_init()) writes no plan: every solve is a
 * full one (the tests compare both).
 *
 * solver_run() returns 0 with x, or -1 (x undefined) when a pivot is 0
 * (a missing diagonal term, or one elimination cancelled exactly) or
 * past the work allowed: 4096 eliminations and 16 more for each term it
 * starts with (solve.c, SOLVE_WORK: a system whose fill grows fast, or a
 * dense one of more than a few hundred unknowns); the caller then
 * finds x some other way.  No pivot is checked against a tolerance: a
 * nearly singular system is solved, its x as large as it is.
 *
 * The solver owns all it allocates; solver_release() frees it.  Of
 * struct solver (here for solver_add(), inline), a caller reads cap and
 * x and writes b; the rest is the solver's own.
 */
#define SOLVE_MAX 1024
#define SOLVE_NONE 0	/* else its place in the row + 1 (at most SOLVE_MAX terms) */

struct srow {
	uint32_t *col;
	double *val;
	uint32_t *slot;	/* the term's place in a plan's values (struct splan) */
	uint32_t n, cap;
};

/*
 * A solve's elimination written down, to be done again on a system of
 * the same shape (the same columns in the same places of each row) in
 * the same order: only its arithmetic, in the same order, so the values
 * are the same to the bit as a full solve's (solver_run()).  Each term of
 * the system, and each made by fill, has its slot in one array of values;
 * prog holds by step the pivot's slot, the m other terms of its row
 * (slots, then columns), and the rows it eliminates (row, the slot of
 * its term in the pivot's column, whether that was 0, and if not the m
 * slots the step subtracts from).  python3's static cycle of 644 members
 * solves seven times in a view; three reuse a plan.
 */
struct splan {
	size_t n, nnz, nslot;
	uint64_t used;		/* when last used */
	uint32_t *rstart, *pcol, *ord;	/* the shape: by row its columns; the order */
	uint32_t *prog, *step;	/* step: where each step starts in prog */
	size_t nprog, capprog;
	/*
	 * the build's solver_add() calls: row << 32 | column each, then one
	 * that no call has (UINT64_MAX), and the slot each added to
	 */
	uint64_t *aij;
	uint32_t *aslot;
	size_t nadd;
};
#define SPLANS 4

/*
 * One system's equations: by unknown its row (the diagonal among its
 * terms), where each column sits in each row (at: cap x cap, SOLVE_NONE
 * where it does not), and by column the rows that hold it.  Made once for
 * the largest system (cap unknowns) and used for each.  Rows and columns
 * keep their room from one system to the next; it comes from one arena
 * (room): a row that grows takes a block twice as large and leaves the
 * old one, at most twice what they hold in all, and no call to malloc
 * or free for each.
 */
struct solver {
	size_t n, cap;
	int way;		/* of the solve being built: 0 or 1 (solver_start()) */
	size_t key;		/* of the solve being built, and whether it is a first try */
	int first;
	struct arena room;
	struct srow *row;
	uint16_t *at;
	double *b, *x;
	uint32_t **clist, *clen, *ccap;
	uint32_t *ord;
	/* the order of the largest system, made once each way (solver_order_of()) */
	uint32_t *ordc[2];
	size_t ordk[2];		/* its key + 1, 0 until made */
	/*
	 * pick: the next solver_run() chooses its order as it goes, into
	 * ord (pick_next()): by column the rows not eliminated that hold
	 * it (cn), and the members not eliminated in lists by their count
	 * (bucket), from the lowest that may not be empty (blow)
	 */
	int pick;
	uint32_t *cn, *bnext, *bprev, *bkey, *bhead, blow;
	unsigned char *done;
	/* the plans of the largest system's solves */
	struct splan plan[SPLANS];
	size_t nslot;		/* slots given so far in this solve */
	uint64_t clock;
	double *w;		/* a plan's values, and b for it */
	size_t wcap;
	size_t nused;		/* rows that may hold terms (solver_clear()) */
	/*
	 * A build goes straight into a plan's values (fast) when the last
	 * solve of its way (last) made the same calls to solver_add(), as it
	 * checks (fa: calls so far; fail: one was not the same); else into
	 * the rows, its calls logged (adds) for the plan it will write.
	 */
	struct splan *fast, *last[2];
	size_t fa;
	int fail, logadds;
	int noplan;		/* ANNOGRIND_SOLVE_PLANS=0: no plan written, every solve a full one (tests) */
	uint32_t *adds;
	size_t nadds, capadds;
};

void solver_init(struct solver *sv, size_t cap);
void solver_release(struct solver *sv);
/*
 * Start a system of n unknowns (n <= cap) named key, way 0 or 1; first:
 * the first try of key in this round (its order is chosen, or taken
 * from the one kept for key).
 */
void solver_start(struct solver *sv, size_t n, size_t key, int way, int first);
/* After a build: 1 when it must be made again (it did not fit the plan it went into). */
int solver_built(struct solver *sv);
/* x from the system (b and the terms are spent): 0, or -1 (see above). */
int solver_run(struct solver *sv);

/* solver_add()'s slow paths, out of line: the call logged for a plan, a row or column grown. */
void solver_log_add(struct solver *sv, uint32_t i, uint32_t j);
void srow_grow(struct solver *sv, struct srow *r);
void scol_grow(struct solver *sv, uint32_t j);

/* Add v at (i, j); inlined in the elimination's inner loop, the growth out of line. */
static inline __attribute__((always_inline)) void solver_add(struct solver *sv, uint32_t i,
							     uint32_t j, double v)
{
	struct srow *r;
	uint16_t *at;

	if (sv->fast) {
		const struct splan *pl = sv->fast;
		size_t a = sv->fa;
		if (pl->aij[a] == ((uint64_t)i << 32 | j)) {
			sv->w[pl->aslot[a]] += v;
			sv->fa = a + 1;
		} else {
			sv->fail = 1;
		}
		return;
	}
	if (sv->logadds)
		solver_log_add(sv, i, j);
	r = &sv->row[i];
	at = &sv->at[i * sv->cap + j];
	if (*at != SOLVE_NONE) {
		r->val[*at - 1] += v;
		return;
	}
	if (r->n == r->cap)
		srow_grow(sv, r);
	*at = (uint16_t)(r->n + 1);
	r->col[r->n] = j;
	r->val[r->n++] = v;
	if (sv->clen[j] == sv->ccap[j])
		scol_grow(sv, j);
	sv->clist[j][sv->clen[j]++] = i;
}

#endif
