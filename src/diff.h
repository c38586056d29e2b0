/* diff: two profiles compared function by function, with names normalised so two builds line up. */
#ifndef ANNOGRIND_DIFF_H
#define ANNOGRIND_DIFF_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "hash.h"
#include "profile.h"

/*
 * diff_build() pairs the functions of OLD and NEW (both loaded and through
 * graph_inclusive(); renamed first with modname_profile() when names must
 * be normalised) by "file:function", and their object's file name where
 * the name is an address (fn_key_obj()).  A file only one side names whose
 * name ends, after a '/', with the name of a file only the other side
 * names (/home/ci/work/shapes.cpp and shapes.cpp: profiles made or read in
 * different folders) is that file, when neither has another such partner;
 * both go by the shorter name (npaired counts such pairs).  Every cost
 * is laid out in NEW's event order; OLD's events are matched by name.
 * When the two record different events, diff_build() fails unless
 * partial_ok; then the costs of the events OLD lacks are 0 on its side,
 * d->partial is set and diff_has_event() says which events both have (the
 * caller shows and checks only those).  A struct diff owns its arena and
 * tables and keeps pointers to the two profiles (not owned), which must
 * outlive it.
 */
enum { DIFF_OLD = 0, DIFF_NEW = 1 };
#define DIFF_NO_EVENT ((size_t)-1)

struct diff_fn {
	/*
	 * the key: normalised, one address per text (a profile's, as long as
	 * it lives); kobj, the file name of the object of a name that is an
	 * address (fn_key_obj(); its folder left out, as two builds of a
	 * program in two folders pair), else NULL
	 */
	const char *file, *name, *kobj;
	const char *obj;		/* of the new side when it has one, else the old */
	unsigned in[2];			/* present in old / new (costs given, or called) */
	unsigned named:1;		/* an fn= line named it: reports show its object */
	unsigned listed[2];		/* costs were given for it, per side */
	struct cc *self[2], *incl[2];	/* never NULL; zero when absent */
	const struct fn *fn[2];		/* the side's function (the first, if several), or NULL */
	uint32_t id;
	UT_hash_handle hh;
};

struct diff_call {
	struct diff_fn *caller, *callee;	/* the key */
	uint64_t count[2];
	struct cc *cc[2];
	unsigned recursive:1;	/* its cost is not exact in either profile (call_exact()) */
	UT_hash_handle hh;
};

/* Per source file: the cost of each line, and the calls made from each line, per side. */
struct diff_line {
	uint64_t line;		/* the key */
	struct cc *cc[2];
	UT_hash_handle hh;
};

struct diff_site_key {
	struct diff_fn *caller, *callee;
	uint64_t line;
};

struct diff_site {
	struct diff_site_key k;
	uint64_t count[2];
	struct cc *cc[2];
	struct diff_site *next;	/* in the file's list, in order of creation */
	UT_hash_handle hh;
};

struct diff_file {
	const char *name;	/* the key, in the diff's arena */
	struct diff_line *lines;
	struct diff_site *sites, **last_site;
	struct diff_site *site_hash;
	uint32_t id;
	UT_hash_handle hh;
};

struct diff {
	const struct profile *p[2];
	struct arena arena;
	size_t nev;			/* NEW's events, raw and derived */
	size_t *old_ev;			/* per event of NEW, its index in OLD, or DIFF_NO_EVENT */
	int partial;			/* the events recorded differ */
	int sgn;			/* both profiles' counts are signed (Cachegrind's) */
	struct cc *total[2];
	struct diff_fn **fns;		/* in order of creation */
	size_t nfns;
	struct diff_call **calls;
	size_t ncalls;
	struct diff_file **files;	/* in order of creation */
	size_t nfiles;
	struct diff_file *file_hash;	/* private */
	struct diff_fn *fn_hash;	/* private */
	struct diff_call *call_hash;	/* private */
	struct diff_fname *fname_hash;	/* private: files paired across folders */
	size_t npaired;			/* how many files were paired so */
	struct diff_names *names;	/* private: names by address */
	/*
	 * Set by the caller when it compared the functions whole too (whole.h):
	 * that comparison, built from the merged profiles of whole[0] and
	 * whole[1], which were made from this diff's two profiles.  NULL: not.
	 */
	const struct diff *whole_diff;
	const struct whole *whole[2];
	/*
	 * --scale=total (diff_scale()): per event, NEW's costs were multiplied
	 * by OLD's total over NEW's (1 where either total is 0 or OLD lacks
	 * the event); total[] stays as measured.  NULL: not scaled.
	 */
	long double *scale;
};

/* Returns 0, or -1 with a message in err (the events differ and !partial_ok). */
int diff_build(struct diff *d, const struct profile *old, const struct profile *new_,
	       int partial_ok, char *err, size_t errlen);
/* Does OLD have event ev of NEW too? */
static inline int diff_has_event(const struct diff *d, size_t ev)
{
	return d->old_ev[ev] != DIFF_NO_EVENT;
}
/*
 * When the events differ: 1, with "they record different events (...)"
 * in err, or, when the recorded events match, which events only NEW
 * defines by a formula (and with hint, which events --show and --sort may
 * pick); else 0.
 */
int diff_events_differ(const struct diff *d, int hint, char *err, size_t errlen);
/* The name the diff gives a file of either profile (paired across folders). */
const char *diff_file_name(const struct diff *d, const char *file);
/* The diff's function "file:name" (of object obj, for an address), or NULL. */
const struct diff_fn *diff_find(const struct diff *d, const char *file, const char *name,
				const char *obj);
void diff_release(struct diff *d);
/*
 * The normalised comparison (--scale=total): every cost of NEW in d (of
 * functions, calls, lines and call sites; not total[]) scaled to OLD's
 * total, event by event, rounded to the nearest count, so a change says
 * how much a cost grew or shrank beyond the program as a whole.  Call
 * counts stay as counted.
 */
void diff_scale(struct diff *d);
/* v, a cost of NEW's event e (one d has not scaled: machine code), scaled as diff_scale() does. */
uint64_t diff_scaled(const struct diff *d, size_t e, uint64_t v);
/* strcmp() of "file:name" of a and b, without writing it out, then of their kobj. */
int diff_fn_name_cmp(const struct diff_fn *a, const struct diff_fn *b);

/*
 * The comparison as one profile, for write_callgrind(): each raw event E of
 * NEW becomes two, "E.old" and "E.new" (derived events the same way, with
 * their formulas), since Callgrind counts cannot be negative.  Functions
 * carry both self costs, source lines both line costs; calls carry both
 * inclusive costs and the call count of NEW (of OLD for a call NEW does not
 * make), at their call lines.
 * out is initialised here; the caller releases it.  Returns 0, or -1 after
 * a diagnostic (a derived event overflows).
 */
int diff_profile(const struct diff *d, struct profile *out);

#endif
