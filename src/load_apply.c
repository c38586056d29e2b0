/* load_apply: the loader's last stage; the records of tokenized blocks applied to the model in file order, with every diagnostic about a profile's content. */
#include "load_apply.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fnline.h"
#include "hash.h"
#include "icode.h"
#include "numfmt.h"

/*
 * How a line goes: loader_block() takes a block's records in order.  Runs
 * of tokenized cost lines that only add to the current function's self
 * cost go through run_take(), other tokenized cost lines through
 * fast_cost_line(); every other line, and any line those two decline,
 * through handle_line(), to header_line(), body_line() (names: fn=, fl=,
 * calls=, ...) or cost_line().  Every cost ends in cost_apply(); every
 * name in parse_name().  Only the line-by-line path words diagnostics.
 */

#define MAX_POS 3
#define FN_CACHE 1024		/* entries of the cache of recent functions (a power of 2) */
#define FL_CACHE 1024		/* entries of the cache of source files by name (a power of 2) */

/*
 * Compressed names by id.  An id holds to the end of the file, across
 * parts (the format's words); a later part may define it again, to the
 * same or another name, as KCachegrind accepts: part is the part of each
 * definition (loader.partno).  Ids are any 64-bit number: a hash table
 * (keyed, hash.h) by id, so that its memory follows the ids a file
 * defines, never their values (an array indexed by id made 111 bytes
 * with ids near 2^24 take 395 MB).
 */
struct idtab {
	struct id_slot {
		uint64_t id;
		const char *name;	/* NULL: an empty slot */
		uint32_t part;
	} *slot;
	size_t cap, n;
};

enum id_space { SP_OB, SP_FL, SP_FN, SP_N };

struct part_tot {
	uint64_t *v;		/* nraw values */
	size_t n;		/* numbers given */
	int given;
	uint64_t line;		/* where */
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
	uint32_t partno;	/* parts of this file begun before the current one */
	int by_callgrind;	/* a creator: line names Callgrind (its names have levels) */
	/*
	 * Cachegrind's files: a cmd: line and none of the header lines only
	 * Callgrind's format has (version:, creator:, positions:, part:, ...).
	 * Their counts are signed (profile.signed_counts), a cost line after
	 * fl= and before fn= is charged to "<unspecified>" of that file, and
	 * they have no calls.  Known once the first body line comes.
	 */
	int cmd_seen, callgrind_header, cachegrind;

	const char *ob;		/* current object */
	struct file *fl;	/* current file: last fl=, fi= or fe= */
	struct fn *fn;		/* current function, NULL before fn= */
	const char *cfn_ob;	/* cob= waiting for cfn= */
	struct file *cfn_fl;	/* cfi=/cfl= waiting for cfn= */
	struct fn *callee;	/* last cfn= */

	int call_pending;	/* calls= read; its cost line comes next */
	int pos_seen;		/* a cost line of this part set ld->pos */
	uint64_t call_count;
	uint64_t call_line;	/* line number of the calls= line */

	int npos, line_col;	/* position columns; index of "line" or -1 */
	int instr_col;		/* index of "instr" or -1 */
	uint64_t pos[MAX_POS];

	uint64_t *costs;	/* scratch for one cost line, n events */
	uint64_t *prev_costs;	/* previous cost line, for relative costs: the same
				 * array as costs, whose column i is read before
				 * the new line writes it */
	size_t costs_n;		/* costs[i] is 0 from here on: a line clears only
				 * what the one before it wrote, not every event */
	struct part_tot summary, totals;
	int warned_summary;
	uint64_t *self_sum;	/* sum of self costs of the current part */
	uint32_t part_ndef;
	int warned_relcost;
	unsigned junk_lines;	/* unrecognized lines before any header */

	/* the functions of the last fn=/fi=/fe= lines, by (file, name):
	   inlined code switches among a few of them */
	struct fn_cache {
		const struct file *file;
		const char *name, *obj;
		struct fn *fn;
		int addr;	/* the name is an address: obj is in the key (fn_key_obj()) */
	} fncache[FN_CACHE];

	/* the files of the last source file names, by interned name */
	struct file_cache {
		const char *name;
		struct file *file;
	} flcache[FL_CACHE];

	struct file *lc_file;	/* the last line cost looked up, */
	uint64_t lc_line;	/* for runs of instructions of one line */
	struct cc *lc_cc;

	uint64_t nbytes;	/* bytes read so far */

	/*
	 * The calls of cost lines, logged (struct clog_rec) and merged into
	 * the profile at the end of the file (clog_flush()), not looked up
	 * line by line: cc1's 37,287 calls= lines, each a lookup in an index
	 * of 25,200 calls, cost more than the rest of its load.
	 */
	char *clog;		/* reserved for clog_max records (xreserve()) */
	size_t clog_n, clog_cap, clog_max, clog_size;

	/* machine code (profile.keep_instr only): the function and object of
	   the last fn= line, whose unit takes the cost lines that follow */
	struct fn *code_fn;
	const char *code_ob;
	struct icode *icode;	/* the unit of code_fn in code_ob, once looked up */
	const char *jump_fn;	/* jfn= waiting for its jump= or jcnd= */
	int jump_pending;	/* jump=/jcnd= read; the jump's position line comes next */
	int jump_cond;
	uint64_t jump_taken, jump_exec, jump_to;
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

/* An error at the current line; one of the logged calls' before it comes first (clog_flush()). */
#define ERR(ld, ...) \
	(clog_first((ld)) ? -1 : (diag(DIAG_ERROR, (ld)->name, (ld)->lineno, __VA_ARGS__), -1))
#define WARN(ld, ...) diag(DIAG_WARNING, (ld)->name, (ld)->lineno, __VA_ARGS__)

static int clog_first(struct loader *ld);

/* ---- names and compression ---- */

static const char *const space_names[SP_N] = { "object", "file", "function" };

/* The slot of id in t: holding it, or the empty one where it goes (t->cap > 0). */
static struct id_slot *id_slot(const struct idtab *t, uint64_t id)
{
	size_t m = t->cap - 1, i = (size_t)hash_u64(id) & m;

	while (t->slot[i].name && t->slot[i].id != id)
		i = (i + 1) & m;
	return &t->slot[i];
}

/* The name of id, or NULL. */
static const char *id_get(const struct idtab *t, uint64_t id)
{
	return t->cap ? id_slot(t, id)->name : NULL;
}

static int id_set(struct loader *ld, enum id_space sp, uint64_t id, const char *name)
{
	struct idtab *t = &ld->ids[sp];
	struct id_slot *e;

	if ((t->n + 1) * 2 > t->cap) {
		struct idtab old = *t;
		size_t i;
		t->cap = old.cap ? 2 * old.cap : 64;
		t->slot = xcalloc(t->cap, sizeof(*t->slot));
		for (i = 0; i < old.cap; i++)
			if (old.slot[i].name)
				*id_slot(t, old.slot[i].id) = old.slot[i];
		free(old.slot);
	}
	e = id_slot(t, id);
	if (e->name && e->name != name && e->part == ld->partno)
		return ERR(ld, "compressed %s id (%llu) redefined from %s to %s",
			   space_names[sp], (unsigned long long)id,
			   diag_quote(e->name, strlen(e->name)), diag_quote(name, strlen(name)));
	if (!e->name)
		t->n++;
	e->id = id;
	e->name = name;
	e->part = ld->partno;
	return 0;
}

/*
 * The name a name line gives once its value is cut (has_id, id, and the
 * name text [q, q + len), len 0 with an id: a reference to it), as
 * parse_name() cuts it or the tokenizer did (struct name_rec).
 */
static int name_resolve(struct loader *ld, enum id_space sp, int has_id, uint64_t id,
			const char *q, size_t len, const char **out)
{
	const char *name;

	if (!has_id) {
		*out = profile_intern(ld->p, q, len);
		return 0;
	}
	if (!len) {
		*out = id_get(&ld->ids[sp], id);
		if (!*out && sp == SP_OB) {
			/* old callgrind versions did this; objects are only labels */
			WARN(ld, "compressed object id (%llu) used before it is defined; object left unnamed",
			     (unsigned long long)id);
			*out = profile_intern(ld->p, "", 0);
			return 0;
		}
		if (!*out)
			return ERR(ld, "compressed %s id (%llu) used before it is defined",
				   space_names[sp], (unsigned long long)id);
		return 0;
	}
	name = profile_intern(ld->p, q, len);
	*out = name;
	return id_set(ld, sp, id, name);
}

/*
 * Parse the value of a name line: "(id) name", "(id)" or "name".  Spaces
 * after '=' and after "(id)" are not part of the name; trailing ones are.
 * (The tokenizer's name_line() cuts the lines this takes without a word
 * the same way.)
 */
static int parse_name(struct loader *ld, enum id_space sp, const char *s,
		      const char *end, const char **out)
{
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
		return name_resolve(ld, sp, 1, id, q, (size_t)(end - q), out);
	}
plain:
	return name_resolve(ld, sp, 0, 0, s, (size_t)(end - s), out);
}

/* The file of an interned source file name, through a cache by name. */
static struct file *file_of(struct loader *ld, const char *name)
{
	uintptr_t h = (uintptr_t)name >> 3;
	struct file_cache *e = &ld->flcache[(h ^ h >> 8) & (FL_CACHE - 1)];
	const char *key = name;

	if (e->name == name)
		return e->file;
	if (ld->pwdlen && !strncmp(name, ld->pwd, ld->pwdlen) && name[ld->pwdlen])
		name = profile_intern(ld->p, name + ld->pwdlen, strlen(name + ld->pwdlen));
	e->name = key;
	e->file = profile_file(ld->p, name);
	return e->file;
}

static struct file *current_file(struct loader *ld)
{
	if (!ld->fl)
		ld->fl = profile_file(ld->p, profile_intern(ld->p, "???", 3));
	return ld->fl;
}

/* ---- parts and totals ---- */

/* Does a creator: value name Callgrind ("callgrind-3.19.0")? */
static int is_callgrind(const char *s, const char *end)
{
	return end - s >= 9 && !memcmp(s, "callgrind", 9);
}

static void part_reset(struct loader *ld)
{
	/* compressed ids stay: they hold to the end of the file */
	ld->partno++;
	ld->ob = NULL;
	ld->fl = NULL;
	ld->fn = NULL;
	ld->cfn_ob = NULL;
	ld->cfn_fl = NULL;
	ld->callee = NULL;
	ld->call_pending = 0;
	ld->pos_seen = 0;
	ld->code_fn = NULL;
	ld->code_ob = NULL;
	ld->icode = NULL;
	ld->jump_fn = NULL;
	ld->jump_pending = 0;
	memset(ld->pos, 0, sizeof(ld->pos));
	ld->summary.given = ld->totals.given = 0;
	ld->summary.n = ld->totals.n = 0;
	/* only the columns written (a part costs its lines, not its events) */
	if (ld->self_sum)
		memset(ld->self_sum, 0, ld->part_ndef * sizeof(uint64_t));
	ld->part_ndef = 0;
	if (ld->prev_costs)
		memset(ld->prev_costs, 0, ld->costs_n * sizeof(uint64_t));
	ld->costs_n = 0;
}

static int nonzero(const uint64_t *v, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (v[i])
			return 1;
	return 0;
}

/* The quoted name of event i. */
static const char *ev_name(const struct loader *ld, size_t i)
{
	return diag_quote(ld->p->ev.ev[i].name, strlen(ld->p->ev.ev[i].name));
}

/* *dst += x as signed 64-bit counts; nonzero when the sum does not fit */
static inline unsigned sadd(uint64_t *dst, uint64_t x)
{
	int64_t r;
	unsigned bad = __builtin_add_overflow((int64_t)*dst, (int64_t)x, &r);

	*dst = (uint64_t)r;
	return bad;
}

/* What a count that does not fit is said not to fit in. */
static const char *count_range(const struct loader *ld)
{
	return ld->p->signed_counts ? "a signed 64-bit number" : "64 bits";
}

/*
 * A Callgrind part's summary: or totals: line t says less for event i than
 * its cost lines sum to (callgrind --cacheuse=yes counts some events after
 * it wrote the line): the first time, a warning.
 */
static void total_below(struct loader *ld, const struct part_tot *t, size_t i)
{
	char a[32], b[32];

	if (ld->warned_summary)
		return;
	numfmt_commify(t->v[i], a);
	numfmt_commify(ld->self_sum[i], b);
	diag(DIAG_WARNING, ld->name, t->line,
	     "'%s:' line is below the cost lines: %s for event %s, whose cost lines sum to %s; "
	     "the sum is the total", t == &ld->summary ? "summary" : "totals", a, ev_name(ld, i), b);
	ld->warned_summary = 1;
}

/*
 * The total of a part: its summary: line, else its totals: line, else the
 * sum of its self costs; a Callgrind part's line that says less than the
 * sum of its cost lines, the sum.  Columns a short summary: leaves out come from the
 * next source.  Then add it to the program total, which is "(calculated)"
 * only when no column of any part came from a summary: or totals: line.
 */
static int part_finish(struct loader *ld)
{
	struct profile *p = ld->p;
	size_t i, nraw = p->ev.nraw, lim = ld->part_ndef;
	uint32_t ndef = 0;
	int calculated = 1, first = !p->total;
	/* Cachegrind's summary of a difference may well be all 0 */
	int sum_ok = ld->summary.given && (ld->cachegrind || nonzero(ld->summary.v, ld->summary.n));
	int tot_ok = ld->totals.given && nonzero(ld->totals.v, ld->totals.n);

	if (!p->ev.frozen)
		return 0;
	if (first)
		p->total = profile_cc_new(p);
	/* past every column given, each source says 0: the loop stops there */
	if (sum_ok && ld->summary.n > lim)
		lim = ld->summary.n;
	if (tot_ok && ld->totals.n > lim)
		lim = ld->totals.n;
	if (lim > nraw)
		lim = nraw;
	if (lim < nraw && ndef < ld->part_ndef)
		ndef = ld->part_ndef;	/* what the columns past lim would say */
	if (sum_ok && ld->cachegrind && !ld->warned_summary) {
		/*
		 * Percentages are of the summary: one that disagrees shows rows
		 * at 200%.  Cachegrind's summary is the sum of its cost lines
		 * (cg_annotate refuses a file where it is not); Callgrind's may
		 * count what was not dumped (--toggle-collect, a lost part).
		 */
		for (i = 0; i < ld->summary.n && i < nraw; i++) {
			char a[32], b[32];
			if (ld->summary.v[i] == ld->self_sum[i])
				continue;
			numfmt_commify_as(ld->summary.v[i], p->signed_counts, a);
			numfmt_commify_as(ld->self_sum[i], p->signed_counts, b);
			diag(DIAG_WARNING, ld->name, ld->summary.line,
			     "'summary:' line disagrees with the cost lines: %s for event %s, "
			     "whose cost lines sum to %s; percentages are of the summary",
			     a, ev_name(ld, i), b);
			ld->warned_summary = 1;
			break;
		}
	}
	for (i = 0; i < lim; i++) {
		const struct part_tot *from = NULL;
		uint64_t v;
		if (sum_ok && i < ld->summary.n) {
			from = &ld->summary;
			ndef = (uint32_t)ld->summary.n;
			calculated = 0;
		} else if (tot_ok && i < ld->totals.n) {
			from = &ld->totals;
			if (ndef < ld->totals.n)
				ndef = (uint32_t)ld->totals.n;
			calculated = 0;
		} else if (ndef < ld->part_ndef) {
			ndef = ld->part_ndef;
		}
		v = from ? from->v[i] : ld->self_sum[i];
		if (from && !ld->cachegrind && v < ld->self_sum[i]) {
			/* a total below its cost lines would cut inclusive costs below self costs */
			total_below(ld, from, i);
			v = ld->self_sum[i];
		}
		if (p->signed_counts ? sadd(&p->total->v[i], v)
				     : __builtin_add_overflow(p->total->v[i], v, &p->total->v[i]))
			return ERR(ld, "program total does not fit in %s (event %s)", count_range(ld),
				   diag_quote(p->ev.ev[i].name, strlen(p->ev.ev[i].name)));
	}
	if (ndef > p->total->ndef)
		p->total->ndef = ndef;
	p->total_calculated = calculated && (first || p->total_calculated);
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
		/* the first file says how counts are read; a sum keeps to one way */
		if (p->nfiles == 1)
			p->signed_counts = ld->cachegrind;
		else if (p->signed_counts != ld->cachegrind)
			return ERR(ld, "a %s profile cannot be summed with the %s profile%s before it",
				   ld->cachegrind ? "Cachegrind" : "Callgrind",
				   ld->cachegrind ? "Callgrind" : "Cachegrind", p->nfiles > 2 ? "s" : "");
		nraw = p->ev.nraw;
		ld->costs = xcalloc(p->ev.n + 1, sizeof(uint64_t));
		ld->prev_costs = ld->costs;
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

/*
 * A count of a Cachegrind file: a signed decimal (or 0x) number, "-200"
 * in cg_diff's output, stored in two's complement; LOAD_NUM_OVERFLOW past
 * -2^63 .. 2^63-1.
 */
static int parse_signed(const char **sp, const char *end, uint64_t *out)
{
	const char *s = *sp;
	int neg = 0, r;
	uint64_t v;

	if (s < end && (*s == '-' || *s == '+'))
		neg = *s++ == '-';
	r = load_parse_u64(&s, end, &v);
	if (r != LOAD_NUM_OK)
		return r;
	if (v > (uint64_t)INT64_MAX + neg)
		return LOAD_NUM_OVERFLOW;
	*out = neg ? 0 - v : v;
	*sp = s;
	return LOAD_NUM_OK;
}

static int parse_numbers(struct loader *ld, const char *s, const char *end,
			 struct part_tot *t, const char *what)
{
	size_t n = 0, nraw = ld->p->ev.nraw;

	if (!nraw)
		return ERR(ld, "'%s:' line before 'events:'", what);
	if (!ld->costs && freeze(ld))
		return -1;
	for (;;) {	/* (only t->v[0 .. t->n) is ever read) */
		int r;
		s = skip_space(s, end);
		if (s == end)
			break;
		if (n == nraw)
			return ERR(ld, "'%s:' line has more numbers than the %zu events", what, nraw);
		r = ld->cachegrind ? parse_signed(&s, end, &t->v[n]) : load_parse_u64(&s, end, &t->v[n]);
		if (r == LOAD_NUM_OVERFLOW)
			return ERR(ld, "number in '%s:' line does not fit in %s", what, count_range(ld));
		if (r != LOAD_NUM_OK || (s < end && !is_space(*s)))
			return ERR(ld, "bad number %s in '%s:' line", diag_quote(s, (size_t)(end - s)), what);
		n++;
	}
	t->n = n;
	t->given = 1;
	t->line = ld->lineno;
	return 0;
}

static int parse_positions(struct loader *ld, const char *s, const char *end)
{
	int n = 0, line_col = -1, instr_col = -1;

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
			instr_col = n;
		else if (!(len == 2 && !memcmp(w, "bb", 2)))
			return ERR(ld, "unknown position kind %s", diag_quote(w, len));
		n++;
	}
	if (!n)
		return ERR(ld, "'positions:' names no position kind");
	ld->npos = n;
	ld->line_col = line_col;
	ld->instr_col = instr_col;
	if (ld->p->nparts <= 1 && ld->p->nfiles <= 1) {
		ld->p->has_line = line_col >= 0;
		ld->p->has_instr = instr_col >= 0;
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
	if (KEY("totals")) {
		ld->callgrind_header = 1;
		ld->cachegrind = 0;
		return parse_numbers(ld, s, end, &ld->totals, "totals");
	}
	if (KEY("summary") && ld->in_body)
		return parse_numbers(ld, s, end, &ld->summary, "summary");
	if (!(KEY("version") || KEY("creator") || KEY("pid") || KEY("thread") ||
	      KEY("part") || KEY("cmd") || KEY("desc") || KEY("positions") ||
	      KEY("events") || KEY("event") || KEY("summary"))) {
		WARN(ld, "unknown header line %s ignored", diag_quote(key, (size_t)(end - key)));
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
	if (KEY("cmd"))
		ld->cmd_seen = 1;
	else if (!KEY("desc") && !KEY("events") && !KEY("summary"))
		ld->callgrind_header = 1;
	ld->cachegrind = ld->cmd_seen && !ld->callgrind_header;
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
		ld->by_callgrind = is_callgrind(skip_space(s, end), end);
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
			/* doubled when full (ndesc a power of 2): not one copy a line */
			if (!(p->ndesc & (p->ndesc - 1)))
				p->desc = xrealloc(p->desc, (p->ndesc ? 2 * p->ndesc : 1) * sizeof(*p->desc));
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

/*
 * Does what annogrind holds still fit what the bytes read allow (arena.h:
 * MEM_*)?  Called where a line may have made the model grow (a new
 * function, file, name, line, call or call site): 0, or -1 after the
 * error, at the line.
 */
static int mem_check(struct loader *ld)
{
	const struct profile *p = ld->p;

	if (!mem_over())
		return 0;
	return ERR(ld, "the profile needs more memory than annogrind gives it: over %d bytes "
		   "for each byte read, and over %zu MiB (each cost takes %zu bytes, for %zu "
		   "events)", MEM_PER_BYTE, MEM_FLOOR >> 20, profile_cc_size(p), p->ev.n);
}

/* ---- cost lines ---- */

/*
 * Parse one position column: +N, -N, * or an absolute number; what is
 * "position" or "count" (speedscope compresses counts the same way).
 */
static int parse_pos(struct loader *ld, const char **sp, const char *end,
		     uint64_t prev, uint64_t *out, const char *what)
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
			return ERR(ld, "%s %s does not fit in 64 bits", what,
				   diag_quote(s, (size_t)(end - s)));
		if (r != LOAD_NUM_OK)
			return ERR(ld, "bad %s %s", what, diag_quote(s, (size_t)(end - s)));
		if (*s == '+') {
			if (__builtin_add_overflow(prev, v, out))
				return ERR(ld, "relative %s %s goes past 2^64-1 (previous %s %llu)",
					   what, diag_quote(s, (size_t)(q - s)), what,
					   (unsigned long long)prev);
		} else {
			if (!ld->pos_seen && v)
				return ERR(ld, "relative %s %s on the first cost line: nothing to subtract from",
					   what, diag_quote(s, (size_t)(q - s)));
			if (v > prev)
				return ERR(ld, "relative %s %s goes below zero (previous %s %llu)",
					   what, diag_quote(s, (size_t)(q - s)), what,
					   (unsigned long long)prev);
			*out = prev - v;
		}
		*sp = q;
		return 0;
	}
	r = load_parse_u64(&s, end, &v);
	if (r == LOAD_NUM_OVERFLOW)
		return ERR(ld, "%s %s does not fit in 64 bits", what,
			   diag_quote(*sp, (size_t)(end - *sp)));
	if (r != LOAD_NUM_OK)
		return ERR(ld, "bad %s %s", what, diag_quote(*sp, (size_t)(end - *sp)));
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
		if (parse_pos(ld, &s, end, ld->pos[i], &pos[i], "position"))
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

/* After dst[0..n) += c[0..n) passed 2^64-1: the quoted name of an event that wrapped. */
static const char *wrapped(const struct loader *ld, const uint64_t *dst, const uint64_t *c,
			   size_t n)
{
	size_t i;

	for (i = 0; i + 1 < n && dst[i] >= c[i]; i++)
		;
	return diag_quote(ld->p->ev.ev[i].name, strlen(ld->p->ev.ev[i].name));
}

/* Did dst[0..n) += c[0..n) pass 2^64-1 in some column? */
static int wrapped_any(const uint64_t *dst, const uint64_t *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (dst[i] < c[i])
			return 1;
	return 0;
}

/* profile_fn() through the loader's cache (objects are in the key of address names only) */
static struct fn *fn_of(struct loader *ld, const char *obj, struct file *file, const char *name)
{
	uintptr_t h = ((uintptr_t)file >> 4) * 31 + ((uintptr_t)name >> 3);
	struct fn_cache *e = &ld->fncache[(h ^ h >> 10) & (FN_CACHE - 1)];

	/* (whether a name is an address is looked at once, when it misses) */
	if (e->file != file || e->name != name || (e->addr && e->obj != obj)) {
		const char *kobj = fn_key_obj(name, obj);
		e->fn = profile_fn_keyed(ld->p, obj, kobj, file, name);
		e->file = file;
		e->name = name;
		e->obj = obj;
		e->addr = kobj != NULL;
	}
	return e->fn;
}

/* The error of calls whose number (cost 0) or inclusive cost (1) does not fit, at line. */
static int call_error(const struct loader *ld, uint64_t line, int cost, const struct fn *from,
		      const struct fn *to)
{
	const char *caller = from->k.name, *callee = to->k.name;

	diag(DIAG_ERROR, ld->name, line, "%s from %s to %s does not fit in 64 bits",
	     cost ? "inclusive cost of the calls" : "number of calls",
	     diag_quote(caller, strlen(caller)), diag_quote(callee, strlen(callee)));
	return -1;
}

/*
 * Add calls times the calls from one function to another and their cost
 * c (n columns), read at line, to count and cc: 0, or -1 after the error.
 */
static int call_sum(struct loader *ld, uint64_t line, const struct fn *from, const struct fn *to,
		    uint64_t calls, uint64_t *count, struct cc *cc, const uint64_t *c, size_t n)
{
	if (__builtin_add_overflow(*count, calls, count))
		return clog_first(ld) ? -1 : call_error(ld, line, 0, from, to);
	if (counts_add(cc->v, c, n))
		return clog_first(ld) ? -1 : call_error(ld, line, 1, from, to);
	if (n > cc->ndef)
		cc->ndef = (uint32_t)n;
	return 0;
}

/* Add the pending calls= line and its cost line to a call site or machine-code call. */
static int call_add(struct loader *ld, uint64_t *count, struct cc *cc, const uint64_t *c,
		    size_t n)
{
	return call_sum(ld, ld->lineno, ld->fn, ld->callee, ld->call_count, count, cc, c, n);
}

/*
 * The call log.  A record holds a cost line of a call: its ends by id, its
 * line, count and every column (those past the line's n are 0).
 */
struct clog_rec {
	uint32_t caller, callee;
	uint32_t n;		/* columns; CLOG_MERGED once added to its call's first */
	uint32_t single;	/* count was 1: a bound for both ends (profile.single) */
	uint64_t line, count;
	uint64_t v[];
};

#define CLOG_MERGED UINT32_MAX
/* The log's bytes at most: full, it is merged and filled again. */
#define CLOG_BYTES ((size_t)32 << 20)

static int clog_flush(struct loader *ld);

/* Room for one more record in the log (clog_add()): reserved, charged, or the log merged. */
static __attribute__((noinline)) int clog_room(struct loader *ld)
{
	struct profile *p = ld->p;
	size_t more;

	if (!ld->clog) {
		ld->clog_size = sizeof(struct clog_rec) + p->ev.n * sizeof(uint64_t);
		ld->clog_max = CLOG_BYTES / ld->clog_size;
		if (!ld->clog_max)
			ld->clog_max = 1;
		ld->clog = xreserve(ld->clog_max * ld->clog_size);
		if (!ld->clog)
			xalloc_die();
	}
	if (ld->clog_cap == ld->clog_max)
		return clog_flush(ld);
	/* charged as it fills, by 1/16 of the room */
	more = ld->clog_max / 16 ? ld->clog_max / 16 : 1;
	if (more > ld->clog_max - ld->clog_cap)
		more = ld->clog_max - ld->clog_cap;
	mem_charge(more * ld->clog_size);
	ld->clog_cap += more;
	return 0;
}

/* Log the call of the cost line c (n columns, p->ev.n with the 0s after them). */
static inline int clog_add(struct loader *ld, const uint64_t *c, size_t n)
{
	struct clog_rec *r;
	size_t i, ne = ld->p->ev.n;

	if (ld->clog_n == ld->clog_cap && clog_room(ld))
		return -1;
	r = (struct clog_rec *)(void *)(ld->clog + ld->clog_n++ * ld->clog_size);
	r->caller = ld->fn->id;
	r->callee = ld->callee->id;
	r->n = (uint32_t)n;
	r->single = ld->call_count == 1;
	r->line = ld->lineno;
	r->count = ld->call_count;
	for (i = 0; i < ne; i++)
		r->v[i] = c[i];
	return 0;
}

static void clog_free(struct loader *ld)
{
	mem_uncharge(ld->clog_cap * ld->clog_size);
	xunreserve(ld->clog, ld->clog_max * ld->clog_size);
	ld->clog = NULL;
	ld->clog_n = ld->clog_cap = 0;
}

/*
 * The log's calls into a profile that has none yet.  The records are put
 * in order of their caller (counting), each added to the first of its
 * callee in that caller's run, and the calls made in the order of their
 * first record: the order a lookup at each line made them in.  Records
 * are added in the order of their lines, so a sum that does not fit is
 * found at the line where it stops fitting, as it was; the first such
 * line is the error.
 */
static int clog_merge(struct loader *ld, size_t n)
{
	struct profile *p = ld->p;
	size_t sz = ld->clog_size, nf = p->nfns, ne = p->ev.n, i, k;
	uint32_t *start = xcalloc_table((nf + 1) * sizeof(*start));
	uint32_t *ord = xmalloc_table(n * sizeof(*ord));
	uint32_t *seen = xmalloc_table((nf + 1) * sizeof(*seen));
	uint32_t *first = xmalloc_table((nf + 1) * sizeof(*first));
	const struct clog_rec *bad = NULL;
	int bad_cost = 0, rc = 0;

#define CLOG_REC(i) ((struct clog_rec *)(void *)(ld->clog + (size_t)(i) * sz))
	for (i = 0; i < n; i++)
		start[CLOG_REC(i)->caller]++;
	for (i = 0, k = 0; i < nf; i++) {
		size_t c = start[i];
		start[i] = (uint32_t)k;
		k += c;
	}
	for (i = 0; i < n; i++)
		ord[start[CLOG_REC(i)->caller]++] = (uint32_t)i;
	for (i = 0; i < nf; i++)
		seen[i] = UINT32_MAX;	/* no caller's run has seen callee i */
	profile_single_reserve(p, nf);
	for (k = 0; k < n; k++) {
		struct clog_rec *r = CLOG_REC(ord[k]), *h;
		if (r->single) {
			profile_single_max_in(p, r->caller, r->v, r->n);
			profile_single_max_in(p, r->callee, r->v, r->n);
		}
		if (seen[r->callee] != r->caller) {
			seen[r->callee] = r->caller;
			first[r->callee] = ord[k];
			continue;
		}
		h = CLOG_REC(first[r->callee]);
		if (__builtin_add_overflow(h->count, r->count, &h->count)) {
			if (!bad || r->line < bad->line)
				bad = r, bad_cost = 0;
		} else if (counts_add(h->v, r->v, ne) && (!bad || r->line < bad->line)) {
			bad = r, bad_cost = 1;
		}
		if (r->n > h->n)
			h->n = r->n;
		r->n = CLOG_MERGED;
	}
	if (bad) {
		rc = call_error(ld, bad->line, bad_cost, p->fns[bad->caller], p->fns[bad->callee]);
	} else {
		for (i = 0; i < n; i++) {
			const struct clog_rec *r = CLOG_REC(i);
			struct call *c;
			if (r->n == CLOG_MERGED)
				continue;
			c = profile_call_add(p, p->fns[r->caller], p->fns[r->callee]);
			c->count = r->count;
			for (k = 0; k < ne; k++)
				c->cc->v[k] = r->v[k];
			c->cc->ndef = r->n;
		}
	}
#undef CLOG_REC
	xfree_table(start);
	xfree_table(ord);
	xfree_table(seen);
	xfree_table(first);
	return rc;
}

/*
 * The log into the profile (clog_merge(), or a lookup for each record
 * when the profile has calls already: of another file, or of the log
 * when it filled CLOG_BYTES), emptied.  0, or -1 after the error, at its line.
 */
static int clog_flush(struct loader *ld)
{
	struct profile *p = ld->p;
	size_t n = ld->clog_n, i;
	int rc = 0;

	if (!n)
		return 0;
	ld->clog_n = 0;	/* errors in here report no log of their own */
	if (!p->ncalls) {
		rc = clog_merge(ld, n);
	} else {
		for (i = 0; i < n && !rc; i++) {
			const struct clog_rec *r = (const struct clog_rec *)(void *)(ld->clog + i * ld->clog_size);
			struct fn *from = p->fns[r->caller], *to = p->fns[r->callee];
			struct call *c = profile_call(p, from, to);
			rc = call_sum(ld, r->line, from, to, r->count, &c->count, c->cc, r->v, r->n);
			if (!rc && r->single) {
				profile_single_max(p, from, r->v, r->n);
				profile_single_max(p, to, r->v, r->n);
			}
		}
	}
	if (!rc && mem_over())
		rc = ERR(ld, "the profile needs more memory than annogrind gives it: over %d bytes "
			 "for each byte read, and over %zu MiB (each cost takes %zu bytes, for %zu "
			 "events)", MEM_PER_BYTE, MEM_FLOOR >> 20, profile_cc_size(p), p->ev.n);
	return rc;
}

/* Before an error at the current line: 1 if a logged call's came first (and was reported). */
static int clog_first(struct loader *ld)
{
	return ld->clog_n && clog_flush(ld);
}

/*
 * The machine code of a cost line (profile.keep_instr): the cost of its
 * instruction, or the call or jump made there when a calls=, jump= or
 * jcnd= line came before it.
 */
static int instr_apply(struct loader *ld, const uint64_t *pos, const uint64_t *c, size_t n,
		       struct file *f, uint64_t line)
{
	struct profile *p = ld->p;
	struct instr *in;
	uint64_t addr = pos[ld->instr_col];
	size_t i;
	unsigned bad = 0;

	if (!ld->icode)
		ld->icode = icode_get(p, ld->code_fn, ld->code_ob);
	in = icode_instr(p, ld->icode, addr);
	if (ld->call_pending) {
		struct icall *k = instr_call(p, in, ld->callee);
		return call_add(ld, &k->count, k->cc, c, n);
	}
	if (ld->jump_pending) {
		struct ijump *j = instr_jump(p, in, ld->jump_to, ld->jump_fn, ld->jump_cond);
		ld->jump_pending = 0;
		ld->jump_fn = NULL;
		ld->icode->njumps++;
		if (__builtin_add_overflow(j->taken, ld->jump_taken, &j->taken) ||
		    __builtin_add_overflow(j->executed, ld->jump_exec, &j->executed))
			return ERR(ld, "jump count at address 0x%llx of %s does not fit in 64 bits",
				   (unsigned long long)addr,
				   diag_quote(ld->code_fn->k.name, strlen(ld->code_fn->k.name)));
	}
	for (i = 0; i < n; i++)
		bad |= __builtin_add_overflow(in->cc->v[i], c[i], &in->cc->v[i]);
	if (bad)
		return ERR(ld, "cost of address 0x%llx of %s does not fit in 64 bits (event %s)",
			   (unsigned long long)addr,
			   diag_quote(ld->code_fn->k.name, strlen(ld->code_fn->k.name)),
			   wrapped(ld, in->cc->v, c, n));
	if (n > in->cc->ndef)
		in->cc->ndef = (uint32_t)n;
	if (n || !in->file) {
		in->file = f;
		in->line = line;
	}
	if (ld->fn != ld->code_fn)
		icode_piece(ld->icode, ld->fn);
	return mem_check(ld);
}

static inline __attribute__((always_inline)) int
cost_apply(struct loader *ld, const uint64_t *pos, uint64_t *restrict c, size_t n)
{
	struct profile *p = ld->p;
	size_t i;
	uint64_t line;
	struct cc *dst, *lc = NULL;
	struct file *f;
	struct fn *fn = ld->fn;
	int line_col = ld->line_col;
	unsigned bad_self = 0, bad_line = 0;

	/* the columns left out are 0; this is also the previous line for the next one */
	for (i = n; i < ld->costs_n; i++)
		c[i] = 0;
	ld->costs_n = n;
	for (i = 0; i < MAX_POS; i++)
		ld->pos[i] = pos[i];
	ld->pos_seen = 1;
	line = line_col >= 0 ? pos[line_col] : 0;
	if (line == UINT64_MAX)
		return ERR(ld, "line number 2^64-1 is out of range");

	if (!fn && ld->cachegrind && ld->fl) {
		/* Cachegrind's format: fl= starts a file's costs of no function yet */
		fn = ld->fn = fn_of(ld, ld->ob ? ld->ob : profile_intern(p, "", 0), ld->fl,
				    profile_intern(p, "<unspecified>", 13));
		fn->listed = 1;
		fn->named = 1;
	}
	if (!fn) {
		if (ld->call_pending)
			return ERR(ld, "call cost line before any 'fn=' line");
		return ERR(ld, "cost line before any 'fn=' line");
	}
	f = ld->fl ? ld->fl : current_file(ld);
	/* a line of another file (fi=, fe=) belongs to that file's row, not fn */
	if (p->keep_spans && f == fn->k.file)
		profile_span_add(p, fn, line);
	if (p->keep_instr && ld->instr_col >= 0 && ld->code_fn &&
	    instr_apply(ld, pos, c, n, f, line))
		return -1;
	if (ld->call_pending) {
		ld->call_pending = 0;
		/* annotated sources order their calls by the caller's calls to the callee */
		if (!p->drop_calls || f->keep_lines || fn->k.file->keep_lines) {
			if (clog_add(ld, c, n))
				return -1;
		}
		/* the call instruction's address, on the caller's line */
		if (p->keep_fn_lines && ld->instr_col >= 0)
			fnline_add(p, fn, f, line, pos[ld->instr_col], c, 0);
		if (f->keep_lines || p->keep_fn_lines) {
			struct callsite *site = profile_callsite(p, f, line, fn, ld->callee);
			if (call_add(ld, &site->count, site->cc, c, n))
				return -1;
		}
		return mem_check(ld);
	}
	if (p->keep_fn_lines)
		fnline_add(p, fn, f, line, ld->instr_col >= 0 ? pos[ld->instr_col] : UINT64_MAX, c, n);
	if (line_col >= 0 && f->keep_lines) {
		/* consecutive instructions of one source line hit the same cost */
		if (f == ld->lc_file && line == ld->lc_line && ld->lc_cc) {
			lc = ld->lc_cc;
		} else {
			lc = profile_line(p, f, line);
			ld->lc_file = f;
			ld->lc_line = line;
			ld->lc_cc = lc;
			if (mem_check(ld))
				return -1;
		}
	}
	dst = fn->self;
	if (p->signed_counts) {
		/* Cachegrind's signed counts: the first column whose sum does not fit */
		size_t bs = n, bt = n, bl = n;
		for (i = 0; i < n; i++) {
			if (sadd(&dst->v[i], c[i]) && bs == n)
				bs = i;
			if (sadd(&ld->self_sum[i], c[i]) && bt == n)
				bt = i;
			if (lc && sadd(&lc->v[i], c[i]) && bl == n)
				bl = i;
		}
		if (bs < n)
			return ERR(ld, "cost of function %s does not fit in a signed 64-bit number (event %s)",
				   diag_quote(fn->k.name, strlen(fn->k.name)), ev_name(ld, bs));
		if (bt < n)
			return ERR(ld, "total cost of the profile does not fit in a signed 64-bit number (event %s)",
				   ev_name(ld, bt));
		if (bl < n)
			return ERR(ld, "cost of line %llu of %s does not fit in a signed 64-bit number (event %s)",
				   (unsigned long long)line, diag_quote(f->name, strlen(f->name)),
				   ev_name(ld, bl));
	} else {
		uint64_t *restrict sv = dst->v, *restrict ss = ld->self_sum;
		uint64_t *restrict lv = lc ? lc->v : NULL;
		for (i = 0; i < n; i++) {
			uint64_t x = c[i];
			bad_self |= __builtin_add_overflow(sv[i], x, &sv[i]);
			bad_self |= __builtin_add_overflow(ss[i], x, &ss[i]);
			if (lv)
				bad_line |= __builtin_add_overflow(lv[i], x, &lv[i]);
		}
	}
	if (bad_self && wrapped_any(dst->v, c, n))
		return ERR(ld, "cost of function %s does not fit in 64 bits (event %s)",
			   diag_quote(fn->k.name, strlen(fn->k.name)), wrapped(ld, dst->v, c, n));
	if (bad_self)
		return ERR(ld, "total cost of the profile does not fit in 64 bits (event %s)",
			   wrapped(ld, ld->self_sum, c, n));
	if (n > dst->ndef)
		dst->ndef = (uint32_t)n;
	if (n > ld->part_ndef)
		ld->part_ndef = (uint32_t)n;
	if (lc) {
		if (bad_line)
			return ERR(ld, "cost of line %llu of %s does not fit in 64 bits (event %s)",
				   (unsigned long long)line, diag_quote(f->name, strlen(f->name)),
				   wrapped(ld, lc->v, c, n));
		if (n > lc->ndef)
			lc->ndef = (uint32_t)n;
	}
	return 0;
}

static int cost_line(struct loader *ld, const char *s, const char *end)
{
	const char *line_start = s;
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
			return ERR(ld, "too many counts in cost line %s: 'events:' names %zu event%s",
				   diag_quote(line_start, (size_t)(end - line_start)), nraw,
				   nraw > 1 ? "s" : "");
		start = s;
		if (ld->cachegrind)
			r = parse_signed(&s, end, &c[n]);
		else
			r = load_parse_u64(&s, end, &c[n]);
		if (r == LOAD_NUM_NONE && (*start == '*' || *start == '+' || *start == '-') &&
		    !ld->cachegrind) {
			/*
			 * speedscope's writer compresses costs like positions: '*',
			 * '+N' and '-N' alike are read against the previous cost
			 * line (a Callgrind count is never negative; a Cachegrind
			 * file's '-N' is a signed count, read above)
			 */
			uint64_t v;
			if (parse_pos(ld, &s, end, ld->prev_costs[n], &v, "count"))
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
			return ERR(ld, "count %s does not fit in %s",
				   diag_quote(start, (size_t)(end - start)), count_range(ld));
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
 * Cost lines come cut into tokens by the tokenizer (load_tokenize.h):
 * "*", "+N", "-N", decimal N, or 0xN.  Anything unusual makes the whole
 * line go the slow way (cost_line()), which alone words the diagnostics.
 *
 * One position of a tokenized line: TK_PLUS/TK_MINUS relative to prev,
 * TK_STAR prev again, else absolute.  *bad is set where only the slow
 * way may word what is wrong (past 2^64-1, below zero).
 */
static inline uint64_t pos_step(uint64_t prev, uint64_t v, unsigned char t, unsigned *bad)
{
	if (t == TK_PLUS) {
		*bad |= __builtin_add_overflow(prev, v, &v);
	} else if (t == TK_MINUS) {
		*bad |= v > prev;
		v = prev - v;
	} else if (t == TK_STAR) {
		v = prev;
	}
	return v;
}

/*
 * Apply a tokenized cost line.  Returns 1 when done, 0 when the line must
 * go the slow way (nothing was changed then), -1 after an error.
 */
static int fast_cost_line(struct loader *ld, const uint64_t *tv, const tok_type *tt,
			  size_t ntok)
{
	uint64_t pos[MAX_POS], *restrict c = ld->costs;
	const uint64_t *prevpos = ld->pos;
	size_t n, nraw, i, npos = (size_t)ld->npos;
	unsigned bad = 0;

	if (!c || !ntok)
		return 0;
	nraw = ld->p->ev.nraw;
	n = ntok > npos ? ntok - npos : 0;
	if (n > nraw)
		return 0;
	for (i = 0; i < npos; i++)	/* a short line repeats the rest */
		pos[i] = i < ntok ? pos_step(prevpos[i], tv[i], tt[i], &bad) : prevpos[i];
	for (i = 0; i < n; i++)
		bad |= tt[npos + i] != TK_DEC;
	if (ld->cachegrind)	/* signed: a count past 2^63-1 is worded the slow way */
		for (i = 0; i < n; i++)
			bad |= tv[npos + i] > (uint64_t)INT64_MAX;
	if (bad)
		return 0;
	/* nothing written before this point: the slow way may still be taken */
	for (i = 0; i < n; i++)
		c[i] = tv[npos + i];
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
		return ERR(ld, "call count %s does not fit in 64 bits",
			   diag_quote(s, (size_t)(end - s)));
	if (r != LOAD_NUM_OK || (s < end && !is_space(*s)))
		return ERR(ld, "bad call count %s", diag_quote(s, (size_t)(end - s)));
	/* The target position does not move the current position. */
	s = skip_space(s, end);
	if (s < end && parse_positions_of_line(ld, &s, end, pos))
		return -1;
	ld->call_pending = 1;
	ld->call_line = ld->lineno;
	return 0;
}

/*
 * A calls= line the tokenizer cut (REC_CALLS): the count, then the target
 * positions.  Returns 1 when done, 0 when calls_line() must read it
 * (nothing was changed then), which alone words what is wrong.
 */
static int calls_tokens(struct loader *ld, const uint64_t *tv, const tok_type *tt, size_t nt)
{
	size_t i;
	unsigned bad = 0;

	if (!ld->callee)
		return 0;
	/* the target does not move the current position, but must be one */
	for (i = 0; i < (size_t)ld->npos && i + 1 < nt; i++) {
		uint64_t prev = ld->pos[i], v = tv[i + 1];
		if (tt[i + 1] == TK_PLUS)
			bad |= v > UINT64_MAX - prev;
		else if (tt[i + 1] == TK_MINUS)
			bad |= v > prev || (!ld->pos_seen && v);
	}
	if (bad)
		return 0;
	ld->in_body = 1;
	ld->jump_pending = 0;	/* (as body_line()) */
	ld->call_count = tv[0];
	ld->call_pending = 1;
	ld->call_line = ld->lineno;
	return 1;
}

/*
 * jump=COUNT TARGET or jcnd=TAKEN/EXECUTED TARGET (Callgrind's
 * --collect-jumps=yes), kept only for the machine code: the jump's own
 * position is the line after it.  Such lines were never needed before, so
 * a malformed one is a warning (the jump is left out), not an error.
 */
static int jump_line(struct loader *ld, int cond, const char *s, const char *end)
{
	const char *start = s;
	uint64_t pos[MAX_POS];

	s = skip_space(s, end);
	if (load_parse_u64(&s, end, &ld->jump_taken) != LOAD_NUM_OK)
		goto bad;
	ld->jump_exec = ld->jump_taken;
	if (cond && (s == end || *s != '/' || (s++, load_parse_u64(&s, end, &ld->jump_exec)) != LOAD_NUM_OK))
		goto bad;
	if (s == end || !is_space(*s))
		goto bad;
	s = skip_space(s, end);
	if (s == end || parse_positions_of_line(ld, &s, end, pos))
		goto bad;
	ld->jump_to = pos[ld->instr_col];
	ld->jump_cond = cond;
	ld->jump_pending = 1;
	return 0;
bad:
	WARN(ld, "bad %s line %s ignored", cond ? "'jcnd='" : "'jump='",
	     diag_quote(start, (size_t)(end - start)));
	ld->jump_fn = NULL;
	return 0;
}

/* The id space of the name of each key (NK_* of load_tokenize.h). */
static const enum id_space key_space[] = {
	[NK_FN] = SP_FN, [NK_FL] = SP_FL, [NK_FI] = SP_FL, [NK_FE] = SP_FL, [NK_OB] = SP_OB,
	[NK_COB] = SP_OB, [NK_CFI] = SP_FL, [NK_CFL] = SP_FL, [NK_CFN] = SP_FN,
	[NK_JFI] = SP_FL, [NK_JFN] = SP_FN,
};

/* The key of a name line (NK_*), or -1. */
static int name_key(const char *key, size_t klen)
{
	if (klen == 2 && key[0] == 'f')
		return key[1] == 'n' ? NK_FN : key[1] == 'l' ? NK_FL : key[1] == 'i' ? NK_FI :
		       key[1] == 'e' ? NK_FE : -1;
	if (klen == 2)
		return key[0] == 'o' && key[1] == 'b' ? NK_OB : -1;
	if (klen == 3 && key[0] == 'c') {
		if (key[1] == 'o' && key[2] == 'b')
			return NK_COB;
		if (key[1] == 'f')
			return key[2] == 'i' ? NK_CFI : key[2] == 'l' ? NK_CFL : key[2] == 'n' ? NK_CFN : -1;
	}
	if (klen == 3 && key[0] == 'j' && key[1] == 'f')
		return key[2] == 'i' ? NK_JFI : key[2] == 'n' ? NK_JFN : -1;
	return -1;
}

/* What a name line with key k (NK_*) and the name it gave does. */
static int name_line(struct loader *ld, int k, const char *name)
{
	struct profile *p = ld->p;
	const char *ob;

	switch (k) {
	case NK_FN:
		ob = ld->ob ? ld->ob : profile_intern(p, "", 0);
		ld->fn = fn_of(ld, ob, current_file(ld), name);
		if (ld->fn->named && ld->fn->obj != ob)
			ld->fn->multi_obj = 1;
		ld->fn->obj = ob;
		ld->fn->listed = 1;
		ld->fn->named = 1;
		ld->code_fn = ld->fn;
		ld->code_ob = ob;
		ld->icode = NULL;
		ld->jump_fn = NULL;
		break;
	case NK_FL:
	case NK_FI:
	case NK_FE:
		ld->fl = file_of(ld, name);
		if (ld->cachegrind && k == NK_FL) {
			/* no function until its fn=: cost_apply() charges "<unspecified>" */
			ld->fn = NULL;
			break;
		}
		if (k != NK_FL && ld->fn && p->fold_inlined && ld->code_fn) {
			ld->fn = ld->code_fn;	/* inlined code stays in its function */
		} else if (k != NK_FL && ld->fn) {
			/* inlined code: its costs go to "file:function" of that file */
			ld->fn = fn_of(ld, ld->fn->obj, ld->fl, ld->fn->k.name);
			ld->fn->listed = 1;
		}
		break;
	case NK_OB:
		ld->ob = name;
		break;
	case NK_COB:
		ld->cfn_ob = name;
		break;
	case NK_CFI:
	case NK_CFL:
		ld->cfn_fl = file_of(ld, name);
		break;
	case NK_CFN:
		ob = ld->cfn_ob ? ld->cfn_ob : ld->ob ? ld->ob : profile_intern(p, "", 0);
		ld->callee = fn_of(ld, ob, ld->cfn_fl ? ld->cfn_fl : current_file(ld), name);
		ld->cfn_ob = NULL;
		ld->cfn_fl = NULL;
		break;
	case NK_JFI:
		break;	/* jump targets: only their name definitions matter here */
	case NK_JFN:
		ld->jump_fn = name;
		break;
	}
	return mem_check(ld);
}

static int body_line(struct loader *ld, const char *key, size_t klen,
		     const char *s, const char *end)
{
	const char *name;
	int k = name_key(key, klen);

	if (!ld->costs && freeze(ld))
		return -1;
	ld->in_body = 1;
	ld->jump_pending = 0;	/* a jump's position line comes right after it */
	if (ld->cachegrind && (k == NK_COB || k == NK_CFI || k == NK_CFL || k == NK_CFN ||
			       (klen == 5 && !memcmp(key, "calls", 5))))
		return ERR(ld, "call line %s in a Cachegrind profile (no 'version:' or 'creator:' line says it is Callgrind's)",
			   diag_quote(key, (size_t)(end - key)));
	if (k >= 0) {
		if (parse_name(ld, key_space[k], s, end, &name))
			return -1;
		return name_line(ld, k, name);
	} else if (klen == 5 && !memcmp(key, "calls", 5)) {
		return calls_line(ld, s, end);
	} else if (klen == 4 && (!memcmp(key, "jump", 4) || !memcmp(key, "jcnd", 4))) {
		/* the position line after it is a cost line */
		if (ld->p->keep_instr && ld->instr_col >= 0 && ld->fn)
			return jump_line(ld, key[1] == 'c', s, end);
		return 0;
	}
	WARN(ld, "unknown line %s ignored", diag_quote(key, (size_t)(end - key)));
	return 0;
}

/*
 * A name line the tokenizer cut (struct name_rec), when nothing before
 * the key would have a word to say: what body_line() does with it.
 */
static inline int name_rec_apply(struct loader *ld, const struct name_rec *nr, const char *s)
{
	const char *name;

	ld->in_body = 1;
	ld->jump_pending = 0;
	if (name_resolve(ld, key_space[nr->key], nr->has_id, nr->id, s + nr->off, nr->len, &name))
		return -1;
	return name_line(ld, nr->key, name);
}

/* Is [s, end) valid UTF-8? */
static int utf8_valid(const unsigned char *s, const unsigned char *end)
{
	while (s < end) {
		unsigned c = *s++, n;
		if (c < 0x80)
			continue;
		if (c >= 0xc2 && c <= 0xdf)
			n = 1;
		else if (c >= 0xe0 && c <= 0xef)
			n = 2;
		else if (c >= 0xf0 && c <= 0xf4)
			n = 3;
		else
			return 0;
		for (; n; n--, s++)
			if (s == end || (*s & 0xc0) != 0x80)
				return 0;
	}
	return 1;
}

/*
 * What a text profile never holds: a control byte other than tab, or a
 * byte 0x80-0x9f that is not part of UTF-8 (no Latin-1 text has one; a
 * PNG starts with 0x89).
 */
static int looks_binary(const char *s, const char *end)
{
	const char *p;
	int high = 0;

	for (p = s; p < end; p++) {
		unsigned char c = (unsigned char)*p;
		if ((c < 0x20 && c != '\t') || c == 0x7f)
			return 1;
		high |= c >= 0x80 && c <= 0x9f;
	}
	return high && !utf8_valid((const unsigned char *)s, (const unsigned char *)end);
}

static int handle_line(struct loader *ld, const char *s, const char *end)
{
	const char *k;
	unsigned char c;

	if (s == end)
		return 0;
	c = (unsigned char)*s;
	if (!ld->header_seen && c != '#' && looks_binary(s, end))
		return ERR(ld, "binary data, not a Callgrind profile: %s",
			   diag_quote(s, (size_t)(end - s)));
	if ((unsigned)(c - '0') < 10 || c == '+' || c == '-' || c == '*') {
		return cost_line(ld, s, end);
	}
	if (c == '#')
		return 0;
	if (is_space((char)c)) {
		if (skip_space(s, end) == end)
			return 0;
	}
	if (ld->call_pending) {
		diag(DIAG_ERROR, ld->name, ld->call_line,
		     "'calls=' line not followed by its cost line (line %llu is %s)",
		     (unsigned long long)ld->lineno, diag_quote(s, (size_t)(end - s)));
		return -1;
	}
	k = s;
	while (s < end && ((unsigned)((*s | 0x20) - 'a') < 26 || (unsigned)(*s - '0') < 10 ||
			   *s == '_'))
		s++;
	if (s > k && s < end && *s == '=')
		return body_line(ld, k, (size_t)(s - k), s + 1, end);
	if (s > k && s < end && *s == ':')
		return header_line(ld, k, (size_t)(s - k), s + 1, end);
	if (!ld->header_seen && ++ld->junk_lines > 5)
		return ERR(ld, "unexpected text %s, not a Callgrind profile",
			   diag_quote(k, (size_t)(end - k)));
	WARN(ld, "unrecognized line %s ignored", diag_quote(k, (size_t)(end - k)));
	return 0;
}

struct loader *loader_new(struct profile *p, const char *name, const char *pwd)
{
	struct loader *ld = xcalloc(1, sizeof(*ld));

	ld->p = p;
	ld->name = name;
	ld->pwd = pwd;
	ld->pwdlen = pwd ? strlen(pwd) : 0;
	ld->npos = 1;
	ld->line_col = 0;
	ld->instr_col = -1;
	diag_warnings_begin();
	p->nfiles++;
	p->nparts++;
	if (p->nfiles == 1)
		p->has_line = 1;
	return ld;
}

/*
 * Take a run the tokenizer summed (struct run in load_tokenize.h) in one
 * go, when only the current function's self cost takes its lines and no
 * line of it needs a word: returns 1 when it was applied, 0 when its
 * lines must be taken one by one (nothing was changed then), which alone
 * words the diagnostics.
 */
static int run_take(struct loader *ld, const struct block *b, const struct run *ru, size_t tok)
{
	struct profile *p = ld->p;
	size_t npos = (size_t)ld->npos, nraw = p->ev.nraw, n, i;
	uint64_t pos[MAX_POS], *sv, *ss, *c = ld->costs;
	const uint64_t *acc, *last;
	struct fn *fn = ld->fn;
	struct file *f;
	unsigned bad = 0;

	n = ru->ncol > npos ? ru->ncol - npos : 0;
	/* the tokenizer's sums are unsigned: Cachegrind's signed counts go line by line */
	if (!c || !fn || ld->call_pending || ld->cachegrind || !ld->pos_seen || n > nraw || npos > RUN_POS ||
	    ru->bad >> npos)
		return 0;
	f = ld->fl ? ld->fl : current_file(ld);
	if ((ld->line_col >= 0 && f->keep_lines) || p->keep_spans || p->keep_fn_lines)
		return 0;
	for (i = 0; i < npos; i++) {
		const struct run_pos *rp = &ru->pos[i];
		uint64_t base = ld->pos[i];
		/* the values the lines went through, base + [min, max], in [0, 2^64-2] */
		bad |= rp->bad | (base < (uint64_t)-rp->min) | (base > UINT64_MAX - 1 - (uint64_t)rp->max);
		pos[i] = rp->abs ? rp->v : base + (uint64_t)rp->d;
	}
	if (bad)
		return 0;
	/* the sums, checked before anything changes */
	acc = b->acc + ru->acc + npos;
	sv = fn->self->v;
	ss = ld->self_sum;
	for (i = 0; i < n; i++) {
		uint64_t y;
		bad |= __builtin_add_overflow(sv[i], acc[i], &y);
		bad |= __builtin_add_overflow(ss[i], acc[i], &y);
	}
	if (bad)
		return 0;
	for (i = 0; i < n; i++) {
		sv[i] += acc[i];
		ss[i] += acc[i];
	}
	if (n > fn->self->ndef)
		fn->self->ndef = (uint32_t)n;
	if (n > ld->part_ndef)
		ld->part_ndef = (uint32_t)n;
	/* as after the last line: its counts (the previous line for relative counts) and positions */
	last = b->tv + tok + ru->lasttok;
	n = ru->lastnt > npos ? ru->lastnt - npos : 0;
	for (i = 0; i < n; i++)
		c[i] = last[npos + i];
	for (; i < ld->costs_n; i++)
		c[i] = 0;
	ld->costs_n = n;
	for (i = 0; i < npos; i++)
		ld->pos[i] = pos[i];
	ld->in_body = 1;
	ld->lineno += ru->nrec;
	return 1;
}

/* Apply a tokenized block to the model, line after line. */
int loader_block(struct loader *ld, const struct block *b)
{
	/* with keep_instr no runs: each address keeps its own cost */
	const struct run *ru = b->nrun && !ld->p->keep_instr ? b->run : NULL;
	const struct run *rend = ru ? ru + b->nrun : NULL;
	size_t i, tok = 0, name = 0;
	const char *s = b->buf, *le;

	ld->nbytes += b->len;
	mem_input(b->len);
	for (i = 0; i < b->nrec; i++, s = le + 1) {
		const struct rec *r = &b->rec[i];
		if (ru && i == ru->rec) {
			int taken = run_take(ld, b, ru, tok);
			if (taken) {
				i += ru->nrec - 1;
				tok += ru->ntok;
				le = s + ru->nbytes - 1;
			}
			if (++ru == rend)
				ru = NULL;
			if (taken)
				continue;
		}
		ld->lineno++;
		if (r->ntok == REC_NAME) {
			const struct name_rec *nr = &b->name[name++];
			le = s + r->len;
			/* what handle_line() checks before the key, then body_line() */
			if (ld->header_seen && !ld->call_pending && ld->costs &&
			    !(ld->cachegrind && nr->key >= NK_COB && nr->key <= NK_CFN)) {
				if (name_rec_apply(ld, nr, s))
					return -1;
				continue;
			}
		} else if (r->ntok >= REC_CALLS && r->ntok != REC_SLOW) {
			size_t nt = r->ntok - REC_CALLS;
			int rc = 0;
			le = s + r->len;
			if (ld->header_seen && !ld->call_pending && ld->costs && !ld->cachegrind)
				rc = calls_tokens(ld, b->tv + tok, b->tt + tok, nt);
			tok += nt;
			if (rc > 0)
				continue;
			if (rc < 0)
				return -1;
		} else if (r->ntok != REC_SLOW) {
			int rc = fast_cost_line(ld, b->tv + tok, b->tt + tok, r->ntok);
			tok += r->ntok;
			le = s + r->len;
			if (rc > 0)
				continue;
			if (rc < 0)
				return -1;
		} else {
			le = rec_end(b, r, s);
		}
		if (handle_line(ld, s, le > s && le[-1] == '\r' ? le - 1 : le))
			return -1;
	}
	if (b->nul) {
		diag(DIAG_ERROR, ld->name, ld->lineno + 1,
		     "NUL byte, not a Callgrind profile (binary data?)");
		return -1;
	}
	if (b->toolong) {
		diag(DIAG_ERROR, ld->name, ld->lineno + 1,
		     "line longer than %zu bytes, not a Callgrind profile", LOAD_MAX_LINE);
		return -1;
	}
	if (b->last_nonl && (ld->in_body || ld->header_seen))
		diag(DIAG_WARNING, ld->name, ld->lineno,
		     "last line has no newline; the file may be truncated");
	return 0;
}

/* After the last block: the checks of a whole file. */
int loader_end(struct loader *ld)
{
	struct profile *p = ld->p;
	int rc = 0;

	if (ld->nbytes == 0) {
		diag(DIAG_ERROR, ld->name, 0, "empty file, not a Callgrind profile");
		return -1;
	}
	if (clog_flush(ld))
		return -1;
	if (ld->call_pending) {
		diag(DIAG_ERROR, ld->name, ld->call_line,
		     "'calls=' line not followed by its cost line (the file ends)");
		return -1;
	}
	if (!ld->events_seen) {
		diag(DIAG_ERROR, ld->name, ld->lineno,
		     ld->header_seen ? "no 'events:' line in the file"
				     : "no header lines, not a Callgrind profile");
		return -1;
	}
	if (!p->ev.frozen)
		rc = freeze(ld);
	if (!rc)
		rc = part_finish(ld);
	/* one file of another producer in a sum: its names say nothing of levels */
	p->levels = ld->by_callgrind && p->levels != PROFILE_LEVELS_NONE ? PROFILE_LEVELS_NAMES
									 : PROFILE_LEVELS_NONE;
	return rc;
}

void loader_free(struct loader *ld)
{
	int i;

	diag_warnings_end(ld->name);
	for (i = 0; i < SP_N; i++)
		free(ld->ids[i].slot);
	free(ld->costs);
	free(ld->self_sum);
	free(ld->summary.v);
	free(ld->totals.v);
	clog_free(ld);
	free(ld);
}
