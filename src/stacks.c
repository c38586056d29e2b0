/* stacks: call stacks rebuilt from Callgrind's call graph, for folded stacks and flame graphs. */
#include "stacks.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diag.h"
#include "fit.h"
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
	uint32_t *unit;		/* by fn id: the group's first member's id (graph_units()) */
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
	/* by fn id: the indices of the calls it makes that the stacks follow
	   (entering()), in fn_out() order: olist[ostart[id] .. ostart[id + 1]) */
	uint32_t *ostart, *olist, *ounit;	/* ounit[o]: the group olist[o] enters */
	unsigned char *outer1;	/* by group: outermost() */
	uint32_t *pmark, pepoch;	/* by group: on the path of the node marked last */
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

/* The groups (b->unit, from graph_units()) member by member, their weights and flows. */
static void groups(struct build *b)
{
	const struct profile *p = b->p;
	size_t n = p->nfns, i;
	uint32_t *cnt;
	double *wcount, *wone;

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

/*
 * Mark the groups on the stack of node x, looking up while they are of
 * x's component (a path never comes back to a component it left):
 * group u is on it when pmark[u] == the stamp returned.
 */
static uint32_t path_mark(struct build *b, uint32_t x)
{
	uint32_t comp = b->ucomp[b->unit[b->s->node[x].fn->id]];

	if (++b->pepoch == 0) {
		memset(b->pmark, 0, (b->p->nfns + 1) * sizeof(*b->pmark));
		b->pepoch = 1;
	}
	for (; x != STACKS_NONE; x = b->s->node[x].parent) {
		uint32_t v = b->unit[b->s->node[x].fn->id];
		if (b->ucomp[v] != comp)
			break;
		b->pmark[v] = b->pepoch;
	}
	return b->pepoch;
}

/* The calls each function makes that the stacks follow, by index (b->ostart, b->olist). */
static void out_lists(struct build *b)
{
	const struct profile *p = b->p;
	size_t n = p->nfns, i, na = 0;

	b->ostart = xmalloc((n + 2) * sizeof(*b->ostart));
	b->olist = xmalloc((p->ncalls + 1) * sizeof(*b->olist));
	b->ounit = xmalloc((p->ncalls + 1) * sizeof(*b->ounit));
	for (i = 0; i < n; i++) {
		const struct call *c;
		b->ostart[i] = (uint32_t)na;
		for (c = fn_out(p, p->fns[i]); c; c = c->next_out)
			if (entering(b, c)) {
				b->ounit[na] = b->unit[c->k.callee->id];
				b->olist[na++] = (uint32_t)call_index(b, c);
			}
	}
	b->ostart[n] = (uint32_t)na;
	b->outer1 = xcalloc(n + 1, 1);
	b->pmark = xcalloc(n + 1, sizeof(*b->pmark));
	for (i = 0; i < n; i++)
		if (b->unit[i] == i)
			b->outer1[i] = (unsigned char)outermost(b, (uint32_t)i);
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
 * pass, fitted afterwards (fit.h), comes closer to the exact costs.
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
				uint32_t x = b->work[w], stamp = 0, o;
				const struct fn *m = b->s->node[x].fn;
				for (o = b->ostart[m->id]; o < b->ostart[m->id + 1] && !b->full; o++) {
					size_t ci = b->olist[o];
					uint32_t v = b->ounit[o];
					const struct call *c;
					double sh;
					if (b->ucomp[v] != k)
						continue;
					/* an outermost function is never entered again on
					   one stack; a group of levels may be */
					if (b->outer1[v]) {
						if (!stamp)
							stamp = path_mark(b, x);
						if (b->pmark[v] == stamp)
							continue;
					}
					c = p->calls[ci];
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
					uint32_t f = b->mlist[j], o;
					for (o = b->ostart[f]; o < b->ostart[f + 1]; o++) {
						size_t ci = b->olist[o];
						double e, d;
						if (b->ucomp[b->ounit[o]] != k)
							continue;
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
	fit_stacks(p, b->ev, s, wt, start, list);
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
	b.unit = graph_units(p);
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
	out_lists(&b);
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
	 * MAX_NODES.  A cut (prune) does not change the grain: the stacks are
	 * made and fitted as without it, then cut, so each box kept is worth
	 * what it is worth uncut.
	 */
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
	free(b.ostart);
	free(b.olist);
	free(b.ounit);
	free(b.outer1);
	free(b.pmark);
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
	size_t len = strlen(name);

	/* only Callgrind writes caller contexts (--separate-callers) after a quote */
	if (q && p->creator && !strncmp(p->creator, "callgrind", 9)) {
		len = (size_t)(q - name);
		if (q[1] >= '0' && q[1] <= '9') {
			/* a recursion level: "'2" stays */
			const char *d = q + 1;
			while (*d >= '0' && *d <= '9')
				d++;
			if (!*d || *d == '\'')
				len = (size_t)(d - name);
		}
	}
	/* an address names a function of its object only: "0x...db70 [libfoo.so.6]" */
	return fn_short_name(name, len, f->obj);
}
