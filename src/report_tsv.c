/* report_tsv: the whole profile as tab-separated rows: totals, functions and calls. */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "escape.h"
#include "namecut.h"
#include "outbuf.h"

static void tsv_chars(struct outbuf *out, const char *s, size_t len, int esc)
{
	size_t i, n;

	for (i = 0; i < len; i += n) {
		n = 1;
		switch (s[i]) {
		case '\t':
			outbuf_puts(out, "\\t");
			break;
		case '\n':
			outbuf_puts(out, "\\n");
			break;
		case '\r':
			outbuf_puts(out, "\\r");
			break;
		case '\\':
			outbuf_puts(out, "\\\\");
			break;
		default:
			/* other controls as \xHH when escaping (unambiguous: '\\' is doubled) */
			n = esc ? escape_unit(s + i, len - i) : 0;
			if (n) {
				escape_outbuf(out, s + i, n, 1);
			} else {
				outbuf_putc(out, s[i]);
				n = 1;
			}
		}
	}
}

void report_tsv_field(struct outbuf *out, const char *s, int esc)
{
	tsv_chars(out, s, s ? strlen(s) : 0, esc);
}

void report_tsv_name(struct outbuf *out, const char *s, int esc)
{
	size_t len, n;

	if (!s)
		return;
	n = namecut(s, &len);
	tsv_chars(out, s, n, esc);
	if (n < len) {
		char m[NAMECUT_MARKER_MAX];
		namecut_marker(m, len);
		outbuf_puts(out, m);
	}
}

/* One column per event; an event never given is an empty field. */
static void tcost(struct outbuf *out, const struct profile *p, const struct cc *c)
{
	size_t i;
	for (i = 0; i < p->ev.n; i++) {
		outbuf_putc(out, '\t');
		if (c && cc_defined(p, c, i) && p->signed_counts && (int64_t)c->v[i] < 0) {
			outbuf_putc(out, '-');	/* Cachegrind's signed counts */
			outbuf_u64(out, 0 - c->v[i]);
		} else if (c && cc_defined(p, c, i)) {
			outbuf_u64(out, c->v[i]);
		}
	}
}

static void tnames(struct outbuf *out, const struct fn *f, int esc)
{
	outbuf_putc(out, '\t');
	report_tsv_name(out, f->obj, esc);
	outbuf_putc(out, '\t');
	report_tsv_name(out, f->k.file->name, esc);
	outbuf_putc(out, '\t');
	report_tsv_name(out, f->k.name, esc);
}

void report_tsv_events(struct outbuf *out, const struct profile *p, int esc)
{
	size_t i;

	for (i = 0; i < p->ev.n; i++) {
		outbuf_puts(out, "#event\t");
		report_tsv_field(out, p->ev.ev[i].name, esc);
		outbuf_putc(out, '\t');
		report_tsv_field(out, p->ev.ev[i].longname, esc);
		outbuf_putc(out, '\t');
		report_tsv_field(out, p->ev.ev[i].formula, esc);
		outbuf_putc(out, '\n');
	}
}

void report_tsv(struct report *r)
{
	const struct profile *p = r->p;
	static struct outbuf ob;
	struct outbuf *out = &ob;
	const struct fn **fns;
	size_t i, n;
	int esc = r->esc;

	outbuf_init(out, r->out);
	outbuf_puts(out, "# annogrind tsv 1\n");
	report_tsv_events(out, p, esc);
	outbuf_puts(out, "kind\tid\tto\tobject\tfile\tfunction\tcalls");
	for (i = 0; i < p->ev.n; i++) {
		outbuf_puts(out, "\tself:");
		report_tsv_field(out, p->ev.ev[i].name, esc);
	}
	for (i = 0; i < p->ev.n; i++) {
		outbuf_puts(out, "\tincl:");
		report_tsv_field(out, p->ev.ev[i].name, esc);
	}
	outbuf_puts(out, "\ntotal\t\t\t\t\t\t");
	tcost(out, p, p->total);
	tcost(out, p, p->total);
	outbuf_putc(out, '\n');

	if (r->o->summary) {
		/* "object", "file" or "function" rows: the name in its column, self costs only */
		struct summary_row *rows;
		size_t nrows = report_summary_rows(r, &rows), k;
		int file = r->o->summary == OPTS_SUMMARY_FILE;
		int func = r->o->summary == OPTS_SUMMARY_FUNCTION;
		for (k = 0; k < nrows; k++) {
			outbuf_puts(out, func ? "function\t\t\t\t\t" : file ? "file\t\t\t\t" : "object\t\t\t");
			report_tsv_field(out, rows[k].name, esc);
			outbuf_puts(out, func ? "\t" : file ? "\t\t" : "\t\t\t");
			tcost(out, p, rows[k].self);
			tcost(out, p, NULL);
			outbuf_putc(out, '\n');
		}
		report_summary_free(rows, nrows);
	}
	fns = report_sorted_fns(r, &n);
	for (i = 0; i < n; i++) {
		const struct fn *f = fns[i];
		const struct call *c;
		uint64_t calls = fn_ncalls(p, f);

		outbuf_puts(out, "fn\t");
		outbuf_u64(out, f->id);
		outbuf_putc(out, '\t');	/* no "to" */
		tnames(out, f, esc);
		outbuf_putc(out, '\t');
		outbuf_u64(out, calls);
		tcost(out, p, f->self);
		tcost(out, p, fn_incl(p, f));
		outbuf_putc(out, '\n');
		for (c = fn_out(p, f); c; c = c->next_out) {
			outbuf_puts(out, "call\t");
			outbuf_u64(out, f->id);
			outbuf_putc(out, '\t');
			outbuf_u64(out, c->k.callee->id);
			tnames(out, c->k.callee, esc);
			outbuf_putc(out, '\t');
			outbuf_u64(out, c->count);
			tcost(out, p, NULL);
			tcost(out, p, c->cc);
			outbuf_putc(out, '\n');
		}
	}
	free(fns);
	outbuf_flush(out);
}
