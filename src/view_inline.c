/* view_inline: code inlined from another file folded into the function it was inlined into. */
#include "view.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "graph.h"
#include "modname.h"
#include "sort.h"
#include "view_int.h"

static int host_cmp(const void *x, const void *y)
{
	const struct fn *a = *(const struct fn *const *)x, *b = *(const struct fn *const *)y;

	if (a->k.name != b->k.name)
		return (uintptr_t)a->k.name < (uintptr_t)b->k.name ? -1 : 1;
	if (a->obj != b->obj)
		return (uintptr_t)a->obj < (uintptr_t)b->obj ? -1 : 1;
	return graph_fn_cmp(a, b);
}

struct fn **view_hosts(const struct profile *p)
{
	struct fn **host = xcalloc(p->nfns + 1, sizeof(*host));
	struct fn **named = xmalloc((p->nfns + 1) * sizeof(*named));
	size_t i, n = 0;

	for (i = 0; i < p->nfns; i++)
		if (p->fns[i]->named)
			named[n++] = p->fns[i];
	/* by (name, object) pointers, then name order: the first of a run is the host */
	sort_array(named, n, sizeof(*named), host_cmp);
	for (i = 0; i < p->nfns; i++) {
		struct fn *f = p->fns[i];
		size_t lo = 0, hi = n;
		if (f->named || !f->listed)
			continue;
		while (lo < hi) {
			size_t m = lo + (hi - lo) / 2;
			const struct fn *g = named[m];
			if ((uintptr_t)g->k.name < (uintptr_t)f->k.name ||
			    (g->k.name == f->k.name && (uintptr_t)g->obj < (uintptr_t)f->obj))
				lo = m + 1;
			else
				hi = m;
		}
		if (lo < n && named[lo]->k.name == f->k.name && named[lo]->obj == f->obj) {
			host[i] = named[lo];
			continue;
		}
		/*
		 * None in its object: the loader gives calls to a function the
		 * first object that named it (ld.so's strdup called as libc's),
		 * so a fragment left without a host goes to the function of
		 * that name in another object, rather than start stacks of its
		 * own that nothing calls; never for an address, a name of that
		 * object alone (fn_key_obj()).
		 */
		while (lo > 0 && named[lo - 1]->k.name == f->k.name)
			lo--;
		if (lo < n && named[lo]->k.name == f->k.name && !fn_in(p, f) &&
		    !fn_key_obj(f->k.name, f->obj))
			host[i] = named[lo];
	}
	free(named);
	return host;
}

int view_has_inlined(const struct profile *p)
{
	struct fn **host;
	size_t i;

	/* only a listed function that was never named has a host */
	for (i = 0; i < p->nfns && (p->fns[i]->named || !p->fns[i]->listed); i++)
		;
	if (i == p->nfns)
		return 0;
	host = view_hosts(p);

	for (i = 0; i < p->nfns && !host[i]; i++)
		;
	free(host);
	return i < p->nfns;
}

int view_merge_inlined(struct profile *dst, const struct profile *src)
{
	struct fn **host = view_hosts(src), **map;
	struct file_memo memo = { NULL, NULL };
	size_t i;
	int rc = -1;

	if (modname_copy_header(dst, src, PROFILE_PLAIN_FNS)) {
		free(host);
		return -1;
	}
	map = xcalloc(src->nfns + 1, sizeof(*map));
	for (i = 0; i < src->nfns; i++) {
		const struct fn *f = src->fns[i];
		if (!host[i])
			map[i] = view_fn_in_copy(dst, f, &memo);
	}
	for (i = 0; i < src->nfns; i++) {
		if (host[i])
			map[i] = map[host[i]->id];
		if (view_add(dst, map[i]->self, src->fns[i]->self))
			goto out;
		if (i < src->nsingle && src->single[i])
			profile_single_max(dst, map[i], src->single[i]->v, src->single[i]->ndef);
	}
	for (i = 0; i < src->ncalls; i++) {
		const struct call *c = src->calls[i];
		struct call *d = profile_call(dst, map[c->k.caller->id], map[c->k.callee->id]);
		if (view_add_count(&d->count, c->count) || view_add(dst, d->cc, c->cc))
			goto out;
	}
	rc = view_copy_lines(dst, src, map);
	view_copy_root_cost(dst, src, map, NULL);
out:
	free(host);
	free(map);
	return rc;
}
