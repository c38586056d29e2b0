/* report_diff_json: a diff for programs, as JSON: both profiles, every function's change, the sources and machine code compared. */
#include "report_diff_json.h"

#include <stdlib.h>

#include "json.h"
#include "outbuf.h"
#include "report_diff.h"
#include "report_diff_asm.h"
#include "report_diff_src.h"
#include "whole.h"

static void jside(struct outbuf *out, const struct profile *p, const char *name)
{
	outbuf_puts(out, "{\"profile\": ");
	json_str(out, name);
	outbuf_puts(out, ", \"creator\": ");
	json_str(out, p->creator);
	outbuf_puts(out, ", \"cmd\": ");
	json_str(out, p->cmd);
	outbuf_puts(out, ", \"pid\": ");
	json_str(out, p->pid);
	outbuf_putc(out, '}');
}

static void jlist(struct outbuf *out, char *const *v, size_t n)
{
	size_t i;

	outbuf_putc(out, '[');
	for (i = 0; i < n; i++) {
		if (i)
			outbuf_puts(out, ", ");
		json_str(out, v[i]);
	}
	outbuf_putc(out, ']');
}

/* A pair of cost objects: {"old": [...], "new": [...]} */
static void jpair(struct outbuf *out, const struct diff *d, const struct cc *const c[2])
{
	outbuf_puts(out, "{\"old\": ");
	report_diff_json_cost(out, d, c[0]);
	outbuf_puts(out, ", \"new\": ");
	report_diff_json_cost(out, d, c[1]);
	outbuf_putc(out, '}');
}

/*
 * The function whole (whole.h, diff.h): "inlined_into", the function
 * ({"file", "name"}) whose code this piece was inlined into (null: none),
 * and "whole", null for such a piece, else the old and new costs of the
 * function with its pieces summed.
 */
static void jwhole(struct outbuf *out, const struct diff *d, const struct diff_fn *f)
{
	const struct fn *host = NULL;
	const struct diff_fn *w;
	int s;

	if (!d->whole_diff)
		return;
	for (s = 0; s < 2 && !host; s++)
		if (f->fn[s] && d->whole[s]->host[f->fn[s]->id])
			host = d->whole[s]->host[f->fn[s]->id];
	outbuf_puts(out, ",\n    \"inlined_into\": ");
	if (host) {
		outbuf_puts(out, "{\"file\": ");
		json_name(out, diff_file_name(d, host->k.file->name));
		outbuf_puts(out, ", \"name\": ");
		json_name(out, host->k.name);
		outbuf_puts(out, "}, \"whole\": null");
		return;
	}
	w = diff_find(d->whole_diff, f->file, f->name, f->obj);
	outbuf_puts(out, "null, \"whole\": ");
	if (!w) {
		outbuf_puts(out, "null");
		return;
	}
	outbuf_puts(out, "{\"self\": ");
	jpair(out, d->whole_diff, (const struct cc *const *)w->self);
	outbuf_puts(out, ", \"inclusive\": ");
	jpair(out, d->whole_diff, (const struct cc *const *)w->incl);
	outbuf_putc(out, '}');
}

void report_diff_json(struct report *r, const struct diff *d, const char *old_name,
		      const char *new_name)
{
	const struct profile *pn = d->p[DIFF_NEW];
	const struct opts *o = r->o;
	static struct outbuf ob;
	struct outbuf *out = &ob;
	const struct diff_fn **rows;
	size_t n, i;

	outbuf_init(out, r->out);
	outbuf_puts(out, "{\n  \"schema\": \"annogrind-diff\",\n  \"version\": 1,\n  \"old\": ");
	jside(out, d->p[DIFF_OLD], old_name);
	outbuf_puts(out, ",\n  \"new\": ");
	jside(out, pn, new_name);
	outbuf_puts(out, ",\n  \"events\": ");
	json_events(out, pn);
	outbuf_puts(out, ",\n  \"totals\": ");
	jpair(out, d, (const struct cc *const *)d->total);
	if (d->scale) {
		/* --scale=total: what each event of NEW below was multiplied by */
		char num[64];
		outbuf_puts(out, ",\n  \"scale\": [");
		for (i = 0; i < d->nev; i++) {
			snprintf(num, sizeof(num), "%s%.17g", i ? ", " : "", (double)d->scale[i]);
			outbuf_puts(out, num);
		}
		outbuf_putc(out, ']');
	}
	outbuf_puts(out, o->inclusive ? ",\n  \"order\": \"inclusive\",\n  \"sort\": ["
				      : ",\n  \"order\": \"self\",\n  \"sort\": [");
	for (i = 0; i < r->nsort; i++) {
		if (i)
			outbuf_puts(out, ", ");
		json_str(out, pn->ev.ev[r->sort[i]].name);
	}
	outbuf_puts(out, "],\n  \"mod_funcname\": ");
	jlist(out, o->mod_funcname, o->nmod_funcname);
	outbuf_puts(out, ",\n  \"mod_filename\": ");
	jlist(out, o->mod_filename, o->nmod_filename);
	outbuf_puts(out, ",\n  \"functions\": [");
	rows = report_diff_all_rows(r, d, &n);
	if (o->top && n > o->top)
		n = o->top;
	for (i = 0; i < n; i++) {
		const struct diff_fn *f = rows[i];
		outbuf_puts(out, i ? ",\n   {\"file\": " : "\n   {\"file\": ");
		json_name(out, f->file);
		outbuf_puts(out, ", \"name\": ");
		json_name(out, f->name);
		outbuf_puts(out, ", \"object\": ");
		json_name(out, f->obj ? f->obj : "");
		outbuf_puts(out, ", \"status\": \"");
		outbuf_puts(out, report_diff_status(d, f));
		outbuf_puts(out, "\",\n    \"self\": ");
		jpair(out, d, (const struct cc *const *)f->self);
		outbuf_puts(out, ",\n    \"inclusive\": ");
		jpair(out, d, (const struct cc *const *)f->incl);
		jwhole(out, d, f);
		outbuf_putc(out, '}');
	}
	outbuf_puts(out, n ? "\n  ],\n  \"sources\": " : "],\n  \"sources\": ");
	report_diff_source_json(r, d, out);
	if (o->annotate_asm) {
		outbuf_puts(out, ",\n  \"machine_code\": ");
		report_diff_asm_json(r, d, out);
	}
	outbuf_puts(out, "\n}\n");
	outbuf_flush(out);
	free(rows);
}
