/* modname: sed-like renaming of function and file names (s/RE/REPL/), so profiles of two builds line up. */
#include "modname.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diag.h"
#include "fnline.h"
#include "graph.h"
#include "hash.h"
#include "icode.h"
#include "profile.h"

void modname_init(struct modname_list *l)
{
	memset(l, 0, sizeof(*l));
}

void modname_release(struct modname_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++) {
		regfree(&l->v[i].re);
		free(l->v[i].repl);
	}
	free(l->v);
	memset(l, 0, sizeof(*l));
}

/*
 * Copy one part of the rule up to the delimiter into out; a backslash before
 * the delimiter drops the backslash, other escapes stay for regcomp() or for
 * the replacement.  Returns the position after the delimiter, or NULL.
 */
static const char *part(const char *s, char delim, char *out)
{
	size_t n = 0;

	for (; *s && *s != delim; s++) {
		if (*s == '\\' && s[1] == delim) {
			out[n++] = delim;
			s++;
			continue;
		}
		if (*s == '\\' && s[1])
			out[n++] = *s++;
		out[n++] = *s;
	}
	out[n] = '\0';
	return *s == delim ? s + 1 : NULL;
}

static int parse_one(struct modname *m, const char *opt, const char *rule, char *err,
		     size_t errlen)
{
	size_t len = strlen(rule);
	char *re = xmalloc(len + 1), delim;
	const char *s = rule;
	int flags = REG_EXTENDED, rc;

	m->repl = xmalloc(len + 1);
	m->global = 0;
	if (s[0] != 's' || !s[1] || s[1] == '\\' || s[1] == '\n')
		goto bad;
	delim = s[1];
	s = part(s + 2, delim, re);
	if (!s)
		goto bad;
	s = part(s, delim, m->repl);
	if (!s)
		goto bad;
	for (; *s; s++) {
		if (*s == 'g')
			m->global = 1;
		else if (*s == 'i')
			flags |= REG_ICASE;
		else
			goto bad;
	}
	rc = regcomp(&m->re, re, flags);
	if (rc) {
		char msg[128];
		regerror(rc, &m->re, msg, sizeof(msg));
		snprintf(err, errlen, "bad regular expression in %s '%.60s': %s", opt, rule, msg);
		free(re);
		free(m->repl);
		m->repl = NULL;
		return -1;
	}
	free(re);
	return 0;
bad:
	snprintf(err, errlen, "%s takes s/REGEX/REPLACEMENT/[gi], not '%.60s'", opt, rule);
	free(re);
	free(m->repl);
	m->repl = NULL;
	return -1;
}

int modname_parse(struct modname_list *l, const char *opt, char *const *rules, size_t n,
		  char *err, size_t errlen)
{
	size_t i;

	l->v = xrealloc(l->v, (l->n + n + 1) * sizeof(*l->v));
	for (i = 0; i < n; i++) {
		if (parse_one(&l->v[l->n], opt, rules[i], err, errlen))
			return -1;
		l->n++;
	}
	return 0;
}

/* A growing string. */
struct sbuf {
	char *s;
	size_t len, cap;
};

static void sb_add(struct sbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void replace(struct sbuf *b, const struct modname *m, const char *s,
		    const regmatch_t *g)
{
	const char *r;

	for (r = m->repl; *r; r++) {
		int k = -1;
		if (*r == '&')
			k = 0;
		else if (*r == '\\' && r[1] >= '1' && r[1] <= '9')
			k = *++r - '0';
		else if (*r == '\\' && r[1])
			r++;
		if (k < 0) {
			sb_add(b, r, 1);
			continue;
		}
		if (g[k].rm_so >= 0)
			sb_add(b, s + g[k].rm_so, (size_t)(g[k].rm_eo - g[k].rm_so));
	}
}

/*
 * One rule on s, as sed does it: with 'g', every match, where an empty match
 * right after a previous match does not count (s/a*\/x/g on "baaac" gives
 * "xbxcx").  Each search starts at an offset into the whole name
 * (REG_STARTEND): searching from a pointer into it instead would make
 * regexec() measure the rest of the name again for each match, time in the
 * square of its length; and '^' or a word boundary there sees the
 * character before.
 */
static char *apply_one(const struct modname *m, const char *s)
{
	struct sbuf b = { NULL, 0, 0 };
	regmatch_t g[10];
	size_t len = strlen(s), at = 0;
	int after_match = 0;

	sb_add(&b, "", 0);
	for (;;) {
		size_t so, eo;
		g[0].rm_so = (regoff_t)at;
		g[0].rm_eo = (regoff_t)len;
		if (regexec(&m->re, s, 10, g, REG_STARTEND))
			break;
		so = (size_t)g[0].rm_so;
		eo = (size_t)g[0].rm_eo;
		if (so == eo && so == at && after_match) {
			if (at == len)
				break;
			sb_add(&b, s + at, 1);
			at++;
			after_match = 0;
			continue;
		}
		sb_add(&b, s + at, so - at);
		replace(&b, m, s, g);
		if (so == eo) {
			if (eo == len) {
				at = eo;
				break;
			}
			sb_add(&b, s + eo, 1);
			at = eo + 1;
			after_match = 0;
		} else {
			at = eo;
			after_match = 1;
		}
		if (!m->global)
			break;
	}
	sb_add(&b, s + at, len - at);
	return b.s;
}

char *modname_apply_max(const struct modname_list *l, const char *s, size_t max)
{
	char *cur = xstrdup(s);
	size_t i;

	for (i = 0; i < l->n; i++) {
		char *next;
		if (strlen(cur) > max) {
			free(cur);
			return NULL;
		}
		next = apply_one(&l->v[i], cur);
		free(cur);
		cur = next;
	}
	return cur;
}

char *modname_apply(const struct modname_list *l, const char *s)
{
	return modname_apply_max(l, s, (size_t)-1);
}

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

static int copy_events(struct events *dst, const struct events *src)
{
	char err[256], *text;
	size_t len = 0, i;
	uint64_t errline;

	for (i = 0; i < src->nraw; i++)
		len += strlen(src->ev[i].name) + 1;
	text = xmalloc(len + 1);
	len = 0;
	for (i = 0; i < src->nraw; i++)
		len += (size_t)sprintf(text + len, "%s ", src->ev[i].name);
	if (events_set_raw(dst, text, len, err, sizeof(err)))
		goto fail;
	for (i = 0; i < src->n; i++) {
		const struct event *e = &src->ev[i];
		if (!e->formula && !e->longname)
			continue;
		free(text);
		text = xmalloc(strlen(e->name) + (e->formula ? strlen(e->formula) : 0) +
			       (e->longname ? strlen(e->longname) : 0) + 8);
		len = (size_t)sprintf(text, "%s", e->name);
		if (e->formula)
			len += (size_t)sprintf(text + len, " = %s", e->formula);
		if (e->longname)
			len += (size_t)sprintf(text + len, " : %s", e->longname);
		if (events_add_spec(dst, text, len, 0, err, sizeof(err)))
			goto fail;
	}
	free(text);
	text = NULL;
	if (events_freeze(dst, &errline, err, sizeof(err)))
		goto fail;
	return 0;
fail:
	free(text);
	diag(DIAG_ERROR, NULL, 0, "cannot rename: %s", err);
	return -1;
}

/*
 * The rules of one option, and what they made of each name so far: a
 * name is renamed once however many functions, call sites or jumps name
 * it (a long file name shared by many functions was renamed for each).
 * The names of a profile are interned, so the memo is keyed by pointer.
 */
struct memo {
	const char *src, *dst;
	UT_hash_handle hh;
};

struct renamer {
	const struct modname_list *l;
	const char *opt;
	struct memo *done;
	int bad;	/* after a NULL from rename_str(): 1 a line break, -1 too long */
};

static void renamer_release(struct renamer *r)
{
	struct memo *e, *t;

	HASH_ITER(hh, r->done, e, t) {
		HASH_DEL(r->done, e);
		free(e);
	}
}

/*
 * s renamed and interned; NULL after a diagnostic when the rules made a
 * line break of it (r->bad 1): no profile can hold such a name (the
 * --format=callgrind output would break the line), and none is read with
 * one; or when a rule would apply to a name longer than
 * MODNAME_MAX_NAME (r->bad -1).
 */
static const char *rename_str(struct profile *dst, struct renamer *r, const char *s)
{
	struct memo *e;
	const char *out = NULL;
	char *n;
	size_t len;

	HASH_FIND_PTR(r->done, &s, e);
	if (e)
		return e->dst;
	n = modname_apply_max(r->l, s, MODNAME_MAX_NAME);
	if (!n) {
		diag(DIAG_ERROR, NULL, 0, "%s: a name longer than %d bytes cannot be renamed: %s",
		     r->opt, MODNAME_MAX_NAME, diag_quote(s, strlen(s)));
		r->bad = -1;
		return NULL;
	}
	len = strlen(n);
	if (memchr(n, '\n', len) || (len && n[len - 1] == '\r')) {
		diag(DIAG_ERROR, NULL, 0, "%s makes a name with a line break of %s", r->opt,
		     diag_quote(s, strlen(s)));
		r->bad = 1;
	} else {
		out = profile_intern(dst, n, len);
		e = xmalloc(sizeof(*e));
		e->src = s;
		e->dst = out;
		HASH_ADD_PTR(r->done, src, e);
	}
	free(n);
	return out;
}

/* Renaming can merge calls: their counts are summed, checked. */
static int add_count(uint64_t *to, uint64_t n, const struct fn *caller, const struct fn *callee)
{
	if (!__builtin_add_overflow(*to, n, to))
		return 0;
	diag(DIAG_ERROR, NULL, 0, "number of calls from %s to %s does not fit in 64 bits once renamed",
	     diag_quote(caller->k.name, strlen(caller->k.name)),
	     diag_quote(callee->k.name, strlen(callee->k.name)));
	return -1;
}

/*
 * Which files of the original profile a renamed file stands for: its
 * sources are theirs (the renamed name may name no file at all).
 */
static void note_original(struct profile *dst, struct file *f, const char *name)
{
	uint32_t i;

	name = profile_intern(dst, name, strlen(name));
	for (i = 0; i < f->norig; i++)
		if (f->orig[i] == name)
			return;
	if (f->norig == f->caporig) {	/* a few names: the old array stays in the arena */
		const char **v;
		f->caporig = f->caporig ? 2 * f->caporig : 2;
		v = arena_alloc(&dst->arena, f->caporig * sizeof(*v));
		if (f->norig)
			memcpy(v, f->orig, f->norig * sizeof(*v));
		f->orig = v;
	}
	f->orig[f->norig++] = name;
}

static int add(struct profile *dst, struct cc *to, const struct cc *from)
{
	if (cc_add_as(dst, to, from, dst->ev.n)) {
		diag(DIAG_ERROR, NULL, 0, "a renamed cost does not fit in 64 bits");
		return -1;
	}
	if (from->ndef > to->ndef)
		to->ndef = from->ndef;
	return 0;
}

/* Is name the name of the function base with a recursion level ("f'2" of "f")? */
static int level_of(const char *name, const char *base)
{
	size_t n = strlen(base);
	const char *d = name + n + 1;

	if (strncmp(name, base, n) || name[n] != '\'' || !*d)
		return 0;
	for (; *d; d++)
		if (*d < '0' || *d > '9')
			return 0;
	return 1;
}

/*
 * Which functions of dst are outer, and the exact inclusive cost of those
 * that merge the levels of one function (f and f'2 renamed to one f): it
 * is on the stack exactly while its outer member is, so it costs what that
 * one cost in src.  A function merged from anything else may nest.
 */
static int mark_outer(struct profile *dst, const struct profile *src, struct fn *const *map)
{
	unsigned char *outer = xcalloc(src->nfns + 1, 1);
	uint32_t *n = xcalloc(dst->nfns + 1, sizeof(*n));
	/* per dst function: 1 + the src id of its only outer member, or 0 */
	size_t *rep = xcalloc(dst->nfns + 1, sizeof(*rep)), i;
	const size_t bad = (size_t)-1;
	int rc = 0;

	graph_outer(src, outer);
	dst->levels = PROFILE_LEVELS_SET;
	for (i = 0; i < src->nfns; i++) {
		uint32_t id = map[i]->id;
		n[id]++;
		if (outer[i])
			rep[id] = rep[id] ? bad : i + 1;
	}
	for (i = 0; i < src->nfns; i++) {
		uint32_t id = map[i]->id;
		const struct fn *r;
		map[i]->outer = n[id] == 1 && outer[i];
		if (!rep[id] || rep[id] == bad || rep[id] == i + 1)
			continue;
		r = src->fns[rep[id] - 1];
		if (src->fns[i]->k.file != r->k.file || strchr(r->k.name, '\'') ||
		    !level_of(src->fns[i]->k.name, r->k.name))
			rep[id] = bad;
	}
	for (i = 0; i < dst->nfns && !rc; i++) {
		const struct fn *r;
		const struct call *c;
		if (n[i] < 2 || !rep[i] || rep[i] == bad)
			continue;
		r = src->fns[rep[i] - 1];
		for (c = fn_out(src, r); c; c = c->next_out)
			if (c->k.callee == r)
				break;
		if (c)
			continue;	/* it calls itself: not outer after all */
		if (!dst->exact_incl)
			dst->exact_incl = xcalloc(dst->nfns + 1, sizeof(*dst->exact_incl));
		dst->exact_incl[i] = profile_cc_new(dst);
		rc = graph_exact_incl(src, r, dst->exact_incl[i]);
	}
	free(outer);
	free(n);
	free(rep);
	return rc;
}

/* The machine code (--annotate=asm) of src, renamed like the rest: 0, -1 (an
   overflow) or 1 (a rule made a line break), like modname_profile(). */
static int copy_icodes(struct profile *dst, const struct profile *src, struct fn *const *map,
		       struct renamer *funcs, struct renamer *files)
{
	const struct file *last_src = NULL;
	struct file *last_dst = NULL;
	size_t i, k, s;

	dst->keep_instr = src->keep_instr;
	for (i = 0; i < src->nicodes; i++) {
		const struct icode *u = src->icodes[i];
		struct icode *d = icode_get(dst, map[u->fn->id], profile_intern(dst, u->obj, strlen(u->obj)));
		for (k = 0; k < u->npieces; k++)
			icode_piece(d, map[u->pieces[k]->id]);
		d->njumps += u->njumps;
		for (s = 0; s < u->acap; s++) {
			const struct instr *in = u->avals[s];
			const struct ijump *j;
			const struct icall *c;
			struct instr *di;
			if (!u->akeys[s])
				continue;
			di = icode_instr(dst, d, in->addr);
			if (add(dst, di->cc, in->cc))
				return -1;
			if (in->file && in->file != last_src) {
				const char *name = rename_str(dst, files, in->file->name);
				if (!name)
					return files->bad;
				last_src = in->file;
				last_dst = profile_file(dst, name);
			}
			if (in->file) {
				di->file = last_dst;
				di->line = in->line;
			}
			for (j = in->jumps; j; j = j->next) {
				const char *to = NULL;
				struct ijump *dj;
				if (j->to_fn && !(to = rename_str(dst, funcs, j->to_fn)))
					return funcs->bad;
				dj = instr_jump(dst, di, j->to, to, j->cond);
				if (__builtin_add_overflow(dj->taken, j->taken, &dj->taken) ||
				    __builtin_add_overflow(dj->executed, j->executed, &dj->executed)) {
					diag(DIAG_ERROR, NULL, 0, "a renamed jump count does not fit in 64 bits");
					return -1;
				}
			}
			for (c = in->calls; c; c = c->next) {
				struct icall *dc = instr_call(dst, di, map[c->callee->id]);
				if (__builtin_add_overflow(dc->count, c->count, &dc->count)) {
					diag(DIAG_ERROR, NULL, 0, "a renamed call count does not fit in 64 bits");
					return -1;
				}
				if (add(dst, dc->cc, c->cc))
					return -1;
			}
		}
	}
	return 0;
}

int modname_copy_header(struct profile *dst, const struct profile *src, unsigned plain)
{
	size_t i;

	profile_init(dst);
	dst->plain = plain;
	if (copy_events(&dst->ev, &src->ev))
		return -1;
	dst->signed_counts = src->signed_counts;
	dst->creator = dup_or_null(src->creator);
	dst->cmd = dup_or_null(src->cmd);
	dst->pid = dup_or_null(src->pid);
	dst->thread = dup_or_null(src->thread);
	dst->part = dup_or_null(src->part);
	dst->last_part = dup_or_null(src->last_part);
	dst->desc = xcalloc(src->ndesc + 1, sizeof(*dst->desc));
	for (i = 0; i < src->ndesc; i++)
		dst->desc[i] = xstrdup(src->desc[i]);
	dst->ndesc = src->ndesc;
	dst->has_line = src->has_line;
	dst->has_instr = src->has_instr;
	dst->nparts = src->nparts;
	dst->nfiles = src->nfiles;
	dst->total_calculated = src->total_calculated;
	/* a copy keeping src's names keeps what they say of levels (SET: the
	   copier sets fn.outer) */
	dst->levels = src->levels;
	dst->total = profile_cc_new(dst);
	/* a copy has at most src's functions and about its calls: sized once */
	profile_reserve(dst, src->nfns, src->ncalls);
	if (src->total && add(dst, dst->total, src->total))
		return -1;
	return 0;
}

int modname_profile(struct profile *dst, const struct profile *src,
		    const struct modname_list *funcs, const struct modname_list *files)
{
	struct renamer fr = { files, "--mod-filename", NULL, 0 };
	struct renamer nr = { funcs, "--mod-funcname", NULL, 0 };
	struct file **fmap;
	struct fn **map;
	size_t i, k;
	int rc = -1, bad;

	if (modname_copy_header(dst, src, 0))
		return -1;

	fmap = xcalloc(src->nfiles_src + 1, sizeof(*fmap));
	map = xcalloc(src->nfns + 1, sizeof(*map));
	for (i = 0; i < src->nfiles_src; i++) {
		const char *name = rename_str(dst, &fr, src->files[i]->name);
		if (!name) {
			rc = fr.bad;
			goto out;
		}
		fmap[i] = profile_file(dst, name);
		note_original(dst, fmap[i], src->files[i]->name);
	}
	for (i = 0; i < src->nfns; i++) {
		const struct fn *f = src->fns[i];
		const char *fname = rename_str(dst, &fr, f->k.file->name);
		const char *name = fname ? rename_str(dst, &nr, f->k.name) : NULL;
		struct file *fl;
		struct fn *g;
		if (!name) {
			rc = fname ? nr.bad : fr.bad;
			goto out;
		}
		fl = profile_file(dst, fname);
		g = profile_fn(dst, profile_intern(dst, f->obj, strlen(f->obj)), fl, name);
		map[i] = g;
		if (f->named && !g->named)
			g->obj = profile_intern(dst, f->obj, strlen(f->obj));
		else if (f->named && g->named && strcmp(g->obj, f->obj))
			g->multi_obj = 1;
		g->listed |= f->listed;
		g->named |= f->named;
		g->multi_obj |= f->multi_obj;
		profile_span_copy(dst, g, src, f);
		if (add(dst, g->self, f->self))
			goto out;
		if (i < src->nsingle && src->single[i])
			profile_single_max(dst, g, src->single[i]->v, src->single[i]->ndef);
	}
	if (mark_outer(dst, src, map))
		goto out;
	for (i = 0; i < src->ncalls; i++) {
		const struct call *c = src->calls[i];
		struct call *d = profile_call(dst, map[c->k.caller->id], map[c->k.callee->id]);
		if (add_count(&d->count, c->count, d->k.caller, d->k.callee) ||
		    add(dst, d->cc, c->cc))
			goto out;
	}
	for (i = 0; i < src->nfiles_src; i++) {
		const struct file *f = src->files[i];
		const struct callsite *s;
		uint64_t line;
		struct cc *cc;
		for (k = 0; file_line_next(f, &k, &line, &cc);)
			if (add(dst, profile_line(dst, fmap[i], line), cc))
				goto out;
		/* in order, so the copy lists the sites in the same order */
		for (s = f->sites; s; s = s->next) {
			struct callsite *d = profile_callsite(dst, fmap[i], s->k.line,
							      map[s->k.caller->id],
							      map[s->k.callee->id]);
			if (add_count(&d->count, s->count, d->k.caller, d->k.callee) ||
			    add(dst, d->cc, s->cc))
				goto out;
		}
	}
	fnline_copy(dst, src, map, fmap);
	fnline_finish(dst);
	/* the thread stacks each function starts (roots.h), summed when names merge */
	for (i = 0; i < src->nfns && src->root_cost; i++) {
		uint32_t id = map[i]->id;
		if (!src->root_cost[i])
			continue;
		if (!dst->root_cost)
			dst->root_cost = xcalloc(dst->nfns + 1, sizeof(*dst->root_cost));
		if (!dst->root_cost[id])
			dst->root_cost[id] = profile_cc_new(dst);
		if (add(dst, dst->root_cost[id], src->root_cost[i]))
			goto out;
	}
	bad = copy_icodes(dst, src, map, &nr, &fr);
	if (bad) {
		rc = bad;	/* 1: a line break, -1 (copy_icodes() returns like this) */
		goto out;
	}
	rc = 0;
out:
	renamer_release(&fr);
	renamer_release(&nr);
	free(fmap);
	free(map);
	return rc;
}
