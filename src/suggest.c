/* suggest: the names of the profile closest to a pattern that picks none, for the messages that say so. */
#include "suggest.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diag.h"
#include "pattern.h"
#include "sort.h"

/* The longest name compared letter by letter (longer ones: by what they hold). */
#define EDIT_MAX 256

struct cand {
	char *text;		/* the pattern that picks it */
	unsigned score;		/* 0: best */
	uint64_t cost;
};

struct cands {
	struct cand *v;
	size_t n, cap;
};

static void cand_add(struct cands *c, char *text, unsigned score, uint64_t cost)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 64;
		c->v = xrealloc(c->v, c->cap * sizeof(*c->v));
	}
	c->v[c->n].text = text;
	c->v[c->n].score = score;
	c->v[c->n++].cost = cost;
}

static int cand_cmp(const void *x, const void *y)
{
	const struct cand *a = x, *b = y;

	if (a->score != b->score)
		return a->score < b->score ? -1 : 1;
	if (a->cost != b->cost)
		return a->cost > b->cost ? -1 : 1;
	return strcmp(a->text, b->text);
}

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/*
 * The words of a pattern, lower case: without " [OBJECT]" after it, its
 * FILE part (up to a ':' that is not half of a "::"), glob characters and
 * bracket expressions.  A malloc'ed string.
 */
static char *pattern_words(const char *pattern, int object, int *file)
{
	size_t len = strlen(pattern), i, n = 0;
	const char *s = pattern, *c;
	char *w;

	if (!object && len > 3 && pattern[len - 1] == ']')
		for (i = len - 2; i > 0; i--)
			if (pattern[i] == '[' && pattern[i - 1] == ' ') {
				len = i - 1;
				break;
			}
	for (c = s; !object && c < pattern + len; c++) {
		if (*c != ':')
			continue;
		if (c[1] == ':') {
			c++;
			continue;
		}
		s = c + 1;
		break;
	}
	*file = s != pattern;
	w = xmalloc(len + 1);
	for (; s < pattern + len; s++) {
		if (*s == '*' || *s == '?')
			continue;
		if (*s == '\\' && s + 1 < pattern + len) {
			w[n++] = lower(*++s);
			continue;
		}
		if (*s == '[' && memchr(s, ']', (size_t)(pattern + len - s))) {
			s = memchr(s, ']', (size_t)(pattern + len - s));
			continue;
		}
		w[n++] = lower(*s);
	}
	w[n] = '\0';
	return w;
}

/* Levenshtein's distance of a and b (lower case), or more than max when it is. */
static size_t edit(const char *a, size_t la, const char *b, size_t lb, size_t max)
{
	size_t row[EDIT_MAX + 1], i, k;

	if ((la > lb ? la - lb : lb - la) > max || lb > EDIT_MAX)
		return max + 1;
	for (k = 0; k <= lb; k++)
		row[k] = k;
	for (i = 1; i <= la; i++) {
		size_t diag = row[0], least;
		row[0] = i;
		least = i;
		for (k = 1; k <= lb; k++) {
			size_t up = row[k], v = diag + (a[i - 1] != b[k - 1]);
			if (up + 1 < v)
				v = up + 1;
			if (row[k - 1] + 1 < v)
				v = row[k - 1] + 1;
			diag = up;
			row[k] = v;
			if (v < least)
				least = v;
		}
		if (least > max)
			return max + 1;
	}
	return row[lb];
}

/*
 * How close name (len bytes, its case kept) is to the words w (m bytes):
 * how many letters are off, one holding the other (as many as their
 * lengths differ) or a few letters off (the edit distance, at most a
 * third of the words); 0 equal but for case; -1 not close.
 */
static int closeness(const char *name, size_t len, const char *w, size_t m)
{
	char buf[EDIT_MAX + 1];
	size_t i, n = len < EDIT_MAX ? len : EDIT_MAX, max = m / 3, d;

	if (!m)
		return -1;
	for (i = 0; i < n; i++)
		buf[i] = lower(name[i]);
	buf[n] = '\0';
	if (n == m && !memcmp(buf, w, m))
		return 0;
	/* (a letter or two are off from many names: only equal ones are close) */
	d = max ? edit(w, m, buf, n, max) : 1;
	/* a short name inside the words says little ("f" in "buffer") */
	if ((m >= 3 && strstr(buf, w)) || (n >= 3 && n < m && strstr(w, buf))) {
		size_t off = n > m ? n - m : m - n;
		return (int)(d <= max && d < off ? d : off < 100000 ? off : 100000);
	}
	return max && d <= max ? (int)d : -1;
}

/* The file name of a path, its folder left out. */
static const char *file_base(const char *path)
{
	const char *s, *b = path;

	for (s = path; *s; s++)
		if (*s == '/')
			b = s + 1;
	return b;
}

/*
 * The pattern that picks f (its name cut to len bytes), with its file's
 * name before it when file is set, and its object after an address.
 */
static char *fn_pattern(const struct fn *f, size_t len, int file)
{
	char *name = fn_short_name(f->k.name, len, f->obj), *s;
	const char *fb = file_base(f->k.file->name);
	size_t nl, fl;

	if (!file)
		return name;
	nl = strlen(name);
	fl = strlen(fb);
	s = xmalloc(fl + nl + 2);
	memcpy(s, fb, fl);
	s[fl] = ':';
	memcpy(s + fl + 1, name, nl + 1);
	free(name);
	return s;
}

/* A stripped program's main: what the C library's start calls in another object. */
static void main_of(const struct profile *p, struct cands *c)
{
	size_t i;

	for (i = 0; i < p->nfns; i++) {
		const struct fn *f = p->fns[i];
		const struct call *k;
		if (strcmp(f->k.name, "(below main)") && strcmp(f->k.name, "__libc_start_call_main"))
			continue;
		for (k = fn_out(p, f); k; k = k->next_out) {
			const struct fn *g = k->k.callee;
			if (g->obj != f->obj && strcmp(g->obj, f->obj) && !fn_in(p, g)->next_in)
				cand_add(c, fn_pattern(g, strlen(g->k.name), 0), 0, k->cc->v[0]);
		}
	}
}

static void names_of(const struct profile *p, const char *w, int file, struct cands *c)
{
	int contexts = profile_callgrind_names(p);
	size_t i, m = strlen(w);

	for (i = 0; i < p->nfns; i++) {
		const struct fn *f = p->fns[i];
		size_t ctx, base;
		int k;
		if (contexts) {
			pattern_name_cuts(f->k.name, &ctx, &base);
		} else {
			ctx = strlen(f->k.name);
		}
		k = closeness(f->k.name, ctx, w, m);
		if (k >= 0)
			cand_add(c, fn_pattern(f, ctx, file), (unsigned)k + 1, fn_incl(p, f)->v[0]);
	}
	if (!strcmp(w, "main"))
		main_of(p, c);
}

static void objects_of(const struct profile *p, const char *w, struct cands *c)
{
	size_t i, m = strlen(w);

	for (i = 0; i < p->nfns; i++) {
		const char *o = p->fns[i]->obj, *b = file_base(o);
		int k;
		/* by its file name, or its whole path */
		if ((k = closeness(b, strlen(b), w, m)) < 0)
			k = closeness(o, strlen(o), w, m);
		if (k >= 0 && *o)
			cand_add(c, xstrdup(o), (unsigned)k, p->fns[i]->self->v[0]);
	}
}

char *suggest_names(const struct profile *const *p, size_t np, const char *pattern, int object)
{
	struct cands c = { NULL, 0, 0 };
	int file;
	char *w = pattern_words(pattern, object, &file), *out = NULL;
	size_t i, k, len = 0, shown = 0, at[SUGGEST_MAX];

	for (i = 0; i < np; i++) {
		if (object)
			objects_of(p[i], w, &c);
		else
			names_of(p[i], w, file, &c);
	}
	free(w);
	sort_array(c.v, c.n, sizeof(*c.v), cand_cmp);
	for (i = 0; i < c.n && shown < SUGGEST_MAX; i++) {
		char *q;
		size_t ql;
		for (k = 0; k < shown && strcmp(c.v[at[k]].text, c.v[i].text); k++)
			;
		if (k < shown)
			continue;	/* one text of several names: said once */
		at[shown] = i;
		q = diag_quote_all(c.v[i].text);
		ql = strlen(q);
		out = xrealloc(out, len + ql + 3);
		if (shown++) {
			memcpy(out + len, ", ", 2);
			len += 2;
		}
		memcpy(out + len, q, ql + 1);
		len += ql;
		free(q);
	}
	for (i = 0; i < c.n; i++)
		free(c.v[i].text);
	free(c.v);
	return out;
}
