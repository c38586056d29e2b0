/* report_tsv: the whole profile as tab-separated rows: totals, functions and calls. */
#include "report.h"

#include <stdlib.h>

/* A field: tab, newline, CR and backslash written as \t \n \r \\. */
static void tfield(FILE *out, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '\t':
			fputs("\\t", out);
			break;
		case '\n':
			fputs("\\n", out);
			break;
		case '\r':
			fputs("\\r", out);
			break;
		case '\\':
			fputs("\\\\", out);
			break;
		default:
			putc(*s, out);
		}
	}
}

/* One column per event; an event never given is an empty field. */
static void tcost(FILE *out, const struct profile *p, const struct cc *c)
{
	size_t i;
	for (i = 0; i < p->ev.n; i++) {
		putc('\t', out);
		if (c && cc_defined(p, c, i))
			fprintf(out, "%llu", (unsigned long long)c->v[i]);
	}
}

static void tnames(FILE *out, const struct fn *f)
{
	putc('\t', out);
	tfield(out, f->obj);
	putc('\t', out);
	tfield(out, f->k.file->name);
	putc('\t', out);
	tfield(out, f->k.name);
}

void report_tsv(struct report *r)
{
	const struct profile *p = r->p;
	FILE *out = r->out;
	const struct fn **fns;
	size_t i, n;

	fputs("# annogrind tsv 1\n", out);
	for (i = 0; i < p->ev.n; i++) {
		fputs("#event\t", out);
		tfield(out, p->ev.ev[i].name);
		putc('\t', out);
		tfield(out, p->ev.ev[i].longname);
		putc('\t', out);
		tfield(out, p->ev.ev[i].formula);
		putc('\n', out);
	}
	fputs("kind\tid\tto\tobject\tfile\tfunction\tcalls", out);
	for (i = 0; i < p->ev.n; i++) {
		fputs("\tself:", out);
		tfield(out, p->ev.ev[i].name);
	}
	for (i = 0; i < p->ev.n; i++) {
		fputs("\tincl:", out);
		tfield(out, p->ev.ev[i].name);
	}
	fputs("\ntotal\t\t\t\t\t\t", out);
	tcost(out, p, p->total);
	tcost(out, p, p->total);
	putc('\n', out);

	fns = report_sorted_fns(r, &n);
	for (i = 0; i < n; i++) {
		const struct fn *f = fns[i];
		const struct call *c;
		unsigned long long calls = 0;

		for (c = f->in; c; c = c->next_in)
			calls += c->count;
		fprintf(out, "fn\t%u\t", (unsigned)f->id);
		tnames(out, f);
		fprintf(out, "\t%llu", calls);
		tcost(out, p, f->self);
		tcost(out, p, f->incl);
		putc('\n', out);
		for (c = f->out; c; c = c->next_out) {
			fprintf(out, "call\t%u\t%u", (unsigned)f->id, (unsigned)c->k.callee->id);
			tnames(out, c->k.callee);
			fprintf(out, "\t%llu", (unsigned long long)c->count);
			tcost(out, p, NULL);
			tcost(out, p, c->cc);
			putc('\n', out);
		}
	}
	free(fns);
}
