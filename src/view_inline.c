/* view_inline: code inlined from another file folded into the function it was inlined into. */
#include "view.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "graph.h"
#include "modname.h"
#include "sort.h"
#include "view_int.h"

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
		if (lo < n && named[lo]->k.name == f->k.name && named[lo]->obj == f->obj) {
			host[i] = named[lo];
			continue;
		}
		/*
		 * None in its object: the loader gives calls to a function the
		 * first object that named it (ld.so's strdup called as libc's),
		 * so a fragment left without a host goes to the function of
		 * that name in another object, rather than start stacks of its
		 * own that nothing calls; never for an address, a name of that
		 * object alone (fn_key_obj()).
		 */
		while (lo > 0 && named[lo - 1]->k.name == f->k.name)
			lo--;
		if (lo < n && named[lo]->k.name == f->k.name && !fn_in(p, f) &&
		    !fn_key_obj(f->k.name, f->obj))
			host[i] = named[lo];
	}
	free(named);
	return host;
}

int view_has_inlined(const struct profile *p)
{
	struct fn **host;
	size_t i;

	/* only a listed function that was never named has a host */
	for (i = 0; i < p->nfns && (p->fns[i]->named || !p->fns[i]->listed); i++)
		;
	if (i == p->nfns)
		return 0;
	host = view_hosts(p);

	for (i = 0; i < p->nfns && !host[i]; i++)
		;
	free(host);
	return i < p->nfns;
}

int view_merge_inlined(struct profile *dst, const struct profile *src)
{
	struct fn **host = view_hosts(src), **map;
	struct file_memo memo = { NULL, NULL };
	size_t i;
	int rc = -1;

	if (modname_copy_header(dst, src, PROFILE_PLAIN_FNS)) {
		free(host);
		return -1;
	}
	map = xcalloc(src->nfns + 1, sizeof(*map));
	for (i = 0; i < src->nfns; i++) {
		const struct fn *f = src->fns[i];
		if (!host[i])
			map[i] = view_fn_in_copy(dst, f, &memo);
	}
	for (i = 0; i < src->nfns; i++) {
		if (host[i])
			map[i] = map[host[i]->id];
		if (view_add(dst, map[i]->self, src->fns[i]->self))
			goto out;
		if (i < src->nsingle && src->single[i])
			profile_single_max(dst, map[i], src->single[i]->v, src->single[i]->ndef);
	}
	for (i = 0; i < src->ncalls; i++) {
		const struct call *c = src->calls[i];
		struct call *d = profile_call(dst, map[c->k.caller->id], map[c->k.callee->id]);
		if (view_add_count(&d->count, c->count) || view_add(dst, d->cc, c->cc))
			goto out;
	}
	rc = view_copy_lines(dst, src, map);
	view_copy_root_cost(dst, src, map, NULL);
out:
	free(host);
	free(map);
	return rc;
}

/* A function of a view found by the pointers of its name, object and file's name. */
struct vkey {
	uintptr_t name, obj, file;
	uint32_t id;
};

static int vkey_cmp(const void *x, const void *y)
{
	const struct vkey *a = x, *b = y;

	if (a->name != b->name)
		return a->name < b->name ? -1 : 1;
	if (a->obj != b->obj)
		return a->obj < b->obj ? -1 : 1;
	if (a->file != b->file)
		return a->file < b->file ? -1 : 1;
	return a->id < b->id ? -1 : a->id > b->id;
}

static struct vkey key_of(const struct fn *f)
{
	struct vkey k = { (uintptr_t)f->k.name, (uintptr_t)f->obj, (uintptr_t)f->k.file->name, 0 };
	return k;
}

/* The view's function of f (a copy of the same key), or NULL: t sorted, n keys. */
static const struct fn *vkey_find(const struct profile *v, const struct vkey *t, size_t n,
				  const struct fn *f)
{
	struct vkey k = key_of(f);
	size_t lo = 0, hi = n;

	k.id = 0;
	while (lo < hi) {
		size_t m = lo + (hi - lo) / 2;
		if (vkey_cmp(&t[m], &k) < 0)
			lo = m + 1;
		else
			hi = m;
	}
	if (lo < n && t[lo].name == k.name && t[lo].obj == k.obj && t[lo].file == k.file)
		return v->fns[t[lo].id];
	return NULL;
}

/* A view's call found by its ends' ids. */
struct vcall {
	uint32_t a, b, id;
};

static int vcall_cmp(const void *x, const void *y)
{
	const struct vcall *p = x, *q = y;

	if (p->a != q->a)
		return p->a < q->a ? -1 : 1;
	return p->b < q->b ? -1 : p->b > q->b;
}

static long vcall_find(const struct vcall *t, size_t n, uint32_t a, uint32_t b)
{
	struct vcall k = { a, b, 0 };
	const struct vcall *x = bsearch(&k, t, n, sizeof(*t), vcall_cmp);

	return x ? (long)x->id : -1;
}

/*
 * Split one view cost (total) over the members of a group by their costs
 * in the profile (w): in proportion, none above its own but the host's
 * (hst, or m: none), which takes the rest (--hide gives a function more
 * than its own).
 */
static void split_members(uint64_t total, const uint64_t *w, size_t m, size_t hst, uint64_t *out,
			  struct view_split *tmp)
{
	unsigned __int128 wsum = 0;
	uint64_t over = 0;
	size_t k;

	for (k = 0; k < m; k++)
		wsum += w[k];
	if (!wsum) {
		for (k = 0; k < m; k++)
			out[k] = 0;
		out[hst < m ? hst : 0] = total;
		return;
	}
	view_split_exact(total, w, m, wsum, out, tmp);
	if (hst >= m)
		return;
	for (k = 0; k < m; k++)
		if (k != hst && out[k] > w[k]) {
			over += out[k] - w[k];
			out[k] = w[k];
		}
	out[hst] += over;
}

/* Members of groups, by group: start[g] .. start[g + 1] in list (counting sort). */
static void group(const uint32_t *of, size_t n, size_t ngroups, uint32_t **start, uint32_t **list)
{
	size_t i;
	uint32_t *s = xcalloc(ngroups + 2, sizeof(*s)), *l = xmalloc((n + 1) * sizeof(*l));

	for (i = 0; i < n; i++)
		if (of[i] != UINT32_MAX)
			s[of[i] + 1]++;
	for (i = 0; i < ngroups; i++)
		s[i + 1] += s[i];
	for (i = 0; i < n; i++)
		if (of[i] != UINT32_MAX)
			l[s[of[i]]++] = (uint32_t)i;
	for (i = ngroups; i > 0; i--)
		s[i] = s[i - 1];
	s[0] = 0;
	*start = s;
	*list = l;
}

/*
 * The calls of dst: the calls of src whose ends' rows are the ends of
 * one view call (gof: by src function, its view function's id) share its
 * cost and count; a view call no call of src makes (--hide's) is the
 * host rows' (vrow, by view function).
 */
static void split_calls(struct profile *dst, const struct profile *v, const struct profile *src,
			struct fn *const *map, struct fn *const *vrow, struct fn *const *host,
			const uint32_t *gof)
{
	size_t ne = src->ev.n, i, j, k, e, nc = src->ncalls;
	struct vcall *ct = xmalloc((v->ncalls + 1) * sizeof(*ct));
	uint32_t *cof = xmalloc((nc + 1) * sizeof(*cof)), *cs, *cl;
	uint64_t *w = xmalloc((nc + 1) * sizeof(*w)), *out = xmalloc((nc + 1) * sizeof(*out));
	uint64_t *cost = xmalloc((nc * ne + 1) * sizeof(*cost)), *count = xmalloc((nc + 1) * sizeof(*count));
	struct view_split *tmp = xmalloc((nc + 1) * sizeof(*tmp));

	for (i = 0; i < v->ncalls; i++) {
		ct[i].a = (uint32_t)v->calls[i]->k.caller->id;
		ct[i].b = (uint32_t)v->calls[i]->k.callee->id;
		ct[i].id = (uint32_t)i;
	}
	sort_array(ct, v->ncalls, sizeof(*ct), vcall_cmp);
	for (i = 0; i < nc; i++) {
		const struct call *c = src->calls[i];
		uint32_t a = gof[c->k.caller->id], b = gof[c->k.callee->id];
		long x = a == UINT32_MAX || b == UINT32_MAX ? -1 : vcall_find(ct, v->ncalls, a, b);
		cof[i] = x < 0 ? UINT32_MAX : (uint32_t)x;
	}
	group(cof, nc, v->ncalls, &cs, &cl);
	for (j = 0; j < v->ncalls; j++) {
		const struct call *vc = v->calls[j];
		size_t m = cs[j + 1] - cs[j], hst = m;
		const uint32_t *mem = &cl[cs[j]];
		if (!m) {
			struct call *d = profile_call_new(dst, vrow[vc->k.caller->id], vrow[vc->k.callee->id]);
			d->count = vc->count;
			memcpy(d->cc, vc->cc, profile_cc_size(dst));
			continue;
		}
		/* the host row's own call takes what the others may not */
		for (k = 0; k < m && hst == m; k++)
			if (!host[src->calls[mem[k]]->k.caller->id])
				hst = k;
		for (e = 0; e < ne; e++) {
			for (k = 0; k < m; k++)
				w[k] = src->calls[mem[k]]->cc->v[e];
			split_members(vc->cc->v[e], w, m, hst, out, tmp);
			for (k = 0; k < m; k++)
				cost[k * ne + e] = out[k];
		}
		for (k = 0; k < m; k++)
			w[k] = src->calls[mem[k]]->count;
		split_members(vc->count, w, m, hst, count, tmp);
		for (k = 0; k < m; k++) {
			const struct call *c = src->calls[mem[k]];
			struct call *d;
			int any = 0;
			for (e = 0; e < ne; e++)
				any |= cost[k * ne + e] > 0;
			if (!any && !count[k])
				continue;
			if (!count[k] && c->count)
				count[k] = 1;	/* some of these calls are in the view */
			if (count[k] == 1 && c->count > 1 && !call_exact(c))
				count[k] = 2;	/* not one activation: its cost stays a sum */
			d = profile_call_new(dst, map[c->k.caller->id], map[c->k.callee->id]);
			d->count = count[k];
			memcpy(d->cc->v, &cost[k * ne], ne * sizeof(uint64_t));
			d->cc->ndef = vc->cc->ndef;
		}
	}
	free(ct);
	free(cof);
	free(cs);
	free(cl);
	free(w);
	free(out);
	free(cost);
	free(count);
	free(tmp);
}

int view_split_inlined(struct profile *dst, const struct profile *v, const struct profile *src)
{
	struct fn **host = view_hosts(src), **map, **vrow;
	size_t n = src->nfns, ne = src->ev.n, i, k, e, g;
	struct vkey *t = xmalloc((v->nfns + 1) * sizeof(*t));
	uint32_t *gof = xmalloc((n + 1) * sizeof(*gof)), *gs = NULL, *gl = NULL;
	uint64_t *w = xmalloc((n + 1) * sizeof(*w)), *out = xmalloc((n + 1) * sizeof(*out));
	struct view_split *tmp = xmalloc((n + 1) * sizeof(*tmp));
	struct file_memo memo = { NULL, NULL };
	int rc = -1;

	map = xcalloc(n + 1, sizeof(*map));
	vrow = xcalloc(v->nfns + 1, sizeof(*vrow));
	if (modname_copy_header(dst, src, PROFILE_PLAIN_FNS | PROFILE_PLAIN_CALLS))
		goto out;
	for (i = 0; i < v->nfns; i++) {
		t[i] = key_of(v->fns[i]);
		t[i].id = (uint32_t)i;
	}
	sort_array(t, v->nfns, sizeof(*t), vkey_cmp);
	/* each row of src whose function (its host's, for a piece) is in the view */
	for (i = 0; i < n; i++) {
		const struct fn *f = vkey_find(v, t, v->nfns, host[i] ? host[i] : src->fns[i]);
		gof[i] = f ? (uint32_t)f->id : UINT32_MAX;
		if (!f)
			continue;
		map[i] = view_fn_in_copy(dst, src->fns[i], &memo);
		map[i]->self->ndef = f->self->ndef;
		if (!host[i])
			vrow[f->id] = map[i];
	}
	group(gof, n, v->nfns, &gs, &gl);
	for (g = 0; g < v->nfns; g++) {
		const struct fn *f = v->fns[g];
		size_t m = gs[g + 1] - gs[g], hst = m;
		const uint32_t *mem = &gl[gs[g]];
		if (!vrow[g]) {	/* not one of src's rows: kept as the view has it */
			vrow[g] = view_fn_in_copy(dst, f, &memo);
			memcpy(vrow[g]->self, f->self, profile_cc_size(dst));
			continue;
		}
		for (k = 0; k < m && hst == m; k++)
			if (!host[mem[k]])
				hst = k;
		for (e = 0; e < ne; e++) {
			for (k = 0; k < m; k++)
				w[k] = src->fns[mem[k]]->self->v[e];
			split_members(f->self->v[e], w, m, hst, out, tmp);
			for (k = 0; k < m; k++)
				map[mem[k]]->self->v[e] = out[k];
		}
	}
	split_calls(dst, v, src, map, vrow, host, gof);
	for (g = 0; g < v->nfns && v->root_cost; g++) {
		if (!v->root_cost[g])
			continue;
		if (!dst->root_cost)
			dst->root_cost = xcalloc(dst->nfns + 1, sizeof(*dst->root_cost));
		dst->root_cost[vrow[g]->id] = profile_cc_new(dst);
		memcpy(dst->root_cost[vrow[g]->id], v->root_cost[g], profile_cc_size(dst));
	}
	dst->sites_whole = v->sites_whole;
	view_copy_caps(dst, src, map);
	if (view_copy_lines(dst, src, map) || view_sum_total(dst))
		goto out;
	for (g = 0; g < v->nfns && v->exact_incl; g++) {
		/* a match's exact cost: its row's in src, when it has pieces */
		const struct cc *x = v->exact_incl[g];
		const struct fn *h = NULL;
		struct cc *d;
		if (!x)
			continue;
		for (k = gs[g]; k < gs[g + 1]; k++)
			if (!host[gl[k]])
				h = src->fns[gl[k]];
		if (gs[g + 1] - gs[g] > 1 && h && src->incl && h->incl_exact)
			x = fn_incl(src, h);
		if (!dst->exact_incl)
			dst->exact_incl = xcalloc(dst->nfns + 1, sizeof(*dst->exact_incl));
		d = dst->exact_incl[vrow[g]->id] = profile_cc_new(dst);
		memcpy(d, x, profile_cc_size(dst));
		for (e = 0; e < ne; e++)
			if (d->v[e] > dst->total->v[e])
				d->v[e] = dst->total->v[e];
	}
	rc = 0;
out:
	free(gs);
	free(gl);
	free(host);
	free(map);
	free(vrow);
	free(t);
	free(gof);
	free(w);
	free(out);
	free(tmp);
	return rc;
}
