/* view_flow: --focus and --ignore: the flows of the matches' activity down and up the call graph. */
#include "view_int.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "graph.h"
#include "solve.h"

/* The components of the units along the calls between them (graph_scc()), sinks first. */
static void ugraph_order(struct ugraph *g)
{
	struct graph_scc s;
	size_t k, m;

	graph_scc(&s, g->n, g->ostart, g->olist, g->cu_in, g->unit);
	g->order = s.order;
	g->cstart = s.cstart;
	g->ucomp = s.comp;
	g->ncomp = s.ncomp;
	g->nunits = s.n;
	g->csize = xcalloc(g->n + 1, sizeof(*g->csize));
	for (k = 0; k < g->ncomp; k++)
		for (m = g->cstart[k]; m < g->cstart[k + 1]; m++)
			g->csize[g->order[m]] = g->cstart[k + 1] - g->cstart[k];
}

/*
 * With one match: the outermost function that is its only caller runs
 * every activation of it, so it never runs under it (that would enter
 * the match inside itself); nor does that function's only caller, and so
 * on up.  Static paths from below the match back to these carry nothing.
 */
static void ugraph_above(struct ugraph *g)
{
	const struct profile *p = g->p;
	size_t u = SIZE_MAX, i, j, steps;

	g->above = xcalloc(g->n + 1, 1);
	for (i = 0; i < g->n; i++) {
		if (!g->umatch[i] || g->unit[i] != i)
			continue;
		if (u != SIZE_MAX)
			return;	/* two matches: one may run under the other */
		u = i;
	}
	for (steps = 0; u != SIZE_MAX && steps < g->n; steps++) {
		size_t caller = SIZE_MAX;
		for (j = g->istart[u]; j < g->istart[u + 1]; j++) {
			size_t a = g->cu_out[g->ilist[j]];
			if (caller != SIZE_MAX && a != caller)
				return;
			caller = a;
		}
		if (caller == SIZE_MAX || g->above[caller] || g->umatch[caller] ||
		    !p->fns[caller]->outer || p->fns[caller]->may_nest)
			return;
		g->above[caller] = 1;
		u = caller;
	}
}

static void ugraph_init(struct ugraph *g, const struct profile *p, const unsigned char *match)
{
	size_t n = p->nfns, ne = p->ev.n, i, e;
	uint32_t *fill;

	memset(g, 0, sizeof(*g));
	g->p = p;
	g->n = n;
	g->ne = ne;
	g->nc = p->ncalls;
	g->unit = graph_units(p);
	g->umatch = xcalloc(n + 1, 1);
	g->self = xcalloc(n * ne + 1, sizeof(*g->self));
	for (i = 0; i < n; i++) {
		if (match[i])
			g->umatch[g->unit[i]] = 1;
		for (e = 0; e < ne; e++)
			g->self[g->unit[i] * ne + e] += (double)p->fns[i]->self->v[e];
	}
	/* by call: its ends' units, whether it joins two, its cost; the lists' sizes */
	g->cinter = xmalloc(p->ncalls + 1);
	g->cv = view_big(g->nc * ne + 1, sizeof(*g->cv));
	g->cu_in = view_big(g->nc + 1, sizeof(*g->cu_in));
	g->cu_out = view_big(g->nc + 1, sizeof(*g->cu_out));
	g->ostart = xcalloc(n + 2, sizeof(*g->ostart));
	g->istart = xcalloc(n + 2, sizeof(*g->istart));
	{
		/* through locals: the stores into cinter (bytes) could be any field of g's */
		const uint32_t *unit = g->unit;
		uint32_t *cu_out = g->cu_out, *cu_in = g->cu_in, *ostart = g->ostart, *istart = g->istart;
		unsigned char *cinter = g->cinter;
		double *cv = g->cv;
		for (i = 0; i < p->ncalls; i++) {
			const struct call *c = p->calls[i];
			uint32_t a = unit[c->k.caller->id], b = unit[c->k.callee->id];
			int inter = !c->recursive && a != b;
			cu_out[i] = a;
			cu_in[i] = b;
			cinter[i] = (unsigned char)inter;
			for (e = 0; e < ne; e++)
				cv[i * ne + e] = (double)c->cc->v[e];
			if (!inter)
				continue;
			ostart[a + 1]++;
			istart[b + 1]++;
		}
	}
	for (i = 0; i < n; i++) {
		g->ostart[i + 1] += g->ostart[i];
		g->istart[i + 1] += g->istart[i];
	}
	g->olist = view_big(g->ostart[n] + 1, sizeof(*g->olist));
	g->ilist = view_big(g->istart[n] + 1, sizeof(*g->ilist));
	/* fill: where the next call of each unit goes, out (by unit) and in (n + unit) */
	fill = xmalloc((2 * n + 1) * sizeof(*fill));
	memcpy(fill, g->ostart, n * sizeof(*fill));
	memcpy(fill + n, g->istart, n * sizeof(*fill));
	{
		const uint32_t *cu_out = g->cu_out, *cu_in = g->cu_in;
		const unsigned char *cinter = g->cinter;
		uint32_t *olist = g->olist, *ilist = g->ilist;
		for (i = 0; i < p->ncalls; i++) {
			if (!cinter[i])
				continue;
			olist[fill[cu_out[i]]++] = (uint32_t)i;
			ilist[fill[n + cu_in[i]]++] = (uint32_t)i;
		}
	}
	free(fill);
	ugraph_order(g);
	ugraph_above(g);
	g->cskip = xmalloc(g->nc + 1);
	g->into = view_big(g->nc + 1, sizeof(*g->into));
	{
		const uint32_t *cu_in = g->cu_in;
		const unsigned char *umatch = g->umatch, *above = g->above, *cinter = g->cinter;
		unsigned char *cskip = g->cskip;
		uint32_t *into = g->into, ninto = 0;
		for (i = 0; i < g->nc; i++) {
			uint32_t b = cu_in[i];
			cskip[i] = umatch[b] || above[b];
			if (cinter[i] && umatch[b])
				into[ninto++] = (uint32_t)i;
		}
		g->ninto = ninto;
	}
}

static void ugraph_release(struct ugraph *g)
{
	free(g->unit);
	free(g->umatch);
	free(g->ostart);
	xfree_table(g->olist);
	free(g->istart);
	xfree_table(g->ilist);
	free(g->order);
	free(g->cstart);
	free(g->csize);
	free(g->ucomp);
	free(g->above);
	free(g->self);
	xfree_table(g->cv);
	xfree_table(g->cu_in);
	xfree_table(g->cu_out);
	free(g->cskip);
	free(g->cinter);
	xfree_table(g->into);
}

/* Sweeps of one static cycle before its values count as settled. */
#define SETTLE_SWEEPS 1000
#define SETTLE_TOL 1e-12
/* Rounds of the flows down from and up to the matches (focus_or_ignore). */
#define VIEW_ROUNDS 6

/*
 * A static cycle's terms, laid out once and read in every sweep after the
 * first: by member (start, in order), its calls' terms in the order of its
 * calls, each a value read through src times coef (src: ones, for a term
 * that does not change while the cycle is swept).  A sweep then reads a
 * few arrays in a row instead of going through every call of every member.
 */
struct pull {
	const double **src;	/* by term */
	double *coef;		/* by term and event */
	uint32_t *start;	/* by member: its first term */
	double *ones;		/* ne ones */
};

static void pull_init(struct pull *pl, const struct ugraph *g, size_t nterms)
{
	size_t e;

	pl->src = xmalloc((nterms + 1) * sizeof(*pl->src));
	pl->coef = xmalloc((nterms * g->ne + 1) * sizeof(*pl->coef));
	pl->start = xmalloc((g->n + 2) * sizeof(*pl->start));
	pl->ones = xmalloc((g->ne + 1) * sizeof(*pl->ones));
	for (e = 0; e < g->ne; e++)
		pl->ones[e] = 1;
}

static void pull_release(struct pull *pl)
{
	free(pl->src);
	free(pl->coef);
	free(pl->start);
	free(pl->ones);
}

/*
 * flow_down()'s terms of component k, once every member has been swept:
 * a call from a member that is not a match carries rho of its caller times
 * (cost - up), the product each sweep wrote into flow; any other call
 * carries what flow holds, which no sweep of this cycle changes.
 */
static void pull_down(struct pull *pl, const struct ugraph *g, size_t k, const double *up,
		      const double *rho, const double *flow)
{
	size_t ne = g->ne, m, j, e, t = 0, c0 = g->cstart[k];

	for (m = c0; m < g->cstart[k + 1]; m++) {
		size_t u = g->order[m];
		pl->start[m - c0] = (uint32_t)t;
		if (g->umatch[u])
			continue;
		for (j = g->istart[u]; j < g->istart[u + 1]; j++) {
			size_t ci = g->ilist[j], a = g->cu_out[ci];
			double *c = &pl->coef[t * ne];
			if (g->ucomp[a] == k && !g->cskip[ci] && !g->umatch[a]) {
				pl->src[t] = &rho[a * ne];
				for (e = 0; e < ne; e++)
					c[e] = g->cv[ci * ne + e] - up[ci * ne + e];
			} else {
				pl->src[t] = pl->ones;
				for (e = 0; e < ne; e++)
					c[e] = flow[ci * ne + e];
			}
			t++;
		}
	}
	pl->start[m - c0] = (uint32_t)t;
}

/*
 * A static cycle solved at once.  Sweeping one (Gauss-Seidel) takes an
 * error down by what the cycle passes back into itself: python3's
 * interpreter core, 644 outermost functions, passes 86% and took 150
 * sweeps to settle.  Its equations are linear where no member is held at
 * its cap, and their matrix is diagonally dominant by columns (what a
 * member passes on is at most what it can spend), so elimination without
 * pivoting is sound; in an order of fewest terms first, the fill stays
 * small.  Members over their cap are held at it and the cycle solved
 * again, a few times at most.  The sweeps that follow only confirm it (or
 * finish it, if the solve could not be made): the values are the sweeps'
 * own fixed point, reached in a few sweeps.  Cycles of at most SOLVE_MAX
 * members (solve.h).
 *
 * A held member (or one with nothing to spend) keeps its terms, at 0, and
 * elimination fills where a multiplier is 0 too, so the largest cycle's
 * system has one shape each way in every round and try: its first solve
 * writes a plan (struct splan) and the others are built into the plan's
 * values and done from it, the arithmetic alone (python3's --ignore: two
 * full solves and five from a plan, where seven were full).  The order
 * made for one way serves the other: their matrices are nearly each
 * other's transpose, whose fill an order keeps the same.
 */
#define SOLVE_TRIES 8

/*
 * Member i held at its cap or not (held, by member), from v: what the
 * solve gave it (not held), or what it would take with the others as
 * solved (held).  Returns whether that changed.
 */
static int hold(unsigned char *held, size_t i, double v, double cap)
{
	if (!held[i] && v > cap * (1 + SETTLE_TOL)) {
		held[i] = 1;
		return 1;
	}
	if (held[i] && v < cap * (1 - SETTLE_TOL)) {
		held[i] = 0;
		return 1;
	}
	return 0;
}

/*
 * A static cycle's system as solve_down() and solve_up() make it: the
 * cycle k (its n members from order[c0]), the event, each member's place
 * in it (lpos, by unit), and what each way reads (the other way's NULL).
 */
struct csys {
	struct solver *sv;
	const struct ugraph *g;
	size_t k, e, n, c0;
	const uint32_t *lpos;
	/* down: flow_down()'s terms, what each unit can spend, its part under a match */
	const struct pull *pl;
	const double *d, *rho;
	/* up: flow_up_run()'s terms (callee units, values, by member) and the rests */
	const size_t *tv;
	const double *tval;
	const uint32_t *tstart;
	const double *rest;
};

/*
 * Cycle c's system, way 0 (down) or 1 (up): each member's row built by
 * member(c, i, u, 0) and the system solved; member(c, i, u, 1) holds a
 * member the solve gave more than its cap, or lets go one that would now
 * take less (returning whether it changed), and while one does the
 * system is solved again, SOLVE_TRIES times at most.  -1 when a solve
 * could not be made.  Inline, so that each way's member() is too.
 */
static inline __attribute__((always_inline)) int solve_held(const struct csys *c, int way,
		int (*member)(const struct csys *c, size_t i, size_t u, int rehold))
{
	const uint32_t *order = c->g->order + c->c0;
	size_t tries, i;
	int changed = 1;

	for (tries = 0; tries < SOLVE_TRIES && changed; tries++) {
		solver_start(c->sv, c->n, c->k, way, !tries);
		do
			for (i = 0; i < c->n; i++)
				member(c, i, order[i], 0);
		while (solver_built(c->sv));
		if (solver_run(c->sv))
			return -1;
		for (i = 0, changed = 0; i < c->n; i++)
			changed |= member(c, i, order[i], 1);
	}
	return 0;
}

/* Down: member i (unit u) that is not a match spends d rho = its terms (pl), rho at most 1. */
static inline __attribute__((always_inline)) int down(const struct csys *c, size_t i, size_t u,
						    int rehold)
{
	struct solver *sv = c->sv;
	const struct ugraph *g = c->g;
	const struct pull *pl = c->pl;
	const double *d = c->d, *rho = c->rho;
	const uint32_t *lpos = c->lpos;
	unsigned char *held = g->held;
	size_t ne = g->ne, e = c->e, t;
	/* a member held, or with nothing to spend, keeps its terms at 0 (the shape) */
	int fixed = held[i] || !(d[u * ne + e] > 0);

	if (rehold) {
		double in = 0;
		if (g->umatch[u] || !(d[u * ne + e] > 0))
			return 0;
		if (!held[i])
			return hold(held, i, sv->x[i], 1);
		/* held: would it spend less than all of d now? */
		for (t = pl->start[i]; t < pl->start[i + 1]; t++)
			in += (pl->src[t] == pl->ones ? 1 : sv->x[lpos[(size_t)(pl->src[t] - rho) / ne]]) *
			      pl->coef[t * ne + e];
		return hold(held, i, in, d[u * ne + e]);
	}
	if (g->umatch[u]) {
		solver_add(sv, (uint32_t)i, (uint32_t)i, 1);
		sv->b[i] = 1;
		return 0;
	}
	solver_add(sv, (uint32_t)i, (uint32_t)i, fixed ? 1 : d[u * ne + e]);
	if (fixed)
		sv->b[i] = held[i] ? 1 : 0;
	for (t = pl->start[i]; t < pl->start[i + 1]; t++) {
		if (pl->src[t] == pl->ones) {
			if (!fixed)
				sv->b[i] += pl->coef[t * ne + e];
		} else {
			solver_add(sv, (uint32_t)i, lpos[(size_t)(pl->src[t] - rho) / ne],
				   fixed ? 0 : -pl->coef[t * ne + e]);
		}
	}
	return 0;
}

/*
 * flow_down()'s cycle k solved for event e into rho: each member that is
 * not a match spends d rho = its terms (pl), at most all of d (rho <= 1).
 */
static void solve_down(struct solver *sv, const struct ugraph *g, size_t k, size_t e,
		       const struct pull *pl, const double *d, double *rho, const uint32_t *lpos)
{
	size_t ne = g->ne, n = g->cstart[k + 1] - g->cstart[k], i, c0 = g->cstart[k];
	const struct csys c = { .sv = sv, .g = g, .k = k, .e = e, .n = n, .c0 = c0, .lpos = lpos,
				.pl = pl, .d = d, .rho = rho };
	unsigned char *held = g->held;

	/* held at the cap where the sweeps (or the last round) put it */
	for (i = 0; i < n; i++) {
		size_t u = g->order[c0 + i];
		held[i] = !g->umatch[u] && rho[u * ne + e] >= 0.99;
	}
	if (solve_held(&c, 0, down))
		return;	/* the sweeps go on from where they are */
	for (i = 0; i < n; i++) {
		size_t u = g->order[c0 + i];
		double x = sv->x[i];
		if (g->umatch[u])
			continue;
		rho[u * ne + e] = !(d[u * ne + e] > 0) ? 0 : x < 0 ? 0 : x > 1 ? 1 : x;
	}
}

/*
 * Up: member i (unit u) that is not a match leads to its terms (tv, tval
 * from tstart), a call to a member v carrying (what v leads to, at most
 * rest[v]) / rest[v] of its part.
 */
static inline __attribute__((always_inline)) int up(const struct csys *c, size_t i, size_t u,
						  int rehold)
{
	struct solver *sv = c->sv;
	const struct ugraph *g = c->g;
	const size_t *tv = c->tv;
	const double *tval = c->tval, *rest = c->rest;
	const uint32_t *tstart = c->tstart, *lpos = c->lpos;
	unsigned char *held = g->held;
	size_t ne = g->ne, e = c->e, t;

	if (rehold) {
		double r = rest[u * ne + e], l = 0;
		if (g->umatch[u])
			return 0;
		if (!held[i])
			return hold(held, i, sv->x[i], r);
		/* held: would it lead to less than rest now? */
		for (t = tstart[i]; t < tstart[i + 1]; t++) {
			size_t v = tv[t];
			double rv, lv;
			if (v == SIZE_MAX) {
				l += tval[t * ne + e];
				continue;
			}
			rv = rest[v * ne + e];
			lv = held[lpos[v]] ? rv : sv->x[lpos[v]];
			l += rv > 0 ? (lv < rv ? lv : rv) * tval[t * ne + e] / rv : 0;
		}
		return hold(held, i, l, r);
	}
	solver_add(sv, (uint32_t)i, (uint32_t)i, 1);
	if (g->umatch[u])
		return 0;	/* leads to nothing of its own: it is the match */
	for (t = tstart[i]; t < tstart[i + 1]; t++) {
		size_t v = tv[t];
		double r;
		if (v == SIZE_MAX) {
			sv->b[i] += tval[t * ne + e];
			continue;
		}
		r = rest[v * ne + e];
		/* a term that is 0, or moves to b, keeps its place (the shape) */
		if (r > 0 && held[lpos[v]])
			sv->b[i] += r * tval[t * ne + e] / r;
		solver_add(sv, (uint32_t)i, lpos[v],
			   r > 0 && !held[lpos[v]] ? -tval[t * ne + e] / r : 0);
	}
	return 0;
}

/*
 * flow_up_run()'s cycle k solved for event e into lead: each member that
 * is not a match leads to its terms (tv, tval from tstart), a call to a
 * member v carrying (what v leads to, at most rest[v]) / rest[v] of its
 * part.  Members that lead to more than rest are held at it.
 */
static void solve_up(struct solver *sv, const struct ugraph *g, size_t k, size_t e,
		     const size_t *tv, const double *tval, const uint32_t *tstart,
		     const double *rest, double *lead, const uint32_t *lpos)
{
	size_t ne = g->ne, n = g->cstart[k + 1] - g->cstart[k], i, c0 = g->cstart[k];
	const struct csys c = { .sv = sv, .g = g, .k = k, .e = e, .n = n, .c0 = c0, .lpos = lpos,
				.tv = tv, .tval = tval, .tstart = tstart, .rest = rest };
	unsigned char *held = g->held;

	/* held where the last run's solve held it */
	for (i = 0; i < n; i++)
		held[i] = g->upheld[g->order[c0 + i] * ne + e];
	if (solve_held(&c, 1, up))
		return;	/* the sweeps go on from where they are */
	for (i = 0; i < n; i++) {
		size_t u = g->order[c0 + i];
		double x = sv->x[i];
		g->upheld[u * ne + e] = held[i];
		if (g->umatch[u])
			continue;
		lead[u * ne + e] = x > 0 ? x : 0;
	}
}

/* A unit's rho from what its calls in bring (in), d what it can spend; returns how far it moved. */
static inline double rho_set(double *rho, const double *d, const double *in, size_t ne, double moved)
{
	size_t e;

	for (e = 0; e < ne; e++) {
		double r = d[e] > 0 ? in[e] / d[e] : 0;
		double dr;
		if (r > 1)
			r = 1;
		dr = r > rho[e] ? r - rho[e] : rho[e] - r;
		if (dr > moved)
			moved = dr;
		rho[e] = r;
	}
	return moved;
}

/* The flows of the calls unit u makes, from its rho. */
static void flows_out(const struct ugraph *g, size_t u, const double *up, const double *rho,
		      double *flow)
{
	size_t ne = g->ne, j, e, j1 = g->ostart[u + 1];
	const uint32_t *olist = g->olist;
	const unsigned char *cskip = g->cskip;
	const double *cv = g->cv, *r = &rho[u * ne];
	int whole = g->umatch[u];

	/* a match's calls are under it whole: nothing they lead to goes back up to it */
	if (ne == 1) {	/* the common case, without the loop over events */
		for (j = g->ostart[u]; j < j1; j++) {
			size_t ci = olist[j];
			if (!cskip[ci])
				flow[ci] = whole ? cv[ci] : r[0] * (cv[ci] - up[ci]);
		}
		return;
	}
	for (j = g->ostart[u]; j < j1; j++) {
		size_t ci = olist[j];
		if (cskip[ci])
			continue;
		for (e = 0; e < ne; e++)
			flow[ci * ne + e] = whole ? cv[ci * ne + e] : r[e] * (cv[ci * ne + e] - up[ci * ne + e]);
	}
}

/*
 * The part of each unit's activity spent under a match (rho, by unit and
 * event), and of each call (flow, by call and event), as the flow of the
 * matches' activity down the calls: a match passes all of each call it
 * makes; any other unit passes on what reaches it in proportion to its
 * own cost and the calls it makes to units that are not matches.  Under a
 * match nothing calls a match: an outermost one is never entered while it
 * runs, so a static path from below it back to it carries nothing (that
 * is what kept a match's own callers from being counted under it), and
 * leaving such calls out of the proportion keeps the flow whole: what a
 * match's calls carry down is spent exactly, in self costs further down.
 * A unit takes at most all of what it could spend (rho <= 1).
 */
static void flow_down(const struct ugraph *g, const double *up, double *rho, double *flow,
		      double *lost)
{
	size_t ne = g->ne, k, e, j;
	double *d = xcalloc(g->n * ne + 1, sizeof(*d)), *in = xcalloc(ne + 1, sizeof(*in));
	struct pull pl;
	uint32_t *lpos = xmalloc((g->n + 1) * sizeof(*lpos));	/* by unit: its place in its cycle */

	pull_init(&pl, g, g->istart[g->n]);
	/* what each unit can spend under a match: own cost and calls to non-matches */
	for (k = 0; k < g->nunits; k++) {
		size_t u = g->order[k];
		if (g->above[u])
			continue;	/* nothing of it can be under the match */
		for (e = 0; e < ne; e++) {
			/* summed in a local: d's stores could be cv's or up's, as the compiler sees it */
			double sum = g->self[u * ne + e];
			for (j = g->ostart[u]; j < g->ostart[u + 1]; j++) {
				size_t ci = g->olist[j];
				if (g->cskip[ci])
					continue;	/* into a match, or where nothing is under one */
				sum += g->cv[ci * ne + e] - up[ci * ne + e];
			}
			d[u * ne + e] = sum;
		}
	}
	for (k = g->ncomp; k-- > 0;) {
		size_t sweep, m, c0 = g->cstart[k];
		int single = g->cstart[k + 1] - c0 == 1;
		for (sweep = 0; sweep < SETTLE_SWEEPS; sweep++) {
			double moved = 0;
			if (sweep)
				for (m = c0; m < g->cstart[k + 1]; m++) {
					/* the same sums as the first sweep's, read from pl */
					size_t u = g->order[m], t;
					if (g->umatch[u])
						continue;
					if (ne == 1) {	/* the common case, without the loops over events */
						double sum = 0;
						for (t = pl.start[m - c0]; t < pl.start[m - c0 + 1]; t++)
							sum += *pl.src[t] * pl.coef[t];
						in[0] = sum;
					} else {
						memset(in, 0, ne * sizeof(*in));
						for (t = pl.start[m - c0]; t < pl.start[m - c0 + 1]; t++) {
							const double *sv = pl.src[t], *cf = &pl.coef[t * ne];
							for (e = 0; e < ne; e++)
								in[e] += sv[e] * cf[e];
						}
					}
					moved = rho_set(&rho[u * ne], &d[u * ne], in, ne, moved);
				}
			else
				for (m = c0; m < g->cstart[k + 1]; m++) {
					size_t u = g->order[m];
					if (g->umatch[u]) {
						for (e = 0; e < ne; e++)
							rho[u * ne + e] = 1;
					} else {
						for (e = 0; e < ne; e++) {
							double sum = 0;
							for (j = g->istart[u]; j < g->istart[u + 1]; j++)
								sum += flow[g->ilist[j] * ne + e];
							in[e] = sum;
						}
						moved = rho_set(&rho[u * ne], &d[u * ne], in, ne, moved);
					}
					flows_out(g, u, up, rho, flow);
				}
			if (single || (sweep && moved < SETTLE_TOL))
				break;
			if (!sweep) {
				size_t n = g->cstart[k + 1] - c0;
				pull_down(&pl, g, k, up, rho, flow);
				if (n > 2 && n <= g->sv->cap) {
					for (m = c0; m < g->cstart[k + 1]; m++)
						lpos[g->order[m]] = (uint32_t)(m - c0);
					for (e = 0; e < ne; e++)
						solve_down(g->sv, g, k, e, &pl, d, rho, lpos);
				}
			}
		}
		if (!single)
			for (m = c0; m < g->cstart[k + 1]; m++)
				flows_out(g, g->order[m], up, rho, flow);
	}
	pull_release(&pl);
	free(lpos);
	/* what reached units that could not spend it (lost, by event) */
	memset(lost, 0, ne * sizeof(*lost));
	for (k = 0; k < g->nunits; k++) {
		size_t u = g->order[k];
		if (g->umatch[u])
			continue;
		for (e = 0; e < ne; e++) {
			double sum = 0;
			for (j = g->istart[u]; j < g->istart[u + 1]; j++)
				sum += flow[g->ilist[j] * ne + e];
			in[e] = sum;
		}
		for (e = 0; e < ne; e++) {
			double spent = rho[u * ne + e] * d[u * ne + e], kin;
			if (!(in[e] > spent))
				continue;
			lost[e] += in[e] - spent;
			/*
			 * The calls into it carry what it spends, no more: a view
			 * whose calls into a function pass what runs under it
			 * would show it above the view's total.
			 */
			kin = in[e] > 0 ? spent / in[e] : 0;
			for (j = g->istart[u]; j < g->istart[u + 1]; j++)
				flow[g->ilist[j] * ne + e] *= kin;
		}
	}
	free(d);
	free(in);
}

/*
 * The calls into u carry its lead up: each the part of it in proportion
 * to what of the call is not under a match (nothing, from a match), and
 * at most that part.
 */
static void flow_up_carry(const struct ugraph *g, size_t u, const double *part,
			  const double *rest, const double *lead, double *up, unsigned char *live)
{
	size_t ne = g->ne, j, e;
	const double *l = &lead[u * ne];

	for (j = g->istart[u]; j < g->istart[u + 1]; j++) {
		size_t ci = g->ilist[j];
		for (e = 0; e < ne; e++) {
			double r = rest[u * ne + e];
			double carried = l[e] < r ? l[e] : r;
			up[ci * ne + e] = r > 0 ? carried * part[ci * ne + e] / r : 0;
			if (up[ci * ne + e] != 0)
				live[g->cu_out[ci]] = 1;
		}
	}
}

/*
 * The part of each call that leads down to a match (up, by call and
 * event), as the flow of the calls into matches up the callers: a unit
 * passes what its calls lead down to up to its callers, in proportion to
 * the part of each call into it not already under a match, and at most
 * that part.  The callers of an outermost match lose exactly what their
 * calls to it cost, and so on up while a function has one caller.
 *
 * One run carries the calls into matches made by the callers in seed
 * (NULL: all but those in trouble[]); a run for a barrier unit carries
 * only that unit's calls into matches, and what its calls to other
 * units lead down to is none of it: an outermost function is never
 * entered again, so what went up through it cannot come back to it along
 * a static cycle.  up_run is filled with the run's part.
 */
static void flow_up_run(const struct ugraph *g, const double *part, const double *rest,
			const unsigned char *trouble, size_t barrier, double *lead, double *up)
{
	size_t ne = g->ne, k, e, j, i;
	/* by term: the callee's unit (its lead and rest), SIZE_MAX for one read from up */
	size_t *tv = view_big(g->ostart[g->n] + 1, sizeof(*tv));
	uint32_t *tstart = xmalloc((g->n + 2) * sizeof(*tstart));
	double *tval = view_big(g->ostart[g->n] * ne + 1, sizeof(*tval));
	uint32_t *lpos = xmalloc((g->n + 1) * sizeof(*lpos));	/* by unit: its place in its cycle */
	/* by unit: a call it makes leads to a match (up not 0) */
	unsigned char *live = xcalloc(g->n + 1, 1);

	memset(up, 0, (g->nc * ne + 1) * sizeof(*up));
	memset(lead, 0, (g->n * ne + 1) * sizeof(*lead));
	/* a call into a match leads to it whole (nothing under a match calls one) */
	for (i = 0; i < g->ninto; i++) {
		size_t a = g->cu_out[j = g->into[i]];
		if (barrier != SIZE_MAX ? a != barrier : trouble[a])
			continue;
		for (e = 0; e < ne; e++)
			up[j * ne + e] = g->cv[j * ne + e];
		live[a] = 1;
	}
	for (k = 0; k < g->ncomp; k++) {
		size_t sweep, m, t = 0, c0 = g->cstart[k];
		int single = g->cstart[k + 1] - c0 == 1, any = 0;
		/*
		 * A component none of whose calls leads to a match leads to
		 * nothing: its leads and the ups of the calls into it stay 0.
		 */
		for (m = c0; m < g->cstart[k + 1] && !any; m++)
			any = live[g->order[m]];
		if (!any)
			continue;
		/*
		 * The terms of each member's lead, in the order of its calls: a
		 * call to another member that is not a match carries what the
		 * callee's lead gives it (the value each sweep wrote into up),
		 * any other what up holds, which no sweep of this cycle changes.
		 */
		for (m = c0; m < g->cstart[k + 1]; m++) {
			size_t u = g->order[m];
			tstart[m - c0] = (uint32_t)t;
			if (g->umatch[u])
				continue;
			for (j = g->ostart[u]; j < g->ostart[u + 1]; j++) {
				size_t ci = g->olist[j], v = g->cu_in[ci];
				if (u == barrier && !g->umatch[v])
					continue;
				if (g->ucomp[v] == k && !g->umatch[v]) {
					tv[t] = v;
					for (e = 0; e < ne; e++)
						tval[t * ne + e] = part[ci * ne + e];
				} else {
					tv[t] = SIZE_MAX;
					for (e = 0; e < ne; e++)
						tval[t * ne + e] = up[ci * ne + e];
				}
				t++;
			}
		}
		tstart[m - c0] = (uint32_t)t;
		if (!single && m - c0 > 2 && m - c0 <= g->sv->cap) {
			for (m = c0; m < g->cstart[k + 1]; m++)
				lpos[g->order[m]] = (uint32_t)(m - c0);
			for (e = 0; e < ne; e++)
				solve_up(g->sv, g, k, e, tv, tval, tstart, rest, lead, lpos);
		}
		for (sweep = 0; sweep < SETTLE_SWEEPS; sweep++) {
			double moved = 0;
			for (m = c0; m < g->cstart[k + 1]; m++) {
				size_t u = g->order[m];
				double *l = &lead[u * ne];
				if (g->umatch[u])
					continue;
				for (e = 0; e < ne; e++) {
					double before = l[e], dl;
					l[e] = 0;
					for (t = tstart[m - c0]; t < tstart[m - c0 + 1]; t++) {
						size_t v = tv[t];
						if (v == SIZE_MAX) {
							l[e] += tval[t * ne + e];
						} else {
							/* the up flow_up_carry() gives the call */
							double r = rest[v * ne + e], lv = lead[v * ne + e];
							double carried = lv < r ? lv : r;
							l[e] += r > 0 ? carried * tval[t * ne + e] / r : 0;
						}
					}
					dl = l[e] > before ? l[e] - before : before - l[e];
					if (before > 0 || l[e] > 0)
						dl /= (l[e] > before ? l[e] : before);
					if (dl > moved)
						moved = dl;
				}
			}
			if (single || moved < SETTLE_TOL)
				break;
		}
		/* the calls into each member carry it up */
		for (m = c0; m < g->cstart[k + 1]; m++)
			if (!g->umatch[g->order[m]])
				flow_up_carry(g, g->order[m], part, rest, lead, up, live);
	}
	free(live);
	xfree_table(tv);
	free(tstart);
	xfree_table(tval);
	free(lpos);
}

/* More outermost callers of matches in static cycles than this share one run. */
#define UP_BARRIERS 16

static void flow_up(const struct ugraph *g, const double *flow, double *up, double *uproot)
{
	const struct profile *p = g->p;
	size_t ne = g->ne, e, i, j, nb = 0;
	double *lead = view_big(g->n * ne + 1, sizeof(*lead));
	double *rest = view_bigz(g->n * ne + 1, sizeof(*rest));	/* by unit: calls in, not under a match */
	double *run = view_big(g->nc * ne + 1, sizeof(*run));
	/*
	 * By call between units and event, worked out once: the part of the
	 * call not under a match: none from a match, nor from a unit that
	 * runs under one whole (rho 1: an outermost match is not entered
	 * while it runs, so nothing it calls leads back to one), else its
	 * cost less its flow down.
	 */
	double *part = view_big(g->nc * ne + 1, sizeof(*part));
	unsigned char *trouble = xcalloc(g->n + 1, 1);
	size_t barrier[UP_BARRIERS];

	{
		/* its caller's tests once for each call (ne is mostly 1) */
		const uint32_t *cu_in = g->cu_in, *cu_out = g->cu_out;
		const unsigned char *cinter = g->cinter, *umatch = g->umatch;
		const double *cv = g->cv, *rho = g->rho;
		for (j = 0; j < g->nc; j++) {
			size_t a = cu_out[j], b = cu_in[j];
			if (!cinter[j])
				continue;	/* inside a unit */
			if (ne == 1) {	/* the common case, without the loop over events */
				double pj = umatch[a] || rho[a] >= 1 ? 0 : cv[j] - flow[j];
				part[j] = pj;
				if (!umatch[a])
					rest[b] += pj;
				continue;
			}
			for (e = 0; e < ne; e++) {
				/* none under a match whole: from a match, or a unit all under one */
				double pj = umatch[a] || rho[a * ne + e] >= 1 ? 0
					    : cv[j * ne + e] - flow[j * ne + e];
				part[j * ne + e] = pj;
				if (!umatch[a])
					rest[b * ne + e] += pj;
			}
		}
	}
	/* the stacks a function starts in other threads take their part too */
	for (j = 0; j < g->n && p->root_cost; j++)
		if (p->root_cost[j])
			for (e = 0; e < ne; e++)
				rest[g->unit[j] * ne + e] += (double)p->root_cost[j]->v[e];
	/* outermost callers of matches on a static cycle get runs of their own */
	for (i = 0; i < g->ninto && nb < UP_BARRIERS; i++) {
		size_t a = g->cu_out[g->into[i]];
		if (trouble[a] || g->umatch[a] || g->csize[a] < 2 ||
		    !p->calls[g->into[i]]->k.caller->outer)
			continue;
		trouble[a] = 1;
		barrier[nb++] = a;
	}
	flow_up_run(g, part, rest, trouble, SIZE_MAX, lead, up);
	for (j = 0; j < nb; j++) {
		flow_up_run(g, part, rest, trouble, barrier[j], lead, run);
		for (i = 0; i < g->nc * ne; i++)
			up[i] += run[i];
	}
	/* the runs together carry no more of a call than is not under a match */
	for (j = 0; j < g->nc && nb; j++) {
		if (!g->cinter[j] || g->umatch[g->cu_in[j]])
			continue;
		for (e = 0; e < ne; e++) {
			double pj = part[j * ne + e];
			if (up[j * ne + e] > pj)
				up[j * ne + e] = pj > 0 ? pj : 0;
		}
	}
	/* the part of the thread stacks a function starts that leads to a match */
	for (j = 0; j < g->n && p->root_cost && uproot; j++) {
		size_t u = g->unit[j], k;
		if (!p->root_cost[j] || g->umatch[u])
			continue;
		for (e = 0; e < ne; e++) {
			double l = 0, r = rest[u * ne + e];
			for (k = g->ostart[u]; k < g->ostart[u + 1]; k++)
				l += up[g->olist[k] * ne + e];
			if (l > r)
				l = r;
			uproot[j * ne + e] = r > 0 ? l * (double)p->root_cost[j]->v[e] / r : 0;
		}
	}
	xfree_table(lead);
	xfree_table(rest);
	xfree_table(run);
	xfree_table(part);
	free(trouble);
}

/*
 * What the flow down could not place (a unit reached by more than it can
 * spend: the gprof rule splitting a function's calls evenly over its
 * activations, where some of them lead to the match and others run under
 * it) is given to the units under a match in proportion to what they
 * could still take, so the matches' cost is spent exactly and none is
 * above its own.
 */
static void settle_lost(const struct ugraph *g, double *rho, const double *lost)
{
	size_t ne = g->ne, k, e;

	for (e = 0; e < ne; e++) {
		double room = 0, s;
		if (!(lost[e] > 0))
			continue;
		for (k = 0; k < g->nunits; k++) {
			size_t u = g->order[k];
			if (!g->umatch[u] && rho[u * ne + e] > 0)
				room += (1 - rho[u * ne + e]) * g->self[u * ne + e];
		}
		if (!(room > 0))
			continue;
		s = lost[e] / room;
		if (s > 1)
			s = 1;
		for (k = 0; k < g->nunits; k++) {
			size_t u = g->order[k];
			if (!g->umatch[u] && rho[u * ne + e] > 0)
				rho[u * ne + e] += s * (1 - rho[u * ne + e]);
		}
	}
}

int view_focus_or_ignore(struct profile *dst, const struct profile *src,
			 const unsigned char *match, int focus)
{
	size_t ne = src->ev.n;
	struct ugraph g;
	double *rho, *flow, *up, *lost = xcalloc(ne + 1, sizeof(double));
	double *uproot = view_bigz(src->nfns * ne + 1, sizeof(double));
	int rc, round;

	ugraph_init(&g, src, match);
	{
		size_t k, cap = 0;
		for (k = 0; k < g.ncomp; k++) {
			size_t n = g.cstart[k + 1] - g.cstart[k];
			if (n > 2 && n <= SOLVE_MAX && n > cap)
				cap = n;
		}
		g.sv = xmalloc(sizeof(*g.sv));
		solver_init(g.sv, cap);
		g.held = xcalloc(cap + 1, 1);
		g.upheld = xcalloc(g.n * ne + 1, 1);
	}
	rho = view_bigz(src->nfns * ne + 1, sizeof(*rho));
	g.rho = rho;
	flow = view_bigz(src->ncalls * ne + 1, sizeof(*flow));
	up = view_big(src->ncalls * ne + 1, sizeof(*up));	/* flow_up_run() zeroes it */
	/*
	 * The two flows bound each other: under an outermost match nothing
	 * leads back down to it, so the part of a call that leads to a match
	 * is never under one.  Rounds of both settle them; where a static
	 * cycle runs through a match they settle slowly, and what is still
	 * lost after the last round is given back (settle_lost()).
	 */
	for (round = 0; round < VIEW_ROUNDS; round++) {
		size_t e;
		double worst = 0;
		flow_up(&g, flow, up, NULL);
		flow_down(&g, up, rho, flow, lost);
		for (e = 0; e < ne; e++)
			if (lost[e] > worst)
				worst = lost[e];
		if (worst < 0.5)
			break;
	}
	if (!focus)	/* what leads to a match, for what ignore keeps of a call */
		flow_up(&g, flow, up, uproot);
	settle_lost(&g, rho, lost);
	rc = view_copy(dst, src, &g, match, rho, flow, up, uproot, focus);
	xfree_table(rho);
	xfree_table(flow);
	xfree_table(up);
	free(lost);
	xfree_table(uproot);
	solver_release(g.sv);
	free(g.sv);
	free(g.held);
	free(g.upheld);
	ugraph_release(&g);
	return rc;
}
