/* icode: the model's machine code: per-instruction costs, jumps and calls (--annotate=asm). */
#include "icode.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "sort.h"

/* The index of units by (function, object): open addressing, private to this file. */
struct icode_index {
	struct icode **slot;
	size_t cap, n;
};

/* Keyed (hash.h): the addresses are the profile's to choose. */
static size_t unit_slot(const struct fn *fn, const char *obj, size_t cap)
{
	return (size_t)hash_words((uint64_t)(uintptr_t)fn, (uint64_t)(uintptr_t)obj, 4) & (cap - 1);
}

static void index_grow(struct icode_index *ix)
{
	size_t ncap = ix->cap ? 2 * ix->cap : 64, i;
	struct icode **ns = xcalloc(ncap, sizeof(*ns));

	for (i = 0; i < ix->cap; i++) {
		struct icode *c = ix->slot[i];
		size_t j;
		if (!c)
			continue;
		j = unit_slot(c->fn, c->obj, ncap);
		while (ns[j])
			j = (j + 1) & (ncap - 1);
		ns[j] = c;
	}
	free(ix->slot);
	ix->slot = ns;
	ix->cap = ncap;
}

struct icode *icode_get(struct profile *p, struct fn *fn, const char *obj)
{
	struct icode_index *ix = p->icode_ix;
	struct icode *c;
	size_t i;

	assert(!p->sealed);
	if (!ix) {
		ix = p->icode_ix = xcalloc(1, sizeof(*ix));
		p->release_icode = icode_release_all;
	}
	if ((ix->n + 1) * 4 > ix->cap * 3)
		index_grow(ix);
	for (i = unit_slot(fn, obj, ix->cap); ix->slot[i]; i = (i + 1) & (ix->cap - 1))
		if (ix->slot[i]->fn == fn && ix->slot[i]->obj == obj)
			return ix->slot[i];
	if (p->nicodes >= UINT32_MAX)
		xalloc_die();
	c = arena_alloc(&p->arena, sizeof(*c));
	c->fn = fn;
	c->obj = obj;
	c->id = (uint32_t)p->nicodes;
	ix->slot[i] = c;
	ix->n++;
	if (p->nicodes == p->capicodes) {
		p->capicodes = p->capicodes ? 2 * p->capicodes : 64;
		p->icodes = xrealloc(p->icodes, p->capicodes * sizeof(*p->icodes));
	}
	p->icodes[p->nicodes++] = c;
	return c;
}

static size_t addr_slot(uint64_t key, size_t cap)
{
	return (size_t)hash_u64(key) & (cap - 1);
}

static void instrs_grow(struct icode *c)
{
	size_t ncap = c->acap ? 2 * c->acap : 16, i;
	uint64_t *nk = xcalloc(ncap, sizeof(*nk));
	struct instr **nv = xcalloc(ncap, sizeof(*nv));

	for (i = 0; i < c->acap; i++) {
		size_t s;
		if (!c->akeys[i])
			continue;
		s = addr_slot(c->akeys[i], ncap);
		while (nk[s])
			s = (s + 1) & (ncap - 1);
		nk[s] = c->akeys[i];
		nv[s] = c->avals[i];
	}
	free(c->akeys);
	free(c->avals);
	c->akeys = nk;
	c->avals = nv;
	c->acap = ncap;
}

struct instr *icode_instr(struct profile *p, struct icode *c, uint64_t addr)
{
	/* key 0 marks an empty slot: address 2^64-1 shares the key of 2^64-2,
	   and the address itself tells them apart */
	uint64_t key = addr + 1 ? addr + 1 : UINT64_MAX;
	struct instr *in;
	size_t s;

	if ((c->ninstr + 1) * 4 > c->acap * 3)
		instrs_grow(c);
	for (s = addr_slot(key, c->acap); c->akeys[s]; s = (s + 1) & (c->acap - 1))
		if (c->akeys[s] == key && c->avals[s]->addr == addr)
			return c->avals[s];
	in = arena_alloc(&p->arena, sizeof(*in));
	in->addr = addr;
	in->cc = profile_cc_new(p);
	c->akeys[s] = key;
	c->avals[s] = in;
	c->ninstr++;
	return in;
}

void icode_piece(struct icode *c, struct fn *piece)
{
	size_t i;

	if (piece == c->fn)
		return;
	for (i = 0; i < c->npieces; i++)
		if (c->pieces[i] == piece)
			return;
	if (c->npieces == c->cappieces) {
		c->cappieces = c->cappieces ? 2 * c->cappieces : 4;
		c->pieces = xrealloc(c->pieces, c->cappieces * sizeof(*c->pieces));
	}
	c->pieces[c->npieces++] = piece;
}

struct ijump *instr_jump(struct profile *p, struct instr *in, uint64_t to, const char *to_fn,
			 int cond)
{
	struct ijump *j, **tail = &in->jumps;

	for (j = in->jumps; j; tail = &j->next, j = j->next)
		if (j->to == to && j->to_fn == to_fn && j->cond == (unsigned)!!cond)
			return j;
	j = arena_alloc(&p->arena, sizeof(*j));
	j->to = to;
	j->to_fn = to_fn;
	j->cond = !!cond;
	*tail = j;
	return j;
}

struct icall *instr_call(struct profile *p, struct instr *in, struct fn *callee)
{
	struct icall *k, **tail = &in->calls;

	for (k = in->calls; k; tail = &k->next, k = k->next)
		if (k->callee == callee)
			return k;
	k = arena_alloc(&p->arena, sizeof(*k));
	k->callee = callee;
	k->cc = profile_cc_new(p);
	*tail = k;
	return k;
}

static int instr_cmp(const void *x, const void *y)
{
	const struct instr *a = *(const struct instr *const *)x, *b = *(const struct instr *const *)y;
	return a->addr < b->addr ? -1 : a->addr > b->addr;
}

const struct instr **icode_sorted(const struct icode *c, size_t *n)
{
	const struct instr **v = xmalloc((c->ninstr + 1) * sizeof(*v));
	size_t i, k = 0;

	for (i = 0; i < c->acap; i++)
		if (c->akeys[i])
			v[k++] = c->avals[i];
	sort_array(v, k, sizeof(*v), instr_cmp);
	*n = k;
	return v;
}

void icode_release_all(struct profile *p)
{
	size_t i;

	for (i = 0; i < p->nicodes; i++) {
		free(p->icodes[i]->akeys);
		free(p->icodes[i]->avals);
		free(p->icodes[i]->pieces);
	}
	free(p->icodes);
	if (p->icode_ix)
		free(p->icode_ix->slot);
	free(p->icode_ix);
}
