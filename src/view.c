/* view: the profile as the graph views see it: inlined code folded into its function; --focus, --ignore and --hide. */
#include "view.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diag.h"
#include "graph.h"
#include "modname.h"
#include "pattern.h"
#include "suggest.h"
#include "view_int.h"

/* Does f of p match one of the globs of this kind? */
static int matches(const struct profile *p, const struct fn *f, const struct opts_filter *v,
		   size_t n, enum opts_filter_kind kind, const unsigned char *name_only)
{
	int contexts = profile_callgrind_names(p);
	size_t i;

	for (i = 0; i < n; i++) {
		const char *g = v[i].glob;
		if (v[i].kind != kind)
			continue;
		if (v[i].object) {
			if (!strcmp(f->obj, g) || !fnmatch(g, f->obj, 0))
				return 1;
			continue;
		}
		if (name_only && name_only[i] ? pattern_plain_picks(g, f->k.name, contexts)
					      : pattern_picks(g, f->k.file->name, f->k.name, f->obj, contexts))
			return 1;
	}
	return 0;
}

static int has(const struct opts_filter *v, size_t n, enum opts_filter_kind kind)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (v[i].kind == kind)
			return 1;
	return 0;
}

/* The option that names a glob of this kind, for a message. */
static const char *kind_option(const struct opts_filter *v)
{
	switch (v->kind) {
	case OPTS_FOCUS:
		return v->object ? "--focus-object" : "--focus";
	case OPTS_IGNORE:
		return v->object ? "--ignore-object" : "--ignore";
	default:
		return v->object ? "--hide-object" : "--hide";
	}
}

/* By filter: a plain name, matched by strcmp() alone (pattern_name_only()); free() it. */
static unsigned char *names_only(const struct opts_filter *f, size_t n)
{
	unsigned char *m = xmalloc(n + 1);
	size_t k;

	for (k = 0; k < n; k++)
		m[k] = (unsigned char)pattern_name_only(f[k].glob);
	return m;
}

/* The matches of one kind, by fn id. */
static void match_kind(const struct profile *src, const struct opts_filter *v, size_t n,
		       enum opts_filter_kind kind, unsigned char *m)
{
	unsigned char *name_only = names_only(v, n);
	size_t i;

	for (i = 0; i < src->nfns; i++)
		m[i] = (unsigned char)matches(src, src->fns[i], v, n, kind, name_only);
	free(name_only);
}

/*
 * -1 after a diagnostic when a glob matches no function of the profile
 * (a typo would otherwise give an empty or unchanged report that looks
 * like an answer).
 */
void view_filters_seen(const struct profile *p, const struct opts_filter *f, size_t n,
		       unsigned char *seen)
{
	size_t i, k;

	for (k = 0; k < n; k++)
		for (i = 0; i < p->nfns && !seen[k]; i++)
			seen[k] = (unsigned char)matches(p, p->fns[i], &f[k], 1, f[k].kind, NULL);
}

int view_filters_check(const struct opts_filter *f, size_t n, const unsigned char *seen,
		       const struct profile *const *p, size_t np)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (!seen[k]) {
			char *close = suggest_names(p, np, f[k].glob, f[k].object);
			diag(DIAG_ERROR, NULL, 0, "%s=%s matches no function%s%s%s", kind_option(&f[k]),
			     diag_quote(f[k].glob, strlen(f[k].glob)), f[k].object ? " object" : "",
			     close ? "; closest: " : "", close ? close : "");
			free(close);
			return -1;
		}
	return 0;
}

/*
 * The matches of kind in src (m, by fn id) and whether each glob matches
 * a function (seen), in one pass: the globs of other kinds are tried only
 * until they match.
 */
static void match_seen(const struct profile *src, const struct opts_filter *f, size_t n,
		       enum opts_filter_kind kind, unsigned char *m, unsigned char *seen)
{
	unsigned char *name_only = names_only(f, n);
	size_t i, k;

	for (i = 0; i < src->nfns; i++)
		for (k = 0; k < n; k++) {
			if (f[k].kind != kind && seen[k])
				continue;
			if (!matches(src, src->fns[i], &f[k], 1, f[k].kind, &name_only[k]))
				continue;
			seen[k] = 1;
			if (f[k].kind == kind)
				m[i] = 1;
		}
	free(name_only);
}

int view_filter(struct profile *dst, const struct profile *src, const struct opts_filter *f,
		size_t n, int check)
{
	static const enum opts_filter_kind steps[] = { OPTS_FOCUS, OPTS_IGNORE, OPTS_HIDE };
	struct profile a, b;
	const struct profile *cur = src;
	size_t s;
	int have = 0;

	for (s = 0; s < 3; s++) {
		int rc;
		unsigned char *m;
		if (!has(f, n, steps[s]))
			continue;
		if (have && graph_inclusive(&a, NULL)) {
			profile_release(&a);
			profile_init(dst);
			return -1;
		}
		m = xcalloc(cur->nfns + 1, 1);
		if (!have && check) {
			/* the first step's matches, and every glob checked against src */
			unsigned char *seen = xcalloc(n + 1, 1);
			match_seen(src, f, n, steps[s], m, seen);
			rc = view_filters_check(f, n, seen, &cur, 1);
			free(seen);
			if (rc) {
				free(m);
				profile_init(dst);
				return -2;
			}
		} else {
			match_kind(cur, f, n, steps[s], m);
		}
		if (steps[s] == OPTS_HIDE)
			rc = view_hide(&b, cur, m);
		else
			rc = view_focus_or_ignore(&b, cur, m, steps[s] == OPTS_FOCUS);
		free(m);
		if (have)	/* b points to a's names (and to what a points to) */
			profile_adopt(&b, &a);
		if (rc) {
			profile_release(&b);
			profile_init(dst);
			return -1;
		}
		a = b;
		cur = &a;
		have = 1;
	}
	if (!have) {
		struct modname_list none;
		modname_init(&none);
		return modname_profile(dst, src, &none, &none);
	}
	*dst = a;
	return 0;
}
