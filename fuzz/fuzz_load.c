/* fuzz_load: libFuzzer target; bytes in through load_buffer(), then every renderer on what loaded. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "diag.h"
#include "graph.h"
#include "load.h"
#include "opts.h"
#include "profile.h"
#include "report.h"
#include "report_dot.h"
#include "write.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void render_text(struct report *r)
{
	report_header(r);
	report_table(r);
	report_source(r);
}

static void render_callgrind(struct report *r)
{
	write_callgrind(r->p, "fuzz", r->out);
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
	{ "tsv", { "--format=tsv", "--tree=both", NULL }, report_tsv },
	{ "callgrind", { "--format=callgrind", NULL }, render_callgrind },
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct profile p;

	if (!devnull) {
		devnull = fopen("/dev/null", "w");
		if (!devnull)
			abort();
		diag_set_stream(devnull);
	}
	diag_reset();
	profile_init(&p);
	if (!load_buffer(&p, "fuzz", (const char *)data, size, NULL) && !load_finish(&p) &&
	    !graph_inclusive(&p, "fuzz"))
		render_all(&p);
	profile_release(&p);
	return 0;
}
