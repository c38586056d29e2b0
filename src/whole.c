/* whole: each function as a whole, the pieces Callgrind gives of it summed. */
#include "whole.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diag.h"
#include "graph.h"
#include "sort.h"
#include "view.h"

static int key_cmp(const char *name, const char *file, const char *obj, const struct fn *b)
{
	int c = strcmp(name, b->k.name);

	if (!c)
		c = strcmp(file, b->k.file->name);
	if (!c)
		c = strcmp(obj, b->obj);
	return c;
}

static int fn_key_cmp(const void *x, const void *y)
{
	const struct fn *a = *(const struct fn *const *)x;

	return key_cmp(a->k.name, a->k.file->name, a->obj, *(const struct fn *const *)y);
}

/* merged's function named as f (sorted: merged's functions by name, file, object). */
static const struct fn *find(struct fn *const *sorted, size_t n, const struct fn *f)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t m = lo + (hi - lo) / 2;
		int c = key_cmp(f->k.name, f->k.file->name, f->obj, sorted[m]);
		if (!c)
			return sorted[m];
		if (c > 0)
			lo = m + 1;
		else
			hi = m;
	}
	return NULL;
}

/* The function itself first, then its fragments in name order (w: the whole). */
static int piece_cmp(const void *x, const void *y, void *ctx)
{
	const struct whole *w = ctx;
	const struct fn *a = *(const struct fn *const *)x, *b = *(const struct fn *const *)y;
	int ha = !w->host[a->id], hb = !w->host[b->id];

	if (ha != hb)
		return hb - ha;
	return graph_fn_cmp(a, b);
}

int whole_build(struct whole *w, const struct profile *src)
{
	struct fn **sorted;
	const struct fn **of;
	size_t i, n, *fill;
	int rc;

	memset(w, 0, sizeof(*w));
	w->src = src;
	w->merged = src;
	w->host = view_hosts(src);
	for (i = 0; i < src->nfns && !w->host[i]; i++)
		;
	/* a copy only when some code was inlined from another file */
	if (i < src->nfns) {
		w->copied = 1;
		if (view_merge_inlined(&w->own, src)) {
			profile_release(&w->own);
			free(w->host);
			return -1;
		}
		profile_seal(&w->own);
		w->own.drop_calls = src->drop_calls;
		diag_quiet_warnings(1);
		rc = graph_inclusive(&w->own, NULL);
		diag_quiet_warnings(0);
		if (rc) {
			profile_release(&w->own);
			free(w->host);
			return -1;
		}
		w->merged = &w->own;
	}
	n = w->merged->nfns;
	sorted = xmalloc((n + 1) * sizeof(*sorted));
	if (n)
		memcpy(sorted, w->merged->fns, n * sizeof(*sorted));
	sort_array(sorted, n, sizeof(*sorted), fn_key_cmp);
	of = xcalloc(src->nfns + 1, sizeof(*of));
	w->first = xcalloc(n + 2, sizeof(*w->first));
	for (i = 0; i < src->nfns; i++) {
		const struct fn *f = src->fns[i];
		of[i] = find(sorted, n, w->host[i] ? w->host[i] : f);
		if (of[i])
			w->first[of[i]->id + 1]++;
	}
	for (i = 0; i < n; i++)
		w->first[i + 1] += w->first[i];
	w->piece = xmalloc((w->first[n] + 1) * sizeof(*w->piece));
	fill = xmalloc((n + 1) * sizeof(*fill));
	memcpy(fill, w->first, n * sizeof(*fill));
	for (i = 0; i < src->nfns; i++)
		if (of[i])
			w->piece[fill[of[i]->id]++] = src->fns[i];
	for (i = 0; i < n; i++)
		sort_array_r(w->piece + w->first[i], whole_npieces(w, i), sizeof(*w->piece), piece_cmp,
			     w);
	free(fill);
	w->of = of;
	free(sorted);
	return 0;
}

const struct fn *whole_of(const struct whole *w, const struct fn *f)
{
	return w->of[f->id];
}

void whole_release(struct whole *w)
{
	if (w->copied)
		profile_release(&w->own);
	free(w->first);
	free(w->piece);
	free(w->host);
	free(w->of);
	memset(w, 0, sizeof(*w));
}
