/* fnline: the model's per-function line costs: each function's own cost on each source line (--format=pprof). */
#include "fnline.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "sort.h"

/*
 * Records per chunk: 65,536, 2 MB of 32-byte records.  A chunk is a
 * reservation (xreserve()): only the pages records were written to are
 * made, in huge pages where the system gives them.
 */
#define CHUNK_SHIFT 16
#define CHUNK (1u << CHUNK_SHIFT)
#define NONE UINT32_MAX

struct fnline_store {
	char **chunk;
	size_t nchunk, capchunk;
	size_t n;		/* records */
	size_t ncol;		/* counts per record (ev.n) */
	size_t rsize;		/* bytes of a record */
	int with_addr;		/* v[ncol] is the lowest address */
	/* while adding: open addressing, 1 + record number (0: empty) */
	uint32_t *slot;
	size_t cap;
	struct fnline *last;	/* the record added to last: the next cost line is often on it */
	/* after fnline_finish(): the records are by (fn, file, line); f's start at start[f] */
	int finished;
	uint32_t *start;
	size_t nstart;
	size_t mem;		/* bytes charged (mem_charge) beside the chunks */
};

static struct fnline *rec(const struct fnline_store *s, size_t k)
{
	return (struct fnline *)(void *)(s->chunk[k >> CHUNK_SHIFT] + (k & (CHUNK - 1)) * s->rsize);
}

/* Keyed (hash.h): the line numbers are the profile's to choose. */
static size_t rec_slot(uint32_t fn, uint32_t file, uint64_t line, size_t cap)
{
	return (size_t)hash_words(fn, file, line) & (cap - 1);
}

static void charge(struct fnline_store *s, size_t n)
{
	s->mem += n;
	mem_charge(n);
}

static void index_grow(struct fnline_store *s)
{
	size_t ncap = s->cap ? 2 * s->cap : 1024, i;
	uint32_t *ns;

	if (ncap > SIZE_MAX / sizeof(*ns))
		xalloc_die();
	ns = xcalloc_table(ncap * sizeof(*ns));
	charge(s, ncap * sizeof(*ns));
	for (i = 0; i < s->cap; i++) {
		const struct fnline *x;
		size_t j;
		if (!s->slot[i])
			continue;
		x = rec(s, s->slot[i] - 1);
		for (j = rec_slot(x->fn, x->file, x->line, ncap); ns[j]; j = (j + 1) & (ncap - 1))
			;
		ns[j] = s->slot[i];
	}
	xfree_table(s->slot);
	s->mem -= s->cap * sizeof(*ns);
	mem_uncharge(s->cap * sizeof(*ns));
	s->slot = ns;
	s->cap = ncap;
}

static struct fnline_store *store_of(struct profile *p, int with_addr)
{
	struct fnline_store *s = p->fnlines;

	if (s)
		return s;
	s = p->fnlines = xcalloc(1, sizeof(*s));
	p->release_fnlines = fnline_release_all;
	s->ncol = p->ev.n;
	s->with_addr = with_addr;
	s->rsize = sizeof(struct fnline) + (s->ncol + (with_addr ? 1 : 0)) * sizeof(uint64_t);
	return s;
}

/* A new record of (fn, file, line), zero counts and no address, at the end. */
static struct fnline *rec_new(struct fnline_store *s, uint32_t fn, uint32_t file, uint64_t line)
{
	struct fnline *x;

	if (s->n >= UINT32_MAX - 1)
		xalloc_die();	/* record numbers are 32 bits */
	if ((s->n & (CHUNK - 1)) == 0) {
		if (s->nchunk == s->capchunk) {
			s->capchunk = s->capchunk ? 2 * s->capchunk : 16;
			s->chunk = xrealloc(s->chunk, s->capchunk * sizeof(*s->chunk));
		}
		s->chunk[s->nchunk++] = xreserve((size_t)CHUNK * s->rsize);
		if (!s->chunk[s->nchunk - 1])
			xalloc_die();
		charge(s, (size_t)CHUNK * s->rsize);
	}
	x = rec(s, s->n++);
	x->fn = fn;
	x->file = file;
	x->line = line;
	memset(x->v, 0, s->rsize - sizeof(*x));
	if (s->with_addr)
		x->v[s->ncol] = UINT64_MAX;
	return x;
}

/* The record of (fn, file, line), made when missing. */
static struct fnline *rec_find(struct fnline_store *s, uint32_t fn, uint32_t file, uint64_t line)
{
	size_t j;

	if ((s->n + 1) * 2 > s->cap)
		index_grow(s);
	for (j = rec_slot(fn, file, line, s->cap); s->slot[j]; j = (j + 1) & (s->cap - 1)) {
		struct fnline *x = rec(s, s->slot[j] - 1);
		if (x->fn == fn && x->file == file && x->line == line)
			return x;
	}
	rec_new(s, fn, file, line);
	s->slot[j] = (uint32_t)s->n;
	return rec(s, s->n - 1);
}

void fnline_add(struct profile *p, const struct fn *fn, const struct file *file, uint64_t line,
		uint64_t addr, const uint64_t *v, size_t n)
{
	struct fnline_store *s = store_of(p, addr != UINT64_MAX);
	struct fnline *x = s->last;
	size_t i;

	assert(!s->finished && n <= s->ncol);
	if (!x || x->fn != fn->id || x->file != file->id || x->line != line)
		x = s->last = rec_find(s, fn->id, file->id, line);
	for (i = 0; i < n; i++)
		x->v[i] += v[i];
	if (s->with_addr && addr < x->v[s->ncol])
		x->v[s->ncol] = addr;
}

/* Record numbers k by (file, line) (a function's lines); ctx is the store. */
static int order_cmp(const void *a, const void *b, void *ctx)
{
	const struct fnline_store *s = ctx;
	const struct fnline *x = rec(s, *(const uint32_t *)a), *y = rec(s, *(const uint32_t *)b);

	if (x->file != y->file)
		return x->file < y->file ? -1 : 1;
	return (x->line > y->line) - (x->line < y->line);
}

/* Put the records in the order of order[] (a permutation, which it uses up). */
static void permute(struct fnline_store *s, uint32_t *order)
{
	char *tmp = xmalloc(s->rsize);
	size_t i;

	/* record order[i] goes to place i: follow each cycle, marking the places done */
	for (i = 0; i < s->n; i++) {
		size_t at = i, from;
		if (order[i] == i || order[i] == NONE)
			continue;
		memcpy(tmp, rec(s, i), s->rsize);
		while ((from = order[at]) != i) {
			memcpy(rec(s, at), rec(s, from), s->rsize);
			order[at] = NONE;
			at = from;
		}
		memcpy(rec(s, at), tmp, s->rsize);
		order[at] = NONE;
	}
	free(tmp);
}

void fnline_finish(struct profile *p)
{
	struct fnline_store *s = p->fnlines;
	size_t i, nf = p->nfns;
	uint32_t *order;

	if (!s || s->finished)
		return;
	s->finished = 1;
	xfree_table(s->slot);
	s->mem -= s->cap * sizeof(*s->slot);
	mem_uncharge(s->cap * sizeof(*s->slot));
	s->slot = NULL;
	s->cap = 0;
	s->last = NULL;
	/* counting sort by function, each function's lines sorted, then the records moved */
	s->nstart = nf + 1;
	s->start = xcalloc(nf + 2, sizeof(*s->start));
	charge(s, (nf + 2) * sizeof(*s->start));
	order = xmalloc((s->n + 1) * sizeof(*order));
	for (i = 0; i < s->n; i++)
		s->start[rec(s, i)->fn + 1]++;
	for (i = 0; i < nf; i++)
		s->start[i + 1] += s->start[i];
	/* start[f] is where f's records go: placed, it is where they end */
	for (i = 0; i < s->n; i++)
		order[s->start[rec(s, i)->fn]++] = (uint32_t)i;
	for (i = nf; i > 0; i--)
		s->start[i] = s->start[i - 1];
	s->start[0] = 0;
	for (i = 0; i < nf; i++)
		if (s->start[i + 1] - s->start[i] > 1)
			sort_array_r(order + s->start[i], s->start[i + 1] - s->start[i],
				     sizeof(*order), order_cmp, s);
	permute(s, order);
	free(order);
}

int fnline_derive(struct profile *p)
{
	struct fnline_store *s = p->fnlines;
	size_t i;
	int bad = 0;

	if (!s || p->ev.n == p->ev.nraw)
		return 0;
	for (i = 0; i < s->n; i++)
		bad |= events_derive(&p->ev, rec(s, i)->v) != 0;
	return bad ? -1 : 0;
}

void fnline_copy(struct profile *dst, const struct profile *src, struct fn *const *fnmap,
		 struct file *const *filemap)
{
	const struct fnline_store *s = src->fnlines;
	struct file **files;
	uint64_t addr;
	size_t i;

	if (!s)
		return;
	/* made here, so that it keeps addresses when src does, whatever its first record has */
	assert(!dst->fnlines || dst->fnlines->with_addr == s->with_addr);
	store_of(dst, s->with_addr);
	files = xcalloc(src->nfiles_src + 1, sizeof(*files));
	for (i = 0; i < s->n; i++) {
		const struct fnline *x = rec(s, i);
		struct file *f;
		if (!fnmap[x->fn])
			continue;
		f = files[x->file];
		if (!f)
			f = files[x->file] = filemap ? filemap[x->file]
						     : profile_file(dst, src->files[x->file]->name);
		/* code merged into a function of another object: its address is not in that one */
		addr = s->with_addr ? x->v[s->ncol] : UINT64_MAX;
		if (fnmap[x->fn]->obj != src->fns[x->fn]->obj &&
		    strcmp(fnmap[x->fn]->obj, src->fns[x->fn]->obj))
			addr = UINT64_MAX;
		fnline_add(dst, fnmap[x->fn], f, x->line, addr, x->v, s->ncol);
	}
	free(files);
}

size_t fnline_count(const struct profile *p, const struct fn *f)
{
	const struct fnline_store *s = p->fnlines;

	if (!s || !s->finished || f->id + 1 >= s->nstart)
		return 0;
	return s->start[f->id + 1] - s->start[f->id];
}

const struct fnline *fnline_get(const struct profile *p, const struct fn *f, size_t k)
{
	const struct fnline_store *s = p->fnlines;

	return rec(s, s->start[f->id] + k);
}

uint64_t fnline_addr(const struct profile *p, const struct fnline *x)
{
	const struct fnline_store *s = p->fnlines;

	return s && s->with_addr ? x->v[s->ncol] : UINT64_MAX;
}

void fnline_release_all(struct profile *p)
{
	struct fnline_store *s = p->fnlines;
	size_t i;

	if (!s)
		return;
	for (i = 0; i < s->nchunk; i++)
		xunreserve(s->chunk[i], (size_t)CHUNK * s->rsize);
	free(s->chunk);
	xfree_table(s->slot);
	free(s->start);
	mem_uncharge(s->mem);
	free(s);
	p->fnlines = NULL;
}
