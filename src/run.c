/* run: the pipeline: profiles checked, loaded, renamed, viewed and graphed, then limits and a renderer. */
#include <errno.h>
#include <glob.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "diag.h"
#include "diff.h"
#include "escape.h"
#include "format.h"
#include "gate.h"
#include "graph.h"
#include "hash.h"
#include "input.h"
#include "load.h"
#include "modname.h"
#include "opts.h"
#include "profile.h"
#include "report.h"
#include "roots.h"
#include "run.h"
#include "source_find.h"
#include "view.h"
#include "whole.h"

/* A usage error's message; main() adds the pointer to --help. */
static enum run_status usage_error(const char *msg)
{
	escape_line(stderr, "annogrind: %s", msg);
	return RUN_USAGE_HINT;
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

enum run_status run_flush(const char *out_file)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		return RUN_OK;
	if (errno == EPIPE && !out_file)
		return RUN_OK;	/* the reader went away (| head): nothing to say */
	if (out_file)
		escape_line(stderr, "annogrind: write error on '%s': %s", out_file, strerror(errno));
	else
		escape_line(stderr, "annogrind: write error on standard output: %s", strerror(errno));
	return RUN_OUTPUT;
}

/*
 * Dumps of one run (P.1, P.2, ... beside P) that are not read: say so,
 * as the report is of the files named only (--parts=last, as
 * callgrind_annotate's is, or a dump named alone beside others).
 */
static void warn_dumps(const struct input_list *in, const char *path)
{
	char *first, *last;
	size_t n = input_dumps_unread(in, path, &first, &last);

	if (n)
		diag(DIAG_WARNING, path, 0,
		     "%zu other dump%s of the same run beside it %s not read (%s%s%s, from"
		     " --dump-before, --dump-after or --dump-every-bb): the report is of this"
		     " file only; to sum the whole run, leave out --parts=last",
		     n, n > 1 ? "s" : "", n > 1 ? "are" : "is", first, n > 1 ? " ... " : "",
		     n > 1 ? last : "");
	free(first);
	free(last);
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
	const char **args = xcalloc(o->nuser + 2, sizeof(*args));
	size_t i, k = 0, n = 0;

	args[n++] = first;
	for (i = 0; i < o->nuser; i++) {
		if (all || input_is_profile(o->user_files[i]))
			args[n++] = o->user_files[i];
		else
			o->user_files[k++] = o->user_files[i];
	}
	o->nuser = k;
	for (i = 0; i < n; i++)
		input_add(l, args[i], o->parts);
	/* once all are in: a dump named as well as found is read */
	for (i = 0; i < n; i++)
		warn_dumps(l, args[i]);
	free(args);
}

/* Do two cmd: lines run the same program (their first words)?  Arguments may differ: workloads. */
static int same_program(const char *a, const char *b)
{
	size_t la = strcspn(a, " \t"), lb = strcspn(b, " \t");

	return la == lb && !memcmp(a, b, la);
}

/* Is obj a shared library (its last part has ".so" at its end or before a '.')? */
static int shared_object(const char *obj)
{
	const char *base = strrchr(obj, '/'), *so;

	base = base ? base + 1 : obj;
	for (so = strstr(base, ".so"); so; so = strstr(so + 1, ".so"))
		if (so[3] == '\0' || so[3] == '.')
			return 1;
	return 0;
}

/* A function's name, in a set of the names of one side. */
struct name_ent {
	const char *name;
	UT_hash_handle hh;
};

/*
 * The functions of p's program (not of its shared libraries, which two
 * unrelated programs share: libc's malloc, ld.so's loader), named by
 * symbol: those of every object when none is a program's.
 */
static size_t program_fns(const struct profile *p, const struct fn **v)
{
	size_t i, n = 0;

	for (i = 0; i < p->nfns; i++) {
		const struct fn *f = p->fns[i];
		if (!shared_object(f->obj) && strncmp(f->k.name, "0x", 2))
			v[n++] = f;
	}
	if (!n)
		for (i = 0; i < p->nfns; i++)
			if (strncmp(p->fns[i]->k.name, "0x", 2))
				v[n++] = p->fns[i];
	return n;
}

/*
 * --diff of two programs pairs unrelated functions that happen to share a
 * name and prints a confident table: say so when fewer than half of the
 * program's own functions of the side that has fewer have a namesake on
 * the other side (by name alone: a build in another folder names its files
 * otherwise), unless rename rules show the pairing is meant.  Two builds
 * of one program under other names (./t1, ./t2) pair almost all; gawk and
 * jq pair main and a few helpers.
 */
static void warn_other_program(const struct opts *o, const struct profile p[2],
			       const char *const name[2])
{
	const struct fn **v[2];
	struct name_ent *set = NULL, *e, *te;
	size_t n[2], i, paired = 0;
	int small, big;
	char *qa, *qb;

	/* (a profile that names no command, hand-made or converted, runs no program to tell) */
	if (o->nmod_funcname || o->nmod_filename || !p[0].cmd || !p[1].cmd)
		return;
	for (i = 0; i < 2; i++) {
		v[i] = xcalloc(p[i].nfns + 1, sizeof(*v[i]));
		n[i] = program_fns(&p[i], v[i]);
	}
	small = n[1] < n[0];
	big = !small;
	for (i = 0; i < n[big]; i++) {
		HASH_FIND_STR(set, v[big][i]->k.name, e);
		if (!e) {
			e = xcalloc(1, sizeof(*e));
			e->name = v[big][i]->k.name;
			HASH_ADD_KEYPTR(hh, set, e->name, strlen(e->name), e);
		}
	}
	for (i = 0; i < n[small]; i++) {
		HASH_FIND_STR(set, v[small][i]->k.name, e);
		paired += e != NULL;
	}
	if (n[small] && 2 * paired < n[small]) {
		qa = diag_quote_all(p[small].cmd);
		qb = diag_quote_all(p[big].cmd);
		diag(DIAG_WARNING, name[1], 0,
		     "%zu of the %zu functions of %s's program (%s) %s a namesake in %s's (%s):"
		     " functions of two programs are paired by name (give --mod-funcname or"
		     " --mod-filename rules to pair them on purpose)",
		     paired, n[small], small ? "NEW" : "OLD", qa, paired == 1 ? "has" : "have",
		     small ? "OLD" : "NEW", qb);
		free(qa);
		free(qb);
	}
	HASH_ITER(hh, set, e, te) {
		HASH_DEL(set, e);
		free(e);
	}
	free(v[0]);
	free(v[1]);
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
 * Returns RUN_OK, or the status of the usage error said.
 */
static enum run_status signed_refused(const struct opts *o, const struct profile *p, size_t ngates)
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
	struct source_find *sf = source_find_new(o->include, o->ninclude);
	size_t i, bad = 0;

	/* also in JSON and TSV, which annotate nothing: a typo is not ignored;
	   with --diff the first is NEW, a profile */
	for (i = o->diff ? 1 : 0; i < o->nuser; i++) {
		const struct source_loc *loc = source_find_whole(sf, o->user_files[i]);
		const char *why = loc->why;
		if (loc->path)
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
	source_find_free(sf);
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
 * profile argument does, say so once.  Every format checks this: one
 * that reads every argument as a profile (FORMAT_ALL_PROFILES) would
 * fail the same way, so its message says that instead of asking for the
 * source files after the profile.  Returns -1 after the message.
 */
static int check_order(const struct opts *o)
{
	char *found = NULL;
	const char *profile = NULL;
	size_t i;

	/* only regular files are sniffed: a pipe would lose what is read */
	if (!o->profile || !is_regular(o->profile) || access(o->profile, R_OK) ||
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
	if (profile && (o->format->traits & FORMAT_ALL_PROFILES))
		escape_line(stderr, "annogrind: '%s' is not a Callgrind profile but '%s' is: "
			    "--format=%s reads every argument as a profile: leave the source files out",
			    o->profile, profile, o->format->name);
	else if (profile)
		escape_line(stderr, "annogrind: '%s' is not a Callgrind profile but '%s' is: "
			    "give the profile first, then the source files",
			    o->profile, profile);
	free(found);
	return profile ? -1 : 0;
}

/* Does the output see inlined code inside its function (prepare_view)? */
static int graph_view(const struct opts *o)
{
	return (o->format->traits & FORMAT_MERGES_INLINED) || o->nfilters;
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
	/* (no finder: the lines of every file are kept) */
	return !ctx || (strcmp(file, "???") && source_find(ctx, file)->path);
}

/*
 * Tell the loader what the text report will not need: the calls without
 * --inclusive=yes, --tree, an inclusive --limit or a view (--focus,
 * --ignore, --hide: they are made from the call graph); the per-line
 * costs of sources that cannot be annotated (all of them with --auto=no
 * and no source file named), which a view would only copy.  Every other
 * output, and renaming, keeps everything.  Returns whether the report
 * reads no call: a view's own profile then needs no inclusive costs.
 */
static int want_of(const struct opts *o, const struct gate *gates, size_t ngates,
		   struct profile *p, struct source_find *sf)
{
	size_t i;
	int incl = o->inclusive || o->tree_caller || o->tree_calling ||
		   (o->format->traits & FORMAT_KEEPS_CALLS);

	p->keep_instr = o->annotate_asm;
	p->keep_fn_lines = !!(o->format->traits & FORMAT_FN_LINES);
	/*
	 * The graph views fold inlined code into its function (prepare_view):
	 * the loader can do it as it reads, at no cost, when no rename rule
	 * changes the names between.  A view of rows keeps them (view_rows).
	 */
	p->fold_inlined = (o->format->traits & FORMAT_MERGES_INLINED) && !o->nmod_funcname &&
			  !o->nmod_filename;
	if (p->fold_inlined) {
		/* stacks and boxes: no source lines */
		p->want_lines = want_none;
		return 0;
	}
	if ((o->format->traits & FORMAT_KEEPS_ALL) || o->nmod_funcname || o->nmod_filename)
		return 0;
	for (i = 0; i < ngates; i++)
		incl |= gates[i].kind == GATE_INCL;
	p->drop_calls = !incl && !o->nfilters;
	p->want_lines = want_lines;
	p->want_ctx = sf;
	if (!o->auto_annotate && !o->nuser)
		p->want_lines = want_none;
	return !incl;
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
 * --mod-funcname/--mod-filename: p becomes its renamed copy (a struct
 * profile owns only heap memory, so it moves by value).  Returns RUN_OK,
 * or the status of a bad rule (usage) or an overflow (input).
 */
static enum run_status rename_profile(const struct opts *o, struct profile *p)
{
	struct modname_list funcs, files;
	struct profile q;
	char err[256];
	enum run_status st = RUN_OK;
	int bad;

	if (!o->nmod_funcname && !o->nmod_filename)
		return RUN_OK;
	if (parse_rules(o, &funcs, &files, err, sizeof(err)))
		return usage_error(err);
	bad = modname_profile(&q, p, &funcs, &files);
	if (bad) {
		profile_release(&q);
		st = bad > 0 ? RUN_USAGE : RUN_INPUT;	/* a rule made a line break */
	} else {
		profile_release(p);
		*p = q;
	}
	modname_release(&funcs);
	modname_release(&files);
	return st;
}

/*
 * A view of a report of rows (the table, JSON, ...: code inlined from
 * another file is a row of its own): made of the merged copy as the
 * graph views see it, then shared back over p's rows
 * (view_split_inlined()), so that a row means the same with and without
 * a view.  prepare_view's returns.
 */
static int view_rows(const struct opts *o, struct profile *p, const char *name, int check)
{
	struct profile m, v, r;
	int rc, was;

	/* the rows' own inclusive costs bound the view's; the merged copy's warnings are said */
	was = diag_quiet_warnings(1);
	rc = graph_inclusive(p, name);
	diag_quiet_warnings(was);
	if (rc)
		return -1;
	rc = view_merge_inlined(&m, p);
	if (!rc) {
		profile_seal(&m);
		rc = graph_inclusive(&m, name);
	}
	if (rc) {
		profile_release(&m);
		return -1;
	}
	rc = view_filter(&v, &m, o->filters, o->nfilters, check);
	if (!rc)
		rc = view_split_inlined(&r, &v, p);
	else
		profile_init(&r);
	profile_release(&v);
	profile_release(&m);
	if (rc) {
		profile_release(&r);
		return rc;
	}
	profile_adopt(&r, p);
	*p = r;
	profile_seal(p);
	return 0;
}

/*
 * The graph views (dot, folded, flamegraph), and every view with --focus,
 * --ignore or --hide, see inlined code inside its function; those options
 * then make a copy of the profile with only what they keep, which every
 * report reads (a report of rows in p's rows, view_rows()).  p becomes that copy (moved by value, as in
 * rename_profile).  Returns -1 after a diagnostic, -2 after one on a
 * --focus, --ignore or --hide glob that matches nothing (when check is
 * set: a usage error; a diff checks its two profiles together).
 */
static int prepare_view(const struct opts *o, struct profile *p, const char *name, int check)
{
	struct profile q;
	int rc;

	if (o->nfilters && !(o->format->traits & FORMAT_MERGES_INLINED) && view_has_inlined(p))
		return view_rows(o, p, name, check);
	if (graph_view(o) && view_has_inlined(p)) {
		if (view_merge_inlined(&q, p)) {
			profile_release(&q);
			return -1;
		}
		profile_adopt(&q, p);	/* q points to p's names */
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
	profile_adopt(&q, p);
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

/* Every broken limit on standard error, after the report; returns the run's status. */
static enum run_status print_breaches(const struct gate_result *res, enum run_status rc)
{
	size_t i;

	for (i = 0; i < res->n; i++)
		gate_report(stderr, &res->v[i]);
	return res->n && rc == RUN_OK ? RUN_LIMIT : rc;
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
 * Load the profiles of in, summed into p, and make it what the renderers
 * read: renamed, seen through the views, with inclusive costs.  For one
 * profile (seen NULL) the loader keeps only what the report shows, the
 * header of several files is merged, and a --focus, --ignore or --hide
 * glob that matches nothing is a usage error here; a side of a diff
 * (seen: the globs matched so far) keeps everything, and the globs are
 * checked once both sides are read.  name is the profile's for messages;
 * sf finds the sources whose lines the loader keeps (one profile only).
 */
static enum run_status prepare(const struct run *run, struct profile *p,
			       const struct input_list *in, const char *name, unsigned char *seen,
			       struct source_find *sf)
{
	const struct opts *o = run->o;
	enum run_status st;
	int rc, no_calls = 0;

	if (!seen) {
		no_calls = want_of(o, run->gates, run->ngates, p, sf);
		p->keep_spans = !!(o->format->traits & FORMAT_SPANS);
		p->keep_instr |= !!(o->format->traits & FORMAT_KEEPS_INSTR);
	} else {
		p->keep_spans = !!(o->format->traits & FORMAT_DIFF_SPANS);
		p->keep_instr = o->annotate_asm;
	}
	if (load_inputs(p, in, run->pwd))
		return RUN_INPUT;
	if (!seen)
		merge_header(p);
	if (load_finish(p))
		return RUN_INPUT;
	if ((st = rename_profile(o, p)) || (st = signed_refused(o, p, run->ngates)))
		return st;
	if (seen) {
		view_filters_seen(p, o->filters, o->nfilters, seen);
	} else {
		profile_seal(p);
#ifdef __GLIBC__
		/*
		 * Give back the loader's blocks and the indexes before the
		 * graph; a view keeps them for its own arrays and copy, which
		 * would otherwise fault in fresh pages (cc1 --focus: the unit
		 * graph took 4 ms instead of 1).
		 */
		if (!o->nfilters)
			malloc_trim(0);
#endif
	}
	rc = prepare_view(o, p, name, !seen);
	if (rc == -2)
		return RUN_USAGE;
	if (!rc && no_calls)
		p->drop_calls = 1;	/* the view's calls were for the view only */
	if (rc || graph_inclusive(p, name) ||
	    (!seen && (o->format->traits & FORMAT_CHECKS_CALLS) && graph_check_calls(p, name)))
		return RUN_INPUT;
	return RUN_OK;
}

/*
 * FORMAT_PER_INPUT: each of several profiles (--separate-threads files)
 * prepared alone too, its warnings quiet (they were given for the sum).
 * NULL when there is one, or when one fails.
 */
static struct profile *prepare_parts(const struct run *run, const struct input_list *in)
{
	struct profile *parts;
	enum run_status st = RUN_OK;
	size_t i, k;

	if (!(run->o->format->traits & FORMAT_PER_INPUT) || in->n < 2)
		return NULL;
	parts = xcalloc(in->n, sizeof(*parts));
	diag_quiet_warnings(1);
	for (i = 0; i < in->n && st == RUN_OK; i++) {
		struct input_list one;
		input_list_init(&one);
		input_add(&one, in->paths[i], 0);
		profile_init(&parts[i]);
		st = prepare(run, &parts[i], &one, in->paths[i], NULL, NULL);
		input_list_release(&one);
	}
	diag_quiet_warnings(0);
	if (st == RUN_OK)
		return parts;
	for (k = 0; k < i; k++)
		profile_release(&parts[k]);
	free(parts);
	return NULL;
}

static void release_parts(struct profile *parts, size_t n)
{
	size_t i;

	for (i = 0; parts && i < n; i++)
		profile_release(&parts[i]);
	free(parts);
}

/* The profiles to read and the source files, checked before anything is read. */
static enum run_status gather_checked(struct opts *o, const char *profile, struct input_list *in)
{
	if (check_order(o))
		return RUN_USAGE_HINT;
	gather_inputs(o, profile, in);
	if (check_profiles((const char *const *)in->paths, in->n)) {
		check_sources(o);
		return RUN_INPUT;
	}
	if (check_sources(o))
		return RUN_USAGE;
	return RUN_OK;
}

/*
 * The text report on a terminal, --show not given: the events that fit
 * its width (report_fit_width(); cells per event, 3 for a comparison's
 * source lines).  Its width is the terminal's, else $COLUMNS, else 80.
 * In a pipe or a file every event is shown, as callgrind_annotate does,
 * for the scripts that read it.
 */
static void fit_terminal(const struct opts *o, struct report *r, size_t cells)
{
	struct winsize ws;
	const char *env = getenv("COLUMNS");
	size_t cols = 80;

	if (o->format != format_text() || o->nshow || o->output || !isatty(STDOUT_FILENO))
		return;
	if (!ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_col)
		cols = ws.ws_col;
	else if (env && atoi(env) > 0)
		cols = (size_t)atoi(env);
	report_fit_width(r, cols, cells);
}

/*
 * One prepared profile p (the sum of in): functions whole when something
 * reads them so, the limits, then the format's renderer, which finds the
 * sources through sf, the loader's finder.
 */
static enum run_status render_one(const struct run *run, struct profile *p,
				  const struct input_list *in, const char *profile, const char *found,
				  struct source_find *sf)
{
	const struct opts *o = run->o;
	struct gate_result res = { 0 };
	struct format_job job = { 0 };
	struct report r;
	struct whole w;
	char err[256];
	int have_whole = 0;
	enum run_status st = RUN_OK;
	size_t i;

	/* limits on functions, Markdown, JSON and --whole-functions see functions whole */
	if (needs_whole(o, run->gates, run->ngates)) {
		if (whole_build(&w, p))
			return RUN_INPUT;
		have_whole = 1;
	}
	for (i = 0; i < run->ngates && st == RUN_OK; i++) {
		if (gate_resolve(&run->gates[i], p, err, sizeof(err)))
			st = usage_error(err);
		else if (run->gates[i].kind == GATE_TOTAL)
			gate_eval(&run->gates[i], p, &res);
		else
			gate_eval_whole(&run->gates[i], &w, &res);
	}
	job.p = p;
	job.res = &res;
	job.ngates = run->ngates;
	job.found = found;
	job.version = run->version;
	if (st != RUN_OK) {
		;	/* a limit that does not fit the profile: said */
	} else if (o->format->traits & FORMAT_NO_REPORT) {
		o->format->render(&job);
		st = print_breaches(&res, run_flush(run->out_file));
	} else if (report_init(&r, have_whole && shows_whole(o) ? w.merged : p, o, profile, stdout,
			       err, sizeof(err))) {
		st = usage_error(err);
		report_release(&r);
	} else {
		if (have_whole)
			r.whole = &w;
		struct profile *parts = prepare_parts(run, in);

		report_use_sources(&r, sf);	/* what the loader looked up */
		fit_terminal(o, &r, 1);
		if (in->n > 1) {
			r.inputs = (const char *const *)in->paths;
			r.ninputs = in->n;
		}
		r.parts = parts;
		job.r = &r;
		if (o->format->render(&job))
			st = RUN_INPUT;
		release_parts(parts, in->n);
		report_release(&r);
		if (st == RUN_OK)
			st = run_flush(run->out_file);
		st = print_breaches(&res, st);
	}
	gate_result_release(&res);
	if (have_whole)
		whole_release(&w);
	return st;
}

enum run_status run_report(const struct run *run)
{
	struct opts *o = run->o;
	struct profile p;
	struct input_list in;
	char err[256], *found = NULL;
	const char *profile = o->profile;
	struct source_find *sf;
	enum run_status st;

	if (check_rules(o, err, sizeof(err)))
		return usage_error(err);
	if (o->scale)
		return usage_error("--scale=total scales a comparison: it needs --diff");
	if (!profile) {
		found = find_default_profile();
		if (!found)
			return usage_error("no profile given and no callgrind.out* or cachegrind.out.* "
					   "in the current folder");
		profile = found;
	}
	input_list_init(&in);
	profile_init(&p);
	/* the sources whose lines the loader keeps: those that can be read */
	sf = source_find_new(o->include, o->ninclude);
	st = gather_checked(o, profile, &in);
	if (st == RUN_OK)
		st = prepare(run, &p, &in, strcmp(profile, "-") ? profile : "<stdin>", NULL, sf);
	if (st == RUN_OK)
		st = render_one(run, &p, &in, profile, found, sf);
	source_find_free(sf);
	input_list_release(&in);
	profile_release(&p);
	free(found);
	return st;
}

/*
 * Limits on a level apply to NEW (p), limits on a change to the
 * comparison d (dw and w: the functions whole, when a limit reads them).
 */
static enum run_status diff_limits(const struct run *run, const struct profile *p,
				   const struct diff *d, const struct diff *dw,
				   const struct whole *const w[2], struct gate_result *res)
{
	char err[256];
	size_t i, k;

	for (i = 0; i < run->ngates; i++) {
		struct gate *g = &run->gates[i];

		if (gate_resolve(g, p, err, sizeof(err)))
			return usage_error(err);
		if (!diff_has_event(d, g->ev)) {
			snprintf(err, sizeof(err), "--limit event '%.60s' is not in the old profile",
				 g->event);
			return usage_error(err);
		}
		if (g->change == GATE_LEVEL) {
			k = res->n;
			if (g->kind == GATE_TOTAL)
				gate_eval(g, p, res);
			else
				gate_eval_whole(g, w[1], res);
			for (; k < res->n; k++)
				res->v[k].in_diff = 1;
		} else if (g->kind == GATE_TOTAL) {
			gate_eval_diff(g, d, res);
		} else {
			gate_eval_diff_whole(g, dw, w, res);
		}
	}
	return RUN_OK;
}

/*
 * A diff's renderer with the report of NEW, or with none
 * (FORMAT_NO_REPORT); *differ set when the events shown are not in both.
 */
static enum run_status render_diff(const struct run *run, const struct profile *p,
				   const struct diff *d, struct format_diff_job *job, int *differ)
{
	const struct opts *o = run->o;
	struct report r;
	char err[256];
	enum run_status st = RUN_OK;

	if (o->format->traits & FORMAT_NO_REPORT)
		return o->format->render_diff(job) ? RUN_INPUT : RUN_OK;
	if (report_init(&r, p, o, job->new_name, stdout, err, sizeof(err))) {
		st = usage_error(err);
	} else if (!shows_common(&r, d)) {
		*differ = 1;
	} else {
		const char **names = xcalloc(d->nfiles + 1, sizeof(*names));
		size_t i;

		/* the sources annotated are the comparison's files, paired across folders */
		for (i = 0; i < d->nfiles; i++)
			names[i] = d->files[i]->name;
		report_src_names(&r, names, d->nfiles);
		free(names);
		fit_terminal(o, &r, 3);
		job->r = &r;
		o->format->render_diff(job);
	}
	report_release(&r);
	return st;
}

/*
 * Two prepared profiles compared: functions paired (and paired whole when
 * something reads them so), the limits, the renderer.
 */
static enum run_status compare(const struct run *run, const struct profile p[2],
			       const char *const name[2])
{
	const struct opts *o = run->o;
	struct format_diff_job job = { 0 };
	struct diff d, dw;
	struct whole w[2];
	const struct whole *wp[2] = { NULL, NULL };
	struct gate_result res = { 0 };
	/* the reason, worded by diff_build() or diff_events_differ() */
	char err[256] = "";
	enum run_status st = RUN_OK;
	/* the reports for people show the events chosen; the others show all */
	int people = !!(o->format->traits & FORMAT_FOR_PEOPLE), built_whole = 0, s, differ = 0;
	size_t nwhole = 0;

	if (diff_build(&d, &p[0], &p[1], people, err, sizeof(err))) {
		differ = 1;
		goto out;
	}
	/* limits on functions, the Markdown summary and JSON compare functions whole */
	if (function_gates(run->gates, run->ngates) || (o->format->traits & FORMAT_NEEDS_WHOLE)) {
		for (s = 0; s < 2; s++) {
			if (whole_build(&w[s], &p[s])) {
				st = RUN_INPUT;
				goto out;
			}
			wp[s] = &w[s];
			nwhole = (size_t)s + 1;
		}
		if (diff_build(&dw, w[0].merged, w[1].merged, people, err, sizeof(err))) {
			differ = 1;
			goto out;
		}
		built_whole = 1;
		d.whole_diff = &dw;
		d.whole[0] = &w[0];
		d.whole[1] = &w[1];
		job.dw = &dw;
		job.new_whole = &w[DIFF_NEW];
	}
	if ((st = diff_limits(run, &p[1], &d, &dw, wp, &res)))
		goto out;
	/* limits read the counts as measured; what is shown may be scaled */
	if (o->scale) {
		diff_scale(&d);
		if (built_whole)
			diff_scale(&dw);
	}
	job.old = &p[0];
	job.d = &d;
	job.old_name = name[0];
	job.new_name = name[1];
	job.res = &res;
	job.ngates = run->ngates;
	job.version = run->version;
	st = render_diff(run, &p[1], &d, &job, &differ);
	if (st == RUN_OK && !differ)
		st = print_breaches(&res, run_flush(run->out_file));
out:
	if (differ) {
		diff_events_differ(&d, people, err, sizeof(err));
		escape_line(stderr, "annogrind: cannot compare '%s' with '%s': %s", name[0], name[1],
			    err);
		st = RUN_INPUT;
	}
	gate_result_release(&res);
	diff_release(&d);
	if (built_whole)
		diff_release(&dw);
	for (s = 0; s < (int)nwhole; s++)
		whole_release(&w[s]);
	return st;
}

/* A flame graph of NEW coloured by the change from OLD: stacks, not functions, compared. */
static enum run_status compare_stacks(const struct run *run, const struct profile p[2],
				      const char *const name[2])
{
	struct format_diff_job job = { 0 };
	struct report r;
	char err[256];
	enum run_status st;

	job.old = &p[0];
	job.old_name = name[0];
	job.new_name = name[1];
	job.version = run->version;
	if (report_init(&r, &p[1], run->o, name[1], stdout, err, sizeof(err))) {
		st = usage_error(err);
	} else {
		job.r = &r;
		st = run->o->format->render_diff(&job) ? RUN_INPUT : run_flush(run->out_file);
	}
	report_release(&r);
	return st;
}

/* OLD and NEW, each named with the loader's message when it cannot be opened. */
static enum run_status check_sides(const char *const name[2], int parts)
{
	enum run_status st = RUN_OK;
	int s;

	for (s = 0; s < 2; s++) {
		struct input_list in;

		input_list_init(&in);
		input_add(&in, name[s], parts);
		if (check_profiles((const char *const *)in.paths, in.n))
			st = RUN_INPUT;
		input_list_release(&in);
	}
	return st;
}

static enum run_status diff_run(const struct run *run)
{
	const struct opts *o = run->o;
	const char *name[2];
	struct profile p[2];
	char err[256];
	unsigned char *seen;	/* the globs of --focus, --ignore, --hide that matched */
	enum run_status st = RUN_OK;
	size_t i;
	int s;

	if (!o->profile || o->nuser < 1)
		return usage_error("--diff takes two profiles, OLD and NEW");
	/* after OLD and NEW come source files to annotate, not a third profile */
	for (i = 1; i < o->nuser; i++)
		if (input_is_profile(o->user_files[i]))
			return usage_error("--diff takes two profiles, OLD and NEW");
	if (!o->format->render_diff)
		return usage_error(o->format->diff_refusal);
	if (o->scale && (o->format->traits & FORMAT_DIFF_STACKS)) {
		snprintf(err, sizeof(err), "--scale=total does not work with --format=%s, which "
			 "compares stacks, not functions", o->format->name);
		return usage_error(err);
	}
	name[0] = o->profile;
	name[1] = o->user_files[0];
	if (check_rules(o, err, sizeof(err)))
		return usage_error(err);
	if ((st = check_sides(name, o->parts)))
		return st;
	if (check_sources(o))
		return RUN_USAGE;
	seen = xcalloc(o->nfilters + 1, 1);
	for (s = 0; s < 2; s++)
		profile_init(&p[s]);
	for (s = 0; s < 2 && st == RUN_OK; s++) {
		struct input_list in;

		/* a side may be a --separate-threads base name or a run in parts: its files are summed */
		input_list_init(&in);
		input_add(&in, name[s], o->parts);
		warn_dumps(&in, name[s]);
		st = prepare(run, &p[s], &in, name[s], seen, NULL);
		input_list_release(&in);
	}
	/* a glob that matches nothing in either profile is a usage error */
	if (st == RUN_OK) {
		const struct profile *both[2] = { &p[DIFF_NEW], &p[DIFF_OLD] };
		if (view_filters_check(o->filters, o->nfilters, seen, both, 2))
			st = RUN_USAGE;
	}
	if (st == RUN_OK) {
		warn_other_program(o, p, name);
		if (o->format->traits & FORMAT_DIFF_STACKS)
			st = compare_stacks(run, p, name);
		else
			st = compare(run, p, name);
	}
	free(seen);
	for (s = 0; s < 2; s++)
		profile_release(&p[s]);
	return st;
}

enum run_status run_diff(const struct run *run)
{
	struct input_list none;
	enum run_status st;

	/* input_is_profile() keeps its listing of the last folder it read; a list's release frees it */
	input_list_init(&none);
	st = diff_run(run);
	input_list_release(&none);
	return st;
}
