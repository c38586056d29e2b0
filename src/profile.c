/* profile: the in-memory model of one or more Callgrind profiles summed together. */
#include "profile.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "ptrmap.h"
#include "sort.h"

/*
 * An interned name: uthash keyed by the arena copy of the string.  The
 * loader interns a name once per definition ("(id) name"), not per cost
 * line, so this table is off the hot path.
 */
struct istr {
	UT_hash_handle hh;
	char s[];		/* the name, in the same arena block */
};

/* The indexes and arrays beside the arena: kept in mem_tables and charged (arena.h). */
static void tables_charge(struct profile *p, size_t n)
{
	p->mem_tables += n;
	mem_charge(n);
}

void profile_init(struct profile *p)
{
	memset(p, 0, sizeof(*p));
	arena_init(&p->arena);
	events_init(&p->ev);
}

void profile_adopt(struct profile *p, struct profile *base)
{
	struct profile **at = &p->base;

	while (*at)
		at = &(*at)->base;
	*at = xmalloc(sizeof(**at));
	**at = *base;
	profile_init(base);
}

void profile_seal(struct profile *p)
{
	struct ptab *t[] = { &p->file_tab, &p->call_tab, &p->site_tab };
	size_t i;

	HASH_CLEAR(hh, p->strings);	/* the items live in the arena */
	xfree_table(p->fn_tab.slot);
	p->mem_tables -= p->fn_tab.cap * sizeof(*p->fn_tab.slot);
	mem_uncharge(p->fn_tab.cap * sizeof(*p->fn_tab.slot));
	memset(&p->fn_tab, 0, sizeof(p->fn_tab));
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		p->mem_tables -= t[i]->cap * sizeof(*t[i]->slot);
		mem_uncharge(t[i]->cap * sizeof(*t[i]->slot));
		xfree_table(t[i]->slot);
		memset(t[i], 0, sizeof(*t[i]));
	}
	p->sealed = 1;
}

void profile_release(struct profile *p)
{
	struct profile *base = p->base;
	size_t i;

	HASH_CLEAR(hh, p->strings);	/* the items live in the arena */
	mem_uncharge(p->mem_tables);
	xfree_table(p->fn_tab.slot);
	xfree_table(p->file_tab.slot);
	xfree_table(p->call_tab.slot);
	xfree_table(p->site_tab.slot);
	for (i = 0; i < p->nfiles_src; i++) {
		free(p->files[i]->lkeys);
		free(p->files[i]->lvals);
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
	free(p->incl);
	free(p->exact_incl);
	free(p->incl_cap);
	free(p->root_cost);
	free(p->single);
	free(p->span);
	free(p->out);
	free(p->in);
	if (p->release_icode)
		p->release_icode(p);
	if (p->release_fnlines)
		p->release_fnlines(p);
	events_release(&p->ev);
	arena_release(&p->arena);
	memset(p, 0, sizeof(*p));
	if (base) {
		profile_release(base);
		free(base);
	}
}

size_t profile_cc_size(const struct profile *p)
{
	return sizeof(struct cc) + p->ev.n * sizeof(uint64_t);
}

struct cc *profile_cc_new(struct profile *p)
{
	return arena_alloc(&p->arena, profile_cc_size(p));
}

/* grow_by_id() when id is past the end */
static __attribute__((noinline)) void grow_to(void *arr, size_t *cap, size_t elem, size_t id)
{
	char **a = arr;
	size_t c = *cap ? *cap : 64;

	while (c <= id)
		c *= 2;
	*a = xrealloc(*a, c * elem);
	memset(*a + *cap * elem, 0, (c - *cap) * elem);
	*cap = c;
}

/* Grow *arr, an array by fn id of *cap elements of size elem, to hold id; new ones zero. */
static inline void grow_by_id(void *arr, size_t *cap, size_t elem, size_t id)
{
	if (id >= *cap)
		grow_to(arr, cap, elem, id);
}

void profile_single_reserve(struct profile *p, size_t nfns)
{
	if (nfns)
		grow_by_id(&p->single, &p->nsingle, sizeof(*p->single), nfns - 1);
}

void profile_single_max(struct profile *p, const struct fn *f, const uint64_t *v, size_t n)
{
	grow_by_id(&p->single, &p->nsingle, sizeof(*p->single), f->id);
	profile_single_max_in(p, f->id, v, n);
}

/*
 * The indexes: open addressing with linear probing, each slot holding the
 * full hash so that a probe rarely touches the item itself.  One table
 * lookup is about one cache miss, where uthash's chains cost several on
 * big profiles (and 56 bytes of handle per item).  The hash is keyed
 * (hash.h): the items' addresses follow from the input, and a run of
 * colliding keys would make every lookup walk it.
 */
static inline uint64_t hash_ptrs(const void *a, const void *b, uint64_t c)
{
	return hash_words((uint64_t)(uintptr_t)a, (uint64_t)(uintptr_t)b, c);
}

/* The hash of a function's key: its file, name and object when that is part of it. */
static inline uint64_t hash_fn(const struct file *file, const char *name, const char *kobj)
{
	return hash_ptrs(file, name, kobj ? (uint64_t)(uintptr_t)kobj : 1);
}

char *fn_short_name(const char *name, size_t len, const char *obj)
{
	const char *base = fn_obj_base(name, obj);
	size_t bl = base ? strlen(base) + 3 : 0;
	char *out = xmalloc(len + bl + 1);

	memcpy(out, name, len);
	if (base) {
		memcpy(out + len, " [", 2);
		memcpy(out + len + 2, base, bl - 3);
		out[len + bl - 1] = ']';
	}
	out[len + bl] = '\0';
	return out;
}

int fn_name_is_addr(const char *name)
{
	static const unsigned char hex[256] = {
		['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1, ['5'] = 1, ['6'] = 1,
		['7'] = 1, ['8'] = 1, ['9'] = 1, ['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1,
		['e'] = 1, ['f'] = 1, ['A'] = 1, ['B'] = 1, ['C'] = 1, ['D'] = 1, ['E'] = 1,
		['F'] = 1,
	};
	const unsigned char *s = (const unsigned char *)name + 2;

	if (name[0] != '0' || name[1] != 'x')
		return 0;
	while (hex[*s])
		s++;
	return s > (const unsigned char *)name + 2 && (!*s || *s == '\'');
}

/* t with ncap slots (a power of 2, more than it has), its items placed again. */
static void ptab_resize(struct ptab *t, size_t *mem, size_t ncap)
{
	size_t i;
	struct ptab_slot *ns;

	if (ncap > SIZE_MAX / sizeof(*ns))
		xalloc_die();
	ns = xcalloc_table(ncap * sizeof(*ns));

	*mem += (ncap - t->cap) * sizeof(*ns);
	mem_charge((ncap - t->cap) * sizeof(*ns));

	for (i = 0; i < t->cap; i++) {
		size_t j;
		if (!t->slot[i].ptr)
			continue;
		j = (size_t)t->slot[i].hash & (ncap - 1);
		while (ns[j].ptr)
			j = (j + 1) & (ncap - 1);
		ns[j] = t->slot[i];
	}
	xfree_table(t->slot);
	t->slot = ns;
	t->cap = ncap;
}

static void ptab_grow(struct ptab *t, size_t *mem)
{
	ptab_resize(t, mem, t->cap ? 2 * t->cap : 64);
}

/*
 * Find the item of hash h for which EQ(x) holds (x: the item as a T *), and
 * set slot to its slot; else to the empty slot where it belongs, the table
 * having room for one more.
 */
#define PTAB_FIND(t, h, T, x, EQ, slotp) do {					\
	size_t m_, i_;								\
	if (((t)->n + 1) * 4 > (t)->cap * 3)					\
		ptab_grow(t, &p->mem_tables);					\
	m_ = (t)->cap - 1;							\
	i_ = (size_t)(h) & m_;							\
	for (;;) {								\
		struct ptab_slot *s_ = &(t)->slot[i_];				\
		if (!s_->ptr || (s_->hash == (h) && ((x) = s_->ptr, (EQ)))) {	\
			(slotp) = s_;						\
			break;							\
		}								\
		i_ = (i_ + 1) & m_;						\
	}									\
} while (0)

static inline void ptab_fill(struct ptab *t, struct ptab_slot *s, uint64_t h, void *ptr)
{
	s->hash = h;
	s->ptr = ptr;
	t->n++;
}

static void ftab_resize(struct profile *p, size_t ncap)
{
	struct ftab *t = &p->fn_tab;
	size_t i;
	uint64_t *ns;

	if (ncap > SIZE_MAX / sizeof(*ns))
		xalloc_die();
	ns = xcalloc_table(ncap * sizeof(*ns));

	tables_charge(p, (ncap - t->cap) * sizeof(*ns));
	for (i = 0; i < t->cap; i++) {
		uint64_t s = t->slot[i];
		const struct fn *f;
		size_t j;
		if (!s)
			continue;
		f = p->fns[(uint32_t)s - 1];
		j = (size_t)hash_fn(f->k.file, f->k.name, fn_key_obj(f->k.name, f->obj)) & (ncap - 1);
		while (ns[j])
			j = (j + 1) & (ncap - 1);
		ns[j] = s;
	}
	xfree_table(t->slot);
	t->slot = ns;
	t->cap = ncap;
}

static void ftab_grow(struct profile *p)
{
	ftab_resize(p, p->fn_tab.cap ? 2 * p->fn_tab.cap : 64);
}

/* The power of 2 a table of n items with room for one more takes (at most 3/4 full). */
static size_t table_cap(size_t cap, size_t n)
{
	if (!cap)
		cap = 64;
	while ((n + 1) * 4 > cap * 3)
		cap *= 2;
	return cap;
}

const char *profile_intern(struct profile *p, const char *s, size_t len)
{
	struct istr *x;
	unsigned h;

	assert(!p->sealed);
	HASH_VALUE(s, len, h);	/* once, for the lookup and the insertion */
	HASH_FIND_BYHASHVALUE(hh, p->strings, s, len, h, x);
	if (x)
		return x->s;
	x = arena_alloc(&p->arena, sizeof(*x) + len + 1);
	memcpy(x->s, s, len);
	x->s[len] = '\0';
	HASH_ADD_KEYPTR_BYHASHVALUE(hh, p->strings, x->s, len, h, x);
	return x->s;
}

const char *profile_intern_from(struct profile *p, struct ptrmap *copied, const char *s)
{
	uint64_t *v = ptrmap_get(copied, s);
	const char *d;

	if (v)
		return (const char *)(uintptr_t)*v;
	d = profile_intern(p, s, strlen(s));
	ptrmap_put(copied, s, (uint64_t)(uintptr_t)d);
	return d;
}

#define GROW(arr, n, cap) do { \
	if ((n) == (cap)) { \
		tables_charge(p, ((cap) ? (cap) : 64) * sizeof(*(arr))); \
		(cap) = (cap) ? 2 * (cap) : 64; \
		(arr) = xrealloc((arr), (cap) * sizeof(*(arr))); \
	} \
} while (0)

struct file *profile_file(struct profile *p, const char *name)
{
	uint64_t h = hash_ptrs(name, NULL, 0);
	struct ptab_slot *slot;
	struct file *f;

	assert(!p->sealed);
	PTAB_FIND(&p->file_tab, h, struct file, f, f->name == name, slot);
	if (slot->ptr)
		return slot->ptr;
	f = arena_alloc(&p->arena, sizeof(*f));
	f->name = name;
	f->keep_lines = !p->want_lines || p->want_lines(name, p->want_ctx);
	f->id = (uint32_t)p->nfiles_src;
	ptab_fill(&p->file_tab, slot, h, f);
	GROW(p->files, p->nfiles_src, p->capfiles);
	p->files[p->nfiles_src++] = f;
	return f;
}

/*
 * An arena block of size bytes (a multiple of 8) and a cost after it:
 * one allocation for an item and its cost, which it reads next to it
 * (arena blocks start zero).
 */
static void *with_cost(struct profile *p, size_t size, struct cc **cc)
{
	char *b = arena_alloc(&p->arena, size + profile_cc_size(p));

	*cc = (struct cc *)(void *)(b + size);
	return b;
}

/* A new function at the end of p->fns, not indexed. */
static struct fn *fn_add(struct profile *p, const char *obj, struct file *file, const char *name)
{
	struct cc *self;
	struct fn *f;

	if (p->nfns >= UINT32_MAX - 1)
		xalloc_die();	/* ids and slots are 32 bits */
	f = with_cost(p, sizeof(*f), &self);
	f->k.file = file;
	f->k.name = name;
	f->obj = obj;
	f->self = self;
	f->id = (uint32_t)p->nfns;
	GROW(p->fns, p->nfns, p->capfns);
	p->fns[p->nfns++] = f;
	return f;
}

struct fn *profile_fn(struct profile *p, const char *obj, struct file *file,
		      const char *name)
{
	return profile_fn_keyed(p, obj, fn_key_obj(name, obj), file, name);
}

struct fn *profile_fn_keyed(struct profile *p, const char *obj, const char *kobj,
			    struct file *file, const char *name)
{
	uint64_t h = hash_fn(file, name, kobj), tag = h >> 32 << 32, *slot;
	struct ftab *t = &p->fn_tab;
	size_t m, i;
	struct fn *f;

	assert(!p->sealed && !(p->plain & PROFILE_PLAIN_FNS));
	if ((t->n + 1) * 4 > t->cap * 3)
		ftab_grow(p);
	m = t->cap - 1;
	for (i = (size_t)h & m;; i = (i + 1) & m) {
		slot = &t->slot[i];
		if (!*slot)
			break;
		if ((*slot & ~(uint64_t)UINT32_MAX) == tag) {
			f = p->fns[(uint32_t)*slot - 1];
			if (f->k.file == file && f->k.name == name && (!kobj || f->obj == kobj))
				return f;
		}
	}
	f = fn_add(p, obj, file, name);
	*slot = tag | p->nfns;
	t->n++;
	return f;
}

struct fn *profile_fn_new(struct profile *p, const char *obj, struct file *file,
			  const char *name)
{
	assert(!p->sealed && (p->plain & PROFILE_PLAIN_FNS));
	return fn_add(p, obj, file, name);
}

void profile_reserve(struct profile *p, size_t nfns, size_t ncalls)
{
	size_t cap;

	assert(!p->sealed);
	/* each table made at its size at once, not doubled there */
	cap = table_cap(p->fn_tab.cap, p->fn_tab.n + nfns);
	if (cap != p->fn_tab.cap && !(p->plain & PROFILE_PLAIN_FNS))
		ftab_resize(p, cap);
	cap = table_cap(p->call_tab.cap, p->call_tab.n + ncalls);
	if (cap != p->call_tab.cap && !(p->plain & PROFILE_PLAIN_CALLS))
		ptab_resize(&p->call_tab, &p->mem_tables, cap);
	if (p->capfns < p->nfns + nfns) {
		tables_charge(p, (p->nfns + nfns - p->capfns) * sizeof(*p->fns));
		p->capfns = p->nfns + nfns;
		p->fns = xrealloc(p->fns, p->capfns * sizeof(*p->fns));
	}
	if (p->capcalls < p->ncalls + ncalls) {
		tables_charge(p, (p->ncalls + ncalls - p->capcalls) * sizeof(*p->calls));
		p->capcalls = p->ncalls + ncalls;
		p->calls = xrealloc(p->calls, p->capcalls * sizeof(*p->calls));
	}
}

/* Room in p->out and p->in for every function so far (ids below nfns); out of call_add()'s way. */
static __attribute__((noinline)) void links_grow(struct profile *p)
{
	size_t n = p->capfns;

	tables_charge(p, (n - p->nlinks) * (sizeof(*p->out) + sizeof(*p->in)));
	p->out = xrealloc(p->out, n * sizeof(*p->out));
	p->in = xrealloc(p->in, n * sizeof(*p->in));
	memset(p->out + p->nlinks, 0, (n - p->nlinks) * sizeof(*p->out));
	memset(p->in + p->nlinks, 0, (n - p->nlinks) * sizeof(*p->in));
	p->nlinks = n;
}

/* A new call at the end of p->calls and of its ends' lists, not indexed. */
static inline struct call *call_add(struct profile *p, struct fn *caller, struct fn *callee)
{
	struct cc *cc;
	struct call *c = with_cost(p, sizeof(*c), &cc);

	c->k.caller = caller;
	c->k.callee = callee;
	c->cc = cc;
	if (p->nlinks < p->nfns)
		links_grow(p);
	c->next_out = p->out[caller->id];
	p->out[caller->id] = c;
	c->next_in = p->in[callee->id];
	p->in[callee->id] = c;
	GROW(p->calls, p->ncalls, p->capcalls);
	p->calls[p->ncalls++] = c;
	return c;
}

/* The calls profile_call_add() made, to the index (they are the first of p->calls). */
static __attribute__((noinline)) void call_index_rest(struct profile *p)
{
	size_t i;

	for (i = p->call_tab.n; i < p->ncalls; i++) {
		struct call *c = p->calls[i], *x;
		uint64_t h = hash_ptrs(c->k.caller, c->k.callee, 2);
		struct ptab_slot *slot;
		PTAB_FIND(&p->call_tab, h, struct call, x,
			  x->k.caller == c->k.caller && x->k.callee == c->k.callee, slot);
		ptab_fill(&p->call_tab, slot, h, c);
	}
}

struct call *profile_call(struct profile *p, struct fn *caller, struct fn *callee)
{
	uint64_t h = hash_ptrs(caller, callee, 2);
	struct ptab_slot *slot;
	struct call *c;

	assert(!p->sealed && !(p->plain & PROFILE_PLAIN_CALLS));
	if (p->call_tab.n < p->ncalls)
		call_index_rest(p);
	PTAB_FIND(&p->call_tab, h, struct call, c,
		  c->k.caller == caller && c->k.callee == callee, slot);
	if (slot->ptr)
		return slot->ptr;
	c = call_add(p, caller, callee);
	ptab_fill(&p->call_tab, slot, h, c);
	return c;
}

struct call *profile_call_add(struct profile *p, struct fn *caller, struct fn *callee)
{
	assert(!p->sealed && !(p->plain & PROFILE_PLAIN_CALLS) && !p->call_tab.n);
	return call_add(p, caller, callee);
}

struct call *profile_call_new(struct profile *p, struct fn *caller, struct fn *callee)
{
	assert(!p->sealed && (p->plain & PROFILE_PLAIN_CALLS));
	return call_add(p, caller, callee);
}

struct callsite *profile_callsite(struct profile *p, struct file *file, uint64_t line,
				  struct fn *caller, struct fn *callee)
{
	uint64_t h = hash_words(hash_ptrs(caller, callee, 3), (uint64_t)(uintptr_t)file, line);
	struct ptab_slot *slot;
	struct callsite *s;
	struct cc *cc;

	/* one index for the call sites of all files: the file is in the key */
	assert(!p->sealed);
	PTAB_FIND(&p->site_tab, h, struct callsite, s,
		  s->k.caller == caller && s->k.callee == callee && s->k.line == line &&
		  s->file == file, slot);
	if (slot->ptr)
		return slot->ptr;
	s = with_cost(p, sizeof(*s), &cc);
	s->k.caller = caller;
	s->k.callee = callee;
	s->k.line = line;
	s->file = file;
	s->cc = cc;
	if (file->last_site)
		file->last_site->next = s;
	else
		file->sites = s;
	file->last_site = s;
	file->nsites++;
	ptab_fill(&p->site_tab, slot, h, s);
	return s;
}

/* Line numbers are the profile's to choose: keyed too (160,000 lines of one
   bucket took 18 s with a fixed multiplier). */
static inline size_t line_slot(uint64_t key, size_t cap)
{
	return (size_t)hash_u64(key) & (cap - 1);
}

static void lines_grow(struct profile *p, struct file *f)
{
	size_t ncap = f->lcap ? f->lcap * 2 : 64, i;
	uint64_t *nk = xcalloc(ncap, sizeof(*nk));
	struct cc **nv = xcalloc(ncap, sizeof(*nv));

	tables_charge(p, (ncap - f->lcap) * (sizeof(*nk) + sizeof(*nv)));
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
		lines_grow(p, f);
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

struct line_ent {
	uint64_t line;
	const struct cc *cc;
};

static int line_ent_cmp(const void *x, const void *y)
{
	const struct line_ent *a = x, *b = y;
	return a->line < b->line ? -1 : a->line > b->line;
}

size_t profile_lines_sorted(const struct file *f, uint64_t **lines, const struct cc ***ccs)
{
	struct line_ent *v = xmalloc((f->nlines + 1) * sizeof(*v));
	size_t n = 0, k;
	uint64_t line;
	struct cc *cc;

	for (k = 0; file_line_next(f, &k, &line, &cc); n++) {
		v[n].line = line;
		v[n].cc = cc;
	}
	sort_array(v, n, sizeof(*v), line_ent_cmp);
	*lines = xmalloc((n + 1) * sizeof(**lines));
	*ccs = xmalloc((n + 1) * sizeof(**ccs));
	for (k = 0; k < n; k++) {
		(*lines)[k] = v[k].line;
		(*ccs)[k] = v[k].cc;
	}
	free(v);
	return n;
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

int cc_add_as(const struct profile *p, struct cc *dst, const struct cc *src, size_t n)
{
	size_t i;
	int bad = 0;

	if (!p->signed_counts)
		return cc_add(dst, src, n);
	for (i = 0; i < n; i++) {
		int64_t r;
		bad |= __builtin_add_overflow((int64_t)dst->v[i], (int64_t)src->v[i], &r);
		dst->v[i] = (uint64_t)r;
	}
	if (src->ndef > dst->ndef)
		dst->ndef = src->ndef;
	return bad ? -1 : 0;
}

const char *fn_fullname(const struct fn *f, char *buf, size_t len)
{
	snprintf(buf, len, "%s:%s", f->k.file->name, f->k.name);
	return buf;
}

uint64_t fn_ncalls(const struct profile *p, const struct fn *f)
{
	const struct call *c;
	uint64_t n = 0;

	/* graph_check_calls() refuses a sum that does not fit: saturate anyway */
	for (c = fn_in(p, f); c; c = c->next_in)
		if (__builtin_add_overflow(n, c->count, &n))
			return UINT64_MAX;
	return n;
}

void profile_span_add(struct profile *p, const struct fn *f, uint64_t line)
{
	uint64_t *s;

	if (!p->keep_spans)
		return;
	grow_by_id(&p->span, &p->capspan, sizeof(*p->span), f->id);
	s = p->span[f->id];
	if (!line) {
		s[2] = 1;
		return;
	}
	if (!s[0] || line < s[0])
		s[0] = line;
	if (line > s[1])
		s[1] = line;
}

int profile_span(const struct profile *p, const struct fn *f, uint64_t *lo, uint64_t *hi,
		 int *zero)
{
	if (f->id >= p->capspan || (!p->span[f->id][0] && !p->span[f->id][2]))
		return 0;
	*lo = p->span[f->id][0];
	*hi = p->span[f->id][1];
	*zero = p->span[f->id][2] != 0;
	return 1;
}

void profile_span_copy(struct profile *dst, const struct fn *g, const struct profile *src,
		       const struct fn *f)
{
	uint64_t lo, hi;
	int zero;

	dst->keep_spans |= src->keep_spans;
	if (!profile_span(src, f, &lo, &hi, &zero))
		return;
	if (lo) {
		profile_span_add(dst, g, lo);
		profile_span_add(dst, g, hi);
	}
	if (zero)
		profile_span_add(dst, g, 0);
}
