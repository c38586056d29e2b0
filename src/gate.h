/* gate: hotspot limits given with --limit, checked against a loaded profile. */
#ifndef ANNOGRIND_GATE_H
#define ANNOGRIND_GATE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "profile.h"

/*
 * A limit is written EVENT=MAX (the program total of EVENT) or
 * EVENT:self:PATTERN=MAX / EVENT:incl:PATTERN=MAX (the self or inclusive
 * cost of every function PATTERN picks).  MAX is a count ("5000000",
 * "5,000,000") or a percentage of the program total of EVENT ("2.5%").
 * PATTERN is everything between the second ':' and the last '=', so it may
 * hold ':' and '=' (C++ names); it picks a function whose name, or
 * "file:function", equals it or matches it as an fnmatch(3) glob.
 *
 * A limit is broken when the measured value is greater than MAX, or when
 * its PATTERN picks no function (so a renamed function cannot switch its
 * limit off unnoticed).  spec points to the caller's string; event and
 * pattern are owned by the struct and freed by gate_release().
 */
enum gate_kind {
	GATE_TOTAL,
	GATE_SELF,
	GATE_INCL,
};

struct gate {
	const char *spec;
	char *event;
	char *pattern;		/* NULL for GATE_TOTAL */
	enum gate_kind kind;
	int is_pct;
	uint64_t max;		/* when !is_pct */
	double max_pct;		/* when is_pct */
	size_t ev;		/* event index, set by gate_resolve() */
};

/* Returns 0, or -1 with a message in err (a usage error). */
int gate_parse(struct gate *g, const char *spec, char *err, size_t errlen);
void gate_release(struct gate *g);
/* Find the event in p; returns 0, or -1 with a message in err (a usage error). */
int gate_resolve(struct gate *g, const struct profile *p, char *err, size_t errlen);
/*
 * Print one line per broken limit (and per function that breaks it) on
 * out, "annogrind: limit exceeded: ..."; returns how many lines were printed.
 * Needs the inclusive costs (graph_inclusive()) for GATE_INCL.
 */
size_t gate_check(const struct gate *g, const struct profile *p, FILE *out);

#endif
