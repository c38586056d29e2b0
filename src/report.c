/* report: what every renderer shares: the resolved options and the column printer. */
#include "report.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena.h"
#include "escape.h"
#include "graph.h"
#include "namecut.h"
#include "numfmt.h"
#include "sort.h"
#include "source_find.h"

static int resolve(const struct profile *p, char **names, size_t n, size_t **out,
		   const char *opt, char *err, size_t errlen)
{
	size_t i;
	*out = xcalloc(n + 1, sizeof(**out));
	for (i = 0; i < n; i++) {
		long k = events_find(&p->ev, names[i], strlen(names[i]));
		if (k < 0) {
			snprintf(err, errlen, "--%s event '%.60s' is not in the profile", opt, names[i]);
			return -1;
		}
		(*out)[i] = (size_t)k;
	}
	return 0;
}

int report_init(struct report *r, const struct profile *p, const struct opts *o,
		const char *input_name, FILE *out, char *err, size_t errlen)
{
	size_t i;

	memset(r, 0, sizeof(*r));
	r->p = p;
	r->o = o;
	r->input_name = input_name;
	r->out = out;
	r->esc = o->escape == OPTS_ESCAPE_ALWAYS ||
		 (o->escape == OPTS_ESCAPE_AUTO && isatty(fileno(out)));
	if (o->nshow) {
		if (resolve(p, o->show, o->nshow, &r->show, "show", err, errlen))
			return -1;
		r->nshow = o->nshow;
	} else {
		r->nshow = p->ev.n;
		r->show = xcalloc(r->nshow + 1, sizeof(*r->show));
		for (i = 0; i < r->nshow; i++)
			r->show[i] = i;
	}
	if (o->nsort) {
		if (resolve(p, o->sort, o->nsort, &r->sort, "sort", err, errlen))
			return -1;
		r->nsort = o->nsort;
	} else {
		r->nsort = p->ev.n;
		r->sort = xcalloc(r->nsort + 1, sizeof(*r->sort));
		for (i = 0; i < r->nsort; i++)
			r->sort[i] = i;
	}
	r->thr = xcalloc(r->nsort + 1, sizeof(*r->thr));
	r->thr_text = xcalloc(r->nsort + 1, sizeof(*r->thr_text));
	for (i = 0; i < r->nsort; i++) {
		if (o->sort_has_thr) {
			r->thr_text[i] = o->sort_thr[i] ? o->sort_thr[i] : "0";
			r->thr[i] = o->sort_thr[i] ? strtod(o->sort_thr[i], NULL) : 0;
		} else {
			r->thr_text[i] = i ? "0" : o->threshold;
			r->thr[i] = i ? 0 : o->threshold_v;
		}
	}
	r->filter = o->sort_has_thr || o->threshold_v < 100;
	r->width = xcalloc(p->ev.n + 1, sizeof(*r->width));
	report_src_names(r, NULL, 0);
	return 0;
}

void report_src_names(struct report *r, const char *const *names, size_t n)
{
	const char **v = NULL;
	size_t i;

	if (!r->src)
		r->src = source_find_new(r->o->include, r->o->ninclude);
	if (!names) {
		v = xcalloc(r->p->nfiles_src + 1, sizeof(*v));
		for (i = 0; i < r->p->nfiles_src; i++)
			v[i] = r->p->files[i]->name;
		names = v;
		n = r->p->nfiles_src;
	}
	source_find_names(r->src, names, n);
	free(v);
}

void report_use_sources(struct report *r, struct source_find *sf)
{
	if (!r->src_borrowed)
		source_find_free(r->src);
	r->src = sf;
	r->src_borrowed = 1;
	report_src_names(r, NULL, 0);
}

void report_fit_width(struct report *r, size_t cols, size_t cells)
{
	const struct profile *p = r->p;
	size_t *w = xcalloc(r->nshow + 1, sizeof(*w)), *keep = xcalloc(r->nshow + 1, sizeof(*keep));
	size_t budget = cols > 40 ? cols - 40 : 0, used = 0, i, k, n = 0;
	char num[32];

	for (i = 0; i < r->nshow; i++) {
		size_t e = r->show[i], name = strlen(p->ev.ev[e].name);
		uint64_t t = p->total && cc_defined(p, p->total, e) ? p->total->v[e] : 0;
		size_t v = numfmt_commify_as(t, p->signed_counts, num) + 1;
		/* a comparison's change has a sign and " (+12.34%)", the report " (12.34%)" */
		if (r->o->show_percs)
			v += cells > 1 ? 11 : 9;
		w[i] = ((v > name ? v : name) + 1) * cells;
		used += w[i];
	}
	if (used <= budget || r->nshow < 2) {
		free(w);
		free(keep);
		return;
	}
	/* the primary sort event, then the others in order while they fit */
	used = 0;
	for (i = 0; i < r->nshow; i++)
		if (r->nsort && r->show[i] == r->sort[0]) {
			keep[i] = 1;
			used = w[i];
		}
	for (i = 0; i < r->nshow; i++)
		if (!keep[i] && (used + w[i] <= budget || !used)) {
			keep[i] = 1;
			used += w[i];
		}
	r->hidden = xcalloc(r->nshow + 1, sizeof(*r->hidden));
	for (i = 0, k = 0; i < r->nshow; i++) {
		if (keep[i])
			r->show[k++] = r->show[i];
		else
			r->hidden[n++] = r->show[i];
	}
	r->nshow = k;
	r->nhidden = n;
	r->cols = cols;
	free(w);
	free(keep);
}

void report_hidden(const struct report *r)
{
	size_t i;

	if (!r->nhidden)
		return;
	fputs("Events hidden:   ", r->out);
	for (i = 0; i < r->nhidden; i++) {
		putc(' ', r->out);
		report_str(r, r->p->ev.ev[r->hidden[i]].name);
	}
	fprintf(r->out, " (too wide for %zu columns: --show picks events; a pipe shows all)\n",
		r->cols);
}

void report_release(struct report *r)
{
	namecut_reset();	/* the names written are forgotten with the report */
	free(r->show);
	free(r->sort);
	free(r->thr);
	free(r->thr_text);
	free(r->width);
	free(r->files);
	free(r->fns);
	free(r->hidden);
	if (!r->src_borrowed)
		source_find_free(r->src);
	memset(r, 0, sizeof(*r));
}

/* The width of the percentage report_cc() prints after count v of event i. */
static size_t perc_width(const struct profile *p, uint64_t v, size_t i)
{
	char text[64];
	uint64_t tot = p->total && cc_defined(p, p->total, i) ? p->total->v[i] : 0;

	if (!v || !tot)
		return 9;	/* blanks, or "    (n/a)" */
	return numfmt_perc(cc_num(p, v) * 100.0 / cc_num(p, tot), text);
}

void report_widths(const struct report *r, const struct cc *const *ccs, size_t n,
		   size_t *width)
{
	const struct profile *p = r->p;
	size_t i, k, ne = p->ev.n;
	size_t extra = r->o->show_percs ? 9 : 0;
	uint64_t *maxv = xcalloc(2 * ne + 1, sizeof(*maxv)), *minv = maxv + ne;
	unsigned char *any = xcalloc(ne + 1, 1);
	int sgn = p->signed_counts;

	/* the widest number is the largest one, or the most negative one */
	for (k = 0; k < n; k++) {
		const struct cc *c = ccs[k];
		for (i = 0; i < ne; i++) {
			if (!cc_defined(p, c, i))
				continue;
			any[i] = 1;
			if (cc_lt(p, maxv[i], c->v[i]))
				maxv[i] = c->v[i];
			if (cc_lt(p, c->v[i], minv[i]))
				minv[i] = c->v[i];
		}
	}
	for (i = 0; i < ne; i++) {
		size_t len = strlen(p->ev.ev[i].name);
		size_t w = escape_width(p->ev.ev[i].name, len, r->esc);
		/*
		 * a name longer than NAMECUT_LONG does not widen the column:
		 * every row would be padded to it (a 100 KB event name made
		 * 100 KB rows); its heading overhangs instead
		 */
		if (len > NAMECUT_LONG)
			w = NAMECUT_LONG;
		if (any[i] && numfmt_width_as(maxv[i], sgn) + extra > w)
			w = numfmt_width_as(maxv[i], sgn) + extra;
		if (any[i] && numfmt_width_as(minv[i], sgn) + extra > w)
			w = numfmt_width_as(minv[i], sgn) + extra;
		if (any[i] && sgn && extra) {
			/* signed counts: shares past 100% or below 0, wider than " (100.0%)" */
			size_t j;
			for (j = 0; j < 2; j++) {
				uint64_t v = j ? minv[i] : maxv[i];
				size_t len2 = numfmt_width_as(v, sgn) + perc_width(p, v, i);
				if (len2 > w)
					w = len2;
			}
		}
		width[i] = w;
	}
	free(maxv);
	free(any);
}

static void pad(FILE *out, size_t n)
{
	static const char spaces[] = "                                        ";
	while (n > 0) {
		size_t k = n < sizeof(spaces) - 1 ? n : sizeof(spaces) - 1;
		fwrite(spaces, 1, k, out);
		n -= k;
	}
}

void report_cc(const struct report *r, const struct cc *c, const size_t *width)
{
	report_cc_of(r, c, width, r->p->total);
}

void report_cc_of(const struct report *r, const struct cc *c, const size_t *width,
		  const struct cc *total)
{
	const struct profile *p = r->p;
	size_t k;

	for (k = 0; k < r->nshow; k++) {
		size_t i = r->show[k], len;
		char text[64];
		int def = c && cc_defined(p, c, i);
		if (def)
			len = numfmt_commify_as(c->v[i], p->signed_counts, text);
		else {
			text[0] = '.';
			text[1] = '\0';
			len = 1;
		}
		if (r->o->show_percs) {
			if (def && c->v[i]) {
				uint64_t tot = total && cc_defined(p, total, i) ? total->v[i] : 0;
				double perc = tot ? cc_num(p, c->v[i]) * 100.0 / cc_num(p, tot) : 0.0;
				if (!tot && p->signed_counts) {
					/* a difference that sums to 0: a share of nothing */
					memcpy(text + len, "    (n/a)", 10);
					len += 9;
				} else {
					len += numfmt_perc(perc, text + len);
				}
			} else {
				memcpy(text + len, "         ", 10);
				len += 9;
			}
		}
		if (width[i] > len)
			pad(r->out, width[i] - len);
		fwrite(text, 1, len, r->out);
		putc(' ', r->out);
	}
}

void report_events(const struct report *r, const size_t *width)
{
	size_t k;
	for (k = 0; k < r->nshow; k++) {
		size_t i = r->show[k];
		const char *name = r->p->ev.ev[i].name;
		size_t len = escape_width(name, strnlen(name, NAMECUT_LONG + 1), r->esc);
		report_name(r, name);
		if (width[i] > len)
			pad(r->out, width[i] - len);
		putc(' ', r->out);
	}
}

void report_str(const struct report *r, const char *s)
{
	escape_fputs(r->out, s, r->esc);
}

void report_name(const struct report *r, const char *s)
{
	size_t len, n = namecut(s, &len);

	escape_fwrite(r->out, s, n, r->esc);
	if (n < len) {
		char m[NAMECUT_MARKER_MAX];
		namecut_marker(m, len);
		fputs(m, r->out);
	}
}

char *report_name_dup(const char *s)
{
	size_t len, n = namecut(s, &len), ml = 0;
	char m[NAMECUT_MARKER_MAX], *d;

	if (n < len) {
		namecut_marker(m, len);
		ml = strlen(m);
	}
	d = xmalloc(n + ml + 1);
	memcpy(d, s, n);
	memcpy(d + n, m, ml);
	d[n + ml] = '\0';
	return d;
}

void report_rule(const struct report *r)
{
	fputs("--------------------------------------------------------------------------------\n",
	      r->out);
}

int report_row_cut(const struct report *r, const struct cc *c, size_t nshown)
{
	const struct profile *p = r->p;
	size_t e = r->sort[0];
	double v, tot;

	if (r->o->top && nshown >= r->o->top)
		return 1;
	if (r->o->row_threshold <= 0)
		return 0;
	/* a signed profile (a difference) cuts by size, whatever the sign */
	v = c && cc_defined(p, c, e) ? (double)cc_abs(p, c->v[e]) : 0;
	tot = p->total && cc_defined(p, p->total, e) ? (double)cc_abs(p, p->total->v[e]) : 0;
	return v * 100.0 < r->o->row_threshold * tot;
}

int report_cost_cmp(const struct report *r, const struct cc *a, const struct cc *b)
{
	size_t k;

	for (k = 0; k < r->nsort; k++) {
		size_t i = r->sort[k];
		int da = a && cc_defined(r->p, a, i), db = b && cc_defined(r->p, b, i);
		if (da != db)
			return da ? -1 : 1;
		if (da && a->v[i] != b->v[i]) {
			/* a signed profile's rows by size, as cg_annotate sorts a difference */
			uint64_t x = cc_abs(r->p, a->v[i]), y = cc_abs(r->p, b->v[i]);
			if (x != y)
				return x > y ? -1 : 1;
			return cc_lt(r->p, b->v[i], a->v[i]) ? -1 : 1;
		}
	}
	return 0;
}

size_t report_utf8_len(const unsigned char *u)
{
	size_t n, i;

	if (u[0] < 0x80)
		return 1;
	if (u[0] >= 0xc2 && u[0] <= 0xdf)
		n = 2;
	else if (u[0] >= 0xe0 && u[0] <= 0xef)
		n = 3;
	else if (u[0] >= 0xf0 && u[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (i = 1; i < n; i++)
		if ((u[i] & 0xc0) != 0x80)
			return 0;
	/* no overlong forms, surrogates or code points past U+10FFFF */
	if ((u[0] == 0xe0 && u[1] < 0xa0) || (u[0] == 0xed && u[1] > 0x9f) ||
	    (u[0] == 0xf0 && u[1] < 0x90) || (u[0] == 0xf4 && u[1] > 0x8f))
		return 0;
	return n;
}

/* The table's order of two functions (r: the report), ties as in the text table. */
static int fn_cmp(const void *x, const void *y, void *ctx)
{
	const struct report *r = ctx;
	const struct fn *a = *(const struct fn *const *)x, *b = *(const struct fn *const *)y;
	int inclusive = r->o->inclusive, c;

	c = report_cost_cmp(r, inclusive ? fn_incl(r->p, a) : a->self,
			    inclusive ? fn_incl(r->p, b) : b->self);
	return c ? c : graph_fn_cmp(a, b);
}

const struct fn **report_sorted_fns(const struct report *r, size_t *n)
{
	const struct profile *p = r->p;
	const struct fn **v = xmalloc((p->nfns + 1) * sizeof(*v));
	size_t i, k;

	for (i = 0; i < p->nfns; i++)
		v[i] = p->fns[i];
	sort_array_r(v, p->nfns, sizeof(*v), fn_cmp, (void *)r);
	for (k = 0; k < p->nfns; k++)
		if (report_row_cut(r, r->o->inclusive ? fn_incl(r->p, v[k]) : v[k]->self, k))
			break;
	*n = k;
	return v;
}

/* The text table's cumulative --threshold: reached for every sort event, given what curr holds? */
int report_threshold_reached(const struct report *r, const double *curr)
{
	const struct profile *p = r->p;
	size_t k;

	for (k = 0; k < r->nsort; k++) {
		size_t e = r->sort[k];
		double prop = curr[k] * 100;
		if (cc_defined(p, p->total, e) && p->total->v[e] > 0)
			prop /= (double)p->total->v[e];
		if (!(prop >= r->thr[k]))
			return 0;
	}
	return 1;
}
