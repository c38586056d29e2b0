/* view_copy: what a view's copy is made of: its functions, calls, lines and thread stacks, its costs rounded. */
#include "view_int.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diag.h"
#include "fnline.h"
#include "modname.h"
#include "sort.h"

static void *big_new(size_t n, size_t size, int zero)
{
	if (size && n > SIZE_MAX / size)
		xalloc_die();
	return zero ? xcalloc_table(n * size) : xmalloc_table(n * size);
}

void *view_big(size_t n, size_t size)
{
	return big_new(n, size, 0);
}

void *view_bigz(size_t n, size_t size)
{
	return big_new(n, size, 1);
}

int view_add(struct profile *dst, struct cc *to, const struct cc *from)
{
	if (cc_add(to, from, dst->ev.n)) {
		diag(DIAG_ERROR, NULL, 0, "a cost summed for a graph view does not fit in 64 bits");
		return -1;
	}
	if (from->ndef > to->ndef)
		to->ndef = from->ndef;
	return 0;
}

int view_add_count(uint64_t *to, uint64_t n)
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

static int vsplit_cmp(const void *x, const void *y)
{
	const struct view_split *a = x, *b = y;
	if (a->rem_hi != b->rem_hi)
		return a->rem_hi > b->rem_hi ? -1 : 1;
	if (a->rem_lo != b->rem_lo)
		return a->rem_lo > b->rem_lo ? -1 : 1;
	return a->k < b->k ? -1 : a->k > b->k;
}

void view_split_exact(uint64_t total, const uint64_t *w, size_t m, unsigned __int128 wsum,
			uint64_t *out, struct view_split *tmp)
{
	size_t k;
	uint64_t given = 0;

	for (k = 0; k < m; k++) {
		unsigned __int128 x = (unsigned __int128)total * w[k];
		unsigned __int128 q = x / wsum, r = x % wsum;
		out[k] = (uint64_t)q;
		given += out[k];
		tmp[k].k = (uint32_t)k;
		/* the remainders share the denominator wsum: compared as they are */
		tmp[k].rem_hi = (uint64_t)(r >> 64);
		tmp[k].rem_lo = (uint64_t)r;
	}
	if (given == total)
		return;
	sort_array(tmp, m, sizeof(*tmp), vsplit_cmp);
	for (k = 0; given < total; k = (k + 1) % m, given++)
		out[tmp[k].k]++;
}

struct fn *view_fn_in_copy(struct profile *dst, const struct fn *f, struct file_memo *m)
{
	struct fn *g;

	/* functions come by file mostly: each run of one file is looked up once */
	if (f->k.file != m->from) {
		m->from = f->k.file;
		m->to = profile_file(dst, f->k.file->name);
	}
	g = profile_fn_new(dst, f->obj, m->to, f->k.name);

	g->listed = f->listed;
	g->named = f->named;
	g->multi_obj = f->multi_obj;
	g->outer = f->outer;	/* read by graph_inclusive() when levels are SET */
	return g;
}

void view_copy_caps(struct profile *dst, const struct profile *src, struct fn *const *map)
{
	size_t i, e;

	if (!src->incl || src->drop_calls)
		return;
	dst->incl_cap = xcalloc(dst->nfns + 1, sizeof(*dst->incl_cap));
	for (i = 0; i < src->nfns; i++) {
		const struct cc *in = fn_incl(src, src->fns[i]);
		struct cc *cap;
		if (!map[i])
			continue;
		cap = dst->incl_cap[map[i]->id];
		if (!cap) {
			cap = dst->incl_cap[map[i]->id] = profile_cc_new(dst);
			memcpy(cap, in, profile_cc_size(dst));
			continue;
		}
		for (e = 0; e < dst->ev.n; e++)
			if (in->v[e] > cap->v[e])
				cap->v[e] = in->v[e];
	}
}

int view_copy_lines(struct profile *dst, const struct profile *src, struct fn *const *map)
{
	size_t i, k;

	/* a piece merged into its host keeps no span: its lines are of another file */
	for (i = 0; i < src->nfns && src->keep_spans; i++)
		if (map[i] && !strcmp(map[i]->k.file->name, src->fns[i]->k.file->name))
			profile_span_copy(dst, map[i], src, src->fns[i]);
	fnline_copy(dst, src, map, NULL);
	fnline_finish(dst);
	for (i = 0; i < src->nfiles_src; i++) {
		const struct file *f = src->files[i];
		struct file *d = profile_file(dst, f->name);
		const struct callsite *s;
		uint64_t line;
		struct cc *cc;
		for (k = 0; file_line_next(f, &k, &line, &cc);)
			if (view_add(dst, profile_line(dst, d, line), cc))
				return -1;
		for (s = f->sites; s; s = s->next) {
			struct callsite *c;
			if (!map[s->k.caller->id] || !map[s->k.callee->id])
				continue;
			c = profile_callsite(dst, d, s->k.line, map[s->k.caller->id], map[s->k.callee->id]);
			if (view_add_count(&c->count, s->count) || view_add(dst, c->cc, s->cc))
				return -1;
		}
	}
	return 0;
}

void view_copy_root_cost(struct profile *dst, const struct profile *src, struct fn *const *map,
			 const double *k)
{
	size_t i, e, ne = src->ev.n;

	if (!src->root_cost)
		return;
	for (i = 0; i < src->nfns; i++) {
		struct cc *d;
		if (!src->root_cost[i] || !map[i])
			continue;
		if (!dst->root_cost)
			dst->root_cost = xcalloc(dst->nfns + 1, sizeof(*dst->root_cost));
		d = dst->root_cost[map[i]->id];
		if (!d)
			d = dst->root_cost[map[i]->id] = profile_cc_new(dst);
		for (e = 0; e < ne; e++) {
			uint64_t v = src->root_cost[i]->v[e];
			if (k && k[i * ne + e] < 1)
				v = (uint64_t)((double)v * k[i * ne + e] + 0.5);
			d->v[e] += v;
		}
		d->ndef = (uint32_t)ne;
	}
}

/* A cost of 0 or more rounded to the nearest count (no libm). */
void view_keep_exact_incl(struct profile *dst, const struct profile *src, struct fn *const *map,
			  const unsigned char *only)
{
	size_t i;

	dst->exact_incl = xcalloc(dst->nfns + 1, sizeof(*dst->exact_incl));
	for (i = 0; i < src->nfns && src->incl; i++) {
		const struct fn *f = src->fns[i];
		if ((only && !only[i]) || !map[i] || !f->incl_exact)
			continue;
		dst->exact_incl[map[i]->id] = profile_cc_new(dst);
		memcpy(dst->exact_incl[map[i]->id], fn_incl(src, f), profile_cc_size(dst));
	}
}

static uint64_t round_u64(double r)
{
	double x = r + 0.5;

	if (!(r > 0))
		return 0;
	if (x < 9223372036854775808.0)
		return (uint64_t)(int64_t)x;	/* below 2^63: one conversion instruction */
	return x >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)x;
}

int view_sum_total(struct profile *dst)
{
	size_t i;

	memset(dst->total->v, 0, dst->ev.n * sizeof(dst->total->v[0]));
	for (i = 0; i < dst->nfns; i++)
		if (view_add(dst, dst->total, dst->fns[i]->self))
			return -1;
	dst->total_calculated = 1;
	return 0;
}

/*
 * The flows of a static cycle go round it: where the calls into a
 * function of a view add up to more than the view's total (what
 * circulated back to a function from below itself), they are scaled down
 * to it, so that no function shows more than all of its view.  Two kinds
 * of call are left as they are: a recursive one (in the profile; the copy
 * marks it so until graph_inclusive() runs on it), whose cost counts
 * nested calls again and may pass any total (Go's doInit'2 calls cost 2.8
 * times its program), and one the view keeps whole (whole, by call of dst
 * and event), a fact of the profile: the others take what room is left.
 */
static void cap_scale(struct profile *dst, const unsigned char *whole, int out)
{
	size_t ne = dst->ev.n, i, e;
	/* by function and event: the sum of the calls kept whole, of the others */
	double *fixed = xcalloc(dst->nfns * ne + 1, sizeof(*fixed));
	double *free_ = xcalloc(dst->nfns * ne + 1, sizeof(*free_));

	for (i = 0; i < dst->ncalls; i++) {
		const struct call *c = dst->calls[i];
		size_t f = out ? c->k.caller->id : c->k.callee->id;
		for (e = 0; e < ne && !c->recursive; e++)
			(whole[i * ne + e] ? fixed : free_)[f * ne + e] += (double)c->cc->v[e];
	}
	for (i = 0; i < dst->ncalls; i++) {
		struct call *c = dst->calls[i];
		const struct fn *f = out ? c->k.caller : c->k.callee;
		for (e = 0; e < ne && !c->recursive; e++) {
			double fs = free_[f->id * ne + e], room = (double)dst->total->v[e];
			if (out)	/* a function's own cost and calls out: all it costs when nobody calls it */
				room -= (double)f->self->v[e];
			room -= fixed[f->id * ne + e];
			if (whole[i * ne + e] || !(fs > 0) || fs <= room)
				continue;
			c->cc->v[e] = (uint64_t)((double)c->cc->v[e] * (room > 0 ? room / fs : 0));
		}
	}
	free(fixed);
	free(free_);
}

struct rem {
	double frac;
	uint32_t fn;
};

static int rem_cmp(const void *x, const void *y)
{
	const struct rem *a = x, *b = y;
	if (a->frac != b->frac)
		return a->frac > b->frac ? -1 : 1;
	return a->fn < b->fn ? -1 : a->fn > b->fn;
}

/*
 * Put the k first of r[0..n) in rem_cmp's order in r[0..k), in any order
 * (quickselect; the range sorted where it would go on too long).
 */
static void rem_select(struct rem *r, size_t n, size_t k)
{
	size_t lo = 0, hi = n, depth = 0;

	while (hi - lo > 1 && k > lo && k < hi) {
		struct rem pv, t;
		size_t i, j, mid = lo + (hi - lo) / 2;
		if (++depth > 64) {
			sort_array(r + lo, hi - lo, sizeof(*r), rem_cmp);
			return;
		}
		/* the median of three as the pivot */
		if (rem_cmp(&r[mid], &r[lo]) < 0)
			t = r[mid], r[mid] = r[lo], r[lo] = t;
		if (rem_cmp(&r[hi - 1], &r[mid]) < 0) {
			t = r[hi - 1], r[hi - 1] = r[mid], r[mid] = t;
			if (rem_cmp(&r[mid], &r[lo]) < 0)
				t = r[mid], r[mid] = r[lo], r[lo] = t;
		}
		pv = r[mid];
		/* those before the pivot to the front */
		for (i = lo, j = lo; i < hi; i++)
			if (rem_cmp(&r[i], &pv) < 0)
				t = r[i], r[i] = r[j], r[j++] = t;
		if (j >= k) {
			hi = j;
			continue;
		}
		/* then the pivot itself (the order is total: one element) */
		for (i = j; i < hi; i++)
			if (!rem_cmp(&r[i], &pv)) {
				t = r[i], r[i] = r[j], r[j++] = t;
				break;
			}
		lo = j;
	}
}

/*
 * The self costs of a view (v, by src fn id and event) in whole counts
 * that add up to their sum rounded (largest remainders), so a view's
 * total is what its flows say to the count, not off by the roundings.
 */
static void round_selves(const struct profile *src, struct fn *const *map, const double *v)
{
	size_t ne = src->ev.n, n = src->nfns, i, e, m, pos;
	struct rem *r = xmalloc((n + 1) * sizeof(*r));

	for (e = 0; e < ne; e++) {
		double sum = 0;
		uint64_t given = 0, want;
		m = 0;
		for (i = 0; i < n; i++) {
			double x = v[i * ne + e];
			uint64_t fl;
			if (!map[i])
				continue;
			fl = x > 0 ? (x >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)x) : 0;
			map[i]->self->v[e] = fl;
			given += fl;
			sum += x > 0 ? x : 0;
			r[m].frac = x - (double)fl;
			r[m].fn = (uint32_t)i;
			m++;
		}
		want = round_u64(sum);
		if (given >= want || !m)
			continue;
		/*
		 * Those with a part of a count first (they come first in
		 * rem_cmp's order): most functions of a view are kept whole, and
		 * the rest are sorted only if the first do not make up the sum.
		 */
		for (i = 0, pos = 0; i < m; i++)
			if (r[i].frac > 0) {
				struct rem t = r[pos];
				r[pos++] = r[i];
				r[i] = t;
			}
		rem_select(r, pos, want - given < pos ? (size_t)(want - given) : pos);
		for (i = 0; given < want && i < pos; i++, given++)
			map[r[i].fn]->self->v[e]++;
		if (given < want)
			rem_select(r + pos, m - pos,
				   want - given < m - pos ? (size_t)(want - given) : m - pos);
		for (i = pos; given < want && i < m; i++, given++)
			map[r[i].fn]->self->v[e]++;
	}
	free(r);
}

/*
 * The copy of --focus (focus set) or --ignore.  A function keeps the part
 * rho of its self cost under a match (focus) or the rest (ignore; the
 * matches go).  A call between units keeps its flow under a match (focus:
 * a call into a match only from a match, so the stacks start at the
 * matches) or what is left of it once that flow and what it leads down to
 * a match are taken off (ignore); calls inside a unit are scaled like
 * their caller.  A match keeps its exact inclusive cost (exact_incl):
 * whatever calls of its callers were cut, that is what it cost.
 */
int view_copy(struct profile *dst, const struct profile *src, const struct ugraph *g,
	      const unsigned char *match, const double *rho, const double *flow,
	      const double *up, const double *uproot, int focus)
{
	struct file_memo memo = { NULL, NULL };
	size_t i, e, ne = src->ev.n;
	struct fn **map = xcalloc(src->nfns + 1, sizeof(*map));
	double *keep = xmalloc((ne + 1) * sizeof(*keep));
	double *selfv = xcalloc(src->nfns * ne + 1, sizeof(*selfv));
	unsigned char *whole = xcalloc(src->ncalls * ne + 1, 1);	/* by call of dst: kept whole */
	int rc = -1;

	/* each of src's functions and calls is made once at most */
	if (modname_copy_header(dst, src, PROFILE_PLAIN_FNS | PROFILE_PLAIN_CALLS))
		goto out;
	for (i = 0; i < src->nfns; i++) {
		const struct fn *f = src->fns[i];
		size_t u = g->unit[i];
		int any = 0;
		if (!focus && g->umatch[u])
			continue;
		for (e = 0; e < ne; e++) {
			double k = focus ? rho[u * ne + e] : 1 - rho[u * ne + e];
			any |= k > 0;
		}
		if (!any && !(focus && match[i]))
			continue;
		map[i] = view_fn_in_copy(dst, f, &memo);
		for (e = 0; e < ne; e++) {
			double k = focus ? rho[u * ne + e] : 1 - rho[u * ne + e];
			selfv[i * ne + e] = k >= 1 ? (double)f->self->v[e] : (double)f->self->v[e] * k;
		}
		map[i]->self->ndef = f->self->ndef;
	}
	round_selves(src, map, selfv);
	for (i = 0; i < src->ncalls; i++) {
		const struct call *c = src->calls[i];
		size_t a = g->cu_out[i], b = g->cu_in[i];
		struct fn *from = map[c->k.caller->id], *to = map[c->k.callee->id];
		uint64_t count;
		double q;
		struct call *d;
		int any = 0;
		if (!from || !to)
			continue;
		for (e = 0; e < ne; e++) {
			double v;
			if (!g->cinter[i])
				v = (double)c->cc->v[e] * (focus ? rho[a * ne + e] : 1 - rho[a * ne + e]);
			else if (focus && g->umatch[b])
				v = g->umatch[a] ? (double)c->cc->v[e] : 0;
			else if (focus)
				v = flow[i * ne + e];
			else
				v = (double)c->cc->v[e] - flow[i * ne + e] - up[i * ne + e];
			if (v > (double)c->cc->v[e])
				v = (double)c->cc->v[e];
			keep[e] = v > 0 ? v : 0;
			any |= round_u64(keep[e]) > 0;
		}
		/* the calls kept: in the share of the first event's cost kept */
		if (c->cc->v[0] > 0)
			q = keep[0] / (double)c->cc->v[0];
		else if (!g->cinter[i])
			q = focus ? rho[a * ne] : 1 - rho[a * ne];
		else
			q = focus ? (g->umatch[b] ? g->umatch[a] : (g->umatch[a] ? 1 : rho[a * ne]))
				  : 1 - rho[a * ne];
		count = q >= 1 ? c->count : round_u64((double)c->count * q);
		if (!count && (any || q > 0) && c->count)
			count = 1;	/* some of these calls are in the view */
		if (count == 1 && c->count > 1 && !call_exact(c))
			count = 2;	/* not one activation: its cost stays a sum (call_exact) */
		if (!count && !any)
			continue;
		d = profile_call_new(dst, from, to);
		d->recursive = c->recursive;	/* for cap_scale(); graph_inclusive() sets it anew */
		add_count_sat(&d->count, count);
		for (e = 0; e < ne; e++) {
			whole[(dst->ncalls - 1) * ne + e] = keep[e] >= (double)c->cc->v[e];
			d->cc->v[e] += keep[e] >= (double)c->cc->v[e] ? c->cc->v[e] : round_u64(keep[e]);
		}
		if (c->cc->ndef > d->cc->ndef)
			d->cc->ndef = c->cc->ndef;
	}
	if (src->root_cost) {
		/*
		 * The stacks a thread starts are under no match but one that
		 * starts them: focus keeps a match's, ignore the part that does
		 * not lead to a match.
		 */
		double *k = xmalloc((src->nfns * ne + 1) * sizeof(*k));
		for (i = 0; i < src->nfns * ne; i++) {
			size_t f = i / ne;
			double r = src->root_cost[f] && src->root_cost[f]->v[i % ne]
					   ? uproot[i] / (double)src->root_cost[f]->v[i % ne] : 0;
			k[i] = focus ? match[f] : 1 - r;
		}
		view_copy_root_cost(dst, src, map, k);
		free(k);
	}
	if (focus)
		view_keep_exact_incl(dst, src, map, match);
	dst->sites_whole = 1;
	view_copy_caps(dst, src, map);
	if (view_copy_lines(dst, src, map) || view_sum_total(dst))
		goto out;
	cap_scale(dst, whole, 0);	/* the calls into a function */
	cap_scale(dst, whole, 1);	/* and out of it */
	if (focus)
		for (i = 0; i < dst->nfns; i++) {
			/* a few counts the profile's own call and self costs disagree by */
			struct cc *x = dst->exact_incl[i];
			for (e = 0; x && e < ne; e++)
				if (x->v[e] > dst->total->v[e])
					x->v[e] = dst->total->v[e];
		}
	rc = 0;
out:
	free(selfv);
	free(whole);
	free(keep);
	free(map);
	return rc;
}
