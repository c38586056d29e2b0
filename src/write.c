/* write: a profile written back in the Callgrind format, with compressed names. */
#include "write.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "graph.h"
#include "hash.h"
#include "sort.h"

/* Compressed name ids of one id space (files, functions or objects), keyed by the interned pointer. */
struct name_id {
	const char *name;
	unsigned long id;
	UT_hash_handle hh;
};

/* What one cost spread on a line holds, charged (arena.h) while writing. */
#define ENTRY_BYTES(nraw) (sizeof(struct cc) + (nraw) * sizeof(uint64_t) + 2 * sizeof(void *) + 8)

/*
 * The costs spread on lines, cut from chunks freed together at the end: one
 * malloc each took twice their size (a profile of distinct lines with one
 * cost each, written back, peaked at 45 bytes per byte read).
 */
struct cc_chunk {
	struct cc_chunk *next;
	size_t used, cap;	/* in uint64_t words */
	uint64_t w[];
};

struct writer {
	size_t charged;
	struct cc_chunk *chunks;
	const struct profile *p;
	FILE *out;
	struct name_id *ids[3];
	unsigned long next[3];
	const char *ob;			/* current ob=, NULL before the first */
	const struct file *fl;		/* current fl=/fi=/fe= */
	const struct fn *fn;		/* current function (fn=, or fi= through its parent) */
	const struct fn **parent;	/* per fn id: the named function its fi= goes through */
	struct fn_lines *lines;		/* per fn id: its self cost spread on lines */
	int cachegrind;			/* Cachegrind's format: plain names, signed counts */
};

/* The self cost of a function spread on the lines of its file (see spread_file()). */
struct fn_line {
	uint64_t line;
	struct cc *cc;
};

struct fn_lines {
	struct fn_line *v;
	size_t n, cap;
};

enum { SP_FILE, SP_FN, SP_OB };

/* "(id) name" the first time, "(id)" afterwards; an empty name stays plain. */
static void put_name(struct writer *w, const char *key, int sp, const char *name)
{
	struct name_id *n;

	fputs(key, w->out);
	putc('=', w->out);
	if (!*name || w->cachegrind) {	/* Cachegrind's format has no name compression */
		fputs(name, w->out);
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

/* " N": signed in a profile of Cachegrind's */
static void put_count(struct writer *w, uint64_t v)
{
	if (w->p->signed_counts)
		fprintf(w->out, " %" PRId64, (int64_t)v);
	else
		fprintf(w->out, " %" PRIu64, v);
}

/* Positions, then the first ndef counters (a column never given stays undefined). */
static void put_cost(struct writer *w, uint64_t line, const struct cc *c)
{
	uint32_t i;

	fprintf(w->out, "%" PRIu64, line);
	for (i = 0; c && i < c->ndef && i < w->p->ev.nraw; i++)
		put_count(w, c->v[i]);
	putc('\n', w->out);
}

static void put_ob(struct writer *w, const char *key, const char *ob)
{
	put_name(w, key, SP_OB, ob);
}

/* The self cost of f, in the current fn= block. */
static void put_self(struct writer *w, const struct fn *f)
{
	const struct fn_lines *fl = &w->lines[f->id];
	size_t i;

	if (fl->n) {
		for (i = 0; i < fl->n; i++)
			put_cost(w, fl->v[i].line, fl->v[i].cc);
	} else if (f->self->ndef) {
		put_cost(w, 0, f->self);
	}
}

static void put_file(struct writer *w, const char *key, const struct file *f)
{
	put_name(w, key, SP_FILE, f->name);
	w->fl = f;
}

/* fn= for a named function (or one without a parent), with its ob= and fl= first. */
static void enter_fn(struct writer *w, const struct fn *f)
{
	if (f->obj != w->ob && (w->ob || *f->obj)) {
		put_ob(w, "ob", f->obj);
		w->ob = f->obj;
	}
	if (f->k.file != w->fl)
		put_file(w, "fl", f->k.file);
	put_name(w, "fn", SP_FN, f->k.name);
	w->fn = f;
}

/* Make f the current function, through its parent's fn= and a fi= when it has one. */
static void switch_fn(struct writer *w, const struct fn *f)
{
	const struct fn *par = w->parent[f->id];

	if (w->fn == f)
		return;
	if (!par) {
		enter_fn(w, f);
		return;
	}
	if (w->fn != par)
		enter_fn(w, par);
	put_file(w, "fi", f->k.file);
	w->fn = f;
}

/*
 * The calls, file by file in the order the profile gave them, so that the
 * first caller seen on each source line (the one whose calls source
 * annotation shows) stays first.  A call made under another file than its
 * caller's (fl= inside a function) is written the same way: fl= changes
 * the file and keeps the function.
 */
static void put_calls(struct writer *w)
{
	const struct profile *p = w->p;
	size_t i;

	for (i = 0; i < p->nfiles_src; i++) {
		const struct file *f = p->files[i];
		const struct callsite *s;
		for (s = f->sites; s; s = s->next) {
			const struct fn *callee = s->k.callee;
			if (w->fn != s->k.caller) {
				putc('\n', w->out);
				switch_fn(w, s->k.caller);
			}
			if (w->fl != f)
				put_file(w, "fl", f);
			/* an empty cob= too: an address is a function of its object (fn_key_obj()) */
			if (callee->obj != w->ob && (*callee->obj || (w->ob && *w->ob)))
				put_ob(w, "cob", callee->obj);
			if (callee->k.file != w->fl)
				put_name(w, "cfi", SP_FILE, callee->k.file->name);
			put_name(w, "cfn", SP_FN, callee->k.name);
			fprintf(w->out, "calls=%" PRIu64 " %" PRIu64 "\n", s->count, s->k.line);
			put_cost(w, s->k.line, s->cc);
		}
	}
}

/* A zeroed cost of ncol columns, from the writer's chunks. */
static struct cc *new_cc(struct writer *w, size_t ncol)
{
	size_t words = sizeof(struct cc) / sizeof(uint64_t) + ncol;
	struct cc_chunk *c = w->chunks;
	struct cc *cc;

	if (!c || c->cap - c->used < words) {
		size_t cap = words > 8192 ? words : 8192;
		c = xmalloc(sizeof(*c) + cap * sizeof(uint64_t));
		c->next = w->chunks;
		c->used = 0;
		c->cap = cap;
		w->chunks = c;
	}
	cc = (struct cc *)(c->w + c->used);
	memset(cc, 0, words * sizeof(uint64_t));
	c->used += words;
	return cc;
}

/* The cost of f on line l (index into the file's sorted lines), created when missing. */
static struct cc *fn_line_cc(struct writer *w, struct fn_lines *fl, uint64_t line, size_t ncol,
			     uint32_t ndef)
{
	struct fn_line *e;

	/* lines are visited in order, so the line is the last one or a new one */
	if (fl->n && fl->v[fl->n - 1].line == line)
		return fl->v[fl->n - 1].cc;
	if (fl->n == fl->cap) {
		fl->cap = fl->cap ? 2 * fl->cap : 4;
		fl->v = xrealloc(fl->v, fl->cap * sizeof(*fl->v));
	}
	e = &fl->v[fl->n++];
	e->line = line;
	e->cc = new_cc(w, ncol);
	e->cc->ndef = ndef;
	return e->cc;
}

static int fnline_cmp(const void *x, const void *y)
{
	const struct fn_line *a = x, *b = y;
	return a->line < b->line ? -1 : a->line > b->line;
}

/*
 * The costs made so far in one file, keyed by function index i and line
 * index k as i * nl + k + 1 (0: an empty slot), open addressing: 16 bytes
 * a slot, where a uthash entry took over 100.
 */
struct seen {
	uint64_t *key;
	struct cc **val;
	size_t cap, n;
};

static size_t seen_slot(const struct seen *t, uint64_t key)
{
	size_t h = (size_t)hash_u64(key) & (t->cap - 1);

	while (t->key[h] && t->key[h] != key)
		h = (h + 1) & (t->cap - 1);
	return h;
}

static void seen_grow(struct seen *t)
{
	struct seen u;
	size_t i;

	u.cap = t->cap ? 2 * t->cap : 64;
	u.n = t->n;
	u.key = xcalloc(u.cap, sizeof(*u.key));
	u.val = xmalloc(u.cap * sizeof(*u.val));
	for (i = 0; i < t->cap; i++)
		if (t->key[i]) {
			size_t h = seen_slot(&u, t->key[i]);
			u.key[h] = t->key[i];
			u.val[h] = t->val[i];
		}
	free(t->key);
	free(t->val);
	*t = u;
}

/* The spreading of one file: its functions and sorted lines, and the costs made so far. */
struct spread {
	struct writer *w;
	const struct file *f;
	const struct fn **fns;
	size_t nf, nl;
	uint64_t *lines;
	const struct cc **lcc;		/* per line */
	uint32_t *fn_max, *line_max;	/* columns the costs made so far define */
	struct seen seen;
	size_t nent, maxent;	/* costs made, and how many may be */
	int over;		/* one more was wanted */
	struct cc *scratch;	/* what entry() gives then */
};

static uint32_t min32(uint32_t a, uint32_t b)
{
	return a < b ? a : b;
}

/* The cost of function i on line k, created when missing with the columns both define. */
static struct cc *entry(struct spread *sp, size_t i, size_t k)
{
	uint64_t key = (uint64_t)i * sp->nl + k + 1;	/* no overflow: spread_file() checked */
	uint32_t ndef = min32(sp->fns[i]->self->ndef, sp->lcc[k]->ndef);
	struct cc *cc;
	size_t h;

	if (2 * (sp->seen.n + 1) > sp->seen.cap)
		seen_grow(&sp->seen);
	h = seen_slot(&sp->seen, key);
	if (sp->seen.key[h]) {
		cc = sp->seen.val[h];
	} else {
		if (sp->nent == sp->maxent) {
			sp->over = 1;
			return sp->scratch;
		}
		sp->nent++;
		cc = fn_line_cc(sp->w, &sp->w->lines[sp->fns[i]->id], sp->lines[k],
				sp->w->p->ev.nraw, ndef);
		sp->seen.key[h] = key;
		sp->seen.val[h] = cc;
		sp->seen.n++;
		/* a cost (and its place in the function's list) held to the end */
		sp->w->charged += ENTRY_BYTES(sp->w->p->ev.nraw);
		mem_charge(ENTRY_BYTES(sp->w->p->ev.nraw));
	}
	if (ndef > sp->fn_max[i])
		sp->fn_max[i] = ndef;
	if (ndef > sp->line_max[k])
		sp->line_max[k] = ndef;
	return cc;
}

/* The first index of the running maxima max[0..n) that reaches t, or n. */
static size_t first_reaching(const uint32_t *max, size_t n, uint32_t t)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (max[mid] >= t)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/*
 * The model keeps the self cost of each function and the cost of each line
 * of a file, not which function each line's cost came from.  When the
 * functions of file f (those named by it) cost what its lines cost, event by
 * event, their self costs are spread on the lines (first function first,
 * line by line in order: the north-west corner rule, per event), so the
 * file read back has the same line costs and the same self costs.  Each
 * cost gives the columns both its function and its line define, and
 * zero costs are added where a function or a line would define fewer
 * columns than it did (a column never given prints ".", not 0).
 * Otherwise (positions without lines, costs of a function given under
 * another file's fl=) the functions keep their self cost on line 0, and
 * so they do when the spreading would make more than 4 costs for each
 * function and line of the file (each event's corner rule can take
 * other cells: with many events, costs made to disagree could otherwise
 * make the output, and its memory, grow with events x events x lines).
 */
static void spread_file(struct writer *w, const struct file *f, const struct fn **fns, size_t nf)
{
	const struct profile *p = w->p;
	struct spread sp;
	uint64_t prod;
	size_t nraw = p->ev.nraw, e, i, k;
	uint64_t *rest_fn, *rest_line;
	uint32_t *fn_run, *line_run;	/* running maxima of the columns defined */

	if (!nf || !f->nlines)
		return;
	memset(&sp, 0, sizeof(sp));
	sp.w = w;
	sp.f = f;
	sp.fns = fns;
	sp.nf = nf;
	sp.nl = profile_lines_sorted(f, &sp.lines, &sp.lcc);
	for (e = 0; e < nraw; e++) {
		uint64_t a = 0, b = 0;
		for (i = 0; i < nf; i++)
			a += fns[i]->self->v[e];
		for (k = 0; k < sp.nl; k++)
			b += sp.lcc[k]->v[e];
		if (a != b) {
			free(sp.lines);
			free(sp.lcc);
			return;
		}
	}
	sp.maxent = 4 * (nf + sp.nl);
	if (__builtin_mul_overflow((uint64_t)nf, (uint64_t)sp.nl, &prod) || prod == UINT64_MAX)
		sp.maxent = 0;	/* no key for every pair: the self costs stay on line 0 */
	sp.scratch = xcalloc(1, sizeof(struct cc) + (nraw + 1) * sizeof(uint64_t));
	sp.fn_max = xcalloc(nf + 1, sizeof(*sp.fn_max));
	sp.line_max = xcalloc(sp.nl + 1, sizeof(*sp.line_max));
	rest_fn = xmalloc((nf + 1) * sizeof(*rest_fn));
	rest_line = xmalloc((sp.nl + 1) * sizeof(*rest_line));
	for (e = 0; e < nraw && !sp.over && p->signed_counts; e++) {
		/*
		 * Signed counts (a difference) have no corner rule: the first
		 * function takes every line's cost, and each other one its self
		 * cost on the first line, given back there by the first.  The
		 * sums are the model's, which is all the model knows.
		 */
		for (k = 0; k < sp.nl; k++)
			if (sp.lcc[k]->v[e])
				entry(&sp, 0, k)->v[e] += sp.lcc[k]->v[e];
		for (i = 1; i < nf; i++)
			if (fns[i]->self->v[e]) {
				entry(&sp, i, 0)->v[e] += fns[i]->self->v[e];
				entry(&sp, 0, 0)->v[e] -= fns[i]->self->v[e];
			}
	}
	for (e = 0; e < nraw && !sp.over && !p->signed_counts; e++) {
		for (i = 0; i < nf; i++)
			rest_fn[i] = fns[i]->self->v[e];
		for (k = 0; k < sp.nl; k++)
			rest_line[k] = sp.lcc[k]->v[e];
		for (i = 0, k = 0; i < nf && k < sp.nl;) {
			uint64_t m = rest_fn[i] < rest_line[k] ? rest_fn[i] : rest_line[k];
			if (m) {
				entry(&sp, i, k)->v[e] += m;
				rest_fn[i] -= m;
				rest_line[k] -= m;
			}
			if (!rest_fn[i])
				i++;
			else
				k++;
		}
	}
	/* every line appears, and every function and line defines its columns:
	   the first function (line) that defines enough, by binary search */
	fn_run = xmalloc((nf + 1) * sizeof(*fn_run));
	line_run = xmalloc((sp.nl + 1) * sizeof(*line_run));
	for (i = 0; i < nf; i++)
		fn_run[i] = i && fn_run[i - 1] > fns[i]->self->ndef ? fn_run[i - 1] : fns[i]->self->ndef;
	for (k = 0; k < sp.nl; k++)
		line_run[k] = k && line_run[k - 1] > sp.lcc[k]->ndef ? line_run[k - 1] : sp.lcc[k]->ndef;
	for (k = 0; k < sp.nl; k++) {
		if (sp.line_max[k] >= sp.lcc[k]->ndef && sp.line_max[k])
			continue;
		i = first_reaching(fn_run, nf, sp.lcc[k]->ndef);
		entry(&sp, i < nf ? i : 0, k);
	}
	for (i = 0; i < nf; i++) {
		if (sp.fn_max[i] >= fns[i]->self->ndef)
			continue;
		k = first_reaching(line_run, sp.nl, fns[i]->self->ndef);
		if (k < sp.nl)
			entry(&sp, i, k);
	}
	for (i = 0; i < nf; i++) {
		struct fn_lines *fl = &w->lines[fns[i]->id];
		if (sp.over) {
			/* too many: the self costs stay on line 0 (put_self());
			   their costs stay in the chunks until the end */
			free(fl->v);
			memset(fl, 0, sizeof(*fl));
		} else if (fl->n > 1) {	/* fl->v is NULL when the function got no line */
			sort_array(fl->v, fl->n, sizeof(*fl->v), fnline_cmp);
		}
	}
	free(sp.seen.key);
	free(sp.seen.val);
	free(fn_run);
	free(line_run);
	free(rest_fn);
	free(rest_line);
	free(sp.lines);
	free(sp.lcc);
	free(sp.fn_max);
	free(sp.line_max);
	free(sp.scratch);
}

static void spread_lines(struct writer *w)
{
	const struct profile *p = w->p;
	const struct fn **byfile = xmalloc((p->nfns + 1) * sizeof(*byfile));
	size_t *start = xcalloc(p->nfiles_src + 2, sizeof(*start));
	size_t i, k;
	struct file_idx {
		const struct file *f;
		size_t idx;
		UT_hash_handle hh;
	} *idx = NULL, *x, *tmp;

	w->lines = xcalloc(p->nfns + 1, sizeof(*w->lines));
	if (!p->has_line)
		goto out;
	for (i = 0; i < p->nfiles_src; i++) {
		x = xcalloc(1, sizeof(*x));
		x->f = p->files[i];
		x->idx = i;
		HASH_ADD_PTR(idx, f, x);
	}
	/* functions grouped by file (counting sort), in id order within a file */
	for (i = 0; i < p->nfns; i++) {
		HASH_FIND_PTR(idx, &p->fns[i]->k.file, x);
		if (x && p->fns[i]->listed)
			start[x->idx + 1]++;
	}
	for (i = 0; i < p->nfiles_src; i++)
		start[i + 1] += start[i];
	{
		size_t *pos = xmalloc((p->nfiles_src + 1) * sizeof(*pos));
		memcpy(pos, start, (p->nfiles_src + 1) * sizeof(*pos));
		for (i = 0; i < p->nfns; i++) {
			HASH_FIND_PTR(idx, &p->fns[i]->k.file, x);
			if (x && p->fns[i]->listed)
				byfile[pos[x->idx]++] = p->fns[i];
		}
		free(pos);
	}
	for (k = 0; k < p->nfiles_src; k++)
		spread_file(w, p->files[k], byfile + start[k], start[k + 1] - start[k]);
out:
	HASH_ITER(hh, idx, x, tmp) {
		HASH_DEL(idx, x);
		free(x);
	}
	free(byfile);
	free(start);
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

/*
 * Do the names still say which functions are outer?  Renaming can merge
 * functions (f with f'2, or two files' f) into one that may nest though its
 * name has no level: a reader that trusts Callgrind's names would then
 * count nested calls again, so the creator no longer claims Callgrind.
 */
static int levels_hold(const struct profile *p)
{
	size_t i;

	if (p->levels != PROFILE_LEVELS_SET)
		return 1;
	for (i = 0; i < p->nfns; i++)
		if (!p->fns[i]->outer && !graph_level_name(p->fns[i]->k.name))
			return 0;
	return 1;
}

/*
 * A signed profile is written as Cachegrind writes its files (desc:, cmd:,
 * events:, then fl=, fn= and cost lines, and summary: at the end): no
 * Callgrind file holds a negative count, and cg_annotate reads these.
 */
static void put_header_cachegrind(struct writer *w, const char *note)
{
	const struct profile *p = w->p;
	FILE *out = w->out;
	size_t i;

	for (i = 0; i < p->ndesc; i++)
		fprintf(out, "desc: %s\n", p->desc[i]);
	fprintf(out, "cmd: %s\n", p->cmd ? p->cmd : "");
	fputs("events:", out);
	for (i = 0; i < p->ev.nraw; i++)
		fprintf(out, " %s", p->ev.ev[i].name);
	putc('\n', out);
	if (note)
		fprintf(out, "# %s\n", note);
}

static void put_header(struct writer *w, const char *note)
{
	const struct profile *p = w->p;
	FILE *out = w->out;
	size_t i;

	fputs("# callgrind format\nversion: 1\n", out);
	if (!levels_hold(p))
		fprintf(out, "creator: annogrind, renamed from %s\n",
			p->creator && *p->creator ? p->creator : "?");
	else if (p->creator && *p->creator)
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
	w.cachegrind = p->signed_counts;
	spread_lines(&w);
	if (w.cachegrind)
		put_header_cachegrind(&w, note);
	else
		put_header(&w, note);

	/* functions written through fi= lines, each under its parent */
	parent = xcalloc(p->nfns + 1, sizeof(*parent));
	child = xmalloc((p->nfns + 1) * sizeof(*child));
	next = xmalloc((p->nfns + 1) * sizeof(*next));
	w.parent = parent;
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
	/* every function with its self cost, then the calls */
	for (i = 0; i < p->nfns; i++) {
		const struct fn *f = p->fns[i];
		if (!f->listed || parent[i])
			continue;
		enter_fn(&w, f);
		put_self(&w, f);
		for (k = child[i]; k != SIZE_MAX; k = next[k]) {
			switch_fn(&w, p->fns[k]);
			put_self(&w, p->fns[k]);
		}
		putc('\n', out);
	}
	put_calls(&w);
	if (w.cachegrind && p->total) {
		fputs("summary:", out);
		for (i = 0; i < p->ev.nraw; i++)
			put_count(&w, p->total->v[i]);
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
	for (i = 0; i < p->nfns; i++)
		free(w.lines[i].v);
	free(w.lines);
	while (w.chunks) {
		struct cc_chunk *c = w.chunks;
		w.chunks = c->next;
		free(c);
	}
	mem_uncharge(w.charged);
	return ferror(out) ? -1 : 0;
}
