/* report_md: the report and the comparison as GitHub-flavoured Markdown, for CI job summaries and pull requests. */
#include "report_md.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "escape.h"
#include "graph.h"
#include "md_fit.h"
#include "numfmt.h"
#include "report_diff.h"
#include "report_diff_asm.h"
#include "report_diff_src.h"
#include "sort.h"
#include "whole.h"

#define CELL 128	/* a cell: "18,446,744,073,709,551,615 (+18,446,744,073,709,551,615, +1234.56%)" */

/* ---- names made safe to show ---- */

/*
 * s with what escape.h escapes for a terminal (control characters, C1
 * controls, bidirectional formatting marks) written \xHH byte by byte, as
 * on a terminal, and so too every byte that starts no UTF-8 sequence and
 * the invisible byte order mark (a Markdown file is UTF-8, and read by
 * people); with pipe, '|' written "\|" (in a table cell, even in a code
 * span).  Malloc'ed.
 */
static char *visible(const char *s, int pipe)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *u = (const unsigned char *)(s ? s : ""), *end;
	size_t len = strlen((const char *)u), o = 0, n, k;
	char *out = xmalloc(4 * len + 1);

	for (end = u + len; *u;) {
		size_t left = (size_t)(end - u);
		n = escape_unit((const char *)u, left);
		if (!n && !report_utf8_len(u))
			n = 1;
		if (!n && left >= 3 && u[0] == 0xef && u[1] == 0xbb && u[2] == 0xbf)
			n = 3;
		if (n) {
			for (k = 0; k < n; k++) {
				out[o++] = '\\';
				out[o++] = 'x';
				out[o++] = hex[u[k] >> 4];
				out[o++] = hex[u[k] & 15];
			}
			u += n;
			continue;
		}
		n = report_utf8_len(u);
		if (pipe && *u == '|')
			out[o++] = '\\';
		memcpy(out + o, u, n);
		o += n;
		u += n;
	}
	out[o] = '\0';
	return out;
}

/* The longest run of backticks in s. */
static size_t backtick_run(const char *s)
{
	size_t best = 0, run = 0;

	for (; *s; s++) {
		run = *s == '`' ? run + 1 : 0;
		if (run > best)
			best = run;
	}
	return best;
}

/*
 * A code span: nothing in it is Markdown or HTML.  Its fence is one
 * backtick longer than any run inside; a space pads content that starts or
 * ends with a backtick, or with a space at both ends (which CommonMark
 * would strip).
 */
static void md_code(FILE *out, const char *s, int table)
{
	char *v = visible(s, table);
	size_t run = backtick_run(v) + 1, len = strlen(v), i;
	int pad = len && (v[0] == '`' || v[len - 1] == '`' ||
			  (v[0] == ' ' && v[len - 1] == ' ' && strspn(v, " ") < len));

	if (!len) {
		fputs("` `", out);	/* an empty name: one space */
		free(v);
		return;
	}
	for (i = 0; i < run; i++)
		putc('`', out);
	if (pad)
		putc(' ', out);
	fputs(v, out);
	if (pad)
		putc(' ', out);
	for (i = 0; i < run; i++)
		putc('`', out);
	free(v);
}

/* "file:function" as a code span; each name cut as report_name() cuts it. */
static void md_fn(FILE *out, const char *file, const char *name, const char *obj, int table)
{
	const char *base = fn_obj_base(name, obj);
	char *f = report_name_dup(file), *n = report_name_dup(name);
	char *o = base ? report_name_dup(base) : NULL;
	size_t fl = strlen(f), nl = strlen(n), ol = o ? strlen(o) + 3 : 0;
	char *full = xmalloc(fl + nl + ol + 2);

	memcpy(full, f, fl);
	full[fl] = ':';
	memcpy(full + fl + 1, n, nl + 1);
	if (o)	/* an address: of which object */
		snprintf(full + fl + 1 + nl, ol + 1, " [%s]", o);
	md_code(out, full, table);
	free(full);
	free(f);
	free(n);
	free(o);
}

/* "file:function" already joined (gate_fn_label()), as md_fn() writes one. */
static void md_label(FILE *out, const char *label)
{
	char *s = report_name_dup(label);

	md_code(out, s, 0);
	free(s);
}

/* Text: every ASCII punctuation character backslash-escaped (CommonMark allows it for all of them). */
static void md_text(FILE *out, const char *s)
{
	char *v = visible(s, 0), *c;

	for (c = v; *c; c++) {
		if ((*c >= '!' && *c <= '/') || (*c >= ':' && *c <= '@') || (*c >= '[' && *c <= '`') ||
		    (*c >= '{' && *c <= '~'))
			putc('\\', out);
		putc(*c, out);
	}
	free(v);
}

static const char *ev_name(const struct report *r, size_t e)
{
	return r->p->ev.ev[e].name;
}

/* ---- numbers ---- */

static size_t num(uint64_t v, char *buf)
{
	return numfmt_commify(v, buf);
}

static void put_num(FILE *out, uint64_t v)
{
	char buf[32];

	num(v, buf);
	fputs(buf, out);
}

/* "12.34%" of total, or "" without a total. */
static void pct_of(char *buf, size_t len, uint64_t v, uint64_t total)
{
	if (total)
		snprintf(buf, len, "%.2f%%", (double)v * 100.0 / (double)total);
	else
		buf[0] = '\0';
}

/* The change from a to b, a != b: "+400" and its percentage, "+10.00%" (or "new", "from 0"). */
static void delta(uint64_t a, uint64_t b, int new_fn, char *d, char *pct)
{
	d[0] = b > a ? '+' : '-';
	num(b > a ? b - a : a - b, d + 1);
	if (new_fn)
		strcpy(pct, "new");
	else if (!a)
		strcpy(pct, "from 0");
	else
		snprintf(pct, 32, "%+.2f%%", ((double)b - (double)a) * 100.0 / (double)a);
}

/* "+400 (+10.00%)", or "0" when nothing changed. */
static void change(char *buf, uint64_t a, uint64_t b, int new_fn)
{
	char d[32], pct[32];

	if (a == b) {
		strcpy(buf, "0");
		return;
	}
	delta(a, b, new_fn, d, pct);
	snprintf(buf, CELL, "%s (%s)", d, pct);
}

/* "4,400 (+400, +10.00%)": the new value and the change. */
static void value_change(char *buf, uint64_t a, uint64_t b, int new_fn)
{
	char v[32], d[32], pct[32];

	num(b, v);
	if (a == b) {
		strcpy(buf, v);
		return;
	}
	delta(a, b, new_fn, d, pct);
	snprintf(buf, CELL, "%s (%s, %s)", v, d, pct);
}

/* ---- the verdict and the broken limits ---- */

static size_t limits_broken(const struct gate_result *res)
{
	size_t i, k, n = 0;

	for (i = 0; i < res->n; i++) {
		for (k = 0; k < i && res->v[k].g != res->v[i].g; k++)
			;
		n += k == i;
	}
	return n;
}

/* "**FAIL**: 2 of 3 limits broken · " or "**PASS**: 3 limits hold · " (nothing without limits). */
static void verdict(FILE *out, const struct gate_result *res, size_t nlimits)
{
	size_t broken = limits_broken(res);

	if (!nlimits) {
		fputs("**annogrind**: ", out);
		return;
	}
	if (broken)
		fprintf(out, "**\xe2\x9d\x8c FAIL**: %zu of %zu limit%s broken \xc2\xb7 ", broken, nlimits,
			nlimits > 1 ? "s" : "");
	else
		fprintf(out, "**\xe2\x9c\x85 PASS**: %s%zu limit%s hold%s \xc2\xb7 ", nlimits > 1 ? "all " : "",
			nlimits, nlimits > 1 ? "s" : "", nlimits > 1 ? "" : "s");
}

static void breach(FILE *out, const struct gate_breach *b)
{
	const struct gate *g = b->g;
	char a[32], v[32], d[32], pct[32];
	int s;

	fputs("- \xe2\x9d\x8c ", out);
	md_code(out, g->spec, 0);
	fputs(": ", out);
	if (b->why == GATE_NONE) {
		if (g->change == GATE_LEVEL) {
			fprintf(out, "picks no function of the %sprofile\n", b->in_diff ? "new " : "");
		} else if (!b->name) {
			fputs("picks no function of either profile\n", out);
		} else {
			char *label = gate_fn_label(b);
			fputs("picks no function of the new profile (in the old one: ", out);
			md_label(out, label);
			free(label);
			if (b->ngone > 1)
				fprintf(out, " and %zu more", b->ngone - 1);
			fputs(")\n", out);
		}
		return;
	}
	if (b->name) {
		char *label = gate_fn_label(b);
		md_label(out, label);
		free(label);
		if (b->nnames > 1)
			fprintf(out, " (its %zu Callgrind names summed)", b->nnames);
		if (b->npieces > 1)
			fprintf(out, " (+%zu inlined)", b->npieces - 1);
		fprintf(out, " %s ", g->kind == GATE_SELF ? "self" : "inclusive");
	} else {
		fputs("program total of ", out);
	}
	md_text(out, g->event);
	num(b->value, v);
	if (g->change == GATE_LEVEL) {
		num(b->total, a);
		if (b->total)
			fprintf(out, " is %s (%.2f%% of %s)", v, (double)b->value * 100.0 / (double)b->total, a);
		else
			fprintf(out, " is %s (of a total of 0)", v);
	} else {
		num(b->old, a);
		delta(b->old, b->value, 0, d, pct);
		fprintf(out, " %s \xe2\x86\x92 %s (%s, %s%s)", a, v, d, b->new_fn ? "new function" : pct,
			b->gone_fn ? ", gone function" : "");
	}
	/* a totals: line that says less than the costs: the gate took the sum (gate.h) */
	for (s = 0; s < 2; s++) {
		if (!(b->summed & (1u << s)))
			continue;
		num(b->claimed[s], a);
		fprintf(out, "; %s sum of cost lines, not the %s of its `totals:` line",
			g->change == GATE_LEVEL ? "the" : s == DIFF_OLD ? "the old profile's" : "the new profile's", a);
	}
	putc('\n', out);
}

static void breaches(FILE *out, const struct gate_result *res)
{
	size_t i;

	if (!res->n)
		return;
	fputs("### \xe2\x9d\x8c Broken limits\n\n", out);
	for (i = 0; i < res->n; i++)
		breach(out, &res->v[i]);
	putc('\n', out);
}

/* ---- trees, in a fenced code block inside <details> ---- */

struct tline {
	char *cells;		/* nshow cells of CELL bytes; NULL: a blank line */
	const char *mark;	/* "< ", "* " or ">   " */
	char *label;		/* visible() already */
};

struct tree {
	struct tline *v;
	size_t n, cap, ncells;
};

static struct tline *tree_add(struct tree *t)
{
	struct tline *l;

	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->v = xrealloc(t->v, t->cap * sizeof(*t->v));
	}
	l = &t->v[t->n++];
	memset(l, 0, sizeof(*l));
	return l;
}

static char *tree_cells(struct tree *t)
{
	return xcalloc(t->ncells + 1, CELL);
}

/* "file:function (1x)" or "... (1x -> 2x)", made visible; names cut as in md_fn(). */
static char *label(const char *file, const char *name, const char *obj, const char *extra)
{
	const char *base = fn_obj_base(name, obj);
	char *f = report_name_dup(file), *fn = report_name_dup(name);
	char *o = report_name_dup(base ? base : "");
	size_t n = strlen(f) + strlen(fn) + strlen(o) + strlen(extra) + 5;
	char *s = xmalloc(n), *v;

	snprintf(s, n, "%s:%s%s%s%s%s", f, fn, base ? " [" : "", o, base ? "]" : "", extra);
	v = visible(s, 0);
	free(s);
	free(f);
	free(fn);
	free(o);
	return v;
}

/*
 * The block: a header of event names, then each line's cells right-aligned
 * and its label; the fence is longer than any run of backticks inside.
 */
static void tree_print(FILE *out, const struct report *r, struct tree *t, const char *summary,
		       const char *what)
{
	size_t *w = xcalloc(t->ncells + 1, sizeof(*w)), i, k, run = 3;
	char **names = xcalloc(t->ncells + 1, sizeof(*names));

	for (k = 0; k < t->ncells; k++) {
		size_t e = r->show[k % r->nshow];
		size_t len = strlen(ev_name(r, e)) + strlen(what);
		char *s = xmalloc(len + 1);
		snprintf(s, len + 1, "%s%s", ev_name(r, e), what);
		names[k] = visible(s, 0);
		free(s);
		w[k] = strlen(names[k]);
		if (backtick_run(names[k]) >= run)
			run = backtick_run(names[k]) + 1;
	}
	for (i = 0; i < t->n; i++) {
		if (!t->v[i].cells)
			continue;
		for (k = 0; k < t->ncells; k++)
			if (strlen(t->v[i].cells + k * CELL) > w[k])
				w[k] = strlen(t->v[i].cells + k * CELL);
		if (backtick_run(t->v[i].label) >= run)
			run = backtick_run(t->v[i].label) + 1;
	}
	fprintf(out, "<details>\n<summary>%s</summary>\n\n", summary);
	for (k = 0; k < run; k++)
		putc('`', out);
	fputs("text\n", out);
	for (k = 0; k < t->ncells; k++)
		fprintf(out, "%-*s  ", (int)w[k], names[k]);
	fputs("file:function\n", out);
	for (i = 0; i < t->n; i++) {
		const struct tline *l = &t->v[i];
		if (!l->cells) {
			putc('\n', out);
			continue;
		}
		for (k = 0; k < t->ncells; k++)
			fprintf(out, "%*s  ", (int)w[k], l->cells + k * CELL);
		fputs(l->mark, out);
		fputs(l->label, out);
		putc('\n', out);
	}
	for (k = 0; k < run; k++)
		putc('`', out);
	fputs("\n\n</details>\n", out);
	for (i = 0; i < t->n; i++) {
		free(t->v[i].cells);
		free(t->v[i].label);
	}
	for (k = 0; k < t->ncells; k++)
		free(names[k]);
	free(names);
	free(w);
	free(t->v);
}

/* ---- the report of one profile ---- */

/* As in the text trees: calls inside a cycle or to the function itself have no cost of their own. */
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

/* A cost with its share of the total, per shown event: "4,400 (57.52%)", or "." */
static void cost_cells(const struct report *r, const struct cc *c, char *cells)
{
	const struct profile *p = r->p;
	size_t k;

	for (k = 0; k < r->nshow; k++) {
		size_t e = r->show[k];
		char *cell = cells + k * CELL, pc[32];
		uint64_t tot = cc_defined(p, p->total, e) ? p->total->v[e] : 0;
		if (!c || !cc_defined(p, c, e)) {
			strcpy(cell, ".");
			continue;
		}
		num(c->v[e], cell);
		if (r->o->show_percs && c->v[e]) {
			pct_of(pc, sizeof(pc), c->v[e], tot);
			if (*pc)
				snprintf(cell + strlen(cell), CELL - strlen(cell), " (%s)", pc);
		}
	}
}

static void tree_calls(struct tree *t, const struct report *r, const struct fn *f, int callers)
{
	const struct profile *p = r->p;
	const struct call *c, **v;
	size_t n = 0, i;

	for (c = callers ? fn_in(p, f) : fn_out(p, f); c; c = callers ? c->next_in : c->next_out)
		n++;
	if (!n)
		return;
	v = xmalloc(n * sizeof(*v));
	n = 0;
	for (c = callers ? fn_in(p, f) : fn_out(p, f); c; c = callers ? c->next_in : c->next_out)
		v[n++] = c;
	sort_array_r(v, n, sizeof(*v), callers ? call_in_cmp : call_out_cmp, (void *)r);
	for (i = 0; i < n; i++) {
		const struct fn *o = callers ? v[i]->k.caller : v[i]->k.callee;
		struct tline *l = tree_add(t);
		char extra[48], cnt[32];
		num(v[i]->count, cnt);
		snprintf(extra, sizeof(extra), " (%sx)", cnt);
		l->cells = tree_cells(t);
		cost_cells(r, call_cost(v[i]), l->cells);
		l->mark = callers ? "< " : ">   ";
		l->label = label(o->k.file->name, o->k.name, o->obj, extra);
	}
	free(v);
}

/* "???:???", the function of costs Callgrind could not place: its callers and callees mean nothing (as in the text trees). */
static int is_unknown(const struct fn *f)
{
	return !strcmp(f->k.name, "???") && !strcmp(f->k.file->name, "???");
}

static void header_events(FILE *out, const struct report *r)
{
	size_t k;

	fputs("**Events:** ", out);
	for (k = 0; k < r->nshow; k++) {
		if (k)
			fputs(", ", out);
		md_text(out, ev_name(r, r->show[k]));
	}
}

/* " (+N inlined)" after a whole function that sums N pieces of code inlined into it (whole.h). */
static void inlined_note(FILE *out, const struct whole *w, const struct fn *f)
{
	if (f && whole_npieces(w, f->id) > 1)
		fprintf(out, " (+%zu inlined)", whole_npieces(w, f->id) - 1);
}

/* Under a whole function in the tree: its pieces, "+", each with its self cost. */
static void tree_pieces(struct tree *t, const struct report *r, const struct fn *f)
{
	const struct whole *w = r->whole;
	size_t k;

	if (whole_npieces(w, f->id) < 2)
		return;
	for (k = w->first[f->id]; k < w->first[f->id + 1]; k++) {
		const struct fn *g = w->piece[k];
		struct tline *l = tree_add(t);
		l->cells = tree_cells(t);
		cost_cells(r, g->self, l->cells);
		l->mark = "  + ";
		l->label = label(g->k.file->name, g->k.name, g->obj, k == w->first[f->id] ? " (self, its own code)"
										  : " (self, inlined)");
	}
}

/* The columns of a table of functions: " EV self |" for each shown event, then " EV incl |". */
static void fn_columns(const struct report *r)
{
	FILE *out = r->out;
	size_t k;

	for (k = 0; k < 2 * r->nshow; k++) {
		putc(' ', out);
		md_text(out, ev_name(r, r->show[k % r->nshow]));
		fputs(k < r->nshow ? " self |" : " incl |", out);
	}
	fputs("\n|:--|", out);
	for (k = 0; k < 2 * r->nshow; k++)
		fputs("--:|", out);
	putc('\n', out);
}

/* The row of a table of functions that has none: "| (TEXT) |" and empty cells. */
static void no_fn_row(const struct report *r, const char *text)
{
	size_t k;

	fputs(text, r->out);
	for (k = 0; k < 2 * r->nshow; k++)
		fputs(" |", r->out);
	putc('\n', r->out);
}

/* The verdict with the totals of the shown events, the limits broken, the profile and its totals. */
static void md_head(const struct report *r, const struct gate_result *res, size_t nlimits)
{
	const struct profile *p = r->p;
	FILE *out = r->out;
	size_t i, k;

	verdict(out, res, nlimits);
	for (k = 0; k < r->nshow; k++) {
		size_t e = r->show[k];
		if (k)
			fputs(", ", out);
		md_text(out, ev_name(r, e));
		putc(' ', out);
		put_num(out, cc_defined(p, p->total, e) ? p->total->v[e] : 0);
	}
	fputs("\n\n", out);
	breaches(out, res);

	fputs("**Profile:** ", out);
	if (r->ninputs > 1) {
		for (i = 0; i < r->ninputs; i++) {
			if (i)
				fputs(", ", out);
			md_code(out, r->inputs[i], 0);
		}
	} else {
		md_code(out, r->input_name, 0);
	}
	fputs(" \xc2\xb7 **Command:** ", out);
	md_code(out, p->cmd && *p->cmd ? p->cmd : "(unknown)", 0);
	fputs(" \xc2\xb7 ", out);
	header_events(out, r);
	fputs("\n\n| Event | Total |\n|:--|--:|\n", out);
	for (k = 0; k < r->nshow; k++) {
		size_t e = r->show[k];
		fputs("| ", out);
		md_text(out, ev_name(r, e));
		fputs(" | ", out);
		put_num(out, cc_defined(p, p->total, e) ? p->total->v[e] : 0);
		fputs(" |\n", out);
	}
	putc('\n', out);
}

/* The top functions, moved to the front of all (n sorted functions): the rows of the text table, at most cap. */
static size_t top_fns(const struct report *r, const struct fn **all, size_t n, size_t cap)
{
	const struct profile *p = r->p;
	const struct opts *o = r->o;
	double *curr = xcalloc(r->nsort + 1, sizeof(*curr));
	size_t i, k, ntop = 0;

	for (i = 0; i < n && ntop < cap; i++) {
		const struct fn *f = all[i];
		const struct cc *c = o->inclusive ? fn_incl(p, f) : f->self;
		if (!(f->listed || (o->inclusive && fn_in(p, f))))
			continue;
		if (r->filter && report_threshold_reached(r, curr))
			break;
		all[ntop++] = f;
		for (k = 0; k < r->nsort; k++) {
			size_t e = r->sort[k];
			uint64_t tot = cc_defined(p, p->total, e) ? p->total->v[e] : 0;
			if (!cc_defined(p, c, e))
				continue;
			/* as the text table: a share of self costs shown, or the inclusive cost left */
			curr[k] = o->inclusive ? (double)tot - (double)c->v[e] : curr[k] + (double)c->v[e];
		}
	}
	free(curr);
	return ntop;
}

/* The table of the n top functions, one row each, and their callers and callees into t. */
static void top_table(const struct report *r, const struct fn *const *top, size_t n,
		      struct tree *t)
{
	const struct profile *p = r->p;
	FILE *out = r->out;
	size_t i, k;

	fprintf(out, "### Top functions by %s cost\n\n| Function |",
		r->o->inclusive ? "inclusive" : "self");
	fn_columns(r);
	t->ncells = r->nshow;
	for (i = 0; i < n; i++) {
		const struct fn *f = top[i];
		char *cells = xcalloc(2 * r->nshow + 1, CELL);
		struct tline *l;
		fputs("| ", out);
		md_fn(out, f->k.file->name, f->k.name, f->obj, 1);
		inlined_note(out, r->whole, r->whole && p == r->whole->merged ? f : NULL);
		cost_cells(r, f->self, cells);
		cost_cells(r, fn_incl(p, f), cells + r->nshow * CELL);
		for (k = 0; k < 2 * r->nshow; k++)
			fprintf(out, " | %s", cells + k * CELL);
		fputs(" |\n", out);
		free(cells);

		if (i)
			tree_add(t);	/* a blank line between functions */
		if (!is_unknown(f))
			tree_calls(t, r, f, 1);
		l = tree_add(t);
		l->cells = tree_cells(t);
		cost_cells(r, fn_incl(p, f), l->cells);
		l->mark = "* ";
		l->label = label(f->k.file->name, f->k.name, f->obj, "");
		if (r->whole && p == r->whole->merged)
			tree_pieces(t, r, f);
		if (!is_unknown(f))
			tree_calls(t, r, f, 0);
	}
	if (!n)
		no_fn_row(r, "| (no function) |");
	putc('\n', out);
}

/*
 * The renderer writes to a stream that md_fit.c cuts to --markdown-max
 * (a pull-request comment) on its way to the output; with none, to the
 * output itself.
 */
static struct md_fit *fit_begin(struct report *r, FILE **out)
{
	struct md_fit *fit = NULL;

	*out = r->out;
	if (r->o->markdown_max)
		r->out = md_fit_open(&fit, r->o->markdown_max);
	return fit;
}

static void fit_end(struct report *r, struct md_fit *fit, FILE *out)
{
	r->out = out;
	if (fit)
		md_fit_close(fit, out);
}

static void md_report(struct report *r, const struct gate_result *res, size_t nlimits);

void report_md(struct report *r, const struct gate_result *res, size_t nlimits)
{
	FILE *out;
	struct md_fit *fit = fit_begin(r, &out);

	md_report(r, res, nlimits);
	fit_end(r, fit, out);
}

static void md_report(struct report *r, const struct gate_result *res, size_t nlimits)
{
	const struct fn **all;
	size_t n, ntop, cap = r->o->top ? r->o->top : MD_TOP;
	struct tree t = { 0 };
	char summary[128];

	md_head(r, res, nlimits);
	all = report_sorted_fns(r, &n);
	ntop = top_fns(r, all, n, cap);
	top_table(r, all, ntop, &t);
	if (ntop) {
		snprintf(summary, sizeof(summary),
			 "Callers (&lt;) and callees (&gt;) of these %zu function%s, inclusive costs", ntop,
			 ntop > 1 ? "s" : "");
		tree_print(r->out, r, &t, summary, " incl");
	} else {
		free(t.v);
	}
	free(all);
}

/* ---- the comparison ---- */

static uint64_t absd(const struct cc *const c[2], size_t e)
{
	return c[1]->v[e] > c[0]->v[e] ? c[1]->v[e] - c[0]->v[e] : c[0]->v[e] - c[1]->v[e];
}

static int dcall_id_cmp(const struct diff_call *a, const struct diff_call *b, int by_callee)
{
	uint32_t x = by_callee ? a->callee->id : a->caller->id;
	uint32_t y = by_callee ? b->callee->id : b->caller->id;
	return x < y ? -1 : x > y;
}

static int by_caller(const void *x, const void *y)
{
	return dcall_id_cmp(*(const struct diff_call *const *)x, *(const struct diff_call *const *)y, 0);
}

static int by_callee(const void *x, const void *y)
{
	return dcall_id_cmp(*(const struct diff_call *const *)x, *(const struct diff_call *const *)y, 1);
}

/* What dcall_tree_cmp() orders by: the report's sort events, and which end is the other. */
struct dcall_order {
	const struct report *r;
	int callers;		/* the other end is the caller */
};

/* Calls in a tree: by the size of the change of the sort events, then by the other end's name. */
static int dcall_tree_cmp(const void *x, const void *y, void *ctx)
{
	const struct dcall_order *ord = ctx;
	const struct diff_call *a = *(const struct diff_call *const *)x;
	const struct diff_call *b = *(const struct diff_call *const *)y;
	const struct diff_fn *oa = ord->callers ? a->caller : a->callee;
	const struct diff_fn *ob = ord->callers ? b->caller : b->callee;
	size_t k;
	int c;

	for (k = 0; k < ord->r->nsort; k++) {
		size_t e = ord->r->sort[k];
		uint64_t da = a->recursive ? 0 : absd((const struct cc *const *)a->cc, e);
		uint64_t db = b->recursive ? 0 : absd((const struct cc *const *)b->cc, e);
		if (da != db)
			return da > db ? -1 : 1;
	}
	c = strcmp(oa->file, ob->file);
	return c ? c : strcmp(oa->name, ob->name);
}

static void change_cells(const struct report *r, const struct cc *const c[2], int new_fn,
			 char *cells)
{
	size_t k;

	for (k = 0; k < r->nshow; k++) {
		size_t e = r->show[k];
		if (!c)
			strcpy(cells + k * CELL, ".");
		else
			change(cells + k * CELL, c[0]->v[e], c[1]->v[e], new_fn);
	}
}

/* The calls of f (callers or callees), from v sorted by caller or callee id. */
static void dtree_calls(struct tree *t, const struct report *r, const struct diff_fn *f,
			struct diff_call **v, size_t n, int callers)
{
	struct dcall_order ord = { r, callers };
	size_t lo = 0, hi = n, i, m;
	struct diff_call **mine;

	while (lo < hi) {	/* the first call whose end is f or after */
		size_t mid = lo + (hi - lo) / 2;
		uint32_t id = callers ? v[mid]->callee->id : v[mid]->caller->id;
		if (id < f->id)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (m = lo; m < n && (callers ? v[m]->callee : v[m]->caller) == f; m++)
		;
	if (m == lo)
		return;
	mine = xmalloc((m - lo) * sizeof(*mine));
	memcpy(mine, v + lo, (m - lo) * sizeof(*mine));
	sort_array_r(mine, m - lo, sizeof(*mine), dcall_tree_cmp, &ord);
	for (i = 0; i < m - lo; i++) {
		const struct diff_call *c = mine[i];
		const struct diff_fn *o = callers ? c->caller : c->callee;
		struct tline *l = tree_add(t);
		char extra[80], a[32], b[32];
		num(c->count[DIFF_OLD], a);
		num(c->count[DIFF_NEW], b);
		snprintf(extra, sizeof(extra), " (%sx -> %sx)", a, b);
		l->cells = tree_cells(t);
		change_cells(r, c->recursive ? NULL : (const struct cc *const *)c->cc,
			     !c->count[DIFF_OLD], l->cells);
		l->mark = callers ? "< " : ">   ";
		l->label = label(o->file, o->name, o->obj, extra);
	}
	free(mine);
}

/* HTML text (in <summary>): made visible, then &, <, > and " as entities. */
static void html_text(FILE *out, const char *s)
{
	char *v = visible(s, 0), *c;

	for (c = v; *c; c++) {
		if (*c == '&')
			fputs("&amp;", out);
		else if (*c == '<')
			fputs("&lt;", out);
		else if (*c == '>')
			fputs("&gt;", out);
		else if (*c == '"')
			fputs("&quot;", out);
		else
			putc(*c, out);
	}
	free(v);
}

/* A file's spans of line numbers, for one function's block. */
struct fspans {
	const char *file;	/* the name the diff of the lines gives it */
	uint64_t (*sp)[2];
	size_t n;
};

/* Add f's span (in p) to the list, under its file's name in d. */
static void add_span(struct fspans **v, size_t *n, const struct diff *d, const struct profile *p,
		     const struct fn *f)
{
	const char *file = diff_file_name(d, f->k.file->name);
	uint64_t lo, hi;
	size_t i;
	int zero;

	if (!profile_span(p, f, &lo, &hi, &zero) || !strcmp(file, "???"))
		return;
	for (i = 0; i < *n && strcmp((*v)[i].file, file); i++)
		;
	if (i == *n) {
		*v = xrealloc(*v, (*n + 1) * sizeof(**v));
		memset(&(*v)[i], 0, sizeof(**v));
		(*v)[i].file = file;
		++*n;
	}
	/* line 0 is a span of its own: [0, hi] would take in other functions' lines */
	(*v)[i].sp = xrealloc((*v)[i].sp, ((*v)[i].n + 2) * sizeof(*(*v)[i].sp));
	if (lo) {
		(*v)[i].sp[(*v)[i].n][0] = lo;
		(*v)[i].sp[(*v)[i].n++][1] = hi;
	}
	if (zero) {
		(*v)[i].sp[(*v)[i].n][0] = 0;
		(*v)[i].sp[(*v)[i].n++][1] = 0;
	}
}

static void fence(const struct report *r, char *buf);

/*
 * The annotated lines of the files of v[0..n) (each in its spans; NULL:
 * all its lines) as the text report prints them, in a fenced code block
 * whose fence is longer than any run of backticks inside; v is freed.
 */
static void fenced_lines(const struct report *r, const struct diff *lines, struct fspans *v,
			 size_t n, const struct diff_fn *const *callers, size_t ncallers)
{
	struct report rr = *r;
	size_t i, len = 0;
	char *buf = NULL;
	FILE *mem = open_memstream(&buf, &len);

	if (!mem)
		abort();
	rr.out = mem;
	rr.esc = 1;	/* what is not UTF-8 or visible is written \xHH below */
	for (i = 0; i < n; i++) {
		char *name = report_name_dup(v[i].file);
		fputs("-- ", mem);
		escape_fputs(mem, name, 1);
		putc('\n', mem);
		free(name);
		report_diff_source_lines(&rr, lines, v[i].file, (const uint64_t(*)[2])v[i].sp, v[i].n,
					 callers, ncallers);
		free(v[i].sp);
	}
	free(v);
	fclose(mem);
	fence(r, buf);
}

/*
 * Text the text report printed (buf, malloc'ed, freed here) in a fenced
 * code block whose fence is longer than any run of backticks inside, one
 * blank line between its parts, then the end of the <details> block.
 */
static void fence(const struct report *r, char *buf)
{
	size_t i, k, run = 0;
	char *line, *next;
	int blank = 0;

	for (k = 0, i = 0; buf[i]; i++) {
		k = buf[i] == '`' ? k + 1 : 0;
		if (k > run)
			run = k;
	}
	run = run < 3 ? 3 : run + 1;
	for (k = 0; k < run; k++)
		putc('`', r->out);
	fputs("text\n", r->out);
	for (line = buf; *line; line = next) {
		char *vis;
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		else
			next = line + strlen(line);
		/* one blank line between parts, none before the fence */
		if (!*line) {
			blank = 1;
			continue;
		}
		if (blank)
			putc('\n', r->out);
		blank = 0;
		vis = visible(line, 0);
		fputs(vis, r->out);
		putc('\n', r->out);
		free(vis);
	}
	for (k = 0; k < run; k++)
		putc('`', r->out);
	fputs("\n\n</details>\n", r->out);
	free(buf);
}

/* The start of a function's <details> block: its name and self change in the summary. */
static void block_open(const struct report *r, const struct diff_fn *f, int after)
{
	char cell[CELL], *file = report_name_dup(f->file), *name = report_name_dup(f->name);
	size_t k;

	fputs(after ? "\n<details>\n<summary><code>" : "<details>\n<summary><code>", r->out);
	html_text(r->out, file);
	putc(':', r->out);
	html_text(r->out, name);
	free(file);
	free(name);
	fputs("</code>:", r->out);
	for (k = 0; k < r->nshow; k++) {
		size_t e = r->show[k];
		change(cell, f->self[0]->v[e], f->self[1]->v[e], !f->in[DIFF_OLD]);
		fputs(k ? ", " : " ", r->out);
		html_text(r->out, ev_name(r, e));
		fprintf(r->out, " self %s", cell);
	}
	fputs("</summary>\n\n", r->out);
}

/*
 * The block of one function of the comparison: its lines, from the first
 * to the last line its code gives in each of its files (its own, and
 * those of code inlined into it, in either profile), and line 0 when its
 * code gives it, in <details>.  Nothing when no line of it is known (no
 * line numbers, or a function of "???").
 */
static void source_block(const struct report *r, const struct diff *lines, const struct diff_fn *f,
			 int after)
{
	struct fspans *v = NULL;
	const struct diff_fn **callers = NULL;
	size_t n = 0, k, nc = 0;
	int s;

	for (s = 0; s < 2; s++) {
		const struct whole *w = lines->whole[s];
		size_t id;
		if (!f->fn[s] || !w)
			continue;
		id = f->fn[s]->id;
		callers = xrealloc(callers, (nc + whole_npieces(w, id) + 1) * sizeof(*callers));
		for (k = w->first[id]; k < w->first[id + 1]; k++) {
			const struct fn *p = w->piece[k];
			add_span(&v, &n, lines, w->src, p);
			/* its calls only: the lines it shares with others carry theirs too */
			callers[nc] = diff_find(lines, diff_file_name(lines, p->k.file->name), p->k.name,
					       p->obj);
			nc += callers[nc] != NULL;
		}
	}
	if (!n) {
		free(callers);
		return;
	}
	for (k = 0; k < n; k++)
		v[k].file = report_diff_source_name(r, lines, v[k].file);
	block_open(r, f, after);
	fenced_lines(r, lines, v, n, callers, nc);
	free(callers);
}

/* The block of a source file named on the command line: all its lines. */
static void user_block(const struct report *r, const struct diff *lines, const char *file, int after)
{
	struct fspans *v = xcalloc(1, sizeof(*v));
	char *name = report_name_dup(file);

	v->file = file;
	fputs(after ? "\n<details>\n<summary><code>" : "<details>\n<summary><code>", r->out);
	html_text(r->out, name);
	free(name);
	fputs("</code>: named on the command line</summary>\n\n", r->out);
	fenced_lines(r, lines, v, 1, NULL, 0);
}

/*
 * The block of one function's machine code, as the text report lists it
 * (lines: the profiles as read, whose functions have the instructions).
 * Returns 0, writing nothing, when a side has none.
 */
static int asm_block(const struct report *r, const struct diff *lines, const struct diff_fn *f,
		     int after)
{
	const struct diff_fn *lf = diff_find(lines, f->file, f->name, f->obj);
	struct report rr = *r;
	size_t len = 0;
	char *buf = NULL;
	FILE *mem;
	int both;

	if (!lf)
		return 0;
	mem = open_memstream(&buf, &len);
	if (!mem)
		abort();
	rr.out = mem;
	rr.esc = 1;	/* what is not UTF-8 or visible is written \xHH by fence() */
	both = report_diff_asm_function(&rr, lines, lf, 0);
	fclose(mem);
	if (!both) {
		free(buf);
		return 0;
	}
	block_open(r, f, after);
	fence(r, buf);
	return 1;
}

/* The verdict, the totals' changes in a line, the limits broken, and both profiles side by side. */
static void diff_head(const struct report *r, const struct diff *d, const char *const names[2],
		      const struct gate_result *res, size_t nlimits)
{
	FILE *out = r->out;
	char cell[CELL];
	size_t i, k;
	int s;

	verdict(out, res, nlimits);
	for (k = 0; k < r->nshow; k++) {
		size_t e = r->show[k];
		if (k)
			fputs(", ", out);
		md_text(out, ev_name(r, e));
		putc(' ', out);
		value_change(cell, d->total[0]->v[e], d->total[1]->v[e], 0);
		fputs(cell, out);
	}
	fputs("\n\n", out);
	breaches(out, res);

	fputs("| | Old | New |\n|:--|:--|:--|\n| Profile |", out);
	for (s = 0; s < 2; s++) {
		putc(' ', out);
		md_code(out, names[s], 1);
		fputs(" |", out);
	}
	fputs("\n| Command |", out);
	for (s = 0; s < 2; s++) {
		const struct profile *p = d->p[s];
		putc(' ', out);
		md_code(out, p->cmd && *p->cmd ? p->cmd : "(unknown)", 1);
		fputs(" |", out);
	}
	fputs("\n| Events |", out);
	for (s = 0; s < 2; s++) {
		const struct events *ev = &d->p[s]->ev;
		putc(' ', out);
		for (i = 0; i < ev->nraw; i++) {
			if (i)
				putc(' ', out);
			md_text(out, ev->ev[i].name);
		}
		fputs(" |", out);
	}
}

/* The program totals, old, new and the change, and the name rewrites in force. */
static void diff_totals(const struct report *r, const struct diff *d)
{
	const struct opts *o = r->o;
	FILE *out = r->out;
	char cell[CELL];
	size_t i, k;

	/* two tables in a row read as one: the totals get their own heading */
	fputs("\n\n### Program totals\n\n| Event | Old | New | Change |\n|:--|--:|--:|--:|\n", out);
	for (k = 0; k < r->nshow; k++) {
		size_t e = r->show[k];
		fputs("| ", out);
		md_text(out, ev_name(r, e));
		fputs(" | ", out);
		put_num(out, d->total[0]->v[e]);
		fputs(" | ", out);
		put_num(out, d->total[1]->v[e]);
		change(cell, d->total[0]->v[e], d->total[1]->v[e], 0);
		fprintf(out, " | %s |\n", cell);
	}
	putc('\n', out);
	if (d->scale) {
		/* --scale=total: the tables below compare shares of the totals */
		fputs("**Scaled:** below, the new costs are scaled to the old total (", out);
		for (k = 0; k < r->nshow; k++) {
			fputs(k ? ", " : "", out);
			md_text(out, ev_name(r, r->show[k]));
			fprintf(out, " x%.6g", (double)d->scale[r->show[k]]);
		}
		fputs("), so a change is a cost that grew or shrank beyond the program as a whole.\n\n",
		      out);
	}
	if (o->nmod_funcname || o->nmod_filename) {
		fputs("Names normalised with", out);
		for (i = 0; i < o->nmod_funcname; i++) {
			fputs(i ? ", " : " --mod-funcname ", out);
			md_code(out, o->mod_funcname[i], 0);
		}
		for (i = 0; i < o->nmod_filename; i++) {
			fputs(i ? ", " : (o->nmod_funcname ? "; --mod-filename " : " --mod-filename "), out);
			md_code(out, o->mod_filename[i], 0);
		}
		fputs(".\n\n", out);
	}
}

/*
 * The table of the n functions that changed most, one row each, and
 * their callers and callees into t for the trees below it.
 */
static void diff_table(const struct report *r, const struct diff *d,
		       const struct diff_fn *const *rows, size_t n, struct tree *t)
{
	FILE *out = r->out;
	struct diff_call **in, **outs;
	char cell[CELL];
	size_t i, k;

	fprintf(out, "### Functions that changed most (%s cost)\n\n| Function |",
		r->o->inclusive ? "inclusive" : "self");
	fn_columns(r);

	/* the calls, by caller and by callee, for the trees */
	outs = xmalloc((d->ncalls + 1) * sizeof(*outs));
	in = xmalloc((d->ncalls + 1) * sizeof(*in));
	if (d->ncalls) {
		memcpy(outs, d->calls, d->ncalls * sizeof(*outs));
		memcpy(in, d->calls, d->ncalls * sizeof(*in));
	}
	sort_array(outs, d->ncalls, sizeof(*outs), by_caller);
	sort_array(in, d->ncalls, sizeof(*in), by_callee);
	t->ncells = r->nshow;
	for (i = 0; i < n; i++) {
		const struct diff_fn *f = rows[i];
		int new_fn = !f->in[DIFF_OLD];
		struct tline *l;
		fputs("| ", out);
		md_fn(out, f->file, f->name, f->obj, 1);
		inlined_note(out, r->whole, r->whole ? f->fn[DIFF_NEW] : NULL);
		if (new_fn)
			fputs(" **new**", out);
		else if (!f->in[DIFF_NEW])
			fputs(" **gone**", out);
		for (k = 0; k < 2 * r->nshow; k++) {
			const struct cc *const *c = (const struct cc *const *)(k < r->nshow ? f->self : f->incl);
			size_t e = r->show[k % r->nshow];
			value_change(cell, c[0]->v[e], c[1]->v[e], new_fn);
			fprintf(out, " | %s", cell);
		}
		fputs(" |\n", out);

		if (i)
			tree_add(t);
		dtree_calls(t, r, f, in, d->ncalls, 1);
		l = tree_add(t);
		l->cells = tree_cells(t);
		change_cells(r, (const struct cc *const *)f->incl, new_fn, l->cells);
		l->mark = "* ";
		l->label = label(f->file, f->name, f->obj, new_fn ? " (new)" : !f->in[DIFF_NEW] ? " (gone)" : "");
		dtree_calls(t, r, f, outs, d->ncalls, 0);
	}
	if (!n)
		no_fn_row(r, "| (no function changed) |");
	putc('\n', out);
	free(outs);
	free(in);
}

/* The source lines of the n functions of the table and of the files named, then their machine code. */
static void diff_blocks(const struct report *r, const struct diff *lines,
			const struct diff_fn *const *rows, size_t n)
{
	const struct opts *o = r->o;
	FILE *out = r->out;
	size_t i;

	if ((n && o->auto_annotate) || o->nuser > 1)
		fputs(n ? "\n### Source lines\n\n" : "### Source lines\n\n", out);
	for (i = 0; i < n && o->auto_annotate; i++)
		source_block(r, lines, rows[i], i > 0);
	for (i = 1; i < o->nuser; i++)
		user_block(r, lines, o->user_files[i], (n && o->auto_annotate) || i > 1);
	if (n && o->annotate_asm) {
		size_t shown = 0;
		fputs("\n### Machine code\n\n", out);
		for (i = 0; i < n; i++)
			shown += asm_block(r, lines, rows[i], shown > 0);
		if (!shown)
			fputs("No function of the table has machine code in both profiles (Callgrind's "
			      "--dump-instr=yes).\n", out);
	}
}

static void md_diff(struct report *r, const struct diff *d, const struct diff *lines,
		    const char *old_name, const char *new_name, const struct gate_result *res,
		    size_t nlimits);

void report_md_diff(struct report *r, const struct diff *d, const struct diff *lines,
		    const char *old_name, const char *new_name, const struct gate_result *res,
		    size_t nlimits)
{
	FILE *out;
	struct md_fit *fit = fit_begin(r, &out);

	md_diff(r, d, lines, old_name, new_name, res, nlimits);
	fit_end(r, fit, out);
}

static void md_diff(struct report *r, const struct diff *d, const struct diff *lines,
		    const char *old_name, const char *new_name, const struct gate_result *res,
		    size_t nlimits)
{
	const char *const names[2] = { old_name, new_name };
	const struct diff_fn **rows;
	size_t n, cap = r->o->top ? r->o->top : MD_TOP;
	struct tree t = { 0 };
	char summary[160];

	diff_head(r, d, names, res, nlimits);
	diff_totals(r, d);
	rows = report_diff_rows(r, d, &n);
	if (n > cap)
		n = cap;
	diff_table(r, d, rows, n, &t);
	if (n) {
		snprintf(summary, sizeof(summary),
			 "Callers (&lt;) and callees (&gt;) of these %zu function%s: change of inclusive cost",
			 n, n > 1 ? "s" : "");
		tree_print(r->out, r, &t, summary, " incl change");
	} else {
		free(t.v);
	}
	diff_blocks(r, lines, rows, n);
	free(rows);
}
