/* graph: inclusive costs that stay true under recursion, and the cycles of the call graph. */
#include "graph.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "sort.h"

/* x's root in the union-find of graph_units(), halving the path to it. */
static uint32_t unit_root(uint32_t *unit, uint32_t x)
{
	while (unit[x] != x) {
		unit[x] = unit[unit[x]];
		x = unit[x];
	}
	return x;
}

uint32_t *graph_units(const struct profile *p)
{
	uint32_t *unit = xmalloc((p->nfns + 1) * sizeof(*unit));
	size_t i;

	for (i = 0; i < p->nfns; i++)
		unit[i] = (uint32_t)i;
	for (i = 0; i < p->ncalls; i++) {
		const struct call *c = p->calls[i];
		uint32_t a, b;
		if (!c->recursive || c->k.caller == c->k.callee)
			continue;
		a = unit_root(unit, c->k.caller->id);
		b = unit_root(unit, c->k.callee->id);
		/* the larger under the smaller: a root is its set's lowest id */
		if (a != b)
			unit[a < b ? b : a] = a < b ? a : b;
	}
	for (i = 0; i < p->nfns; i++)
		unit[i] = unit_root(unit, (uint32_t)i);
	return unit;
}

static inline __attribute__((always_inline)) void scc_walk(struct graph_scc *s, size_t n,
	const uint32_t *start, const uint32_t *adj, const uint32_t *to, const uint32_t *unit)
{
	size_t v0, sp = 0, depth, next = 0, nord = 0;
	uint32_t *index = xcalloc(n + 1, sizeof(*index)), *low = xcalloc(n + 1, sizeof(*low));
	uint32_t *stack = xmalloc((n + 1) * sizeof(*stack));
	unsigned char *on = xcalloc(n + 1, 1);
	struct { uint32_t v, k; } *fr = xmalloc((n + 1) * sizeof(*fr));

	s->order = xmalloc((n + 1) * sizeof(*s->order));
	s->cstart = xmalloc((n + 2) * sizeof(*s->cstart));
	s->comp = xcalloc(n + 1, sizeof(*s->comp));
	s->ncomp = 0;
	for (v0 = 0; v0 < n; v0++) {
		if ((unit && unit[v0] != v0) || index[v0])
			continue;
		depth = 0;
		fr[0].v = (uint32_t)v0;
		fr[0].k = start[v0];
		index[v0] = low[v0] = (uint32_t)++next;
		stack[sp++] = (uint32_t)v0;
		on[v0] = 1;
		for (;;) {
			uint32_t v = fr[depth].v;
			if (fr[depth].k < start[v + 1]) {
				uint32_t k = fr[depth].k++, w = to ? to[adj[k]] : adj[k];
				if (!index[w]) {
					index[w] = low[w] = (uint32_t)++next;
					stack[sp++] = w;
					on[w] = 1;
					depth++;
					fr[depth].v = w;
					fr[depth].k = start[w];
				} else if (on[w] && index[w] < low[v]) {
					low[v] = index[w];
				}
				continue;
			}
			if (low[v] == index[v]) {
				uint32_t w;
				s->cstart[s->ncomp++] = (uint32_t)nord;
				do {
					w = stack[--sp];
					on[w] = 0;
					s->comp[w] = (uint32_t)(s->ncomp - 1);
					s->order[nord++] = w;
				} while (w != v);
			}
			if (!depth)
				break;
			depth--;
			if (low[v] < low[fr[depth].v])
				low[fr[depth].v] = low[v];
		}
	}
	s->cstart[s->ncomp] = (uint32_t)nord;
	s->n = nord;
	free(index);
	free(low);
	free(stack);
	free(on);
	free(fr);
}

void graph_scc(struct graph_scc *s, size_t n, const uint32_t *start, const uint32_t *adj,
	       const uint32_t *to, const uint32_t *unit)
{
	if (to)
		scc_walk(s, n, start, adj, to, unit);
	else if (unit)
		scc_walk(s, n, start, adj, NULL, unit);
	else
		scc_walk(s, n, start, adj, NULL, NULL);
}

void graph_scc_release(struct graph_scc *s)
{
	free(s->order);
	free(s->cstart);
	free(s->comp);
	memset(s, 0, sizeof(*s));
}

/* The components of p's functions along every call, in the order of their lists of calls out. */
static void fn_scc(const struct profile *p, struct graph_scc *s)
{
	size_t n = p->nfns, i, k = 0;
	uint32_t *start = xmalloc((n + 2) * sizeof(*start));
	uint32_t *adj = xmalloc((p->ncalls + 1) * sizeof(*adj));

	for (i = 0; i < n; i++) {
		const struct call *c;
		start[i] = (uint32_t)k;
		for (c = fn_out(p, p->fns[i]); c; c = c->next_out)
			adj[k++] = c->k.callee->id;
	}
	start[n] = (uint32_t)k;
	graph_scc(s, n, start, adj, NULL, NULL);
	free(start);
	free(adj);
}

static const char *profile_name;	/* for messages, set by graph_inclusive() */

static int add(const struct profile *p, struct cc *dst, const struct cc *src)
{
	if (cc_add(dst, src, p->ev.n)) {
		diag(DIAG_ERROR, profile_name, 0, "an inclusive cost does not fit in 64 bits");
		return -1;
	}
	return 0;
}

/* The next byte of "file:function", from *stage 0 (file), 1 (':'), 2 (function). */
static int name_byte(const struct fn *f, const char **s, int *stage)
{
	for (;;) {
		if (*stage == 1) {
			*stage = 2;
			*s = f->k.name;
			return ':';
		}
		if (**s)
			return (unsigned char)*(*s)++;
		if (*stage == 2)
			return -1;
		*stage = 1;
	}
}

/* Two functions of one "file:function": by object (address names, fn_key_obj()), then creation. */
static int same_name_cmp(const struct fn *a, const struct fn *b)
{
	int c = a->obj == b->obj ? 0 : strcmp(a->obj, b->obj);

	if (c)
		return c < 0 ? -1 : 1;
	return a->id < b->id ? -1 : a->id > b->id;
}

int graph_fn_cmp(const struct fn *a, const struct fn *b)
{
	const char *sa = a->k.file->name, *sb = b->k.file->name;
	int ta = 0, tb = 0;

	if (a == b)
		return 0;
	if (sa == sb) {
		/* one file (names are interned): the functions' names decide */
		int c = strcmp(a->k.name, b->k.name);
		if (c)
			return c < 0 ? -1 : 1;
		return same_name_cmp(a, b);
	}
	/* skip the common start of the file names at full speed */
	while (*sa && *sa == *sb)
		sa++, sb++;
	if (*sa && *sb)
		return (unsigned char)*sa < (unsigned char)*sb ? -1 : 1;
	for (;;) {
		int ca = name_byte(a, &sa, &ta), cb = name_byte(b, &sb, &tb);
		if (ca != cb)
			return ca < cb ? -1 : 1;
		if (ca < 0)
			break;
	}
	/* the same text from two keys ("a:b" + "c", "a" + "b:c") */
	return same_name_cmp(a, b);
}

static int cycle_cmp(const void *a, const void *b)
{
	const struct cycle *x = a, *y = b;
	uint64_t vx = x->incl->v[0], vy = y->incl->v[0];

	if (vx != vy)
		return vx > vy ? -1 : 1;
	return graph_fn_cmp(x->members[0], y->members[0]);
}

static int member_cmp(const void *a, const void *b)
{
	return graph_fn_cmp(*(const struct fn *const *)a, *(const struct fn *const *)b);
}

/* Cut c to the program total; returns how many columns were cut. */
static size_t clamp(const struct profile *p, struct cc *c)
{
	size_t i, n = 0;
	/* a signed profile (Cachegrind's) has no calls: inclusive is self, of either sign */
	if (!p->total || p->signed_counts)
		return 0;
	for (i = 0; i < p->ev.n; i++)
		if (cc_defined(p, p->total, i) && c->v[i] > p->total->v[i]) {
			c->v[i] = p->total->v[i];
			n++;
		}
	return n;
}

static void check_totals(struct profile *p, const char *name)
{
	size_t i, nbad = 0;
	const struct fn *first = NULL;
	char buf[64];

	for (i = 0; i < p->nfns; i++) {
		struct fn *f = p->fns[i];
		uint64_t before = p->incl[i]->v[0];
		if (clamp(p, p->incl[i])) {
			if (!nbad)
				snprintf(buf, sizeof(buf), "%llu", (unsigned long long)before);
			if (!nbad++)
				first = f;
		}
	}
	for (i = 0; i < p->ncycles; i++)
		clamp(p, p->cycles[i].incl);
	if (nbad) {
		/* an address with its object: the name of one object's function only */
		char *fname = fn_short_name(first->k.name, strlen(first->k.name), first->obj);
		diag(DIAG_WARNING, name, 0,
		     "inclusive cost of %zu function%s above the program total (first '%s:%s', %s): "
		     "the profile's call costs disagree with its self costs; cut to the total",
		     nbad, nbad > 1 ? "s" : "", first->k.file->name, fname, buf);
		free(fname);
	}
}

int graph_level_name(const char *name)
{
	const char *s = name;

	while ((s = strchr(s, '\'')) != NULL) {
		const char *d = ++s;
		while (*d >= '0' && *d <= '9')
			d++;
		if (d > s && (*d == '\0' || *d == '\''))
			return 1;
	}
	return 0;
}

void graph_outer(const struct profile *p, unsigned char *outer)
{
	size_t i;
	int names = p->levels == PROFILE_LEVELS_NAMES, any_level = 0, outer_self = 0;
	const struct call *c;

	if (p->levels == PROFILE_LEVELS_UNKNOWN)
		names = p->creator && !strncmp(p->creator, "callgrind", 9);
	for (i = 0; i < p->nfns; i++) {
		const struct fn *f = p->fns[i];
		int level = names && graph_level_name(f->k.name);
		if (p->levels == PROFILE_LEVELS_SET) {
			outer[i] = f->outer;
			continue;
		}
		/* one name in two objects may be two functions calling each other */
		outer[i] = names && !level && !f->multi_obj;
		any_level |= level;
		for (c = fn_out(p, f); c && outer[i] && !outer_self; c = c->next_out)
			outer_self = c->k.callee == f;
	}
	/*
	 * A Callgrind profile where no name has a level but a function calls
	 * itself was made with --separate-recs=1: a recursion through other
	 * functions is not marked either, so nothing is outer.
	 */
	if (names && !any_level && outer_self)
		memset(outer, 0, p->nfns);
}

/* dst = max(dst, src) per event. */
static void cc_max(const struct profile *p, struct cc *dst, const struct cc *src)
{
	size_t k;

	for (k = 0; k < p->ev.n; k++)
		if (src->v[k] > dst->v[k])
			dst->v[k] = src->v[k];
	if (src->ndef > dst->ndef)
		dst->ndef = src->ndef;
}

static void cc_zero(const struct profile *p, struct cc *c)
{
	memset(c->v, 0, p->ev.n * sizeof(c->v[0]));
	c->ndef = 0;
}

/*
 * graph_exact_incl() with a scratch cost: self plus the calls out, which
 * counts every activation once wherever it starts (a thread's first
 * function has no call line in a profile without --separate-threads, and
 * --cacheuse=yes leaves its events out of the calls' costs), or the calls
 * in and the stacks it starts in other threads (roots.h) where they say
 * more (call costs that disagree with the self costs).
 */
static int exact_incl(const struct profile *p, const struct fn *f, struct cc *incl,
		      struct cc *tmp)
{
	const struct call *c;

	if (add(p, incl, f->self))
		return -1;
	for (c = fn_out(p, f); c; c = c->next_out)
		if (add(p, incl, c->cc))
			return -1;
	if (!fn_in(p, f))
		return 0;
	cc_zero(p, tmp);
	for (c = fn_in(p, f); c; c = c->next_in)
		if (add(p, tmp, c->cc))
			return -1;
	if (p->root_cost && p->root_cost[f->id] && add(p, tmp, p->root_cost[f->id]))
		return -1;
	cc_max(p, incl, tmp);
	return 0;
}

int graph_exact_incl(const struct profile *p, const struct fn *f, struct cc *incl)
{
	struct cc *tmp = xcalloc(1, profile_cc_size(p));
	int rc = exact_incl(p, f, incl, tmp);

	free(tmp);
	return rc;
}

int graph_check_calls(const struct profile *p, const char *name)
{
	size_t i;

	for (i = 0; i < p->nfns; i++) {
		const struct call *c;
		uint64_t sum = 0;
		for (c = fn_in(p, p->fns[i]); c; c = c->next_in)
			if (__builtin_add_overflow(sum, c->count, &sum)) {
				const char *fname = p->fns[i]->k.name;
				diag(DIAG_ERROR, name, 0,
				     "number of calls to %s does not fit in 64 bits (its callers summed)",
				     diag_quote(fname, strlen(fname)));
				return -1;
			}
	}
	return 0;
}

/*
 * By fn id and event, the largest cost of a call line made once with the
 * function at either end (one activation: its cost is counted once, so
 * both ends are on the stack that long), or NULL when no line made one.
 */
static uint64_t *single_calls(const struct profile *p)
{
	size_t i, k, ne = p->ev.n;
	uint64_t *m = NULL;

	if (p->sites_whole)
		return NULL;
	for (i = 0; i < p->nfns && i < p->nsingle; i++) {
		const struct cc *s = p->single[i];
		if (!s)
			continue;
		if (!m)
			m = xcalloc(p->nfns * ne + 1, sizeof(*m));
		for (k = 0; k < ne && k < s->ndef; k++)
			m[i * ne + k] = s->v[k];
	}
	return m;
}

/* What graph_inclusive() works out on the way, by function id or by component. */
struct incl_work {
	struct graph_scc scc;	/* the strongly connected components */
	uint32_t *size;		/* by component: its may-nest members */
	uint32_t *cycno;	/* by component: its cycle's number, or 0 */
	unsigned char *has_outer;	/* by component: an outer function is in it */
	unsigned char *selfloop;	/* by function: it calls itself */
	struct cc *tmp, *tmp2, **cyin;	/* cyin: by cycle, the calls into it from outside */
	uint64_t *single;	/* single_calls() */
};

static void incl_work_release(struct incl_work *w)
{
	free(w->single);
	free(w->cyin);
	free(w->size);
	free(w->cycno);
	free(w->has_outer);
	free(w->selfloop);
	graph_scc_release(&w->scc);
}

/* Which functions may nest (graph_outer()), which calls are recursive, the components' sizes. */
static void mark_nesting(struct profile *p, struct incl_work *w)
{
	size_t n = p->nfns, i;
	unsigned char *outer = xcalloc(n + 1, 1);

	w->size = xcalloc(w->scc.ncomp + 1, sizeof(uint32_t));
	w->has_outer = xcalloc(w->scc.ncomp + 1, 1);
	w->selfloop = xcalloc(n + 1, 1);
	for (i = 0; i < p->ncalls; i++) {
		struct call *c = p->calls[i];
		if (c->k.caller == c->k.callee)
			w->selfloop[c->k.caller->id] = 1;
	}
	graph_outer(p, outer);
	if (p->levels == PROFILE_LEVELS_UNKNOWN)
		p->levels = p->creator && !strncmp(p->creator, "callgrind", 9) ? PROFILE_LEVELS_NAMES
										 : PROFILE_LEVELS_NONE;
	for (i = 0; i < n; i++) {
		struct fn *f = p->fns[i];
		f->outer = outer[i];
		f->may_nest = !f->outer || w->selfloop[i];
		f->incl_exact = 0;
		f->cycle = 0;
		/* size: the may-nest members of each component */
		if (f->may_nest)
			w->size[w->scc.comp[i]]++;
		else
			w->has_outer[w->scc.comp[i]] = 1;
	}
	for (i = 0; i < p->ncalls; i++) {
		struct call *c = p->calls[i];
		c->recursive = c->k.caller->may_nest && c->k.callee->may_nest &&
			       w->scc.comp[c->k.caller->id] == w->scc.comp[c->k.callee->id];
	}
	free(outer);
}

/* The cycles: the may-nest functions of a component, when two or more.  -1 after a diagnostic. */
static int make_cycles(struct profile *p, struct incl_work *w, const char *name)
{
	size_t i;

	w->cycno = xcalloc(w->scc.ncomp + 1, sizeof(uint32_t));
	p->ncycles = 0;
	for (i = 0; i < w->scc.ncomp; i++)
		if (w->size[i] > 1)
			w->cycno[i] = (uint32_t)++p->ncycles;
	if (p->ncycles > FN_MAX_CYCLES) {
		/* more than 2^27 functions: beyond any memory, but say so */
		diag(DIAG_ERROR, name, 0, "more than %u cycles in the call graph",
		     (unsigned)FN_MAX_CYCLES);
		p->ncycles = 0;
		return -1;
	}
	p->cycles = xcalloc(p->ncycles + 1, sizeof(*p->cycles));
	w->cyin = xcalloc(p->ncycles + 1, sizeof(*w->cyin));
	for (i = 0; i < w->scc.ncomp; i++)
		if (w->cycno[i]) {
			/* sized once: growing by one member each took members^2 */
			struct cycle *cy = &p->cycles[w->cycno[i] - 1];
			cy->members = xmalloc(w->size[i] * sizeof(*cy->members));
			cy->incl = profile_cc_new(p);
		}
	for (i = 0; i < p->nfns; i++) {
		struct fn *f = p->fns[i];
		uint32_t c = f->may_nest ? w->cycno[w->scc.comp[i]] : 0;
		if (c) {
			struct cycle *cy = &p->cycles[c - 1];
			cy->members[cy->nmembers++] = f;
			if (w->has_outer[w->scc.comp[i]] && !w->cyin[c - 1])
				w->cyin[c - 1] = profile_cc_new(p);
		}
	}
	return 0;
}

/*
 * The inclusive cost of a function that may recurse: bounds from below,
 * none of which counts a cost twice.  -1 after a diagnostic (overflow).
 */
static int recursive_incl(struct profile *p, struct incl_work *w, size_t i, struct cc *incl)
{
	struct fn *f = p->fns[i];
	struct call *c;
	uint32_t comp = w->scc.comp[i], cy = f->may_nest ? w->cycno[comp] : 0;

	/* B: own cost plus what it calls outside its component */
	if (add(p, incl, f->self))
		return -1;
	for (c = fn_out(p, f); c; c = c->next_out)
		if (w->scc.comp[c->k.callee->id] != comp && add(p, incl, c->cc))
			return -1;
	if (cy && add(p, p->cycles[cy - 1].incl, incl))
		return -1;
	/* A: the calls into it from outside its component */
	cc_zero(p, w->tmp);
	for (c = fn_in(p, f); c; c = c->next_in)
		if (w->scc.comp[c->k.caller->id] != comp && add(p, w->tmp, c->cc))
			return -1;
	if (cy && w->cyin[cy - 1] && add(p, w->cyin[cy - 1], w->tmp))
		return -1;
	cc_max(p, incl, w->tmp);
	/* so is a line that made a call once (the calls above sum lines) */
	if (w->single) {
		size_t k;
		for (k = 0; k < p->ev.n; k++)
			if (w->single[i * p->ev.n + k] > incl->v[k])
				incl->v[k] = w->single[i * p->ev.n + k];
	}
	/*
	 * An outer neighbour runs once at a time: each of its calls is a
	 * bound.  So is a call made once, in or out: one activation, on
	 * the stack with its caller for all it cost.
	 */
	for (c = fn_in(p, f); c; c = c->next_in)
		if ((c->k.caller->outer && c->k.caller != f) || c->count == 1)
			cc_max(p, incl, c->cc);
	for (c = fn_out(p, f); c; c = c->next_out)
		if ((c->k.callee->outer && c->k.callee != f) || c->count == 1)
			cc_max(p, incl, c->cc);
	if (p->exact_incl && p->exact_incl[i]) {
		/* merged levels of one function (modname_profile) */
		memcpy(incl, p->exact_incl[i], profile_cc_size(p));
		f->incl_exact = 1;
	}
	return 0;
}

/* Every function's inclusive cost.  -1 after a diagnostic. */
static int fns_incl(struct profile *p, struct incl_work *w)
{
	size_t i;

	for (i = 0; i < p->nfns; i++) {
		struct fn *f = p->fns[i];
		uint32_t comp = w->scc.comp[i];
		int recursive = f->may_nest && (w->size[comp] > 1 || w->selfloop[i] || w->has_outer[comp]);
		struct cc *incl = p->incl[i] = profile_cc_new(p);

		if (recursive) {
			if (recursive_incl(p, w, i, incl))
				return -1;
			continue;
		}
		/* outer, or may nest but never does: no call into it runs in another */
		if (p->exact_incl && p->exact_incl[i])
			memcpy(incl, p->exact_incl[i], profile_cc_size(p));
		else if (exact_incl(p, f, incl, w->tmp))
			return -1;
		f->incl_exact = 1;
	}
	return 0;
}

/* A cycle sharing its component with outer functions: bounds from those too.  -1 after a diagnostic. */
static int cycle_bounds(struct profile *p, struct incl_work *w)
{
	size_t i;

	for (i = 0; i < p->nfns; i++) {
		const struct fn *o = p->fns[i];
		const struct call *c;
		uint32_t cy = w->cycno[w->scc.comp[i]];
		if (o->may_nest || !cy)
			continue;
		cc_zero(p, w->tmp);
		cc_zero(p, w->tmp2);
		for (c = fn_out(p, o); c; c = c->next_out)
			if (c->k.callee->may_nest && w->scc.comp[c->k.callee->id] == w->scc.comp[i] &&
			    add(p, w->tmp, c->cc))
				return -1;
		for (c = fn_in(p, o); c; c = c->next_in)
			if (c->k.caller->may_nest && w->scc.comp[c->k.caller->id] == w->scc.comp[i] &&
			    add(p, w->tmp2, c->cc))
				return -1;
		cc_max(p, p->cycles[cy - 1].incl, w->tmp);
		cc_max(p, p->cycles[cy - 1].incl, w->tmp2);
	}
	for (i = 0; i < p->ncycles; i++) {
		if (w->cyin[i])
			cc_max(p, p->cycles[i].incl, w->cyin[i]);
		sort_array(p->cycles[i].members, p->cycles[i].nmembers, sizeof(struct fn *), member_cmp);
	}
	return 0;
}

/* The cycles in their order, numbered from 1, and each member told its number. */
static void number_cycles(struct profile *p)
{
	size_t i, k;

	sort_array(p->cycles, p->ncycles, sizeof(*p->cycles), cycle_cmp);
	for (i = 0; i < p->ncycles; i++) {
		p->cycles[i].num = (uint32_t)(i + 1);
		for (k = 0; k < p->cycles[i].nmembers; k++)
			p->cycles[i].members[k]->cycle = (uint32_t)(i + 1) & FN_MAX_CYCLES;
	}
}

/* A view's rows never above the same rows of its profile (profile.incl_cap). */
static void cap_incl(struct profile *p)
{
	size_t i, e;

	for (i = 0; i < p->nfns && p->incl_cap; i++)
		for (e = 0; p->incl_cap[i] && e < p->ev.n; e++)
			if (p->incl[i]->v[e] > p->incl_cap[i]->v[e])
				p->incl[i]->v[e] = p->incl_cap[i]->v[e];
}

int graph_inclusive(struct profile *p, const char *name)
{
	size_t n = p->nfns;
	struct incl_work w;
	int rc = -1;

	if (p->drop_calls) {
		/* the report shows no inclusive cost (see profile.drop_calls) */
		p->ncycles = 0;
		p->cycles = xcalloc(1, sizeof(*p->cycles));
		return 0;
	}
	free(p->incl);
	p->incl = xcalloc(n + 1, sizeof(*p->incl));
	memset(&w, 0, sizeof(w));
	fn_scc(p, &w.scc);
	profile_name = name;
	w.tmp = profile_cc_new(p);
	w.tmp2 = profile_cc_new(p);
	mark_nesting(p, &w);
	if (make_cycles(p, &w, name))
		goto out;
	w.single = single_calls(p);
	if (fns_incl(p, &w) || cycle_bounds(p, &w))
		goto out;
	cap_incl(p);
	check_totals(p, name);
	number_cycles(p);
	rc = 0;
out:
	incl_work_release(&w);
	return rc;
}
