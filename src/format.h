/* format: one row per --format: its name, what it needs of the pipeline, and its renderers. */
#ifndef ANNOGRIND_FORMAT_H
#define ANNOGRIND_FORMAT_H

#include <stddef.h>

struct diff;
struct gate_result;
struct profile;
struct report;
struct whole;

/*
 * What a format needs of the pipeline (run.c) before it renders: the
 * pipeline asks these, never which format it runs.
 */
enum format_trait {
	/* annotates nothing, so every argument is a profile (summed) */
	FORMAT_ALL_PROFILES = 1 << 0,
	/* the loader keeps every call and line cost, not only what the text report shows */
	FORMAT_KEEPS_ALL = 1 << 1,
	/* a graph view: code inlined from another file is seen inside its function */
	FORMAT_MERGES_INLINED = 1 << 2,
	/* reads functions whole (whole.h), for one profile and for a diff */
	FORMAT_NEEDS_WHOLE = 1 << 3,
	/* shows whole functions: the report reads the merged profile */
	FORMAT_SHOWS_WHOLE = 1 << 4,
	/* --whole-functions=yes makes it show whole functions */
	FORMAT_WHOLE_OPTION = 1 << 5,
	/* for people: a diff shows only the events chosen, the others all events */
	FORMAT_FOR_PEOPLE = 1 << 6,
	/* cannot draw the negative counts of a Cachegrind difference */
	FORMAT_NO_NEGATIVE = 1 << 7,
	/* writes every call's cost, so a call above its callee's total is refused first */
	FORMAT_CHECKS_CALLS = 1 << 8,
	/* --annotate=asm adds the machine code */
	FORMAT_ASM = 1 << 9,
	/* writes a profile: no report is made (report_init) */
	FORMAT_NO_REPORT = 1 << 10,
	/* its --diff compares stacks, not functions: no diff is built, no limit checked */
	FORMAT_DIFF_STACKS = 1 << 11,
	/* --diff --annotate=asm adds the machine code of both profiles */
	FORMAT_DIFF_ASM = 1 << 12,
	/* its --diff shows each top function's source lines: the loader keeps their spans */
	FORMAT_DIFF_SPANS = 1 << 13,
	/* machine-readable: objdump's text only with --disasm=yes */
	FORMAT_NO_DISASM = 1 << 14,
	/* shows each listed function's source lines of one profile too: the loader keeps their spans */
	FORMAT_SPANS = 1 << 15,
	/* shows one profile's machine code where it has instruction positions: the loader keeps them */
	FORMAT_KEEPS_INSTR = 1 << 16,
	/* reads every call (stacks, callers, a call graph) but keeps line costs as the text report */
	FORMAT_KEEPS_CALLS = 1 << 17,
	/* shows each of several profiles (--separate-threads files) too: each is prepared alone (report.h parts) */
	FORMAT_PER_INPUT = 1 << 18,
	/* reads each function's own line costs and every call site (fnline.h): the loader keeps them */
	FORMAT_FN_LINES = 1 << 19,
	/* writes gzip itself: --output=FILE.gz is not compressed again */
	FORMAT_GZIP = 1 << 20,
};

/* What the renderer of one profile is given. */
struct format_job {
	struct report *r;		/* NULL with FORMAT_NO_REPORT */
	const struct profile *p;	/* the profile as the pipeline left it */
	const struct gate_result *res;	/* the limits broken, for renderers that list them */
	size_t ngates;
	const char *found;		/* the profile read for want of an argument, or NULL */
	const char *version;		/* annogrind's, for a written profile's note */
};

/* What the renderer of a --diff is given. */
struct format_diff_job {
	struct report *r;		/* of NEW; NULL with FORMAT_NO_REPORT */
	const struct profile *old;	/* OLD as prepared (FORMAT_DIFF_STACKS reads it) */
	const struct diff *d;		/* NULL with FORMAT_DIFF_STACKS */
	const struct diff *dw;		/* functions whole; NULL without FORMAT_NEEDS_WHOLE */
	const struct whole *new_whole;	/* NEW's functions whole, with dw */
	const char *old_name, *new_name;
	const struct gate_result *res;
	size_t ngates;
	const char *version;
};

struct format {
	const char *name;		/* --format=NAME */
	unsigned traits;		/* enum format_trait */
	/* Each returns 0, or -1 after a diagnostic (a bad input). */
	int (*render)(const struct format_job *j);
	/* NULL: --diff is refused with diff_refusal (a usage error). */
	int (*render_diff)(const struct format_diff_job *j);
	const char *diff_refusal;
};

/*
 * The row of --format=name, or NULL with the message in err (which names
 * every format).  format_text() is the row used without --format.
 */
const struct format *format_find(const char *name, char *err, size_t errlen);
const struct format *format_text(void);

#endif
