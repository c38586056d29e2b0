/* fuzz_load: libFuzzer target; bytes in through load_buffer(), every renderer and the copies (renamed, --diff) on what loaded, the lean load against the whole one, and --jobs=1 against --jobs=4. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "diff.h"
#include "graph.h"
#include "load.h"
#include "modname.h"
#include "format.h"
#include "opts.h"
#include "profile.h"
#include "report.h"
#include "report_dot.h"
#include "report_md.h"
#include "report_flame.h"
#include "report_html.h"
#include "report_pprof.h"
#include "view.h"
#include "write.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void render_text(struct report *r)
{
	report_header(r);
	report_table(r);
	report_source(r);
}

/* --annotate=asm without objdump (--disasm=no): nothing is run, no object read. */
static void render_asm(struct report *r)
{
	render_text(r);
	report_asm(r);
}

static void render_callgrind(struct report *r)
{
	write_callgrind(r->p, "fuzz", r->out);
}

static void render_md(struct report *r)
{
	struct gate_result none = { 0 };

	report_md(r, &none, 0);
}

/* The profile compared with itself: every path of the Markdown comparison but new/gone. */
static void render_md_diff(struct report *r)
{
	struct gate_result none = { 0 };
	struct diff d;
	char err[256];

	if (!diff_build(&d, r->p, r->p, 1, err, sizeof(err))) {
		if (r->o->scale)
			diff_scale(&d);
		report_md_diff(r, &d, &d, "old", "new", &none, 0);
	}
	diff_release(&d);
}

static void render_folded(struct report *r)
{
	report_folded(r);
}

static void render_flamegraph(struct report *r)
{
	report_flamegraph(r);
}

/* profile.proto, gzip-compressed, from the functions' lines the whole load keeps. */
static void render_pprof(struct report *r)
{
	report_pprof(r, "fuzz");
}

/* The HTML page without running dot (tools 0); its sources need spans, which the fuzzer's load does not keep. */
static void render_html(struct report *r)
{
	report_html(r, 0);
}

/* The HTML comparison of the profile with itself. */
static void render_html_diff(struct report *r)
{
	struct diff d;
	char err[256];

	if (!diff_build(&d, r->p, r->p, 1, err, sizeof(err)))
		report_html_diff(r, &d, r->p, "old", "new", 0);
	diff_release(&d);
}

/* --focus, --ignore and --hide make a copy of the profile: the table of each. */
static void render_filtered(struct report *r)
{
	struct opts_filter f[3] = { { OPTS_FOCUS, 0, "m*" }, { OPTS_IGNORE, 1, "*.so*" },
				    { OPTS_HIDE, 0, "*a*" } };
	struct profile q;
	size_t k;

	for (k = 1; k <= 3; k++) {
		if (!view_filter(&q, r->p, f + 3 - k, k, 0) && !graph_inclusive(&q, "fuzz")) {
			struct report s = *r;
			s.p = &q;
			report_table(&s);
			free(s.files);	/* report_table's list of files, report_release()'s to free */
			report_folded(&s);
			report_pprof(&s, "fuzz");
		}
		profile_release(&q);
	}
}

/*
 * Every renderer, each with the command-line options that reach it.  A new
 * renderer (or a new set of options worth fuzzing) is one more row here.
 * Auto-annotation stays off: a profile may name any file, and the fuzzer
 * must not read /dev/zero because its input said so.
 */
static const struct renderer {
	const char *name;
	const char *args[8];
	void (*render)(struct report *r);
} renderers[] = {
	{ "table", { "--auto=no", NULL }, render_text },
	{ "table-sort", { "--auto=no", "--threshold=50", "--show-percs=no", NULL }, render_text },
	{ "inclusive-trees", { "--auto=no", "--inclusive=yes", "--tree=both",
			       "--threshold=100", NULL }, render_text },
	{ "dot", { "--format=dot", NULL }, report_dot },
	{ "json", { "--format=json", "--inclusive=yes", NULL }, report_json },
	{ "asm", { "--auto=no", "--annotate=asm", "--disasm=no", "--threshold=100",
		   "--context=2", NULL }, render_asm },
	{ "json-asm", { "--format=json", "--annotate=asm", NULL }, report_json },
	{ "tsv", { "--format=tsv", "--tree=both", NULL }, report_tsv },
	{ "markdown", { "--format=markdown", "--top=40", NULL }, render_md },
	{ "markdown-diff", { "--format=markdown", "--diff", "--inclusive=yes", NULL }, render_md_diff },
	/* cut to fit (md_fit.c), and the comparison scaled (--scale=total) */
	{ "markdown-cut", { "--format=markdown", "--top=40", "--markdown-max=1024", NULL }, render_md },
	{ "markdown-diff-cut", { "--format=markdown", "--diff", "--scale=total",
				 "--markdown-max=2048", NULL }, render_md_diff },
	{ "callgrind", { "--format=callgrind", NULL }, render_callgrind },
	{ "summary", { "--auto=no", "--summary=object", NULL }, render_text },
	{ "summary-json", { "--format=json", "--summary=file", NULL }, report_json },
	/* names and header fields escaped (escape.h), as on a terminal */
	{ "table-escaped", { "--auto=no", "--escape=always", "--inclusive=yes", "--tree=both",
			     "--threshold=100", NULL }, render_text },
	{ "tsv-escaped", { "--format=tsv", "--escape=always", NULL }, report_tsv },
	{ "folded", { "--format=folded", "--threshold=100", NULL }, render_folded },
	{ "flamegraph", { "--format=flamegraph", NULL }, render_flamegraph },
	{ "pprof", { "--format=pprof", "--threshold=100", NULL }, render_pprof },
	{ "pprof-cut", { "--format=pprof", "--threshold=90", NULL }, render_pprof },
	{ "html", { "--format=html", "--top=50", NULL }, render_html },
	{ "html-diff", { "--format=html", NULL }, render_html_diff },
	{ "filtered", { "--auto=no", "--inclusive=yes", "--tree=both", NULL }, render_filtered },
};

static FILE *devnull;

static void render_all(const struct profile *p)
{
	size_t i;

	for (i = 0; i < sizeof(renderers) / sizeof(renderers[0]); i++) {
		const struct renderer *rd = &renderers[i];
		char *argv[10], err[256];
		struct opts o;
		struct report r;
		int argc = 0;

		argv[argc++] = (char *)"annogrind";
		while (rd->args[argc - 1])
			argv[argc] = (char *)rd->args[argc - 1], argc++;
		argv[argc] = NULL;
		opts_init(&o);
		o.find_format = format_find;
		if (opts_parse(&o, argc, argv)) {
			fprintf(stderr, "fuzz_load: renderer %s: %s\n", rd->name, o.err);
			abort();	/* a bad row in the table above */
		}
		if (!report_init(&r, p, &o, "fuzz", devnull, err, sizeof(err)))
			rd->render(&r);
		report_release(&r);
		opts_release(&o);
	}
}

static int want_none(const char *file, void *ctx)
{
	(void)file;
	(void)ctx;
	return 0;
}

/* The function table (--auto=no --threshold=100) of p, in memory. */
static char *table_of(const struct profile *p, size_t *len)
{
	char *argv[] = { (char *)"annogrind", (char *)"--auto=no", (char *)"--threshold=100", NULL };
	char *buf = NULL, err[256];
	struct opts o;
	struct report r;
	FILE *f = open_memstream(&buf, len);

	if (!f)
		abort();
	opts_init(&o);
	if (opts_parse(&o, 3, argv))
		abort();
	if (!report_init(&r, p, &o, "fuzz", f, err, sizeof(err)))
		render_text(&r);
	report_release(&r);
	opts_release(&o);
	fclose(f);
	return buf;
}

/* Load into p, lean (what the default text report keeps) or not; 0 when it loaded. */
static int load(struct profile *p, const uint8_t *data, size_t size, int lean, char **msgs,
		size_t *nmsgs)
{
	FILE *f = open_memstream(msgs, nmsgs);
	int rc;

	if (!f)
		abort();
	diag_set_stream(f);
	diag_reset();
	profile_init(p);
	if (lean) {
		p->drop_calls = 1;
		p->want_lines = want_none;
	} else {
		p->keep_instr = 1;	/* the machine code of --annotate=asm */
		p->keep_fn_lines = 1;	/* the functions' lines of --format=pprof */
	}
	rc = load_buffer(p, "fuzz", (const char *)data, size, NULL) || load_finish(p);
	fclose(f);
	diag_set_stream(devnull);
	return rc;
}

/*
 * The lean load with --jobs=4 must say and keep exactly what it does with
 * --jobs=1 (q, already loaded): the same messages, the same table.  The
 * fuzz build reads blocks of 256 bytes (Makefile), so inputs span many.
 */
static void jobs_alike(struct profile *q, int bad_q, const char *mq, size_t nq,
		       const uint8_t *data, size_t size)
{
	struct profile r;
	char *mr = NULL;
	size_t nr = 0;
	int bad_r;

	load_set_jobs(4);
	bad_r = load(&r, data, size, 1, &mr, &nr);
	load_set_jobs(1);
	if (bad_r != bad_q || nr != nq || memcmp(mr, mq, nq))
		abort();	/* --jobs=4 said something else */
	if (!bad_r) {
		size_t la, lb;
		char *a = table_of(q, &la), *b = table_of(&r, &lb);
		if (la != lb || memcmp(a, b, la))
			abort();	/* --jobs=4 kept something else */
		free(a);
		free(b);
	}
	profile_release(&r);
	free(mr);
}

/*
 * The paths that copy a profile and write its formulas again: a renamed
 * copy (--mod-funcname re-reads each formula) and --diff of the profile
 * with itself written as a profile (each formula twice, the event names
 * suffixed .old and .new).
 */
static void copies(struct profile *p)
{
	char *rule[1] = { (char *)"s/^(.)(.)/\\2\\1/" }, err[256];
	struct modname_list funcs, files;
	struct profile q, out;
	struct diff d;

	modname_init(&funcs);
	modname_init(&files);
	if (modname_parse(&funcs, "--mod-funcname", rule, 1, err, sizeof(err)))
		abort();	/* a bad rule above */
	if (!modname_profile(&q, p, &funcs, &files) && !graph_inclusive(&q, "fuzz"))
		write_callgrind(&q, "fuzz", devnull);
	profile_release(&q);
	modname_release(&funcs);
	if (!diff_build(&d, p, p, 0, err, sizeof(err))) {
		if (!diff_profile(&d, &out))
			write_callgrind(&out, "fuzz", devnull);
		profile_release(&out);
	}
	diff_release(&d);
}

/*
 * Every renderer on the profile kept whole; then the lean load of the
 * default text report (no calls, no per-line costs, runs of cost lines
 * summed) must take or refuse the input alike, with the same function
 * table: it may only miss what it does not keep (an overflow in a call).
 * The lean load is made with --jobs=1 and with --jobs=4.
 */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct profile p, q;
	char *mp = NULL, *mq = NULL;
	size_t np = 0, nq = 0;
	int bad_p, bad_q;

	if (!devnull) {
		devnull = fopen("/dev/null", "w");
		if (!devnull)
			abort();
		diag_set_stream(devnull);
	}
	load_set_jobs(1);
	bad_p = load(&p, data, size, 0, &mp, &np);
	bad_q = load(&q, data, size, 1, &mq, &nq);
	jobs_alike(&q, bad_q, mq, nq, data, size);
	if (bad_q && !bad_p)
		abort();	/* the lean load refused what the whole one took */
	if (bad_p && !bad_q && !strstr(mp, "calls from") && !strstr(mp, " address 0x") &&
	    !strstr(mp, "needs more memory"))
		abort();	/* it took what the whole one refused, not for a call, an address or memory */
	diag_reset();
	if (!bad_p && !graph_inclusive(&p, "fuzz")) {
		render_all(&p);
		copies(&p);
		if (!bad_q && !graph_inclusive(&q, "fuzz")) {
			size_t la, lb;
			char *a = table_of(&p, &la), *b = table_of(&q, &lb);
			if (la != lb || memcmp(a, b, la))
				abort();	/* the lean table differs */
			free(a);
			free(b);
		}
	}
	profile_release(&p);
	profile_release(&q);
	free(mp);
	free(mq);
	return 0;
}
