/* report_diff: the text report of a diff: both totals and the change of every function. */
#include "report_diff.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "escape.h"
#include "json.h"
#include "numfmt.h"
#include "outbuf.h"
#include "sort.h"

#define CELL 64		/* bytes of a cell: sign, 26 digits and commas, a percentage */

/*
 * sgn, below: the profiles' counts are signed (Cachegrind's, struct
 * diff.sgn), so a count's top bit is its sign.
 */

/* b > a, as counts of the profiles compared */
static int gt(int sgn, uint64_t a, uint64_t b)
{
	return sgn ? (int64_t)b > (int64_t)a : b > a;
}

/* |b - a|: below 2^64 for two unsigned or two signed 64-bit counts */
static uint64_t dist(int sgn, uint64_t a, uint64_t b)
{
	return gt(sgn, a, b) ? b - a : a - b;
}

/* a count as a number */
static double num(int sgn, uint64_t v)
{
	return sgn ? (double)(int64_t)v : (double)v;
}

/* "+1,234" or "-1,234" or "0"; buf holds at least 32 bytes. */
static size_t signed_num(int sgn, uint64_t a, uint64_t b, char *buf)
{
	size_t n = 0;

	if (b != a)
		buf[n++] = gt(sgn, a, b) ? '+' : '-';
	return n + numfmt_commify(dist(sgn, a, b), buf + n);
}

/*
 * One cell: the change from a to b and, when show_percs, the change
 * relative to a: " (+12.34%)"; " (new)" when a is 0 and b is not.
 */
static size_t cell(const struct report *r, int sgn, uint64_t a, uint64_t b, char *buf)
{
	size_t n = signed_num(sgn, a, b, buf);
	int k;

	if (!r->o->show_percs || a == b)
		return n;
	if (!a)
		k = snprintf(buf + n, CELL - n, " (new)");
	else
		k = snprintf(buf + n, CELL - n, " (%+.2f%%)",
			     (num(sgn, b) - num(sgn, a)) * 100.0 / fabs(num(sgn, a)));
	return k < 0 ? n : n + (size_t)k < CELL ? n + (size_t)k : CELL - 1;
}

struct drow {
	const struct diff_fn *f;
	const struct cc *key[2];	/* the cost sorted by: self, or inclusive */
};

static uint64_t absdiff(int sgn, const struct cc *const c[2], size_t e)
{
	return dist(sgn, c[0]->v[e], c[1]->v[e]);
}

/* What drow_cmp() orders by: the report's sort events, and how counts read. */
struct drow_order {
	const struct report *r;
	int sgn;
};

static int drow_cmp(const void *x, const void *y, void *ctx)
{
	const struct drow_order *ord = ctx;
	const struct drow *a = x, *b = y;
	size_t k;
	int c;

	for (k = 0; k < ord->r->nsort; k++) {
		size_t e = ord->r->sort[k];
		uint64_t da = absdiff(ord->sgn, a->key, e), db = absdiff(ord->sgn, b->key, e);
		if (da != db)
			return da > db ? -1 : 1;
	}
	c = diff_fn_name_cmp(a->f, b->f);
	if (c)
		return c;
	/* "a:b" + "c" and "a" + "b:c" print alike: the order they were made */
	return a->f->id < b->f->id ? -1 : a->f->id > b->f->id;
}

static int changed(const struct diff *d, const struct diff_fn *f)
{
	size_t e;

	for (e = 0; e < d->nev; e++)
		if (f->self[0]->v[e] != f->self[1]->v[e] || f->incl[0]->v[e] != f->incl[1]->v[e])
			return 1;
	return 0;
}

/* The functions of either profile (all, or only those that changed), in the diff's order. */
static size_t collect(const struct report *r, const struct diff *d, struct drow *rows, int all)
{
	const struct opts *o = r->o;
	struct drow_order ord = { r, d->sgn };
	size_t i, n = 0;

	for (i = 0; i < d->nfns; i++) {
		const struct diff_fn *f = d->fns[i];
		if (!f->in[0] && !f->in[1])
			continue;
		if (!all && !changed(d, f))
			continue;
		rows[n].f = f;
		rows[n].key[0] = o->inclusive ? f->incl[0] : f->self[0];
		rows[n].key[1] = o->inclusive ? f->incl[1] : f->self[1];
		n++;
	}
	sort_array_r(rows, n, sizeof(*rows), drow_cmp, &ord);
	return n;
}

/*
 * The rows the table shows: the threshold stops it when the changes'
 * sizes of the rows before reach that share of the sum of all of them;
 * --top stops it after that many rows, and --row-threshold at the first
 * row whose change of the primary sort event is smaller than that share
 * of the same sum (rows come by size: the rest are smaller still), as in
 * the report, whose cuts are of the program total.
 */
static size_t threshold_cut(const struct report *r, int sgn, const struct drow *rows,
			    size_t nrows)
{
	double *sum = xcalloc(r->nsort + 1, sizeof(*sum)), *curr = xcalloc(r->nsort + 1, sizeof(*curr));
	size_t i, k;

	for (i = 0; i < nrows; i++)
		for (k = 0; k < r->nsort; k++)
			sum[k] += (double)absdiff(sgn, rows[i].key, r->sort[k]);
	for (i = 0; i < nrows; i++) {
		if (r->o->top && i >= r->o->top)
			break;
		if (r->nsort && r->o->row_threshold > 0 &&
		    (double)absdiff(sgn, rows[i].key, r->sort[0]) * 100.0 < r->o->row_threshold * sum[0])
			break;
		if (!r->filter)
			continue;
		int reached = 1;
		for (k = 0; k < r->nsort; k++) {
			double prop = sum[k] > 0 ? curr[k] * 100 / sum[k] : 100;
			if (!(prop >= r->thr[k]))
				reached = 0;
		}
		if (reached)
			break;
		for (k = 0; k < r->nsort; k++)
			curr[k] += (double)absdiff(sgn, rows[i].key, r->sort[k]);
	}
	free(sum);
	free(curr);
	return i;
}

const char *report_diff_status(const struct diff *d, const struct diff_fn *f)
{
	if (!f->in[0])
		return "new";
	if (!f->in[1])
		return "gone";
	return changed(d, f) ? "changed" : "same";
}

static void pad(FILE *out, size_t n)
{
	while (n-- > 0)
		putc(' ', out);
}

/* Cells of a row: per shown event, self change then (after all self columns) inclusive change. */
static void row_cells(const struct report *r, int sgn, const struct cc *const self[2],
		      const struct cc *const incl[2], char (*cells)[CELL])
{
	size_t k;

	for (k = 0; k < r->nshow; k++) {
		size_t e = r->show[k];
		cell(r, sgn, self[0]->v[e], self[1]->v[e], cells[k]);
		if (incl)
			cell(r, sgn, incl[0]->v[e], incl[1]->v[e], cells[r->nshow + k]);
	}
}

static void print_cells(const struct report *r, char (*cells)[CELL], const size_t *w, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++) {
		size_t len = strlen(cells[k]);
		pad(r->out, w[k] > len ? w[k] - len : 0);
		fputs(cells[k], r->out);
		putc(' ', r->out);
	}
}

/* LABEL then the (escaped) text. */
static void words(const struct report *r, const char *label, const char *text)
{
	fputs(label, r->out);
	report_str(r, text);
}

static void header(const struct report *r, const struct diff *d, const char *const names[2])
{
	const struct opts *o = r->o;
	FILE *out = r->out;
	size_t i;
	int s;

	report_rule(r);
	for (s = 0; s < 2; s++) {
		const struct profile *p = d->p[s];
		fprintf(out, "%s profile:      ", s ? "New" : "Old");
		report_str(r, names[s]);
		if (p->creator && *p->creator) {
			fputs(" (creator: ", out);
			report_str(r, p->creator);
			putc(')', out);
		}
		putc('\n', out);
	}
	report_rule(r);
	for (s = 0; s < 2; s++) {
		const struct profile *p = d->p[s];
		fprintf(out, "%s target:       ", s ? "New" : "Old");
		report_str(r, p->cmd && *p->cmd ? p->cmd : "(unknown)");
		if (p->pid && *p->pid) {
			fputs(" (PID ", out);
			report_str(r, p->pid);
			putc(')', out);
		}
		putc('\n', out);
	}
	fputs("Events recorded: ", out);
	for (i = 0; i < d->p[DIFF_NEW]->ev.nraw; i++)
		words(r, " ", d->p[DIFF_NEW]->ev.ev[i].name);
	if (d->partial) {
		fputs(" (old:", out);
		for (i = 0; i < d->p[DIFF_OLD]->ev.nraw; i++)
			words(r, " ", d->p[DIFF_OLD]->ev.ev[i].name);
		putc(')', out);
	}
	fputs("\nEvents shown:    ", out);
	for (i = 0; i < r->nshow; i++)
		words(r, " ", d->p[DIFF_NEW]->ev.ev[r->show[i]].name);
	putc('\n', out);
	report_hidden(r);
	fputs("Event sort order:", out);
	for (i = 0; i < r->nsort; i++)
		words(r, " ", d->p[DIFF_NEW]->ev.ev[r->sort[i]].name);
	fputs("\nThresholds:      ", out);
	for (i = 0; i < r->nsort; i++)
		words(r, " ", r->thr_text[i]);
	/* only when given, as in the report's header */
	if (o->row_threshold >= 0)
		fprintf(out, "\nRow threshold:    %g", o->row_threshold);
	if (o->top)
		fprintf(out, "\nTop:              %zu", o->top);
	fprintf(out, "\nSorted by:        the change of %s cost\n",
		o->inclusive ? "inclusive" : "self");
	if (d->scale) {
		/* --scale=total: each shown event's factor */
		fputs("Scaled (new):     to the old total, x", out);
		for (i = 0; i < r->nshow; i++) {
			fprintf(out, "%s%.6g ", i ? ", x" : "", (double)d->scale[r->show[i]]);
			report_str(r, d->p[DIFF_NEW]->ev.ev[r->show[i]].name);
		}
		putc('\n', out);
	}
	for (i = 0; i < o->nmod_funcname; i++) {
		words(r, i ? "                  " : "Function names:   ", o->mod_funcname[i]);
		putc('\n', out);
	}
	for (i = 0; i < o->nmod_filename; i++) {
		words(r, i ? "                  " : "File names:       ", o->mod_filename[i]);
		putc('\n', out);
	}
	putc('\n', out);
}

static void totals(const struct report *r, const struct diff *d)
{
	FILE *out = r->out;
	size_t k, w;
	char cells[3][CELL];
	int sgn = d->sgn;

	for (k = 0; k < r->nshow; k++) {
		size_t e = r->show[k], i;
		const char *name = d->p[DIFF_NEW]->ev.ev[e].name;
		size_t len = escape_width(name, strlen(name), r->esc);
		numfmt_commify_as(d->total[0]->v[e], sgn, cells[0]);
		numfmt_commify_as(d->total[1]->v[e], sgn, cells[1]);
		cell(r, sgn, d->total[0]->v[e], d->total[1]->v[e], cells[2]);
		for (i = 0; i < 3; i++)
			if (strlen(cells[i]) > len)
				len = strlen(cells[i]);
		r->width[e] = len;
	}
	report_rule(r);
	report_events(r, r->width);
	putc('\n', out);
	report_rule(r);
	for (w = 0; w < 3; w++) {
		static const char *const what[] = { "PROGRAM TOTALS (old)", "PROGRAM TOTALS (new)",
						    "change" };
		for (k = 0; k < r->nshow; k++) {
			size_t e = r->show[k];
			char text[CELL];
			size_t len;
			if (w < 2)
				len = numfmt_commify_as(d->total[w]->v[e], sgn, text);
			else
				len = cell(r, sgn, d->total[0]->v[e], d->total[1]->v[e], text);
			pad(out, r->width[e] - len);
			fputs(text, out);
			putc(' ', out);
		}
		fprintf(out, " %s\n", what[w]);
	}
	putc('\n', out);
	if (d->scale)
		fputs("New costs below are scaled to the old total: a change is a cost that grew\n"
		      "or shrank beyond the program as a whole (--scale=total).\n\n", out);
}

void report_diff(struct report *r, const struct diff *d, const char *old_name,
		 const char *new_name)
{
	const char *const names[2] = { old_name, new_name };
	FILE *out = r->out;
	size_t ncol = 2 * r->nshow, i, k, nrows, ncollected;
	struct drow *rows = xcalloc(d->nfns + 1, sizeof(*rows));
	char (*cells)[CELL] = xcalloc(ncol + 1, sizeof(*cells));
	size_t *w = xcalloc(ncol + 1, sizeof(*w));

	header(r, d, names);
	totals(r, d);

	ncollected = collect(r, d, rows, 0);
	nrows = threshold_cut(r, d->sgn, rows, ncollected);

	/* column widths: the headers and every changed function's cells, shown or not */
	for (k = 0; k < r->nshow; k++) {
		const char *name = d->p[DIFF_NEW]->ev.ev[r->show[k]].name;
		w[k] = escape_width(name, strlen(name), r->esc) + 5;
		w[r->nshow + k] = w[k];
	}
	for (i = 0; i < ncollected; i++) {
		row_cells(r, d->sgn, (const struct cc *const *)rows[i].f->self,
			  (const struct cc *const *)rows[i].f->incl, cells);
		for (k = 0; k < ncol; k++)
			if (strlen(cells[k]) > w[k])
				w[k] = strlen(cells[k]);
	}
	report_rule(r);
	for (k = 0; k < ncol; k++) {
		/* the event's name, cut to 60 bytes, then "self" or "incl" */
		const char *name = d->p[DIFF_NEW]->ev.ev[r->show[k % r->nshow]].name;
		size_t len = strlen(name) < 60 ? strlen(name) : 60;
		escape_fwrite(out, name, len, r->esc);
		fputs(k < r->nshow ? " self" : " incl", out);
		pad(out, w[k] - (escape_width(name, len, r->esc) + 5) + 1);
	}
	fputs(" file:function\n", out);
	report_rule(r);
	for (i = 0; i < nrows; i++) {
		const struct diff_fn *f = rows[i].f;
		row_cells(r, d->sgn, (const struct cc *const *)f->self,
			  (const struct cc *const *)f->incl, cells);
		print_cells(r, cells, w, ncol);
		putc(' ', out);
		report_name(r, f->file);
		putc(':', out);
		report_name(r, f->name);
		/* an address always: the name of one object's function only */
		if (f->obj && (f->named ? *f->obj : !!fn_obj_base(f->name, f->obj))) {
			fputs(" [", out);
			report_name(r, f->obj);
			putc(']', out);
		}
		if (!f->in[0])
			fputs(" (new)", out);
		else if (!f->in[1])
			fputs(" (gone)", out);
		putc('\n', out);
	}
	putc('\n', out);
	free(rows);
	free(cells);
	free(w);
}

const struct diff_fn **report_diff_rows(const struct report *r, const struct diff *d, size_t *n)
{
	struct drow *rows = xcalloc(d->nfns + 1, sizeof(*rows));
	const struct diff_fn **v = xcalloc(d->nfns + 1, sizeof(*v));
	size_t i;

	*n = threshold_cut(r, d->sgn, rows, collect(r, d, rows, 0));
	for (i = 0; i < *n; i++)
		v[i] = rows[i].f;
	free(rows);
	return v;
}

const struct diff_fn **report_diff_all_rows(const struct report *r, const struct diff *d,
					  size_t *n)
{
	struct drow *rows = xcalloc(d->nfns + 1, sizeof(*rows));
	const struct diff_fn **v = xcalloc(d->nfns + 1, sizeof(*v));
	size_t i;

	*n = collect(r, d, rows, 1);
	for (i = 0; i < *n; i++)
		v[i] = rows[i].f;
	free(rows);
	return v;
}

/* ---- machine-readable forms (the TSV here, the JSON in report_diff_json.c) ---- */

void report_diff_json_cost(struct outbuf *out, const struct diff *d, const struct cc *c)
{
	json_counts(out, c->v, d->nev, d->sgn, ", ");
}

/* Per event: old, new and the signed change. */
static void tcost(struct outbuf *out, const struct diff *d, const struct cc *a, const struct cc *b)
{
	size_t i;
	int sgn = d->sgn;

	for (i = 0; i < d->nev; i++) {
		uint64_t x = a->v[i], y = b->v[i], xy[2] = { x, y };
		int k;
		for (k = 0; k < 2; k++) {
			outbuf_putc(out, '\t');
			if (sgn && (int64_t)xy[k] < 0)
				outbuf_putc(out, '-');
			outbuf_u64(out, sgn && (int64_t)xy[k] < 0 ? 0 - xy[k] : xy[k]);
		}
		outbuf_putc(out, '\t');
		if (gt(sgn, y, x))
			outbuf_putc(out, '-');
		outbuf_u64(out, dist(sgn, x, y));
	}
}

void report_diff_tsv(struct report *r, const struct diff *d)
{
	const struct profile *pn = d->p[DIFF_NEW];
	static struct outbuf ob;
	struct outbuf *out = &ob;
	struct drow *rows = xcalloc(d->nfns + 1, sizeof(*rows));
	size_t n, i;
	int k;

	outbuf_init(out, r->out);
	outbuf_puts(out, "# annogrind diff tsv 1\n");
	report_tsv_events(out, pn, r->esc);
	outbuf_puts(out, "kind\tstatus\tobject\tfile\tfunction");
	for (k = 0; k < 2; k++) {
		for (i = 0; i < pn->ev.n; i++) {
			static const char *const col[] = { "_old:", "_new:", "_change:" };
			size_t c;
			for (c = 0; c < 3; c++) {
				outbuf_puts(out, k ? "\tincl" : "\tself");
				outbuf_puts(out, col[c]);
				report_tsv_field(out, pn->ev.ev[i].name, r->esc);
			}
		}
	}
	outbuf_puts(out, "\ntotal\t\t\t\t");
	tcost(out, d, d->total[0], d->total[1]);
	tcost(out, d, d->total[0], d->total[1]);
	outbuf_putc(out, '\n');
	n = collect(r, d, rows, 1);
	if (r->o->top && n > r->o->top)
		n = r->o->top;
	for (i = 0; i < n; i++) {
		const struct diff_fn *f = rows[i].f;
		outbuf_puts(out, "fn\t");
		outbuf_puts(out, report_diff_status(d, f));
		outbuf_putc(out, '\t');
		report_tsv_name(out, f->obj, r->esc);
		outbuf_putc(out, '\t');
		report_tsv_name(out, f->file, r->esc);
		outbuf_putc(out, '\t');
		report_tsv_name(out, f->name, r->esc);
		tcost(out, d, f->self[0], f->self[1]);
		tcost(out, d, f->incl[0], f->incl[1]);
		outbuf_putc(out, '\n');
	}
	outbuf_flush(out);
	free(rows);
}
