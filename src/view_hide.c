/* view_hide: --hide: functions taken out of the call graph, their costs and calls given to their callers. */
#include "view_int.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diag.h"
#include "graph.h"
#include "hash.h"
#include "modname.h"
#include "sort.h"

/*
 * --hide: each match, in name order, is taken out of the call graph; its
 * self cost goes to its callers and its calls become theirs, split in
 * proportion to the costs of the calls made to it (per event), in whole
 * counts that add up to what was split (largest remainders), so the
 * program total and the calls into every function not hidden keep their
 * sums to the count.  A call of the match back to one of its callers is
 * split over its other callers only: that caller did not call itself
 * through the match (an outermost one cannot be entered again).  A match
 * nobody calls stays.
 */
struct hedge {
	uint32_t from, to;
	unsigned recursive:1, dead:1;
	uint64_t count;
	uint64_t *cost;		/* ne */
};

struct hgraph {
	size_t ne, n;
	struct hedge *e;
	size_t ne_, cap;
	uint32_t **out, **in;	/* by fn: edge indexes (dead ones skipped) */
	size_t *nout, *nin, *capout, *capin;
	uint32_t *tab;		/* (from, to) of live non-recursive edges: 1 + index */
	size_t tcap, tn;
	uint64_t *self;		/* n * ne */
	struct arena costs;	/* the edges' cost arrays */
	struct arena lists;	/* out and in */
};

static size_t htab_slot(const struct hgraph *h, uint32_t from, uint32_t to)
{
	size_t s = (size_t)hash_words(from, to, 7) & (h->tcap - 1);
	for (; h->tab[s]; s = (s + 1) & (h->tcap - 1)) {
		const struct hedge *x = &h->e[h->tab[s] - 1];
		if (x->from == from && x->to == to)
			break;
	}
	return s;
}

/* The slot of (from, to) in tab, a table of tcap edge numbers + 1 keyed like h->tab. */
static size_t rtab_slot(const struct hgraph *h, const uint32_t *tab, size_t tcap, uint32_t from,
			uint32_t to)
{
	size_t s = (size_t)hash_words(from, to, 11) & (tcap - 1);
	for (; tab[s]; s = (s + 1) & (tcap - 1)) {
		const struct hedge *x = &h->e[tab[s] - 1];
		if (x->from == from && x->to == to)
			break;
	}
	return s;
}

/* Add x to a list from h->lists: one that is full moves to a block twice as large. */
static void hlist_add(struct hgraph *h, uint32_t **v, size_t *n, size_t *cap, uint32_t x)
{
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 4;
		*v = arena_regrow(&h->lists, *v, *n * sizeof(**v), *cap * sizeof(**v));
	}
	(*v)[(*n)++] = x;
}

static uint32_t hedge_new(struct hgraph *h, uint32_t from, uint32_t to, int recursive)
{
	struct hedge *x;
	uint32_t id;

	if (h->ne_ == h->cap) {
		struct hedge *w = view_big(2 * h->cap, sizeof(*w));
		memcpy(w, h->e, h->cap * sizeof(*w));
		xfree_table(h->e);
		h->e = w;
		h->cap *= 2;
	}
	id = (uint32_t)h->ne_++;
	x = &h->e[id];
	memset(x, 0, sizeof(*x));
	x->from = from;
	x->to = to;
	x->recursive = recursive != 0;
	x->cost = arena_alloc(&h->costs, (h->ne + 1) * sizeof(*x->cost));
	hlist_add(h, &h->out[from], &h->nout[from], &h->capout[from], id);
	hlist_add(h, &h->in[to], &h->nin[to], &h->capin[to], id);
	if (!recursive) {
		size_t s;
		if (2 * (h->tn + 1) > h->tcap) {
			size_t k, old = h->tcap;
			uint32_t *ot = h->tab;
			h->tcap = old ? 2 * old : 64;
			h->tab = view_bigz(h->tcap, sizeof(*h->tab));
			for (k = 0; k < old; k++)
				if (ot[k]) {
					const struct hedge *y = &h->e[ot[k] - 1];
					h->tab[htab_slot(h, y->from, y->to)] = ot[k];
				}
			xfree_table(ot);
		}
		s = htab_slot(h, from, to);
		h->tab[s] = id + 1;
		h->tn++;
	}
	return id;
}

/* The live non-recursive edge from -> to, made when there is none. */
static uint32_t hedge_get(struct hgraph *h, uint32_t from, uint32_t to)
{
	size_t s = htab_slot(h, from, to);
	if (h->tab[s])
		return h->tab[s] - 1;
	return hedge_new(h, from, to, 0);
}

static int fn_ptr_cmp(const void *x, const void *y)
{
	return graph_fn_cmp(*(const struct fn *const *)x, *(const struct fn *const *)y);
}

/* Take function h out of the graph (see above); 0 when nobody calls it (it stays). */
static int hide_one(struct hgraph *h, uint32_t hid)
{
	size_t ne = h->ne, m = 0, k, j, e, nin = h->nin[hid];
	uint32_t *callers = xmalloc((nin + 1) * sizeof(*callers));	/* edge indexes */
	uint64_t *w = xmalloc((nin + 1) * sizeof(*w)), *part = xmalloc((nin + 1) * sizeof(*part));
	struct view_split *tmp = xmalloc((nin + 1) * sizeof(*tmp));
	uint32_t *elig = xmalloc((nin + 1) * sizeof(*elig));

	for (k = 0; k < nin; k++) {
		const struct hedge *x = &h->e[h->in[hid][k]];
		if (!x->dead && !x->recursive && x->from != hid)
			callers[m++] = h->in[hid][k];
	}
	if (m) {
		/* the weights of one event: the calls' costs, else counts, else equal */
		size_t nel;
		for (e = 0; e <= ne; e++) {
			/* e == ne: the counts */
			unsigned __int128 ws = 0;
			for (k = 0; k < m; k++) {
				const struct hedge *x = &h->e[callers[k]];
				w[k] = e < ne ? x->cost[e] : x->count;
				ws += w[k];
			}
			if (!ws) {
				for (k = 0; k < m; k++) {
					const struct hedge *x = &h->e[callers[k]];
					w[k] = x->count ? x->count : 1;
					ws += w[k];
				}
			}
			if (e < ne) {
				view_split_exact(h->self[hid * ne + e], w, m, ws, part, tmp);
				for (k = 0; k < m; k++)
					h->self[h->e[callers[k]].from * ne + e] += part[k];
			}
			/* its calls, each over the callers it does not go back to */
			for (j = 0; j < h->nout[hid]; j++) {
				uint32_t yi = h->out[hid][j];
				uint64_t amount;
				unsigned __int128 es = 0;
				if (h->e[yi].dead || h->e[yi].to == hid)
					continue;
				amount = e < ne ? (h->e[yi].recursive ? 0 : h->e[yi].cost[e]) : h->e[yi].count;
				nel = 0;
				for (k = 0; k < m; k++)
					if (h->e[callers[k]].from != h->e[yi].to) {
						elig[nel] = (uint32_t)k;
						part[nel] = w[k];
						es += w[k];
						nel++;
					}
				if (!nel)
					continue;
				if (!es) {
					for (k = 0; k < nel; k++)
						part[k] = 1;
					es = nel;
				}
				{
					uint64_t *wk = xmalloc((nel + 1) * sizeof(*wk));
					memcpy(wk, part, nel * sizeof(*wk));
					view_split_exact(amount, wk, nel, es, part, tmp);
					free(wk);
				}
				for (k = 0; k < nel; k++) {
					uint32_t from = h->e[callers[elig[k]]].from, to = h->e[yi].to, z;
					if (!part[k])
						continue;
					z = hedge_get(h, from, to);
					if (e < ne)
						h->e[z].cost[e] += part[k];
					else
						h->e[z].count += part[k];
				}
			}
		}
		/* drop it and every call to and from it */
		for (k = 0; k < h->nin[hid]; k++)
			h->e[h->in[hid][k]].dead = 1;
		for (k = 0; k < h->nout[hid]; k++)
			h->e[h->out[hid][k]].dead = 1;
	}
	free(callers);
	free(w);
	free(part);
	free(tmp);
	free(elig);
	return m > 0;
}

int view_hide(struct profile *dst, const struct profile *src, const unsigned char *match)
{
	struct file_memo memo = { NULL, NULL };
	size_t nf = src->nfns, ne = src->ev.n, i, e, k, norder = 0;
	struct hgraph h;
	unsigned char *gone = xcalloc(nf + 1, 1);
	const struct fn **order = xmalloc((nf + 1) * sizeof(*order));
	struct fn **map = xcalloc(nf + 1, sizeof(*map));
	struct call **made = NULL;	/* by edge: its call in dst */
	uint32_t *rtab = NULL;		/* src's recursive calls by their ends: 1 + edge */
	size_t rcap;
	int rc = -1;

	memset(&h, 0, sizeof(h));
	h.ne = ne;
	h.n = nf;
	h.out = xcalloc(nf + 1, sizeof(*h.out));
	h.in = xcalloc(nf + 1, sizeof(*h.in));
	h.nout = xcalloc(nf + 1, sizeof(*h.nout));
	h.nin = xcalloc(nf + 1, sizeof(*h.nin));
	h.capout = xcalloc(nf + 1, sizeof(*h.capout));
	h.capin = xcalloc(nf + 1, sizeof(*h.capin));
	h.self = xcalloc(nf * ne + 1, sizeof(*h.self));
	for (i = 0; i < nf; i++)
		for (e = 0; e < ne; e++)
			h.self[i * ne + e] = src->fns[i]->self->v[e];
	/* room for the profile's calls at once: one array, lists of their size, a table half full */
	arena_init(&h.costs);
	arena_init(&h.lists);
	h.cap = src->ncalls + 64;
	h.e = view_big(h.cap, sizeof(*h.e));
	for (h.tcap = 64; h.tcap < 2 * (src->ncalls + 1); h.tcap *= 2)
		;
	h.tab = view_bigz(h.tcap, sizeof(*h.tab));
	for (i = 0; i < src->ncalls; i++) {
		h.capout[src->calls[i]->k.caller->id]++;
		h.capin[src->calls[i]->k.callee->id]++;
	}
	for (i = 0; i < nf; i++) {
		h.out[i] = h.capout[i] ? arena_alloc(&h.lists, h.capout[i] * sizeof(**h.out)) : NULL;
		h.in[i] = h.capin[i] ? arena_alloc(&h.lists, h.capin[i] * sizeof(**h.in)) : NULL;
	}
	for (i = 0; i < src->ncalls; i++) {
		const struct call *c = src->calls[i];
		uint32_t x = hedge_new(&h, c->k.caller->id, c->k.callee->id, c->recursive);
		h.e[x].count = c->count;
		memcpy(h.e[x].cost, c->cc->v, ne * sizeof(uint64_t));
	}
	for (i = 0; i < nf; i++)
		if (match[i])
			order[norder++] = src->fns[i];
	sort_array(order, norder, sizeof(*order), fn_ptr_cmp);
	for (k = 0; k < norder; k++) {
		/* one that starts a thread's stacks has them to charge to nobody: it stays */
		if (src->root_cost && src->root_cost[order[k]->id])
			continue;
		gone[order[k]->id] = (unsigned char)hide_one(&h, order[k]->id);
	}

	if (modname_copy_header(dst, src, PROFILE_PLAIN_FNS | PROFILE_PLAIN_CALLS))
		goto out;
	for (i = 0; i < nf; i++) {
		if (gone[i])
			continue;
		map[i] = view_fn_in_copy(dst, src->fns[i], &memo);
		memcpy(map[i]->self->v, &h.self[i * ne], ne * sizeof(uint64_t));
		map[i]->self->ndef = src->fns[i]->self->ndef;
	}
	/*
	 * Each edge is a call of dst, made once (profile_call_new()), but
	 * for one case: an edge the hiding made (not one of src's calls)
	 * between the ends of a recursive call of src is added to that
	 * call, which comes first.
	 */
	made = xcalloc(h.ne_ + 1, sizeof(*made));
	for (rcap = 64; rcap < 2 * (src->ncalls + 1); rcap *= 2)
		;
	rtab = xcalloc(rcap, sizeof(*rtab));
	for (i = 0; i < src->ncalls; i++)
		if (h.e[i].recursive)
			rtab[rtab_slot(&h, rtab, rcap, h.e[i].from, h.e[i].to)] = (uint32_t)i + 1;
	for (i = 0; i < h.ne_; i++) {
		const struct hedge *x = &h.e[i];
		struct call *d = NULL;
		int any = 0;
		if (x->dead || gone[x->from] || gone[x->to])
			continue;
		for (e = 0; e < ne; e++)
			any |= x->cost[e] > 0;
		if (!any && !x->count)
			continue;
		if (i >= src->ncalls) {
			uint32_t r = rtab[rtab_slot(&h, rtab, rcap, x->from, x->to)];
			if (r)
				d = made[r - 1];
		}
		if (!d)
			d = made[i] = profile_call_new(dst, map[x->from], map[x->to]);
		if (view_add_count(&d->count, x->count ? x->count : 1))
			goto out;
		for (e = 0; e < ne; e++)
			if (__builtin_add_overflow(d->cc->v[e], x->cost[e], &d->cc->v[e])) {
				diag(DIAG_ERROR, NULL, 0, "a cost summed for a graph view does not fit in 64 bits");
				goto out;
			}
		d->cc->ndef = (uint32_t)ne;
	}
	view_copy_root_cost(dst, src, map, NULL);
	/*
	 * Hiding takes frames off the stacks, never time: every function left
	 * is on the stack as long as in src.  Its calls and self cost, split
	 * in proportion, may say more (a match whose activations do not all
	 * start with a call line: ld.so's resolver, entered by a jump).
	 */
	view_keep_exact_incl(dst, src, map, NULL);
	view_copy_caps(dst, src, map);
	dst->sites_whole = 1;
	if (view_copy_lines(dst, src, map) || view_sum_total(dst))
		goto out;
	rc = 0;
out:
	arena_release(&h.costs);
	xfree_table(h.e);
	arena_release(&h.lists);
	free(h.out);
	free(h.in);
	free(h.nout);
	free(h.nin);
	free(h.capout);
	free(h.capin);
	xfree_table(h.tab);
	free(h.self);
	free(gone);
	free(order);
	free(map);
	free(made);
	free(rtab);
	return rc;
}
