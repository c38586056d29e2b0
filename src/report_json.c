/* report_json: the whole profile as JSON (schema version 1, see doc/annogrind-json.schema.json). */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"

#define JSON_SCHEMA_VERSION 1

static const struct report *sort_r;

static int cost_cmp(const struct cc *a, const struct cc *b)
{
	const struct report *r = sort_r;
	size_t k;

	for (k = 0; k < r->nsort; k++) {
		size_t i = r->sort[k];
		int da = a && cc_defined(r->p, a, i), db = b && cc_defined(r->p, b, i);
		if (da != db)
			return da ? -1 : 1;
		if (da && a->v[i] != b->v[i])
			return a->v[i] > b->v[i] ? -1 : 1;
	}
	return 0;
}

static int fn_cmp(const void *x, const void *y)
{
	const struct fn *a = *(const struct fn *const *)x, *b = *(const struct fn *const *)y;
	int inclusive = sort_r->o->inclusive, c;

	c = cost_cmp(inclusive ? a->incl : a->self, inclusive ? b->incl : b->self);
	if (c)
		return c;
	c = strcmp(a->k.file->name, b->k.file->name);
	if (c)
		return c;
	c = strcmp(a->k.name, b->k.name);
	if (c)
		return c;
	return a->id < b->id ? -1 : a->id > b->id;
}

const struct fn **report_sorted_fns(const struct report *r, size_t *n)
{
	const struct profile *p = r->p;
	const struct fn **v = xmalloc((p->nfns + 1) * sizeof(*v));
	size_t i, k;

	for (i = 0; i < p->nfns; i++)
		v[i] = p->fns[i];
	sort_r = r;
	qsort(v, p->nfns, sizeof(*v), fn_cmp);
	for (k = 0; k < p->nfns; k++)
		if (report_row_cut(r, r->o->inclusive ? v[k]->incl : v[k]->self, k))
			break;
	*n = k;
	return v;
}

/* A JSON string; bytes that are not valid UTF-8 are taken as Latin-1. */
static void jstr(FILE *out, const char *s)
{
	const unsigned char *u = (const unsigned char *)s;

	if (!s) {
		fputs("null", out);
		return;
	}
	putc('"', out);
	while (*u) {
		unsigned char c = *u;
		size_t need = 0, i;
		if (c == '"' || c == '\\') {
			putc('\\', out);
			putc(c, out);
			u++;
			continue;
		}
		if (c < 0x20) {
			fprintf(out, "\\u%04x", c);
			u++;
			continue;
		}
		if (c < 0x80) {
			putc(c, out);
			u++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			need = 1;
		else if (c >= 0xe0 && c <= 0xef)
			need = 2;
		else if (c >= 0xf0 && c <= 0xf4)
			need = 3;
		for (i = 1; need && i <= need; i++)
			if ((u[i] & 0xc0) != 0x80)
				need = 0;
		/* overlong 3- and 4-byte forms, surrogates, beyond U+10FFFF */
		if ((c == 0xe0 && need && u[1] < 0xa0) || (c == 0xed && need && u[1] > 0x9f) ||
		    (c == 0xf0 && need && u[1] < 0x90) || (c == 0xf4 && need && u[1] > 0x8f))
			need = 0;
		if (!need) {
			fprintf(out, "\\u%04x", c);
			u++;
			continue;
		}
		fwrite(u, 1, need + 1, out);
		u += need + 1;
	}
	putc('"', out);
}

static void ju64(FILE *out, uint64_t v)
{
	char buf[24], *e = buf + sizeof(buf), *s = e;
	do {
		*--s = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	fwrite(s, 1, (size_t)(e - s), out);
}

static void jcost(FILE *out, const struct profile *p, const struct cc *c)
{
	size_t i;

	putc('[', out);
	for (i = 0; i < p->ev.n; i++) {
		if (i)
			putc(',', out);
		if (c && cc_defined(p, c, i))
			ju64(out, c->v[i]);
		else
			fputs("null", out);
	}
	putc(']', out);
}

static void jcalls(FILE *out, const struct profile *p, const struct fn *f, int callers)
{
	const struct call *c;
	int first = 1;

	putc('[', out);
	for (c = callers ? f->in : f->out; c; c = callers ? c->next_in : c->next_out) {
		const struct fn *other = callers ? c->k.caller : c->k.callee;
		fputs(first ? "\n      {\"id\":" : ",\n      {\"id\":", out);
		first = 0;
		ju64(out, other->id);
		fputs(",\"count\":", out);
		ju64(out, c->count);
		fputs(",\"inclusive\":", out);
		jcost(out, p, c->cc);
		fprintf(out, ",\"recursive\":%s}", c->recursive ? "true" : "false");
	}
	fputs(first ? "]" : "\n    ]", out);
}

void report_json(struct report *r)
{
	const struct profile *p = r->p;
	FILE *out = r->out;
	const struct fn **fns;
	size_t i, n, k;

	fprintf(out, "{\n  \"schema\": \"annogrind-report\",\n  \"version\": %d,\n",
		JSON_SCHEMA_VERSION);
	fputs("  \"profiles\": [", out);
	if (r->ninputs > 1) {
		for (i = 0; i < r->ninputs; i++) {
			if (i)
				fputs(", ", out);
			jstr(out, r->inputs[i]);
		}
	} else {
		jstr(out, r->input_name);
	}
	fputs("],\n  \"creator\": ", out);
	jstr(out, p->creator);
	fputs(",\n  \"cmd\": ", out);
	jstr(out, p->cmd);
	fputs(",\n  \"pid\": ", out);
	jstr(out, p->pid);
	fputs(",\n  \"thread\": ", out);
	jstr(out, p->thread);
	fputs(",\n  \"parts\": ", out);
	ju64(out, p->nparts);
	fputs(",\n  \"events\": [", out);
	for (i = 0; i < p->ev.n; i++) {
		const struct event *e = &p->ev.ev[i];
		fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", out);
		jstr(out, e->name);
		fputs(", \"long_name\": ", out);
		jstr(out, e->longname);
		fputs(", \"formula\": ", out);
		jstr(out, e->formula);
		putc('}', out);
	}
	fputs("\n  ],\n  \"totals\": ", out);
	jcost(out, p, p->total);
	fprintf(out, ",\n  \"totals_calculated\": %s,\n",
		p->total_calculated ? "true" : "false");
	fprintf(out, "  \"order\": \"%s\",\n  \"sort\": [", r->o->inclusive ? "inclusive" : "self");
	for (i = 0; i < r->nsort; i++) {
		if (i)
			fputs(", ", out);
		jstr(out, p->ev.ev[r->sort[i]].name);
	}
	fputs("],\n  \"functions\": [", out);
	fns = report_sorted_fns(r, &n);
	for (i = 0; i < n; i++) {
		const struct fn *f = fns[i];
		const struct call *c;
		uint64_t calls = 0;

		for (c = f->in; c; c = c->next_in)
			calls += c->count;
		fputs(i ? ",\n   {\"id\": " : "\n   {\"id\": ", out);
		ju64(out, f->id);
		fputs(", \"object\": ", out);
		jstr(out, f->obj);
		fputs(", \"file\": ", out);
		jstr(out, f->k.file->name);
		fputs(", \"name\": ", out);
		jstr(out, f->k.name);
		fputs(",\n    \"self\": ", out);
		jcost(out, p, f->self);
		fputs(", \"inclusive\": ", out);
		jcost(out, p, f->incl);
		fputs(",\n    \"calls\": ", out);
		ju64(out, calls);
		fputs(", \"cycle\": ", out);
		ju64(out, f->cycle);
		fputs(",\n    \"callers\": ", out);
		jcalls(out, p, f, 1);
		fputs(",\n    \"callees\": ", out);
		jcalls(out, p, f, 0);
		putc('}', out);
	}
	free(fns);
	fputs(n ? "\n  ],\n  \"cycles\": [" : "],\n  \"cycles\": [", out);
	for (i = 0; i < p->ncycles; i++) {
		const struct cycle *cy = &p->cycles[i];
		fputs(i ? ",\n    {\"cycle\": " : "\n    {\"cycle\": ", out);
		ju64(out, cy->num);
		fputs(", \"members\": [", out);
		for (k = 0; k < cy->nmembers; k++) {
			if (k)
				putc(',', out);
			ju64(out, cy->members[k]->id);
		}
		fputs("], \"inclusive\": ", out);
		jcost(out, p, cy->incl);
		putc('}', out);
	}
	fputs(p->ncycles ? "\n  ]\n}\n" : "]\n}\n", out);
}
