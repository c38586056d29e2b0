/* diff: two profiles compared function by function, with names normalised so two builds line up. */
#include "diff.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "load.h"
#include "ptrmap.h"
#include "sort.h"

static struct cc *cc_new(struct diff *d)
{
	return arena_alloc(&d->arena, sizeof(struct cc) + d->nev * sizeof(uint64_t));
}

/* dst += src, with src in the event order of side s (OLD's is mapped by name). */
static void cc_add_side(const struct diff *d, int s, struct cc *dst, const struct cc *src)
{
	size_t i;

	if (!src)
		return;
	for (i = 0; i < d->nev; i++) {
		size_t j = s == DIFF_OLD ? d->old_ev[i] : i;
		if (j != DIFF_NO_EVENT)
			dst->v[i] += src->v[j];
	}
	if (src->ndef > dst->ndef)
		dst->ndef = src->ndef;
}

/*
 * Do NEW's derived event e and OLD's o weigh the raw events alike (e's
 * raw events taken to OLD's through old_ev)?  sum is zero on entry and
 * on return.
 */
static int same_formula(const struct diff *d, const struct event *e, const struct event *o,
			uint64_t *sum)
{
	size_t t;
	int same = 1;

	for (t = 0; t < o->nterms; t++)
		sum[o->terms[t].raw] += o->terms[t].coef;
	for (t = 0; t < e->nterms; t++) {
		uint64_t *v = &sum[d->old_ev[e->terms[t].raw]];
		if (*v < e->terms[t].coef)
			same = 0;
		*v -= *v < e->terms[t].coef ? *v : e->terms[t].coef;
	}
	for (t = 0; t < o->nterms; t++) {
		if (sum[o->terms[t].raw])
			same = 0;
		sum[o->terms[t].raw] = 0;
	}
	return same;
}

/* "NAME1 NAME2 ..." of the raw events, for a message. */
static void event_list(const struct events *e, char *buf, size_t len)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < e->nraw && n + 1 < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? " " : "", e->ev[i].name);
}

static void map_events(struct diff *d)
{
	const struct events *eo = &d->p[DIFF_OLD]->ev, *en = &d->p[DIFF_NEW]->ev;
	size_t i, common = 0;
	uint64_t *sum;

	d->nev = en->n;
	d->old_ev = xcalloc(en->n + 1, sizeof(*d->old_ev));
	for (i = 0; i < en->n; i++) {
		long k = events_find(eo, en->ev[i].name, strlen(en->ev[i].name));
		if (k < 0 || (i < en->nraw) != ((size_t)k < eo->nraw)) {
			d->old_ev[i] = DIFF_NO_EVENT;
		} else {
			d->old_ev[i] = (size_t)k;
			common += i < en->nraw;
		}
	}
	/*
	 * A formula over an event OLD lacks is not the same event there, nor
	 * is one OLD writes another way: the same coefficient of each raw
	 * event, summed over the terms (Ir + Ir is 2 Ir), or the values of one
	 * name mean two things.  sum: by OLD's raw event, cleared after use.
	 */
	sum = xcalloc(eo->nraw + 1, sizeof(*sum));
	for (i = en->nraw; i < en->n; i++) {
		const struct event *e = &en->ev[i];
		size_t t;
		for (t = 0; t < e->nterms; t++)
			if (d->old_ev[e->terms[t].raw] == DIFF_NO_EVENT)
				d->old_ev[i] = DIFF_NO_EVENT;
		if (d->old_ev[i] != DIFF_NO_EVENT && !same_formula(d, e, &eo->ev[d->old_ev[i]], sum))
			d->old_ev[i] = DIFF_NO_EVENT;
	}
	free(sum);
	d->partial = common != en->nraw || common != eo->nraw;
}

/* "A,B,...": the events of NEW below upto that OLD has too; returns the length. */
static size_t common_events(const struct diff *d, size_t upto, char *buf, size_t len)
{
	const struct events *en = &d->p[DIFF_NEW]->ev;
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < upto && n + 1 < len; i++)
		if (d->old_ev[i] != DIFF_NO_EVENT)
			n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? "," : "", en->ev[i].name);
	return n;
}

/*
 * The raw events match, but NEW defines events by formulas that OLD does
 * not define: 1 with them named in err, else 0.  Such an event is NEW's
 * only and cannot be compared, while nothing in the raw lists differs.
 */
static int formulas_differ(const struct diff *d, int hint, char *err, size_t errlen)
{
	const struct events *en = &d->p[DIFF_NEW]->ev;
	char a[120], f[160], c[120];
	size_t i, nf = 0;

	const struct events *eo = &d->p[DIFF_OLD]->ev;
	char g[200];
	size_t ng = 0;
	int n;

	f[0] = g[0] = '\0';
	for (i = en->nraw; i < en->n; i++) {
		long k;
		if (d->old_ev[i] != DIFF_NO_EVENT)
			continue;
		k = events_find(eo, en->ev[i].name, strlen(en->ev[i].name));
		if (k >= 0 && (size_t)k >= eo->nraw) {
			/* both define it, not alike */
			if (ng + 1 < sizeof(g) && (n = snprintf(g + ng, sizeof(g) - ng, "%s'%s = %s' (old: '%s')",
								ng ? ", " : "", en->ev[i].name, en->ev[i].formula,
								eo->ev[k].formula)) > 0)
				ng += (size_t)n < sizeof(g) - ng ? (size_t)n : sizeof(g) - ng - 1;
		} else if (nf + 1 < sizeof(f) && (n = snprintf(f + nf, sizeof(f) - nf, "%s'%s = %s'",
							      nf ? ", " : "", en->ev[i].name,
							      en->ev[i].formula)) > 0) {
			nf += (size_t)n < sizeof(f) - nf ? (size_t)n : sizeof(f) - nf - 1;
		}
	}
	if (!nf && !ng)
		return 0;
	event_list(en, a, sizeof(a));
	n = snprintf(err, errlen, "they record the same events ('%s') but %s%s%s%s", a,
		     nf ? "only the new profile defines " : "", f, nf && ng ? ", and " : "",
		     ng ? "the new profile defines otherwise " : "");
	if (ng && n >= 0 && (size_t)n < errlen)
		snprintf(err + n, errlen - (size_t)n, "%s", g);
	/* the events both have: every raw one, and the formulas both define alike */
	if (common_events(d, en->n, c, sizeof(c)) && hint) {
		size_t used = strlen(err);
		if (used < errlen)
			snprintf(err + used, errlen - used, "; --show and --sort can pick events both have (%s)", c);
	}
	return 1;
}

int diff_events_differ(const struct diff *d, int hint, char *err, size_t errlen)
{
	const struct events *eo = &d->p[DIFF_OLD]->ev, *en = &d->p[DIFF_NEW]->ev;
	char a[120], b[120], c[120];

	if (!d->partial)
		return formulas_differ(d, hint, err, errlen);
	event_list(eo, a, sizeof(a));
	event_list(en, b, sizeof(b));
	if (common_events(d, en->nraw, c, sizeof(c)) && hint)
		snprintf(err, errlen, "they record different events ('%s' and '%s');"
			 " --show and --sort can pick events both have (%s)", a, b, c);
	else
		snprintf(err, errlen, "they record different events ('%s' and '%s')", a, b);
	return 1;
}

/* Room in v (n elements of size bytes) for one more: doubled when n is a power of 2. */
static void *room(void *v, size_t n, size_t size)
{
	if (n & (n - 1))
		return v;
	return xrealloc(v, (n ? 2 * n : 1) * size);
}

/* A file name of either side, for the pairing across folders. */
struct diff_fname {
	const char *name;	/* the key: the profile's */
	unsigned sides;		/* 1 << DIFF_OLD | 1 << DIFF_NEW */
	unsigned npartners;
	struct diff_fname *partner;
	const char *as;		/* the name the diff uses */
	UT_hash_handle hh;
};

static struct diff_fname *fname_find(const struct diff *d, const char *name)
{
	struct diff_fname *e;

	HASH_FIND(hh, d->fname_hash, name, strlen(name), e);
	return e;
}

/* Files of one base name compared pairwise at most this many pairs. */
#define PAIR_GROUP_MAX 64

static const char *base_of(const char *name)
{
	const char *slash = strrchr(name, '/');

	return slash ? slash + 1 : name;
}

/* Does a end with '/' and then b? */
static int ends_after_slash(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);

	return la > lb && a[la - lb - 1] == '/' && !memcmp(a + la - lb, b, lb);
}

static int fname_cmp(const void *x, const void *y)
{
	const struct diff_fname *a = *(const struct diff_fname *const *)x;
	const struct diff_fname *b = *(const struct diff_fname *const *)y;
	int c = strcmp(base_of(a->name), base_of(b->name));

	return c ? c : strcmp(a->name, b->name);
}

/*
 * Pair the files of one side with those of the other that are the same
 * file named from another folder (diff.h).  Only a file one side lacks is
 * paired, and only with one partner: /a/x/util.c and /a/y/util.c against
 * util.c pair neither.
 */
static void pair_files(struct diff *d)
{
	struct diff_fname *e, *t, *tmp, **v;
	size_t i, j, n;
	int s;

	for (s = 0; s < 2; s++) {
		const struct profile *p = d->p[s];
		for (i = 0; i < p->nfiles_src; i++) {
			const char *name = p->files[i]->name;
			e = fname_find(d, name);
			if (!e) {
				e = arena_alloc(&d->arena, sizeof(*e));
				memset(e, 0, sizeof(*e));
				e->name = name;
				e->as = name;
				HASH_ADD_KEYPTR(hh, d->fname_hash, e->name, strlen(name), e);
			}
			e->sides |= 1u << s;
		}
	}
	/*
	 * Partners end alike, so only files of one base name are compared, and
	 * only in a group small enough: a profile naming thousands of files
	 * x/.../util.c cannot make the pairing quadratic.
	 */
	n = HASH_COUNT(d->fname_hash);
	v = xmalloc((n + 1) * sizeof(*v));
	n = 0;
	HASH_ITER(hh, d->fname_hash, e, tmp) {
		if (e->sides != 3u)
			v[n++] = e;
	}
	sort_array(v, n, sizeof(*v), fname_cmp);
	for (i = 0; i < n; i = j) {
		size_t a, b, na = 0;
		for (j = i; j < n && !strcmp(base_of(v[j]->name), base_of(v[i]->name)); j++)
			na += v[j]->sides == 1u << DIFF_OLD;
		if (na * (j - i - na) > PAIR_GROUP_MAX)
			continue;
		for (a = i; a < j; a++) {
			for (b = i; b < j; b++) {
				e = v[a];
				t = v[b];
				/* e the longer, of one side, t the shorter of the other */
				if (e->sides == t->sides || !ends_after_slash(e->name, t->name))
					continue;
				e->npartners++;
				e->partner = t;
				t->npartners++;
				t->partner = e;
			}
		}
	}
	free(v);
	HASH_ITER(hh, d->fname_hash, e, tmp) {
		/* e is the longer name: its partner is a suffix of it */
		if (e->npartners != 1 || e->partner->npartners != 1 || e->partner->partner != e ||
		    strlen(e->partner->name) >= strlen(e->name))
			continue;
		e->as = e->partner->name;
		d->npaired++;
	}
}

/*
 * Names are looked up by text once per address, and by address after
 * that: a profile names a file once and then uses it by id, so a 100 KB
 * file name shared by thousands of functions would otherwise be hashed
 * (and copied into a key) once per function, work and memory that grow
 * with the square of the profile.  Each text stands for itself by one
 * address, the first one it was seen at (the profiles outlive the diff).
 */
struct diff_str {
	const char *s;	/* the key */
	UT_hash_handle hh;
};

struct diff_names {
	struct ptrmap files;	/* a file name's address -> its struct diff_fname, or 0 */
	struct ptrmap fns;	/* a function name's address -> its struct diff_str, or 0 */
	struct diff_str *text;	/* function names by text */
};

/* The entry of file name s (by its text), or NULL when neither side names it. */
static const struct diff_fname *fname_of(const struct diff *d, const char *s)
{
	uint64_t *v = ptrmap_get(&d->names->files, s);
	struct diff_fname *e;

	if (v)
		return (const struct diff_fname *)(uintptr_t)*v;
	e = fname_find(d, s);
	ptrmap_put(&d->names->files, s, (uint64_t)(uintptr_t)e);
	return e;
}

/* The diff's address for function name s (by its text), or NULL for a text it has not seen. */
static const char *fnname_of(const struct diff *d, const char *s)
{
	uint64_t *v = ptrmap_get(&d->names->fns, s);
	struct diff_str *e;

	if (v && *v)
		return ((const struct diff_str *)(uintptr_t)*v)->s;
	if (v)
		return NULL;
	HASH_FIND(hh, d->names->text, s, strlen(s), e);
	ptrmap_put(&d->names->fns, s, (uint64_t)(uintptr_t)e);
	return e ? e->s : NULL;
}

static const char *fnname_add(struct diff *d, const char *s)
{
	const char *c = fnname_of(d, s);
	struct diff_str *e;

	if (c)
		return c;
	e = arena_alloc(&d->arena, sizeof(*e));
	e->s = s;
	HASH_ADD_KEYPTR(hh, d->names->text, e->s, strlen(s), e);
	ptrmap_put(&d->names->fns, s, (uint64_t)(uintptr_t)e);
	return s;
}

/* The name the diff gives the file a profile names: one address per text. */
static const char *file_as(const struct diff *d, const char *name)
{
	const struct diff_fname *e = fname_of(d, name);

	return e ? e->as : name;
}

/*
 * The object in the key of a function named name in obj (fn_key_obj()):
 * its file name, the folder left out, so that two builds of a program
 * made in two folders pair their functions at one address.
 */
static const char *obj_key(const char *name, const char *obj)
{
	const char *k = fn_obj_base(name, obj);

	return k ? k : fn_key_obj(name, obj);
}

/* file is file_as()'s, name and kobj fnname_add()'s: the key is their addresses. */
static struct diff_fn *diff_fn_get(struct diff *d, const char *file, const char *name,
				   const char *kobj)
{
	struct diff_fn k, *f;

	memset(&k, 0, sizeof(k));
	k.file = file;
	k.name = name;
	k.kobj = kobj;
	HASH_FIND(hh, d->fn_hash, &k.file, 3 * sizeof(const char *), f);
	if (f)
		return f;
	f = arena_alloc(&d->arena, sizeof(*f));
	memset(f, 0, sizeof(*f));
	f->file = file;
	f->name = name;
	f->kobj = kobj;
	f->self[0] = cc_new(d);
	f->self[1] = cc_new(d);
	f->incl[0] = cc_new(d);
	f->incl[1] = cc_new(d);
	f->id = (uint32_t)d->nfns;
	HASH_ADD(hh, d->fn_hash, file, 3 * sizeof(const char *), f);
	d->fns = room(d->fns, d->nfns, sizeof(*d->fns));
	d->fns[d->nfns++] = f;
	return f;
}

const char *diff_file_name(const struct diff *d, const char *file)
{
	return file_as(d, file);
}

const struct diff_fn *diff_find(const struct diff *d, const char *file, const char *name,
				const char *obj)
{
	const struct diff_fname *e = fname_of(d, file);
	const char *kobj = obj ? obj_key(name, obj) : NULL;
	struct diff_fn k, *f;

	/* file is a name as this diff gives it (diff_file_name()), not the profile's */
	memset(&k, 0, sizeof(k));
	k.file = e ? e->name : NULL;
	k.name = fnname_of(d, name);
	k.kobj = kobj ? fnname_of(d, kobj) : NULL;
	if (!k.file || !k.name || (kobj && !k.kobj))
		return NULL;
	HASH_FIND(hh, d->fn_hash, &k.file, 3 * sizeof(const char *), f);
	return f;
}

/* The bytes of "file:name", one at a time (0 at its end): no copy of a long name per row. */
struct joined {
	const unsigned char *at;
	const char *then;	/* the name, after the ':' */
};

static int joined_next(struct joined *j)
{
	if (*j->at)
		return *j->at++;
	if (!j->then)
		return 0;
	j->at = (const unsigned char *)j->then;
	j->then = NULL;
	return ':';
}

int diff_fn_name_cmp(const struct diff_fn *a, const struct diff_fn *b)
{
	struct joined x = { (const unsigned char *)a->file, a->name };
	struct joined y = { (const unsigned char *)b->file, b->name };
	int ca, cb;

	if (a->file == b->file) {	/* one address per text: the names decide */
		ca = strcmp(a->name, b->name);
	} else {
		do {
			ca = joined_next(&x);
			cb = joined_next(&y);
		} while (ca == cb && ca);
		ca -= cb;
	}
	/* one address in two objects: by object */
	if (!ca && a->kobj != b->kobj)
		ca = strcmp(a->kobj ? a->kobj : "", b->kobj ? b->kobj : "");
	return ca;
}

static struct diff_call *diff_call_get(struct diff *d, struct diff_fn *caller,
				       struct diff_fn *callee)
{
	struct diff_call *c, k;

	memset(&k, 0, sizeof(k));
	k.caller = caller;
	k.callee = callee;
	HASH_FIND(hh, d->call_hash, &k.caller, 2 * sizeof(struct diff_fn *), c);
	if (c)
		return c;
	c = arena_alloc(&d->arena, sizeof(*c));
	c->caller = caller;
	c->callee = callee;
	c->cc[0] = cc_new(d);
	c->cc[1] = cc_new(d);
	HASH_ADD(hh, d->call_hash, caller, 2 * sizeof(struct diff_fn *), c);
	d->calls = room(d->calls, d->ncalls, sizeof(*d->calls));
	d->calls[d->ncalls++] = c;
	return c;
}

static struct diff_file *diff_file_get(struct diff *d, const char *name)
{
	struct diff_file *f;
	size_t len = strlen(name);

	HASH_FIND(hh, d->file_hash, name, len, f);
	if (f)
		return f;
	f = arena_alloc(&d->arena, sizeof(*f));
	f->name = arena_strndup(&d->arena, name, len);
	f->last_site = &f->sites;
	f->id = (uint32_t)d->nfiles;
	HASH_ADD_KEYPTR(hh, d->file_hash, f->name, len, f);
	d->files = room(d->files, d->nfiles, sizeof(*d->files));
	d->files[d->nfiles++] = f;
	return f;
}

static struct diff_line *diff_line_get(struct diff *d, struct diff_file *f, uint64_t line)
{
	struct diff_line *l;

	HASH_FIND(hh, f->lines, &line, sizeof(line), l);
	if (l)
		return l;
	l = arena_alloc(&d->arena, sizeof(*l));
	l->line = line;
	l->cc[0] = cc_new(d);
	l->cc[1] = cc_new(d);
	HASH_ADD(hh, f->lines, line, sizeof(line), l);
	return l;
}

static struct diff_site *diff_site_get(struct diff *d, struct diff_file *f,
				       struct diff_fn *caller, struct diff_fn *callee,
				       uint64_t line)
{
	struct diff_site_key k;
	struct diff_site *site;

	memset(&k, 0, sizeof(k));
	k.caller = caller;
	k.callee = callee;
	k.line = line;
	HASH_FIND(hh, f->site_hash, &k, sizeof(k), site);
	if (site)
		return site;
	site = arena_alloc(&d->arena, sizeof(*site));
	site->k = k;
	site->cc[0] = cc_new(d);
	site->cc[1] = cc_new(d);
	*f->last_site = site;
	f->last_site = &site->next;
	HASH_ADD(hh, f->site_hash, k, sizeof(k), site);
	return site;
}

/* The line costs and call sites of side s, files matched by name. */
static void add_lines(struct diff *d, int s, struct diff_fn *const *map)
{
	const struct profile *p = d->p[s];
	size_t i, k;

	for (i = 0; i < p->nfiles_src; i++) {
		const struct file *f = p->files[i];
		const struct callsite *cs;
		struct diff_file *df;
		uint64_t line;
		struct cc *cc;
		if (!f->nlines && !f->nsites)
			continue;
		df = diff_file_get(d, file_as(d, f->name));
		for (k = 0; file_line_next(f, &k, &line, &cc);)
			cc_add_side(d, s, diff_line_get(d, df, line)->cc[s], cc);
		for (cs = f->sites; cs; cs = cs->next) {
			struct diff_site *ds = diff_site_get(d, df, map[cs->k.caller->id],
							     map[cs->k.callee->id], cs->k.line);
			ds->count[s] += cs->count;
			cc_add_side(d, s, ds->cc[s], cs->cc);
		}
	}
}

static void add_side(struct diff *d, int s)
{
	const struct profile *p = d->p[s];
	struct diff_fn **map = xcalloc(p->nfns + 1, sizeof(*map));
	size_t i;

	for (i = 0; i < p->nfns; i++) {
		const struct fn *f = p->fns[i];
		const char *kobj = obj_key(f->k.name, f->obj);
		/* (an object's text by the table of names' texts: one address per text) */
		struct diff_fn *g = diff_fn_get(d, file_as(d, f->k.file->name), fnname_add(d, f->k.name),
						kobj ? fnname_add(d, kobj) : NULL);
		map[i] = g;
		if (!g->fn[s])
			g->fn[s] = f;
		if (!(f->listed || fn_in(p, f)))
			continue;
		g->in[s] = 1;
		if (f->listed)
			g->listed[s] = 1;
		if (f->named)
			g->named = 1;
		if (f->named && (s == DIFF_NEW || !g->obj))
			g->obj = f->obj;
		else if (!g->obj)
			g->obj = f->obj;
		cc_add_side(d, s, g->self[s], f->self);
		cc_add_side(d, s, g->incl[s], fn_incl(p, f));
	}
	for (i = 0; i < p->ncalls; i++) {
		const struct call *c = p->calls[i];
		struct diff_call *dc = diff_call_get(d, map[c->k.caller->id], map[c->k.callee->id]);
		dc->count[s] += c->count;
		dc->recursive |= !call_exact(c);
		cc_add_side(d, s, dc->cc[s], c->cc);
	}
	add_lines(d, s, map);
	free(map);
}

int diff_build(struct diff *d, const struct profile *old, const struct profile *new_,
	       int partial_ok, char *err, size_t errlen)
{
	int s;

	memset(d, 0, sizeof(*d));
	arena_init(&d->arena);
	d->p[DIFF_OLD] = old;
	d->p[DIFF_NEW] = new_;
	d->names = xcalloc(1, sizeof(*d->names));
	if (old->signed_counts != new_->signed_counts) {
		/* a Callgrind count past 2^63-1 has no signed reading */
		snprintf(err, errlen, "a Cachegrind profile (signed counts) cannot be compared with a Callgrind profile");
		return -1;
	}
	d->sgn = new_->signed_counts;
	map_events(d);
	if (d->partial && !partial_ok)
		return diff_events_differ(d, 0, err, errlen) ? -1 : 0;
	pair_files(d);
	for (s = 0; s < 2; s++) {
		d->total[s] = cc_new(d);
		cc_add_side(d, s, d->total[s], d->p[s]->total);
		add_side(d, s);
	}
	return 0;
}

/* v times the factor of event e, rounded to the nearest count (v as signed with d->sgn). */
uint64_t diff_scaled(const struct diff *d, size_t e, uint64_t v)
{
	long double x;

	if (!d->scale || d->scale[e] == 1.0L)
		return v;
	x = (d->sgn ? (long double)(int64_t)v : (long double)v) * d->scale[e];
	if (d->sgn)
		return (uint64_t)(int64_t)llroundl(x);
	/* a factor above 1 cannot take a count past 2^64-1: at most the old total */
	return x >= 18446744073709551615.0L ? UINT64_MAX : (uint64_t)(x + 0.5L);
}

static void scale_cc(const struct diff *d, struct cc *c)
{
	size_t e;

	for (e = 0; e < d->nev; e++)
		c->v[e] = diff_scaled(d, e, c->v[e]);
}

/* Is a total a count above zero (as signed with sgn)? */
static int positive(int sgn, uint64_t v)
{
	return sgn ? (int64_t)v > 0 : v > 0;
}

void diff_scale(struct diff *d)
{
	size_t i, e;

	/* (not from the arena: a long double wants 16-byte alignment) */
	d->scale = xcalloc(d->nev + 1, sizeof(*d->scale));
	for (e = 0; e < d->nev; e++) {
		uint64_t a = d->total[DIFF_OLD]->v[e], b = d->total[DIFF_NEW]->v[e];
		d->scale[e] = 1.0L;
		if (diff_has_event(d, e) && positive(d->sgn, a) && positive(d->sgn, b))
			d->scale[e] = d->sgn ? (long double)(int64_t)a / (long double)(int64_t)b
					     : (long double)a / (long double)b;
	}
	for (i = 0; i < d->nfns; i++) {
		scale_cc(d, d->fns[i]->self[DIFF_NEW]);
		scale_cc(d, d->fns[i]->incl[DIFF_NEW]);
	}
	for (i = 0; i < d->ncalls; i++)
		scale_cc(d, d->calls[i]->cc[DIFF_NEW]);
	for (i = 0; i < d->nfiles; i++) {
		struct diff_line *l, *lt;
		struct diff_site *site;
		HASH_ITER(hh, d->files[i]->lines, l, lt)
			scale_cc(d, l->cc[DIFF_NEW]);
		for (site = d->files[i]->sites; site; site = site->next)
			scale_cc(d, site->cc[DIFF_NEW]);
	}
}

void diff_release(struct diff *d)
{
	struct diff_fn *f, *ft;
	struct diff_call *c, *ct;
	struct diff_file *df, *dft;
	size_t i;

	for (i = 0; i < d->nfiles; i++) {
		struct diff_line *l, *lt;
		struct diff_site *site, *st;
		HASH_ITER(hh, d->files[i]->lines, l, lt) {
			HASH_DEL(d->files[i]->lines, l);
		}
		HASH_ITER(hh, d->files[i]->site_hash, site, st) {
			HASH_DEL(d->files[i]->site_hash, site);
		}
	}
	HASH_ITER(hh, d->file_hash, df, dft) {
		HASH_DEL(d->file_hash, df);
	}
	{
		struct diff_fname *e, *et;
		HASH_ITER(hh, d->fname_hash, e, et) {
			HASH_DEL(d->fname_hash, e);
		}
	}
	if (d->names) {
		struct diff_str *e, *et;
		HASH_ITER(hh, d->names->text, e, et) {
			HASH_DEL(d->names->text, e);
		}
		ptrmap_free(&d->names->files);
		ptrmap_free(&d->names->fns);
		free(d->names);
	}
	free(d->files);
	HASH_ITER(hh, d->fn_hash, f, ft) {
		HASH_DEL(d->fn_hash, f);
	}
	HASH_ITER(hh, d->call_hash, c, ct) {
		HASH_DEL(d->call_hash, c);
	}
	free(d->fns);
	free(d->calls);
	free(d->old_ev);
	free(d->scale);
	arena_release(&d->arena);
	memset(d, 0, sizeof(*d));
}

/* Both sides into one cost of the diff profile: raw event i of side s is column 2i+s. */
static void both(const struct diff *d, struct cc *dst, struct cc *const src[2])
{
	const struct events *en = &d->p[DIFF_NEW]->ev;
	size_t i;
	int s;

	for (s = 0; s < 2; s++)
		for (i = 0; i < en->nraw; i++)
			dst->v[2 * i + (size_t)s] = src[s]->v[i];
	dst->ndef = (uint32_t)(2 * en->nraw);
}

int diff_profile(const struct diff *d, struct profile *out)
{
	const struct profile *pn = d->p[DIFF_NEW];
	const struct events *en = &pn->ev;
	char *text, err[256];
	size_t len = 0, i, t;
	uint64_t errline = 0;
	struct ptrmap copied = { 0 };
	struct fn **fns;
	int s;

	profile_init(out);
	out->signed_counts = d->sgn;
	for (i = 0; i < en->n; i++)
		len += 2 * (strlen(en->ev[i].name) + 8);
	text = xmalloc(len + 1);
	len = 0;
	for (i = 0; i < en->nraw; i++)
		len += (size_t)sprintf(text + len, "%s.old %s.new ", en->ev[i].name, en->ev[i].name);
	if (events_set_raw(&out->ev, text, len, err, sizeof(err)))
		goto fail;
	free(text);
	/* derived events, once per side, with their formulas in the new names */
	for (i = en->nraw; i < en->n; i++) {
		const struct event *e = &en->ev[i];
		for (s = 0; s < 2; s++) {
			size_t n = 0, room = strlen(e->name) + 8;
			/* " + " COEF " " NAME ".old" per term */
			for (t = 0; t < e->nterms; t++)
				room += strlen(en->ev[e->terms[t].raw].name) + 32;
			text = xmalloc(room);
			n += (size_t)sprintf(text + n, "%s.%s =", e->name, s ? "new" : "old");
			for (t = 0; t < e->nterms; t++)
				n += (size_t)sprintf(text + n, "%s %" PRIu64 " %s.%s", t ? " +" : "",
						     e->terms[t].coef, en->ev[e->terms[t].raw].name,
						     s ? "new" : "old");
			if (events_add_spec(&out->ev, text, n, 0, err, sizeof(err)))
				goto fail;
			free(text);
		}
	}
	text = NULL;
	if (events_freeze(&out->ev, &errline, err, sizeof(err)))
		goto fail;

	out->creator = xstrdup("annogrind --diff");
	if (pn->cmd)
		out->cmd = xstrdup(pn->cmd);
	out->has_line = 1;
	out->nparts = out->nfiles = 1;
	out->total = profile_cc_new(out);
	both(d, out->total, d->total);

	fns = xcalloc(d->nfns + 1, sizeof(*fns));
	for (i = 0; i < d->nfns; i++) {
		const struct diff_fn *g = d->fns[i];
		const char *obj = profile_intern_from(out, &copied, g->obj ? g->obj : "");
		struct file *fl = profile_file(out, profile_intern_from(out, &copied, g->file));
		struct fn *f = profile_fn(out, obj, fl, profile_intern_from(out, &copied, g->name));
		fns[i] = f;
		if (!(g->listed[0] || g->listed[1]))
			continue;
		f->listed = 1;
		f->named = g->named;
		both(d, f->self, g->self);
	}
	for (i = 0; i < d->ncalls; i++) {
		const struct diff_call *c = d->calls[i];
		struct call *oc = profile_call(out, fns[c->caller->id], fns[c->callee->id]);
		oc->count = c->count[DIFF_NEW] ? c->count[DIFF_NEW] : c->count[DIFF_OLD];
		both(d, oc->cc, c->cc);
	}
	for (i = 0; i < d->nfiles; i++) {
		const struct diff_file *df = d->files[i];
		struct file *fl = profile_file(out, profile_intern(out, df->name, strlen(df->name)));
		const struct diff_line *l;
		const struct diff_site *site;
		for (l = df->lines; l; l = l->hh.next)
			both(d, profile_line(out, fl, l->line), l->cc);
		for (site = df->sites; site; site = site->next) {
			struct callsite *cs = profile_callsite(out, fl, site->k.line,
							       fns[site->k.caller->id],
							       fns[site->k.callee->id]);
			cs->count = site->count[DIFF_NEW] ? site->count[DIFF_NEW] : site->count[DIFF_OLD];
			both(d, cs->cc, site->cc);
		}
	}
	free(fns);
	ptrmap_free(&copied);
	return load_finish(out);
fail:
	free(text);
	diag(DIAG_ERROR, NULL, 0, "cannot write the comparison: %s", err);
	return -1;
}
