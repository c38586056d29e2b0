/* report_json: the whole profile as JSON (schema version 1, see doc/annogrind-json.schema.json). */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "json.h"
#include "outbuf.h"
#include "whole.h"

#define JSON_SCHEMA_VERSION 2

static void jcalls(struct outbuf *out, const struct profile *p, const struct fn *f, int callers)
{
	const struct call *c;
	int first = 1;

	outbuf_putc(out, '[');
	for (c = callers ? fn_in(p, f) : fn_out(p, f); c; c = callers ? c->next_in : c->next_out) {
		const struct fn *other = callers ? c->k.caller : c->k.callee;
		outbuf_puts(out, first ? "\n      {\"id\":" : ",\n      {\"id\":");
		first = 0;
		outbuf_u64(out, other->id);
		outbuf_puts(out, ",\"count\":");
		outbuf_u64(out, c->count);
		outbuf_puts(out, ",\"inclusive\":");
		json_cost(out, p, c->cc);
		outbuf_puts(out, c->recursive ? ",\"recursive\":true}" : ",\"recursive\":false}");
	}
	outbuf_puts(out, first ? "]" : "\n    ]");
}

/* --summary: "summary": {"by": "object", "rows": [{"name": ..., "self": [...]}, ...]} */
static void json_summary(const struct report *r, struct outbuf *out)
{
	struct summary_row *rows;
	size_t n = report_summary_rows(r, &rows), i;

	outbuf_puts(out, ",\n  \"summary\": {\"by\": ");
	outbuf_puts(out, r->o->summary == OPTS_SUMMARY_FILE ? "\"file\""
			 : r->o->summary == OPTS_SUMMARY_FUNCTION ? "\"function\"" : "\"object\"");
	outbuf_puts(out, ", \"rows\": [");
	for (i = 0; i < n; i++) {
		outbuf_puts(out, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
		json_str(out, rows[i].name);
		outbuf_puts(out, ", \"self\": ");
		json_cost(out, r->p, rows[i].self);
		outbuf_putc(out, '}');
	}
	outbuf_puts(out, n ? "\n  ]}" : "]}");
	report_summary_free(rows, n);
}

/*
 * The function whole (whole.h): "inlined_into", the id of the function a
 * piece of inlined code belongs to (null: none), and "whole", null for
 * such a piece, else its pieces summed and their ids, itself first.
 */
static void json_whole(const struct report *r, struct outbuf *out, const struct fn *f)
{
	const struct whole *w = r->whole;
	const struct fn *m = w ? w->of[f->id] : NULL;
	size_t k;

	outbuf_puts(out, ",\n    \"inlined_into\": ");
	if (w && w->host[f->id])
		outbuf_u64(out, w->host[f->id]->id);
	else
		outbuf_puts(out, "null");
	outbuf_puts(out, ", \"whole\": ");
	if (!m || w->host[f->id]) {
		outbuf_puts(out, "null");
		return;
	}
	outbuf_puts(out, "{\"self\": ");
	json_cost(out, w->merged, m->self);
	outbuf_puts(out, ", \"inclusive\": ");
	json_cost(out, w->merged, fn_incl(w->merged, m));
	outbuf_puts(out, ", \"pieces\": [");
	for (k = w->first[m->id]; k < w->first[m->id + 1]; k++) {
		if (k > w->first[m->id])
			outbuf_putc(out, ',');
		outbuf_u64(out, w->piece[k]->id);
	}
	outbuf_puts(out, "]}");
}

/* The members before "functions": the profile, its events and totals, the order. */
static void json_head(const struct report *r, struct outbuf *out)
{
	const struct profile *p = r->p;
	size_t i;
	char num[64];

	snprintf(num, sizeof(num), "%d", JSON_SCHEMA_VERSION);
	outbuf_puts(out, "{\n  \"schema\": \"annogrind-report\",\n  \"version\": ");
	outbuf_puts(out, num);
	outbuf_puts(out, ",\n");
	outbuf_puts(out, "  \"profiles\": [");
	if (r->ninputs > 1) {
		for (i = 0; i < r->ninputs; i++) {
			if (i)
				outbuf_puts(out, ", ");
			json_str(out, r->inputs[i]);
		}
	} else {
		json_str(out, r->input_name);
	}
	outbuf_puts(out, "],\n  \"creator\": ");
	json_str(out, p->creator);
	outbuf_puts(out, ",\n  \"cmd\": ");
	json_str(out, p->cmd);
	outbuf_puts(out, ",\n  \"pid\": ");
	json_str(out, p->pid);
	outbuf_puts(out, ",\n  \"thread\": ");
	json_str(out, p->thread);
	outbuf_puts(out, ",\n  \"parts\": ");
	outbuf_u64(out, p->nparts);
	outbuf_puts(out, ",\n  \"events\": ");
	json_events(out, p);
	outbuf_puts(out, ",\n  \"totals\": ");
	json_cost(out, p, p->total);
	outbuf_puts(out, p->total_calculated ? ",\n  \"totals_calculated\": true,\n"
					     : ",\n  \"totals_calculated\": false,\n");
	outbuf_puts(out, r->o->inclusive ? "  \"order\": \"inclusive\",\n  \"sort\": ["
					 : "  \"order\": \"self\",\n  \"sort\": [");
	for (i = 0; i < r->nsort; i++) {
		if (i)
			outbuf_puts(out, ", ");
		json_str(out, p->ev.ev[r->sort[i]].name);
	}
	outbuf_putc(out, ']');
}

/* The cycles' members, each with its inclusive cost. */
static void json_cycles(const struct profile *p, struct outbuf *out)
{
	size_t i, k;

	outbuf_puts(out, "  \"cycles\": [");
	for (i = 0; i < p->ncycles; i++) {
		const struct cycle *cy = &p->cycles[i];
		outbuf_puts(out, i ? ",\n    {\"cycle\": " : "\n    {\"cycle\": ");
		outbuf_u64(out, cy->num);
		outbuf_puts(out, ", \"members\": [");
		for (k = 0; k < cy->nmembers; k++) {
			if (k)
				outbuf_putc(out, ',');
			outbuf_u64(out, cy->members[k]->id);
		}
		outbuf_puts(out, "], \"inclusive\": ");
		json_cost(out, p, cy->incl);
		outbuf_putc(out, '}');
	}
	outbuf_puts(out, p->ncycles ? "\n  ]" : "]");
}

void report_json(struct report *r)
{
	const struct profile *p = r->p;
	static struct outbuf ob;
	struct outbuf *out = &ob;
	const struct fn **fns;
	size_t i, n;

	outbuf_init(out, r->out);
	json_head(r, out);
	if (r->o->summary)
		json_summary(r, out);
	outbuf_puts(out, ",\n  \"functions\": [");
	fns = report_sorted_fns(r, &n);
	for (i = 0; i < n; i++) {
		const struct fn *f = fns[i];
		uint64_t calls = fn_ncalls(p, f);

		outbuf_puts(out, i ? ",\n   {\"id\": " : "\n   {\"id\": ");
		outbuf_u64(out, f->id);
		outbuf_puts(out, ", \"object\": ");
		json_name(out, f->obj);
		outbuf_puts(out, ", \"file\": ");
		json_name(out, f->k.file->name);
		outbuf_puts(out, ", \"name\": ");
		json_name(out, f->k.name);
		outbuf_puts(out, ",\n    \"self\": ");
		json_cost(out, p, f->self);
		outbuf_puts(out, ", \"inclusive\": ");
		json_cost(out, p, fn_incl(p, f));
		/* without calls kept the inclusive cost is the self cost: not exact */
		outbuf_puts(out, f->incl_exact && p->incl ? ", \"inclusive_exact\": true"
						       : ", \"inclusive_exact\": false");
		outbuf_puts(out, ",\n    \"calls\": ");
		outbuf_u64(out, calls);
		outbuf_puts(out, ", \"cycle\": ");
		outbuf_u64(out, f->cycle);
		json_whole(r, out, f);
		outbuf_puts(out, ",\n    \"callers\": ");
		jcalls(out, p, f, 1);
		outbuf_puts(out, ",\n    \"callees\": ");
		jcalls(out, p, f, 0);
		outbuf_putc(out, '}');
	}
	outbuf_puts(out, n ? "\n  ],\n" : "],\n");
	if (r->o->annotate_asm)
		report_asm_json(r, out, fns, n);
	free(fns);
	json_cycles(p, out);
	outbuf_puts(out, "\n}\n");
	outbuf_flush(out);
}
