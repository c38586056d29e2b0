/* profile: the in-memory model of one or more Callgrind profiles summed together. */
#include "profile.h"

#include <stdio.h>
#include <string.h>

struct istr {
	const char *s;
	UT_hash_handle hh;
};

void profile_init(struct profile *p)
{
	memset(p, 0, sizeof(*p));
	arena_init(&p->arena);
	events_init(&p->ev);
}

void profile_release(struct profile *p)
{
	struct istr *is, *ist;
	struct fn *f, *ft;
	struct file *fl, *flt;
	struct call *c, *ct;
	size_t i;

	HASH_ITER(hh, p->strings, is, ist) {
		HASH_DEL(p->strings, is);
	}
	HASH_ITER(hh, p->fn_hash, f, ft) {
		HASH_DEL(p->fn_hash, f);
	}
	HASH_ITER(hh, p->call_hash, c, ct) {
		HASH_DEL(p->call_hash, c);
	}
	HASH_ITER(hh, p->file_hash, fl, flt) {
		struct callsite *s, *st;
		HASH_ITER(hh, fl->site_hash, s, st) {
			HASH_DEL(fl->site_hash, s);
		}
		free(fl->lkeys);
		free(fl->lvals);
		HASH_DEL(p->file_hash, fl);
	}
	for (i = 0; i < p->ndesc; i++)
		free(p->desc[i]);
	free(p->desc);
	free(p->creator);
	free(p->cmd);
	free(p->pid);
	free(p->thread);
	free(p->part);
	free(p->last_part);
	free(p->fns);
	free(p->files);
	free(p->calls);
	for (i = 0; i < p->ncycles; i++)
		free(p->cycles[i].members);
	free(p->cycles);
	events_release(&p->ev);
	arena_release(&p->arena);
	memset(p, 0, sizeof(*p));
}

size_t profile_cc_size(const struct profile *p)
{
	return sizeof(struct cc) + p->ev.n * sizeof(uint64_t);
}

struct cc *profile_cc_new(struct profile *p)
{
	return arena_alloc(&p->arena, profile_cc_size(p));
}

const char *profile_intern(struct profile *p, const char *s, size_t len)
{
	struct istr *is;
	char *copy;

	HASH_FIND(hh, p->strings, s, len, is);
	if (is)
		return is->s;
	is = arena_alloc(&p->arena, sizeof(*is));
	copy = arena_strndup(&p->arena, s, len);
	is->s = copy;
	HASH_ADD_KEYPTR(hh, p->strings, copy, len, is);
	return copy;
}

#define GROW(arr, n, cap) do { \
	if ((n) == (cap)) { \
		(cap) = (cap) ? 2 * (cap) : 64; \
		(arr) = xrealloc((arr), (cap) * sizeof(*(arr))); \
	} \
} while (0)

struct file *profile_file(struct profile *p, const char *name)
{
	struct file *f;

	HASH_FIND_PTR(p->file_hash, &name, f);
	if (f)
		return f;
	f = arena_alloc(&p->arena, sizeof(*f));
	f->name = name;
	HASH_ADD_PTR(p->file_hash, name, f);
	GROW(p->files, p->nfiles_src, p->capfiles);
	p->files[p->nfiles_src++] = f;
	return f;
}

struct fn *profile_fn(struct profile *p, const char *obj, struct file *file,
		      const char *name)
{
	struct fn_key k;
	struct fn *f;

	memset(&k, 0, sizeof(k));
	k.file = file;
	k.name = name;
	HASH_FIND(hh, p->fn_hash, &k, sizeof(k), f);
	if (f)
		return f;
	f = arena_alloc(&p->arena, sizeof(*f));
	f->k = k;
	f->obj = obj;
	f->self = profile_cc_new(p);
	f->id = (uint32_t)p->nfns;
	HASH_ADD(hh, p->fn_hash, k, sizeof(k), f);
	GROW(p->fns, p->nfns, p->capfns);
	p->fns[p->nfns++] = f;
	return f;
}

struct call *profile_call(struct profile *p, struct fn *caller, struct fn *callee)
{
	struct call_key k;
	struct call *c;

	memset(&k, 0, sizeof(k));
	k.caller = caller;
	k.callee = callee;
	HASH_FIND(hh, p->call_hash, &k, sizeof(k), c);
	if (c)
		return c;
	c = arena_alloc(&p->arena, sizeof(*c));
	c->k = k;
	c->cc = profile_cc_new(p);
	c->next_out = caller->out;
	caller->out = c;
	c->next_in = callee->in;
	callee->in = c;
	HASH_ADD(hh, p->call_hash, k, sizeof(k), c);
	GROW(p->calls, p->ncalls, p->capcalls);
	p->calls[p->ncalls++] = c;
	return c;
}

struct callsite *profile_callsite(struct profile *p, struct file *file, uint64_t line,
				  struct fn *caller, struct fn *callee)
{
	struct callsite_key k;
	struct callsite *s;

	memset(&k, 0, sizeof(k));
	k.caller = caller;
	k.callee = callee;
	k.line = line;
	HASH_FIND(hh, file->site_hash, &k, sizeof(k), s);
	if (s)
		return s;
	s = arena_alloc(&p->arena, sizeof(*s));
	s->k = k;
	s->cc = profile_cc_new(p);
	s->next = file->sites;
	file->sites = s;
	file->nsites++;
	HASH_ADD(hh, file->site_hash, k, sizeof(k), s);
	return s;
}

static inline size_t line_slot(uint64_t key, size_t cap)
{
	key *= 0x9E3779B97F4A7C15ull;
	return (size_t)(key >> 17) & (cap - 1);
}

static void lines_grow(struct file *f)
{
	size_t ncap = f->lcap ? f->lcap * 2 : 64, i;
	uint64_t *nk = xcalloc(ncap, sizeof(*nk));
	struct cc **nv = xcalloc(ncap, sizeof(*nv));

	for (i = 0; i < f->lcap; i++) {
		size_t s;
		if (!f->lkeys[i])
			continue;
		s = line_slot(f->lkeys[i], ncap);
		while (nk[s])
			s = (s + 1) & (ncap - 1);
		nk[s] = f->lkeys[i];
		nv[s] = f->lvals[i];
	}
	free(f->lkeys);
	free(f->lvals);
	f->lkeys = nk;
	f->lvals = nv;
	f->lcap = ncap;
}

struct cc *profile_line(struct profile *p, struct file *f, uint64_t line)
{
	uint64_t key = line + 1;	/* line UINT64_MAX is refused by the loader */
	size_t s;

	if ((f->nlines + 1) * 4 > f->lcap * 3)
		lines_grow(f);
	s = line_slot(key, f->lcap);
	while (f->lkeys[s]) {
		if (f->lkeys[s] == key)
			return f->lvals[s];
		s = (s + 1) & (f->lcap - 1);
	}
	f->lkeys[s] = key;
	f->lvals[s] = profile_cc_new(p);
	f->nlines++;
	return f->lvals[s];
}

const struct cc *profile_line_find(const struct file *f, uint64_t line)
{
	uint64_t key = line + 1;
	size_t s;

	if (!f->lcap)
		return NULL;
	s = line_slot(key, f->lcap);
	while (f->lkeys[s]) {
		if (f->lkeys[s] == key)
			return f->lvals[s];
		s = (s + 1) & (f->lcap - 1);
	}
	return NULL;
}

int cc_add(struct cc *dst, const struct cc *src, size_t n)
{
	size_t i;
	int bad = 0;

	for (i = 0; i < n; i++)
		bad |= __builtin_add_overflow(dst->v[i], src->v[i], &dst->v[i]);
	if (src->ndef > dst->ndef)
		dst->ndef = src->ndef;
	return bad ? -1 : 0;
}

const char *fn_fullname(const struct fn *f, char *buf, size_t len)
{
	snprintf(buf, len, "%s:%s", f->k.file->name, f->k.name);
	return buf;
}
