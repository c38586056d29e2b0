/* opts: the command line, parsed into a struct without side effects (no exit, no output). */
#ifndef ANNOGRIND_OPTS_H
#define ANNOGRIND_OPTS_H

#include <stddef.h>

/*
 * Every string points into argv or into memory the struct owns;
 * opts_release() frees the latter.  Event names stay names here: they are
 * resolved against a profile's events by the report (see report.h).
 */
struct format;	/* format.h: a row of the --format table */

/* --summary: self costs by object or by file before the function table. */
enum opts_summary {
	OPTS_SUMMARY_NONE = 0,
	OPTS_SUMMARY_OBJECT,
	OPTS_SUMMARY_FILE,
	OPTS_SUMMARY_FUNCTION,	/* each function name over the files it spans */
};

/* --focus, --ignore, --hide (GLOB against functions) and --*-object (against objects). */
enum opts_filter_kind {
	OPTS_FOCUS,
	OPTS_IGNORE,
	OPTS_HIDE,
};

struct opts_filter {
	enum opts_filter_kind kind;
	int object;		/* the -object form */
	const char *glob;	/* into argv */
};

/* --escape: is profile text on standard output escaped (escape.h)? */
enum opts_escape {
	OPTS_ESCAPE_AUTO = 0,	/* when standard output is a terminal */
	OPTS_ESCAPE_ALWAYS,
	OPTS_ESCAPE_NEVER,
};

struct opts {
	int help, version;

	char **show;		/* --show=A,B: event names; NULL when not given */
	size_t nshow;
	char **sort;		/* --sort=A:90,B */
	char **sort_thr;	/* threshold text per sort event, or NULL */
	size_t nsort;
	int sort_has_thr;	/* some --sort event had ":pct" */
	const char *threshold;	/* --threshold text ("99" by default) */
	double threshold_v;
	int show_percs;
	int auto_annotate;
	long context;
	int inclusive;
	int whole_functions;	/* --whole-functions: a row per function, its inlined pieces under it */
	int tree_caller, tree_calling;
	char **include;		/* each with a trailing '/' */
	size_t ninclude;

	const char *profile;	/* NULL: look for callgrind.out.* */
	char **user_files;	/* source files to annotate */
	size_t nuser;

	/*
	 * --format's row, NULL when not given (the text report).  opts_parse()
	 * finds it with find_format, which the caller sets (to format.h's
	 * format_find): the formats are format.c's alone, and as their
	 * renderers read struct opts, opts.c must not call into them.
	 */
	const struct format *format;
	const struct format *(*find_format)(const char *name, char *err, size_t errlen);

	/* comparing and rewriting profiles (diff.h, write.h, modname.h) */
	int diff;		/* --diff: the first two arguments are OLD and NEW */
	int scale;		/* --scale=total: NEW scaled to OLD's total (diff_scale()) */
	size_t markdown_max;	/* --markdown-max=N: bytes of --format=markdown (md_fit.h); 0: none */
	char **mod_funcname;	/* --mod-funcname=s/RE/REPL/[gi], in order */
	size_t nmod_funcname;
	char **mod_filename;	/* --mod-filename=..., in order */
	size_t nmod_filename;
	/* CI jobs: fewer rows, and limits that fail the run */
	double row_threshold;	/* --row-threshold=PCT; -1 when not given */
	size_t top;		/* --top=N; 0: no limit */
	int threshold_given;	/* --threshold was on the command line */
	char **limits;		/* --limit=SPEC, unparsed (see gate.h) */
	size_t nlimits;
	/* parts of the program (view.h) and summaries */
	enum opts_summary summary;	/* --summary=object|file */
	struct opts_filter *filters;	/* --focus, --ignore, --hide and their
					   -object forms, in command-line order */
	size_t nfilters;
	/* names from a profile are not to be trusted on a terminal */
	enum opts_escape escape;	/* --escape=auto|always|never */
	/* machine code (report_asm.c) */
	int annotate_asm;	/* --annotate=asm */
	int disasm;		/* --disasm=yes|no; -1 until main() sets the format's default */
	/* reports kept as files, replaced whole (output.h) */
	const char *output;	/* --output=FILE; NULL: standard output */

	/* reading big profiles (load.h) */
	unsigned jobs;		/* --jobs=N; 0: as the processors allow (load.h) */
	/* --parts=all|last: a profile P stands for the dumps of its run, P.1, P.2, ... and P (1) */
	int parts;

	char err[256];		/* why opts_parse failed */
};

void opts_init(struct opts *o);
void opts_release(struct opts *o);
/* Returns 0, or -1 with o->err set (a usage error). */
int opts_parse(struct opts *o, int argc, char **argv);

#endif
