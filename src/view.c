/* view: the profile as the graph views see it: inlined code folded into its function; --focus, --ignore and --hide. */
#include "view.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diag.h"
#include "graph.h"
#include "hash.h"
#include "modname.h"
#include "pattern.h"
#include "solve.h"
#include "sort.h"

/*
 * n items of size bytes for the view's arrays by call or by function,
 * zeroed (bigz) or not (big): from 4 KB on, from the pool of huge pages
 * (xcalloc_table()); freed by xfree_table().
 */
static void *big_new(size_t n, size_t size, int zero)
{
	if (size && n > SIZE_MAX / size)
		xalloc_die();
	return zero ? xcalloc_table(n * size) : xmalloc_table(n * size);
}

static void *big(size_t n, size_t size)
{
	return big_new(n, size, 0);
}

static void *bigz(size_t n, size_t size)
{
	return big_new(n, size, 1);
}

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
		 * own that nothing calls.
		 */
		while (lo > 0 && named[lo - 1]->k.name == f->k.name)
			lo--;
		if (lo < n && named[lo]->k.name == f->k.name && !fn_in(p, f))
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

/*
 * dst's function for src's f, created with its flags (not its costs): a
 * copy makes each of src's functions once at most (profile.plain), and
 * points to src's names (the caller has dst adopt src, profile_adopt()).
 */
struct file_memo {
	const struct file *from;	/* the last file copied (NULL: none yet) */
	struct file *to;		/* its copy */
};

static struct fn *fn_in_copy(struct profile *dst, const struct fn *f, struct file_memo *m)
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

/* Line costs of every file, and the call sites whose ends map (map[id] NULL: dropped). */
static int copy_lines(struct profile *dst, const struct profile *src, struct fn *const *map)
{
	size_t i, k;

	/* a piece merged into its host keeps no span: its lines are of another file */
	for (i = 0; i < src->nfns && src->keep_spans; i++)
		if (map[i] && !strcmp(map[i]->k.file->name, src->fns[i]->k.file->name))
			profile_span_copy(dst, map[i], src, src->fns[i]);
	for (i = 0; i < src->nfiles_src; i++) {
		const struct file *f = src->files[i];
		struct file *d = profile_file(dst, f->name);
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

/*
 * The thread stacks each function starts (profile.root_cost), for dst's
 * function map[i] of src's i, scaled by k[i * ne + e] (k NULL: whole).
 */
static void copy_root_cost(struct profile *dst, const struct profile *src, struct fn *const *map,
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
			map[i] = fn_in_copy(dst, f, &memo);
	}
	for (i = 0; i < src->nfns; i++) {
		if (host[i])
			map[i] = map[host[i]->id];
		if (add(dst, map[i]->self, src->fns[i]->self))
			goto out;
		if (i < src->nsingle && src->single[i])
			profile_single_max(dst, map[i], src->single[i]->v, src->single[i]->ndef);
	}
	for (i = 0; i < src->ncalls; i++) {
		const struct call *c = src->calls[i];
		struct call *d = profile_call(dst, map[c->k.caller->id], map[c->k.callee->id]);
		if (add_count(&d->count, c->count) || add(dst, d->cc, c->cc))
			goto out;
	}
	rc = copy_lines(dst, src, map);
	copy_root_cost(dst, src, map, NULL);
out:
	free(host);
	free(map);
	return rc;
}

/* ---- --focus, --ignore, --hide ---- */

/* Does f match one of the globs of this kind? */
static int matches(const struct fn *f, const struct opts_filter *v, size_t n,
		   enum opts_filter_kind kind, const unsigned char *name_only)
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
		if (name_only && name_only[i] ? g[0] == f->k.name[0] && !strcmp(g, f->k.name)
					      : pattern_match(g, f->k.file->name, f->k.name))
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
	size_t *unit;		/* by fn id: its unit's id */
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


/* Tarjan's components over the units, iteratively; components come sinks first. */
static void ugraph_order(struct ugraph *g)
{
	size_t n = g->n, v0, sp = 0, depth, next = 0, nord = 0;
	uint32_t *index = xcalloc(n + 1, sizeof(*index)), *low = xcalloc(n + 1, sizeof(*low));
	uint32_t *stack = xmalloc((n + 1) * sizeof(*stack));
	unsigned char *on = xcalloc(n + 1, 1);
	struct { uint32_t v, k; } *fr = xmalloc((n + 1) * sizeof(*fr));

	g->order = xmalloc((n + 1) * sizeof(*g->order));
	g->cstart = xmalloc((n + 2) * sizeof(*g->cstart));
	g->ncomp = 0;
	for (v0 = 0; v0 < n; v0++) {
		if (g->unit[v0] != v0 || index[v0])
			continue;
		depth = 0;
		fr[0].v = (uint32_t)v0;
		fr[0].k = g->ostart[v0];
		index[v0] = low[v0] = (uint32_t)++next;
		stack[sp++] = (uint32_t)v0;
		on[v0] = 1;
		for (;;) {
			uint32_t v = fr[depth].v;
			if (fr[depth].k < g->ostart[v + 1]) {
				uint32_t w = g->cu_in[g->olist[fr[depth].k++]];
				if (!index[w]) {
					index[w] = low[w] = (uint32_t)++next;
					stack[sp++] = w;
					on[w] = 1;
					depth++;
					fr[depth].v = w;
					fr[depth].k = g->ostart[w];
				} else if (on[w] && index[w] < low[v]) {
					low[v] = index[w];
				}
				continue;
			}
			if (low[v] == index[v]) {
				uint32_t w;
				g->cstart[g->ncomp++] = (uint32_t)nord;
				do {
					w = stack[--sp];
					on[w] = 0;
					g->order[nord++] = w;
				} while (w != v);
			}
			if (!depth)
				break;
			depth--;
			if (low[v] < low[fr[depth].v])
				low[fr[depth].v] = low[v];
		}
	}
	g->cstart[g->ncomp] = (uint32_t)nord;
	g->nunits = nord;
	g->csize = xcalloc(n + 1, sizeof(*g->csize));
	g->ucomp = xcalloc(n + 1, sizeof(*g->ucomp));
	for (v0 = 0; v0 < g->ncomp; v0++)
		for (depth = g->cstart[v0]; depth < g->cstart[v0 + 1]; depth++) {
			g->csize[g->order[depth]] = g->cstart[v0 + 1] - g->cstart[v0];
			g->ucomp[g->order[depth]] = (uint32_t)v0;
		}
	free(index);
	free(low);
	free(stack);
	free(on);
	free(fr);
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
	g->unit = xmalloc((n + 1) * sizeof(*g->unit));
	for (i = 0; i < n; i++)
		g->unit[i] = i;
	for (i = 0; i < p->ncalls; i++) {
		const struct call *c = p->calls[i];
		size_t a, b;
		if (!c->recursive || c->k.caller == c->k.callee)
			continue;
		a = uf_find(g->unit, c->k.caller->id);
		b = uf_find(g->unit, c->k.callee->id);
		if (a != b)
			g->unit[a < b ? b : a] = a < b ? a : b;
	}
	g->umatch = xcalloc(n + 1, 1);
	g->self = xcalloc(n * ne + 1, sizeof(*g->self));
	for (i = 0; i < n; i++) {
		g->unit[i] = uf_find(g->unit, i);
		if (match[i])
			g->umatch[g->unit[i]] = 1;
		for (e = 0; e < ne; e++)
			g->self[g->unit[i] * ne + e] += (double)p->fns[i]->self->v[e];
	}
	/* by call: its ends' units, whether it joins two, its cost; the lists' sizes */
	g->cinter = xmalloc(p->ncalls + 1);
	g->cv = big(g->nc * ne + 1, sizeof(*g->cv));
	g->cu_in = big(g->nc + 1, sizeof(*g->cu_in));
	g->cu_out = big(g->nc + 1, sizeof(*g->cu_out));
	g->ostart = xcalloc(n + 2, sizeof(*g->ostart));
	g->istart = xcalloc(n + 2, sizeof(*g->istart));
	{
		/* through locals: the stores into cinter (bytes) could be any field of g's */
		const size_t *unit = g->unit;
		uint32_t *cu_out = g->cu_out, *cu_in = g->cu_in, *ostart = g->ostart, *istart = g->istart;
		unsigned char *cinter = g->cinter;
		double *cv = g->cv;
		for (i = 0; i < p->ncalls; i++) {
			const struct call *c = p->calls[i];
			uint32_t a = (uint32_t)unit[c->k.caller->id], b = (uint32_t)unit[c->k.callee->id];
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
	g->olist = big(g->ostart[n] + 1, sizeof(*g->olist));
	g->ilist = big(g->istart[n] + 1, sizeof(*g->ilist));
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
	g->into = big(g->nc + 1, sizeof(*g->into));
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
 * flow_down()'s cycle k solved for event e into rho: each member that is
 * not a match spends d rho = its terms (pl), at most all of d (rho <= 1).
 */
static void solve_down(struct solver *sv, const struct ugraph *g, size_t k, size_t e,
		       const struct pull *pl, const double *d, double *rho, const uint32_t *lpos)
{
	size_t ne = g->ne, n = g->cstart[k + 1] - g->cstart[k], i, t, c0 = g->cstart[k], tries;
	unsigned char *held = g->held;
	int changed = 1;

	/* held at the cap where the sweeps (or the last round) put it */
	for (i = 0; i < n; i++) {
		size_t u = g->order[c0 + i];
		held[i] = !g->umatch[u] && rho[u * ne + e] >= 0.99;
	}
	for (tries = 0; tries < SOLVE_TRIES && changed; tries++) {
		changed = 0;
		solver_start(sv, n, k, 0, !tries);
	build:
		for (i = 0; i < n; i++) {
			size_t u = g->order[c0 + i];
			/* a member held, or with nothing to spend, keeps its terms at 0 (the shape) */
			int fixed = held[i] || !(d[u * ne + e] > 0);
			if (g->umatch[u]) {
				solver_add(sv, (uint32_t)i, (uint32_t)i, 1);
				sv->b[i] = 1;
				continue;
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
		}
		if (solver_built(sv))
			goto build;
		if (solver_run(sv))
			return;	/* the sweeps go on from where they are */
		for (i = 0; i < n; i++) {
			size_t u = g->order[c0 + i];
			double in = 0;
			if (g->umatch[u] || !(d[u * ne + e] > 0))
				continue;
			if (!held[i]) {
				changed |= hold(held, i, sv->x[i], 1);
				continue;
			}
			/* held: would it spend less than all of d now? */
			for (t = pl->start[i]; t < pl->start[i + 1]; t++)
				in += (pl->src[t] == pl->ones ? 1 : sv->x[lpos[(size_t)(pl->src[t] - rho) / ne]]) *
				      pl->coef[t * ne + e];
			changed |= hold(held, i, in, d[u * ne + e]);
		}
	}
	for (i = 0; i < n; i++) {
		size_t u = g->order[c0 + i];
		double x = sv->x[i];
		if (g->umatch[u])
			continue;
		rho[u * ne + e] = !(d[u * ne + e] > 0) ? 0 : x < 0 ? 0 : x > 1 ? 1 : x;
	}
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
	size_t ne = g->ne, n = g->cstart[k + 1] - g->cstart[k], i, t, c0 = g->cstart[k], tries;
	unsigned char *held = g->held;
	int changed = 1;

	/* held where the last run's solve held it */
	for (i = 0; i < n; i++)
		held[i] = g->upheld[g->order[c0 + i] * ne + e];
	for (tries = 0; tries < SOLVE_TRIES && changed; tries++) {
		changed = 0;
		solver_start(sv, n, k, 1, !tries);
	build:
		for (i = 0; i < n; i++) {
			size_t u = g->order[c0 + i];
			solver_add(sv, (uint32_t)i, (uint32_t)i, 1);
			if (g->umatch[u])
				continue;	/* leads to nothing of its own: it is the match */
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
		}
		if (solver_built(sv))
			goto build;
		if (solver_run(sv))
			return;	/* the sweeps go on from where they are */
		for (i = 0; i < n; i++) {
			size_t u = g->order[c0 + i];
			double r = rest[u * ne + e], l = 0;
			if (g->umatch[u])
				continue;
			if (!held[i]) {
				changed |= hold(held, i, sv->x[i], r);
				continue;
			}
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
			changed |= hold(held, i, l, r);
		}
	}
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
 * The part of call ci not under a match, by event: none from a match, nor
 * from a unit that runs under one whole (rho 1: an outermost match is not
 * entered while it runs, so nothing it calls leads back to one).
 */
static inline double part_of(const struct ugraph *g, size_t ci, size_t e, const double *flow)
{
	size_t a = g->cu_out[ci], ne = g->ne;

	if (g->umatch[a] || g->rho[a * ne + e] >= 1)
		return 0;
	return g->cv[ci * ne + e] - flow[ci * ne + e];
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
	size_t *tv = big(g->ostart[g->n] + 1, sizeof(*tv));
	uint32_t *tstart = xmalloc((g->n + 2) * sizeof(*tstart));
	double *tval = big(g->ostart[g->n] * ne + 1, sizeof(*tval));
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
	double *lead = big(g->n * ne + 1, sizeof(*lead));
	double *rest = bigz(g->n * ne + 1, sizeof(*rest));	/* by unit: calls in, not under a match */
	double *run = big(g->nc * ne + 1, sizeof(*run));
	/* by call between units and event: part_of(), worked out once */
	double *part = big(g->nc * ne + 1, sizeof(*part));
	unsigned char *trouble = xcalloc(g->n + 1, 1);
	size_t barrier[UP_BARRIERS];

	{
		/* part_of() for each call, its caller's tests once (ne is mostly 1) */
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

/* A cost of 0 or more rounded to the nearest count (no libm). */
static uint64_t round_u64(double r)
{
	double x = r + 0.5;

	if (!(r > 0))
		return 0;
	if (x < 9223372036854775808.0)
		return (uint64_t)(int64_t)x;	/* below 2^63: one conversion instruction */
	return x >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)x;
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
 * The flows of a static cycle go round it: where the calls into a
 * function of a view add up to more than the view's total (what
 * circulated back to a function from below itself), they are scaled down
 * to it, so that no function shows more than all of its view.
 */
static void cap_calls_in(struct profile *dst)
{
	size_t ne = dst->ev.n, i, e;
	double *in = xcalloc(dst->nfns * ne + 1, sizeof(*in));

	for (i = 0; i < dst->ncalls; i++) {
		const struct call *c = dst->calls[i];
		for (e = 0; e < ne; e++)
			in[c->k.callee->id * ne + e] += (double)c->cc->v[e];
	}
	for (i = 0; i < dst->ncalls; i++) {
		struct call *c = dst->calls[i];
		for (e = 0; e < ne; e++) {
			double sum = in[c->k.callee->id * ne + e], t = (double)dst->total->v[e];
			if (sum > t && sum > 0)
				c->cc->v[e] = (uint64_t)((double)c->cc->v[e] * (t / sum));
		}
	}
	/* and a function's own cost and calls out (all it costs when nobody calls it) */
	memset(in, 0, (dst->nfns * ne + 1) * sizeof(*in));
	for (i = 0; i < dst->ncalls; i++) {
		const struct call *c = dst->calls[i];
		for (e = 0; e < ne; e++)
			in[c->k.caller->id * ne + e] += (double)c->cc->v[e];
	}
	for (i = 0; i < dst->ncalls; i++) {
		struct call *c = dst->calls[i];
		const struct fn *a = c->k.caller;
		for (e = 0; e < ne; e++) {
			double out = in[a->id * ne + e], room = (double)dst->total->v[e] -
							       (double)a->self->v[e];
			if (out > room && out > 0)
				c->cc->v[e] = (uint64_t)((double)c->cc->v[e] * (room > 0 ? room / out : 0));
		}
	}
	free(in);
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
static int view_copy(struct profile *dst, const struct profile *src, const struct ugraph *g,
		     const unsigned char *match, const double *rho, const double *flow,
		     const double *up, const double *uproot, int focus)
{
	struct file_memo memo = { NULL, NULL };
	size_t i, e, ne = src->ev.n;
	struct fn **map = xcalloc(src->nfns + 1, sizeof(*map));
	double *keep = xmalloc((ne + 1) * sizeof(*keep));
	double *selfv = xcalloc(src->nfns * ne + 1, sizeof(*selfv));
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
		map[i] = fn_in_copy(dst, f, &memo);
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
		add_count_sat(&d->count, count);
		for (e = 0; e < ne; e++)
			d->cc->v[e] += keep[e] >= (double)c->cc->v[e] ? c->cc->v[e] : round_u64(keep[e]);
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
		copy_root_cost(dst, src, map, k);
		free(k);
	}
	if (focus) {
		dst->exact_incl = xcalloc(dst->nfns + 1, sizeof(*dst->exact_incl));
		for (i = 0; i < src->nfns; i++) {
			const struct fn *f = src->fns[i];
			if (!match[i] || !map[i] || !f->incl_exact || !src->incl)
				continue;
			dst->exact_incl[map[i]->id] = profile_cc_new(dst);
			memcpy(dst->exact_incl[map[i]->id], fn_incl(src, f), profile_cc_size(dst));
		}
	}
	dst->sites_whole = 1;
	if (copy_lines(dst, src, map) || sum_total(dst))
		goto out;
	cap_calls_in(dst);
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
	free(keep);
	free(map);
	return rc;
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

/* --focus (keep what runs under the matches) or --ignore (keep the rest). */
static int focus_or_ignore(struct profile *dst, const struct profile *src,
			   const unsigned char *match, int focus)
{
	size_t ne = src->ev.n;
	struct ugraph g;
	double *rho, *flow, *up, *lost = xcalloc(ne + 1, sizeof(double));
	double *uproot = bigz(src->nfns * ne + 1, sizeof(double));
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
	rho = bigz(src->nfns * ne + 1, sizeof(*rho));
	g.rho = rho;
	flow = bigz(src->ncalls * ne + 1, sizeof(*flow));
	up = big(src->ncalls * ne + 1, sizeof(*up));	/* flow_up_run() zeroes it */
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
		struct hedge *w = big(2 * h->cap, sizeof(*w));
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
			h->tab = bigz(h->tcap, sizeof(*h->tab));
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

struct hsplit {
	uint32_t k;
	uint64_t rem_hi, rem_lo;
};

static int hsplit_cmp(const void *x, const void *y)
{
	const struct hsplit *a = x, *b = y;
	if (a->rem_hi != b->rem_hi)
		return a->rem_hi > b->rem_hi ? -1 : 1;
	if (a->rem_lo != b->rem_lo)
		return a->rem_lo > b->rem_lo ? -1 : 1;
	return a->k < b->k ? -1 : a->k > b->k;
}

/*
 * total split over m parts by weights w (their sum wsum > 0), in whole
 * counts adding up to total: each part's floor, then one more to the
 * largest remainders.  Exact in 128-bit integers.
 */
static void split_exact(uint64_t total, const uint64_t *w, size_t m, unsigned __int128 wsum,
			uint64_t *out, struct hsplit *tmp)
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
	sort_array(tmp, m, sizeof(*tmp), hsplit_cmp);
	for (k = 0; given < total; k = (k + 1) % m, given++)
		out[tmp[k].k]++;
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
	struct hsplit *tmp = xmalloc((nin + 1) * sizeof(*tmp));
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
				split_exact(h->self[hid * ne + e], w, m, ws, part, tmp);
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
					split_exact(amount, wk, nel, es, part, tmp);
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

static int hide(struct profile *dst, const struct profile *src, const unsigned char *match)
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
	h.e = big(h.cap, sizeof(*h.e));
	for (h.tcap = 64; h.tcap < 2 * (src->ncalls + 1); h.tcap *= 2)
		;
	h.tab = bigz(h.tcap, sizeof(*h.tab));
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
		map[i] = fn_in_copy(dst, src->fns[i], &memo);
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
		if (add_count(&d->count, x->count ? x->count : 1))
			goto out;
		for (e = 0; e < ne; e++)
			if (__builtin_add_overflow(d->cc->v[e], x->cost[e], &d->cc->v[e])) {
				diag(DIAG_ERROR, NULL, 0, "a cost summed for a graph view does not fit in 64 bits");
				goto out;
			}
		d->cc->ndef = (uint32_t)ne;
	}
	copy_root_cost(dst, src, map, NULL);
	dst->sites_whole = 1;
	if (copy_lines(dst, src, map) || sum_total(dst))
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

static int has(const struct opts_filter *v, size_t n, enum opts_filter_kind kind)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (v[i].kind == kind)
			return 1;
	return 0;
}

/* The option that names a glob of this kind, for a message. */
static const char *kind_option(const struct opts_filter *v)
{
	switch (v->kind) {
	case OPTS_FOCUS:
		return v->object ? "--focus-object" : "--focus";
	case OPTS_IGNORE:
		return v->object ? "--ignore-object" : "--ignore";
	default:
		return v->object ? "--hide-object" : "--hide";
	}
}

/* By filter: a plain name, matched by strcmp() alone (pattern_name_only()); free() it. */
static unsigned char *names_only(const struct opts_filter *f, size_t n)
{
	unsigned char *m = xmalloc(n + 1);
	size_t k;

	for (k = 0; k < n; k++)
		m[k] = (unsigned char)pattern_name_only(f[k].glob);
	return m;
}

/* The matches of one kind, by fn id. */
static void match_kind(const struct profile *src, const struct opts_filter *v, size_t n,
		       enum opts_filter_kind kind, unsigned char *m)
{
	unsigned char *name_only = names_only(v, n);
	size_t i;

	for (i = 0; i < src->nfns; i++)
		m[i] = (unsigned char)matches(src->fns[i], v, n, kind, name_only);
	free(name_only);
}

/*
 * -1 after a diagnostic when a glob matches no function of the profile
 * (a typo would otherwise give an empty or unchanged report that looks
 * like an answer).
 */
void view_filters_seen(const struct profile *p, const struct opts_filter *f, size_t n,
		       unsigned char *seen)
{
	size_t i, k;

	for (k = 0; k < n; k++)
		for (i = 0; i < p->nfns && !seen[k]; i++)
			seen[k] = (unsigned char)matches(p->fns[i], &f[k], 1, f[k].kind, NULL);
}

int view_filters_check(const struct opts_filter *f, size_t n, const unsigned char *seen)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (!seen[k]) {
			diag(DIAG_ERROR, NULL, 0, "%s=%s matches no function%s", kind_option(&f[k]),
			     diag_quote(f[k].glob, strlen(f[k].glob)), f[k].object ? " object" : "");
			return -1;
		}
	return 0;
}

/*
 * The matches of kind in src (m, by fn id) and whether each glob matches
 * a function (seen), in one pass: the globs of other kinds are tried only
 * until they match.
 */
static void match_seen(const struct profile *src, const struct opts_filter *f, size_t n,
		       enum opts_filter_kind kind, unsigned char *m, unsigned char *seen)
{
	unsigned char *name_only = names_only(f, n);
	size_t i, k;

	for (i = 0; i < src->nfns; i++)
		for (k = 0; k < n; k++) {
			if (f[k].kind != kind && seen[k])
				continue;
			if (!matches(src->fns[i], &f[k], 1, f[k].kind, &name_only[k]))
				continue;
			seen[k] = 1;
			if (f[k].kind == kind)
				m[i] = 1;
		}
	free(name_only);
}

int view_filter(struct profile *dst, const struct profile *src, const struct opts_filter *f,
		size_t n, int check)
{
	static const enum opts_filter_kind steps[] = { OPTS_FOCUS, OPTS_IGNORE, OPTS_HIDE };
	struct profile a, b;
	const struct profile *cur = src;
	size_t s;
	int have = 0;

	for (s = 0; s < 3; s++) {
		int rc;
		unsigned char *m;
		if (!has(f, n, steps[s]))
			continue;
		if (have && graph_inclusive(&a, NULL)) {
			profile_release(&a);
			profile_init(dst);
			return -1;
		}
		m = xcalloc(cur->nfns + 1, 1);
		if (!have && check) {
			/* the first step's matches, and every glob checked against src */
			unsigned char *seen = xcalloc(n + 1, 1);
			match_seen(src, f, n, steps[s], m, seen);
			rc = view_filters_check(f, n, seen);
			free(seen);
			if (rc) {
				free(m);
				profile_init(dst);
				return -2;
			}
		} else {
			match_kind(cur, f, n, steps[s], m);
		}
		if (steps[s] == OPTS_HIDE)
			rc = hide(&b, cur, m);
		else
			rc = focus_or_ignore(&b, cur, m, steps[s] == OPTS_FOCUS);
		free(m);
		if (have)	/* b points to a's names (and to what a points to) */
			profile_adopt(&b, &a);
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
