/* graph: inclusive costs that stay true under recursion, and the cycles of the call graph. */
#include "graph.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"

/* Tarjan's strongly connected components, iteratively (deep call graphs). */
struct tarjan {
	uint32_t *index, *low, *comp;
	unsigned char *onstack;
	uint32_t *stack;
	size_t sp;
	uint32_t next_index, ncomp;
};

static void tarjan_run(const struct profile *p, struct tarjan *t)
{
	size_t n = p->nfns, v0;
	struct frame {
		uint32_t v;
		struct call *c;
	} *fr = xmalloc((n + 1) * sizeof(*fr));

	for (v0 = 0; v0 < n; v0++) {
		size_t depth = 0;
		if (t->index[v0])
			continue;
		fr[depth].v = (uint32_t)v0;
		fr[depth].c = fn_out(p, p->fns[v0]);
		t->index[v0] = t->low[v0] = ++t->next_index;
		t->stack[t->sp++] = (uint32_t)v0;
		t->onstack[v0] = 1;
		for (;;) {
			struct frame *f = &fr[depth];
			if (f->c) {
				uint32_t w = f->c->k.callee->id;
				f->c = f->c->next_out;
				if (!t->index[w]) {
					t->index[w] = t->low[w] = ++t->next_index;
					t->stack[t->sp++] = w;
					t->onstack[w] = 1;
					depth++;
					fr[depth].v = w;
					fr[depth].c = fn_out(p, p->fns[w]);
				} else if (t->onstack[w] && t->index[w] < t->low[f->v]) {
					t->low[f->v] = t->index[w];
				}
				continue;
			}
			if (t->low[f->v] == t->index[f->v]) {
				uint32_t w;
				do {
					w = t->stack[--t->sp];
					t->onstack[w] = 0;
					t->comp[w] = t->ncomp;
				} while (w != f->v);
				t->ncomp++;
			}
			if (!depth)
				break;
			depth--;
			if (t->low[f->v] < t->low[fr[depth].v])
				t->low[fr[depth].v] = t->low[f->v];
		}
	}
	free(fr);
}

static const char *profile_name;	/* for messages, set by graph_inclusive() */

static int add(struct profile *p, struct cc *dst, const struct cc *src)
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
		return a->id < b->id ? -1 : a->id > b->id;
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
	return a->id < b->id ? -1 : a->id > b->id;
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
	if (!p->total)
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
	if (nbad)
		diag(DIAG_WARNING, name, 0,
		     "inclusive cost of %zu function%s above the program total (first '%s:%s', %s): "
		     "the profile's call costs disagree with its self costs; cut to the total",
		     nbad, nbad > 1 ? "s" : "", first->k.file->name, first->k.name, buf);
}

int graph_inclusive(struct profile *p, const char *name)
{
	size_t n = p->nfns, i;
	struct tarjan t;
	uint32_t *size, *cycno;
	unsigned char *selfloop;
	struct cc *tmp;
	int rc = -1;

	if (p->drop_calls) {
		/* the report shows no inclusive cost (see profile.drop_calls) */
		p->ncycles = 0;
		p->cycles = xcalloc(1, sizeof(*p->cycles));
		return 0;
	}
	free(p->incl);
	p->incl = xcalloc(n + 1, sizeof(*p->incl));
	memset(&t, 0, sizeof(t));
	t.index = xcalloc(n + 1, sizeof(uint32_t));
	t.low = xcalloc(n + 1, sizeof(uint32_t));
	t.comp = xcalloc(n + 1, sizeof(uint32_t));
	t.onstack = xcalloc(n + 1, 1);
	t.stack = xcalloc(n + 1, sizeof(uint32_t));
	tarjan_run(p, &t);
	profile_name = name;

	tmp = profile_cc_new(p);
	size = xcalloc(t.ncomp + 1, sizeof(uint32_t));
	cycno = xcalloc(t.ncomp + 1, sizeof(uint32_t));
	selfloop = xcalloc(n + 1, 1);
	for (i = 0; i < n; i++)
		size[t.comp[i]]++;
	for (i = 0; i < p->ncalls; i++) {
		struct call *c = p->calls[i];
		if (c->k.caller == c->k.callee)
			selfloop[c->k.caller->id] = 1;
		c->recursive = t.comp[c->k.caller->id] == t.comp[c->k.callee->id];
	}

	/* cycles: components of two or more functions */
	p->ncycles = 0;
	for (i = 0; i < t.ncomp; i++)
		if (size[i] > 1)
			cycno[i] = (uint32_t)++p->ncycles;
	if (p->ncycles > FN_MAX_CYCLES) {
		/* more than 2^30 functions: beyond any memory, but say so */
		diag(DIAG_ERROR, name, 0, "more than %u cycles in the call graph",
		     (unsigned)FN_MAX_CYCLES);
		p->ncycles = 0;
		goto out;
	}
	p->cycles = xcalloc(p->ncycles + 1, sizeof(*p->cycles));
	for (i = 0; i < p->ncycles; i++)
		p->cycles[i].incl = profile_cc_new(p);
	for (i = 0; i < n; i++) {
		struct fn *f = p->fns[i];
		uint32_t c = cycno[t.comp[i]];
		if (c) {
			struct cycle *cy = &p->cycles[c - 1];
			cy->members = xrealloc(cy->members, (cy->nmembers + 1) * sizeof(*cy->members));
			cy->members[cy->nmembers++] = f;
		}
	}

	for (i = 0; i < n; i++) {
		struct fn *f = p->fns[i];
		struct call *c;
		int recursive = size[t.comp[i]] > 1 || selfloop[i];
		struct cc *incl = p->incl[i] = profile_cc_new(p);
		if (!recursive && fn_in(p, f)) {
			for (c = fn_in(p, f); c; c = c->next_in)
				if (add(p, incl, c->cc))
					goto out;
			continue;
		}
		/* B: own cost plus what it calls outside its cycle */
		if (add(p, incl, f->self))
			goto out;
		for (c = fn_out(p, f); c; c = c->next_out)
			if (t.comp[c->k.callee->id] != t.comp[i] && add(p, incl, c->cc))
				goto out;
		if (cycno[t.comp[i]]) {
			struct cycle *cy = &p->cycles[cycno[t.comp[i]] - 1];
			if (add(p, cy->incl, incl))
				goto out;
		}
		if (recursive) {
			/* A: the calls into it from outside its cycle; take the larger */
			size_t k;
			memset(tmp->v, 0, p->ev.n * sizeof(tmp->v[0]));
			tmp->ndef = 0;
			for (c = fn_in(p, f); c; c = c->next_in)
				if (t.comp[c->k.caller->id] != t.comp[i] && add(p, tmp, c->cc))
					goto out;
			for (k = 0; k < p->ev.n; k++)
				if (tmp->v[k] > incl->v[k])
					incl->v[k] = tmp->v[k];
			if (tmp->ndef > incl->ndef)
				incl->ndef = tmp->ndef;
		}
	}
	for (i = 0; i < p->ncycles; i++)
		qsort(p->cycles[i].members, p->cycles[i].nmembers, sizeof(struct fn *), member_cmp);
	check_totals(p, name);
	qsort(p->cycles, p->ncycles, sizeof(*p->cycles), cycle_cmp);
	for (i = 0; i < p->ncycles; i++) {
		size_t k;
		p->cycles[i].num = (uint32_t)(i + 1);
		for (k = 0; k < p->cycles[i].nmembers; k++)
			p->cycles[i].members[k]->cycle = (uint32_t)(i + 1) & FN_MAX_CYCLES;
	}
	rc = 0;
out:
	free(size);
	free(cycno);
	free(selfloop);
	free(t.index);
	free(t.low);
	free(t.comp);
	free(t.onstack);
	free(t.stack);
	return rc;
}
