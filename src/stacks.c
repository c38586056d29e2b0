/* stacks: call stacks rebuilt from Callgrind's call graph, for folded stacks and flame graphs. */
#include "stacks.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diag.h"
#include "graph.h"
#include "hash.h"
#include "sort.h"

/* More stacks than this: start again with a coarser grain (see stacks_build). */
#define MAX_NODES (1u << 21)
/* Stacks for each function and call of the profile, before the grain grows. */
#define STACKS_PER_ITEM 16

enum weight_mode { W_COST, W_COUNT, W_ONE };

struct build {
	const struct profile *p;
	size_t ev;
	struct stacks *s;
	uint32_t *unit;		/* by fn id: the group's first member's id */
	uint32_t *mstart, *mlist;	/* members of group u: mlist[mstart[u] .. mstart[u + 1]) */
	double *win;		/* by group: the weight of the calls into it from outside */
	double *rootw;		/* by fn id: the weight of the thread stacks it starts (roots.h) */
	double *flow;		/* by group: self costs plus calls leaving it */
	unsigned char *mode;	/* by group: enum weight_mode */
	uint32_t *seen;		/* by fn id: epoch of the last breadth-first walk */
	uint32_t epoch;
	uint32_t *first;	/* by fn id: its last node, or STACKS_NONE */
	uint32_t *same;		/* by node: the node of the same function before it */
	size_t capsame;
	double dust;
	int full;		/* the budget reached */
	/* calls by index (ctab: open addressing on the pointer, to index + 1) */
	size_t *ctab, ccap;
	double *elig;		/* by call: shares of the caller's stacks where it could be made */
	struct bfs **bfs;	/* by fn id: its group's walk from it, once made */
	uint32_t *order, *bfsnode;	/* scratch, nfns each */
	double *ediv;		/* the same from the pass before (1 at first) */
	/* the stacks still to follow inside a static cycle (component()) */
	uint32_t *work;
	size_t nwork, capwork;
	/* components of groups, callers first (unit_order()) */
	uint32_t *uorder, *ucstart, *ucomp;
	size_t nucomp;
	size_t budget;		/* stacks at most (new_node()) */
	/*
	 * By node: the part of its share that runs on that very stack; the
	 * rest (a stack below the grain not made, its part given to the
	 * caller's other stacks) ran under other callers.  A new node takes
	 * its parent's, times tfac when its parent is tpar (spread_call()).
	 */
	float *truth;
	uint32_t tpar;
	double tfac;
	uint32_t *queue;
	int uncut;		/* no cut: the fit is finished (fit_newton()) */
};

static double weight(const struct build *b, const struct call *c)
{
	switch (b->mode[b->unit[c->k.callee->id]]) {
	case W_COST:
		return (double)c->cc->v[b->ev];
	case W_COUNT:
		return (double)c->count;
	default:
		return 1;
	}
}

static size_t call_slot(const struct build *b, const struct call *c)
{
	size_t h = (size_t)hash_words((uint64_t)(uintptr_t)c, 0, 5) & (b->ccap - 1);
	while (b->ctab[h] && b->p->calls[b->ctab[h] - 1] != c)
		h = (h + 1) & (b->ccap - 1);
	return h;
}

static size_t call_index(const struct build *b, const struct call *c)
{
	return b->ctab[call_slot(b, c)] - 1;
}

/* A call the stacks follow: not recursive, into another group. */
static int entering(const struct build *b, const struct call *c)
{
	return !c->recursive && b->unit[c->k.caller->id] != b->unit[c->k.callee->id];
}

static uint32_t new_node(struct build *b, const struct fn *f, uint32_t parent, double share)
{
	struct stacks *s = b->s;
	struct snode *n;

	if (s->n >= b->budget) {
		b->full = 1;
		return STACKS_NONE;
	}
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 1024;
		s->node = xrealloc(s->node, s->cap * sizeof(*s->node));
	}
	n = &s->node[s->n];
	memset(n, 0, sizeof(*n));
	n->fn = f;
	n->parent = parent;
	n->child = STACKS_NONE;
	n->next = STACKS_NONE;
	n->share = share;
	if (parent != STACKS_NONE) {
		n->next = s->node[parent].child;
		s->node[parent].child = (uint32_t)s->n;
	}
	if (s->n >= b->capsame) {
		b->capsame = s->cap;
		b->same = xrealloc(b->same, b->capsame * sizeof(*b->same));
		b->truth = xrealloc(b->truth, b->capsame * sizeof(*b->truth));
	}
	b->truth[s->n] = parent == STACKS_NONE ? 1.0f
		: parent == b->tpar ? (float)(b->truth[parent] * b->tfac) : b->truth[parent];
	b->same[s->n] = b->first[f->id];
	b->first[f->id] = (uint32_t)s->n;
	return (uint32_t)s->n++;
}

/* Groups, their weights and flows. */
static void groups(struct build *b)
{
	const struct profile *p = b->p;
	size_t n = p->nfns, i;
	uint32_t *cnt;
	double *wcount, *wone;

	graph_units(p, b->unit);
	cnt = xcalloc(n + 1, sizeof(*cnt));
	for (i = 0; i < n; i++)
		cnt[b->unit[i]]++;
	b->mstart[0] = 0;
	for (i = 0; i < n; i++)
		b->mstart[i + 1] = b->mstart[i] + cnt[i];
	memset(cnt, 0, (n + 1) * sizeof(*cnt));
	/* members in id order, which is the profile's order */
	for (i = 0; i < n; i++) {
		uint32_t u = b->unit[i];
		b->mlist[b->mstart[u] + cnt[u]++] = (uint32_t)i;
	}
	free(cnt);

	wcount = xcalloc(n + 1, sizeof(*wcount));
	wone = xcalloc(n + 1, sizeof(*wone));
	for (i = 0; i < n; i++)
		b->flow[b->unit[i]] += (double)p->fns[i]->self->v[b->ev];
	for (i = 0; i < p->ncalls; i++) {
		const struct call *c = p->calls[i];
		uint32_t u = b->unit[c->k.callee->id];
		if (!entering(b, c))
			continue;
		b->win[u] += (double)c->cc->v[b->ev];
		wcount[u] += (double)c->count;
		wone[u] += 1;
		b->flow[b->unit[c->k.caller->id]] += (double)c->cc->v[b->ev];
	}
	/* the stacks a function starts in other threads weigh as a call into it */
	for (i = 0; i < n && p->root_cost; i++) {
		if (!p->root_cost[i])
			continue;
		b->rootw[i] = (double)p->root_cost[i]->v[b->ev];
		b->win[b->unit[i]] += b->rootw[i];
	}
	/* calls that cost nothing (calls=0 of pprof, hand-made files): split by count */
	for (i = 0; i < n; i++) {
		if (b->win[i] > 0 || !wone[i])
			continue;
		b->mode[i] = wcount[i] > 0 ? W_COUNT : W_ONE;
		b->win[i] = wcount[i] > 0 ? wcount[i] : wone[i];
	}
	free(wcount);
	free(wone);
}

/*
 * The breadth-first walk of m's group from m along recursive calls, made
 * once per m: the members in order, the index of each one's parent in it,
 * and what each is worth with what it reaches (own cost, calls leaving
 * the group), for the grain.
 */
struct bfs {
	uint32_t n;
	const struct fn **fn;
	uint32_t *parent;
	double *sub;
};

static const struct bfs *bfs_of(struct build *b, const struct fn *m)
{
	const struct profile *p = b->p;
	uint32_t u = b->unit[m->id], head = 0, tail = 0, k;
	struct bfs *w;

	if (b->bfs[m->id])
		return b->bfs[m->id];
	w = xcalloc(1, sizeof(*w));
	b->epoch++;
	b->seen[m->id] = b->epoch;
	b->queue[tail++] = m->id;
	while (head < tail) {
		const struct call *c;
		for (c = fn_out(p, p->fns[b->queue[head]]); c; c = c->next_out) {
			const struct fn *y = c->k.callee;
			if (!c->recursive || b->unit[y->id] != u || b->seen[y->id] == b->epoch)
				continue;
			b->seen[y->id] = b->epoch;
			b->order[tail] = head;
			b->queue[tail++] = y->id;
		}
		head++;
	}
	w->n = tail;
	w->fn = xmalloc(tail * sizeof(*w->fn));
	w->parent = xmalloc(tail * sizeof(*w->parent));
	w->sub = xcalloc(tail, sizeof(*w->sub));
	for (k = 0; k < tail; k++) {
		const struct call *c;
		w->fn[k] = p->fns[b->queue[k]];
		w->parent[k] = k ? b->order[k] : STACKS_NONE;
		w->sub[k] = (double)w->fn[k]->self->v[b->ev];
		for (c = fn_out(p, w->fn[k]); c; c = c->next_out)
			if (entering(b, c))
				w->sub[k] += (double)c->cc->v[b->ev];
	}
	for (k = tail; k-- > 1;)
		w->sub[w->parent[k]] += w->sub[k];
	b->bfs[m->id] = w;
	return w;
}

static void work_push(struct build *b, uint32_t node)
{
	if (b->nwork == b->capwork) {
		b->capwork = b->capwork ? 2 * b->capwork : 256;
		b->work = xrealloc(b->work, b->capwork * sizeof(*b->work));
	}
	b->work[b->nwork++] = node;
}

/*
 * Enter group u at its member m under parent with share: m's node, and
 * the other members reached from m along recursive calls (breadth first;
 * not those worth less than the grain with all they reach), each pushed
 * on the work list when work is set.
 */
static void enter(struct build *b, const struct fn *m, uint32_t parent, double share, int work)
{
	uint32_t k;
	const struct bfs *w = bfs_of(b, m);
	uint32_t *node = b->bfsnode;

	for (k = 0; k < w->n; k++) {
		uint32_t par = k ? node[w->parent[k]] : parent;
		node[k] = STACKS_NONE;
		if (k && (par == STACKS_NONE || share * w->sub[k] < b->dust))
			continue;
		node[k] = new_node(b, w->fn[k], par, share);
		if (node[k] == STACKS_NONE)
			return;
		if (work)
			work_push(b, node[k]);
	}
}

/* Is group u one outermost function (never entered while it runs)? */
static int outermost(const struct build *b, uint32_t u)
{
	const struct fn *f = b->p->fns[b->mlist[b->mstart[u]]];
	return b->mstart[u + 1] - b->mstart[u] == 1 && f->outer && !f->may_nest;
}

/* Is group u on the stack of node x, looking up while the groups are of x's component? */
static int on_path(const struct build *b, uint32_t x, uint32_t u)
{
	uint32_t comp = b->ucomp[b->unit[b->s->node[x].fn->id]];

	for (; x != STACKS_NONE; x = b->s->node[x].parent) {
		uint32_t v = b->unit[b->s->node[x].fn->id];
		if (v == u)
			return 1;
		if (b->ucomp[v] != comp)
			return 0;	/* a path never comes back to a component it left */
	}
	return 0;
}

/*
 * The components of the groups along the calls the stacks follow
 * (graph_scc()); uorder lists the groups, components in topological
 * order (callers first), ucstart their bounds.
 */
static void unit_order(struct build *b)
{
	const struct profile *p = b->p;
	size_t n = p->nfns, ncomp, nord = 0, k, u, j, na = 0;
	uint32_t *start = xmalloc((n + 2) * sizeof(*start));
	uint32_t *adj = xmalloc((p->ncalls + 1) * sizeof(*adj));
	struct graph_scc s;

	/* by group: the groups its members' calls enter, member by member */
	for (u = 0; u < n; u++) {
		start[u] = (uint32_t)na;
		for (j = b->mstart[u]; j < b->mstart[u + 1]; j++) {
			const struct call *c;
			for (c = fn_out(p, p->fns[b->mlist[j]]); c; c = c->next_out)
				if (entering(b, c))
					adj[na++] = b->unit[c->k.callee->id];
		}
	}
	start[n] = (uint32_t)na;
	graph_scc(&s, n, start, adj, NULL, b->unit);
	ncomp = s.ncomp;
	/* Tarjan gives sinks first: reverse the components */
	b->uorder = xmalloc((s.n + 1) * sizeof(*b->uorder));
	b->ucstart = xmalloc((ncomp + 2) * sizeof(*b->ucstart));
	b->ucomp = xcalloc(n + 1, sizeof(*b->ucomp));
	b->nucomp = ncomp;
	for (k = ncomp; k-- > 0;) {
		b->ucstart[ncomp - 1 - k] = (uint32_t)nord;
		for (j = s.cstart[k]; j < s.cstart[k + 1]; j++) {
			b->ucomp[s.order[j]] = (uint32_t)(ncomp - 1 - k);
			b->uorder[nord++] = s.order[j];
		}
	}
	b->ucstart[ncomp] = (uint32_t)nord;
	graph_scc_release(&s);
	free(start);
	free(adj);
}

/*
 * A call c into another component, from all the stacks of its caller:
 * its part of the callee's activity (weight / win) shared over them in
 * proportion to their shares, exactly: the stacks worth less than the
 * grain are not made and their part goes to the others (at least the
 * largest is made), so every function's stacks carry all its activity.
 */
static void spread_call(struct build *b, const struct call *c)
{
	struct stacks *s = b->s;
	const struct fn *m = c->k.caller, *y = c->k.callee;
	uint32_t v = b->unit[y->id], x, best = STACKS_NONE;
	double sum = 0, kept = 0, part, bestsh = -1;

	if (!(b->win[v] > 0))
		return;
	part = weight(b, c) / b->win[v];
	for (x = b->first[m->id]; x != STACKS_NONE; x = b->same[x]) {
		sum += s->node[x].share;
		if (s->node[x].share > bestsh) {
			bestsh = s->node[x].share;
			best = x;
		}
	}
	if (best == STACKS_NONE)
		return;
	if (!(sum > 0) || !(part > 0)) {
		/*
		 * A call that costs nothing (a view's call rounded to nothing),
		 * or callers whose stacks are worth nothing: the callee still
		 * gets a stack under its caller rather than one of its own.
		 */
		if (b->first[y->id] == STACKS_NONE)
			enter(b, y, best, part > 0 ? part : 0, 0);
		return;
	}
	for (x = b->first[m->id]; x != STACKS_NONE; x = b->same[x])
		if (s->node[x].share / sum * part * b->flow[v] >= b->dust)
			kept += s->node[x].share;
	if (!(kept > 0))
		kept = bestsh;
	/* a kept stack gets sh / kept of the part where sh / sum ran under it */
	b->tfac = kept / sum;
	for (x = b->first[m->id]; x != STACKS_NONE && !b->full;) {
		uint32_t next = b->same[x];
		double sh = s->node[x].share;
		/* (new nodes go in front of first[]: next was read before) */
		b->tpar = x;
		if (sh / sum * part * b->flow[v] >= b->dust || (kept == bestsh && x == best))
			enter(b, y, x, sh / kept * part, 0);
		x = next;
	}
	b->tpar = STACKS_NONE;
}

/*
 * Take back the nodes from mark on (a static cycle's pass before),
 * relinking the rest: only the stacks entering the cycle (work[0 ..
 * nentry)) were given children since.
 */
static void truncate_nodes(struct build *b, uint32_t mark, size_t nentry,
			   const uint32_t *comp_units, size_t nu)
{
	struct stacks *s = b->s;
	size_t i, k;

	for (i = 0; i < nentry; i++) {
		uint32_t *cp = &s->node[b->work[i]].child;
		while (*cp != STACKS_NONE && *cp >= mark)
			*cp = s->node[*cp].next;
	}
	for (i = 0; i < nu; i++) {
		uint32_t u = comp_units[i];
		for (k = b->mstart[u]; k < b->mstart[u + 1]; k++) {
			uint32_t f = b->mlist[k];
			while (b->first[f] != STACKS_NONE && b->first[f] >= mark)
				b->first[f] = b->same[b->first[f]];
		}
	}
	s->n = mark;
}

/*
 * A function with a cost of its own but no stack (a member of a group
 * its entries do not reach, or below the grain): under the stack of
 * largest share of one of its callers, else on its own, so that every
 * self cost is on some stack.
 */
static int has_caller_stack(const struct build *b, const struct fn *f)
{
	const struct call *c;

	for (c = fn_in(b->p, f); c; c = c->next_in)
		if (b->first[c->k.caller->id] != STACKS_NONE)
			return 1;
	return 0;
}

static void place_under_caller(struct build *b, const struct fn *f, int group)
{
	const struct profile *p = b->p;
	const struct call *c;
	uint32_t best = STACKS_NONE, x;
	double bestw = -1;

	for (c = fn_in(p, f); c; c = c->next_in)
		for (x = b->first[c->k.caller->id]; x != STACKS_NONE; x = b->same[x])
			if (b->s->node[x].share > bestw) {
				bestw = b->s->node[x].share;
				best = x;
			}
	if (group)
		enter(b, f, best, best == STACKS_NONE ? 1 : bestw, 0);
	else
		new_node(b, f, best, best == STACKS_NONE ? 1 : bestw);
}

/* Callers without a stack are placed first, up to this many levels up. */
#define PLACE_DEPTH 64

static void place_fn(struct build *b, const struct fn *f, unsigned depth)
{
	const struct call *c;

	if (depth < PLACE_DEPTH && !has_caller_stack(b, f)) {
		/* a caller below the grain, or that costs nothing (a view's), first */
		for (c = fn_in(b->p, f); c; c = c->next_in)
			if (c->k.caller != f && b->first[c->k.caller->id] == STACKS_NONE) {
				place_fn(b, c->k.caller, depth + 1);
				break;
			}
	}
	if (b->first[f->id] == STACKS_NONE && !b->full)
		place_under_caller(b, f, 0);
}

/* Give a stack to a caller of f that has none (and so on up), if it has callers. */
static void place_callers(struct build *b, const struct fn *f)
{
	const struct call *c;

	for (c = fn_in(b->p, f); c; c = c->next_in)
		if (c->k.caller != f && b->first[c->k.caller->id] == STACKS_NONE &&
		    fn_in(b->p, c->k.caller)) {
			place_fn(b, c->k.caller, 1);
			return;
		}
}

static void place_rest(struct build *b)
{
	const struct profile *p = b->p;
	size_t i;

	for (i = 0; i < p->nfns && !b->full; i++)
		if (b->first[i] == STACKS_NONE && p->fns[i]->self->v[b->ev])
			place_fn(b, p->fns[i], 0);
}

/*
 * Passes over a static cycle before its shares count as settled, for a
 * cycle of at most CYCLE_SMALL groups.  On larger ones (an interpreter's
 * core) the divisors swing from pass to pass instead of settling, and one
 * pass, fitted afterwards (fit()), comes closer to the exact costs.
 */
#define CYCLE_PASSES 8
#define CYCLE_SMALL 16

/*
 * One component of groups, all of whose callers have their stacks: roots
 * first (groups nobody calls; functions that start threads' stacks), then
 * for a static cycle the stacks inside it, then the calls leaving it.
 * Inside a cycle a call is made only where its callee is not on the
 * stack already (an outermost function is never entered again), and its
 * part is shared over those stacks; which they are depends on the shares
 * themselves, so the cycle's stacks are made again with each call's
 * divisor from the pass before until it settles.
 */
static void component(struct build *b, size_t k, const uint32_t *firstm)
{
	const struct profile *p = b->p;
	const uint32_t *units = &b->uorder[b->ucstart[k]];
	size_t nu = b->ucstart[k + 1] - b->ucstart[k], i, j, pass;
	int cycle = nu > 1;

	for (i = 0; i < nu && !b->full; i++) {
		uint32_t u = units[i];
		for (j = b->mstart[u]; j < b->mstart[u + 1]; j++) {
			uint32_t f = b->mlist[j];
			if (b->rootw[f] > 0 && b->win[u] > 0)
				enter(b, p->fns[f], STACKS_NONE, b->rootw[f] / b->win[u], cycle);
		}
		if (!(b->win[u] > 0) && b->flow[u] > 0)
			enter(b, p->fns[firstm[u]], STACKS_NONE, 1, cycle);
	}
	if (cycle && !b->full) {
		uint32_t mark;
		size_t nentry;
		/* the stacks entering it: made by earlier components, and the roots above */
		b->nwork = 0;
		for (i = 0; i < nu; i++)
			for (j = b->mstart[units[i]]; j < b->mstart[units[i] + 1]; j++) {
				uint32_t x;
				for (x = b->first[b->mlist[j]]; x != STACKS_NONE; x = b->same[x])
					work_push(b, x);
			}
		if (!b->nwork) {
			/* a cycle no stack enters: under a caller's, else on its own */
			place_under_caller(b, p->fns[firstm[units[0]]], 1);
			for (i = 0; i < nu; i++)
				for (j = b->mstart[units[i]]; j < b->mstart[units[i] + 1]; j++) {
					uint32_t x;
					for (x = b->first[b->mlist[j]]; x != STACKS_NONE; x = b->same[x])
						work_push(b, x);
				}
		}
		/*
		 * Each pass makes the stacks from here again: the entries, and
		 * the stacks made above for a cycle no stack entered, stay (a
		 * pass that took those back left the entries pointing at nodes
		 * made again, whose parents then ran round in a loop).
		 */
		mark = (uint32_t)b->s->n;
		nentry = b->nwork;
		for (pass = 0; pass < (nu <= CYCLE_SMALL ? CYCLE_PASSES : 1) && !b->full; pass++) {
			size_t w;
			double moved = 0;
			if (pass)
				truncate_nodes(b, mark, nentry, units, nu);
			b->nwork = nentry;
			for (w = 0; w < b->nwork && !b->full; w++) {
				uint32_t x = b->work[w];
				const struct fn *m = b->s->node[x].fn;
				const struct call *c;
				for (c = fn_out(p, m); c && !b->full; c = c->next_out) {
					uint32_t v = b->unit[c->k.callee->id];
					size_t ci;
					double sh;
					if (!entering(b, c) || b->ucomp[v] != k)
						continue;
					/* an outermost function is never entered again on
					   one stack; a group of levels may be */
					if (outermost(b, v) && on_path(b, x, v))
						continue;
					ci = call_index(b, c);
					sh = b->s->node[x].share / b->ediv[ci] * weight(b, c) / b->win[v];
					if (sh > 1)
						sh = 1;
					if (sh * b->flow[v] < b->dust)
						continue;
					b->elig[ci] += b->s->node[x].share;
					enter(b, c->k.callee, x, sh, 1);
				}
			}
			/* each call's divisor: the shares of the stacks that made it */
			for (i = 0; i < nu; i++)
				for (j = b->mstart[units[i]]; j < b->mstart[units[i] + 1]; j++) {
					const struct call *c;
					for (c = fn_out(p, p->fns[b->mlist[j]]); c; c = c->next_out) {
						size_t ci;
						double e, d;
						if (!entering(b, c) || b->ucomp[b->unit[c->k.callee->id]] != k)
							continue;
						ci = call_index(b, c);
						e = b->elig[ci] > 1e-12 ? b->elig[ci] : b->ediv[ci];
						d = e > b->ediv[ci] ? e - b->ediv[ci] : b->ediv[ci] - e;
						if (d > moved * e)
							moved = d / e;
						b->ediv[ci] = e;
						b->elig[ci] = 0;
					}
				}
			if (moved < 1e-9)
				break;
		}
	}
	/*
	 * What nothing reached (below the grain inside a cycle): under the
	 * stack of largest share of one of its callers, else on its own.
	 */
	for (;;) {
		int placed = 0, left = 0;
		for (i = 0; i < nu && !b->full; i++) {
			uint32_t u = units[i], x = STACKS_NONE;
			for (j = b->mstart[u]; j < b->mstart[u + 1] && x == STACKS_NONE; j++)
				x = b->first[b->mlist[j]];
			if (x != STACKS_NONE || !(b->flow[u] > 0))
				continue;
			if (!has_caller_stack(b, p->fns[firstm[u]]))
				place_callers(b, p->fns[firstm[u]]);
			if (has_caller_stack(b, p->fns[firstm[u]])) {
				place_under_caller(b, p->fns[firstm[u]], 1);
				placed = 1;
			} else if (!left) {
				left = 1 + (int)i;
			}
		}
		if (b->full)
			break;
		if (placed)
			continue;
		if (!left)
			break;
		/* none of them has a caller with a stack: the first starts one */
		enter(b, p->fns[firstm[units[left - 1]]], STACKS_NONE, 1, 0);
	}
	/* the calls leaving it, from all its stacks */
	for (i = 0; i < nu && !b->full; i++)
		for (j = b->mstart[units[i]]; j < b->mstart[units[i] + 1]; j++) {
			const struct call *c;
			for (c = fn_out(p, p->fns[b->mlist[j]]); c && !b->full; c = c->next_out)
				if (entering(b, c) && b->ucomp[b->unit[c->k.callee->id]] != k)
					spread_call(b, c);
		}
}

struct part {
	uint32_t node;
	long double frac;
};

static int part_cmp(const void *x, const void *y)
{
	const struct part *a = x, *b = y;
	if (a->frac != b->frac)
		return a->frac > b->frac ? -1 : 1;
	return a->node < b->node ? -1 : a->node > b->node;
}

/*
 * Fitting (iterative proportional fitting).  The shares above follow the
 * gprof rule, each call split over its caller's stacks in proportion to
 * them, which is wrong wherever functions serve several parts of the
 * program: an interpreter's calls serve both its start-up imports and the
 * script (on a python3 profile the script's PyRun_StringFlags came out at
 * 26% of the run instead of its exact 77%).  The profile knows better: an
 * exact inclusive cost (graph.h; every outermost function has one) is
 * what the frames of that function must add up to, since such a function
 * is on a stack at most once.  Each sweep takes these constraints top
 * down (by their first stack) and scales everything above the frames of
 * each by target / current (at most FIT_STEP either way), then scales
 * each function's self cost over its stacks back to the exact sum; until
 * no constraint is off by more than FIT_CLOSE of the program total, at
 * most FIT_SWEEPS sweeps (FIT_SWEEPS_UNCUT before fit_newton()).
 * A constraint still off by more than FIT_FAR after FIT_WARM sweeps is
 * dropped: the stacks made cannot meet it (stacks too small to make, or
 * calls the split put elsewhere), and chasing it moves the rest.  Exact
 * call costs as constraints too were tried and made things worse (many
 * cannot be met).  x holds each stack's real-valued self cost.  Skipped
 * (the shares stay) when walking up the stacks would take more than
 * FIT_BUDGET steps a stack: a chain of thousands of functions.
 */
#define FIT_SWEEPS 40
#define FIT_SWEEPS_UNCUT 10
#define FIT_CLOSE 1e-6
#define FIT_BUDGET 64
#define FIT_WARM 5
#define FIT_FAR 4.0
#define FIT_STEP 2.0
#define FIT_CHAIN_MIN (1u << 22)
#define FIT_CHAIN_PER_BYTE 2

struct fitc {
	double target;
	uint32_t fn;		/* its nodes: flist[fstart[fn] .. fstart[fn + 1]) */
	uint32_t first;		/* its lowest node: constraints are taken in this order */
	int dead;
};

static int fitc_cmp(const void *x, const void *y)
{
	const struct fitc *a = x, *b = y;
	return a->first < b->first ? -1 : a->first > b->first;
}

/* Is f's inclusive cost one its frames are fitted to? */
static int fitted(const struct build *b, const struct fn *f)
{
	return f->incl_exact && fn_incl(b->p, f)->v[b->ev] > 0;
}

/*
 * After the sweeps, Newton's method finishes the fit when nothing is cut
 * (--threshold=100: the stacks are what is asked for, not a picture).
 * The sweeps scale one constraint at a time; where functions nest in one
 * another (an interpreter's static cycle: python3's PyObject_Vectorcall
 * holds most of the others) each scaling undoes others, and 40 sweeps
 * left python3's stacks 3.7% of the program off.  Here each stack costs
 * what the sweeps gave it times exp(a), a the sum of one variable for
 * each fitted function on it, with each function's self cost spread over
 * its stacks in proportion.  The variables that meet every constraint
 * minimise the convex function F = sum over functions of self * log(the
 * sum over its stacks) - sum(variable * target), whose gradient is what
 * each constraint is off by, and whose Hessian times a vector takes a
 * pass down the stacks and one back up.  F gets NEWTON_MU / 2 times the
 * variables' squares, so a constraint the stacks cannot meet pulls them
 * only so far (it is met to NEWTON_MU times its variable).  Each step
 * solves for the direction by conjugate gradients (each constraint's
 * current sum as the preconditioner, to a tenth of the gradient), with a
 * damping that grows when the step must be shortened, and halves the
 * step until F falls.  It stops once the gradient is below FIT_CLOSE of
 * the program total, after NEWTON_PASSES passes over the stacks, or when
 * NEWTON_STALL steps in a row did not bring the worst constraint a tenth
 * closer (constraints the stacks made cannot meet together: the ladder
 * of tests/hostile); the best variables seen are kept if they meet the
 * constraints better than the sweeps did.  On python3: 3.7% to 0.08%, for 8% more instructions.
 */
#define NEWTON_PASSES 150
#define NEWTON_CG 60
#define NEWTON_HALVINGS 30
#define NEWTON_DAMP 1e-2
#define NEWTON_MU 1e-4
#define NEWTON_GAIN 0.9
#define NEWTON_STALL 3

struct newton {
	size_t n, nf, m;
	const struct snode *node;
	const int32_t *ci;	/* by fn id: its live constraint, or -1 */
	const double *x0;	/* by node: the cost after the sweeps, over the total */
	const double *ts;	/* by fn id: its self cost over the total */
	const double *t;	/* by constraint: its target over the total (dead: 0) */
	double *a, *x, *tot, *sum, *cur;
};

/*
 * x (each function's self cost spread over its stacks in proportion to
 * x0 * exp(a)), tot and cur at th; returns F, or HUGE_VAL when exp would
 * overflow.
 */
static double newton_eval(struct newton *nw, const double *th)
{
	size_t i, k;
	double f = 0;

	for (k = 0; k < nw->nf; k++)
		nw->sum[k] = 0;
	for (k = 0; k < nw->m; k++)
		nw->cur[k] = 0;
	for (i = 0; i < nw->n; i++) {
		const struct snode *y = &nw->node[i];
		double a = y->parent == STACKS_NONE ? 0 : nw->a[y->parent];
		if (nw->ci[y->fn->id] >= 0)
			a += th[nw->ci[y->fn->id]];
		if (a > 600)
			return HUGE_VAL;
		nw->a[i] = a;
		nw->x[i] = nw->x0[i] > 0 ? nw->x0[i] * exp(a) : 0;
		nw->sum[y->fn->id] += nw->x[i];
	}
	for (k = 0; k < nw->nf; k++)
		if (nw->sum[k] > 0)
			f += nw->ts[k] * log(nw->sum[k]);
	for (i = nw->n; i-- > 0;) {
		const struct snode *y = &nw->node[i];
		double sk = nw->sum[y->fn->id];
		nw->x[i] = sk > 0 ? nw->x[i] * nw->ts[y->fn->id] / sk : 0;
		nw->tot[i] += nw->x[i];
		if (nw->ci[y->fn->id] >= 0)
			nw->cur[nw->ci[y->fn->id]] += nw->tot[i];
		if (y->parent != STACKS_NONE)
			nw->tot[y->parent] += nw->tot[i];
		nw->tot[i] = 0;	/* ready for the next evaluation */
	}
	for (k = 0; k < nw->m; k++)
		f -= th[k] * nw->t[k];
	return f;
}

/* out = the Hessian of F times d, at the x of the last evaluation (u, z: by node; w: by fn). */
static void newton_hess(struct newton *nw, const double *d, double *out, double *u, double *z,
			double *w)
{
	size_t i, k;

	for (k = 0; k < nw->nf; k++)
		w[k] = 0;
	for (k = 0; k < nw->m; k++)
		out[k] = 0;
	for (i = 0; i < nw->n; i++) {
		const struct snode *y = &nw->node[i];
		double v = y->parent == STACKS_NONE ? 0 : u[y->parent];
		if (nw->ci[y->fn->id] >= 0)
			v += d[nw->ci[y->fn->id]];
		u[i] = v;
		w[y->fn->id] += nw->x[i] * v;
	}
	/* what each function's spreading takes back, then the sums up the stacks */
	for (k = 0; k < nw->nf; k++)
		w[k] = nw->ts[k] > 0 ? w[k] / nw->ts[k] : 0;
	for (i = nw->n; i-- > 0;) {
		const struct snode *y = &nw->node[i];
		z[i] += nw->x[i] * (u[i] - w[y->fn->id]);
		if (nw->ci[y->fn->id] >= 0)
			out[nw->ci[y->fn->id]] += z[i];
		if (y->parent != STACKS_NONE)
			z[y->parent] += z[i];
		z[i] = 0;
	}
}

/* The largest part of the total a live constraint is off by at the last evaluation. */
static double newton_worst(const struct newton *nw)
{
	size_t k;
	double w = 0;

	for (k = 0; k < nw->m; k++) {
		double off = nw->t[k] > 0 ? nw->cur[k] - nw->t[k] : 0;
		if (off < 0)
			off = -off;
		if (off > w)
			w = off;
	}
	return w;
}

static double dot(const double *a, const double *b, size_t n)
{
	size_t i;
	double s = 0;

	for (i = 0; i < n; i++)
		s += a[i] * b[i];
	return s;
}

/* What the damping scales for constraint k: its current sum (1 when it has none). */
static double newton_scale(const struct newton *nw, size_t k)
{
	return nw->cur[k] > 0 ? nw->cur[k] : 1;
}

/*
 * The direction dir of a step from the gradient g: (H + damp diag(H) +
 * NEWTON_MU) dir = -g by conjugate gradients preconditioned by that
 * diagonal, from dir = 0, until the residual is a tenth of g, after
 * NEWTON_CG iterations, or once *passes reaches NEWTON_PASSES (each
 * product with H is a pass).  v: 5 scratch vectors of m; u, z, w as
 * newton_hess() takes them.
 */
static void newton_direction(struct newton *nw, const double *g, double damp, double *dir,
			     double *v, double *u, double *z, double *w, size_t *passes)
{
	size_t m = nw->m, k, it;
	double *r = v, *zz = v + m, *pp = v + 2 * m, *hp = v + 3 * m, *diag = v + 4 * m;
	double gn = sqrt(dot(g, g, m)), rz;

	for (k = 0; k < m; k++) {
		diag[k] = newton_scale(nw, k) * (1 + damp) + NEWTON_MU;
		dir[k] = 0;
		r[k] = -g[k];
		zz[k] = r[k] / diag[k];
		pp[k] = zz[k];
	}
	rz = dot(r, zz, m);
	for (it = 0; it < NEWTON_CG && *passes < NEWTON_PASSES && sqrt(dot(r, r, m)) > 0.1 * gn; it++) {
		double php, al, rz2;
		newton_hess(nw, pp, hp, u, z, w);
		++*passes;
		for (k = 0; k < m; k++)
			hp[k] = nw->t[k] > 0 ? hp[k] + (damp * newton_scale(nw, k) + NEWTON_MU) * pp[k] : 0;
		php = dot(pp, hp, m);
		if (!(php > 0))
			break;
		al = rz / php;
		for (k = 0; k < m; k++) {
			dir[k] += al * pp[k];
			r[k] -= al * hp[k];
			zz[k] = r[k] / diag[k];
		}
		rz2 = dot(r, zz, m);
		for (k = 0; k < m; k++)
			pp[k] = zz[k] + rz2 / rz * pp[k];
		rz = rz2;
	}
}

static void fit_newton(struct build *b, double *x, const struct fitc *con, size_t ncon, double total)
{
	const struct profile *p = b->p;
	struct stacks *s = b->s;
	struct newton nw;
	size_t n = s->n, nf = p->nfns, m = ncon, i, k, passes = 1, stall = 0;
	int32_t *ci = xmalloc((nf + 1) * sizeof(*ci));
	double *x0 = xmalloc((n + 1) * sizeof(*x0)), *ts = xmalloc((nf + 1) * sizeof(*ts));
	/* by constraint: target, variables, tried, best, gradient, direction, 5 scratch */
	double *vec = xcalloc(11 * m + 1, sizeof(*vec));
	double *t = vec, *th = vec + m, *nth = vec + 2 * m, *best = vec + 3 * m;
	double *g = vec + 4 * m, *dir = vec + 5 * m, *scratch = vec + 6 * m;
	double *w = xmalloc((nf + 1) * sizeof(*w));
	double f, start, bestw, damp = NEWTON_DAMP;

	nw.n = n;
	nw.nf = nf;
	nw.m = m;
	nw.node = s->node;
	nw.ci = ci;
	nw.x0 = x0;
	nw.ts = ts;
	nw.t = t;
	nw.a = xmalloc((n + 1) * sizeof(*nw.a));
	nw.x = xmalloc((n + 1) * sizeof(*nw.x));
	nw.tot = xcalloc(n + 1, sizeof(*nw.tot));
	nw.sum = xmalloc((nf + 1) * sizeof(*nw.sum));
	nw.cur = xmalloc((m + 1) * sizeof(*nw.cur));
	for (i = 0; i < nf; i++) {
		ci[i] = -1;
		ts[i] = (double)p->fns[i]->self->v[b->ev] / total;
	}
	for (i = 0; i < n; i++)
		x0[i] = x[i] > 0 ? x[i] / total : 0;
	for (k = 0; k < m; k++) {
		if (con[k].dead)
			continue;
		ci[con[k].fn] = (int32_t)k;
		t[k] = con[k].target / total;
	}
	f = newton_eval(&nw, th);	/* + NEWTON_MU / 2 |th|^2, 0 here */
	start = bestw = newton_worst(&nw);
	while (passes < NEWTON_PASSES && bestw >= FIT_CLOSE) {
		double slope, a, nf_ = f, wst = 0;
		size_t h;
		for (k = 0; k < m; k++) {
			g[k] = t[k] > 0 ? nw.cur[k] - t[k] + NEWTON_MU * th[k] : 0;
			if (g[k] > wst || -g[k] > wst)
				wst = g[k] > 0 ? g[k] : -g[k];
		}
		if (wst < FIT_CLOSE)
			break;	/* as close as the variables' bound lets it be */
		/* the Hessian's scratch by node: a and tot are not read between evaluations */
		newton_direction(&nw, g, damp, dir, scratch, nw.a, nw.tot, w, &passes);
		slope = dot(g, dir, m);
		if (!(slope < 0))
			break;
		for (a = 1, h = 0; h < NEWTON_HALVINGS && passes < NEWTON_PASSES; h++, a /= 2) {
			for (k = 0; k < m; k++)
				nth[k] = th[k] + a * dir[k];
			nf_ = newton_eval(&nw, nth) + NEWTON_MU / 2 * dot(nth, nth, m);
			passes++;
			if (nf_ <= f + 1e-4 * a * slope)
				break;
		}
		if (!(nf_ < f))
			break;
		damp = h ? damp * 4 : damp / 4;
		memcpy(th, nth, m * sizeof(*th));
		f = nf_;
		wst = newton_worst(&nw);
		stall = wst < NEWTON_GAIN * bestw ? 0 : stall + 1;
		if (wst < bestw) {
			bestw = wst;
			memcpy(best, th, m * sizeof(*th));
		}
		if (stall == NEWTON_STALL)
			break;	/* the constraints left cannot be met together */
	}
	if (bestw < start) {
		newton_eval(&nw, best);
		for (i = 0; i < n; i++)
			x[i] = nw.x[i] * total;
	}
	free(nw.a);
	free(nw.x);
	free(nw.tot);
	free(nw.sum);
	free(nw.cur);
	free(ci);
	free(x0);
	free(ts);
	free(vec);
	free(w);
}

/* x: each stack's self cost; fstart/flist: the stacks of each function, in node order. */
static void fit(struct build *b, double *x, const uint32_t *fstart, const uint32_t *flist)
{
	const struct profile *p = b->p;
	struct stacks *s = b->s;
	size_t n = s->n, nf = p->nfns, i, k, ncon = 0, sweep;
	uint32_t *near, *chain = NULL, *coff = NULL;
	struct fitc *con;
	double *tot, *fac, *g, total = s->sum > 0 ? (double)s->sum : 1;
	uint64_t work = 0, budget = (uint64_t)FIT_BUDGET * n;

	if (!n)
		return;
	/* the nearest frame up a stack (itself included) that is fitted */
	near = xmalloc(n * sizeof(*near));
	for (i = 0; i < n; i++) {
		uint32_t par = s->node[i].parent;
		if (fitted(b, s->node[i].fn))
			near[i] = (uint32_t)i;
		else
			near[i] = par == STACKS_NONE ? STACKS_NONE : near[par];
	}
	/* what a sweep's walks up the stacks cost: counted until past the budget */
	for (i = 0; i < n && work <= budget; i++) {
		uint32_t a;
		if (near[i] != i)
			continue;
		for (a = (uint32_t)i; a != STACKS_NONE && work <= budget;
		     a = s->node[a].parent == STACKS_NONE ? STACKS_NONE : near[s->node[a].parent])
			work++;
	}
	if (work > budget) {
		free(near);
		return;
	}
	con = xmalloc((nf + 1) * sizeof(*con));
	for (k = 0; k < nf; k++) {
		if (fstart[k] == fstart[k + 1] || !fitted(b, p->fns[k]))
			continue;

		con[ncon].target = (double)fn_incl(p, p->fns[k])->v[b->ev];
		con[ncon].fn = (uint32_t)k;
		con[ncon].first = flist[fstart[k]];
		con[ncon].dead = 0;
		ncon++;
	}
	sort_array(con, ncon, sizeof(*con), fitc_cmp);
	/*
	 * Within a sweep every frame of a function is scaled alike, so a
	 * factor by function (g) stands for the frames' own.  The walks up
	 * the stacks are laid out once, as the functions met from each
	 * fitted frame up (chain[coff[j] ..] for the frame flist[j]), so a
	 * sweep reads them in a row instead of chasing parents; when that
	 * would take more ids than FIT_CHAIN_PER_BYTE a byte of the profile
	 * (FIT_CHAIN_MIN at least: 4 bytes an id), the walks are made
	 * afresh each sweep (the same products in the same order).
	 */
	if (work <= FIT_CHAIN_MIN || work / FIT_CHAIN_PER_BYTE <= mem_input_bytes()) {
		size_t w = 0, j;
		chain = xmalloc((work + 1) * sizeof(*chain));
		coff = xmalloc((fstart[nf] + 1) * sizeof(*coff));
		for (j = 0; j < fstart[nf]; j++) {
			uint32_t a;
			coff[j] = (uint32_t)w;
			if (near[flist[j]] != flist[j])
				continue;
			for (a = flist[j]; a != STACKS_NONE;
			     a = s->node[a].parent == STACKS_NONE ? STACKS_NONE
								: near[s->node[a].parent])
				chain[w++] = s->node[a].fn->id;
		}
		coff[fstart[nf]] = (uint32_t)w;
	}
	tot = xmalloc(n * sizeof(*tot));
	fac = xmalloc(n * sizeof(*fac));
	g = xmalloc((nf + 1) * sizeof(*g));
	for (sweep = 0; sweep < (b->uncut ? FIT_SWEEPS_UNCUT : FIT_SWEEPS); sweep++) {
		double worst = 0;
		for (i = 0; i < n; i++)
			tot[i] = x[i];
		for (i = 0; i < nf; i++)
			g[i] = 1;
		for (i = n; i-- > 0;)
			if (s->node[i].parent != STACKS_NONE)
				tot[s->node[i].parent] += tot[i];
		for (k = 0; k < ncon; k++) {
			struct fitc *c = &con[k];
			double cur = 0, r, off;
			uint32_t j;
			if (c->dead)
				continue;
			for (j = fstart[c->fn]; j < fstart[c->fn + 1]; j++) {
				uint32_t y = flist[j], a, q;
				double m = 1;
				/* what was scaled above it in this sweep */
				if (chain)
					for (q = coff[j]; q < coff[j + 1]; q++)
						m *= g[chain[q]];
				else
					for (a = y; a != STACKS_NONE;
					     a = s->node[a].parent == STACKS_NONE ? STACKS_NONE
										: near[s->node[a].parent])
						m *= g[s->node[a].fn->id];
				cur += tot[y] * m;
			}
			if (!(cur > 0))
				continue;
			r = c->target / cur;
			if (sweep >= FIT_WARM && (r > FIT_FAR || r < 1 / FIT_FAR)) {
				c->dead = 1;	/* the stacks made cannot meet it */
				continue;
			}
			/* met to a millionth of the program: left as it is */
			off = (c->target > cur ? c->target - cur : cur - c->target) / total;
			if (off < FIT_CLOSE)
				continue;
			if (off > worst)
				worst = off;
			if (r > FIT_STEP)
				r = FIT_STEP;
			if (r < 1 / FIT_STEP)
				r = 1 / FIT_STEP;
			g[c->fn] *= r;
		}
		for (i = 0; i < n; i++) {
			uint32_t par = s->node[i].parent;
			fac[i] = g[s->node[i].fn->id];
			if (par != STACKS_NONE)
				fac[i] *= fac[par];
			x[i] *= fac[i];
		}
		/* each function's self cost over its stacks, exact again */
		for (i = 0; i < nf; i++) {
			uint64_t self = p->fns[i]->self->v[b->ev];
			double sum = 0;
			for (k = fstart[i]; k < fstart[i + 1]; k++)
				sum += x[flist[k]];
			if (sum > 0)
				for (k = fstart[i]; k < fstart[i + 1]; k++)
					x[flist[k]] *= (double)self / sum;
		}
		if (worst < FIT_CLOSE)
			break;
	}
	if (b->uncut)
		fit_newton(b, x, con, ncon, total);
	free(tot);
	free(fac);
	free(g);
	free(chain);
	free(coff);
	free(con);
	free(near);
}

/* Each function's self cost over its stacks, in proportion to their shares. */
static void apportion(struct build *b)
{
	const struct profile *p = b->p;
	struct stacks *s = b->s;
	size_t n = p->nfns, i, k;
	uint32_t *start = xcalloc(n + 2, sizeof(*start)), *list, *fill;
	struct part *part = NULL;
	size_t cappart = 0;
	double *wt = xmalloc((s->n + 1) * sizeof(*wt));
	unsigned char *anyw = xcalloc(n + 1, 1);

	/*
	 * The weight of a stack in its function's self cost: what it is worth
	 * (share * flow) less what its calls out are worth, when the function
	 * is a group of its own; a member of a larger group, or a function
	 * whose stacks are all worth nothing so, by its share.
	 */
	for (i = 0; i < s->n; i++) {
		const struct snode *x = &s->node[i];
		uint32_t u = b->unit[x->fn->id], c;
		double v;
		wt[i] = x->share;
		if (b->mstart[u + 1] - b->mstart[u] != 1)
			continue;
		v = x->share * b->flow[u];
		for (c = x->child; c != STACKS_NONE; c = s->node[c].next)
			v -= s->node[c].share * b->flow[b->unit[s->node[c].fn->id]];
		wt[i] = v > 0 ? v : 0;
		anyw[x->fn->id] |= v > 0;
	}
	for (i = 0; i < s->n; i++)
		if (!anyw[s->node[i].fn->id] && b->mstart[b->unit[s->node[i].fn->id] + 1] -
							b->mstart[b->unit[s->node[i].fn->id]] == 1)
			wt[i] = s->node[i].share;

	for (i = 0; i < s->n; i++)
		start[s->node[i].fn->id + 1]++;
	for (i = 0; i < n; i++)
		start[i + 1] += start[i];
	list = xmalloc((s->n + 1) * sizeof(*list));
	fill = xcalloc(n + 1, sizeof(*fill));
	for (i = 0; i < s->n; i++) {
		uint32_t f = s->node[i].fn->id;
		list[start[f] + fill[f]++] = (uint32_t)i;
	}
	/* the weights as self costs, then fitted to what the profile knows exactly */
	for (i = 0; i < n; i++) {
		uint64_t self = p->fns[i]->self->v[b->ev];
		size_t m = start[i + 1] - start[i];
		double sum = 0;
		for (k = 0; k < m; k++)
			sum += wt[list[start[i] + k]];
		for (k = 0; k < m; k++) {
			uint32_t x = list[start[i] + k];
			wt[x] = sum > 0 ? (double)self * wt[x] / sum : (double)self / (double)m;
		}
	}
	fit(b, wt, start, list);
	for (i = 0; i < n; i++) {
		uint64_t self = p->fns[i]->self->v[b->ev], given = 0;
		size_t m = start[i + 1] - start[i];
		long double sum = 0;
		if (!m || !self)
			continue;
		if (m > cappart) {
			cappart = m;
			part = xrealloc(part, cappart * sizeof(*part));
		}
		for (k = 0; k < m; k++)
			sum += wt[list[start[i] + k]];
		for (k = 0; k < m; k++) {
			uint32_t x = list[start[i] + k];
			long double q = sum > 0 ? (long double)self * wt[x] / sum
						: (long double)self / m;
			uint64_t fl = q >= (long double)self ? self : (uint64_t)q;
			if (fl > self - given)
				fl = self - given;
			s->node[x].self = fl;
			given += fl;
			part[k].node = x;
			part[k].frac = q - (long double)fl;
		}
		sort_array(part, m, sizeof(*part), part_cmp);
		for (k = 0; given < self; k = (k + 1) % m) {
			s->node[part[k].node].self++;
			given++;
		}
	}
	free(part);
	free(start);
	free(list);
	free(fill);
	free(wt);
	free(anyw);
}

/* Totals, then the cut: a stack worth at most prune goes into its caller's own cost. */
static void prune_tree(struct stacks *s, uint64_t prune)
{
	size_t i, k = 0;
	uint32_t *map = xmalloc((s->n + 1) * sizeof(*map));
	unsigned char *keep = xcalloc(s->n + 1, 1);

	for (i = s->n; i-- > 0;) {
		struct snode *x = &s->node[i];
		x->total += x->self;
		if (x->parent != STACKS_NONE) {
			uint64_t *t = &s->node[x->parent].total;
			*t = *t + x->total < *t ? UINT64_MAX : *t + x->total;
		}
	}
	for (i = 0; i < s->n; i++) {
		struct snode *x = &s->node[i];
		if (x->parent == STACKS_NONE) {
			keep[i] = x->total > 0;
		} else if (keep[x->parent]) {
			keep[i] = x->total > prune;
			if (!keep[i])
				s->node[x->parent].self += x->total;
		}
	}
	for (i = 0; i < s->n; i++) {
		if (!keep[i])
			continue;
		map[i] = (uint32_t)k;
		s->node[k] = s->node[i];
		s->node[k].child = s->node[k].next = STACKS_NONE;
		if (s->node[k].parent != STACKS_NONE) {
			struct snode *par;
			s->node[k].parent = map[s->node[k].parent];
			par = &s->node[s->node[k].parent];
			s->node[k].next = par->child;
			par->child = (uint32_t)k;
		}
		k++;
	}
	/* a root that was cut keeps its whole cost as its own */
	for (i = 0; i < k; i++)
		if (s->node[i].child == STACKS_NONE)
			s->node[i].self = s->node[i].total;
	s->n = k;
	free(map);
	free(keep);
}

int stacks_build(struct stacks *s, const struct profile *p, size_t ev, uint64_t prune)
{
	struct build b;
	size_t n = p->nfns, i;
	uint32_t *firstm = NULL;	/* by group: its first member in name order */
	double grain = 0.5;
	int rc = 0;

	memset(s, 0, sizeof(*s));
	memset(&b, 0, sizeof(b));
	b.p = p;
	b.ev = ev;
	b.s = s;
	b.uncut = !prune;
	b.unit = xcalloc(n + 1, sizeof(*b.unit));
	b.mstart = xcalloc(n + 2, sizeof(*b.mstart));
	b.mlist = xcalloc(n + 1, sizeof(*b.mlist));
	b.win = xcalloc(n + 1, sizeof(*b.win));
	b.rootw = xcalloc(n + 1, sizeof(*b.rootw));
	b.flow = xcalloc(n + 1, sizeof(*b.flow));
	b.mode = xcalloc(n + 1, 1);
	b.seen = xcalloc(n + 1, sizeof(*b.seen));
	b.first = xmalloc((n + 1) * sizeof(*b.first));
	b.queue = xmalloc((n + 1) * sizeof(*b.queue));
	b.order = xmalloc((n + 1) * sizeof(*b.order));
	b.bfsnode = xmalloc((n + 1) * sizeof(*b.bfsnode));
	b.bfs = xcalloc(n + 1, sizeof(*b.bfs));
	groups(&b);
	for (b.ccap = 16; b.ccap < 2 * p->ncalls + 2; b.ccap *= 2)
		;
	b.ctab = xcalloc(b.ccap, sizeof(*b.ctab));
	for (i = 0; i < p->ncalls; i++)
		b.ctab[call_slot(&b, p->calls[i])] = i + 1;
	b.elig = xcalloc(p->ncalls + 1, sizeof(*b.elig));
	b.ediv = xmalloc((p->ncalls + 1) * sizeof(*b.ediv));
	for (i = 0; i < p->ncalls; i++)
		b.ediv[i] = 1;
	for (i = 0; i < n; i++)
		s->sum += p->fns[i]->self->v[ev];
	/*
	 * The grain: stacks worth less are not made.  Half a unit keeps every
	 * count; on a profile whose stacks would pass the budget it grows, and
	 * its part goes to the other stacks of the same functions.  The budget
	 * is the profile's: a few stacks for each function and call, at most
	 * MAX_NODES.
	 */
	if (prune / 64 > grain)
		grain = (double)(prune / 64);
	b.budget = STACKS_PER_ITEM * (n + p->ncalls) + 4096;
	if (b.budget > MAX_NODES)
		b.budget = MAX_NODES;
	unit_order(&b);
	/* each unit's first member in name order: one comparison a function */
	firstm = xmalloc((n + 1) * sizeof(*firstm));
	for (i = 0; i < n; i++)
		firstm[i] = STACKS_NONE;
	for (i = 0; i < n; i++) {
		uint32_t *m = &firstm[b.unit[i]];
		if (*m == STACKS_NONE || graph_fn_cmp(p->fns[i], p->fns[*m]) < 0)
			*m = (uint32_t)i;
	}
	for (;;) {
		size_t k;
		for (i = 0; i < n; i++)
			b.first[i] = STACKS_NONE;
		for (i = 0; i < p->ncalls; i++) {
			b.elig[i] = 0;
			b.ediv[i] = 1;
		}
		s->n = 0;
		b.full = 0;
		b.tpar = STACKS_NONE;
		b.dust = grain;
		for (k = 0; k < b.nucomp && !b.full; k++)
			component(&b, k, firstm);
		place_rest(&b);
		if (!b.full)
			break;
		s->coarse = 1;
		grain *= 8;
		if (grain > (double)s->sum) {
			diag(DIAG_ERROR, NULL, 0, "too many call stacks to rebuild");
			rc = -1;
			break;
		}
	}
	s->grain = grain;
	if (!rc) {
		apportion(&b);
		/* the self costs drawn on stacks they did not run on */
		if (s->coarse) {
			double moved = 0;
			for (i = 0; i < s->n; i++)
				moved += (1.0 - (double)b.truth[i]) * (double)s->node[i].self;
			s->moved = moved > 0 ? (uint64_t)(moved + 0.5) : 0;
		}
		prune_tree(s, prune);
	}
	free(b.unit);
	free(b.mstart);
	free(b.mlist);
	free(b.win);
	free(b.rootw);
	free(b.flow);
	free(b.mode);
	free(b.seen);
	free(b.first);
	free(b.queue);
	free(b.work);
	free(b.uorder);
	free(b.ucstart);
	free(b.ucomp);
	free(firstm);
	free(b.same);
	free(b.truth);
	free(b.ctab);
	free(b.elig);
	free(b.ediv);
	for (i = 0; i < n; i++) {
		if (b.bfs[i]) {
			free(b.bfs[i]->fn);
			free(b.bfs[i]->parent);
			free(b.bfs[i]->sub);
			free(b.bfs[i]);
		}
	}
	free(b.bfs);
	free(b.order);
	free(b.bfsnode);
	return rc;
}

void stacks_release(struct stacks *s)
{
	free(s->node);
	memset(s, 0, sizeof(*s));
}

/* ---- frames as drawn ---- */

char *stacks_frame_name(const struct profile *p, const struct fn *f)
{
	const char *name = f->k.name, *q = strchr(name, '\'');
	size_t len;
	char *out;

	/* only Callgrind writes caller contexts (--separate-callers) after a quote */
	if (!q || !p->creator || strncmp(p->creator, "callgrind", 9))
		return xstrdup(name);
	len = (size_t)(q - name);
	if (q[1] >= '0' && q[1] <= '9') {
		/* a recursion level: "'2" stays */
		const char *d = q + 1;
		while (*d >= '0' && *d <= '9')
			d++;
		if (!*d || *d == '\'')
			len = (size_t)(d - name);
	}
	out = xmalloc(len + 1);
	memcpy(out, name, len);
	out[len] = '\0';
	return out;
}
