/* main: the command line of annogrind: options, usage, and the exit status of a run (run.c). */
#include <limits.h>
#ifdef __GLIBC__
#include <stdio_ext.h>
#endif
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena.h"
#include "escape.h"
#include "format.h"
#include "gate.h"
#include "load.h"
#include "opts.h"
#include "output.h"
#include "run.h"

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
	      "profile P stands for P-01, P-02, ... when those exist (--separate-threads),\n"
	      "and for P.1, P.2, ... (the dumps of its run, --dump-before).\n"
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
	      "                           (with --diff: red grew, blue shrank);\n"
	      "                           pprof: the stacks and lines as a profile\n"
	      "                           for go tool pprof (gzip-compressed\n"
	      "                           profile.proto);\n"
	      "                           html: one self-contained page (table, callers\n"
	      "                           and callees, source, flame and call graph)\n"
	      "      --markdown-max=BYTES|none\n"
	      "                           cut --format=markdown to BYTES, its last\n"
	      "                           folded blocks first, saying what went [65536:\n"
	      "                           a pull-request comment]\n"
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
	      "      --parts=all|last     a profile P of a run in dumps (P.1, P.2, ...,\n"
	      "                           --dump-before) stands for all, summed, or\n"
	      "                           for the last alone [all]\n"
	      "      --diff               compare two profiles: annogrind --diff OLD NEW\n"
	      "      --scale=none|total   with --diff, scale NEW to OLD's total: a change\n"
	      "                           is then growth beyond the program's [none]\n"
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

/* The exit status of a run; a usage error gets the pointer to --help. */
static int exit_status(enum run_status st)
{
	switch (st) {
	case RUN_OK:
		return EXIT_OK;
	case RUN_LIMIT:
		return EXIT_LIMIT;
	case RUN_USAGE:
		return EXIT_USAGE;
	case RUN_USAGE_HINT:
		return usage_error_tail();
	case RUN_INPUT:
		return EXIT_INPUT;
	case RUN_OUTPUT:
		break;
	}
	return EXIT_OUTPUT;
}

/*
 * The --limit specs parsed into *gates (*ngates of them, each to be
 * released); returns EXIT_OK or a usage error's status.
 */
static int parse_gates(const struct opts *o, struct gate **gates, size_t *ngates)
{
	char err[256];

	*gates = xcalloc(o->nlimits + 1, sizeof(**gates));
	for (; *ngates < o->nlimits; (*ngates)++) {
		struct gate *g = &(*gates)[*ngates];

		if (gate_parse(g, o->limits[*ngates], err, sizeof(err)))
			return usage_error(err);
		if (g->change != GATE_LEVEL && !o->diff) {
			snprintf(err, sizeof(err), "bad --limit '%.60s': a change (+ or -) needs --diff",
				 o->limits[*ngates]);
			(*ngates)++;
			return usage_error(err);
		}
	}
	return EXIT_OK;
}

/* Options that the format or one another rule out; returns EXIT_OK or a usage error's status. */
static int check_combination(const struct opts *o)
{
	if (o->annotate_asm && o->diff && !(o->format->traits & FORMAT_DIFF_ASM))
		return usage_error("--diff --annotate=asm works with the text report, --format=json and "
				   "--format=markdown only");
	if (o->annotate_asm && !o->diff && !(o->format->traits & FORMAT_ASM))
		return usage_error("--annotate=asm works with the text report and --format=json only");
	if (o->annotate_asm && o->nfilters)	/* the copy they make keeps no cost per instruction */
		return usage_error("--annotate=asm does not work with --focus, --ignore or --hide");
	return EXIT_OK;
}

int main(int argc, char **argv)
{
	struct opts o;
	struct run run = { 0 };
	struct gate *gates = NULL;
	struct output outp;
	char err[256], pwd[PATH_MAX + 2];
	size_t i, ngates = 0;
	int rc = EXIT_OK;
	static char outbuf[1 << 16];

	/* A reader that goes away (| head) makes writes fail with EPIPE,
	 * which run_flush() takes quietly, instead of killing us. */
	signal(SIGPIPE, SIG_IGN);
	setvbuf(stdout, outbuf, _IOFBF, sizeof(outbuf));
#ifdef __GLIBC__
	/* only this thread writes: no lock taken for each putc and fputs
	   (the loader's reading thread never touches stdio) */
	__fsetlocking(stdout, FSETLOCKING_BYCALLER);
#endif
	opts_init(&o);
	o.find_format = format_find;
	if (opts_parse(&o, argc, argv)) {
		rc = usage_error(o.err);
		goto out;
	}
	if (o.help || o.version) {
		if (o.help)
			usage(stdout);
		else if (ANNOGRIND_COMMIT[0])
			puts("annogrind " ANNOGRIND_VERSION " (git " ANNOGRIND_COMMIT ")");
		else
			puts("annogrind " ANNOGRIND_VERSION);
		rc = exit_status(run_flush(NULL));
		goto out;
	}
	if (!o.format)
		o.format = format_text();
	if (o.disasm < 0)
		o.disasm = !(o.format->traits & FORMAT_NO_DISASM);
	load_set_jobs(o.jobs);
	if ((rc = parse_gates(&o, &gates, &ngates)) || (rc = check_combination(&o)))
		goto out;
	if (o.output && output_open(&outp, o.output, !(o.format->traits & FORMAT_GZIP), err,
				    sizeof(err))) {
		escape_line(stderr, "annogrind: %s", err);
		rc = EXIT_OUTPUT;
		goto out;
	}
	if (!getcwd(pwd, PATH_MAX))
		pwd[0] = '\0';
	else
		strcat(pwd, "/");
	run.o = &o;
	run.gates = gates;
	run.ngates = ngates;
	run.pwd = pwd;
	run.version = ANNOGRIND_VERSION;
	run.out_file = o.output;
	rc = exit_status(o.diff ? run_diff(&run) : run_report(&run));
	if (o.output) {
		/* a complete report (limits broken or not) replaces FILE; nothing else does */
		if (rc != EXIT_OK && rc != EXIT_LIMIT) {
			output_abort(&outp);
		} else if (output_commit(&outp, err, sizeof(err))) {
			escape_line(stderr, "annogrind: %s", err);
			rc = EXIT_OUTPUT;
		}
	}
out:
	for (i = 0; i < ngates; i++)
		gate_release(&gates[i]);
	free(gates);
	opts_release(&o);
	return rc;
}
