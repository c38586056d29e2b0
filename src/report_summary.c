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
	return r->o->summary == OPTS_SUMMARY_FILE ? f->k.file->name : f->obj;
}

static const struct report *sum_r;

static int row_cmp(const void *x, const void *y)
{
	const struct summary_row *a = x, *b = y;
	int c = report_cost_cmp(sum_r, a->self, b->self);
	return c ? c : strcmp(a->name, b->name);
}

static int name_cmp(const void *x, const void *y)
{
	const struct summary_row *a = x, *b = y;
	return strcmp(a->name, b->name);
}

size_t report_summary_rows(const struct report *r, struct summary_row **rows)
{
	const struct profile *p = r->p;
	struct summary_row *v = xcalloc(p->nfns + 1, sizeof(*v));
	size_t i, n = 0, k;

	/* names are interned: equal names are equal pointers; sort them to group */
	for (i = 0; i < p->nfns; i++) {
		v[n].name = key_of(r, p->fns[i]);
		v[n].self = p->fns[i]->self;
		n++;
	}
	sort_array(v, n, sizeof(*v), name_cmp);
	for (i = 0, k = 0; i < n; k++) {
		size_t j = i;
		struct cc *sum = xcalloc(1, profile_cc_size(p));
		for (; j < n && v[j].name == v[i].name; j++) {
			size_t e;
			for (e = 0; e < p->ev.n; e++)	/* saturating: a hand-made file may overflow */
				sum->v[e] = sum->v[e] + v[j].self->v[e] < sum->v[e]
						    ? UINT64_MAX
						    : sum->v[e] + v[j].self->v[e];
			if (v[j].self->ndef > sum->ndef)
				sum->ndef = v[j].self->ndef;
		}
		v[k].name = v[i].name;
		v[k].self = sum;
		i = j;
	}
	sum_r = r;
	sort_array(v, k, sizeof(*v), row_cmp);
	*rows = v;
	return k;
}

void report_summary_free(struct summary_row *rows, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		free((void *)rows[i].self);
	free(rows);
}

static const char *label(const struct report *r)
{
	return r->o->summary == OPTS_SUMMARY_FILE ? "file" : "object";
}

void report_summary(struct report *r)
{
	struct summary_row *rows;
	size_t n = report_summary_rows(r, &rows), i, *w;
	const struct cc **ccs = xmalloc((n + 1) * sizeof(*ccs));

	for (i = 0; i < n; i++)
		ccs[i] = rows[i].self;
	w = xcalloc(r->p->ev.n + 1, sizeof(*w));
	report_widths(r, ccs, n, w);
	report_rule(r);
	report_events(r, w);
	fprintf(r->out, " %s\n", label(r));
	report_rule(r);
	for (i = 0; i < n; i++) {
		report_cc(r, rows[i].self, w);
		putc(' ', r->out);
		report_str(r, *rows[i].name ? rows[i].name : "(none)");
		putc('\n', r->out);
	}
	putc('\n', r->out);
	free(w);
	free(ccs);
	report_summary_free(rows, n);
}
