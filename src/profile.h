/* profile: the in-memory model of one or more Callgrind profiles summed together. */
#ifndef ANNOGRIND_PROFILE_H
#define ANNOGRIND_PROFILE_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "events.h"
#include "hash.h"

/*
 * Ownership: a struct profile owns everything reachable from it (names,
 * functions, files, calls, costs), all allocated from its arena, and
 * profile_release() frees it in one go.  Names are interned: two names are
 * equal exactly when their pointers are.  Renderers read a profile through
 * a const pointer and never change it.
 *
 * A cost ("cc") holds one 64-bit counter per event (raw and derived).  As in
 * callgrind_annotate, a column no cost line ever mentioned is "undefined"
 * (printed "."), which differs from a counted 0: the first ndef raw columns
 * are defined, see events_defined().
 */
struct cc {
	uint32_t ndef;
	uint32_t pad_;
	uint64_t v[];
};

struct fn;
struct call;
struct istr;
struct icode;
struct icode_index;
struct fnline_store;

/* A source line with its cost, kept per file for annotation. */
struct line_cost {
	uint64_t line;
	struct cc *cc;
};

/* A call made from one source line: caller -> callee at file:line. */
struct callsite_key {
	struct fn *caller, *callee;
	uint64_t line;
};

struct callsite {
	struct callsite_key k;
	uint64_t count;
	struct cc *cc;		/* inclusive cost of these calls */
	struct callsite *next;	/* in the file's list, which keeps the profile's order */
	struct file *file;	/* whose list */
};

struct file {
	const char *name;	/* interned; current folder stripped */
	/* open-addressing table of lines: keys are line+1 (0 = empty slot) */
	uint64_t *lkeys;
	struct cc **lvals;
	size_t lcap, nlines;
	struct callsite *sites, *last_site;	/* in the order the profile gave them */
	size_t nsites;
	/* its per-line costs and call sites are kept (see profile.want_lines) */
	unsigned keep_lines:1;
	uint32_t id;		/* index in profile.files */
	/* in a copy renamed by --mod-filename: the names it had (interned), whose
	   text annotates it (report_source.c); norig 0 elsewhere */
	const char **orig;
	uint32_t norig, caporig;
};

/*
 * A function is its file and name, as callgrind_annotate names it in
 * reports ("file:function"); the object is an attribute (the one of its
 * last fn= line), so a function compiled into two objects under the same
 * file and name (ld.so's and libc's fstatat) is one function.  But a name
 * that is an address (fn_name_is_addr(): a stripped object's function
 * with no symbol, "???:0x000000000000db70") is not unique to a function:
 * such a function's object is part of its key (fn_key_obj()), so two
 * objects' functions at one offset stay two.
 */
struct fn_key {
	struct file *file;
	const char *name;	/* interned */
};

struct fn {
	struct fn_key k;
	const char *obj;	/* interned; "" when no ob= was given */
	struct cc *self;	/* never NULL */
	/* the inclusive cost is fn_incl(p, f), kept in p->incl */
	/* the calls it makes and receives are fn_out(p, f) and fn_in(p, f) */
	uint32_t id;		/* index in profile.fns */
	/* packed with the flags: a function takes 40 bytes */
	uint32_t cycle:26;	/* 0, or the number of its cycle (set by graph) */
	uint32_t listed:1;	/* costs were given for it (fn=, fi=, fe=) */
	uint32_t named:1;	/* opened by an fn= line (callgrind_annotate shows its object) */
	uint32_t multi_obj:1;	/* fn= lines gave it more than one object */
	/*
	 * Set by graph_inclusive() (outer by modname_profile() for a renamed
	 * copy, see profile.levels): outer, never entered while it is already
	 * running (a Callgrind name without a recursion level, such as f or
	 * f'main but not f'2); may_nest, it may be (not outer, or it calls
	 * itself); incl_exact, its inclusive cost is exact, not a lower bound.
	 */
	uint32_t outer:1;
	uint32_t may_nest:1;
	uint32_t incl_exact:1;
};

#define FN_MAX_CYCLES ((1u << 26) - 1)

/*
 * Is name an address, "0x" and hexadecimal digits (Callgrind's name for a
 * function of a stripped object), with any recursion level or caller
 * context after a '\'' ("0x...db70'2", "0x...db70'main")?
 */
int fn_name_is_addr(const char *name);

/* The object that is part of the key of a function named name in obj: obj or NULL. */
static inline const char *fn_key_obj(const char *name, const char *obj)
{
	return name[0] == '0' && fn_name_is_addr(name) ? obj : NULL;
}

/*
 * What short names say after an address (fn_key_obj()) to tell two
 * objects' functions apart: the object's file name, its folder left out;
 * NULL for any other name, or no object.
 */
static inline const char *fn_obj_base(const char *name, const char *obj)
{
	const char *k = fn_key_obj(name, obj), *s;

	if (!k || !*k)
		return NULL;
	for (s = k; *s; s++)
		if (*s == '/')
			k = s + 1;
	return k;
}

/*
 * name cut to len bytes, and " [OBJECT]" after it (fn_obj_base()) when it
 * is an address of obj: a short name that tells two objects' functions
 * apart.  A malloc'ed string.
 */
char *fn_short_name(const char *name, size_t len, const char *obj);

/* All calls from one function to another, summed. */
struct call_key {
	struct fn *caller, *callee;
};

struct call {
	struct call_key k;
	uint64_t count;
	struct cc *cc;
	struct call *next_out, *next_in;
	/* set by graph: both ends may nest (fn.may_nest) and lie in one strongly
	   connected component, or a call to itself; its summed cost counts
	   nested calls again, so reports show it without cost */
	unsigned recursive:1;
};

/*
 * Is the call's cost exact: not recursive, or made once (a single
 * activation: nothing in it is counted twice, whatever the recursion)?
 */
static inline int call_exact(const struct call *c)
{
	return !c->recursive || c->count == 1;
}

/* Private to profile.c: an open-addressing index of pointers by hash. */
struct ptab {
	struct ptab_slot {
		uint64_t hash;
		void *ptr;	/* NULL: empty */
	} *slot;
	size_t cap, n;
};

/*
 * Private to profile.c: the index of functions, 8 bytes a slot: the high
 * 32 bits of the hash and 1 + the function's index in profile.fns
 * (0: empty).  There are far more functions than files or calls.
 */
struct ftab {
	uint64_t *slot;
	size_t cap, n;
};

struct cycle {
	uint32_t num;
	struct fn **members;	/* sorted by name */
	size_t nmembers;
	struct cc *incl;
};

struct profile {
	struct arena arena;
	struct events ev;
	/* bytes of its indexes and arrays beside the arena, charged (arena.h) */
	size_t mem_tables;

	/* header, from the first part that gave each */
	char *creator, *cmd, *pid, *thread, *part;
	char **desc;		/* "desc:" lines, without "Option:" ones */
	size_t ndesc;
	int has_line, has_instr;	/* positions of the first part */
	unsigned nparts;	/* parts summed (a file is at least one part) */
	char *last_part;	/* "part:" of the last part, when several */
	unsigned nfiles;	/* profile files loaded */

	/*
	 * Which functions are outer (fn.outer): PROFILE_LEVELS_UNKNOWN until
	 * graph_inclusive() decides from the creator (Callgrind's names carry
	 * recursion levels, other producers' do not: all may nest);
	 * PROFILE_LEVELS_SET when modname_profile() set fn.outer itself and,
	 * for a function that merges the levels of one function, its exact
	 * inclusive cost in exact_incl (by fn id; NULL entries elsewhere).
	 */
	enum { PROFILE_LEVELS_UNKNOWN, PROFILE_LEVELS_NAMES, PROFILE_LEVELS_NONE,
	       PROFILE_LEVELS_SET } levels;
	struct cc **exact_incl;
	/*
	 * By fn id, NULL entries elsewhere: a view's bound of a function's
	 * inclusive cost, its inclusive cost in the profile the view was made
	 * of (no row of a view above the same row of the profile); applied
	 * by graph_inclusive() to the lower bounds of a recursive function.
	 */
	struct cc **incl_cap;
	/*
	 * By fn id, NULL entries elsewhere (roots.h): the cost of the
	 * activations of a function that start a thread's stack, for one that
	 * also has callers: summed --separate-threads files.
	 */
	struct cc **root_cost;
	/*
	 * By fn id below nsingle, NULL entries elsewhere: the largest cost of
	 * one calls=1 line with the function at either end (one activation:
	 * nothing in it counted twice, and both ends on the stack for all of
	 * it), a lower bound of its inclusive cost (graph.c).
	 */
	struct cc **single;
	size_t nsingle;
	/*
	 * Set on the copies of --focus, --ignore and --hide: their call sites
	 * keep the profile's own costs (as annotated lines do), so they say
	 * nothing of the copy's calls (graph.c reads no bound from them).
	 */
	int sites_whole;

	/*
	 * A copy that makes each of its functions (PROFILE_PLAIN_FNS) or calls
	 * (PROFILE_PLAIN_CALLS) once, from keys known to be distinct, adds
	 * them with profile_fn_new() and profile_call_new() and keeps no index
	 * to find them again: profile_fn() or profile_call() on it is a
	 * programming error (assert).  Set before profile_reserve().
	 */
	unsigned plain;
	/*
	 * The profiles whose names this one points to instead of interning
	 * its own (a view's copy: the loaded profile's), owned by it and
	 * released with it (profile_adopt()).
	 */
	struct profile *base;

	/*
	 * Cachegrind's counts are signed (cg_diff writes differences): a
	 * profile read from Cachegrind files holds them in the same 64-bit
	 * words, in two's complement, and sets signed_counts.  Sums are the
	 * same unsigned additions; what compares, prints or divides a count
	 * reads it through cc_num() and cc_lt().  A Callgrind profile keeps
	 * the full unsigned range.
	 */
	int signed_counts;
	struct cc *total;	/* program totals */
	int total_calculated;	/* no summary:/totals: line gave any column */

	struct fn **fns;	/* in order of creation */
	size_t nfns, capfns;
	struct file **files;
	size_t nfiles_src, capfiles;
	struct call **calls;
	size_t ncalls, capcalls;
	struct cycle *cycles;
	size_t ncycles;
	struct cc **incl;	/* inclusive cost by fn id, set by graph_inclusive() */
	/* by fn id: the lists of calls made and received (next_out, next_in);
	   allocated with the first call, so a profile without calls has none */
	struct call **out, **in;
	size_t nlinks;

	/* private indexes: names in uthash (one lookup per name definition),
	   the hot tables in our own open-addressing index */
	struct istr *strings;
	struct ftab fn_tab;
	struct ptab file_tab, call_tab, site_tab;

	/*
	 * What the loader keeps, set before loading; the defaults keep
	 * everything.  A report that will not show some of it says so, to save
	 * the time and memory (run.c's want_of()): drop_calls leaves out the
	 * calls (no inclusive costs and no trees); want_lines(name, ctx), when
	 * set, says for each file when it is first named whether its per-line
	 * costs and call sites are kept (only sources that can be annotated).
	 * Everything is still read and checked the same way.
	 */
	int sealed;		/* profile_seal() was called */
	int drop_calls;
	/* inlined code (fi=, fe=) charged to the function around it, as the
	   graph views and filters see it, instead of to "file:function" */
	int fold_inlined;
	int (*want_lines)(const char *file, void *ctx);
	void *want_ctx;

	/*
	 * Per fn id, the first and last line of its own file that its cost
	 * lines and calls name (0, 0: none) and whether they name line 0: kept
	 * only when keep_spans is set before loading (the Markdown comparison
	 * shows each function's lines), and by the copies of modname.c and
	 * view.c.
	 */
	int keep_spans;
	uint64_t (*span)[3];
	size_t capspan;

	/*
	 * Each function's own cost by source line (fnline.h), and the call
	 * sites of every file whatever want_lines says: kept only when
	 * keep_fn_lines is set before loading.
	 */
	int keep_fn_lines;
	struct fnline_store *fnlines;	/* private to fnline.c */
	void (*release_fnlines)(struct profile *p);

	/* machine code (icode.h): kept only when keep_instr is set before loading */
	int keep_instr;
	struct icode **icodes;	/* in order of creation */
	size_t nicodes, capicodes;
	struct icode_index *icode_ix;	/* private to icode.c */
	/*
	 * Frees what icode.c allocated outside the arena, called by
	 * profile_release(); icode.c sets it with the first unit, so the
	 * model's core never calls into the machine code built on it.
	 */
	void (*release_icode)(struct profile *p);
};

void profile_init(struct profile *p);
/*
 * When nothing more will be added: free the indexes that find names,
 * files, functions, calls and call sites (reports do not look anything
 * up).  Adding to a sealed profile is a programming error (assert).
 */
void profile_seal(struct profile *p);
void profile_release(struct profile *p);
/*
 * p takes base (moved, left empty) and releases it with itself: p may
 * point to base's names and to those of the profiles base owns.
 */
void profile_adopt(struct profile *p, struct profile *base);

/* Allocate a zeroed cost sized for the frozen event list. */
struct cc *profile_cc_new(struct profile *p);
/* profile.single of f: at least v (n columns) */
void profile_single_max(struct profile *p, const struct fn *f, const uint64_t *v, size_t n);
/* Room in profile.single for ids below nfns (profile_single_max_in() may follow). */
void profile_single_reserve(struct profile *p, size_t nfns);

/* profile_single_max() for an id with room (profile_single_reserve()), inline. */
static inline void profile_single_max_in(struct profile *p, uint32_t id, const uint64_t *v, size_t n)
{
	struct cc *m = p->single[id];
	size_t k;

	if (!m)
		m = p->single[id] = profile_cc_new(p);
	for (k = 0; k < n; k++)
		if (v[k] > m->v[k])
			m->v[k] = v[k];
	if (n > m->ndef)
		m->ndef = (uint32_t)n;
}
size_t profile_cc_size(const struct profile *p);

/* Intern a string; the result lives as long as the profile. */
const char *profile_intern(struct profile *p, const char *s, size_t len);
struct ptrmap;
/*
 * Intern in p a name another profile holds (interned there); copied maps
 * the other profile's names to p's, so an object or file named by every
 * function is hashed once, not once per function (2,000 functions of one
 * 100 KB object took 200 MB of hashing).  The caller frees copied.
 */
const char *profile_intern_from(struct profile *p, struct ptrmap *copied, const char *s);

struct file *profile_file(struct profile *p, const char *name);
/*
 * The function of file and name, created with object obj when missing;
 * obj is part of the key when the name is an address (fn_key_obj()).
 */
struct fn *profile_fn(struct profile *p, const char *obj, struct file *file,
		      const char *name);
/* The same with fn_key_obj(name, obj) given (the loader knows it). */
struct fn *profile_fn_keyed(struct profile *p, const char *obj, const char *kobj,
			    struct file *file, const char *name);
struct call *profile_call(struct profile *p, struct fn *caller, struct fn *callee);
enum { PROFILE_PLAIN_FNS = 1, PROFILE_PLAIN_CALLS = 2 };
/*
 * A new function or call of a copy (profile.plain), its key distinct from
 * every other's: added, not looked up.
 */
struct fn *profile_fn_new(struct profile *p, const char *obj, struct file *file,
			  const char *name);
struct call *profile_call_new(struct profile *p, struct fn *caller, struct fn *callee);
/*
 * A new call, its key distinct from every other's, before any
 * profile_call(): added, not looked up.  The index is made of what there
 * is at the first profile_call() that follows (the loader's merged calls).
 */
struct call *profile_call_add(struct profile *p, struct fn *caller, struct fn *callee);
/* Room for nfns more functions and ncalls more calls, made at once (a copy's sizes). */
void profile_reserve(struct profile *p, size_t nfns, size_t ncalls);
struct callsite *profile_callsite(struct profile *p, struct file *file, uint64_t line,
				  struct fn *caller, struct fn *callee);
/* The cost of one line of a file, created empty when missing. */
struct cc *profile_line(struct profile *p, struct file *f, uint64_t line);
/* The cost of a line, or NULL. */
const struct cc *profile_line_find(const struct file *f, uint64_t line);

/*
 * The lines of f that have a cost, one by one, in no order:
 *	for (k = 0; file_line_next(f, &k, &line, &cc);) ...
 */
static inline int file_line_next(const struct file *f, size_t *k, uint64_t *line,
				 struct cc **cc)
{
	for (; *k < f->lcap; ++*k) {
		if (f->lkeys[*k]) {
			*line = f->lkeys[*k] - 1;
			*cc = f->lvals[*k];
			++*k;
			return 1;
		}
	}
	return 0;
}

/*
 * The lines of f that have a cost in increasing order, and their costs:
 * *lines and *ccs are allocated arrays (the caller frees them); returns
 * how many.
 */
size_t profile_lines_sorted(const struct file *f, uint64_t **lines, const struct cc ***ccs);

/* Widen f's span (profile.span) to line (0: note line 0); a no-op without keep_spans. */
void profile_span_add(struct profile *p, const struct fn *f, uint64_t line);
/*
 * f's span in *lo, *hi (0, 0: no line but 0), and whether it names line 0
 * in *zero; returns 0 when it has neither.
 */
int profile_span(const struct profile *p, const struct fn *f, uint64_t *lo, uint64_t *hi,
		 int *zero);
/* Widen dst's function g to the span of src's f (a copy's function, same file). */
void profile_span_copy(struct profile *dst, const struct fn *g, const struct profile *src,
		       const struct fn *f);

/* dst += src over all columns; -1 when a counter would pass 2^64-1. */
int cc_add(struct cc *dst, const struct cc *src, size_t n);
/* The same, with the sums checked as signed counts when p has signed_counts. */
int cc_add_as(const struct profile *p, struct cc *dst, const struct cc *src, size_t n);

/* A count as a number: signed in a profile with signed_counts. */
static inline double cc_num(const struct profile *p, uint64_t v)
{
	return p->signed_counts ? (double)(int64_t)v : (double)v;
}

/* a < b, as counts of p */
static inline int cc_lt(const struct profile *p, uint64_t a, uint64_t b)
{
	return p->signed_counts ? (int64_t)a < (int64_t)b : a < b;
}

/* |v| as an unsigned number (what sorts and cuts a signed profile's rows) */
static inline uint64_t cc_abs(const struct profile *p, uint64_t v)
{
	return p->signed_counts && (int64_t)v < 0 ? 0 - v : v;
}
/* Value of column i, and whether it is defined. */
static inline int cc_defined(const struct profile *p, const struct cc *c, size_t i)
{
	return events_defined(&p->ev, i, c->ndef);
}

/* The inclusive cost of f: its self cost until graph_inclusive() ran, or when
   the profile keeps no calls (drop_calls). */
static inline struct cc *fn_incl(const struct profile *p, const struct fn *f)
{
	return p->incl ? p->incl[f->id] : f->self;
}

/* The calls f makes (linked by next_out) and receives (by next_in), or NULL. */
static inline struct call *fn_out(const struct profile *p, const struct fn *f)
{
	return f->id < p->nlinks ? p->out[f->id] : NULL;
}

static inline struct call *fn_in(const struct profile *p, const struct fn *f)
{
	return f->id < p->nlinks ? p->in[f->id] : NULL;
}

/* How often f was called: the counts of all calls made to it (saturated at
   2^64-1; graph_check_calls() refuses a profile where that sum passes it). */
uint64_t fn_ncalls(const struct profile *p, const struct fn *f);
/*
 * Are p's names Callgrind's (its creator: line), which carry recursion
 * levels and --separate-callers contexts after a '\''?
 */
static inline int profile_callgrind_names(const struct profile *p)
{
	return p->creator && !strncmp(p->creator, "callgrind", 9);
}

/* "file:function", the way reports name a function. */
const char *fn_fullname(const struct fn *f, char *buf, size_t len);

#endif
