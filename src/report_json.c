/* report_json: the whole profile as JSON (schema version 1, see doc/annogrind-json.schema.json). */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "escape.h"
#include "graph.h"
#include "namecut.h"
#include "outbuf.h"
#include "sort.h"
#include "whole.h"

#define JSON_SCHEMA_VERSION 2

static const struct report *sort_r;

static int cost_cmp(const struct cc *a, const struct cc *b)
{
	return report_cost_cmp(sort_r, a, b);
}

static int fn_cmp(const void *x, const void *y)
{
	const struct fn *a = *(const struct fn *const *)x, *b = *(const struct fn *const *)y;
	int inclusive = sort_r->o->inclusive, c;

	c = cost_cmp(inclusive ? fn_incl(sort_r->p, a) : a->self,
		     inclusive ? fn_incl(sort_r->p, b) : b->self);
	return c ? c : graph_fn_cmp(a, b);	/* ties as in the text table */
}

const struct fn **report_sorted_fns(const struct report *r, size_t *n)
{
	const struct profile *p = r->p;
	const struct fn **v = xmalloc((p->nfns + 1) * sizeof(*v));
	size_t i, k;

	for (i = 0; i < p->nfns; i++)
		v[i] = p->fns[i];
	sort_r = r;
	sort_array(v, p->nfns, sizeof(*v), fn_cmp);
	for (k = 0; k < p->nfns; k++)
		if (report_row_cut(r, r->o->inclusive ? fn_incl(r->p, v[k]) : v[k]->self, k))
			break;
	*n = k;
	return v;
}

/* "\uXXXX" for a code point of the BMP. */
static void jesc(struct outbuf *out, unsigned c)
{
	static const char hex[] = "0123456789abcdef";
	char e[6] = { '\\', 'u', hex[(c >> 12) & 15], hex[(c >> 8) & 15], hex[(c >> 4) & 15],
		      hex[c & 15] };
	outbuf_write(out, e, 6);
}

/*
 * Besides what JSON requires, every character escape.h escapes on a
 * terminal (DEL, C1 controls, bidi controls) is written as \uXXXX, so the
 * output is safe on a terminal and decodes to the same string.
 */
static void json_chars(struct outbuf *out, const unsigned char *u, const unsigned char *end)
{
	while (u < end) {
		size_t n = report_utf8_len(u);
		if (n > (size_t)(end - u))
			n = 0;	/* a sequence the cut ended: its bytes as Latin-1 */
		if (*u == '"' || *u == '\\') {
			outbuf_putc(out, '\\');
			outbuf_putc(out, (char)*u);
			n = 1;
		} else if (*u < 0x20 || !n) {
			jesc(out, *u);
			n = 1;
		} else if (escape_unit((const char *)u, n) == n && n > 1) {
			/* a C1 or bidi control: 2 or 3 bytes, decoded */
			jesc(out, n == 2 ? (unsigned)(u[0] & 0x1f) << 6 | (u[1] & 0x3f)
					 : (unsigned)(u[0] & 0x0f) << 12 | (unsigned)(u[1] & 0x3f) << 6 |
						   (u[2] & 0x3f));
		} else if (*u == 0x7f) {
			jesc(out, *u);
		} else {
			outbuf_write(out, (const char *)u, n);
		}
		u += n;
	}
}

void report_json_str(struct outbuf *out, const char *s)
{
	if (!s) {
		outbuf_puts(out, "null");
		return;
	}
	outbuf_putc(out, '"');
	json_chars(out, (const unsigned char *)s, (const unsigned char *)s + strlen(s));
	outbuf_putc(out, '"');
}

void report_json_name(struct outbuf *out, const char *s)
{
	size_t len, n;

	if (!s) {
		outbuf_puts(out, "null");
		return;
	}
	n = namecut(s, &len);
	outbuf_putc(out, '"');
	json_chars(out, (const unsigned char *)s, (const unsigned char *)s + n);
	if (n < len) {
		char m[NAMECUT_MARKER_MAX];
		namecut_marker(m, len);
		outbuf_puts(out, m);
	}
	outbuf_putc(out, '"');
}

void report_json_events(struct outbuf *out, const struct profile *p)
{
	size_t i;

	outbuf_putc(out, '[');
	for (i = 0; i < p->ev.n; i++) {
		const struct event *e = &p->ev.ev[i];
		outbuf_puts(out, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
		report_json_str(out, e->name);
		outbuf_puts(out, ", \"long_name\": ");
		report_json_str(out, e->longname);
		outbuf_puts(out, ", \"formula\": ");
		report_json_str(out, e->formula);
		outbuf_putc(out, '}');
	}
	outbuf_puts(out, "\n  ]");
}

static void ju64(struct outbuf *out, uint64_t v)
{
	outbuf_u64(out, v);
}

static void jcost(struct outbuf *out, const struct profile *p, const struct cc *c)
{
	size_t i;

	outbuf_putc(out, '[');
	for (i = 0; i < p->ev.n; i++) {
		if (i)
			outbuf_putc(out, ',');
		if (c && cc_defined(p, c, i) && p->signed_counts && (int64_t)c->v[i] < 0) {
			outbuf_putc(out, '-');	/* Cachegrind's signed counts */
			ju64(out, 0 - c->v[i]);
		} else if (c && cc_defined(p, c, i)) {
			ju64(out, c->v[i]);
		} else {
			outbuf_puts(out, "null");
		}
	}
	outbuf_putc(out, ']');
}

static void jcalls(struct outbuf *out, const struct profile *p, const struct fn *f, int callers)
{
	const struct call *c;
	int first = 1;

	outbuf_putc(out, '[');
	for (c = callers ? fn_in(p, f) : fn_out(p, f); c; c = callers ? c->next_in : c->next_out) {
		const struct fn *other = callers ? c->k.caller : c->k.callee;
		outbuf_puts(out, first ? "\n      {\"id\":" : ",\n      {\"id\":");
		first = 0;
		ju64(out, other->id);
		outbuf_puts(out, ",\"count\":");
		ju64(out, c->count);
		outbuf_puts(out, ",\"inclusive\":");
		jcost(out, p, c->cc);
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
		report_json_str(out, rows[i].name);
		outbuf_puts(out, ", \"self\": ");
		jcost(out, r->p, rows[i].self);
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
		ju64(out, w->host[f->id]->id);
	else
		outbuf_puts(out, "null");
	outbuf_puts(out, ", \"whole\": ");
	if (!m || w->host[f->id]) {
		outbuf_puts(out, "null");
		return;
	}
	outbuf_puts(out, "{\"self\": ");
	jcost(out, w->merged, m->self);
	outbuf_puts(out, ", \"inclusive\": ");
	jcost(out, w->merged, fn_incl(w->merged, m));
	outbuf_puts(out, ", \"pieces\": [");
	for (k = w->first[m->id]; k < w->first[m->id + 1]; k++) {
		if (k > w->first[m->id])
			outbuf_putc(out, ',');
		ju64(out, w->piece[k]->id);
	}
	outbuf_puts(out, "]}");
}

void report_json(struct report *r)
{
	const struct profile *p = r->p;
	static struct outbuf ob;
	struct outbuf *out = &ob;
	const struct fn **fns;
	size_t i, n, k;
	char num[64];

	outbuf_init(out, r->out);
	snprintf(num, sizeof(num), "%d", JSON_SCHEMA_VERSION);
	outbuf_puts(out, "{\n  \"schema\": \"annogrind-report\",\n  \"version\": ");
	outbuf_puts(out, num);
	outbuf_puts(out, ",\n");
	outbuf_puts(out, "  \"profiles\": [");
	if (r->ninputs > 1) {
		for (i = 0; i < r->ninputs; i++) {
			if (i)
				outbuf_puts(out, ", ");
			report_json_str(out, r->inputs[i]);
		}
	} else {
		report_json_str(out, r->input_name);
	}
	outbuf_puts(out, "],\n  \"creator\": ");
	report_json_str(out, p->creator);
	outbuf_puts(out, ",\n  \"cmd\": ");
	report_json_str(out, p->cmd);
	outbuf_puts(out, ",\n  \"pid\": ");
	report_json_str(out, p->pid);
	outbuf_puts(out, ",\n  \"thread\": ");
	report_json_str(out, p->thread);
	outbuf_puts(out, ",\n  \"parts\": ");
	ju64(out, p->nparts);
	outbuf_puts(out, ",\n  \"events\": ");
	report_json_events(out, p);
	outbuf_puts(out, ",\n  \"totals\": ");
	jcost(out, p, p->total);
	outbuf_puts(out, p->total_calculated ? ",\n  \"totals_calculated\": true,\n"
					     : ",\n  \"totals_calculated\": false,\n");
	outbuf_puts(out, r->o->inclusive ? "  \"order\": \"inclusive\",\n  \"sort\": ["
					 : "  \"order\": \"self\",\n  \"sort\": [");
	for (i = 0; i < r->nsort; i++) {
		if (i)
			outbuf_puts(out, ", ");
		report_json_str(out, p->ev.ev[r->sort[i]].name);
	}
	outbuf_putc(out, ']');
	if (r->o->summary)
		json_summary(r, out);
	outbuf_puts(out, ",\n  \"functions\": [");
	fns = report_sorted_fns(r, &n);
	for (i = 0; i < n; i++) {
		const struct fn *f = fns[i];
		uint64_t calls = fn_ncalls(p, f);

		outbuf_puts(out, i ? ",\n   {\"id\": " : "\n   {\"id\": ");
		ju64(out, f->id);
		outbuf_puts(out, ", \"object\": ");
		report_json_name(out, f->obj);
		outbuf_puts(out, ", \"file\": ");
		report_json_name(out, f->k.file->name);
		outbuf_puts(out, ", \"name\": ");
		report_json_name(out, f->k.name);
		outbuf_puts(out, ",\n    \"self\": ");
		jcost(out, p, f->self);
		outbuf_puts(out, ", \"inclusive\": ");
		jcost(out, p, fn_incl(p, f));
		/* without calls kept the inclusive cost is the self cost: not exact */
		outbuf_puts(out, f->incl_exact && p->incl ? ", \"inclusive_exact\": true"
						       : ", \"inclusive_exact\": false");
		outbuf_puts(out, ",\n    \"calls\": ");
		ju64(out, calls);
		outbuf_puts(out, ", \"cycle\": ");
		ju64(out, f->cycle);
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
	outbuf_puts(out, "  \"cycles\": [");
	for (i = 0; i < p->ncycles; i++) {
		const struct cycle *cy = &p->cycles[i];
		outbuf_puts(out, i ? ",\n    {\"cycle\": " : "\n    {\"cycle\": ");
		ju64(out, cy->num);
		outbuf_puts(out, ", \"members\": [");
		for (k = 0; k < cy->nmembers; k++) {
			if (k)
				outbuf_putc(out, ',');
			ju64(out, cy->members[k]->id);
		}
		outbuf_puts(out, "], \"inclusive\": ");
		jcost(out, p, cy->incl);
		outbuf_putc(out, '}');
	}
	outbuf_puts(out, p->ncycles ? "\n  ]\n}\n" : "]\n}\n");
	outbuf_flush(out);
}
