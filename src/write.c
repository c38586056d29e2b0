/* write: a profile written back in the Callgrind format, with compressed names. */
#include "write.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "hash.h"

/* Compressed name ids of one id space (files, functions or objects), keyed by the interned pointer. */
struct name_id {
	const char *name;
	unsigned long id;
	UT_hash_handle hh;
};

struct writer {
	const struct profile *p;
	FILE *out;
	struct name_id *ids[3];
	unsigned long next[3];
	const char *ob;			/* current ob=, NULL before the first */
	const struct file *fl;		/* current fl=/fi=/fe= */
	struct callsite **sites;	/* call sites, grouped by caller */
	size_t *site_start;		/* per fn id: first index in sites */
};

enum { SP_FILE, SP_FN, SP_OB };

/* "(id) name" the first time, "(id)" afterwards; an empty name stays plain. */
static void put_name(struct writer *w, const char *key, int sp, const char *name)
{
	struct name_id *n;

	fputs(key, w->out);
	putc('=', w->out);
	if (!*name) {
		putc('\n', w->out);
		return;
	}
	HASH_FIND_PTR(w->ids[sp], &name, n);
	if (n) {
		fprintf(w->out, "(%lu)\n", n->id);
		return;
	}
	n = xcalloc(1, sizeof(*n));
	n->name = name;
	n->id = ++w->next[sp];
	HASH_ADD_PTR(w->ids[sp], name, n);
	fprintf(w->out, "(%lu) %s\n", n->id, name);
}

/* Positions, then the first ndef counters (a column never given stays undefined). */
static void put_cost(struct writer *w, uint64_t line, const struct cc *c)
{
	uint32_t i;

	fprintf(w->out, "%" PRIu64, line);
	for (i = 0; c && i < c->ndef && i < w->p->ev.nraw; i++)
		fprintf(w->out, " %" PRIu64, c->v[i]);
	putc('\n', w->out);
}

static void put_ob(struct writer *w, const char *key, const char *ob)
{
	put_name(w, key, SP_OB, ob);
}

/* The self cost and the calls of f, in the current fn= block. */
static void put_body(struct writer *w, const struct fn *f)
{
	size_t i;

	if (f->self->ndef)
		put_cost(w, 0, f->self);
	for (i = w->site_start[f->id]; i < w->site_start[f->id + 1]; i++) {
		const struct callsite *s = w->sites[i];
		const struct fn *callee = s->k.callee;
		if (callee->obj != w->ob && *callee->obj)
			put_ob(w, "cob", callee->obj);
		if (callee->k.file != w->fl)
			put_name(w, "cfi", SP_FILE, callee->k.file->name);
		put_name(w, "cfn", SP_FN, callee->k.name);
		fprintf(w->out, "calls=%" PRIu64 " %" PRIu64 "\n", s->count, s->k.line);
		put_cost(w, s->k.line, s->cc);
	}
}

static void put_file(struct writer *w, const char *key, const struct file *f)
{
	put_name(w, key, SP_FILE, f->name);
	w->fl = f;
}

static int site_cmp(const void *x, const void *y)
{
	const struct callsite *a = *(const struct callsite *const *)x;
	const struct callsite *b = *(const struct callsite *const *)y;

	if (a->k.caller->id != b->k.caller->id)
		return a->k.caller->id < b->k.caller->id ? -1 : 1;
	if (a->k.line != b->k.line)
		return a->k.line < b->k.line ? -1 : 1;
	return a->k.callee->id < b->k.callee->id ? -1 : a->k.callee->id > b->k.callee->id;
}

static void group_sites(struct writer *w)
{
	const struct profile *p = w->p;
	size_t n = 0, i, k;

	for (i = 0; i < p->nfiles_src; i++)
		n += p->files[i]->nsites;
	w->sites = xmalloc((n + 1) * sizeof(*w->sites));
	n = 0;
	for (i = 0; i < p->nfiles_src; i++) {
		struct callsite *s;
		for (s = p->files[i]->sites; s; s = s->next)
			w->sites[n++] = s;
	}
	qsort(w->sites, n, sizeof(*w->sites), site_cmp);
	w->site_start = xcalloc(p->nfns + 2, sizeof(*w->site_start));
	for (i = 0, k = 0; i <= p->nfns; i++) {
		while (k < n && w->sites[k]->k.caller->id < i)
			k++;
		w->site_start[i] = k;
	}
	w->site_start[p->nfns + 1] = n;
}

/* Does the sum of the self costs give the program total (so totals: may be left out)? */
static int total_is_self_sum(const struct profile *p)
{
	size_t i, e;
	uint32_t ndef = 0;

	for (e = 0; e < p->ev.nraw; e++) {
		uint64_t sum = 0;
		for (i = 0; i < p->nfns; i++)
			sum += p->fns[i]->self->v[e];
		if (sum != p->total->v[e])
			return 0;
	}
	for (i = 0; i < p->nfns; i++)
		if (p->fns[i]->self->ndef > ndef)
			ndef = p->fns[i]->self->ndef;
	return ndef == p->total->ndef;
}

static void put_header(struct writer *w, const char *note)
{
	const struct profile *p = w->p;
	FILE *out = w->out;
	size_t i;

	fputs("# callgrind format\nversion: 1\n", out);
	if (p->creator && *p->creator)
		fprintf(out, "creator: %s\n", p->creator);
	if (note)
		fprintf(out, "# %s\n", note);
	if (p->pid && *p->pid)
		fprintf(out, "pid: %s\n", p->pid);
	if (p->thread && *p->thread)
		fprintf(out, "thread: %s\n", p->thread);
	if (p->part && *p->part)
		fprintf(out, "part: %s\n", p->part);
	if (p->cmd)
		fprintf(out, "cmd: %s\n", p->cmd);
	for (i = 0; i < p->ndesc; i++)
		fprintf(out, "desc: %s\n", p->desc[i]);
	fputs(p->has_line ? "positions: line\n" : "positions: instr\n", out);
	for (i = 0; i < p->ev.n; i++) {
		const struct event *e = &p->ev.ev[i];
		if (!e->formula && !e->longname)
			continue;
		fprintf(out, "event: %s", e->name);
		if (e->formula)
			fprintf(out, " = %s", e->formula);
		if (e->longname)
			fprintf(out, " : %s", e->longname);
		putc('\n', out);
	}
	fputs("events:", out);
	for (i = 0; i < p->ev.nraw; i++)
		fprintf(out, " %s", p->ev.ev[i].name);
	putc('\n', out);
	if (p->total && !(p->total_calculated && total_is_self_sum(p))) {
		fputs("totals:", out);
		for (i = 0; i < p->total->ndef && i < p->ev.nraw; i++)
			fprintf(out, " %" PRIu64, p->total->v[i]);
		putc('\n', out);
	}
	putc('\n', out);
}

/*
 * Named functions by name: a function of inlined code is written through
 * the first of them.  Its object does not have to match: the object of a
 * function no fn= line named is never shown.
 */
struct by_name {
	const char *name;
	const struct fn *first;
	UT_hash_handle hh;
};

static const struct fn *inline_parent(struct by_name **idx, const struct profile *p,
				      const struct fn *f)
{
	struct by_name *b;
	size_t i;

	if (!*idx) {
		for (i = 0; i < p->nfns; i++) {
			const struct fn *g = p->fns[i];
			if (!g->named)
				continue;
			HASH_FIND_PTR(*idx, &g->k.name, b);
			if (b)
				continue;
			b = xcalloc(1, sizeof(*b));
			b->name = g->k.name;
			b->first = g;
			HASH_ADD_PTR(*idx, name, b);
		}
	}
	HASH_FIND_PTR(*idx, &f->k.name, b);
	return b ? b->first : NULL;
}

int write_callgrind(const struct profile *p, const char *note, FILE *out)
{
	struct writer w;
	const struct fn **parent;
	size_t *child, *next;	/* inlined-code functions, listed per parent */
	struct by_name *idx = NULL, *b, *btmp;
	size_t i, k, sp;

	memset(&w, 0, sizeof(w));
	w.p = p;
	w.out = out;
	group_sites(&w);
	put_header(&w, note);

	/* functions written through fi= lines, each under its parent */
	parent = xcalloc(p->nfns + 1, sizeof(*parent));
	child = xmalloc((p->nfns + 1) * sizeof(*child));
	next = xmalloc((p->nfns + 1) * sizeof(*next));
	for (i = 0; i < p->nfns; i++)
		child[i] = SIZE_MAX;
	for (i = p->nfns; i-- > 0;) {
		const struct fn *f = p->fns[i];
		if (f->listed && !f->named)
			parent[i] = inline_parent(&idx, p, f);
		if (parent[i]) {
			next[i] = child[parent[i]->id];
			child[parent[i]->id] = i;
		}
	}
	for (i = 0; i < p->nfns; i++) {
		const struct fn *f = p->fns[i];
		if (!f->listed || parent[i])
			continue;
		if (f->obj != w.ob && (w.ob || *f->obj)) {
			put_ob(&w, "ob", f->obj);
			w.ob = f->obj;
		}
		if (f->k.file != w.fl)
			put_file(&w, "fl", f->k.file);
		put_name(&w, "fn", SP_FN, f->k.name);
		put_body(&w, f);
		for (k = child[i]; k != SIZE_MAX; k = next[k]) {
			put_file(&w, "fi", p->fns[k]->k.file);
			put_body(&w, p->fns[k]);
		}
		putc('\n', out);
	}
	HASH_ITER(hh, idx, b, btmp) {
		HASH_DEL(idx, b);
		free(b);
	}
	free(parent);
	free(child);
	free(next);
	for (sp = 0; sp < 3; sp++) {
		struct name_id *n, *tmp;
		HASH_ITER(hh, w.ids[sp], n, tmp) {
			HASH_DEL(w.ids[sp], n);
			free(n);
		}
	}
	free(w.sites);
	free(w.site_start);
	return ferror(out) ? -1 : 0;
}
