/* opts: the command line, parsed into a struct without side effects (no exit, no output). */
#include "opts.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diag.h"
#include "md_fit.h"

enum {
	OPT_VERSION = 256,
	OPT_SHOW,
	OPT_SORT,
	OPT_THRESHOLD,
	OPT_SHOW_PERCS,
	OPT_AUTO,
	OPT_CONTEXT,
	OPT_INCLUSIVE,
	OPT_TREE,
	OPT_FORMAT,
	OPT_DIFF,
	OPT_MOD_FUNCNAME,
	OPT_MOD_FILENAME,
	OPT_ROW_THRESHOLD,
	OPT_TOP,
	OPT_LIMIT,
	OPT_SUMMARY,
	OPT_FOCUS,
	OPT_IGNORE,
	OPT_HIDE,
	OPT_FOCUS_OBJECT,
	OPT_IGNORE_OBJECT,
	OPT_HIDE_OBJECT,
	OPT_ESCAPE,
	OPT_ANNOTATE,
	OPT_DISASM,
	OPT_OUTPUT,
	OPT_JOBS,
	OPT_WHOLE_FUNCTIONS,
	OPT_NO_SHOW_PERCS,
	OPT_NO_ANNOTATE,
	OPT_PARTS,
	OPT_SCALE,
	OPT_MARKDOWN_MAX,
};

static const struct option longopts[] = {
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ "show", required_argument, NULL, OPT_SHOW },
	{ "sort", required_argument, NULL, OPT_SORT },
	{ "threshold", required_argument, NULL, OPT_THRESHOLD },
	{ "show-percs", optional_argument, NULL, OPT_SHOW_PERCS },
	{ "auto", optional_argument, NULL, OPT_AUTO },
	{ "context", required_argument, NULL, OPT_CONTEXT },
	{ "inclusive", optional_argument, NULL, OPT_INCLUSIVE },
	{ "tree", required_argument, NULL, OPT_TREE },
	{ "include", required_argument, NULL, 'I' },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "diff", no_argument, NULL, OPT_DIFF },
	{ "mod-funcname", required_argument, NULL, OPT_MOD_FUNCNAME },
	{ "mod-filename", required_argument, NULL, OPT_MOD_FILENAME },
	{ "row-threshold", required_argument, NULL, OPT_ROW_THRESHOLD },
	{ "top", required_argument, NULL, OPT_TOP },
	{ "limit", required_argument, NULL, OPT_LIMIT },
	{ "summary", required_argument, NULL, OPT_SUMMARY },
	{ "focus", required_argument, NULL, OPT_FOCUS },
	{ "ignore", required_argument, NULL, OPT_IGNORE },
	{ "hide", required_argument, NULL, OPT_HIDE },
	{ "focus-object", required_argument, NULL, OPT_FOCUS_OBJECT },
	{ "ignore-object", required_argument, NULL, OPT_IGNORE_OBJECT },
	{ "hide-object", required_argument, NULL, OPT_HIDE_OBJECT },
	{ "escape", required_argument, NULL, OPT_ESCAPE },
	{ "annotate", required_argument, NULL, OPT_ANNOTATE },
	{ "disasm", optional_argument, NULL, OPT_DISASM },
	{ "output", required_argument, NULL, OPT_OUTPUT },
	{ "jobs", required_argument, NULL, OPT_JOBS },
	{ "whole-functions", optional_argument, NULL, OPT_WHOLE_FUNCTIONS },
	{ "parts", required_argument, NULL, OPT_PARTS },
	{ "scale", required_argument, NULL, OPT_SCALE },
	{ "markdown-max", required_argument, NULL, OPT_MARKDOWN_MAX },
	/* cg_annotate's spellings (its --annotate clashes with ours, which takes a value) */
	{ "no-show-percs", no_argument, NULL, OPT_NO_SHOW_PERCS },
	{ "no-annotate", no_argument, NULL, OPT_NO_ANNOTATE },
	{ NULL, 0, NULL, 0 },
};

void opts_init(struct opts *o)
{
	memset(o, 0, sizeof(*o));
	o->threshold = "99";
	o->threshold_v = 99;
	o->show_percs = 1;
	o->auto_annotate = 1;
	o->context = 8;
	o->row_threshold = -1;
	o->disasm = -1;
	o->parts = 1;
	o->markdown_max = MD_FIT_COMMENT;
}

static void free_list(char **v, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static char *threshold_buf;	/* --threshold text, '%' cut off */
static char *row_threshold_buf;	/* --row-threshold text, the same */

void opts_release(struct opts *o)
{
	free(threshold_buf);
	threshold_buf = NULL;
	free(row_threshold_buf);
	row_threshold_buf = NULL;
	free_list(o->show, o->nshow);
	free_list(o->sort, o->nsort);
	free(o->sort_thr);
	free_list(o->include, o->ninclude);
	free(o->user_files);
	free(o->mod_funcname);
	free(o->mod_filename);
	free(o->limits);
	free(o->filters);
	memset(o, 0, sizeof(*o));
}

/* Split "A,B,C" into fresh strings. */
static size_t split_list(const char *s, char ***out)
{
	size_t n = 0;
	const char *p = s;
	char **v = NULL;

	for (;;) {
		const char *c = strchr(p, ',');
		size_t len = c ? (size_t)(c - p) : strlen(p);
		char *item = xmalloc(len + 1);
		memcpy(item, p, len);
		item[len] = '\0';
		v = xrealloc(v, (n + 1) * sizeof(*v));
		v[n++] = item;
		if (!c)
			break;
		p = c + 1;
	}
	*out = v;
	return n;
}

/* A percentage "[0-9.]+%?" between 0 and 100; the text keeps its digits only. */
static int parse_pct(char *s, double *v)
{
	size_t len = strlen(s), i, dots = 0;
	char *end;

	if (len && s[len - 1] == '%')
		s[--len] = '\0';
	if (!len)
		return -1;
	for (i = 0; i < len; i++) {
		if (s[i] == '.')
			dots++;
		else if (s[i] < '0' || s[i] > '9')
			return -1;
	}
	if (dots > 1 || (dots == 1 && len == 1))
		return -1;
	*v = strtod(s, &end);
	return *v >= 0 && *v <= 100 ? 0 : -1;
}

static int yes_no(struct opts *o, const char *name, const char *arg, int *out)
{
	if (!arg || !strcmp(arg, "yes")) {
		*out = 1;
		return 0;
	}
	if (!strcmp(arg, "no")) {
		*out = 0;
		return 0;
	}
	snprintf(o->err, sizeof(o->err), "--%s takes 'yes' or 'no', not '%.60s'", name, arg);
	return -1;
}

static int set_sort(struct opts *o, const char *arg)
{
	size_t i;

	free_list(o->sort, o->nsort);
	free(o->sort_thr);
	o->nsort = split_list(arg, &o->sort);
	o->sort_thr = xcalloc(o->nsort, sizeof(*o->sort_thr));
	o->sort_has_thr = 0;
	for (i = 0; i < o->nsort; i++) {
		char *c = strrchr(o->sort[i], ':');
		double v;
		if (!c)
			continue;
		if (parse_pct(c + 1, &v)) {
			snprintf(o->err, sizeof(o->err),
				 "bad threshold in --sort event '%.60s' (want a percentage from 0 to 100)",
				 o->sort[i]);
			return -1;
		}
		*c = '\0';
		o->sort_thr[i] = c + 1;
		o->sort_has_thr = 1;
	}
	return 0;
}

/* The options of CI jobs; returns 1 when c was one of them, -1 on error. */
static int parse_ci_option(struct opts *o, int c, char *arg)
{
	char *end;
	unsigned long long n;

	switch (c) {
	case OPT_ROW_THRESHOLD:
		free(row_threshold_buf);
		row_threshold_buf = xstrdup(arg);
		if (parse_pct(row_threshold_buf, &o->row_threshold)) {
			snprintf(o->err, sizeof(o->err),
				 "bad --row-threshold '%.60s' (want a percentage from 0 to 100)", arg);
			return -1;
		}
		return 1;
	case OPT_TOP:
		n = strtoull(arg, &end, 10);
		if (*arg < '0' || *arg > '9' || *end || n == 0 || n > 1000000000) {
			snprintf(o->err, sizeof(o->err),
				 "bad --top '%.60s' (want a number of functions, 1 or more)", arg);
			return -1;
		}
		o->top = (size_t)n;
		return 1;
	case OPT_LIMIT:
		o->limits = xrealloc(o->limits, (o->nlimits + 1) * sizeof(*o->limits));
		o->limits[o->nlimits++] = arg;
		return 1;
	case OPT_MARKDOWN_MAX:
		if (!strcmp(arg, "none")) {
			o->markdown_max = 0;
			return 1;
		}
		n = strtoull(arg, &end, 10);
		if (*arg < '0' || *arg > '9' || *end || n < 1024 || n > (1ull << 40)) {
			snprintf(o->err, sizeof(o->err),
				 "bad --markdown-max '%.60s' (want a number of bytes, 1024 or more, or none)",
				 arg);
			return -1;
		}
		o->markdown_max = (size_t)n;
		return 1;
	case OPT_OUTPUT:
		if (!*arg) {
			snprintf(o->err, sizeof(o->err), "--output takes a file name ('-': standard output)");
			return -1;
		}
		o->output = strcmp(arg, "-") ? arg : NULL;
		return 1;
	}
	return 0;
}

/* The options of parts of the program; returns 1 when c was one of them, -1 on error. */
static int parse_part_option(struct opts *o, int c, char *arg)
{
	struct opts_filter f;

	switch (c) {
	case OPT_SUMMARY:
		if (!strcmp(arg, "object")) {
			o->summary = OPTS_SUMMARY_OBJECT;
		} else if (!strcmp(arg, "file")) {
			o->summary = OPTS_SUMMARY_FILE;
		} else if (!strcmp(arg, "function")) {
			o->summary = OPTS_SUMMARY_FUNCTION;
		} else {
			snprintf(o->err, sizeof(o->err),
				 "--summary takes object, file or function, not '%.60s'", arg);
			return -1;
		}
		return 1;
	case OPT_FOCUS:
	case OPT_FOCUS_OBJECT:
		f.kind = OPTS_FOCUS;
		break;
	case OPT_IGNORE:
	case OPT_IGNORE_OBJECT:
		f.kind = OPTS_IGNORE;
		break;
	case OPT_HIDE:
	case OPT_HIDE_OBJECT:
		f.kind = OPTS_HIDE;
		break;
	default:
		return 0;
	}
	if (!*arg) {
		snprintf(o->err, sizeof(o->err), "%s needs a name or glob", c == OPT_FOCUS ? "--focus"
			 : c == OPT_IGNORE ? "--ignore" : c == OPT_HIDE ? "--hide"
			 : c == OPT_FOCUS_OBJECT ? "--focus-object"
			 : c == OPT_IGNORE_OBJECT ? "--ignore-object" : "--hide-object");
		return -1;
	}
	f.object = c == OPT_FOCUS_OBJECT || c == OPT_IGNORE_OBJECT || c == OPT_HIDE_OBJECT;
	f.glob = arg;
	o->filters = xrealloc(o->filters, (o->nfilters + 1) * sizeof(*o->filters));
	o->filters[o->nfilters++] = f;
	return 1;
}

/* --escape=auto|always|never; returns 1 when c was it, -1 on error. */
static int parse_escape_option(struct opts *o, int c, const char *arg)
{
	if (c != OPT_ESCAPE)
		return 0;
	if (!strcmp(arg, "auto"))
		o->escape = OPTS_ESCAPE_AUTO;
	else if (!strcmp(arg, "always"))
		o->escape = OPTS_ESCAPE_ALWAYS;
	else if (!strcmp(arg, "never"))
		o->escape = OPTS_ESCAPE_NEVER;
	else {
		snprintf(o->err, sizeof(o->err), "--escape takes auto, always or never, not '%.60s'",
			 arg);
		return -1;
	}
	return 1;
}

/* The machine-code options; returns 1 when c was one of them, -1 on error. */
static int parse_asm_option(struct opts *o, int c, const char *arg)
{
	switch (c) {
	case OPT_ANNOTATE:
		if (!strcmp(arg, "asm")) {
			o->annotate_asm = 1;
		} else if (!strcmp(arg, "none")) {
			o->annotate_asm = 0;
		} else {
			snprintf(o->err, sizeof(o->err), "--annotate takes asm or none, not '%.60s'",
				 arg);
			return -1;
		}
		return 1;
	case OPT_DISASM:
		return yes_no(o, "disasm", arg, &o->disasm) ? -1 : 1;
	}
	return 0;
}

/* The options of speed; returns 1 when c was one of them, -1 on error. */
static int parse_speed_option(struct opts *o, int c, const char *arg)
{
	char *end;
	unsigned long long n;

	if (c != OPT_JOBS)
		return 0;
	n = strtoull(arg, &end, 10);
	if (*arg < '0' || *arg > '9' || *end || n == 0 || n > 64) {
		snprintf(o->err, sizeof(o->err),
			 "bad --jobs '%.60s' (want a number of threads, 1 to 64)", arg);
		return -1;
	}
	o->jobs = (unsigned)n;
	return 1;
}

/*
 * --parts=all|last (which files a profile argument stands for) and
 * --scale=none|total (how --diff reads NEW); returns 1 when c was one of
 * them, -1 on error.
 */
static int parse_parts_option(struct opts *o, int c, const char *arg)
{
	if (c == OPT_SCALE) {
		if (!strcmp(arg, "none") || !strcmp(arg, "total")) {
			o->scale = !strcmp(arg, "total");
			return 1;
		}
		snprintf(o->err, sizeof(o->err), "--scale takes none or total, not '%.60s'", arg);
		return -1;
	}
	if (c != OPT_PARTS)
		return 0;
	if (!strcmp(arg, "all") || !strcmp(arg, "last")) {
		o->parts = !strcmp(arg, "all");
		return 1;
	}
	snprintf(o->err, sizeof(o->err), "--parts takes all or last, not '%.60s'", arg);
	return -1;
}

static int set_format(struct opts *o, const char *arg)
{
	if (!o->find_format) {
		snprintf(o->err, sizeof(o->err), "--format is not known to this program");
		return -1;
	}
	o->format = o->find_format(arg, o->err, sizeof(o->err));
	return o->format ? 0 : -1;
}

/*
 * Rules written for cg_annotate (Python) or Perl may use what POSIX
 * regular expressions lack; regcomp() takes most of it without a word and
 * renames differently ('\d' is the letter d, '+?' is not lazy).  Warned
 * about once per rule: the first such piece of its RE.  The escapes the
 * GNU C library adds (\w \W \s \S \b \B \< \> \` \') do what they do
 * in Perl, and back-references \1 to \9 are POSIX's.
 */
static void warn_foreign_re(const char *opt, const char *rule)
{
	char delim;
	const char *s, *q = rule;	/* (diag() escapes what a terminal must not get) */

	if (rule[0] != 's' || !rule[1] || rule[1] == '\\')
		return;	/* modname.c words the syntax error */
	delim = rule[1];
	for (s = rule + 2; *s && *s != delim; s++) {
		if (*s == '\\' && s[1]) {
			char c = s[1];
			if (c != delim && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) &&
			    !strchr("wWsSbB", c)) {
				diag(DIAG_WARNING, NULL, 0,
				     "%s rule '%s': '\\%c' is not an escape of POSIX regular expressions: it matches the letter '%c'",
				     opt, q, c, c);
				return;
			}
			s++;
		} else if ((*s == '+' || *s == '*' || *s == '?' || *s == '}') && s[1] == '?' &&
			   s > rule + 2) {
			diag(DIAG_WARNING, NULL, 0,
			     "%s rule '%s': '%c?' is not lazy in POSIX regular expressions (it is greedy, then optional)",
			     opt, q, *s);
			return;
		} else if (*s == '(' && s[1] == '?') {
			diag(DIAG_WARNING, NULL, 0,
			     "%s rule '%s': '(?' is Perl's group syntax, not POSIX's (for (?i), give the flag i: s/RE/REPL/i)",
			     opt, q);
			return;
		}
	}
}

/* Keep a pointer to argv's string; modname.c checks the syntax. */
static void add_arg(char ***v, size_t *n, char *arg)
{
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = arg;
}

/* The options of what the report shows; returns 1 when c was one of them, -1 on error. */
static int parse_report_option(struct opts *o, int c, char *arg)
{
	char *end;

	switch (c) {
	case OPT_SHOW:
		free_list(o->show, o->nshow);
		o->nshow = split_list(arg, &o->show);
		return 1;
	case OPT_SORT:
		if (set_sort(o, arg))
			return -1;
		return 1;
	case OPT_THRESHOLD:
		free(threshold_buf);
		threshold_buf = xstrdup(arg);
		if (parse_pct(threshold_buf, &o->threshold_v)) {
			snprintf(o->err, sizeof(o->err),
				 "bad --threshold '%.60s' (want a percentage from 0 to 100)", arg);
			return -1;
		}
		o->threshold = threshold_buf;
		o->threshold_given = 1;
		return 1;
	case OPT_SHOW_PERCS:
		if (yes_no(o, "show-percs", arg, &o->show_percs))
			return -1;
		return 1;
	case OPT_AUTO:
		if (yes_no(o, "auto", arg, &o->auto_annotate))
			return -1;
		return 1;
	case OPT_NO_SHOW_PERCS:
		o->show_percs = 0;
		return 1;
	case OPT_NO_ANNOTATE:
		o->auto_annotate = 0;
		return 1;
	case OPT_INCLUSIVE:
		if (yes_no(o, "inclusive", arg, &o->inclusive))
			return -1;
		return 1;
	case OPT_WHOLE_FUNCTIONS:
		if (yes_no(o, "whole-functions", arg, &o->whole_functions))
			return -1;
		return 1;
	case OPT_CONTEXT:
		o->context = strtol(arg, &end, 10);
		if (!*arg || *end || o->context < 0 || o->context > 1000000) {
			snprintf(o->err, sizeof(o->err),
				 "bad --context '%.60s' (want a number of lines)", arg);
			return -1;
		}
		return 1;
	case OPT_TREE:
		if (!strcmp(arg, "none")) {
			o->tree_caller = o->tree_calling = 0;
		} else if (!strcmp(arg, "caller")) {
			o->tree_caller = 1;
			o->tree_calling = 0;
		} else if (!strcmp(arg, "calling")) {
			o->tree_caller = 0;
			o->tree_calling = 1;
		} else if (!strcmp(arg, "both")) {
			o->tree_caller = o->tree_calling = 1;
		} else {
			snprintf(o->err, sizeof(o->err),
				 "--tree takes none, caller, calling or both, not '%.60s'", arg);
			return -1;
		}
		return 1;
	}
	return 0;
}

/* -I DIR (callgrind_annotate's -I=DIR too): a folder to look for sources in, kept ending in '/'. */
static void add_include(struct opts *o, const char *d)
{
	size_t len;
	char *dir;

	if (*d == '=')
		d++;
	len = strlen(d);
	while (len > 1 && d[len - 1] == '/')
		len--;
	dir = xmalloc(len + 2);
	memcpy(dir, d, len);
	if (!len || d[len - 1] != '/')
		dir[len++] = '/';
	dir[len] = '\0';
	o->include = xrealloc(o->include, (o->ninclude + 1) * sizeof(*o->include));
	o->include[o->ninclude++] = dir;
}

int opts_parse(struct opts *o, int argc, char **argv)
{
	int c;

	optind = 0;	/* full re-initialisation, so tests may parse twice */
	opterr = 0;
	while ((c = getopt_long(argc, argv, "hI:", longopts, NULL)) != -1) {
		int ci = parse_ci_option(o, c, optarg);
		if (!ci)
			ci = parse_part_option(o, c, optarg);
		if (!ci)
			ci = parse_escape_option(o, c, optarg);
		if (!ci)
			ci = parse_asm_option(o, c, optarg);
		if (!ci)
			ci = parse_speed_option(o, c, optarg);
		if (!ci)
			ci = parse_parts_option(o, c, optarg);
		if (!ci)
			ci = parse_report_option(o, c, optarg);
		if (ci < 0)
			return -1;
		if (ci)
			continue;
		switch (c) {
		case 'h':
			o->help = 1;
			break;
		case OPT_VERSION:
			o->version = 1;
			break;
		case OPT_FORMAT:
			if (set_format(o, optarg))
				return -1;
			break;
		case OPT_DIFF:
			o->diff = 1;
			break;
		case OPT_MOD_FUNCNAME:
			warn_foreign_re("--mod-funcname", optarg);
			add_arg(&o->mod_funcname, &o->nmod_funcname, optarg);
			break;
		case OPT_MOD_FILENAME:
			warn_foreign_re("--mod-filename", optarg);
			add_arg(&o->mod_filename, &o->nmod_filename, optarg);
			break;
		case 'I':
			add_include(o, optarg);
			break;
		case '?':
		default:
			if (optopt && optopt < 256)
				snprintf(o->err, sizeof(o->err), "unknown option '-%c'", optopt);
			else if (optopt)
				snprintf(o->err, sizeof(o->err), "option '%.60s' needs a value",
					 argv[optind - 1]);
			else
				snprintf(o->err, sizeof(o->err), "unknown option '%.60s'",
					 argv[optind - 1]);
			return -1;
		}
	}
	for (; optind < argc; optind++) {
		if (!o->profile) {
			o->profile = argv[optind];
			continue;
		}
		o->user_files = xrealloc(o->user_files, (o->nuser + 1) * sizeof(*o->user_files));
		o->user_files[o->nuser++] = argv[optind];
	}
	if (o->sort_has_thr)
		o->threshold_v = 0;	/* per-event thresholds replace --threshold */
	else if ((o->row_threshold >= 0 || o->top) && !o->threshold_given) {
		/* a per-row cut or --top replaces the default cumulative 99% */
		o->threshold = "100";
		o->threshold_v = 100;
	}
	return 0;
}
