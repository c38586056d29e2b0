/* format: the table of --format, one row per output, and the small functions that start each renderer. */
#include <stdio.h>
#include <string.h>

#include "diff.h"
#include "format.h"
#include "profile.h"
#include "report.h"
#include "report_diff.h"
#include "report_diff_asm.h"
#include "report_diff_json.h"
#include "report_diff_src.h"
#include "report_dot.h"
#include "report_flame.h"
#include "report_html.h"
#include "report_md.h"
#include "report_pprof.h"
#include "write.h"

static int render_text(const struct format_job *j)
{
	if (j->found) {
		fputs("Reading data from '", j->r->out);
		report_str(j->r, j->found);
		fputs("'...\n", j->r->out);
	}
	report_header(j->r);
	report_table(j->r);
	report_source(j->r);
	if (j->r->o->annotate_asm)
		report_asm(j->r);
	return 0;
}

static int render_text_diff(const struct format_diff_job *j)
{
	report_diff(j->r, j->d, j->old_name, j->new_name);
	report_diff_source(j->r, j->d);
	if (j->r->o->annotate_asm)
		report_diff_asm(j->r, j->d);
	return 0;
}

static int render_callgrind(const struct format_job *j)
{
	char note[128];

	snprintf(note, sizeof(note), "written by annogrind %s", j->version);
	write_callgrind(j->p, note, stdout);
	return 0;
}

static int render_callgrind_diff(const struct format_diff_job *j)
{
	struct profile q;
	char note[160];
	int rc = 0;

	if (diff_profile(j->d, &q)) {
		rc = -1;
	} else {
		snprintf(note, sizeof(note), "the comparison of two profiles by annogrind %s"
			 ", events E.old and E.new", j->version);
		write_callgrind(&q, note, stdout);
	}
	profile_release(&q);
	return rc;
}

static int render_dot(const struct format_job *j)
{
	report_dot(j->r);
	return 0;
}

static int render_json(const struct format_job *j)
{
	report_json(j->r);
	return 0;
}

static int render_json_diff(const struct format_diff_job *j)
{
	report_diff_json(j->r, j->d, j->old_name, j->new_name);
	return 0;
}

static int render_tsv(const struct format_job *j)
{
	report_tsv(j->r);
	return 0;
}

static int render_tsv_diff(const struct format_diff_job *j)
{
	report_diff_tsv(j->r, j->d);
	return 0;
}

static int render_md(const struct format_job *j)
{
	report_md(j->r, j->res, j->ngates);
	return 0;
}

static int render_md_diff(const struct format_diff_job *j)
{
	j->r->whole = j->new_whole;	/* the pieces of NEW's functions */
	report_md_diff(j->r, j->dw, j->d, j->old_name, j->new_name, j->res, j->ngates);
	return 0;
}

static int render_folded(const struct format_job *j)
{
	return report_folded(j->r);
}

static int render_flamegraph(const struct format_job *j)
{
	return report_flamegraph(j->r);
}

static int render_flamegraph_diff(const struct format_diff_job *j)
{
	/* the new profile's stacks, coloured by the change from the old one's */
	return report_flamegraph_diff(j->r, j->old);
}

static int render_pprof(const struct format_job *j)
{
	return report_pprof(j->r, j->version);
}

static int render_html(const struct format_job *j)
{
	return report_html(j->r, 1);
}

static int render_html_diff(const struct format_diff_job *j)
{
	return report_html_diff(j->r, j->d, j->old, j->old_name, j->new_name, 1);
}

/* In the order --help and the message of a bad --format name them. */
static const struct format formats[] = {
	{ "text", FORMAT_FOR_PEOPLE | FORMAT_WHOLE_OPTION | FORMAT_ASM | FORMAT_DIFF_ASM,
	  render_text, render_text_diff, NULL },
	{ "callgrind", FORMAT_ALL_PROFILES | FORMAT_KEEPS_ALL | FORMAT_NO_REPORT,
	  render_callgrind, render_callgrind_diff, NULL },
	{ "dot", FORMAT_ALL_PROFILES | FORMAT_KEEPS_ALL | FORMAT_MERGES_INLINED | FORMAT_NO_NEGATIVE,
	  render_dot, NULL, "--diff cannot be drawn with --format=dot" },
	{ "json", FORMAT_KEEPS_ALL | FORMAT_NEEDS_WHOLE | FORMAT_CHECKS_CALLS | FORMAT_ASM |
	  FORMAT_DIFF_ASM | FORMAT_NO_DISASM,
	  render_json, render_json_diff, NULL },
	{ "tsv", FORMAT_KEEPS_ALL | FORMAT_CHECKS_CALLS,
	  render_tsv, render_tsv_diff, NULL },
	{ "markdown", FORMAT_KEEPS_ALL | FORMAT_NEEDS_WHOLE | FORMAT_SHOWS_WHOLE |
	  FORMAT_FOR_PEOPLE | FORMAT_NO_NEGATIVE | FORMAT_DIFF_ASM | FORMAT_DIFF_SPANS,
	  render_md, render_md_diff, NULL },
	{ "folded", FORMAT_ALL_PROFILES | FORMAT_KEEPS_ALL | FORMAT_MERGES_INLINED | FORMAT_NO_NEGATIVE,
	  render_folded, NULL,
	  "--diff cannot be written with --format=folded (--format=flamegraph draws the comparison)" },
	{ "flamegraph", FORMAT_ALL_PROFILES | FORMAT_KEEPS_ALL | FORMAT_MERGES_INLINED |
	  FORMAT_NO_NEGATIVE | FORMAT_DIFF_STACKS,
	  render_flamegraph, render_flamegraph_diff, NULL },
	{ "pprof", FORMAT_ALL_PROFILES | FORMAT_MERGES_INLINED | FORMAT_NO_NEGATIVE | FORMAT_FN_LINES |
	  FORMAT_GZIP,
	  render_pprof, NULL, "--diff cannot be written with --format=pprof (pprof -diff_base compares two)" },
	{ "html", FORMAT_KEEPS_CALLS | FORMAT_NEEDS_WHOLE | FORMAT_NO_NEGATIVE | FORMAT_FOR_PEOPLE |
	  FORMAT_DIFF_SPANS | FORMAT_SPANS | FORMAT_ASM | FORMAT_PER_INPUT,
	  render_html, render_html_diff, NULL },
};

const struct format *format_text(void)
{
	return &formats[0];
}

const struct format *format_find(const char *name, char *err, size_t errlen)
{
	size_t i, n = sizeof(formats) / sizeof(formats[0]), len;

	for (i = 0; i < n; i++)
		if (!strcmp(name, formats[i].name))
			return &formats[i];
	len = (size_t)snprintf(err, errlen, "--format takes");
	for (i = 0; i < n && len < errlen; i++)
		len += (size_t)snprintf(err + len, errlen - len, "%s %s",
					i == 0 ? "" : i + 1 < n ? "," : " or", formats[i].name);
	if (len < errlen)
		snprintf(err + len, errlen - len, ", not '%.60s'", name);
	return NULL;
}
