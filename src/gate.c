/* gate: limits given with --limit, checked against a profile or, as changes, against a diff. */
#include "gate.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "escape.h"
#include "hash.h"
#include "numfmt.h"
#include "pattern.h"
#include "suggest.h"
#include "whole.h"

static int bad(char *err, size_t errlen, const char *spec, const char *why)
{
	snprintf(err, errlen, "bad --limit '%.60s': %s", spec, why);
	return -1;
}

/*
 * "123", "1,234,567" or "1_234_567"; a percentage "2.5%"; either with a
 * '+' or '-' before it for a change.  A percentage is at most 100, but for
 * growth, which has no end.
 */
static int parse_max(struct gate *g, const char *s, char *err, size_t errlen)
{
	size_t len, i, digits = 0, dots = 0;

	if (*s == '+' || *s == '-') {
		g->change = *s == '+' ? GATE_UP : GATE_DOWN;
		s++;
	}
	len = strlen(s);
	if (len && s[len - 1] == '%') {
		for (i = 0; i + 1 < len; i++) {
			if (s[i] == '.')
				dots++;
			else if (s[i] >= '0' && s[i] <= '9')
				digits++;
			else
				break;
		}
		if (i + 1 < len || !digits || dots > 1)
			return bad(err, errlen, g->spec, "want a count or a percentage after '='");
		g->max_pct = strtod(s, NULL);
		if (g->max_pct > 100 && g->change != GATE_UP)
			return bad(err, errlen, g->spec, "a percentage is at most 100");
		if (g->max_pct > 1e15)
			return bad(err, errlen, g->spec, "the percentage is too large");
		g->is_pct = 1;
		return 0;
	}
	g->max = 0;
	for (i = 0; i < len; i++) {
		unsigned d;
		if ((s[i] == ',' || s[i] == '_') && digits)
			continue;
		if (s[i] < '0' || s[i] > '9')
			return bad(err, errlen, g->spec, "want a count or a percentage after '='");
		d = (unsigned)(s[i] - '0');
		if (g->max > (UINT64_MAX - d) / 10)
			return bad(err, errlen, g->spec, "the count does not fit in 64 bits");
		g->max = g->max * 10 + d;
		digits++;
	}
	if (!digits)
		return bad(err, errlen, g->spec, "want a count or a percentage after '='");
	return 0;
}

int gate_parse(struct gate *g, const char *spec, char *err, size_t errlen)
{
	const char *eq = strrchr(spec, '='), *c1, *c2;

	memset(g, 0, sizeof(*g));
	g->spec = spec;
	if (!eq)
		return bad(err, errlen, spec, "no '=MAX'");
	if (parse_max(g, eq + 1, err, errlen))
		return -1;
	c1 = memchr(spec, ':', (size_t)(eq - spec));
	if (!c1) {
		g->kind = GATE_TOTAL;
		c1 = eq;
		/* the total is 100% of itself: such a limit always holds or always breaks */
		if (g->is_pct && g->change == GATE_LEVEL)
			return bad(err, errlen, spec,
				   "a program total is always 100% of itself; give a count,"
				   " or a change (+PCT%) with --diff");
	} else {
		c2 = memchr(c1 + 1, ':', (size_t)(eq - c1 - 1));
		if (!c2 || c2 + 1 == eq)
			return bad(err, errlen, spec, "want EVENT=MAX or EVENT:self|incl:FUNCTION=MAX");
		if (c2 - c1 - 1 == 4 && !memcmp(c1 + 1, "self", 4))
			g->kind = GATE_SELF;
		else if (c2 - c1 - 1 == 4 && !memcmp(c1 + 1, "incl", 4))
			g->kind = GATE_INCL;
		else
			return bad(err, errlen, spec, "want 'self' or 'incl' after the event");
		g->pattern = xmalloc((size_t)(eq - c2));
		memcpy(g->pattern, c2 + 1, (size_t)(eq - c2 - 1));
		g->pattern[eq - c2 - 1] = '\0';
	}
	if (c1 == spec) {
		free(g->pattern);
		g->pattern = NULL;
		return bad(err, errlen, spec, "no event name");
	}
	g->event = xmalloc((size_t)(c1 - spec) + 1);
	memcpy(g->event, spec, (size_t)(c1 - spec));
	g->event[c1 - spec] = '\0';
	return 0;
}

void gate_release(struct gate *g)
{
	free(g->event);
	free(g->pattern);
	memset(g, 0, sizeof(*g));
}

int gate_resolve(struct gate *g, const struct profile *p, char *err, size_t errlen)
{
	long k = events_find(&p->ev, g->event, strlen(g->event));
	if (k < 0) {
		snprintf(err, errlen, "--limit event '%.60s' is not in the profile", g->event);
		return -1;
	}
	g->ev = (size_t)k;
	return 0;
}

void gate_result_release(struct gate_result *res)
{
	size_t i;

	for (i = 0; i < res->n; i++)
		free(res->v[i].closest);
	free(res->v);
	memset(res, 0, sizeof(*res));
}

static struct gate_breach *add(struct gate_result *res, const struct gate *g, enum gate_why why)
{
	struct gate_breach *b;

	if (res->n == res->cap) {
		res->cap = res->cap ? 2 * res->cap : 8;
		res->v = xrealloc(res->v, res->cap * sizeof(*res->v));
	}
	b = &res->v[res->n++];
	memset(b, 0, sizeof(*b));
	b->g = g;
	b->why = why;
	return b;
}

/* Does the pattern pick the function named file:name of obj?  (pattern.h) */
static int picks(const struct gate *g, const char *file, const char *name, const char *obj,
		 int contexts)
{
	return pattern_picks(g->pattern, file, name, obj, contexts);
}

/*
 * A function limit checks functions whole: Callgrind's names of one
 * function (its --separate-callers contexts and recursion levels, "f'g'h"
 * and "fib'2") are summed as one.  The functions (or a diff's), as keys
 * gathered so that the names of one function are a run.
 */
struct gkey {
	const char *file, *name, *kobj;	/* file and kobj compare as addresses */
	size_t base;			/* the name's length without context and level */
	int level;			/* the name has a recursion level */
	size_t idx;			/* in the profile or the diff */
};

static void gkey_set(struct gkey *k, const char *file, const char *name, const char *kobj,
		     int contexts, size_t idx)
{
	size_t ctx, base;

	k->file = file;
	k->name = name;
	k->kobj = kobj;
	k->idx = idx;
	if (contexts) {
		pattern_name_cuts(name, &ctx, &base);
	} else {
		ctx = base = strlen(name);
	}
	k->base = base;
	k->level = ctx != base;
}

/* Do a and b name one function? */
static int gkey_same(const struct gkey *a, const struct gkey *b)
{
	return a->file == b->file && a->kobj == b->kobj && a->base == b->base &&
	       !memcmp(a->name, b->name, a->base);
}

/*
 * keys[0 .. n) (keys[i].idx == i) reordered so that the names of one
 * function are a run, the runs in the order of their first function (the
 * profile's order, never one of addresses) and each run in that order;
 * *start gets the first key of each run, and n after the last (to free):
 * returns how many runs.  Linear: a table of the runs opened so far.
 */
static size_t gkey_runs(struct gkey *keys, size_t n, size_t **start)
{
	size_t cap, i, nr = 0, *tab, *run = xmalloc((n + 1) * sizeof(*run)), *s, *fill;
	struct gkey *out = xmalloc((n + 1) * sizeof(*out));

	for (cap = 16; cap < 2 * n + 2; cap *= 2)
		;
	tab = xcalloc(cap, sizeof(*tab));	/* 1 + the key that opened a run, 0 empty */
	for (i = 0; i < n; i++) {
		const struct gkey *k = &keys[i];
		size_t h = (size_t)hash_words(hash_bytes(k->name, k->base), (uintptr_t)k->file,
					      (uintptr_t)k->kobj) & (cap - 1);
		while (tab[h] && !gkey_same(&keys[tab[h] - 1], k))
			h = (h + 1) & (cap - 1);
		if (!tab[h]) {
			tab[h] = i + 1;
			run[i] = nr++;
		} else {
			run[i] = run[tab[h] - 1];
		}
	}
	s = xcalloc(nr + 2, sizeof(*s));
	for (i = 0; i < n; i++)
		s[run[i] + 1]++;
	for (i = 0; i < nr; i++)
		s[i + 1] += s[i];
	fill = xmalloc((nr + 1) * sizeof(*fill));
	memcpy(fill, s, nr * sizeof(*fill));
	for (i = 0; i < n; i++)
		out[fill[run[i]]++] = keys[i];
	if (n)
		memcpy(keys, out, n * sizeof(*keys));
	free(out);
	free(fill);
	free(run);
	free(tab);
	*start = s;
	return nr;
}

/* x += y, saturated */
static void sat_add(uint64_t *x, uint64_t y)
{
	if (__builtin_add_overflow(*x, y, x))
		*x = UINT64_MAX;
}

/*
 * The value of one function from the values of its names v[0 .. n) (level
 * set: a name with a recursion level): self costs add up; an inclusive
 * cost is the sum of the names without a level (no activation of one runs
 * inside another's: Callgrind gives it a level), the largest when all have
 * one.
 */
static uint64_t whole_value(const uint64_t *v, const int *level, size_t n, int incl)
{
	uint64_t sum = 0, max = 0;
	size_t i;
	int outer = 0;

	for (i = 0; i < n; i++) {
		if (v[i] > max)
			max = v[i];
		if (incl && level[i])
			continue;
		outer = 1;
		sat_add(&sum, v[i]);
	}
	return outer ? sum : max;
}

static uint64_t value(const struct profile *p, const struct cc *c, size_t ev)
{
	return c && cc_defined(p, c, ev) ? c->v[ev] : 0;
}

/*
 * The program total a gate checks: the larger of p's total and the sum of
 * its self costs (saturated), since the totals: line is only what the
 * profile says.  *claimed gets the line's value; returns the one used.
 */
static uint64_t checked_total(const struct profile *p, size_t ev, uint64_t *claimed)
{
	uint64_t total = value(p, p->total, ev), sum = 0;
	size_t i;

	*claimed = total;
	for (i = 0; i < p->nfns; i++)
		if (__builtin_add_overflow(sum, value(p, p->fns[i]->self, ev), &sum))
			sum = UINT64_MAX;
	return sum > total ? sum : total;
}

/* Is the level v over the limit, given the program total? */
static int over_level(const struct gate *g, uint64_t v, uint64_t total)
{
	if (!g->is_pct)
		return v > g->max;
	if (!total)
		return v > 0;
	return (long double)v * 100 > (long double)g->max_pct * (long double)total;
}

/* Is the change from a to b over the limit? */
static int over_change(const struct gate *g, uint64_t a, uint64_t b)
{
	uint64_t delta;

	if (g->change == GATE_UP ? b <= a : b >= a)
		return 0;
	delta = b > a ? b - a : a - b;
	if (!g->is_pct)
		return delta > g->max;
	if (!a)
		return 1;	/* growth from nothing: an infinite percentage */
	return (long double)delta * 100 > (long double)g->max_pct * (long double)a;
}

/* Does g pick function k of w->merged: any of its pieces? */
static int picks_whole(const struct gate *g, const struct whole *w, size_t k, int contexts)
{
	size_t i;

	for (i = w->first[k]; i < w->first[k + 1]; i++)
		if (picks(g, w->piece[i]->k.file->name, w->piece[i]->k.name, w->piece[i]->obj,
			  contexts))
			return 1;
	return 0;
}

/* The function of a breach: its first name (cut when several were summed), its object. */
static void breach_fn(struct gate_breach *b, const struct gkey *k, size_t n, const char *obj)
{
	b->file = k->file;
	b->name = k->name;
	b->namelen = n > 1 ? k->base : 0;
	b->nnames = n;
	b->obj = fn_key_obj(k->name, obj) ? obj : NULL;
}

static void eval(const struct gate *g, const struct profile *p, const struct whole *w,
		 struct gate_result *res)
{
	uint64_t total = value(p, p->total, g->ev);
	size_t i, r, nruns, picked = 0, *runs;
	struct gkey *keys;
	uint64_t *v;
	int *level, contexts;

	if (g->kind == GATE_TOTAL) {
		uint64_t claimed, checked = checked_total(p, g->ev, &claimed);
		if (over_level(g, checked, checked)) {
			struct gate_breach *b = add(res, g, GATE_OVER);
			b->value = b->total = checked;
			b->claimed[DIFF_NEW] = claimed;
			b->summed = checked != claimed ? 1u << DIFF_NEW : 0;
		}
		return;
	}
	if (w)
		p = w->merged;
	contexts = profile_callgrind_names(p);
	keys = xmalloc((p->nfns + 1) * sizeof(*keys));
	v = xmalloc((p->nfns + 1) * sizeof(*v));
	level = xmalloc((p->nfns + 1) * sizeof(*level));
	for (i = 0; i < p->nfns; i++)
		gkey_set(&keys[i], p->fns[i]->k.file->name, p->fns[i]->k.name,
			 fn_key_obj(p->fns[i]->k.name, p->fns[i]->obj), contexts, i);
	nruns = gkey_runs(keys, p->nfns, &runs);
	for (r = 0; r < nruns; r++) {
		const struct gkey *run = keys + runs[r];
		struct gate_breach *b;
		size_t n, npieces = 0;
		uint64_t x;
		int hit = 0;
		for (n = 0; n < runs[r + 1] - runs[r]; n++) {
			const struct fn *f = p->fns[run[n].idx];
			hit = hit || (w ? picks_whole(g, w, f->id, contexts)
					: picks(g, f->k.file->name, f->k.name, f->obj, contexts));
			v[n] = value(p, g->kind == GATE_SELF ? f->self : fn_incl(p, f), g->ev);
			level[n] = run[n].level;
			npieces += w ? whole_npieces(w, f->id) - 1 : 0;
		}
		if (!hit)
			continue;
		picked++;
		x = whole_value(v, level, n, g->kind == GATE_INCL);
		if (!over_level(g, x, total))
			continue;
		b = add(res, g, GATE_OVER);
		breach_fn(b, run, n, p->fns[run->idx]->obj);
		b->value = x;
		b->total = total;
		b->npieces = w ? npieces + 1 : 0;
	}
	free(runs);
	free(keys);
	free(v);
	free(level);
	if (!picked)
		add(res, g, GATE_NONE)->closest = suggest_names(&p, 1, g->pattern, 0);
}

void gate_eval(const struct gate *g, const struct profile *p, struct gate_result *res)
{
	eval(g, p, NULL, res);
}

void gate_eval_whole(const struct gate *g, const struct whole *w, struct gate_result *res)
{
	eval(g, w->src, w, res);
}

/* Does g pick the diff's function f: by its name, or with w, any piece of either side? */
static int picks_diff(const struct gate *g, const struct diff_fn *f, const struct whole *const *w,
		      int contexts)
{
	int s;

	if (!w)
		return picks(g, f->file, f->name, f->obj, contexts);
	for (s = 0; s < 2; s++)
		if (f->fn[s] && picks_whole(g, w[s], f->fn[s]->id, contexts))
			return 1;
	/* a file paired across folders (diff.h) is named as the diff names it */
	return picks(g, f->file, f->name, f->obj, contexts);
}

static size_t pieces_diff(const struct diff_fn *f, const struct whole *const *w)
{
	size_t n = 0;
	int s;

	for (s = 0; w && s < 2; s++)
		if (f->fn[s] && whole_npieces(w[s], f->fn[s]->id) > n)
			n = whole_npieces(w[s], f->fn[s]->id);
	return n;
}

static void eval_diff(const struct gate *g, const struct diff *d, const struct whole *const *w,
		      struct gate_result *res)
{
	size_t i, r, nruns, first = res->n, picked_new = 0, ngone = 0, *runs;
	const struct diff_fn *gone = NULL;
	struct gkey *keys;
	uint64_t *v;
	int *level, contexts;

	if (g->kind == GATE_TOTAL) {
		uint64_t ca, cb, a, b;
		/* the event's index in OLD: diff_has_event() was checked by the caller */
		a = checked_total(d->p[DIFF_OLD], d->old_ev[g->ev], &ca);
		b = checked_total(d->p[DIFF_NEW], g->ev, &cb);
		if (over_change(g, a, b)) {
			struct gate_breach *br = add(res, g, GATE_OVER);
			br->old = a;
			br->value = br->total = b;
			br->claimed[DIFF_OLD] = ca;
			br->claimed[DIFF_NEW] = cb;
			br->summed = (a != ca ? 1u << DIFF_OLD : 0) | (b != cb ? 1u << DIFF_NEW : 0);
		}
		return;
	}
	contexts = profile_callgrind_names(d->p[DIFF_NEW]) || profile_callgrind_names(d->p[DIFF_OLD]);
	keys = xmalloc((d->nfns + 1) * sizeof(*keys));
	v = xmalloc(2 * (d->nfns + 1) * sizeof(*v));
	level = xmalloc((d->nfns + 1) * sizeof(*level));
	for (i = 0; i < d->nfns; i++)
		gkey_set(&keys[i], d->fns[i]->file, d->fns[i]->name, d->fns[i]->kobj, contexts, i);
	nruns = gkey_runs(keys, d->nfns, &runs);
	for (r = 0; r < nruns; r++) {
		const struct gkey *run = keys + runs[r];
		struct gate_breach *br;
		size_t n, m = 0, npieces = 0;
		int in[2] = { 0, 0 }, s, hit = 0;
		uint64_t x[2];
		for (n = 0; n < runs[r + 1] - runs[r]; n++) {
			const struct diff_fn *f = d->fns[run[n].idx];
			const struct cc *const *c = (const struct cc *const *)(g->kind == GATE_SELF ? f->self : f->incl);
			if (!f->in[DIFF_OLD] && !f->in[DIFF_NEW])
				continue;
			hit = hit || picks_diff(g, f, w, contexts);
			v[m] = c[DIFF_OLD]->v[g->ev];
			v[d->nfns + m] = c[DIFF_NEW]->v[g->ev];
			level[m++] = run[n].level;
			for (s = 0; s < 2; s++)
				in[s] |= f->in[s] != 0;
			if (pieces_diff(f, w))
				npieces += pieces_diff(f, w) - 1;
		}
		if (!hit)
			continue;
		if (in[DIFF_NEW]) {
			picked_new++;
		} else if (!ngone++) {
			gone = d->fns[run->idx];
		}
		x[DIFF_OLD] = whole_value(v, level, m, g->kind == GATE_INCL);
		x[DIFF_NEW] = whole_value(v + d->nfns, level, m, g->kind == GATE_INCL);
		if (!over_change(g, x[DIFF_OLD], x[DIFF_NEW]))
			continue;
		br = add(res, g, GATE_OVER);
		breach_fn(br, run, runs[r + 1] - runs[r], d->fns[run->idx]->obj);
		br->old = x[DIFF_OLD];
		br->value = x[DIFF_NEW];
		br->total = d->total[DIFF_NEW]->v[g->ev];
		br->new_fn = !in[DIFF_OLD];
		br->gone_fn = !in[DIFF_NEW];
		br->npieces = w ? npieces + 1 : 0;
	}
	free(keys);
	free(v);
	free(level);
	free(runs);
	if (!picked_new) {
		/* one message says it all: forget the drops of the gone functions */
		const struct profile *sides[2] = { d->p[DIFF_NEW], d->p[DIFF_OLD] };
		struct gate_breach *br;
		res->n = first;
		br = add(res, g, GATE_NONE);
		br->closest = suggest_names(sides, gone ? 1 : 2, g->pattern, 0);
		br->ngone = ngone;
		if (gone) {
			br->file = gone->file;
			br->name = gone->name;
			br->obj = gone->kobj ? gone->obj : NULL;
		}
	}
}

void gate_eval_diff(const struct gate *g, const struct diff *d, struct gate_result *res)
{
	eval_diff(g, d, NULL, res);
}

void gate_eval_diff_whole(const struct gate *g, const struct diff *d,
			  const struct whole *const w[2], struct gate_result *res)
{
	eval_diff(g, d, w, res);
}

static void num(FILE *out, uint64_t v)
{
	char buf[32];

	numfmt_commify(v, buf);
	fputs(buf, out);
}

/* Which totals were taken from the cost lines, and what the totals: lines said. */
static void print_summed(FILE *out, const struct gate_breach *b)
{
	int s;

	for (s = 0; s < 2; s++) {
		if (!(b->summed & (1u << s)))
			continue;
		fprintf(out, "; %s sum of cost lines, not the ",
			b->g->change == GATE_LEVEL ? "the" : s == DIFF_OLD ? "the old profile's" : "the new profile's");
		num(out, b->claimed[s]);
		fputs(" of its totals: line", out);
	}
}

char *gate_fn_label(const struct gate_breach *b)
{
	size_t fl = strlen(b->file), nl = b->namelen ? b->namelen : strlen(b->name);
	size_t ol = b->obj ? strlen(b->obj) + 3 : 0;
	char *s = xmalloc(fl + nl + ol + 2);

	memcpy(s, b->file, fl);
	s[fl] = ':';
	memcpy(s + fl + 1, b->name, nl);
	if (b->obj) {
		memcpy(s + fl + 1 + nl, " [", 2);
		memcpy(s + fl + 3 + nl, b->obj, ol - 3);
		s[fl + nl + ol] = ']';
	}
	s[fl + nl + ol + 1] = '\0';
	return s;
}

static void print_value(FILE *out, const struct gate_breach *b)
{
	const struct gate *g = b->g;
	const char *evname = g->event;

	if (b->name) {
		char *label = gate_fn_label(b);
		fprintf(out, "%s ", label);
		free(label);
		if (b->nnames > 1)
			fprintf(out, "(its %zu Callgrind names summed) ", b->nnames);
		if (b->npieces > 1)
			fprintf(out, "(with %zu piece%s inlined from other files) ", b->npieces - 1,
				b->npieces > 2 ? "s" : "");
		fprintf(out, "has %s %s ", g->kind == GATE_SELF ? "self" : "inclusive", evname);
	}
	else
		fprintf(out, "program total of %s %s", evname, g->change == GATE_LEVEL ? "is " : "");
	if (g->change == GATE_LEVEL) {
		num(out, b->value);
		if (b->total) {
			fprintf(out, " (%.2f%% of ", (double)b->value * 100.0 / (double)b->total);
			num(out, b->total);
			putc(')', out);
		} else {
			fputs(" (of a total of 0)", out);
		}
		return;
	}
	num(out, b->old);
	fputs(" -> ", out);
	num(out, b->value);
	fputs(" (", out);
	putc(b->value > b->old ? '+' : '-', out);
	num(out, b->value > b->old ? b->value - b->old : b->old - b->value);
	if (b->new_fn)
		fputs(", new function)", out);
	else if (!b->old)
		fputs(", from 0)", out);
	else
		fprintf(out, ", %+.2f%%%s)",
			((double)b->value - (double)b->old) * 100.0 / (double)b->old,
			b->gone_fn ? ", gone function" : "");
}

void gate_print(FILE *out, const struct gate_breach *b)
{
	const struct gate *g = b->g;

	fprintf(out, "limit '%s' ", g->spec);
	if (b->why == GATE_NONE) {
		if (g->change == GATE_LEVEL) {
			fprintf(out, "picks no function of the %sprofile", b->in_diff ? "new " : "");
		} else if (!b->name) {
			fputs("picks no function of either profile", out);
		} else {
			char *label = gate_fn_label(b);
			fprintf(out, "picks no function of the new profile (in the old one: %s", label);
			free(label);
			if (b->ngone > 1)
				fprintf(out, " and %zu more", b->ngone - 1);
			putc(')', out);
		}
		if (b->closest)
			fprintf(out, "; closest: %s", b->closest);
		return;
	}
	fputs("exceeded: ", out);
	print_value(out, b);
	print_summed(out, b);
}

void gate_report(FILE *out, const struct gate_breach *b)
{
	char *msg = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&msg, &len);

	if (!m)
		xalloc_die();
	gate_print(m, b);
	fclose(m);
	escape_line(out, "annogrind: %s", msg);
	free(msg);
}

size_t gate_check(const struct gate *g, const struct profile *p, FILE *out)
{
	struct gate_result res = { 0 };
	size_t i, n;

	gate_eval(g, p, &res);
	for (i = 0; i < res.n; i++)
		gate_report(out, &res.v[i]);
	n = res.n;
	gate_result_release(&res);
	return n;
}
