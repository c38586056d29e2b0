/* report: what every renderer shares: the resolved options and the column printer. */
#ifndef ANNOGRIND_REPORT_H
#define ANNOGRIND_REPORT_H

#include <stdio.h>

#include "opts.h"
#include "profile.h"

/*
 * A report reads the profile through a const pointer and writes to out.
 * report_init() resolves --show/--sort against the profile's events (the
 * arrays are owned by the struct, freed by report_release()).
 */
struct report {
	const struct profile *p;
	const struct opts *o;
	const char *input_name;	/* as shown in "Profile data file" */
	FILE *out;
	/*
	 * Escape profile text written to out (escape.h): --escape=always, or
	 * auto (the default) and out is a terminal.  Every renderer writes
	 * names and header fields through report_str() or escape_*(..., esc).
	 */
	int esc;

	size_t *show, nshow;	/* event indices, in column order */
	size_t *sort, nsort;
	double *thr;		/* per sort event */
	const char **thr_text;
	int filter;		/* the threshold cut applies (single threshold < 100) */
	size_t *width;		/* column widths of the function table, per event */

	/* the profiles summed, when several (main sets them after report_init) */
	const char *const *inputs;
	size_t ninputs;
	/* each of them prepared alone (FORMAT_PER_INPUT), or NULL */
	const struct profile *parts;

	/* files of the functions the table printed, for auto-annotation */
	const struct file **files;
	size_t nfiles;
	/* the functions the table printed, in its order (only with --annotate=asm) */
	const struct fn **fns;
	size_t nfns;

	/*
	 * Functions seen whole (whole.h), set by main: JSON adds each function's
	 * whole cost and pieces (p is whole->src); the table (--whole-functions)
	 * and Markdown show whole functions (p is &whole->merged) with their
	 * pieces.  NULL: none.
	 */
	const struct whole *whole;

	/*
	 * Where each source file's text is read from (source_find.h), made by
	 * report_init() from the -I folders, with the profile's file names as
	 * those that may share a file; every renderer that reads sources asks it.
	 */
	struct source_find *src;
	int src_borrowed;	/* src belongs to the caller (report_use_sources()) */

	/* the events report_fit_width() left out of show (a terminal too narrow), and its width */
	size_t *hidden, nhidden;
	size_t cols;
};

/* Returns 0, or -1 with a message in err (an unknown event: a usage error). */
int report_init(struct report *r, const struct profile *p, const struct opts *o,
		const char *input_name, FILE *out, char *err, size_t errlen);
void report_release(struct report *r);
/*
 * The names of the files r may annotate, for r->src (source_find_names()):
 * NULL gives the profile's own (report_init() does); a comparison gives
 * its paired names.
 */
void report_src_names(struct report *r, const char *const *names, size_t n);
/*
 * Read sources through sf, which the caller keeps (the loader's, whose
 * lookups are then not made again), instead of the report's own; the
 * profile's names are given to it as report_init() gives them.
 */
void report_use_sources(struct report *r, struct source_find *sf);
/*
 * A report for a terminal of cols columns, whose --show was not given:
 * when a row of the events shown (cells cost columns each: 1 for the
 * report, 3 for a comparison's old, new and change) would leave less than
 * 40 columns for the names, keep the primary sort event and then the
 * others in order as long as they fit; the rest go to r->hidden, which
 * the header names.  Widths are those of each event's program total with
 * its percentage, as wide as any cost of the table.
 */
void report_fit_width(struct report *r, size_t cols, size_t cells);
/* The header's line that names r->hidden, if any ("Events hidden: ..."). */
void report_hidden(const struct report *r);

/* Profile (or command-line) text on r->out, escaped when r->esc. */
void report_str(const struct report *r, const char *s);
/*
 * A name the profile holds (a function's, file's, object's or event's,
 * interned) as report_str() writes it, or its start and a marker once the
 * output has written many name bytes (namecut.h).
 */
void report_name(const struct report *r, const char *s);
/* The bytes report_name() would write for s, before escaping: malloc'ed. */
char *report_name_dup(const char *s);
/* Column widths for a set of costs (each event at least its name's width). */
void report_widths(const struct report *r, const struct cc *const *ccs, size_t n,
		   size_t *width);
/* One cost in the shown columns, each right-aligned and followed by a space. */
void report_cc(const struct report *r, const struct cc *c, const size_t *width);
/* The same with percentages of total instead of the program total. */
void report_cc_of(const struct report *r, const struct cc *c, const size_t *width,
		  const struct cc *total);
/* The event names, padded to the widths. */
void report_events(const struct report *r, const size_t *width);
/*
 * callgrind_annotate's order of two costs: by the sort events in turn,
 * larger first, a column never given (or a NULL cost) after any value.
 * Returns <0, 0 or >0 as qsort wants.
 */
int report_cost_cmp(const struct report *r, const struct cc *a, const struct cc *b);
/* Length of the valid UTF-8 sequence at u (1 to 4), or 0 for a byte that starts none. */
size_t report_utf8_len(const unsigned char *u);
/* The 80-dash rule. */
void report_rule(const struct report *r);

/* Header block, totals and the function table (with --tree, the trees). */
void report_header(struct report *r);
void report_table(struct report *r);
/* Annotated sources: auto-annotation and files named on the command line. */
void report_source(struct report *r);
/* Machine code of the functions the table printed (--annotate=asm, report_asm.c). */
void report_asm(struct report *r);

/*
 * --row-threshold and --top (both orders put rows in decreasing order of the
 * primary sort event): is a row of cost c cut, nshown rows being printed
 * already?  Once one is, every later one is too.
 */
int report_row_cut(const struct report *r, const struct cc *c, size_t nshown);
/*
 * Every function of the profile in the table's order (self costs, or
 * inclusive ones with --inclusive), less the --row-threshold/--top cut;
 * the array is malloc'ed, the functions belong to the profile.
 */
const struct fn **report_sorted_fns(const struct report *r, size_t *n);
/*
 * --summary: the self costs of the functions summed by object or by file,
 * one row per name, in the table's order (sort events, then name).  The
 * rows and their costs are malloc'ed (report_summary_free); names belong
 * to the profile.  report_summary() prints them as a table.
 */
struct summary_row {
	const char *name;	/* "" for functions without an object */
	const struct cc *self;
	/*
	 * --summary=function: the function name, and the object of an address
	 * (fn_key_obj(): a name of that object only, a row of its own, its
	 * name "NAME [OBJECT]" made in own), else NULL
	 */
	const char *fn, *kobj;
	char *own;
};
size_t report_summary_rows(const struct report *r, struct summary_row **rows);
void report_summary_free(struct summary_row *rows, size_t n);
void report_summary(struct report *r);

/* Machine-readable reports (schema in the man page and doc/annogrind-json.schema.json). */
void report_json(struct report *r);
void report_tsv(struct report *r);

/* Their pieces, shared with the --diff forms (report_diff.c). */
struct outbuf;
/*
 * A TSV field: tab, newline, CR and backslash written as \t \n \r \\;
 * with esc (r->esc), the other characters escape.h escapes as \xHH.
 */
void report_tsv_field(struct outbuf *out, const char *s, int esc);
/* The same for a name the profile holds, cut as report_name() cuts it. */
void report_tsv_name(struct outbuf *out, const char *s, int esc);
/* A "#event" line per event of p: name, long name, formula. */
void report_tsv_events(struct outbuf *out, const struct profile *p, int esc);
/*
 * The "machine_code" member of the JSON report (--annotate=asm): the units
 * of the functions fns[0..n) with their instructions, and the text objdump
 * shows for each with --disasm=yes.  Sets r->fns.
 */
void report_asm_json(struct report *r, struct outbuf *out, const struct fn *const *fns, size_t n);

/*
 * The text table's cumulative --threshold (profiles of unsigned counts):
 * reached for every sort event, given the summed costs curr (by sort key)?
 */
int report_threshold_reached(const struct report *r, const double *curr);

#endif
