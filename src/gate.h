/* gate: limits given with --limit, checked against a profile or, as changes, against a diff. */
#ifndef ANNOGRIND_GATE_H
#define ANNOGRIND_GATE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diff.h"
#include "profile.h"

/*
 * A limit is written EVENT=MAX (the program total of EVENT) or
 * EVENT:self:PATTERN=MAX / EVENT:incl:PATTERN=MAX (the self or inclusive
 * cost of every function PATTERN picks).  PATTERN is everything between
 * the second ':' and the last '=', so it may hold ':' and '=' (C++ names);
 * it picks a function as pattern_picks() says (pattern.h): its name, or
 * "file:function", equals it or matches it as an fnmatch(3) glob, also
 * without a Callgrind caller context or recursion level, and "FUNCTION
 * [OBJECT]" picks in those objects only.
 *
 * MAX is a level or, with --diff, a change:
 *   - a level: a count ("5000000", "5,000,000"), or for a function a
 *     percentage of the program total ("2.5%"), at most 100.  The measured
 *     value may not be greater.  With --diff a level applies to NEW.  A
 *     program total as a percentage of itself means nothing: refused.
 *   - a change: "+N" or "+PCT%": the value may not grow from OLD to NEW by
 *     more than N, or by more than PCT% of its OLD value; "-N" or "-PCT%"
 *     (PCT at most 100): it may not drop by more than that.  A function
 *     only one profile has changes from or to 0: a new one grows by an
 *     infinite percentage, a gone one drops by 100%.
 *
 * A program total is the larger of the profile's totals: (or summary:)
 * line and the sum of its cost lines (the self costs of its functions): a
 * profile whose line says less than its costs cannot pass a gate on it.
 *
 * A function limit is broken too when its PATTERN picks no function (for
 * a change: of NEW), so a renamed function cannot switch its limit off
 * unnoticed.  spec points to the caller's string; event and pattern are
 * owned by the struct and freed by gate_release().
 */
enum gate_kind {
	GATE_TOTAL,
	GATE_SELF,
	GATE_INCL,
};

enum gate_change {
	GATE_LEVEL = 0,		/* MAX without a sign */
	GATE_UP,		/* +MAX: growth */
	GATE_DOWN,		/* -MAX: a drop */
};

struct gate {
	const char *spec;
	char *event;
	char *pattern;		/* NULL for GATE_TOTAL */
	enum gate_kind kind;
	enum gate_change change;
	int is_pct;
	uint64_t max;		/* when !is_pct */
	double max_pct;		/* when is_pct */
	size_t ev;		/* event index (NEW's with --diff), set by gate_resolve() */
};

/*
 * One broken limit, for messages and reports.  file and name point into
 * the profile or the diff checked (NULL for a program total, and when the
 * limit picks no function, where they name the first function it picks in
 * OLD, if any, and ngone says how many it picks there).  old is the OLD
 * value of a change; value is the measured (NEW) value; total is the
 * program total of the event (NEW's for a diff).
 */
enum gate_why {
	GATE_OVER,		/* the value breaks MAX */
	GATE_NONE,		/* the pattern picks no function (of NEW) */
};

struct gate_breach {
	const struct gate *g;
	enum gate_why why;
	/*
	 * the function: its file and its first name, of which namelen bytes
	 * (0: all) name it when Callgrind's names of it were summed (nnames of
	 * them: caller contexts, recursion levels); obj, the object of an
	 * address (fn_key_obj()), else NULL
	 */
	const char *file, *name, *obj;
	size_t namelen, nnames;
	uint64_t old, value, total;
	unsigned new_fn:1, gone_fn:1;	/* a change of a function only NEW/OLD has */
	unsigned in_diff:1;		/* a level checked on NEW of a diff (set by the caller) */
	/*
	 * A program total: bit DIFF_OLD / DIFF_NEW (only NEW for a level) set
	 * when that side's totals: line said less than its cost lines sum to,
	 * and the sum was checked instead; claimed[] holds what the line said.
	 */
	unsigned summed:2;
	uint64_t claimed[2];
	size_t npieces;		/* of a whole function: its pieces (0 or 1: one) */
	size_t ngone;
	/* GATE_NONE: the closest names the profile has (suggest.h), or NULL; owned */
	char *closest;
};

struct gate_result {
	struct gate_breach *v;
	size_t n, cap;
};

/* Returns 0, or -1 with a message in err (a usage error). */
int gate_parse(struct gate *g, const char *spec, char *err, size_t errlen);
void gate_release(struct gate *g);
/* Find the event in p; returns 0, or -1 with a message in err (a usage error). */
int gate_resolve(struct gate *g, const struct profile *p, char *err, size_t errlen);

/*
 * Append the breaches of g to res (released with gate_result_release()):
 * gate_eval() for a level against p (needs graph_inclusive() for
 * GATE_INCL), gate_eval_diff() for a change against d, in the diff's
 * order of functions (creation order; callers sort as they like).
 */
void gate_eval(const struct gate *g, const struct profile *p, struct gate_result *res);
void gate_eval_diff(const struct gate *g, const struct diff *d, struct gate_result *res);

/*
 * A function limit checks each function whole: Callgrind's names of one
 * function (caller contexts and recursion levels, "f'g'h", "fib'2") are
 * summed (self costs; inclusive costs of the names without a level, none
 * of which runs inside another), picked when the pattern picks any of
 * them.
 *
 * The same with functions whole (whole.h): a function limit checks each
 * function of w->merged, picked when its pattern picks any of its pieces
 * (prog.cpp:main, or stl_tree.h:main inlined into it), its value the sum
 * of its pieces; breaches name the whole function and npieces says how
 * many pieces it has.  For a diff, d was built from the merged profiles
 * of w[DIFF_OLD] and w[DIFF_NEW].  A program total is checked as by
 * gate_eval().
 */
struct whole;
void gate_eval_whole(const struct gate *g, const struct whole *w, struct gate_result *res);
void gate_eval_diff_whole(const struct gate *g, const struct diff *d,
			  const struct whole *const w[2], struct gate_result *res);
void gate_result_release(struct gate_result *res);

/*
 * The function of a breach (name set) as messages name it: "FILE:NAME",
 * NAME cut to namelen, and " [OBJECT]" after an address; a malloc'ed
 * string.
 */
char *gate_fn_label(const struct gate_breach *b);

/*
 * The message of a breach, without the "annogrind: " and the newline:
 * "limit 'Ir=+2%' exceeded: program total of Ir 220 -> 230 (+10, +4.55%)".
 */
void gate_print(FILE *out, const struct gate_breach *b);

/*
 * "annogrind: MESSAGE" and a newline on out, escaped as every message
 * (escape.h: the message quotes the profile's names).
 */
void gate_report(FILE *out, const struct gate_breach *b);

/* gate_eval() and one gate_report() line per breach on out; returns how many. */
size_t gate_check(const struct gate *g, const struct profile *p, FILE *out);

#endif
