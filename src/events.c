/* events: the event list of a profile, long names, and inherited (derived) events. */
#include "events.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

static int is_space(char c)
{
	return c == ' ' || c == '\t';
}

static char *dupn(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

static void trim(const char **s, size_t *len)
{
	while (*len && is_space(**s)) {
		(*s)++;
		(*len)--;
	}
	while (*len && is_space((*s)[*len - 1]))
		(*len)--;
}

void events_init(struct events *e)
{
	memset(e, 0, sizeof(*e));
}

void events_release(struct events *e)
{
	size_t i;
	for (i = 0; i < e->n || (!e->frozen && i < e->nraw); i++) {
		free(e->ev[i].name);
		free(e->ev[i].longname);
		free(e->ev[i].formula);
		free(e->ev[i].terms);
	}
	free(e->ev);
	for (i = 0; i < e->nspec; i++) {
		free(e->spec[i].name);
		free(e->spec[i].formula);
		free(e->spec[i].longname);
	}
	free(e->spec);
	memset(e, 0, sizeof(*e));
}

long events_find(const struct events *e, const char *name, size_t len)
{
	size_t i, n = e->frozen ? e->n : e->nraw;
	for (i = 0; i < n; i++)
		if (strlen(e->ev[i].name) == len && !memcmp(e->ev[i].name, name, len))
			return (long)i;
	return -1;
}

int events_set_raw(struct events *e, const char *text, size_t len,
		   char *err, size_t errlen)
{
	size_t i = 0, cap = 8;

	e->ev = xcalloc(cap, sizeof(*e->ev));
	e->nraw = 0;
	while (i < len) {
		size_t start;
		while (i < len && is_space(text[i]))
			i++;
		if (i == len)
			break;
		start = i;
		while (i < len && !is_space(text[i]))
			i++;
		if (events_find(e, text + start, i - start) >= 0) {
			snprintf(err, errlen, "event '%.*s' is listed twice",
				 (int)(i - start > 60 ? 60 : i - start), text + start);
			return -1;
		}
		if (e->nraw == cap) {
			cap *= 2;
			e->ev = xrealloc(e->ev, cap * sizeof(*e->ev));
		}
		memset(&e->ev[e->nraw], 0, sizeof(e->ev[0]));
		e->ev[e->nraw].name = dupn(text + start, i - start);
		e->ev[e->nraw].min_raw = e->nraw;
		e->nraw++;
	}
	if (e->nraw == 0) {
		snprintf(err, errlen, "'events:' names no event");
		return -1;
	}
	return 0;
}

int events_same_raw(const struct events *e, const char *text, size_t len)
{
	size_t i = 0, k = 0;
	while (i < len) {
		size_t start;
		while (i < len && is_space(text[i]))
			i++;
		if (i == len)
			break;
		start = i;
		while (i < len && !is_space(text[i]))
			i++;
		if (k >= e->nraw || strlen(e->ev[k].name) != i - start ||
		    memcmp(e->ev[k].name, text + start, i - start))
			return 0;
		k++;
	}
	return k == e->nraw;
}

int events_add_spec(struct events *e, const char *text, size_t len,
		    uint64_t line, char *err, size_t errlen)
{
	size_t i = 0, start;
	struct ev_spec s;
	const char *f = NULL, *l = NULL;
	size_t flen = 0, llen = 0;

	memset(&s, 0, sizeof(s));
	while (i < len && is_space(text[i]))
		i++;
	start = i;
	while (i < len && !is_space(text[i]) && text[i] != '=' && text[i] != ':')
		i++;
	if (i == start) {
		snprintf(err, errlen, "'event:' line names no event");
		return -1;
	}
	s.name = dupn(text + start, i - start);
	while (i < len && is_space(text[i]))
		i++;
	if (i < len && text[i] == '=') {
		f = text + ++i;
		while (i < len && text[i] != ':')
			i++;
		flen = (size_t)(text + i - f);
		trim(&f, &flen);
		if (!flen) {
			snprintf(err, errlen, "event '%s' has an empty formula", s.name);
			free(s.name);
			return -1;
		}
	}
	if (i < len && text[i] == ':') {
		l = text + i + 1;
		llen = len - i - 1;
		trim(&l, &llen);
	} else if (i < len) {
		snprintf(err, errlen, "unexpected text after event name '%s'", s.name);
		free(s.name);
		return -1;
	}
	if (f)
		s.formula = dupn(f, flen);
	if (l && llen)
		s.longname = dupn(l, llen);
	s.line = line;
	e->spec = xrealloc(e->spec, (e->nspec + 1) * sizeof(*e->spec));
	e->spec[e->nspec++] = s;
	return 0;
}

/* Expand the formula of spec k into raw terms; depth guards self-reference. */
static int expand(struct events *e, size_t k, int depth, struct ev_term **terms,
		  size_t *nterms, char *err, size_t errlen)
{
	const char *p = e->spec[k].formula, *end = p + strlen(p);

	if (depth > (int)e->nspec) {
		snprintf(err, errlen, "formula of event '%s' refers to itself",
			 e->spec[k].name);
		return -1;
	}
	while (p < end) {
		uint64_t coef = 1;
		const char *name;
		size_t nlen, j;
		long idx;

		while (p < end && is_space(*p))
			p++;
		if (p < end && *p >= '0' && *p <= '9') {
			coef = 0;
			while (p < end && *p >= '0' && *p <= '9') {
				if (coef > (UINT64_MAX - 9) / 10) {
					snprintf(err, errlen, "coefficient too large in formula of event '%s'",
						 e->spec[k].name);
					return -1;
				}
				coef = coef * 10 + (uint64_t)(*p++ - '0');
			}
			while (p < end && is_space(*p))
				p++;
			if (p < end && *p == '*')
				p++;
			while (p < end && is_space(*p))
				p++;
		}
		name = p;
		while (p < end && !is_space(*p) && *p != '+')
			p++;
		nlen = (size_t)(p - name);
		if (!nlen) {
			snprintf(err, errlen, "malformed formula '%s' of event '%s'",
				 e->spec[k].formula, e->spec[k].name);
			return -1;
		}
		idx = -1;
		for (j = 0; j < e->nraw; j++)
			if (strlen(e->ev[j].name) == nlen && !memcmp(e->ev[j].name, name, nlen))
				idx = (long)j;
		if (idx >= 0) {
			*terms = xrealloc(*terms, (*nterms + 1) * sizeof(**terms));
			(*terms)[*nterms].coef = coef;
			(*terms)[(*nterms)++].raw = (size_t)idx;
		} else {
			size_t before = *nterms, t;
			for (j = 0; j < e->nspec; j++)
				if (e->spec[j].formula && strlen(e->spec[j].name) == nlen &&
				    !memcmp(e->spec[j].name, name, nlen))
					break;
			if (j == e->nspec) {
				snprintf(err, errlen, "formula of event '%s' names unknown event '%.*s'",
					 e->spec[k].name, (int)(nlen > 60 ? 60 : nlen), name);
				return -1;
			}
			if (j == k) {
				snprintf(err, errlen, "formula of event '%s' refers to itself",
					 e->spec[k].name);
				return -1;
			}
			if (expand(e, j, depth + 1, terms, nterms, err, errlen))
				return -1;
			for (t = before; t < *nterms; t++) {
				if (coef && (*terms)[t].coef > UINT64_MAX / coef) {
					snprintf(err, errlen, "coefficient too large in formula of event '%s'",
						 e->spec[k].name);
					return -1;
				}
				(*terms)[t].coef *= coef;
			}
		}
		while (p < end && is_space(*p))
			p++;
		if (p < end) {
			if (*p != '+') {
				snprintf(err, errlen, "malformed formula '%s' of event '%s'",
					 e->spec[k].formula, e->spec[k].name);
				return -1;
			}
			p++;
			while (p < end && is_space(*p))
				p++;
			if (p == end) {
				snprintf(err, errlen, "malformed formula '%s' of event '%s'",
					 e->spec[k].formula, e->spec[k].name);
				return -1;
			}
		}
	}
	return 0;
}

int events_freeze(struct events *e, uint64_t *errline, char *err, size_t errlen)
{
	size_t k, nder = 0;

	if (e->frozen)
		return 0;
	for (k = 0; k < e->nspec; k++) {
		struct ev_spec *s = &e->spec[k];
		long idx = -1;
		size_t j;
		for (j = 0; j < e->nraw; j++)
			if (!strcmp(e->ev[j].name, s->name))
				idx = (long)j;
		if (idx >= 0) {
			if (s->formula) {
				*errline = s->line;
				snprintf(err, errlen, "event '%s' is recorded and cannot have a formula",
					 s->name);
				return -1;
			}
			if (s->longname) {
				free(e->ev[idx].longname);
				e->ev[idx].longname = xstrdup(s->longname);
			}
			continue;
		}
		if (!s->formula)
			continue;	/* a long name for an event this file does not record */
		for (j = 0; j < k; j++)
			if (e->spec[j].formula && !strcmp(e->spec[j].name, s->name)) {
				*errline = s->line;
				snprintf(err, errlen, "event '%s' is defined twice", s->name);
				return -1;
			}
		nder++;
	}
	e->ev = xrealloc(e->ev, (e->nraw + nder + 1) * sizeof(*e->ev));
	e->n = e->nraw;
	for (k = 0; k < e->nspec; k++) {
		struct ev_spec *s = &e->spec[k];
		struct event *ev;
		size_t t;
		if (!s->formula || events_find(e, s->name, strlen(s->name)) >= 0)
			continue;
		ev = &e->ev[e->n];
		memset(ev, 0, sizeof(*ev));
		if (expand(e, k, 0, &ev->terms, &ev->nterms, err, errlen)) {
			free(ev->terms);
			ev->terms = NULL;
			*errline = s->line;
			e->frozen = 1;
			return -1;
		}
		ev->name = xstrdup(s->name);
		ev->formula = xstrdup(s->formula);
		ev->longname = s->longname ? xstrdup(s->longname) : NULL;
		ev->min_raw = SIZE_MAX;
		for (t = 0; t < ev->nterms; t++)
			if (ev->terms[t].raw < ev->min_raw)
				ev->min_raw = ev->terms[t].raw;
		e->n++;
	}
	e->frozen = 1;
	return 0;
}

int events_derive(const struct events *e, uint64_t *v)
{
	size_t i, t;
	for (i = e->nraw; i < e->n; i++) {
		uint64_t sum = 0, prod;
		const struct event *ev = &e->ev[i];
		for (t = 0; t < ev->nterms; t++) {
			if (__builtin_mul_overflow(ev->terms[t].coef, v[ev->terms[t].raw], &prod) ||
			    __builtin_add_overflow(sum, prod, &sum))
				return -1;
		}
		v[i] = sum;
	}
	return 0;
}
