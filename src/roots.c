/* roots: the stacks each thread starts, when the files of --separate-threads=yes are summed. */
#include "roots.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "graph.h"

void roots_init(struct roots *r)
{
	memset(r, 0, sizeof(*r));
}

/* Each function's own cost, calls out and calls in (cost and count), summed so far. */
static void sums(const struct profile *p, uint64_t *self, uint64_t *out, uint64_t *in,
		 uint64_t *incount)
{
	size_t ne = p->ev.n, i, e;

	memset(out, 0, p->nfns * ne * sizeof(*out));
	memset(in, 0, p->nfns * ne * sizeof(*in));
	memset(incount, 0, p->nfns * sizeof(*incount));
	for (i = 0; i < p->nfns; i++)
		for (e = 0; e < ne; e++)
			self[i * ne + e] = p->fns[i]->self->v[e];
	for (i = 0; i < p->ncalls; i++) {
		const struct call *c = p->calls[i];
		size_t a = c->k.caller->id, b = c->k.callee->id;
		incount[b] += c->count;
		for (e = 0; e < ne; e++) {
			out[a * ne + e] += c->cc->v[e];
			in[b * ne + e] += c->cc->v[e];
		}
	}
}

/* sums() into arrays of their own (the caller frees them) */
static void sums_new(const struct profile *p, uint64_t **self, uint64_t **out, uint64_t **in,
		     uint64_t **incount)
{
	size_t n = p->nfns, ne = p->ev.n;

	*self = xmalloc((n * ne + 1) * sizeof(**self));
	*out = xmalloc((n * ne + 1) * sizeof(**out));
	*in = xmalloc((n * ne + 1) * sizeof(**in));
	*incount = xmalloc((n + 1) * sizeof(**incount));
	sums(p, *self, *out, *in, *incount);
}

static void grow(struct roots *r, size_t n, size_t ne)
{
	if (n <= r->cap)
		return;
	r->cap = n + n / 2 + 16;
	r->self = xrealloc(r->self, r->cap * ne * sizeof(*r->self));
	r->out = xrealloc(r->out, r->cap * ne * sizeof(*r->out));
	r->in = xrealloc(r->in, r->cap * ne * sizeof(*r->in));
	r->incount = xrealloc(r->incount, r->cap * sizeof(*r->incount));
	r->root = xrealloc(r->root, r->cap * ne * sizeof(*r->root));
}

void roots_file(struct roots *r, const struct profile *p, int after, const char *thread)
{
	size_t ne = p->ev.n, n = p->nfns, i, e, k;
	uint64_t *self, *out, *in, *incount;

	if (r->off)
		return;
	if (!after) {
		if (r->nthreads >= ROOTS_MAX_FILES) {
			r->off = 1;
			return;
		}
		grow(r, n, ne);
		if (n)
			sums(p, r->self, r->out, r->in, r->incount);
		r->n = n;
		return;
	}
	if (!thread) {
		r->off = 1;
		return;
	}
	for (k = 0; k < r->nthreads; k++)
		if (!strcmp(r->threads[k], thread)) {
			r->off = 1;	/* two files of one thread: parts, not threads */
			return;
		}
	r->threads = xrealloc(r->threads, (r->nthreads + 1) * sizeof(*r->threads));
	r->threads[r->nthreads++] = xstrdup(thread);
	grow(r, n, ne);
	/* the new functions had nothing before; the root sums start at 0 */
	memset(r->self + r->n * ne, 0, (n - r->n) * ne * sizeof(*r->self));
	memset(r->out + r->n * ne, 0, (n - r->n) * ne * sizeof(*r->out));
	memset(r->in + r->n * ne, 0, (n - r->n) * ne * sizeof(*r->in));
	memset(r->incount + r->n, 0, (n - r->n) * sizeof(*r->incount));
	if (r->nthreads == 1)
		memset(r->root, 0, r->cap * ne * sizeof(*r->root));
	else
		memset(r->root + r->n * ne, 0, (n - r->n) * ne * sizeof(*r->root));
	sums_new(p, &self, &out, &in, &incount);
	for (i = 0; i < n; i++) {
		int called = incount[i] != r->incount[i], any = 0;
		for (e = 0; e < ne; e++) {
			called |= in[i * ne + e] != r->in[i * ne + e];
			any |= self[i * ne + e] != r->self[i * ne + e] || out[i * ne + e] != r->out[i * ne + e];
		}
		if (called || !any)
			continue;
		/* nobody calls it in this thread: the stack starts there */
		for (e = 0; e < ne; e++)
			r->root[i * ne + e] += (self[i * ne + e] - r->self[i * ne + e]) +
					       (out[i * ne + e] - r->out[i * ne + e]);
	}
	r->n = n;
	free(self);
	free(out);
	free(in);
	free(incount);
}

/*
 * The activations of an outer function that no call line shows: the
 * child side of clone() in a profile made without --separate-threads, a
 * function entered by a jump.  Its self cost plus the calls it makes
 * count each activation once (it never nests); what they say beyond the
 * calls made to it (and the roots of the thread files above) ran on
 * stacks of their own, which start there.  Only for functions that have
 * callers (one without any starts its stacks already) and costs that
 * cannot be negative.
 */
static void unseen_roots(struct profile *p)
{
	size_t ne = p->ev.n, n = p->nfns, i, e;
	uint64_t *self, *out, *in, *incount;
	unsigned char *outer;

	if (!n || !ne || !p->ncalls || p->signed_counts || p->drop_calls)
		return;
	outer = xcalloc(n + 1, 1);
	graph_outer(p, outer);
	sums_new(p, &self, &out, &in, &incount);
	for (i = 0; i < n; i++) {
		struct cc *rc;
		if (!outer[i] || !incount[i])
			continue;
		rc = p->root_cost ? p->root_cost[i] : NULL;
		for (e = 0; e < ne; e++) {
			uint64_t have = in[i * ne + e] + (rc ? rc->v[e] : 0), all = self[i * ne + e] + out[i * ne + e];
			/*
			 * Unseen when the calls into it cost less than its own
			 * cost alone (clone's thread side; a jump into a function
			 * that calls out as much is not told from call costs that
			 * round or disagree, which keep their stacks)
			 */
			if (all <= have || all < self[i * ne + e] || have >= self[i * ne + e])
				continue;
			if (!p->root_cost)
				p->root_cost = xcalloc(n + 1, sizeof(*p->root_cost));
			if (!rc) {
				rc = p->root_cost[i] = profile_cc_new(p);
				rc->ndef = 0;
			}
			rc->v[e] += all - have;
			if (rc->ndef < e + 1)
				rc->ndef = (uint32_t)(e + 1);	/* the events after: undefined, as they were */
		}
	}
	free(outer);
	free(self);
	free(out);
	free(in);
	free(incount);
}

void roots_finish(struct roots *r, struct profile *p)
{
	size_t ne = p->ev.n, i, e;

	if (!r->off && r->nthreads > 1) {
		unsigned char *called = xcalloc(p->nfns + 1, 1);
		for (i = 0; i < p->ncalls; i++)
			called[p->calls[i]->k.callee->id] = 1;
		for (i = 0; i < p->nfns && i < r->n; i++) {
			int any = 0;
			for (e = 0; e < ne; e++)
				any |= r->root[i * ne + e] > 0;
			if (!any || !called[i])
				continue;	/* no root there, or no caller: its rule already holds */
			if (!p->root_cost)
				p->root_cost = xcalloc(p->nfns + 1, sizeof(*p->root_cost));
			p->root_cost[i] = profile_cc_new(p);
			memcpy(p->root_cost[i]->v, &r->root[i * ne], ne * sizeof(uint64_t));
			p->root_cost[i]->ndef = (uint32_t)ne;
		}
		free(called);
	}
	unseen_roots(p);
	for (i = 0; i < r->nthreads; i++)
		free(r->threads[i]);
	free(r->threads);
	free(r->self);
	free(r->out);
	free(r->in);
	free(r->incount);
	free(r->root);
	memset(r, 0, sizeof(*r));
}
