/* report_table: the header block, PROGRAM TOTALS, the function table and the caller/callee trees. */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "graph.h"
#include "hash.h"
#include "numfmt.h"
#include "sort.h"
#include "whole.h"

/* " LABEL VALUE" with the value escaped (the profile's text). */
static void field(const struct report *r, const char *label, const char *value)
{
	fputs(label, r->out);
	report_str(r, value);
}

void report_header(struct report *r)
{
	const struct profile *p = r->p;
	const struct opts *o = r->o;
	FILE *out = r->out;
	size_t i, k;

	report_rule(r);
	if (r->ninputs > 1) {
		fputs("Profile data files", out);
		for (i = 0; i < r->ninputs; i++) {
			field(r, i ? ", '" : " '", r->inputs[i]);
			putc('\'', out);
		}
	} else {
		field(r, "Profile data file '", r->input_name);
		putc('\'', out);
	}
	if (p->creator && *p->creator) {
		field(r, " (creator: ", p->creator);
		putc(')', out);
	}
	putc('\n', out);
	report_rule(r);
	for (i = 0; i < p->ndesc; i++) {
		if (strncmp(p->desc[i], "Option:", 7)) {
			report_str(r, p->desc[i]);
			putc('\n', out);
		}
	}
	field(r, "Profiled target:  ", p->cmd && *p->cmd ? p->cmd : "(unknown)");
	if (p->pid && *p->pid) {
		field(r, " (PID ", p->pid);
		if (p->part && *p->part)
			field(r, ", part ", p->part);
		if (p->thread && *p->thread)
			field(r, ", thread ", p->thread);
		putc(')', out);
	}
	putc('\n', out);
	fputs("Events recorded: ", out);
	for (i = 0; i < p->ev.nraw; i++)
		field(r, " ", p->ev.ev[i].name);
	fputs("\nEvents shown:    ", out);
	for (i = 0; i < r->nshow; i++)
		field(r, " ", p->ev.ev[r->show[i]].name);
	putc('\n', out);
	report_hidden(r);
	fputs("Event sort order:", out);
	for (i = 0; i < r->nsort; i++)
		field(r, " ", p->ev.ev[r->sort[i]].name);
	fputs("\nThresholds:      ", out);
	for (i = 0; i < r->nsort; i++)
		field(r, " ", r->thr_text[i]);
	/* only when given, so callgrind_annotate's header stays byte for byte */
	if (o->row_threshold >= 0)
		fprintf(out, "\nRow threshold:    %g", o->row_threshold);
	if (o->top)
		fprintf(out, "\nTop:              %zu", o->top);
	field(r, "\nInclude dirs:     ", o->ninclude ? o->include[0] : "");
	putc('\n', out);
	for (i = 1; i < o->ninclude; i++) {
		field(r, "                  ", o->include[i]);
		putc('\n', out);
	}
	fputs("User annotated:   ", out);
	for (i = 0, k = 0; i < o->nuser; i++) {
		size_t j;
		for (j = 0; j < i; j++)
			if (!strcmp(o->user_files[i], o->user_files[j]))
				break;
		if (j < i)
			continue;
		if (k++)
			fputs("\n                  ", out);
		report_str(r, o->user_files[i]);
	}
	fprintf(out, "\nAuto-annotation:  %s\n\n", o->auto_annotate ? "on" : "off");
}

/* A row of the table: a function or (with --inclusive) a cycle; 16 bytes. */
struct row {
	/* the first sort event's value, kept in the row so that most
	   comparisons of the sort do not reach the cost (a cache miss) */
	uint64_t key;
	uint32_t idx;		/* in p->fns, or in p->cycles when is_cycle */
	uint8_t kdef;		/* the first sort event is defined in its cost */
	uint8_t is_cycle;
};

/* The cost a row shows: inclusive when the report's rows are. */
static const struct cc *row_cc(const struct report *r, const struct row *row)
{
	const struct profile *p = r->p;

	if (row->is_cycle)
		return p->cycles[row->idx].incl;
	return r->o->inclusive ? fn_incl(p, p->fns[row->idx]) : p->fns[row->idx]->self;
}

static const struct fn *row_fn(const struct report *r, const struct row *row)
{
	return row->is_cycle ? NULL : r->p->fns[row->idx];
}

static const struct cycle *row_cycle(const struct report *r, const struct row *row)
{
	return row->is_cycle ? &r->p->cycles[row->idx] : NULL;
}

/* Equal costs: cycles first (by number), then functions by "file:function". */
static int row_cmp(const struct report *r, const struct row *a, const struct row *b)
{
	int c;

	if (a->kdef != b->kdef)
		return a->kdef ? -1 : 1;
	if (a->key != b->key)
		return a->key > b->key ? -1 : 1;
	/* with one sort event the key said it all */
	c = r->nsort > 1 ? report_cost_cmp(r, row_cc(r, a), row_cc(r, b)) : 0;
	if (c)
		return c;
	if (a->is_cycle || b->is_cycle) {
		if (a->is_cycle && b->is_cycle)
			return a->idx < b->idx ? -1 : a->idx > b->idx;	/* cycles are numbered in order */
		return a->is_cycle ? -1 : 1;
	}
	return graph_fn_cmp(row_fn(r, a), row_fn(r, b));
}

/* row_cmp(r, a, b) < 0, with the common case (different keys) inline. */
static inline int row_less(const struct report *r, const struct row *a, const struct row *b)
{
	if (a->kdef != b->kdef)
		return a->kdef > b->kdef;
	if (a->key != b->key)
		return a->key > b->key;
	return row_cmp(r, a, b) < 0;
}

static void row_swap(struct row *a, struct row *b)
{
	struct row t = *a;
	*a = *b;
	*b = t;
}

/* Move v[root] down the heap v[0..n) (largest on top) to its place. */
static void rows_sift(const struct report *r, struct row *v, size_t root, size_t n)
{
	while (2 * root + 1 < n) {
		size_t c = 2 * root + 1;
		if (c + 1 < n && row_less(r, &v[c], &v[c + 1]))
			c++;
		if (!row_less(r, &v[root], &v[c]))
			return;
		row_swap(&v[root], &v[c]);
		root = c;
	}
}

/* Heapsort of v[0..n) by row_less: the fallback of rows_sort(), n log n always. */
static void rows_heapsort(const struct report *r, struct row *v, size_t n)
{
	size_t i;

	for (i = n / 2; i-- > 0;)
		rows_sift(r, v, i, n);
	for (i = n; i-- > 1;) {
		row_swap(&v[0], &v[i]);
		rows_sift(r, v, 0, i);
	}
}

/*
 * Sort rows by row_cmp, in place, so that sorting the rows of a big
 * profile needs no second copy of them (a merge sort takes one):
 * quicksort on the median of three, the smaller side first, insertion
 * sort for short runs, and heapsort for a range that is still long after
 * 2 log2 n partitions (introsort): a quicksort alone can be driven to n^2
 * comparisons by costs chosen against it (McIlroy's adversary; 320,000
 * functions took 29 s).  row_cmp is a total order, so the result is the
 * same as any other sort's.
 */
static void rows_sort(const struct report *r, struct row *v, size_t n, unsigned depth)
{
	while (n > 16) {
		size_t i = 0, j = n - 1, m = n / 2;
		struct row pivot;
		if (!depth--) {
			rows_heapsort(r, v, n);
			return;
		}
		if (row_less(r, &v[m], &v[0]))
			row_swap(&v[m], &v[0]);
		if (row_less(r, &v[n - 1], &v[m])) {
			row_swap(&v[n - 1], &v[m]);
			if (row_less(r, &v[m], &v[0]))
				row_swap(&v[m], &v[0]);
		}
		pivot = v[m];
		for (;;) {
			while (row_less(r, &v[i], &pivot))
				i++;
			while (row_less(r, &pivot, &v[j]))
				j--;
			if (i >= j)
				break;
			row_swap(&v[i], &v[j]);
			i++;
			j--;
		}
		/* v[0..j] <= pivot <= v[j+1..n) */
		if (j + 1 < n - j - 1) {
			rows_sort(r, v, j + 1, depth);
			v += j + 1;
			n -= j + 1;
		} else {
			rows_sort(r, v + j + 1, n - j - 1, depth);
			n = j + 1;
		}
	}
	for (size_t i = 1; i < n; i++) {
		struct row x = v[i];
		size_t k = i;
		for (; k > 0 && row_less(r, &x, &v[k - 1]); k--)
			v[k] = v[k - 1];
		v[k] = x;
	}
}

/* 2 floor(log2 n): the partitions rows_sort() may make before heapsort. */
static unsigned rows_depth(size_t n)
{
	unsigned d = 0;

	while (n >>= 1)
		d += 2;
	return d;
}

/*
 * The cost of a call inside a cycle (or to the function itself) is already
 * part of its caller's cost and, summed over nested calls, can pass the
 * program total: trees show such calls with their count and "." costs.
 */
static const struct cc *call_cost(const struct call *c)
{
	return call_exact(c) ? c->cc : NULL;
}

/* Calls by cost in the report's order (ctx: the report), then by the other function. */
static int call_in_cmp(const void *x, const void *y, void *ctx)
{
	const struct call *a = *(const struct call *const *)x, *b = *(const struct call *const *)y;
	int c = report_cost_cmp(ctx, call_cost(a), call_cost(b));
	return c ? c : graph_fn_cmp(a->k.caller, b->k.caller);
}

static int call_out_cmp(const void *x, const void *y, void *ctx)
{
	const struct call *a = *(const struct call *const *)x, *b = *(const struct call *const *)y;
	int c = report_cost_cmp(ctx, call_cost(a), call_cost(b));
	return c ? c : graph_fn_cmp(a->k.callee, b->k.callee);
}

static void print_name(const struct report *r, const struct fn *f)
{
	report_name(r, f->k.file->name);
	putc(':', r->out);
	report_name(r, f->k.name);
}

/*
 * " [OBJECT]" after a name: where named (callgrind_annotate's rule, a
 * function opened by an fn= line), and always after an address, the name
 * of one object's function only (fn_obj_base()), so that two objects'
 * functions at one offset are never one name, called or not.
 */
static void print_obj(const struct report *r, const struct fn *f, int named)
{
	if (!named && !fn_obj_base(f->k.name, f->obj))
		return;
	fputs(" [", r->out);
	report_name(r, f->obj);
	putc(']', r->out);
}

/*
 * The cost shown for a call: cut to the program total like the inclusive
 * costs of functions (graph.c warns when it cuts one, and a call above the
 * total makes its caller's or callee's inclusive cost pass it too), so a
 * profile whose call costs disagree with its self costs never shows a call
 * at 1333.3%.  Cut at rendering, so it holds whatever rule computed the
 * inclusive costs.  tmp is a cost the size of the profile's.
 */
static const struct cc *call_cost_shown(const struct report *r, const struct call *c,
					struct cc *tmp)
{
	const struct profile *p = r->p;
	const struct cc *cc = call_cost(c);
	size_t i;
	int cut = 0;

	if (!cc || !p->total)
		return cc;
	for (i = 0; i < p->ev.n; i++)
		cut |= cc_defined(p, p->total, i) && cc->v[i] > p->total->v[i];
	if (!cut)
		return cc;
	memcpy(tmp, cc, profile_cc_size(p));
	for (i = 0; i < p->ev.n; i++)
		if (cc_defined(p, p->total, i) && tmp->v[i] > p->total->v[i])
			tmp->v[i] = p->total->v[i];
	return tmp;
}

static void print_call(struct report *r, const struct call *c, const struct fn *other,
		       const char *arrow, struct cc *tmp)
{
	char num[32];

	report_cc(r, call_cost_shown(r, c, tmp), r->width);
	fputs(arrow, r->out);
	print_name(r, other);
	numfmt_commify(c->count, num);
	fputs(" (", r->out);
	fputs(num, r->out);
	fputs("x)", r->out);
	print_obj(r, other, other->named);
	putc('\n', r->out);
}

static void print_calls(struct report *r, const struct fn *f, int callers)
{
	const struct call *c;
	const struct call **v = NULL;
	struct cc *tmp;
	size_t n = 0, i;

	for (c = callers ? fn_in(r->p, f) : fn_out(r->p, f); c; c = callers ? c->next_in : c->next_out)
		n++;
	if (!n)
		return;
	v = xmalloc(n * sizeof(*v));
	n = 0;
	for (c = callers ? fn_in(r->p, f) : fn_out(r->p, f); c; c = callers ? c->next_in : c->next_out)
		v[n++] = c;
	sort_array_r(v, n, sizeof(*v), callers ? call_in_cmp : call_out_cmp, r);
	tmp = xmalloc(profile_cc_size(r->p));
	for (i = 0; i < n; i++)
		print_call(r, v[i], callers ? v[i]->k.caller : v[i]->k.callee,
			   callers ? " < " : " >   ", tmp);
	free(tmp);
	free(v);
}

static int is_unknown(const struct fn *f)
{
	return !strcmp(f->k.name, "???") && !strcmp(f->k.file->name, "???");
}

/* Keep each file of a printed function once (order does not matter). */
static void dedupe_files(struct report *r)
{
	size_t cap = 16, i, n = 0;
	const struct file **set;

	/* a set of the files seen: at most nfiles_src distinct ones */
	while (cap < 2 * r->p->nfiles_src + 2)
		cap *= 2;
	set = xcalloc(cap, sizeof(*set));
	for (i = 0; i < r->nfiles; i++) {
		const struct file *f = r->files[i];
		size_t h = (size_t)hash_words((uint64_t)(uintptr_t)f, 0, 0) & (cap - 1);
		while (set[h] && set[h] != f)
			h = (h + 1) & (cap - 1);
		if (!set[h]) {
			set[h] = f;
			r->files[n++] = f;
		}
	}
	free(set);
	r->nfiles = n;
}

/* --whole-functions: the pieces a row sums, under it, each with its self cost (whole.h). */
static void print_pieces(struct report *r, const struct fn *f)
{
	const struct whole *w = r->whole;
	size_t k;

	if (whole_npieces(w, f->id) < 2)
		return;
	for (k = w->first[f->id]; k < w->first[f->id + 1]; k++) {
		report_cc(r, w->piece[k]->self, r->width);
		fputs("   + ", r->out);
		print_name(r, w->piece[k]);
		print_obj(r, w->piece[k], 0);
		putc('\n', r->out);
	}
}

/* The program totals above the table, and the summary when asked for. */
static void print_totals(struct report *r)
{
	const struct profile *p = r->p;
	FILE *out = r->out;
	size_t *sw = xcalloc(p->ev.n + 1, sizeof(*sw));

	report_widths(r, (const struct cc *const *)&p->total, 1, sw);
	report_rule(r);
	report_events(r, sw);
	putc('\n', out);
	report_rule(r);
	report_cc(r, p->total, sw);
	fputs(" PROGRAM TOTALS", out);
	if (p->total_calculated)
		fputs(" (calculated)", out);
	fputs("\n\n", out);
	free(sw);
	if (r->o->summary)
		report_summary(r);
}

/*
 * The rows the table may show (the listed functions, and with --inclusive
 * the called ones and the cycles), in order; r->width fits all of them.
 */
static struct row *table_rows(struct report *r, size_t *n)
{
	const struct profile *p = r->p;
	const struct opts *o = r->o;
	struct row *rows = xcalloc(p->nfns + p->ncycles + 1, sizeof(*rows));
	const struct cc **ccs;
	size_t i, nrows = 0;

	for (i = 0; i < p->nfns; i++) {
		const struct fn *f = p->fns[i];
		if (!(f->listed || (o->inclusive && fn_in(p, f))))
			continue;
		rows[nrows].idx = (uint32_t)i;
		nrows++;
	}
	if (o->inclusive) {
		for (i = 0; i < p->ncycles; i++) {
			rows[nrows].idx = (uint32_t)i;
			rows[nrows].is_cycle = 1;
			nrows++;
		}
	}
	/* names are printed from the model, only for the rows shown */
	ccs = xmalloc((nrows + 1) * sizeof(*ccs));
	for (i = 0; i < nrows; i++) {
		ccs[i] = row_cc(r, &rows[i]);
		if (r->nsort && ccs[i] && cc_defined(p, ccs[i], r->sort[0])) {
			rows[i].kdef = 1;
			rows[i].key = cc_abs(p, ccs[i]->v[r->sort[0]]);
		}
	}
	report_widths(r, ccs, nrows, r->width);
	free(ccs);
	rows_sort(r, rows, nrows, rows_depth(nrows));
	*n = nrows;
	return rows;
}

/*
 * Has the threshold been reached for every sort event, curr[k] being the
 * cost of the rows printed so far (abstot: see report_table())?
 */
static int threshold_reached(const struct report *r, const double *curr, const double *abstot)
{
	const struct profile *p = r->p;
	int reached = 1;
	size_t k;

	for (k = 0; k < r->nsort; k++) {
		size_t e = r->sort[k];
		double prop = curr[k] * 100;
		if (p->signed_counts)
			prop = abstot[k] > 0 ? prop / abstot[k] : prop;
		else if (cc_defined(p, p->total, e) && p->total->v[e] > 0)
			prop = prop / (double)p->total->v[e];
		if (!(prop >= r->thr[k]))
			reached = 0;
	}
	return reached;
}

/* One row: its callers, its cost and name, a cycle's members, its pieces, its callees. */
static void print_row(struct report *r, const struct row *row, int tree)
{
	const struct profile *p = r->p;
	const struct opts *o = r->o;
	FILE *out = r->out;
	const struct fn *f = row_fn(r, row);
	const struct cycle *cy = row_cycle(r, row);
	size_t k;

	if (tree)
		putc('\n', out);
	if (f && o->tree_caller && !is_unknown(f))
		print_calls(r, f, 1);
	report_cc(r, row_cc(r, row), r->width);
	if (tree)
		fputs(" * ", out);
	putc(' ', out);
	if (f)
		print_name(r, f);
	else
		fprintf(out, "<cycle %u>", (unsigned)cy->num);
	if (f)
		print_obj(r, f, f->named && *f->obj);
	if (f && f->cycle && (o->inclusive || tree))
		fprintf(out, " <cycle %u>", (unsigned)f->cycle);
	putc('\n', out);
	if (cy && tree) {
		for (k = 0; k < cy->nmembers; k++) {
			const struct fn *m = cy->members[k];
			report_cc(r, fn_incl(p, m), r->width);
			fputs(" = ", out);
			print_name(r, m);
			print_obj(r, m, 0);
			putc('\n', out);
		}
	}
	if (f && r->whole && p == r->whole->merged)
		print_pieces(r, f);
	if (f && o->tree_calling && !is_unknown(f))
		print_calls(r, f, 0);
}

void report_table(struct report *r)
{
	const struct profile *p = r->p;
	const struct opts *o = r->o;
	FILE *out = r->out;
	int tree = o->tree_caller || o->tree_calling;
	size_t i, nrows, nshown = 0, capfiles = 0;
	struct row *rows;
	double *curr, *abstot;

	print_totals(r);
	rows = table_rows(r, &nrows);
	report_rule(r);
	report_events(r, r->width);
	fputs(" file:function\n", out);
	report_rule(r);

	curr = xcalloc(2 * r->nsort + 1, sizeof(*curr));
	abstot = curr + r->nsort;
	/*
	 * A signed profile (cg_diff's differences) has rows of either sign
	 * summing to its total: the cut is at the share of the sum of their
	 * sizes, so the largest changes come first whatever their sign.
	 */
	if (p->signed_counts)
		for (i = 0; i < nrows; i++) {
			const struct cc *cc = row_cc(r, &rows[i]);
			size_t k;
			for (k = 0; k < r->nsort; k++)
				if (cc_defined(p, cc, r->sort[k]))
					abstot[k] += (double)cc_abs(p, cc->v[r->sort[k]]);
		}
	r->nfiles = 0;
	r->nfns = 0;
	for (i = 0; i < nrows; i++) {
		const struct fn *f = row_fn(r, &rows[i]);
		const struct cc *cc = row_cc(r, &rows[i]);
		size_t k;

		if (r->filter && threshold_reached(r, curr, abstot))
			break;
		if (report_row_cut(r, cc, nshown++))
			break;
		print_row(r, &rows[i], tree);
		if (f) {
			if (r->nfiles == capfiles) {
				capfiles = capfiles ? 2 * capfiles : 256;
				r->files = xrealloc(r->files, capfiles * sizeof(*r->files));
				if (o->annotate_asm)
					r->fns = xrealloc(r->fns, capfiles * sizeof(*r->fns));
			}
			if (o->annotate_asm)
				r->fns[r->nfns++] = f;
			r->files[r->nfiles++] = f->k.file;
		}
		for (k = 0; k < r->nsort; k++) {
			size_t e = r->sort[k];
			if (!cc_defined(p, cc, e))
				continue;
			if (p->signed_counts)
				curr[k] += (double)cc_abs(p, cc->v[e]);
			else if (o->inclusive)
				curr[k] = (double)(cc_defined(p, p->total, e) ? p->total->v[e] : 0) -
					  (double)cc->v[e];
			else
				curr[k] += (double)cc->v[e];
		}
	}
	putc('\n', out);
	dedupe_files(r);
	free(curr);
	free(rows);
}
