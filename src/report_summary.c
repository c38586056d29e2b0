/* report_summary: self costs summed by object or by source file (--summary), as a table, JSON or TSV. */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "outbuf.h"
#include "sort.h"

/*
 * A function counts in the object of its last fn= line (fn.obj) and in
 * its file (fn.k.file: the fl=, fi= or fe= file its cost lines were
 * under), so the rows of either kind add up to the sum of the self costs.
 */
static const char *key_of(const struct report *r, const struct fn *f)
{
	if (r->o->summary == OPTS_SUMMARY_FUNCTION)
		return f->k.name;	/* one name in several files: inlined code, statics */
	return r->o->summary == OPTS_SUMMARY_FILE ? f->k.file->name : f->obj;
}

static int row_cmp(const void *x, const void *y, void *r)
{
	const struct summary_row *a = x, *b = y;
	int c = report_cost_cmp(r, a->self, b->self);
	return c ? c : strcmp(a->name, b->name);
}

static int name_cmp(const void *x, const void *y)
{
	const struct summary_row *a = x, *b = y;
	int c = strcmp(a->name, b->name);

	if (c || a->kobj == b->kobj)
		return c;
	return strcmp(a->kobj ? a->kobj : "", b->kobj ? b->kobj : "");
}

/* The row of an address of --summary=function: "NAME [OBJECT]", its object's file name. */
static void addr_row(struct summary_row *row)
{
	row->own = fn_short_name(row->fn, strlen(row->fn), row->kobj);
	row->name = row->own;
}

size_t report_summary_rows(const struct report *r, struct summary_row **rows)
{
	const struct profile *p = r->p;
	struct summary_row *v = xcalloc(p->nfns + 1, sizeof(*v));
	size_t i, n = 0, k;

	/* names are interned: equal names are equal pointers; sort them to group */
	for (i = 0; i < p->nfns; i++) {
		const struct fn *f = p->fns[i];
		v[n].name = key_of(r, f);
		v[n].self = f->self;
		if (r->o->summary == OPTS_SUMMARY_FUNCTION) {
			v[n].fn = f->k.name;
			v[n].kobj = fn_obj_base(f->k.name, f->obj) ? f->obj : NULL;
		}
		n++;
	}
	sort_array(v, n, sizeof(*v), name_cmp);
	for (i = 0, k = 0; i < n; k++) {
		size_t j = i;
		struct cc *sum = xcalloc(1, profile_cc_size(p));
		for (; j < n && v[j].name == v[i].name && v[j].kobj == v[i].kobj; j++) {
			size_t e;
			for (e = 0; e < p->ev.n; e++)	/* saturating: a hand-made file may overflow */
				sum->v[e] = p->signed_counts ? sum->v[e] + v[j].self->v[e]	/* checked when loaded */
					    : sum->v[e] + v[j].self->v[e] < sum->v[e]
						    ? UINT64_MAX
						    : sum->v[e] + v[j].self->v[e];
			if (v[j].self->ndef > sum->ndef)
				sum->ndef = v[j].self->ndef;
		}
		v[k] = v[i];
		v[k].self = sum;
		if (v[k].kobj)
			addr_row(&v[k]);
		i = j;
	}
	sort_array_r(v, k, sizeof(*v), row_cmp, (void *)r);
	*rows = v;
	return k;
}

void report_summary_free(struct summary_row *rows, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++) {
		free((void *)rows[i].self);
		free(rows[i].own);
	}
	free(rows);
}

static const char *label(const struct report *r)
{
	if (r->o->summary == OPTS_SUMMARY_FUNCTION)
		return "function: file";
	return r->o->summary == OPTS_SUMMARY_FILE ? "file" : "object";
}

/* The functions by name, then by cost as the table orders them, for the files of each name. */
static int fn_name_cmp(const void *x, const void *y, void *r)
{
	const struct fn *a = *(const struct fn *const *)x, *b = *(const struct fn *const *)y;
	int c = strcmp(a->k.name, b->k.name);
	if (c)
		return c;
	c = report_cost_cmp(r, a->self, b->self);
	return c ? c : strcmp(a->k.file->name, b->k.file->name);
}

/*
 * --summary=function: under a name that spans several files, its cost in
 * each ("  FILE"), largest first; a name of one file is one row,
 * "name: FILE".  byname holds the functions sorted by fn_name_cmp, *at
 * the first one not yet printed: rows come in cost order, so each name's
 * range is looked up.
 */
/* Is f one of the row's functions (an address: of its object)? */
static int of_row(const struct fn *f, const struct summary_row *row)
{
	return !row->kobj || f->obj == row->kobj;
}

static void function_files(struct report *r, const struct summary_row *row,
			   const struct fn **byname, size_t nfn, const size_t *w)
{
	size_t lo = 0, hi = nfn, i, j, n = 0, one = 0;

	while (lo < hi) {	/* the first of that name */
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(byname[mid]->k.name, row->fn) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (j = lo; j < nfn && !strcmp(byname[j]->k.name, row->fn); j++)
		if (of_row(byname[j], row) && !n++)
			one = j;
	if (n == 1) {
		fputs(": ", r->out);
		report_str(r, byname[one]->k.file->name);
		putc('\n', r->out);
		return;
	}
	fputs(":\n", r->out);
	for (i = lo; i < j; i++) {
		if (!of_row(byname[i], row))
			continue;
		report_cc(r, byname[i]->self, w);
		fputs("   ", r->out);
		report_str(r, byname[i]->k.file->name);
		putc('\n', r->out);
	}
}

void report_summary(struct report *r)
{
	const struct profile *p = r->p;
	struct summary_row *rows;
	size_t n = report_summary_rows(r, &rows), i, *w, nfn = 0;
	const struct cc **ccs = xmalloc((n + p->nfns + 1) * sizeof(*ccs));
	const struct fn **byname = NULL;
	int byfn = r->o->summary == OPTS_SUMMARY_FUNCTION;

	for (i = 0; i < n; i++)
		ccs[i] = rows[i].self;
	if (byfn) {
		/* the rows of the files under each name are as wide as the names' */
		byname = xmalloc((p->nfns + 1) * sizeof(*byname));
		for (i = 0; i < p->nfns; i++)
			if (p->fns[i]->listed) {
				byname[nfn] = p->fns[i];
				ccs[n + nfn++] = p->fns[i]->self;
			}
		sort_array_r(byname, nfn, sizeof(*byname), fn_name_cmp, r);
	}
	w = xcalloc(p->ev.n + 1, sizeof(*w));
	report_widths(r, ccs, n + nfn, w);
	report_rule(r);
	report_events(r, w);
	fprintf(r->out, " %s\n", label(r));
	report_rule(r);
	for (i = 0; i < n; i++) {
		report_cc(r, rows[i].self, w);
		putc(' ', r->out);
		report_str(r, *rows[i].name ? rows[i].name : "(none)");
		if (byfn)
			function_files(r, &rows[i], byname, nfn, w);
		else
			putc('\n', r->out);
	}
	putc('\n', r->out);
	free(byname);
	free(w);
	free(ccs);
	report_summary_free(rows, n);
}
