/* main: the command line of annogrind; options, exit codes, and the order of the reports. */
#include <errno.h>
#include <glob.h>
#include <limits.h>
#ifdef __GLIBC__
#include <malloc.h>
#include <stdio_ext.h>
#endif
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "diag.h"
#include "diff.h"
#include "escape.h"
#include "format.h"
#include "gate.h"
#include "graph.h"
#include "input.h"
#include "load.h"
#include "modname.h"
#include "opts.h"
#include "output.h"
#include "profile.h"
#include "report.h"
#include "roots.h"
#include "view.h"
#include "whole.h"

#ifndef ANNOGRIND_VERSION
#define ANNOGRIND_VERSION "0.1.0"
#endif
/* git describe of the checkout it was built from (the Makefile's), or "" */
#ifndef ANNOGRIND_COMMIT
#define ANNOGRIND_COMMIT ""
#endif

/* Exit statuses, documented in the man page. */
enum {
	EXIT_OK = 0,
	EXIT_LIMIT = 1,
	EXIT_USAGE = 2,
	EXIT_INPUT = 3,
	EXIT_OUTPUT = 4,
	/* 5: out of memory, EXIT_NOMEM of arena.h (xalloc_die()) */
};

static void usage(FILE *f)
{
	fputs("usage: annogrind [options] [profile [profile | source-file ...]]\n"
	      "       annogrind --diff [options] old-profile new-profile [source-file ...]\n"
	      "\n"
	      "Print an annotated report of a Callgrind profile (callgrind.out.PID).\n"
	      "With no profile, the first callgrind.out.* in the current folder is read\n"
	      "(else the first cachegrind.out.*: Cachegrind's files are read too);\n"
	      "'-' reads standard input.  Further arguments that are profiles (by their\n"
	      "content) are summed with the first; the others are source files.  A\n"
	      "profile P stands for P-01, P-02, ... when those exist (--separate-threads).\n"
	      "gzip-compressed profiles are read as they are.\n"
	      "\n"
	      "options, with defaults in [ ]:\n"
	      "  -h, --help               show this message and exit\n"
	      "      --version            show the version and exit\n"
	      "      --show=A,B,C         show only events A,B,C [all]\n"
	      "      --sort=A,B,C         sort by events A,B,C [event column order];\n"
	      "                           A:PCT gives a threshold per event\n"
	      "      --threshold=PCT      show functions until PCT% of the primary\n"
	      "                           sort event is covered [99] (callgrind_annotate's;\n"
	      "                           cg_annotate's --threshold is --row-threshold)\n"
	      "      --show-percs=yes|no  show a percentage for each non-zero count [yes]\n"
	      "                           (cg_annotate's --no-show-percs: no)\n"
	      "      --auto=yes|no        annotate the source files of the functions\n"
	      "                           shown [yes] (cg_annotate's --no-annotate: no)\n"
	      "      --context=N          lines of context around annotated lines [8]\n"
	      "      --inclusive=yes|no   sort and show inclusive costs [no]\n"
	      "      --whole-functions=yes|no\n"
	      "                           one row per function, the code inlined into\n"
	      "                           it from other files summed and listed under\n"
	      "                           it [no]\n"
	      "      --tree=none|caller|calling|both\n"
	      "                           show the callers and/or callees of each\n"
	      "                           function [none]\n"
	      "  -I, --include=DIR        look for source files in DIR too\n"
	      "      --format=FMT         text: the report [text]; callgrind: the profile\n"
	      "                           written back in Callgrind format (with several\n"
	      "                           profile arguments, their sum);\n"
	      "                           dot: the call graph for Graphviz (functions\n"
	      "                           above 100-PCT% inclusive; | dot -Tsvg);\n"
	      "                           json, tsv: every function, for scripts;\n"
	      "                           markdown: the report or --diff for a CI job\n"
	      "                           summary or a pull request (top functions,\n"
	      "                           broken limits first);\n"
	      "                           folded: call stacks rebuilt, as flamegraph.pl\n"
	      "                           reads them; flamegraph: an interactive SVG\n"
	      "                           (with --diff: red grew, blue shrank)\n"
	      "      --row-threshold=PCT  show a function only if its primary sort\n"
	      "                           event is at least PCT% of the total [off]\n"
	      "                           (cg_annotate's --threshold)\n"
	      "      --top=N              show at most N functions [all; 60 boxes\n"
	      "                           with --format=dot]\n"
	      "      --limit=EVENT=MAX    exit 1 if the program total of EVENT passes\n"
	      "                           MAX (a count)\n"
	      "      --limit=EVENT:self|incl:FUNCTION=MAX\n"
	      "                           exit 1 if the self/inclusive cost of a\n"
	      "                           function named FUNCTION (or matching it as a\n"
	      "                           glob) passes MAX (a count, or PCT% of the\n"
	      "                           total); may be repeated\n"
	      "      --limit=EVENT[:self|incl:FUNCTION]=+MAX|-MAX\n"
	      "                           with --diff: exit 1 if the total or a\n"
	      "                           function grew (+) or dropped (-) by more\n"
	      "                           than MAX (a count, or PCT% of the old\n"
	      "                           value; new and gone functions count from 0)\n"
	      "      --output=FILE        write to FILE (gzip-compressed if it ends in\n"
	      "                           .gz), replaced only when the run succeeds\n"
	      "      --jobs=N             read the profile with N threads [the\n"
	      "                           processors, at most 8]\n"
	      "      --diff               compare two profiles: annogrind --diff OLD NEW\n"
	      "      --mod-funcname=s/RE/REPL/[gi]\n"
	      "      --mod-filename=s/RE/REPL/[gi]\n"
	      "                           rename functions or files (sed-like, POSIX\n"
	      "                           extended regex; repeatable) before the report,\n"
	      "                           or with --diff before pairing them\n"
	      "      --focus=GLOB         only what runs under matching functions\n"
	      "      --ignore=GLOB        leave out matches and what only they reach\n"
	      "      --hide=GLOB          take matches out, their cost to their callers\n"
	      "      --focus-object=GLOB, --ignore-object=GLOB, --hide-object=GLOB\n"
	      "                           the same for the functions of matching objects\n"
	      "      --summary=object|file|function\n"
	      "                           self costs summed by object, by file, or by\n"
	      "                           function name over its files, before the\n"
	      "                           function table (and in JSON, TSV)\n"
	      "      --escape=auto|always|never\n"
	      "                           write control characters of names as \\xHH:\n"
	      "                           on a terminal (auto), always or never [auto]\n"
	      "      --annotate=asm|none  print the machine code of each function shown\n"
	      "                           (objdump, or $OBJDUMP), with the cost of each\n"
	      "                           instruction, its calls and jumps; in JSON, add\n"
	      "                           machine_code [none].  Needs a profile made with\n"
	      "                           valgrind --tool=callgrind --dump-instr=yes\n"
	      "                           --collect-jumps=yes ./prog, then e.g.\n"
	      "                           annogrind --annotate=asm --top=3 callgrind.out.*\n"
	      "      --disasm=yes|no      run objdump for the instruction text [yes;\n"
	      "                           no in JSON]\n"
	      "\n"
	      "Exit status: 0 success, 1 a --limit was exceeded, 2 usage error,\n"
	      "3 bad or unreadable profile, 4 output error, 5 out of memory.\n"
	      "See annogrind(1).\n", f);
}

/* The second line of a usage error, after a message of its own. */
static int usage_error_tail(void)
{
	fputs("Try 'annogrind --help' for more information.\n", stderr);
	return EXIT_USAGE;
}

static int usage_error(const char *msg)
{
	escape_line(stderr, "annogrind: %s", msg);
	return usage_error_tail();
}

/*
 * callgrind_annotate's default: the first callgrind.out* of the current
 * folder; else the first cachegrind.out.* (Cachegrind's files).
 */
static char *find_default_profile(void)
{
	static const char *const pattern[] = { "callgrind.out*", "cachegrind.out.*" };
	glob_t g;
	char *found = NULL;
	size_t i, k;

	for (k = 0; k < 2 && !found; k++) {
		if (glob(pattern[k], 0, NULL, &g) == 0) {
			for (i = 0; i < g.gl_pathc && !found; i++)
				found = strdup(g.gl_pathv[i]);
			globfree(&g);
		}
	}
	return found;
}

static const char *out_file;	/* --output, for messages */

static int finish_output(void)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		return EXIT_OK;
	if (errno == EPIPE && !out_file)
		return EXIT_OK;	/* the reader went away (| head): nothing to say */
	if (out_file)
		escape_line(stderr, "annogrind: write error on '%s': %s", out_file, strerror(errno));
	else
		escape_line(stderr, "annogrind: write error on standard output: %s", strerror(errno));
	return EXIT_OUTPUT;
}

/*
 * The profiles to sum: the first argument (or the default one), then every
 * further argument that input_is_profile() takes for a profile; the others
 * stay in o->user_files as source files.  In the callgrind and dot formats
 * nothing is annotated, so every argument is a profile.
 */
static void gather_inputs(struct opts *o, const char *first, struct input_list *l)
{
	int all = o->format->traits & FORMAT_ALL_PROFILES;
	size_t i, k = 0;

	input_add(l, first);
	for (i = 0; i < o->nuser; i++) {
		if (all || input_is_profile(o->user_files[i]))
			input_add(l, o->user_files[i]);
		else
			o->user_files[k++] = o->user_files[i];
	}
	o->nuser = k;
}

/*
 * Dumps of one run (P.1, P.2, ... beside P) that are not read: say so, as
 * the report is of the files named only (as callgrind_annotate's is).
 */
static void warn_dumps(const struct input_list *in, const char *path)
{
	char *first, *last;
	size_t n = input_dumps_unread(in, path, &first, &last);

	if (n)
		diag(DIAG_WARNING, path, 0,
		     "%zu other dump%s of the same run beside it %s not read (%s%s%s, from"
		     " --dump-before, --dump-after or --dump-every-bb): the report is of this"
		     " file only; to sum the whole run: annogrind %s %s.[0-9]*",
		     n, n > 1 ? "s" : "", n > 1 ? "are" : "is", first, n > 1 ? " ... " : "",
		     n > 1 ? last : "", path, path);
	free(first);
	free(last);
}

/* Do two cmd: lines run the same program (their first words)?  Arguments may differ: workloads. */
static int same_program(const char *a, const char *b)
{
	size_t la = strcspn(a, " \t"), lb = strcspn(b, " \t");

	return la == lb && !memcmp(a, b, la);
}

/*
 * The program a cmd: line runs, for --diff: the last part of its first
 * word, so two builds of one program in different folders are one program.
 */
static size_t program_of(const char *cmd, const char **start)
{
	size_t n = strcspn(cmd, " \t"), i;

	*start = cmd;
	for (i = 0; i < n; i++)
		if (cmd[i] == '/' && i + 1 < n)
			*start = cmd + i + 1;
	return n - (size_t)(*start - cmd);
}

/*
 * --diff of two programs pairs unrelated functions that happen to share a
 * name and prints a confident table: say so, unless rename rules show the
 * pairing is meant.
 */
static void warn_other_program(const struct opts *o, const struct profile p[2],
			       const char *const name[2])
{
	const char *a, *b;
	size_t la, lb;
	char *qa, *qb;

	if (o->nmod_funcname || o->nmod_filename || !p[0].cmd || !p[1].cmd)
		return;
	la = program_of(p[0].cmd, &a);
	lb = program_of(p[1].cmd, &b);
	if (la == lb && !memcmp(a, b, la))
		return;
	qa = diag_quote_all(p[1].cmd);
	qb = diag_quote_all(p[0].cmd);
	diag(DIAG_WARNING, name[1], 0,
	     "command %s runs another program than %s of '%s': functions of two programs"
	     " are paired by name (give --mod-funcname or --mod-filename rules to pair them"
	     " on purpose)", qa, qb, name[0]);
	free(qa);
	free(qb);
}

/*
 * Load the profiles of in, summed into p; -1 after a diagnostic.  A file
 * whose cmd: line runs another program than the first file's gets a
 * warning with both commands: a glob that caught another program's profile
 * should not mix two programs silently (the same program with other
 * arguments is a workload of a benchmark: no warning).
 */
static int load_inputs(struct profile *p, const struct input_list *in, const char *pwd)
{
	char *first_cmd = NULL, *thread = NULL;
	struct roots roots;
	size_t i;

	roots_init(&roots);
	for (i = 0; i < in->n; i++) {
		warn_dumps(in, in->paths[i]);
		if (i && first_cmd)
			p->cmd = NULL;	/* this file's, to compare */
		if (in->n > 1) {
			/* this file's thread: (the header keeps the first one's) */
			roots_file(&roots, p, 0, NULL);
			thread = p->thread;
			p->thread = NULL;
		}
		if (input_load(p, in->paths[i], pwd[0] ? pwd : NULL)) {
			if (i && first_cmd) {
				free(p->cmd);
				p->cmd = first_cmd;
			}
			if (in->n > 1) {
				free(p->thread);
				p->thread = thread;
			}
			roots_finish(&roots, p);
			return -1;
		}
		if (in->n > 1) {
			roots_file(&roots, p, 1, p->thread);
			if (thread) {
				free(p->thread);
				p->thread = thread;
			}
		}
		if (i && first_cmd) {
			if (p->cmd && !same_program(p->cmd, first_cmd)) {
				char *a = diag_quote_all(p->cmd), *b = diag_quote_all(first_cmd);
				diag(DIAG_WARNING, in->paths[i], 0,
				     "command %s runs another program than %s of '%s': are these runs to sum?",
				     a, b, in->paths[0]);
				free(a);
				free(b);
			}
			free(p->cmd);
			p->cmd = first_cmd;
		}
		first_cmd = p->cmd;
	}
	roots_finish(&roots, p);
	return 0;
}

/*
 * What reads counts as unsigned only refuses a profile of signed counts
 * (Cachegrind's: profile.signed_counts) with a negative total or function
 * cost (cg_diff's differences) rather than print -100 as 2^64-100.
 * Returns the exit status, or 0.
 */
static int signed_refused(const struct opts *o, const struct profile *p, size_t ngates)
{
	const char *what = ngates ? "--limit" : o->nfilters ? "--focus, --ignore and --hide" : NULL;
	char err[256], fmt[64];
	size_t i, e;
	int neg = 0;

	if (o->format->traits & FORMAT_NO_NEGATIVE) {
		snprintf(fmt, sizeof(fmt), "--format=%s", o->format->name);
		what = fmt;
	}
	if (!p->signed_counts || !what)
		return 0;
	/* a Cachegrind run's own counts are never negative: only a difference is refused */
	for (e = 0; e < p->ev.n && p->total; e++)
		neg |= (int64_t)p->total->v[e] < 0;
	for (i = 0; i < p->nfns && !neg; i++)
		for (e = 0; e < p->ev.n; e++)
			neg |= (int64_t)p->fns[i]->self->v[e] < 0;
	if (!neg)
		return 0;
	snprintf(err, sizeof(err), "%s cannot read the negative counts of a Cachegrind profile "
		 "(the text report, json, tsv and callgrind can)", what);
	return usage_error(err);
}

/* Several files: the thread and part numbers of the first would mislead. */
static void merge_header(struct profile *p)
{
	if (p->nfiles <= 1)
		return;
	free(p->thread);
	p->thread = NULL;
	free(p->part);
	p->part = NULL;
}

/*
 * Like callgrind_annotate, refuse a source file that cannot be read before
 * reading the profile; every one missing is named.  Returns how many.
 */
static size_t check_sources(const struct opts *o)
{
	size_t i, bad = 0;

	/* also in JSON and TSV, which annotate nothing: a typo is not ignored;
	   with --diff the first is NEW, a profile */
	for (i = o->diff ? 1 : 0; i < o->nuser; i++) {
		const char *why;
		if (report_source_readable(o, o->user_files[i], &why))
			continue;
		if (why)
			escape_line(stderr, "annogrind: source file '%s' cannot be read (%s)",
				    o->user_files[i], why);
		else
			escape_line(stderr,
				    "annogrind: source file '%s' not found in the current folder%s",
				    o->user_files[i], o->ninclude ? " or the -I folders" : "");
		bad++;
	}
	return bad;
}

/*
 * The profiles that cannot be opened, each named with the loader's own
 * message, before anything is read: a missing profile is said even when a
 * missing source file after it stops the run first.  Only access(2): a
 * FIFO is not opened twice.  Returns how many.
 */
static size_t check_profiles(const char *const *paths, size_t n)
{
	size_t i, bad = 0;

	for (i = 0; i < n; i++) {
		if (!strcmp(paths[i], "-") || access(paths[i], R_OK) == 0)
			continue;
		diag(DIAG_ERROR, paths[i], 0, "cannot open: %s", strerror(errno));
		bad++;
	}
	return bad;
}

static int is_regular(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/*
 * A source file given before the profile ("annogrind prog.c
 * callgrind.out.1") would be read as a profile and fail after a screenful
 * of warnings.  When the first argument does not look like a profile and
 * a later one does (input_is_profile(), the rule that sorts the later
 * arguments), or the callgrind.out* that annogrind reads without a
 * profile argument does, say so once.  Returns -1 after the message.
 */
static int check_order(const struct opts *o)
{
	char *found = NULL;
	const char *profile = NULL;
	size_t i;

	/* only regular files are sniffed: a pipe would lose what is read */
	if (!o->profile || !is_regular(o->profile) || access(o->profile, R_OK) ||
	    !strcmp(o->format->name, "callgrind") || !strcmp(o->format->name, "dot") ||
	    input_is_profile(o->profile))
		return 0;
	for (i = 0; i < o->nuser && !profile; i++)
		if (is_regular(o->user_files[i]) && input_is_profile(o->user_files[i]))
			profile = o->user_files[i];
	if (!profile) {
		/* "annogrind prog.c" beside the profile read without an argument */
		found = find_default_profile();
		if (found && is_regular(found) && input_is_profile(found))
			profile = found;
	}
	if (profile)
		escape_line(stderr, "annogrind: '%s' is not a Callgrind profile but '%s' is: "
			    "give the profile first, then the source files",
			    o->profile, profile);
	free(found);
	return profile ? -1 : 0;
}

/* The loader keeps the lines of a file only when it can be annotated. */
static int want_none(const char *file, void *ctx)
{
	(void)file;
	(void)ctx;
	return 0;
}


static int want_lines(const char *file, void *ctx)
{
	const struct opts *o = ctx;

	return strcmp(file, "???") && report_source_readable(o, file, NULL);
}

/*
 * Tell the loader what the text report will not need: the calls without
 * --inclusive=yes, --tree or an inclusive --limit; the per-line costs of
 * sources that cannot be annotated (all of them with --auto=no and no
 * source file named).  Every other output, and renaming, keeps everything.
 */
static void want_of(const struct opts *o, const struct gate *gates, size_t ngates,
		    struct profile *p)
{
	size_t i;
	int incl = o->inclusive || o->tree_caller || o->tree_calling;

	p->keep_instr = o->annotate_asm;
	if ((o->format->traits & FORMAT_KEEPS_ALL) || o->nmod_funcname || o->nmod_filename || o->nfilters)
		return;
	for (i = 0; i < ngates; i++)
		incl |= gates[i].kind == GATE_INCL;
	p->drop_calls = !incl;
	p->want_lines = want_lines;
	p->want_ctx = (void *)o;
	if (!o->auto_annotate && !o->nuser)
		p->want_lines = want_none;
}

/*
 * The rename rules of --mod-funcname and --mod-filename, parsed into
 * funcs and files; -1 with a message in err (a usage error), both lists
 * released then.
 */
static int parse_rules(const struct opts *o, struct modname_list *funcs,
		       struct modname_list *files, char *err, size_t errlen)
{
	modname_init(funcs);
	modname_init(files);
	if (!modname_parse(funcs, "--mod-funcname", o->mod_funcname, o->nmod_funcname, err,
			   errlen) &&
	    !modname_parse(files, "--mod-filename", o->mod_filename, o->nmod_filename, err,
			   errlen))
		return 0;
	modname_release(funcs);
	modname_release(files);
	return -1;
}

/* Are the rename rules well formed?  (Checked before reading any profile.) */
static int check_rules(const struct opts *o, char *err, size_t errlen)
{
	struct modname_list funcs, files;

	if (parse_rules(o, &funcs, &files, err, errlen))
		return -1;
	modname_release(&funcs);
	modname_release(&files);
	return 0;
}

/*
 * --mod-funcname/--mod-filename outside --diff: p becomes its renamed copy
 * (a struct profile owns only heap memory, so it moves by value).  Returns
 * -1 with *rc set on a bad rule (usage) or an overflow (input).
 */
static int rename_profile(const struct opts *o, struct profile *p, int *rc)
{
	struct modname_list funcs, files;
	struct profile q;
	char err[256];
	int bad = 0;

	if (!o->nmod_funcname && !o->nmod_filename)
		return 0;
	if (parse_rules(o, &funcs, &files, err, sizeof(err))) {
		*rc = usage_error(err);
		return -1;
	}
	bad = modname_profile(&q, p, &funcs, &files);
	if (bad) {
		profile_release(&q);
		*rc = bad > 0 ? EXIT_USAGE : EXIT_INPUT;	/* a rule made a line break */
		bad = -1;
	} else {
		profile_release(p);
		*p = q;
	}
	modname_release(&funcs);
	modname_release(&files);
	return bad;
}

/*
 * The graph views (dot, folded, flamegraph), and every view with --focus,
 * --ignore or --hide, see inlined code inside its function; those options
 * then make a copy of the profile with only what they keep, which every
 * report reads.  p becomes that copy (moved by value, as in
 * rename_profile).  Returns -1 after a diagnostic, -2 after one on a
 * --focus, --ignore or --hide glob that matches nothing (when check is
 * set: a usage error; a diff checks its two profiles together).
 */
static int prepare_view(const struct opts *o, struct profile *p, const char *name, int check)
{
	struct profile q;
	int rc;

	if (((o->format->traits & FORMAT_MERGES_INLINED) || o->nfilters) && view_has_inlined(p)) {
		if (view_merge_inlined(&q, p)) {
			profile_release(&q);
			return -1;
		}
		profile_release(p);
		*p = q;
		profile_seal(p);
	}
	if (!o->nfilters)
		return 0;
	if (graph_inclusive(p, name))
		return -1;
	rc = view_filter(&q, p, o->filters, o->nfilters, check);
	if (rc) {
		profile_release(&q);
		return rc;
	}
	profile_release(p);
	*p = q;
	profile_seal(p);
	return 0;
}

/* Does a limit pick functions (whole, gate.h)? */
static int function_gates(const struct gate *gates, size_t ngates)
{
	size_t i;

	for (i = 0; i < ngates; i++)
		if (gates[i].kind != GATE_TOTAL)
			return 1;
	return 0;
}

/* Does the report show whole functions instead of callgrind_annotate's rows? */
static int shows_whole(const struct opts *o)
{
	return (o->format->traits & FORMAT_SHOWS_WHOLE) ||
	       ((o->format->traits & FORMAT_WHOLE_OPTION) && o->whole_functions);
}

static int needs_whole(const struct opts *o, const struct gate *gates, size_t ngates)
{
	return function_gates(gates, ngates) || shows_whole(o) ||
	       (o->format->traits & FORMAT_NEEDS_WHOLE);
}

/* Every broken limit on standard error, after the report; returns the exit status. */
static int print_breaches(const struct gate_result *res, int rc)
{
	size_t i;

	for (i = 0; i < res->n; i++)
		gate_report(stderr, &res->v[i]);
	return res->n && rc == EXIT_OK ? EXIT_LIMIT : rc;
}

/* Are the events shown and sorted by all in both profiles of d? */
static int shows_common(const struct report *r, const struct diff *d)
{
	size_t k;

	for (k = 0; k < r->nshow; k++)
		if (!diff_has_event(d, r->show[k]))
			return 0;
	for (k = 0; k < r->nsort; k++)
		if (!diff_has_event(d, r->sort[k]))
			return 0;
	return 1;
}

/*
 * --diff OLD NEW: the comparison, as a report or as a profile.  Limits
 * on a level apply to NEW, limits on a change to the comparison.
 */
static int run_diff(const struct opts *o, const char *pwd, struct gate *gates, size_t ngates)
{
	const char *name[2];
	struct profile p[2], *use[2];
	struct format_diff_job job = { 0 };
	struct modname_list funcs, files;
	struct diff d, dw;
	struct whole w[2];
	const struct whole *wp[2] = { NULL, NULL };
	size_t nwhole = 0;
	struct report r;
	struct gate_result res = { 0 };
	char err[256];
	int rc = EXIT_OK, s, built = 0, built_whole = 0;
	unsigned char *seen;	/* the globs of --focus, --ignore, --hide that matched */
	/* the reports for people show the events chosen; the others show all */
	int people = !!(o->format->traits & FORMAT_FOR_PEOPLE);
	size_t i;

	if (!o->profile || o->nuser < 1)
		return usage_error("--diff takes two profiles, OLD and NEW");
	/* after OLD and NEW come source files to annotate, not a third profile */
	for (i = 1; i < o->nuser; i++)
		if (input_is_profile(o->user_files[i]))
			return usage_error("--diff takes two profiles, OLD and NEW");
	if (!o->format->render_diff)
		return usage_error(o->format->diff_refusal);
	name[0] = o->profile;
	name[1] = o->user_files[0];
	if (parse_rules(o, &funcs, &files, err, sizeof(err)))
		return usage_error(err);
	seen = xcalloc(o->nfilters + 1, 1);
	for (s = 0; s < 2; s++) {
		profile_init(&p[s]);
		use[s] = &p[s];
	}
	/* both sides named when neither can be opened */
	for (s = 0; s < 2; s++) {
		struct input_list in;

		input_list_init(&in);
		input_add(&in, name[s]);
		if (check_profiles((const char *const *)in.paths, in.n))
			rc = EXIT_INPUT;
		input_list_release(&in);
	}
	if (rc)
		goto out;
	if (check_sources(o)) {
		rc = EXIT_USAGE;
		goto out;
	}
	for (s = 0; s < 2; s++) {
		struct input_list in;
		int bad = 0;

		/* a side may be a --separate-threads base name: its files are summed */
		input_list_init(&in);
		input_add(&in, name[s]);
		bad = load_inputs(&p[s], &in, pwd);
		input_list_release(&in);
		if (bad || load_finish(&p[s])) {
			rc = EXIT_INPUT;
			goto out;
		}
		if ((rc = signed_refused(o, &p[s], ngates)))
			goto out;
		if (funcs.n || files.n) {
			/* renamed copies, whose inclusive costs see the merged names */
			use[s] = xmalloc(sizeof(*use[s]));
			bad = modname_profile(use[s], &p[s], &funcs, &files);
			if (bad) {
				profile_release(use[s]);
				free(use[s]);
				use[s] = &p[s];
				rc = bad > 0 ? EXIT_USAGE : EXIT_INPUT;
				goto out;
			}
		}
		view_filters_seen(use[s], o->filters, o->nfilters, seen);
		bad = prepare_view(o, use[s], name[s], 0);
		if (bad || graph_inclusive(use[s], name[s])) {
			rc = bad == -2 ? EXIT_USAGE : EXIT_INPUT;
			goto out;
		}
	}
	/* a glob that matches nothing in either profile is a usage error */
	if (view_filters_check(o->filters, o->nfilters, seen)) {
		rc = EXIT_USAGE;
		goto out;
	}
	warn_other_program(o, p, name);
	job.old = use[0];
	job.old_name = name[0];
	job.new_name = name[1];
	job.version = ANNOGRIND_VERSION;
	if (o->format->traits & FORMAT_DIFF_STACKS) {
		if (report_init(&r, use[1], o, name[1], stdout, err, sizeof(err)))
			rc = usage_error(err);
		else if ((job.r = &r, o->format->render_diff(&job)))
			rc = EXIT_INPUT;
		else
			rc = finish_output();
		report_release(&r);
		goto out;
	}
	built = 1;
	/* the text report can show the events both profiles have */
	if (diff_build(&d, use[0], use[1], people, err, sizeof(err)))
		goto differ;
	/* limits on functions, the Markdown summary and JSON compare functions whole */
	if (function_gates(gates, ngates) || (o->format->traits & FORMAT_NEEDS_WHOLE)) {
		for (s = 0; s < 2; s++) {
			if (whole_build(&w[s], use[s])) {
				rc = EXIT_INPUT;
				goto out;
			}
			wp[s] = &w[s];
			nwhole = (size_t)s + 1;
		}
		if (diff_build(&dw, w[0].merged, w[1].merged, people, err, sizeof(err)))
			goto differ;
		built_whole = 1;
		d.whole_diff = &dw;
		d.whole[0] = &w[0];
		d.whole[1] = &w[1];
	}
	for (i = 0; i < ngates; i++) {
		if (gate_resolve(&gates[i], use[1], err, sizeof(err))) {
			rc = usage_error(err);
			goto out;
		}
		if (!diff_has_event(&d, gates[i].ev)) {
			snprintf(err, sizeof(err), "--limit event '%.60s' is not in the old profile",
				 gates[i].event);
			rc = usage_error(err);
			goto out;
		}
		if (gates[i].change == GATE_LEVEL) {
			size_t k = res.n;
			if (gates[i].kind == GATE_TOTAL)
				gate_eval(&gates[i], use[1], &res);
			else
				gate_eval_whole(&gates[i], &w[1], &res);
			for (; k < res.n; k++)
				res.v[k].in_diff = 1;
		} else if (gates[i].kind == GATE_TOTAL) {
			gate_eval_diff(&gates[i], &d, &res);
		} else {
			gate_eval_diff_whole(&gates[i], &dw, wp, &res);
		}
	}
	job.d = &d;
	if (built_whole) {
		job.dw = &dw;
		job.new_whole = &w[DIFF_NEW];
	}
	job.res = &res;
	job.ngates = ngates;
	if (o->format->traits & FORMAT_NO_REPORT) {
		if (o->format->render_diff(&job))
			rc = EXIT_INPUT;
		else
			rc = print_breaches(&res, finish_output());
		goto out;
	}
	if (report_init(&r, use[1], o, name[1], stdout, err, sizeof(err))) {
		rc = usage_error(err);
	} else if (!shows_common(&r, &d)) {
		report_release(&r);
		goto differ;
	} else {
		job.r = &r;
		o->format->render_diff(&job);
		rc = print_breaches(&res, finish_output());
	}
	report_release(&r);
	goto out;
differ:
	diff_events_differ(&d, people, err, sizeof(err));
	escape_line(stderr, "annogrind: cannot compare '%s' with '%s': %s", name[0], name[1], err);
	rc = EXIT_INPUT;
out:
	free(seen);
	gate_result_release(&res);
	if (built)
		diff_release(&d);
	if (built_whole)
		diff_release(&dw);
	for (s = 0; s < (int)nwhole; s++)
		whole_release(&w[s]);
	for (s = 0; s < 2; s++) {
		if (use[s] != &p[s]) {
			profile_release(use[s]);
			free(use[s]);
		}
		profile_release(&p[s]);
	}
	modname_release(&funcs);
	modname_release(&files);
	return rc;
}

int main(int argc, char **argv)
{
	struct opts o;
	struct profile p;
	struct report r;
	struct input_list in;
	struct gate *gates = NULL;
	char err[256], pwd[PATH_MAX + 2];
	char *found = NULL;
	const char *profile;
	struct gate_result res = { 0 };
	struct output outp;
	struct whole w;
	struct format_job job = { 0 };
	int have_whole = 0;
	size_t i, ngates = 0;
	int rc = EXIT_OK;
	static char outbuf[1 << 16];

	/* A reader that goes away (| head) makes writes fail with EPIPE,
	 * which finish_output() takes quietly, instead of killing us. */
	signal(SIGPIPE, SIG_IGN);
	setvbuf(stdout, outbuf, _IOFBF, sizeof(outbuf));
#ifdef __GLIBC__
	/* only this thread writes: no lock taken for each putc and fputs
	   (the loader's reading thread never touches stdio) */
	__fsetlocking(stdout, FSETLOCKING_BYCALLER);
#endif
	opts_init(&o);
	o.format_find = format_find;
	input_list_init(&in);
	profile_init(&p);
	if (opts_parse(&o, argc, argv)) {
		rc = usage_error(o.err);
		goto out;
	}
	if (o.help) {
		usage(stdout);
		rc = finish_output();
		goto out;
	}
	if (o.version) {
		if (ANNOGRIND_COMMIT[0])
			puts("annogrind " ANNOGRIND_VERSION " (git " ANNOGRIND_COMMIT ")");
		else
			puts("annogrind " ANNOGRIND_VERSION);
		rc = finish_output();
		goto out;
	}
	if (!o.format)
		o.format = format_text();
	load_set_jobs(o.jobs);
	gates = xcalloc(o.nlimits + 1, sizeof(*gates));
	for (; ngates < o.nlimits; ngates++) {
		if (gate_parse(&gates[ngates], o.limits[ngates], err, sizeof(err))) {
			rc = usage_error(err);
			goto out;
		}
		if (gates[ngates].change != GATE_LEVEL && !o.diff) {
			snprintf(err, sizeof(err), "bad --limit '%.60s': a change (+ or -) needs --diff",
				 o.limits[ngates]);
			ngates++;
			rc = usage_error(err);
			goto out;
		}
	}
	if (o.annotate_asm && (o.diff || !(o.format->traits & FORMAT_ASM))) {
		rc = usage_error("--annotate=asm works with the text report and --format=json only");
		goto out;
	}
	if (o.annotate_asm && o.nfilters) {
		/* the copy they make keeps no cost per instruction */
		rc = usage_error("--annotate=asm does not work with --focus, --ignore or --hide");
		goto out;
	}
	if (o.output) {
		if (output_open(&outp, o.output, err, sizeof(err))) {
			escape_line(stderr, "annogrind: %s", err);
			rc = EXIT_OUTPUT;
			goto out;
		}
		out_file = o.output;
	}
	if (!getcwd(pwd, PATH_MAX))
		pwd[0] = '\0';
	else
		strcat(pwd, "/");
	if (o.diff) {
		rc = run_diff(&o, pwd, gates, ngates);
		goto out;
	}
	if (check_rules(&o, err, sizeof(err))) {
		rc = usage_error(err);
		goto out;
	}
	profile = o.profile;
	if (!profile) {
		found = find_default_profile();
		if (!found) {
			rc = usage_error("no profile given and no callgrind.out* or cachegrind.out.* in the current folder");
			goto out;
		}
		profile = found;
	}
	if (check_order(&o)) {
		rc = usage_error_tail();
		goto out;
	}
	gather_inputs(&o, profile, &in);
	if (check_profiles((const char *const *)in.paths, in.n)) {
		check_sources(&o);
		rc = EXIT_INPUT;
		goto out;
	}
	if (check_sources(&o)) {
		rc = EXIT_USAGE;
		goto out;
	}

	want_of(&o, gates, ngates, &p);
	if (load_inputs(&p, &in, pwd)) {
		rc = EXIT_INPUT;
		goto out;
	}
	merge_header(&p);
	if (load_finish(&p) || rename_profile(&o, &p, &rc)) {
		if (rc != EXIT_USAGE)
			rc = EXIT_INPUT;
		goto out;
	}
	if ((rc = signed_refused(&o, &p, ngates)))
		goto out;
	profile_seal(&p);
#ifdef __GLIBC__
	malloc_trim(0);	/* give back the loader's blocks and the indexes before the graph */
#endif
	if ((rc = prepare_view(&o, &p, strcmp(profile, "-") ? profile : "<stdin>", 1)) == -2) {
		rc = EXIT_USAGE;
		goto out;
	}
	if (rc || graph_inclusive(&p, strcmp(profile, "-") ? profile : "<stdin>") ||
	    ((o.format->traits & FORMAT_CHECKS_CALLS) &&
	     graph_check_calls(&p, strcmp(profile, "-") ? profile : "<stdin>"))) {
		rc = EXIT_INPUT;
		goto out;
	}
	/* limits on functions, Markdown, JSON and --whole-functions see functions whole */
	if (needs_whole(&o, gates, ngates)) {
		if (whole_build(&w, &p)) {
			rc = EXIT_INPUT;
			goto out;
		}
		have_whole = 1;
	}
	for (i = 0; i < ngates; i++) {
		if (gate_resolve(&gates[i], &p, err, sizeof(err))) {
			rc = usage_error(err);
			goto out;
		}
		if (gates[i].kind == GATE_TOTAL)
			gate_eval(&gates[i], &p, &res);
		else
			gate_eval_whole(&gates[i], &w, &res);
	}
	job.p = &p;
	job.res = &res;
	job.ngates = ngates;
	job.found = found;
	job.version = ANNOGRIND_VERSION;
	if (o.format->traits & FORMAT_NO_REPORT) {
		o.format->render(&job);
		rc = print_breaches(&res, finish_output());
		goto out;
	}
	if (report_init(&r, have_whole && shows_whole(&o) ? w.merged : &p, &o, profile, stdout, err,
			sizeof(err))) {
		rc = usage_error(err);
		report_release(&r);
		goto out;
	}
	if (have_whole)
		r.whole = &w;
	if (in.n > 1) {
		r.inputs = (const char *const *)in.paths;
		r.ninputs = in.n;
	}
	job.r = &r;
	if (o.format->render(&job))
		rc = EXIT_INPUT;
	report_release(&r);
	if (rc == EXIT_OK)
		rc = finish_output();
	rc = print_breaches(&res, rc);
out:
	if (out_file) {
		/* a complete report (limits broken or not) replaces FILE; nothing else does */
		if (rc != EXIT_OK && rc != EXIT_LIMIT) {
			output_abort(&outp);
		} else if (output_commit(&outp, err, sizeof(err))) {
			escape_line(stderr, "annogrind: %s", err);
			rc = EXIT_OUTPUT;
		}
	}
	gate_result_release(&res);
	if (have_whole)
		whole_release(&w);
	for (i = 0; i < ngates; i++)
		gate_release(&gates[i]);
	free(gates);
	input_list_release(&in);
	profile_release(&p);
	opts_release(&o);
	free(found);
	return rc;
}
