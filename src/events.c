/* events: the event list of a profile, long names, and inherited (derived) events. */
#include "events.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "hash.h"

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

static int same_name(const char *name, const char *s, size_t len)
{
	return !strncmp(name, s, len) && !name[len];
}

/*
 * A table of names by keyed hash (hash.h: an "events:" line of names
 * chosen to collide cannot make it slow): slots hold 1 + the index of a
 * name in an array the caller owns (0: empty); names[i] is at
 * base + i * stride.
 */
struct ntab {
	uint32_t *slot;
	size_t cap, n;
	const char *base;
	size_t stride;
};

static const char *ntab_name(const struct ntab *t, uint32_t i)
{
	return *(const char *const *)(t->base + (size_t)i * t->stride);
}

/* The slot of name: holding it, or the empty one where it would go. */
static uint32_t *ntab_slot(const struct ntab *t, const char *s, size_t len)
{
	size_t m = t->cap - 1, i = (size_t)hash_bytes(s, len) & m;

	while (t->slot[i] && !same_name(ntab_name(t, t->slot[i] - 1), s, len))
		i = (i + 1) & m;
	return &t->slot[i];
}

static void ntab_grow(struct ntab *t)
{
	struct ntab old = *t;
	size_t i;

	t->cap = old.cap ? 2 * old.cap : 64;
	t->slot = xcalloc(t->cap, sizeof(*t->slot));
	for (i = 0; i < old.cap; i++) {
		const char *name;
		if (!old.slot[i])
			continue;
		name = ntab_name(&old, old.slot[i] - 1);
		*ntab_slot(t, name, strlen(name)) = old.slot[i];
	}
	free(old.slot);
}

/* Add name number i (its name not in the table yet). */
static void ntab_add(struct ntab *t, uint32_t i)
{
	const char *name;

	if ((t->n + 1) * 2 > t->cap)
		ntab_grow(t);
	name = ntab_name(t, i);
	*ntab_slot(t, name, strlen(name)) = i + 1;
	t->n++;
}

/* The index of name, or -1. */
static long ntab_find(const struct ntab *t, const char *s, size_t len)
{
	uint32_t v;

	if (!t->cap)
		return -1;
	v = *ntab_slot(t, s, len);
	return v ? (long)v - 1 : -1;
}

/* The events' own index, over e->ev (its array may have moved). */
static struct ntab ev_tab(const struct events *e)
{
	struct ntab t;

	t.slot = e->idx;
	t.cap = e->idxcap;
	t.n = e->frozen ? e->n : e->nraw;
	t.base = e->ev ? (const char *)&e->ev[0].name : NULL;
	t.stride = sizeof(e->ev[0]);
	return t;
}

static void ev_tab_add(struct events *e, uint32_t i)
{
	struct ntab t = ev_tab(e);

	t.n = i;
	ntab_add(&t, i);
	e->idx = t.slot;
	e->idxcap = t.cap;
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
	free(e->idx);
	memset(e, 0, sizeof(*e));
}

long events_find(const struct events *e, const char *name, size_t len)
{
	struct ntab t = ev_tab(e);

	return ntab_find(&t, name, len);
}

/* Room for one more event in e->ev. */
static void ev_room(struct events *e, size_t n)
{
	if (n < e->capev)
		return;
	e->capev = e->capev ? 2 * e->capev : 8;
	while (e->capev <= n)
		e->capev *= 2;
	e->ev = xrealloc(e->ev, e->capev * sizeof(*e->ev));
}

int events_set_raw(struct events *e, const char *text, size_t len,
		   char *err, size_t errlen)
{
	size_t i = 0;

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
		if (e->nraw == EV_MAX_EVENTS) {
			snprintf(err, errlen, "'events:' names more than %d events", EV_MAX_EVENTS);
			return -1;
		}
		ev_room(e, e->nraw);
		memset(&e->ev[e->nraw], 0, sizeof(e->ev[0]));
		e->ev[e->nraw].name = dupn(text + start, i - start);
		e->ev[e->nraw].min_raw = e->nraw;
		e->nraw++;
		ev_tab_add(e, (uint32_t)(e->nraw - 1));
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
	if (e->nspec == e->capspec) {
		e->capspec = e->capspec ? 2 * e->capspec : 8;
		e->spec = xrealloc(e->spec, e->capspec * sizeof(*e->spec));
	}
	e->spec[e->nspec++] = s;
	return 0;
}

/*
 * The formulas while they are resolved: derived event d (0, 1, ... in
 * the order of their lines) is spec[der[d]]; its written terms are
 * wterm[wstart[d] .. wstart[d + 1]).
 */
struct wterm {
	uint64_t coef;
	size_t target;		/* a raw event, or nraw + a derived event */
};

struct resolve {
	struct events *e;
	size_t nder, nw, capw;
	size_t *der, *wstart;	/* by derived event */
	size_t *dnum;		/* by spec: its derived event, or SIZE_MAX */
	struct wterm *w;
	struct ntab names;	/* derived events by name, over spec */
	char *err;
	size_t errlen;
	uint64_t *errline;
};

static int fail(struct resolve *r, size_t d, const char *fmt, const char *name)
{
	snprintf(r->err, r->errlen, fmt, name);
	*r->errline = r->e->spec[r->der[d]].line;
	return -1;
}

/* Parse the formula of derived event d into written terms, names resolved. */
static int parse_formula(struct resolve *r, size_t d)
{
	struct events *e = r->e;
	const struct ev_spec *s = &e->spec[r->der[d]];
	const char *p = s->formula, *end = p + strlen(p);

	while (p < end) {
		uint64_t coef = 1;
		const char *name;
		size_t nlen;
		long idx;

		while (p < end && is_space(*p))
			p++;
		if (p < end && *p >= '0' && *p <= '9') {
			coef = 0;
			while (p < end && *p >= '0' && *p <= '9') {
				if (coef > (UINT64_MAX - 9) / 10)
					return fail(r, d, "coefficient too large in formula of event '%s'",
						    s->name);
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
		if (!nlen)
			goto malformed;
		idx = events_find(e, name, nlen);
		if (idx < 0) {
			idx = ntab_find(&r->names, name, nlen);
			if (idx < 0) {
				snprintf(r->err, r->errlen,
					 "formula of event '%s' names unknown event '%.*s'",
					 s->name, (int)(nlen > 60 ? 60 : nlen), name);
				*r->errline = s->line;
				return -1;
			}
			if ((size_t)idx == r->der[d])
				return fail(r, d, "formula of event '%s' refers to itself", s->name);
			idx = (long)(e->nraw + r->dnum[idx]);
		}
		if (r->nw == r->capw) {
			r->capw = r->capw ? 2 * r->capw : 64;
			r->w = xrealloc(r->w, r->capw * sizeof(*r->w));
		}
		r->w[r->nw].coef = coef;
		r->w[r->nw++].target = (size_t)idx;
		while (p < end && is_space(*p))
			p++;
		if (p < end) {
			if (*p != '+')
				goto malformed;
			p++;
			while (p < end && is_space(*p))
				p++;
			if (p == end)
				goto malformed;
		}
	}
	return 0;
malformed:
	snprintf(r->err, r->errlen, "malformed formula '%s' of event '%s'", s->formula, s->name);
	*r->errline = s->line;
	return -1;
}

/*
 * Which names are derived events: every spec with a formula whose name is
 * not recorded, each defined once; the others give long names to
 * recorded events (or to events this file does not record: ignored).
 */
static int collect(struct resolve *r)
{
	struct events *e = r->e;
	size_t k;

	if (!e->nspec)
		return 0;
	r->names.base = (const char *)&e->spec[0].name;
	r->names.stride = sizeof(e->spec[0]);
	for (k = 0; k < e->nspec; k++) {
		struct ev_spec *s = &e->spec[k];
		long idx = events_find(e, s->name, strlen(s->name));
		r->dnum[k] = SIZE_MAX;
		if (idx >= 0) {
			if (s->formula) {
				*r->errline = s->line;
				snprintf(r->err, r->errlen,
					 "event '%s' is recorded and cannot have a formula", s->name);
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
		if (ntab_find(&r->names, s->name, strlen(s->name)) >= 0) {
			*r->errline = s->line;
			snprintf(r->err, r->errlen, "event '%s' is defined twice", s->name);
			return -1;
		}
		ntab_add(&r->names, (uint32_t)k);
		r->dnum[k] = r->nder;
		r->der[r->nder++] = k;
	}
	return 0;
}

/*
 * An order of the derived events in which each comes after those its
 * formula names (Kahn's algorithm, no recursion); returns how many could
 * be placed: fewer than nder when formulas name each other in a circle.
 */
static size_t topo_order(const struct resolve *r, size_t *order)
{
	size_t nder = r->nder, nraw = r->e->nraw, d, t, head = 0, tail = 0;
	size_t *indeg = xcalloc(nder + 1, sizeof(*indeg));
	size_t *rstart = xcalloc(nder + 2, sizeof(*rstart));
	size_t *rev = xmalloc((r->nw + 1) * sizeof(*rev));

	/* rev[rstart[t] ..]: the derived events whose formulas name t */
	for (d = 0; d < nder; d++)
		for (t = r->wstart[d]; t < r->wstart[d + 1]; t++)
			if (r->w[t].target >= nraw) {
				indeg[d]++;
				rstart[r->w[t].target - nraw + 2]++;
			}
	for (d = 0; d < nder; d++)
		rstart[d + 2] += rstart[d + 1];
	for (d = 0; d < nder; d++)
		for (t = r->wstart[d]; t < r->wstart[d + 1]; t++)
			if (r->w[t].target >= nraw)
				rev[rstart[r->w[t].target - nraw + 1]++] = d;
	/* now rev[rstart[t] .. rstart[t + 1]) */
	for (d = 0; d < nder; d++)
		if (!indeg[d])
			order[tail++] = d;
	while (head < tail) {
		size_t u = order[head++];
		for (t = rstart[u]; t < rstart[u + 1]; t++)
			if (!--indeg[rev[t]])
				order[tail++] = rev[t];
	}
	free(indeg);
	free(rstart);
	free(rev);
	return tail;
}

/*
 * Formulas that name each other in a circle: the first derived event
 * that could not be placed depends on such a circle; follow what it
 * names among those not placed until an event comes back, and name it.
 */
static int report_circle(struct resolve *r, const size_t *order, size_t placed)
{
	size_t nder = r->nder, nraw = r->e->nraw, d, t;
	unsigned char *state = xcalloc(nder + 1, 1);	/* 1 placed, 2 on the walk */

	for (d = 0; d < placed; d++)
		state[order[d]] = 1;
	for (d = 0; state[d]; d++)
		;
	while (state[d] != 2) {
		state[d] = 2;
		for (t = r->wstart[d]; t < r->wstart[d + 1]; t++)
			if (r->w[t].target >= nraw && state[r->w[t].target - nraw] != 1)
				break;
		d = r->w[t].target - nraw;	/* an unplaced event names one */
	}
	free(state);
	return fail(r, d, "formula of event '%s' refers to itself", r->e->spec[r->der[d]].name);
}

/*
 * Expand derived event d, whose formula names only raw events and derived
 * ones already expanded: coefficients summed per raw event in acc (pos:
 * where each raw event is in the list being built, SIZE_MAX when not).
 */
static int expand(struct resolve *r, size_t d, uint64_t *acc, size_t *pos, size_t *list,
		  size_t *total)
{
	struct events *e = r->e;
	size_t nraw = e->nraw, n = 0, t, j;
	const char *name = e->spec[r->der[d]].name;
	struct event *ev = &e->ev[nraw + d];
	int bad = 0;

	for (t = r->wstart[d]; t < r->wstart[d + 1] && !bad; t++) {
		const struct wterm *w = &r->w[t];
		const struct ev_term *sub, one = { 1, w->target };
		size_t nsub = 1;
		if (w->target >= nraw) {
			sub = e->ev[w->target].terms;
			nsub = e->ev[w->target].nterms;
		} else {
			sub = &one;
		}
		for (j = 0; j < nsub; j++) {
			uint64_t c;
			size_t raw = sub[j].raw;
			if (pos[raw] == SIZE_MAX) {
				if (n == EV_MAX_TERMS) {
					snprintf(r->err, r->errlen,
						 "formula of event '%s' adds up more than %d recorded events "
						 "(the events it names expanded)", name, EV_MAX_TERMS);
					*r->errline = e->spec[r->der[d]].line;
					bad = 1;
					break;
				}
				pos[raw] = n;
				list[n++] = raw;
				acc[raw] = 0;
			}
			if (__builtin_mul_overflow(w->coef, sub[j].coef, &c) ||
			    __builtin_add_overflow(acc[raw], c, &acc[raw])) {
				fail(r, d, "coefficient too large in formula of event '%s'", name);
				bad = 1;
				break;
			}
		}
	}
	if (!bad && *total + n > EV_MAX_ALL_TERMS) {
		snprintf(r->err, r->errlen,
			 "formulas add up more than %u recorded events in all (the events they "
			 "name expanded), at event '%s'", (unsigned)EV_MAX_ALL_TERMS, name);
		*r->errline = e->spec[r->der[d]].line;
		bad = 1;
	}
	if (!bad) {
		ev->terms = xmalloc((n + 1) * sizeof(*ev->terms));
		ev->nterms = n;
		ev->min_raw = SIZE_MAX;
		for (j = 0; j < n; j++) {
			ev->terms[j].raw = list[j];
			ev->terms[j].coef = acc[list[j]];
			if (list[j] < ev->min_raw)
				ev->min_raw = list[j];
		}
		*total += n;
	}
	for (j = 0; j < n; j++)
		pos[list[j]] = SIZE_MAX;
	return bad ? -1 : 0;
}

int events_freeze(struct events *e, uint64_t *errline, char *err, size_t errlen)
{
	struct resolve r;
	size_t nraw = e->nraw, d, k, placed, total = 0, *order = NULL, *pos = NULL, *list = NULL;
	uint64_t *acc = NULL;
	int rc = -1;

	if (e->frozen)
		return 0;
	memset(&r, 0, sizeof(r));
	r.e = e;
	r.err = err;
	r.errlen = errlen;
	r.errline = errline;
	r.der = xmalloc((e->nspec + 1) * sizeof(*r.der));
	r.dnum = xmalloc((e->nspec + 1) * sizeof(*r.dnum));
	r.wstart = xmalloc((e->nspec + 2) * sizeof(*r.wstart));
	e->n = nraw;
	if (collect(&r))
		goto out;
	if (nraw + r.nder > EV_MAX_EVENTS) {
		*errline = e->spec[r.der[EV_MAX_EVENTS - nraw]].line;
		snprintf(err, errlen, "more than %d events with those defined by formulas",
			 EV_MAX_EVENTS);
		goto out;
	}
	for (d = 0; d < r.nder; d++) {
		r.wstart[d] = r.nw;
		if (parse_formula(&r, d))
			goto out;
	}
	r.wstart[r.nder] = r.nw;

	order = xmalloc((r.nder + 1) * sizeof(*order));
	placed = topo_order(&r, order);
	if (placed < r.nder) {
		report_circle(&r, order, placed);
		goto out;
	}
	ev_room(e, nraw + r.nder);
	memset(e->ev + nraw, 0, r.nder * sizeof(*e->ev));
	acc = xmalloc((nraw + 1) * sizeof(*acc));
	pos = xmalloc((nraw + 1) * sizeof(*pos));
	list = xmalloc((EV_MAX_TERMS + 1) * sizeof(*list));
	for (k = 0; k < nraw; k++)
		pos[k] = SIZE_MAX;
	for (k = 0; k < r.nder; k++)
		if (expand(&r, order[k], acc, pos, list, &total))
			break;
	if (k < r.nder) {
		for (d = 0; d < r.nder; d++)
			free(e->ev[nraw + d].terms);
		goto out;
	}
	for (d = 0; d < r.nder; d++) {
		const struct ev_spec *s = &e->spec[r.der[d]];
		struct event *ev = &e->ev[nraw + d];
		ev->name = xstrdup(s->name);
		ev->formula = xstrdup(s->formula);
		ev->longname = s->longname ? xstrdup(s->longname) : NULL;
		e->n++;
		ev_tab_add(e, (uint32_t)(nraw + d));
	}
	rc = 0;
out:
	e->frozen = 1;
	free(r.der);
	free(r.dnum);
	free(r.wstart);
	free(r.w);
	free(r.names.slot);
	free(order);
	free(acc);
	free(pos);
	free(list);
	return rc;
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
