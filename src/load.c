/* load: the single-pass loader; bytes of a Callgrind profile in, model filled, diagnostics out. */
#include "load.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"

/* Compressed ids beyond this are refused: no producer writes them and
 * the id tables are plain arrays. */
#define MAX_ID (1u << 24)
#define MAX_POS 3

struct idtab {
	const char **v;
	size_t cap;
};

enum id_space { SP_OB, SP_FL, SP_FN, SP_N };

struct part_tot {
	uint64_t *v;		/* nraw values */
	size_t n;		/* numbers given */
	int given;
};

struct loader {
	struct profile *p;
	const char *name;
	uint64_t lineno;
	const char *pwd;
	size_t pwdlen;

	int header_seen;	/* a header line of any kind */
	int events_seen;	/* events: of this file */
	int in_body;		/* a body line of the current part was read */
	int version_seen;

	struct idtab ids[SP_N];

	const char *ob;		/* current object */
	struct file *fl;	/* current file: last fl=, fi= or fe= */
	struct fn *fn;		/* current function, NULL before fn= */
	const char *cfn_ob;	/* cob= waiting for cfn= */
	struct file *cfn_fl;	/* cfi=/cfl= waiting for cfn= */
	struct fn *callee;	/* last cfn= */

	int call_pending;	/* calls= read; its cost line comes next */
	uint64_t call_count;
	uint64_t call_line;	/* line number of the calls= line */

	int npos, line_col;	/* position columns; index of "line" or -1 */
	uint64_t pos[MAX_POS];

	uint64_t *costs;	/* scratch for one cost line, n events */
	uint64_t *prev_costs;	/* previous cost line, for relative costs */
	struct part_tot summary, totals;
	uint64_t *self_sum;	/* sum of self costs of the current part */
	uint32_t part_ndef;
	int warned_relcost;
	unsigned junk_lines;	/* unrecognized lines before any header */

	struct file *lc_file;	/* the last line cost looked up, */
	uint64_t lc_line;	/* for runs of instructions of one line */
	struct cc *lc_cc;

	char *carry;		/* a line split between two blocks of input */
	size_t carry_len, carry_cap;
	uint64_t nbytes;	/* bytes read so far */
};

static int is_space(char c)
{
	return c == ' ' || c == '\t';
}

static const char *skip_space(const char *s, const char *end)
{
	while (s < end && is_space(*s))
		s++;
	return s;
}

int load_parse_u64(const char **sp, const char *end, uint64_t *out)
{
	const char *s = *sp;
	uint64_t v = 0;

	if (end - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		const char *d = s + 2;
		while (d < end) {
			unsigned c = (unsigned char)*d, x;
			if (c - '0' < 10)
				x = c - '0';
			else if ((c | 0x20) - 'a' < 6)
				x = (c | 0x20) - 'a' + 10;
			else
				break;
			if (v >> 60)
				return LOAD_NUM_OVERFLOW;
			v = (v << 4) | x;
			d++;
		}
		if (d == s + 2)
			return LOAD_NUM_NONE;
		*sp = d;
		*out = v;
		return LOAD_NUM_OK;
	}
	if (s == end || (unsigned)(*s - '0') >= 10)
		return LOAD_NUM_NONE;
	while (s < end && (unsigned)(*s - '0') < 10) {
		unsigned d = (unsigned)(*s - '0');
		if (v > (UINT64_MAX - d) / 10)
			return LOAD_NUM_OVERFLOW;
		v = v * 10 + d;
		s++;
	}
	*sp = s;
	*out = v;
	return LOAD_NUM_OK;
}

#define ERR(ld, ...) (diag(DIAG_ERROR, (ld)->name, (ld)->lineno, __VA_ARGS__), -1)
#define WARN(ld, ...) diag(DIAG_WARNING, (ld)->name, (ld)->lineno, __VA_ARGS__)

/* ---- names and compression ---- */

static const char *const space_names[SP_N] = { "object", "file", "function" };

static int id_set(struct loader *ld, enum id_space sp, uint64_t id, const char *name)
{
	struct idtab *t = &ld->ids[sp];

	if (id >= MAX_ID)
		return ERR(ld, "compressed %s id (%llu) is too large", space_names[sp],
			   (unsigned long long)id);
	if (id >= t->cap) {
		size_t ncap = t->cap ? t->cap : 64;
		while (ncap <= id)
			ncap *= 2;
		t->v = xrealloc(t->v, ncap * sizeof(*t->v));
		memset(t->v + t->cap, 0, (ncap - t->cap) * sizeof(*t->v));
		t->cap = ncap;
	}
	if (t->v[id] && t->v[id] != name)
		return ERR(ld, "compressed %s id (%llu) redefined from %s to %s",
			   space_names[sp], (unsigned long long)id,
			   diag_quote(t->v[id], strlen(t->v[id])), diag_quote(name, strlen(name)));
	t->v[id] = name;
	return 0;
}

/*
 * Parse the value of a name line: "(id) name", "(id)" or "name".  Spaces
 * after '=' and after "(id)" are not part of the name; trailing ones are.
 */
static int parse_name(struct loader *ld, enum id_space sp, const char *s,
		      const char *end, const char **out)
{
	const char *name;

	s = skip_space(s, end);
	if (s + 1 < end && *s == '(' && (unsigned)(s[1] - '0') < 10) {
		const char *q = s + 1;
		uint64_t id;
		int r = load_parse_u64(&q, end, &id);
		if (r != LOAD_NUM_OK || q >= end || *q != ')') {
			const char *close = memchr(s, ')', (size_t)(end - s));
			if (!close) /* "(" with no ")": a plain name */
				goto plain;
			if (r == LOAD_NUM_OVERFLOW)
				return ERR(ld, "compressed %s id %s is too large", space_names[sp],
					   diag_quote(s, (size_t)(close + 1 - s)));
			return ERR(ld, "bad compressed %s id %s", space_names[sp],
				   diag_quote(s, (size_t)(close + 1 - s)));
		}
		q++;
		q = skip_space(q, end);
		if (q == end) {
			if ((id >= ld->ids[sp].cap || !ld->ids[sp].v[id]) && sp == SP_OB) {
				/* old callgrind versions did this; objects are only labels */
				WARN(ld, "compressed object id (%llu) used before it is defined; object left unnamed",
				     (unsigned long long)id);
				*out = profile_intern(ld->p, "", 0);
				return 0;
			}
			if (id >= ld->ids[sp].cap || !ld->ids[sp].v[id])
				return ERR(ld, "compressed %s id (%llu) used before it is defined",
					   space_names[sp], (unsigned long long)id);
			*out = ld->ids[sp].v[id];
			return 0;
		}
		name = profile_intern(ld->p, q, (size_t)(end - q));
		*out = name;
		return id_set(ld, sp, id, name);
	}
plain:
	*out = profile_intern(ld->p, s, (size_t)(end - s));
	return 0;
}

static struct file *file_of(struct loader *ld, const char *name)
{
	if (ld->pwdlen && !strncmp(name, ld->pwd, ld->pwdlen) && name[ld->pwdlen])
		name = profile_intern(ld->p, name + ld->pwdlen, strlen(name + ld->pwdlen));
	return profile_file(ld->p, name);
}

static struct file *current_file(struct loader *ld)
{
	if (!ld->fl)
		ld->fl = profile_file(ld->p, profile_intern(ld->p, "???", 3));
	return ld->fl;
}

/* ---- parts and totals ---- */

static void part_reset(struct loader *ld)
{
	int i;
	for (i = 0; i < SP_N; i++)
		if (ld->ids[i].cap)
			memset(ld->ids[i].v, 0, ld->ids[i].cap * sizeof(*ld->ids[i].v));
	ld->ob = NULL;
	ld->fl = NULL;
	ld->fn = NULL;
	ld->cfn_ob = NULL;
	ld->cfn_fl = NULL;
	ld->callee = NULL;
	ld->call_pending = 0;
	memset(ld->pos, 0, sizeof(ld->pos));
	ld->summary.given = ld->totals.given = 0;
	ld->summary.n = ld->totals.n = 0;
	ld->part_ndef = 0;
	if (ld->self_sum)
		memset(ld->self_sum, 0, ld->p->ev.nraw * sizeof(uint64_t));
	if (ld->prev_costs)
		memset(ld->prev_costs, 0, ld->p->ev.nraw * sizeof(uint64_t));
}

static int nonzero(const uint64_t *v, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (v[i])
			return 1;
	return 0;
}

/*
 * The total of a part: its summary: line, else its totals: line, else the
 * sum of its self costs.  Columns a short summary: leaves out come from the
 * next source.  Then add it to the program total.
 */
static int part_finish(struct loader *ld)
{
	struct profile *p = ld->p;
	size_t i, nraw = p->ev.nraw;
	uint32_t ndef = 0;
	int calculated = 0;

	if (!p->ev.frozen)
		return 0;
	if (!p->total)
		p->total = profile_cc_new(p);
	for (i = 0; i < nraw; i++) {
		uint64_t v;
		if (ld->summary.given && i < ld->summary.n &&
		    nonzero(ld->summary.v, ld->summary.n)) {
			v = ld->summary.v[i];
			ndef = (uint32_t)ld->summary.n;
		} else if (ld->totals.given && i < ld->totals.n &&
			   nonzero(ld->totals.v, ld->totals.n)) {
			v = ld->totals.v[i];
			if (ndef < ld->totals.n)
				ndef = (uint32_t)ld->totals.n;
		} else {
			v = ld->self_sum[i];
			calculated = 1;
			if (ndef < ld->part_ndef)
				ndef = ld->part_ndef;
		}
		if (__builtin_add_overflow(p->total->v[i], v, &p->total->v[i]))
			return ERR(ld, "program total of '%s' does not fit in 64 bits",
				   p->ev.ev[i].name);
	}
	if (ndef > p->total->ndef)
		p->total->ndef = ndef;
	if (calculated)
		p->total_calculated = 1;
	return 0;
}

static int freeze(struct loader *ld)
{
	struct profile *p = ld->p;
	char err[256];
	uint64_t errline = 0;
	size_t nraw;

	if (!p->ev.frozen) {
		if (!p->ev.nraw)
			return ERR(ld, "no 'events:' line before the profile data");
		if (events_freeze(&p->ev, &errline, err, sizeof(err))) {
			diag(DIAG_ERROR, ld->name, errline, "%s", err);
			return -1;
		}
	}
	if (!ld->events_seen)
		return ERR(ld, "no 'events:' line before the profile data");
	if (!ld->costs) {
		nraw = p->ev.nraw;
		ld->costs = xcalloc(p->ev.n + 1, sizeof(uint64_t));
		ld->prev_costs = xcalloc(nraw + 1, sizeof(uint64_t));
		ld->self_sum = xcalloc(nraw + 1, sizeof(uint64_t));
		ld->summary.v = xcalloc(nraw + 1, sizeof(uint64_t));
		ld->totals.v = xcalloc(nraw + 1, sizeof(uint64_t));
	}
	return 0;
}

/* ---- header lines ---- */

static char *dup_value(const char *s, const char *end)
{
	size_t n = (size_t)(end - s);
	char *d = xmalloc(n + 1);
	memcpy(d, s, n);
	d[n] = '\0';
	return d;
}

static void set_once(char **dst, const char *s, const char *end)
{
	if (!*dst)
		*dst = dup_value(s, end);
}

static int parse_numbers(struct loader *ld, const char *s, const char *end,
			 struct part_tot *t, const char *what)
{
	size_t n = 0, nraw = ld->p->ev.nraw;

	if (!nraw)
		return ERR(ld, "'%s:' line before 'events:'", what);
	if (!ld->costs && freeze(ld))
		return -1;
	memset(t->v, 0, nraw * sizeof(uint64_t));
	for (;;) {
		int r;
		s = skip_space(s, end);
		if (s == end)
			break;
		if (n == nraw)
			return ERR(ld, "'%s:' line has more numbers than the %zu events", what, nraw);
		r = load_parse_u64(&s, end, &t->v[n]);
		if (r == LOAD_NUM_OVERFLOW)
			return ERR(ld, "number in '%s:' line does not fit in 64 bits", what);
		if (r != LOAD_NUM_OK || (s < end && !is_space(*s)))
			return ERR(ld, "bad number %s in '%s:' line", diag_quote(s, (size_t)(end - s)), what);
		n++;
	}
	t->n = n;
	t->given = 1;
	return 0;
}

static int parse_positions(struct loader *ld, const char *s, const char *end)
{
	int n = 0, line_col = -1, has_instr = 0;

	for (;;) {
		const char *w;
		size_t len;
		s = skip_space(s, end);
		if (s == end)
			break;
		w = s;
		while (s < end && !is_space(*s))
			s++;
		len = (size_t)(s - w);
		if (n == MAX_POS)
			return ERR(ld, "too many position kinds in 'positions:'");
		if (len == 4 && !memcmp(w, "line", 4))
			line_col = n;
		else if (len == 5 && !memcmp(w, "instr", 5))
			has_instr = 1;
		else if (!(len == 2 && !memcmp(w, "bb", 2)))
			return ERR(ld, "unknown position kind %s", diag_quote(w, len));
		n++;
	}
	if (!n)
		return ERR(ld, "'positions:' names no position kind");
	ld->npos = n;
	ld->line_col = line_col;
	if (ld->p->nparts <= 1 && ld->p->nfiles <= 1) {
		ld->p->has_line = line_col >= 0;
		ld->p->has_instr = has_instr;
	}
	return 0;
}

static int header_line(struct loader *ld, const char *key, size_t klen,
		       const char *s, const char *end)
{
	struct profile *p = ld->p;
	char err[256];

#define KEY(lit) (klen == sizeof(lit) - 1 && !memcmp(key, lit, klen))
	s = skip_space(s, end);
	/* totals: ends a part and xdebug writes summary: after data */
	if (KEY("totals"))
		return parse_numbers(ld, s, end, &ld->totals, "totals");
	if (KEY("summary") && ld->in_body)
		return parse_numbers(ld, s, end, &ld->summary, "summary");
	if (!(KEY("version") || KEY("creator") || KEY("pid") || KEY("thread") ||
	      KEY("part") || KEY("cmd") || KEY("desc") || KEY("positions") ||
	      KEY("events") || KEY("event") || KEY("summary"))) {
		WARN(ld, "unknown header line %.*s ignored", (int)(klen > 40 ? 40 : klen), key);
		return 0;
	}
	if (ld->in_body) {
		/* A header after profile data starts the next part. */
		if (part_finish(ld))
			return -1;
		part_reset(ld);
		ld->in_body = 0;
		p->nparts++;
	}
	ld->header_seen = 1;
	if (KEY("version")) {
		const char *q = s;
		uint64_t major;
		if (load_parse_u64(&q, end, &major) != LOAD_NUM_OK ||
		    (q < end && *q != '.' && !is_space(*q)))
			return ERR(ld, "bad format version %s", diag_quote(s, (size_t)(end - s)));
		if (major > 1)
			return ERR(ld, "unsupported format version %s (this annogrind reads versions 0 and 1)",
				   diag_quote(s, (size_t)(end - s)));
		ld->version_seen = 1;
	} else if (KEY("creator")) {
		set_once(&p->creator, s, end);
	} else if (KEY("pid")) {
		set_once(&p->pid, s, end);
	} else if (KEY("thread")) {
		set_once(&p->thread, s, end);
	} else if (KEY("part")) {
		set_once(&p->part, s, end);
		free(p->last_part);
		p->last_part = dup_value(s, end);
	} else if (KEY("cmd")) {
		set_once(&p->cmd, s, end);
	} else if (KEY("desc")) {
		if (p->nparts <= 1 && p->nfiles <= 1) {
			p->desc = xrealloc(p->desc, (p->ndesc + 1) * sizeof(*p->desc));
			p->desc[p->ndesc++] = dup_value(s, end);
		}
	} else if (KEY("positions")) {
		return parse_positions(ld, s, end);
	} else if (KEY("events")) {
		if (!p->ev.nraw) {
			if (events_set_raw(&p->ev, s, (size_t)(end - s), err, sizeof(err)))
				return ERR(ld, "%s", err);
		} else if (!events_same_raw(&p->ev, s, (size_t)(end - s))) {
			return ERR(ld, "events %s differ from those of the first profile part",
				   diag_quote(s, (size_t)(end - s)));
		}
		ld->events_seen = 1;
	} else if (KEY("event")) {
		if (p->ev.frozen)
			return 0;	/* later parts repeat what the first said */
		if (events_add_spec(&p->ev, s, (size_t)(end - s), ld->lineno, err, sizeof(err)))
			return ERR(ld, "%s", err);
	} else if (KEY("summary")) {
		return parse_numbers(ld, s, end, &ld->summary, "summary");
	}
#undef KEY
	return 0;
}

/* ---- cost lines ---- */

/* Parse one position column: +N, -N, * or an absolute number. */
static int parse_pos(struct loader *ld, const char **sp, const char *end,
		     uint64_t prev, uint64_t *out)
{
	const char *s = *sp;
	uint64_t v;
	int r;

	if (*s == '*') {
		*out = prev;
		*sp = s + 1;
		return 0;
	}
	if (*s == '+' || *s == '-') {
		const char *q = s + 1;
		r = load_parse_u64(&q, end, &v);
		if (r == LOAD_NUM_OVERFLOW)
			return ERR(ld, "position %s does not fit in 64 bits",
				   diag_quote(s, (size_t)(q - s)));
		if (r != LOAD_NUM_OK)
			return ERR(ld, "bad position %s", diag_quote(s, (size_t)(end - s)));
		if (*s == '+') {
			if (__builtin_add_overflow(prev, v, out))
				return ERR(ld, "relative position %s goes past 2^64-1",
					   diag_quote(s, (size_t)(q - s)));
		} else {
			if (v > prev)
				return ERR(ld, "relative position %s goes below zero (previous position %llu)",
					   diag_quote(s, (size_t)(q - s)), (unsigned long long)prev);
			*out = prev - v;
		}
		*sp = q;
		return 0;
	}
	r = load_parse_u64(&s, end, &v);
	if (r == LOAD_NUM_OVERFLOW)
		return ERR(ld, "position %s does not fit in 64 bits",
			   diag_quote(*sp, (size_t)(end - *sp)));
	if (r != LOAD_NUM_OK)
		return ERR(ld, "bad position %s", diag_quote(*sp, (size_t)(end - *sp)));
	*out = v;
	*sp = s;
	return 0;
}

/* Parse the positions of a cost line (or of a calls=/jump= target). */
static int parse_positions_of_line(struct loader *ld, const char **sp, const char *end,
				   uint64_t *pos)
{
	const char *s = *sp;
	int i;

	for (i = 0; i < ld->npos; i++) {
		s = skip_space(s, end);
		if (s == end) {
			if (i == 0)
				return ERR(ld, "missing position");
			pos[i] = ld->pos[i];	/* a short line repeats the rest */
			continue;
		}
		if (parse_pos(ld, &s, end, ld->pos[i], &pos[i]))
			return -1;
		if (s < end && !is_space(*s))
			return ERR(ld, "bad position %s", diag_quote(*sp, (size_t)(end - *sp)));
	}
	*sp = s;
	return 0;
}

/*
 * Add one parsed cost line (positions pos, counts c[0..n)) to the model.
 * Shared by the fast and the slow parser, so both say the same things.
 */
/* dst[0..n) += c[0..n); nonzero when a sum passes 2^64-1. */
static inline unsigned counts_add(uint64_t *restrict dst, const uint64_t *restrict c, size_t n)
{
	unsigned bad = 0;
	size_t i;

	for (i = 0; i < n; i++)
		bad |= __builtin_add_overflow(dst[i], c[i], &dst[i]);
	return bad;
}

static int cost_apply(struct loader *ld, const uint64_t *pos, uint64_t *c, size_t n)
{
	struct profile *p = ld->p;
	size_t nraw = p->ev.nraw, i;
	uint64_t line, *prev = ld->prev_costs;
	struct cc *dst;
	struct file *f;
	struct fn *fn = ld->fn;
	int line_col = ld->line_col;

	for (i = n; i < nraw; i++)
		c[i] = 0;
	for (i = 0; i < nraw; i++)
		prev[i] = c[i];
	for (i = 0; i < MAX_POS; i++)
		ld->pos[i] = pos[i];
	line = line_col >= 0 ? pos[line_col] : 0;
	if (line == UINT64_MAX)
		return ERR(ld, "line number 2^64-1 is out of range");

	if (!fn) {
		if (ld->call_pending)
			return ERR(ld, "call cost line before any 'fn=' line");
		return ERR(ld, "cost line before any 'fn=' line");
	}
	f = ld->fl ? ld->fl : current_file(ld);
	if (ld->call_pending) {
		struct call *call = profile_call(p, fn, ld->callee);
		struct callsite *site = profile_callsite(p, f, line, fn, ld->callee);
		ld->call_pending = 0;
		if (__builtin_add_overflow(call->count, ld->call_count, &call->count) ||
		    __builtin_add_overflow(site->count, ld->call_count, &site->count))
			return ERR(ld, "call count does not fit in 64 bits");
		if (counts_add(call->cc->v, c, n) | counts_add(site->cc->v, c, n))
			return ERR(ld, "inclusive cost of the call does not fit in 64 bits");
		if (n > call->cc->ndef)
			call->cc->ndef = (uint32_t)n;
		if (n > site->cc->ndef)
			site->cc->ndef = (uint32_t)n;
		return 0;
	}
	dst = fn->self;
	if (counts_add(dst->v, c, n) | counts_add(ld->self_sum, c, n))
		return ERR(ld, "cost of '%s' does not fit in 64 bits", fn->k.name);
	if (n > dst->ndef)
		dst->ndef = (uint32_t)n;
	if (n > ld->part_ndef)
		ld->part_ndef = (uint32_t)n;
	if (line_col >= 0) {
		/* consecutive instructions of one source line hit the same cost */
		if (f == ld->lc_file && line == ld->lc_line && ld->lc_cc) {
			dst = ld->lc_cc;
		} else {
			dst = profile_line(p, f, line);
			ld->lc_file = f;
			ld->lc_line = line;
			ld->lc_cc = dst;
		}
		if (counts_add(dst->v, c, n))
			return ERR(ld, "cost of line %llu of %s does not fit in 64 bits",
				   (unsigned long long)line, diag_quote(f->name, strlen(f->name)));
		if (n > dst->ndef)
			dst->ndef = (uint32_t)n;
	}
	return 0;
}

static int cost_line(struct loader *ld, const char *s, const char *end)
{
	uint64_t pos[MAX_POS];
	uint64_t *c;
	size_t n = 0, nraw = ld->p->ev.nraw;

	if (!ld->costs && freeze(ld))
		return -1;
	c = ld->costs;
	ld->in_body = 1;
	if (parse_positions_of_line(ld, &s, end, pos))
		return -1;
	for (;;) {
		int r;
		const char *start;
		s = skip_space(s, end);
		if (s == end)
			break;
		if (n == nraw)
			return ERR(ld, "cost line has more counts than the %zu events", nraw);
		start = s;
		r = load_parse_u64(&s, end, &c[n]);
		if (r == LOAD_NUM_NONE && (*start == '*' || *start == '+' || *start == '-')) {
			/* speedscope's writer compresses costs like positions */
			uint64_t v;
			if (parse_pos(ld, &s, end, ld->prev_costs[n], &v))
				return -1;
			c[n] = v;
			if (!ld->warned_relcost) {
				WARN(ld, "relative count %s read relative to the previous cost line",
				     diag_quote(start, (size_t)(s - start)));
				ld->warned_relcost = 1;
			}
			r = LOAD_NUM_OK;
		}
		if (r == LOAD_NUM_OVERFLOW)
			return ERR(ld, "count %s does not fit in 64 bits",
				   diag_quote(start, (size_t)(end - start)));
		if (r != LOAD_NUM_OK || (s < end && !is_space(*s))) {
			while (s < end && !is_space(*s))
				s++;
			return ERR(ld, "bad count %s", diag_quote(start, (size_t)(s - start)));
		}
		n++;
	}
	return cost_apply(ld, pos, c, n);
}

/*
 * The common cost line, parsed inline: positions "+N", "-N", "*", decimal
 * or 0x-hex, then decimal counts, the line ending in '\n' (which the read
 * loop guarantees is there).  Returns 1 when the line was handled and *sp
 * moved past its newline, 0 when it must go the slow way: anything unusual,
 * every error included, so that cost_line() alone words the diagnostics.
 * Nothing is changed before it decides.
 */
static int fast_cost_line(struct loader *ld, const char **sp)
{
	const unsigned char *s = (const unsigned char *)*sp;
	uint64_t pos[MAX_POS], *restrict c = ld->costs;
	const uint64_t *prevpos = ld->pos;
	size_t n = 0, nraw;
	int i, npos = ld->npos;

	if (!c)
		return 0;
	nraw = ld->p->ev.nraw;
	for (i = 0; i < npos; i++) {
		uint64_t v = 0;
		unsigned char sign = 0;
		const unsigned char *d;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '*') {
			pos[i] = prevpos[i];
			s++;
		} else if (*s == '\n') {
			if (i == 0)
				return 0;
			pos[i] = prevpos[i];	/* a short line repeats the rest */
			continue;
		} else {
			if (*s == '+' || *s == '-')
				sign = *s++;
			d = s;
			if (s[0] == '0' && (s[1] | 0x20) == 'x' && !sign) {
				s += 2;
				d = s;
				for (;; s++) {
					unsigned x = (unsigned)*s - '0';
					if (x < 10)
						v = v << 4 | x;
					else if ((x = ((unsigned)*s | 0x20) - 'a') < 6)
						v = v << 4 | (x + 10);
					else
						break;
				}
				if (s == d || s - d > 15)
					return 0;
			} else {
				for (; (unsigned)*s - '0' < 10; s++)
					v = v * 10 + ((unsigned)*s - '0');
				if (s == d || s - d > 19)
					return 0;
			}
			if (sign == '+') {
				if (__builtin_add_overflow(prevpos[i], v, &v))
					return 0;
			} else if (sign == '-') {
				if (v > prevpos[i])
					return 0;
				v = prevpos[i] - v;
			}
			pos[i] = v;
		}
		if (*s != ' ' && *s != '\t' && *s != '\n')
			return 0;
	}
	for (;;) {
		uint64_t v = 0;
		const unsigned char *d;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s == '\n')
			break;
		if (n == nraw)
			return 0;
		d = s;
		for (; (unsigned)*s - '0' < 10; s++)
			v = v * 10 + ((unsigned)*s - '0');
		if (s == d || s - d > 19 || (*s != ' ' && *s != '\t' && *s != '\n'))
			return 0;
		c[n++] = v;
	}
	*sp = (const char *)s + 1;
	ld->in_body = 1;
	return cost_apply(ld, pos, c, n) ? -1 : 1;
}

/* ---- body lines ---- */

static int calls_line(struct loader *ld, const char *s, const char *end)
{
	uint64_t pos[MAX_POS];
	int r;

	if (!ld->callee)
		return ERR(ld, "'calls=' line without a 'cfn=' line before it");
	s = skip_space(s, end);
	r = load_parse_u64(&s, end, &ld->call_count);
	if (r == LOAD_NUM_OVERFLOW)
		return ERR(ld, "call count does not fit in 64 bits");
	if (r != LOAD_NUM_OK || (s < end && !is_space(*s)))
		return ERR(ld, "bad call count in 'calls=' line");
	/* The target position does not move the current position. */
	s = skip_space(s, end);
	if (s < end && parse_positions_of_line(ld, &s, end, pos))
		return -1;
	ld->call_pending = 1;
	ld->call_line = ld->lineno;
	return 0;
}

static int body_line(struct loader *ld, const char *key, size_t klen,
		     const char *s, const char *end)
{
	struct profile *p = ld->p;
	const char *name, *ob;

	if (!ld->costs && freeze(ld))
		return -1;
	ld->in_body = 1;
	if (klen == 2 && key[0] == 'f') {
		switch (key[1]) {
		case 'n':
			if (parse_name(ld, SP_FN, s, end, &name))
				return -1;
			ob = ld->ob ? ld->ob : profile_intern(p, "", 0);
			ld->fn = profile_fn(p, ob, current_file(ld), name);
			if (ld->fn->named && ld->fn->obj != ob)
				ld->fn->multi_obj = 1;
			ld->fn->obj = ob;
			ld->fn->listed = 1;
			ld->fn->named = 1;
			return 0;
		case 'l':
		case 'i':
		case 'e':
			if (parse_name(ld, SP_FL, s, end, &name))
				return -1;
			ld->fl = file_of(ld, name);
			if (key[1] != 'l' && ld->fn) {
				/* inlined code: its costs go to "file:function" of that file */
				ld->fn = profile_fn(p, ld->fn->obj, ld->fl, ld->fn->k.name);
				ld->fn->listed = 1;
			}
			return 0;
		}
	} else if (klen == 2 && key[0] == 'o' && key[1] == 'b') {
		return parse_name(ld, SP_OB, s, end, &ld->ob);
	} else if (klen == 3 && key[0] == 'c') {
		if (key[1] == 'o' && key[2] == 'b')
			return parse_name(ld, SP_OB, s, end, &ld->cfn_ob);
		if (key[1] == 'f' && (key[2] == 'i' || key[2] == 'l')) {
			if (parse_name(ld, SP_FL, s, end, &name))
				return -1;
			ld->cfn_fl = file_of(ld, name);
			return 0;
		}
		if (key[1] == 'f' && key[2] == 'n') {
			if (parse_name(ld, SP_FN, s, end, &name))
				return -1;
			ob = ld->cfn_ob ? ld->cfn_ob : ld->ob ? ld->ob : profile_intern(p, "", 0);
			ld->callee = profile_fn(p, ob, ld->cfn_fl ? ld->cfn_fl : current_file(ld), name);
			ld->cfn_ob = NULL;
			ld->cfn_fl = NULL;
			return 0;
		}
	} else if (klen == 3 && key[0] == 'j' && key[1] == 'f') {
		/* jump targets: only their name definitions matter here */
		if (key[2] == 'i')
			return parse_name(ld, SP_FL, s, end, &name);
		if (key[2] == 'n')
			return parse_name(ld, SP_FN, s, end, &name);
	} else if (klen == 5 && !memcmp(key, "calls", 5)) {
		return calls_line(ld, s, end);
	} else if (klen == 4 && (!memcmp(key, "jump", 4) || !memcmp(key, "jcnd", 4))) {
		return 0;	/* jumps are not reported; the position line after it is a cost line */
	}
	WARN(ld, "unknown line %s ignored", diag_quote(key, (size_t)(end - key)));
	return 0;
}

static int handle_line(struct loader *ld, const char *s, const char *end)
{
	const char *k;
	unsigned char c;

	if (s == end)
		return 0;
	c = (unsigned char)*s;
	if ((unsigned)(c - '0') < 10 || c == '+' || c == '-' || c == '*') {
		return cost_line(ld, s, end);
	}
	if (c == '#')
		return 0;
	if (is_space((char)c)) {
		if (skip_space(s, end) == end)
			return 0;
	}
	if (ld->call_pending)
		return ERR(ld, "'calls=' line %llu is not followed by its cost line",
			   (unsigned long long)ld->call_line);
	k = s;
	while (s < end && ((unsigned)((*s | 0x20) - 'a') < 26 || (unsigned)(*s - '0') < 10 ||
			   *s == '_'))
		s++;
	if (s > k && s < end && *s == '=')
		return body_line(ld, k, (size_t)(s - k), s + 1, end);
	if (s > k && s < end && *s == ':')
		return header_line(ld, k, (size_t)(s - k), s + 1, end);
	if (!ld->header_seen && ++ld->junk_lines > 5)
		return ERR(ld, "not a Callgrind profile: unexpected text %s",
			   diag_quote(k, (size_t)(end - k)));
	WARN(ld, "unrecognized line %s ignored", diag_quote(k, (size_t)(end - k)));
	return 0;
}

static void loader_release(struct loader *ld)
{
	int i;
	for (i = 0; i < SP_N; i++)
		free(ld->ids[i].v);
	free(ld->costs);
	free(ld->prev_costs);
	free(ld->self_sum);
	free(ld->summary.v);
	free(ld->totals.v);
	free(ld->carry);
}

/* ---- the read loop: blocks of input in, whole lines out ---- */

static void loader_begin(struct loader *ld, struct profile *p, const char *name,
			 const char *pwd)
{
	memset(ld, 0, sizeof(*ld));
	ld->p = p;
	ld->name = name;
	ld->pwd = pwd;
	ld->pwdlen = pwd ? strlen(pwd) : 0;
	ld->npos = 1;
	ld->line_col = 0;
	p->nfiles++;
	p->nparts++;
	if (p->nfiles == 1)
		p->has_line = 1;
}

/* Lines of [s, end), where end is just past a newline. */
static int loader_lines(struct loader *ld, const char *s, const char *end)
{
	while (s < end) {
		unsigned char c = (unsigned char)*s;
		const char *nl, *le;
		ld->lineno++;
		if ((unsigned)(c - '0') < 10 || c == '+' || c == '-' || c == '*') {
			int r = fast_cost_line(ld, &s);
			if (r > 0)
				continue;
			if (r < 0)
				return -1;
		}
		nl = memchr(s, '\n', (size_t)(end - s));
		le = nl;
		if (le > s && le[-1] == '\r')
			le--;
		if (handle_line(ld, s, le))
			return -1;
		s = nl + 1;
	}
	return 0;
}

static void carry_add(struct loader *ld, const char *s, size_t n)
{
	if (ld->carry_len + n > ld->carry_cap) {
		size_t ncap = ld->carry_cap ? ld->carry_cap : 4096;
		while (ncap < ld->carry_len + n)
			ncap *= 2;
		ld->carry = xrealloc(ld->carry, ncap);
		ld->carry_cap = ncap;
	}
	memcpy(ld->carry + ld->carry_len, s, n);
	ld->carry_len += n;
}

/*
 * One block of input.  Blocks may cut lines anywhere: the piece after the
 * last newline waits in the carry for the next block.  A NUL byte makes the
 * file unreadable as a profile; its line is counted from the block start.
 */
static int loader_block(struct loader *ld, const char *buf, size_t len)
{
	const char *end = buf + len, *nul, *last;

	if (!len)
		return 0;
	nul = memchr(buf, '\0', len);
	if (nul) {
		uint64_t line = ld->lineno + 1;
		const char *s;
		for (s = buf; s < nul; s++)
			line += *s == '\n';
		diag(DIAG_ERROR, ld->name, line, "NUL byte: not a Callgrind profile (binary data?)");
		return -1;
	}
	ld->nbytes += len;
	if (ld->carry_len) {
		const char *nl = memchr(buf, '\n', len);
		if (!nl) {
			carry_add(ld, buf, len);
			return 0;
		}
		carry_add(ld, buf, (size_t)(nl + 1 - buf));
		if (loader_lines(ld, ld->carry, ld->carry + ld->carry_len))
			return -1;
		ld->carry_len = 0;
		buf = nl + 1;
	}
	last = buf < end ? memrchr(buf, '\n', (size_t)(end - buf)) : NULL;
	if (last) {
		if (loader_lines(ld, buf, last + 1))
			return -1;
		buf = last + 1;
	}
	if (buf < end)
		carry_add(ld, buf, (size_t)(end - buf));
	return 0;
}

/* After the last block: the last line if it had no newline, then the checks of a whole file. */
static int loader_end(struct loader *ld)
{
	struct profile *p = ld->p;
	int rc = 0;

	if (ld->nbytes == 0) {
		diag(DIAG_ERROR, ld->name, 0, "empty file, not a Callgrind profile");
		return -1;
	}
	if (ld->carry_len) {
		const char *s = ld->carry, *le = ld->carry + ld->carry_len;
		ld->lineno++;
		if (le > s && le[-1] == '\r')
			le--;
		if (handle_line(ld, s, le))
			return -1;
		if (ld->in_body || ld->header_seen)
			diag(DIAG_WARNING, ld->name, ld->lineno,
			     "last line has no newline; the file may be truncated");
	}
	if (ld->call_pending) {
		diag(DIAG_ERROR, ld->name, ld->call_line,
		     "'calls=' line is not followed by its cost line (end of file)");
		return -1;
	}
	if (!ld->events_seen) {
		diag(DIAG_ERROR, ld->name, ld->lineno,
		     ld->header_seen ? "no 'events:' line: not a complete Callgrind profile"
				     : "not a Callgrind profile: no header lines");
		return -1;
	}
	if (!p->ev.frozen)
		rc = freeze(ld);
	if (!rc)
		rc = part_finish(ld);
	return rc;
}

int load_buffer(struct profile *p, const char *name, const char *buf, size_t len,
		const char *pwd)
{
	struct loader ld;
	int rc;

	loader_begin(&ld, p, name, pwd);
	rc = loader_block(&ld, buf, len);
	if (!rc)
		rc = loader_end(&ld);
	loader_release(&ld);
	return rc;
}

/*
 * Reading ahead: a thread fills a ring of blocks while the loader parses the
 * one before.  The loader sees the blocks in file order whatever the timing,
 * so the result is the same as reading in one thread (tests build with a
 * tiny LOAD_READ_BLOCK to check that); reading only costs a
 * copy, but on a loaded machine the thread also keeps the disk busy.
 */
#ifndef LOAD_READ_BLOCK
#define LOAD_READ_BLOCK (1 << 20)
#endif
#define READ_BLOCK ((size_t)LOAD_READ_BLOCK)
#define READ_NBLOCKS 4

struct reader {
	int fd;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	char *buf[READ_NBLOCKS];
	size_t len[READ_NBLOCKS];
	uint64_t head, tail;	/* blocks [tail, head) are filled */
	int eof, err, stop;
};

/* Fill buf: read until it is full or the input ends; -1 with errno on error. */
static ssize_t read_full(int fd, char *buf, size_t cap)
{
	size_t len = 0;

	while (len < cap) {
		ssize_t r = read(fd, buf + len, cap - len);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (r == 0)
			break;
		len += (size_t)r;
	}
	return (ssize_t)len;
}

static void *reader_main(void *arg)
{
	struct reader *rd = arg;

	for (;;) {
		ssize_t r;
		char *b;
		pthread_mutex_lock(&rd->mu);
		while (rd->head - rd->tail == READ_NBLOCKS && !rd->stop)
			pthread_cond_wait(&rd->cv, &rd->mu);
		if (rd->stop) {
			pthread_mutex_unlock(&rd->mu);
			return NULL;
		}
		b = rd->buf[rd->head % READ_NBLOCKS];
		pthread_mutex_unlock(&rd->mu);

		r = read_full(rd->fd, b, READ_BLOCK);

		pthread_mutex_lock(&rd->mu);
		if (r < 0) {
			rd->err = errno;
		} else if (r == 0) {
			rd->eof = 1;
		} else {
			rd->len[rd->head % READ_NBLOCKS] = (size_t)r;
			rd->head++;
			if ((size_t)r < READ_BLOCK)
				rd->eof = 1;
		}
		pthread_cond_broadcast(&rd->cv);
		pthread_mutex_unlock(&rd->mu);
		if (r <= 0 || (size_t)r < READ_BLOCK)
			return NULL;
	}
}

/* Read fd to its end through ld; -1 after an error was reported. */
static int load_fd(struct loader *ld, int fd)
{
	struct reader rd;
	pthread_t th;
	int i, rc = 0;

	memset(&rd, 0, sizeof(rd));
	rd.fd = fd;
	for (i = 0; i < READ_NBLOCKS; i++)
		rd.buf[i] = xmalloc(READ_BLOCK);
	pthread_mutex_init(&rd.mu, NULL);
	pthread_cond_init(&rd.cv, NULL);
	if (pthread_create(&th, NULL, reader_main, &rd)) {
		/* no thread: read in this one */
		for (;;) {
			ssize_t r = read_full(fd, rd.buf[0], READ_BLOCK);
			if (r < 0) {
				diag(DIAG_ERROR, ld->name, 0, "read error: %s", strerror(errno));
				rc = -1;
				break;
			}
			if (r == 0 || loader_block(ld, rd.buf[0], (size_t)r)) {
				rc = r ? -1 : 0;
				break;
			}
		}
	} else {
		for (;;) {
			size_t len;
			char *b;
			pthread_mutex_lock(&rd.mu);
			while (rd.head == rd.tail && !rd.eof && !rd.err)
				pthread_cond_wait(&rd.cv, &rd.mu);
			if (rd.head == rd.tail) {
				int err = rd.err;
				pthread_mutex_unlock(&rd.mu);
				if (err) {
					diag(DIAG_ERROR, ld->name, 0, "read error: %s", strerror(err));
					rc = -1;
				}
				break;
			}
			b = rd.buf[rd.tail % READ_NBLOCKS];
			len = rd.len[rd.tail % READ_NBLOCKS];
			pthread_mutex_unlock(&rd.mu);

			rc = loader_block(ld, b, len);

			pthread_mutex_lock(&rd.mu);
			rd.tail++;
			if (rc)
				rd.stop = 1;
			pthread_cond_broadcast(&rd.cv);
			pthread_mutex_unlock(&rd.mu);
			if (rc)
				break;
		}
		pthread_join(th, NULL);
	}
	pthread_cond_destroy(&rd.cv);
	pthread_mutex_destroy(&rd.mu);
	for (i = 0; i < READ_NBLOCKS; i++)
		free(rd.buf[i]);
	return rc;
}

int load_file(struct profile *p, const char *path, const char *pwd)
{
	const char *name = path;
	struct loader ld;
	struct stat st;
	int fd, rc;

	if (!strcmp(path, "-")) {
		fd = 0;
		name = "<stdin>";
	} else {
		fd = open(path, O_RDONLY);
		if (fd < 0) {
			diag(DIAG_ERROR, path, 0, "cannot open: %s", strerror(errno));
			return -1;
		}
	}
	if (fstat(fd, &st)) {
		diag(DIAG_ERROR, name, 0, "cannot stat: %s", strerror(errno));
		goto fail;
	}
	if (S_ISDIR(st.st_mode)) {
		diag(DIAG_ERROR, name, 0, "is a directory, not a profile");
		goto fail;
	}
	if (S_ISREG(st.st_mode))
		posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	loader_begin(&ld, p, name, pwd);
	rc = load_fd(&ld, fd);
	if (!rc)
		rc = loader_end(&ld);
	loader_release(&ld);
	if (fd != 0)
		close(fd);
	return rc;
fail:
	if (fd != 0)
		close(fd);
	return -1;
}

static int derive(struct profile *p, struct cc *c)
{
	return c ? events_derive(&p->ev, c->v) : 0;
}

int load_finish(struct profile *p)
{
	size_t i;
	int bad = 0;

	if (p->ev.n == p->ev.nraw)
		return 0;
	bad |= derive(p, p->total);
	for (i = 0; i < p->nfns; i++)
		bad |= derive(p, p->fns[i]->self);
	for (i = 0; i < p->ncalls; i++)
		bad |= derive(p, p->calls[i]->cc);
	for (i = 0; i < p->nfiles_src; i++) {
		struct file *f = p->files[i];
		struct callsite *s;
		size_t k;
		for (k = 0; k < f->lcap; k++)
			if (f->lkeys[k])
				bad |= derive(p, f->lvals[k]);
		for (s = f->sites; s; s = s->next)
			bad |= derive(p, s->cc);
	}
	if (bad) {
		diag(DIAG_ERROR, NULL, 0, "a derived event does not fit in 64 bits");
		return -1;
	}
	return 0;
}
