/* view: the profile as the graph views see it: inlined code folded into its function; --focus, --ignore and --hide. */
#include "view.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diag.h"
#include "graph.h"
#include "modname.h"
#include "pattern.h"
#include "sort.h"

static int host_cmp(const void *x, const void *y)
{
	const struct fn *a = *(const struct fn *const *)x, *b = *(const struct fn *const *)y;

	if (a->k.name != b->k.name)
		return (uintptr_t)a->k.name < (uintptr_t)b->k.name ? -1 : 1;
	if (a->obj != b->obj)
		return (uintptr_t)a->obj < (uintptr_t)b->obj ? -1 : 1;
	return graph_fn_cmp(a, b);
}

struct fn **view_hosts(const struct profile *p)
{
	struct fn **host = xcalloc(p->nfns + 1, sizeof(*host));
	struct fn **named = xmalloc((p->nfns + 1) * sizeof(*named));
	size_t i, n = 0;

	for (i = 0; i < p->nfns; i++)
		if (p->fns[i]->named)
			named[n++] = p->fns[i];
	/* by (name, object) pointers, then name order: the first of a run is the host */
	sort_array(named, n, sizeof(*named), host_cmp);
	for (i = 0; i < p->nfns; i++) {
		struct fn *f = p->fns[i];
		size_t lo = 0, hi = n;
		if (f->named || !f->listed)
			continue;
		while (lo < hi) {
			size_t m = lo + (hi - lo) / 2;
			const struct fn *g = named[m];
			if ((uintptr_t)g->k.name < (uintptr_t)f->k.name ||
			    (g->k.name == f->k.name && (uintptr_t)g->obj < (uintptr_t)f->obj))
				lo = m + 1;
			else
				hi = m;
		}
		if (lo < n && named[lo]->k.name == f->k.name && named[lo]->obj == f->obj)
			host[i] = named[lo];
	}
	free(named);
	return host;
}

static int add(struct profile *dst, struct cc *to, const struct cc *from)
{
	if (cc_add(to, from, dst->ev.n)) {
		diag(DIAG_ERROR, NULL, 0, "a cost summed for a graph view does not fit in 64 bits");
		return -1;
	}
	if (from->ndef > to->ndef)
		to->ndef = from->ndef;
	return 0;
}

/* Calls merged into one: their counts summed, checked (a view never prints a wrapped count). */
static int add_count(uint64_t *to, uint64_t n)
{
	if (!__builtin_add_overflow(*to, n, to))
		return 0;
	diag(DIAG_ERROR, NULL, 0, "a call count summed for a graph view does not fit in 64 bits");
	return -1;
}

/* The same where counts are estimates (split in proportion): at most 2^64-1. */
static void add_count_sat(uint64_t *to, uint64_t n)
{
	if (__builtin_add_overflow(*to, n, to))
		*to = UINT64_MAX;
}

/* The file of dst with the name of src's file f. */
static struct file *file_in(struct profile *dst, const struct file *f)
{
	return profile_file(dst, profile_intern(dst, f->name, strlen(f->name)));
}

/* dst's function for src's f, created with its flags (not its costs). */
static struct fn *fn_in_copy(struct profile *dst, const struct fn *f)
{
	struct fn *g = profile_fn(dst, profile_intern(dst, f->obj, strlen(f->obj)),
				  file_in(dst, f->k.file), profile_intern(dst, f->k.name, strlen(f->k.name)));
	g->listed |= f->listed;
	g->named |= f->named;
	g->multi_obj |= f->multi_obj;
	g->outer = f->outer;	/* read by graph_inclusive() when levels are SET */
	return g;
}

/* Line costs of every file, and the call sites whose ends map (map[id] NULL: dropped). */
static int copy_lines(struct profile *dst, const struct profile *src, struct fn *const *map)
{
	size_t i, k;

	for (i = 0; i < src->nfiles_src; i++) {
		const struct file *f = src->files[i];
		struct file *d = file_in(dst, f);
		const struct callsite *s;
		uint64_t line;
		struct cc *cc;
		for (k = 0; file_line_next(f, &k, &line, &cc);)
			if (add(dst, profile_line(dst, d, line), cc))
				return -1;
		for (s = f->sites; s; s = s->next) {
			struct callsite *c;
			if (!map[s->k.caller->id] || !map[s->k.callee->id])
				continue;
			c = profile_callsite(dst, d, s->k.line, map[s->k.caller->id], map[s->k.callee->id]);
			if (add_count(&c->count, s->count) || add(dst, c->cc, s->cc))
				return -1;
		}
	}
	return 0;
}

int view_merge_inlined(struct profile *dst, const struct profile *src)
{
	struct fn **host = view_hosts(src), **map;
	size_t i;
	int rc = -1;

	if (modname_copy_header(dst, src)) {
		free(host);
		return -1;
	}
	map = xcalloc(src->nfns + 1, sizeof(*map));
	for (i = 0; i < src->nfns; i++) {
		const struct fn *f = src->fns[i];
		if (!host[i])
			map[i] = fn_in_copy(dst, f);
	}
	for (i = 0; i < src->nfns; i++) {
		if (host[i])
			map[i] = map[host[i]->id];
		if (add(dst, map[i]->self, src->fns[i]->self))
			goto out;
	}
	for (i = 0; i < src->ncalls; i++) {
		const struct call *c = src->calls[i];
		struct call *d = profile_call(dst, map[c->k.caller->id], map[c->k.callee->id]);
		if (add_count(&d->count, c->count) || add(dst, d->cc, c->cc))
			goto out;
	}
	rc = copy_lines(dst, src, map);
out:
	free(host);
	free(map);
	return rc;
}

/* ---- --focus, --ignore, --hide ---- */

/* Does f match one of the globs of this kind? */
static int matches(const struct fn *f, const struct opts_filter *v, size_t n,
		   enum opts_filter_kind kind)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const char *g = v[i].glob;
		if (v[i].kind != kind)
			continue;
		if (v[i].object) {
			if (!strcmp(f->obj, g) || !fnmatch(g, f->obj, 0))
				return 1;
			continue;
		}
		if (pattern_match(g, f->k.file->name, f->k.name))
			return 1;
	}
	return 0;
}

static size_t uf_find(size_t *parent, size_t x)
{
	while (parent[x] != x) {
		parent[x] = parent[parent[x]];
		x = parent[x];
	}
	return x;
}

/*
 * The share of each function's cost (per event) spent under a match: 1 for
 * a match; else the calls into it (not recursive) weighted by the share of
 * their callers, over all those calls.  The members of one recursion (joined
 * by recursive calls) share one value.  Static cycles are solved by
 * repeating the sweep until nothing moves.
 */
static double *under_matches(const struct profile *p, const unsigned char *match)
{
	size_t n = p->nfns, ne = p->ev.n, i, e, iter;
	size_t *unit = xmalloc((n + 1) * sizeof(*unit));
	double *psi = xcalloc(n * ne + 1, sizeof(*psi));
	double *w = xcalloc(n * ne + 1, sizeof(*w));
	unsigned char *umatch = xcalloc(n + 1, 1);

	for (i = 0; i < n; i++)
		unit[i] = i;
	for (i = 0; i < p->ncalls; i++) {
		const struct call *c = p->calls[i];
		size_t a, b;
		if (!c->recursive || c->k.caller == c->k.callee)
			continue;
		a = uf_find(unit, c->k.caller->id);
		b = uf_find(unit, c->k.callee->id);
		if (a != b)
			unit[a < b ? b : a] = a < b ? a : b;
	}
	for (i = 0; i < n; i++) {
		unit[i] = uf_find(unit, i);
		if (match[i])
			umatch[unit[i]] = 1;
	}
	for (i = 0; i < p->ncalls; i++) {
		const struct call *c = p->calls[i];
		size_t u = unit[c->k.callee->id];
		if (c->recursive || unit[c->k.caller->id] == u)
			continue;
		for (e = 0; e < ne; e++)
			w[u * ne + e] += (double)c->cc->v[e];
	}
	for (i = 0; i < n; i++)
		if (umatch[i])
			for (e = 0; e < ne; e++)
				psi[i * ne + e] = 1;
	/* sweeps over the calls, in the profile's order, until stable */
	for (iter = 0; iter < 1000; iter++) {
		double moved = 0;
		double *next = xcalloc(n * ne + 1, sizeof(*next));
		for (i = 0; i < p->ncalls; i++) {
			const struct call *c = p->calls[i];
			size_t u = unit[c->k.callee->id], a = unit[c->k.caller->id];
			if (c->recursive || a == u || umatch[u])
				continue;
			for (e = 0; e < ne; e++)
				if (w[u * ne + e] > 0)
					next[u * ne + e] += psi[a * ne + e] * (double)c->cc->v[e] /
							    w[u * ne + e];
		}
		for (i = 0; i < n; i++) {
			if (unit[i] != i || umatch[i])
				continue;
			for (e = 0; e < ne; e++) {
				double v = next[i * ne + e] > 1 ? 1 : next[i * ne + e];
				double d = v > psi[i * ne + e] ? v - psi[i * ne + e] : psi[i * ne + e] - v;
				if (d > moved)
					moved = d;
				psi[i * ne + e] = v;
			}
		}
		free(next);
		if (moved < 1e-12)
			break;
	}
	/* every member gets its unit's share */
	for (i = 0; i < n; i++)
		if (unit[i] != i)
			memcpy(&psi[i * ne], &psi[unit[i] * ne], ne * sizeof(*psi));
	free(unit);
	free(w);
	free(umatch);
	return psi;
}

/* A cost of 0 or more rounded to the nearest count (no libm). */
static uint64_t round_u64(double r)
{
	if (!(r > 0))
		return 0;
	return r + 0.5 >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)(r + 0.5);
}

static uint64_t scale(uint64_t v, double k)
{
	if (k >= 1)
		return v;
	return round_u64((double)v * k);
}

/* Set dst's total to the sum of its self costs: the view's own program total. */
static int sum_total(struct profile *dst)
{
	size_t i;

	memset(dst->total->v, 0, dst->ev.n * sizeof(dst->total->v[0]));
	for (i = 0; i < dst->nfns; i++)
		if (add(dst, dst->total, dst->fns[i]->self))
			return -1;
	dst->total_calculated = 1;
	return 0;
}

/*
 * keep[i] gives the factor of each event for function i (row of ne
 * doubles), or the whole row is 0: dropped.  Self costs are scaled by the
 * function's factor, calls by their caller's.
 */
static int scaled_copy(struct profile *dst, const struct profile *src, const double *k)
{
	size_t i, e, ne = src->ev.n;
	struct fn **map = xcalloc(src->nfns + 1, sizeof(*map));
	int rc = -1;

	if (modname_copy_header(dst, src))
		goto out;
	for (i = 0; i < src->nfns; i++) {
		const struct fn *f = src->fns[i];
		int any = 0;
		for (e = 0; e < ne; e++)
			any |= k[i * ne + e] > 0;
		if (!any)
			continue;
		map[i] = fn_in_copy(dst, f);
		for (e = 0; e < ne; e++)
			map[i]->self->v[e] = scale(f->self->v[e], k[i * ne + e]);
		map[i]->self->ndef = f->self->ndef;
	}
	for (i = 0; i < src->ncalls; i++) {
		const struct call *c = src->calls[i];
		size_t a = c->k.caller->id, pe = 0;
		struct call *d;
		uint64_t count;
		if (!map[a] || !map[c->k.callee->id])
			continue;
		count = scale(c->count, k[a * ne + pe]);
		if (!count && k[a * ne + pe] > 0)
			count = 1;	/* some of these calls happen here */
		d = profile_call(dst, map[a], map[c->k.callee->id]);
		add_count_sat(&d->count, count);
		for (e = 0; e < ne; e++)
			d->cc->v[e] += scale(c->cc->v[e], k[a * ne + e]);
		if (c->cc->ndef > d->cc->ndef)
			d->cc->ndef = c->cc->ndef;
	}
	if (copy_lines(dst, src, map) || sum_total(dst))
		goto out;
	rc = 0;
out:
	free(map);
	return rc;
}

/* --focus (keep the share under the matches) or --ignore (keep the rest). */
static int focus_or_ignore(struct profile *dst, const struct profile *src,
			   const struct opts_filter *v, size_t n, int focus)
{
	size_t i, ne = src->ev.n;
	unsigned char *m = xcalloc(src->nfns + 1, 1);
	double *psi;
	int rc;

	for (i = 0; i < src->nfns; i++)
		m[i] = (unsigned char)matches(src->fns[i], v, n, focus ? OPTS_FOCUS : OPTS_IGNORE);
	psi = under_matches(src, m);
	if (!focus) {
		for (i = 0; i < src->nfns * ne; i++)
			psi[i] = m[i / ne] ? 0 : 1 - psi[i];
	}
	rc = scaled_copy(dst, src, psi);
	free(psi);
	free(m);
	return rc;
}

/*
 * --hide: each match, in name order, is taken out of the call graph; its
 * self cost goes to its callers and its calls become theirs, split in
 * proportion to the costs of the calls made to it (per event).  A match
 * nobody calls stays.  Works on a copy with costs in doubles.
 */
struct hedge {
	size_t to;
	double count;
	double *cost;		/* ne */
	int recursive;
	struct hedge *next;
};

static int fn_ptr_cmp(const void *x, const void *y)
{
	return graph_fn_cmp(*(const struct fn *const *)x, *(const struct fn *const *)y);
}

static int hide(struct profile *dst, const struct profile *src, const struct opts_filter *v,
		size_t n)
{
	size_t nf = src->nfns, ne = src->ev.n, i, e, k;
	double *self = xcalloc(nf * ne + 1, sizeof(*self));
	struct hedge **out = xcalloc(nf + 1, sizeof(*out));
	unsigned char *gone = xcalloc(nf + 1, 1);
	const struct fn **order = xmalloc((nf + 1) * sizeof(*order));
	struct fn **map = xcalloc(nf + 1, sizeof(*map));
	size_t norder = 0;
	int rc = -1;

	for (i = 0; i < nf; i++)
		for (e = 0; e < ne; e++)
			self[i * ne + e] = (double)src->fns[i]->self->v[e];
	for (i = 0; i < src->ncalls; i++) {
		const struct call *c = src->calls[i];
		struct hedge *h = xcalloc(1, sizeof(*h));
		h->to = c->k.callee->id;
		h->count = (double)c->count;
		h->cost = xcalloc(ne + 1, sizeof(double));
		for (e = 0; e < ne; e++)
			h->cost[e] = (double)c->cc->v[e];
		h->recursive = c->recursive;
		h->next = out[c->k.caller->id];
		out[c->k.caller->id] = h;
	}
	for (i = 0; i < nf; i++)
		if (matches(src->fns[i], v, n, OPTS_HIDE))
			order[norder++] = src->fns[i];
	sort_array(order, norder, sizeof(*order), fn_ptr_cmp);
	for (k = 0; k < norder; k++) {
		size_t hid = order[k]->id, a;
		double *w = xcalloc(ne + 1, sizeof(double)), wcount = 0;
		struct hedge *x, *y, **pp;
		int called = 0;
		/* the calls into it (not recursive, not from itself) */
		for (a = 0; a < nf; a++) {
			if (gone[a] || a == hid)
				continue;
			for (x = out[a]; x; x = x->next) {
				if (x->to != hid || x->recursive)
					continue;
				called = 1;
				wcount += x->count;
				for (e = 0; e < ne; e++)
					w[e] += x->cost[e];
			}
		}
		if (!called) {
			free(w);
			continue;	/* nobody to charge: it stays */
		}
		for (a = 0; a < nf; a++) {
			if (gone[a] || a == hid)
				continue;
			for (x = out[a]; x; x = x->next) {
				double fc;
				if (x->to != hid || x->recursive)
					continue;
				fc = wcount > 0 ? x->count / wcount : 0;
				for (e = 0; e < ne; e++) {
					double f = w[e] > 0 ? x->cost[e] / w[e] : fc;
					self[a * ne + e] += f * self[hid * ne + e];
				}
				/* its calls become a's */
				for (y = out[hid]; y; y = y->next) {
					struct hedge *z;
					if (y->to == hid || y->to == a)
						continue;	/* back into itself or to a: a's own time */
					for (z = out[a]; z; z = z->next)
						if (z->to == y->to && !z->recursive)
							break;
					if (!z) {
						z = xcalloc(1, sizeof(*z));
						z->to = y->to;
						z->cost = xcalloc(ne + 1, sizeof(double));
						z->next = out[a];
						out[a] = z;
					}
					z->count += fc * y->count;
					for (e = 0; e < ne; e++) {
						double f = w[e] > 0 ? x->cost[e] / w[e] : fc;
						/* a recursive call's summed cost counts nested calls again */
						if (!y->recursive)
							z->cost[e] += f * y->cost[e];
					}
				}
			}
		}
		/* drop it and every call to it */
		for (a = 0; a < nf; a++) {
			for (pp = &out[a]; *pp;) {
				x = *pp;
				if (x->to == hid || a == hid) {
					*pp = x->next;
					free(x->cost);
					free(x);
				} else {
					pp = &x->next;
				}
			}
		}
		gone[hid] = 1;
		free(w);
	}

	if (modname_copy_header(dst, src))
		goto out;
	for (i = 0; i < nf; i++) {
		if (gone[i])
			continue;
		map[i] = fn_in_copy(dst, src->fns[i]);
		for (e = 0; e < ne; e++)
			map[i]->self->v[e] = round_u64(self[i * ne + e]);
		map[i]->self->ndef = src->fns[i]->self->ndef;
	}
	for (i = 0; i < nf; i++) {
		struct hedge *x;
		if (gone[i])
			continue;
		for (x = out[i]; x; x = x->next) {
			struct call *d = profile_call(dst, map[i], map[x->to]);
			add_count_sat(&d->count, round_u64(x->count));
			for (e = 0; e < ne; e++)
				d->cc->v[e] += round_u64(x->cost[e]);
			d->cc->ndef = (uint32_t)ne;
		}
	}
	if (copy_lines(dst, src, map) || sum_total(dst))
		goto out;
	rc = 0;
out:
	for (i = 0; i < nf; i++) {
		while (out[i]) {
			struct hedge *x = out[i];
			out[i] = x->next;
			free(x->cost);
			free(x);
		}
	}
	free(out);
	free(self);
	free(gone);
	free(order);
	free(map);
	return rc;
}

static int has(const struct opts_filter *v, size_t n, enum opts_filter_kind kind)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (v[i].kind == kind)
			return 1;
	return 0;
}

int view_filter(struct profile *dst, const struct profile *src, const struct opts_filter *f,
		size_t n)
{
	static const enum opts_filter_kind steps[] = { OPTS_FOCUS, OPTS_IGNORE, OPTS_HIDE };
	struct profile a, b;
	const struct profile *cur = src;
	size_t s;
	int have = 0;

	for (s = 0; s < 3; s++) {
		int rc;
		if (!has(f, n, steps[s]))
			continue;
		if (have && graph_inclusive(&a, NULL)) {
			profile_release(&a);
			profile_init(dst);
			return -1;
		}
		if (steps[s] == OPTS_HIDE)
			rc = hide(&b, cur, f, n);
		else
			rc = focus_or_ignore(&b, cur, f, n, steps[s] == OPTS_FOCUS);
		if (have)
			profile_release(&a);
		if (rc) {
			profile_release(&b);
			profile_init(dst);
			return -1;
		}
		a = b;
		cur = &a;
		have = 1;
	}
	if (!have) {
		struct modname_list none;
		modname_init(&none);
		return modname_profile(dst, src, &none, &none);
	}
	*dst = a;
	return 0;
}
