/* report_html: one self-contained HTML page (data as JSON, our script and style, the flame graph and call graph as SVG). */
#include "report_html.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "html_assets.h"
#include "json.h"
#include "objdump.h"
#include "outbuf.h"
#include "ptrmap.h"
#include "report_diff.h"
#include "report_diff_src.h"
#include "report_dot.h"
#include "report_flame.h"
#include "sort.h"

/* A call shown in the function panel: the other end and its cost (diff: both sides). */
struct hlink {
	const void *other;
	uint64_t count[2];
	const struct cc *cc[2];
	int recursive;
	uint64_t key;		/* size of the sort event's cost, to keep the largest */
};

/* A call made from a source line, under that line. */
struct hsite {
	uint64_t line;
	const void *callee;
	uint64_t count[2];
	const struct cc *cc[2];
};

struct hfile {
	const char *name;		/* as the profile (or the diff) names it */
	const struct file *pf;		/* one profile */
	const struct diff_file *df;	/* a diff */
	uint64_t (*rg)[2];		/* line ranges to show, merged */
	size_t nrg, caprg;
	struct hsite *sites;
	size_t nsites, capsites;
};

struct html {
	struct report *r;
	const struct profile *p;	/* one profile, or NEW */
	const struct diff *d;		/* NULL: one profile */
	struct outbuf *out;
	long *ix;			/* by function id: its entry, or -1 */
	size_t nid;
	const void **ent;		/* rows first (nrows), then the others linked */
	size_t nent, capent, nrows;
	struct hlink **in, **outl;	/* per row: its callers and callees kept */
	size_t *nin, *nout, *morein, *moreout;
	struct hfile *files;
	size_t nfiles;
	struct ptrmap file_ix;		/* file name (interned) -> index in files */
	long *fileof;			/* per row: its file's index, or -1 */
	uint64_t (*span)[2];		/* per row */
	/* a diff's calls by function id (CSR) */
	size_t *cfirst_out, *cfirst_in;
	const struct diff_call **cout, **cin;
};

static uint32_t ent_id(const struct html *h, const void *e)
{
	return h->d ? ((const struct diff_fn *)e)->id : ((const struct fn *)e)->id;
}

static long entry(struct html *h, const void *e)
{
	uint32_t id = ent_id(h, e);

	if (h->ix[id] >= 0)
		return h->ix[id];
	if (h->nent == h->capent) {
		h->capent = h->capent ? 2 * h->capent : 256;
		h->ent = xrealloc(h->ent, h->capent * sizeof(*h->ent));
	}
	h->ent[h->nent] = e;
	h->ix[id] = (long)h->nent;
	return (long)h->nent++;
}

/* ---- costs ---- */

static void put_cc(struct html *h, const struct cc *c)
{
	if (h->d)
		json_counts(h->out, c->v, h->d->nev, h->d->sgn, ",");
	else
		json_cost(h->out, h->p, c);
}

/* One profile: [..]; a diff: [[old..],[new..]] */
static void put_cost(struct html *h, const struct cc *const c[2])
{
	if (!h->d) {
		put_cc(h, c[1]);
		return;
	}
	outbuf_putc(h->out, '[');
	put_cc(h, c[0]);
	outbuf_putc(h->out, ',');
	put_cc(h, c[1]);
	outbuf_putc(h->out, ']');
}

static void put_count(struct html *h, const uint64_t v[2])
{
	if (!h->d) {
		outbuf_u64(h->out, v[1]);
		return;
	}
	outbuf_putc(h->out, '[');
	outbuf_u64(h->out, v[0]);
	outbuf_putc(h->out, ',');
	outbuf_u64(h->out, v[1]);
	outbuf_putc(h->out, ']');
}

/* the size of a cost's primary sort event (a diff: of its change) */
static uint64_t cost_key(const struct html *h, const struct cc *const c[2])
{
	size_t e = h->r->sort[0];

	if (h->d) {
		uint64_t a = c[0] ? c[0]->v[e] : 0, b = c[1] ? c[1]->v[e] : 0;
		return a > b ? a - b : b - a;
	}
	return c[1] && cc_defined(h->p, c[1], e) ? cc_abs(h->p, c[1]->v[e]) : 0;
}

/* ---- the rows: those of the text table ---- */

static size_t rows_cap(const struct report *r)
{
	return r->o->top ? r->o->top : HTML_ROWS_MAX;
}

static void pick_rows(struct html *h)
{
	const struct report *r = h->r;
	const struct profile *p = h->p;
	size_t n, i, k, cap = rows_cap(r);

	if (h->d) {
		const struct diff_fn **v = report_diff_rows(r, h->d, &n);
		for (i = 0; i < n && i < cap; i++)
			entry(h, v[i]);
		free(v);
	} else {
		const struct fn **all = report_sorted_fns(r, &n);
		double *curr = xcalloc(r->nsort + 1, sizeof(*curr));
		for (i = 0; i < n && h->nent < cap; i++) {
			const struct fn *f = all[i];
			const struct cc *c = r->o->inclusive ? fn_incl(p, f) : f->self;
			if (!(f->listed || (r->o->inclusive && fn_in(p, f))))
				continue;
			if (r->filter && report_threshold_reached(r, curr))
				break;
			entry(h, f);
			for (k = 0; k < r->nsort; k++) {
				size_t e = r->sort[k];
				uint64_t tot = cc_defined(p, p->total, e) ? p->total->v[e] : 0;
				if (!cc_defined(p, c, e))
					continue;
				curr[k] = r->o->inclusive ? (double)tot - (double)c->v[e]
							  : curr[k] + (double)c->v[e];
			}
		}
		free(curr);
		free(all);
	}
	h->nrows = h->nent;
}

/* ---- callers and callees ---- */

static int link_cmp(const void *x, const void *y)
{
	const struct hlink *a = x, *b = y;

	if (a->key != b->key)
		return a->key > b->key ? -1 : 1;
	return 0;
}

/* A diff's calls by caller and by callee, as arrays (one pass over d->calls). */
static void diff_links_index(struct html *h)
{
	const struct diff *d = h->d;
	size_t i, n = d->nfns;
	size_t *fo = xcalloc(n + 2, sizeof(*fo)), *fi = xcalloc(n + 2, sizeof(*fi));

	for (i = 0; i < d->ncalls; i++) {
		fo[d->calls[i]->caller->id + 1]++;
		fi[d->calls[i]->callee->id + 1]++;
	}
	for (i = 0; i < n; i++) {
		fo[i + 1] += fo[i];
		fi[i + 1] += fi[i];
	}
	h->cout = xcalloc(d->ncalls + 1, sizeof(*h->cout));
	h->cin = xcalloc(d->ncalls + 1, sizeof(*h->cin));
	{
		size_t *po = xcalloc(n + 1, sizeof(*po)), *pi = xcalloc(n + 1, sizeof(*pi));
		for (i = 0; i < d->ncalls; i++) {
			const struct diff_call *c = d->calls[i];
			h->cout[fo[c->caller->id] + po[c->caller->id]++] = c;
			h->cin[fi[c->callee->id] + pi[c->callee->id]++] = c;
		}
		free(po);
		free(pi);
	}
	h->cfirst_out = fo;
	h->cfirst_in = fi;
}

static size_t gather_links(struct html *h, const void *e, int callers, struct hlink **v)
{
	size_t n = 0, cap = 16;

	*v = xmalloc(cap * sizeof(**v));
	if (h->d) {
		uint32_t id = ent_id(h, e);
		const size_t *first = callers ? h->cfirst_in : h->cfirst_out;
		const struct diff_call **cs = callers ? h->cin : h->cout;
		size_t k;
		for (k = first[id]; k < first[id + 1]; k++) {
			const struct diff_call *c = cs[k];
			struct hlink *l;
			if (n == cap)
				*v = xrealloc(*v, (cap *= 2) * sizeof(**v));
			l = &(*v)[n++];
			l->other = callers ? (const void *)c->caller : (const void *)c->callee;
			l->count[0] = c->count[0];
			l->count[1] = c->count[1];
			l->cc[0] = c->cc[0];
			l->cc[1] = c->cc[1];
			l->recursive = c->recursive;
			l->key = cost_key(h, l->cc);
		}
	} else {
		const struct fn *f = e;
		const struct call *c;
		for (c = callers ? fn_in(h->p, f) : fn_out(h->p, f); c;
		     c = callers ? c->next_in : c->next_out) {
			struct hlink *l;
			if (n == cap)
				*v = xrealloc(*v, (cap *= 2) * sizeof(**v));
			l = &(*v)[n++];
			l->other = callers ? (const void *)c->k.caller : (const void *)c->k.callee;
			l->count[0] = l->count[1] = c->count;
			l->cc[0] = l->cc[1] = c->cc;
			l->recursive = c->recursive;
			l->key = cost_key(h, l->cc);
		}
	}
	/* the largest first; equal ones keep the profile's order */
	sort_array(*v, n, sizeof(**v), link_cmp);
	return n;
}

static void pick_links(struct html *h)
{
	size_t i, k;

	h->in = xcalloc(h->nrows + 1, sizeof(*h->in));
	h->outl = xcalloc(h->nrows + 1, sizeof(*h->outl));
	h->nin = xcalloc(h->nrows + 1, sizeof(*h->nin));
	h->nout = xcalloc(h->nrows + 1, sizeof(*h->nout));
	h->morein = xcalloc(h->nrows + 1, sizeof(*h->morein));
	h->moreout = xcalloc(h->nrows + 1, sizeof(*h->moreout));
	for (i = 0; i < h->nrows; i++) {
		size_t n = gather_links(h, h->ent[i], 1, &h->in[i]);
		h->nin[i] = n < HTML_LINKS_MAX ? n : HTML_LINKS_MAX;
		h->morein[i] = n - h->nin[i];
		n = gather_links(h, h->ent[i], 0, &h->outl[i]);
		h->nout[i] = n < HTML_LINKS_MAX ? n : HTML_LINKS_MAX;
		h->moreout[i] = n - h->nout[i];
		for (k = 0; k < h->nin[i]; k++)
			entry(h, h->in[i][k].other);
		for (k = 0; k < h->nout[i]; k++)
			entry(h, h->outl[i][k].other);
	}
}

/* ---- sources: the lines around each row's span ---- */

static const char *ent_file(const struct html *h, const void *e)
{
	return h->d ? ((const struct diff_fn *)e)->file : ((const struct fn *)e)->k.file->name;
}

static int ent_span(const struct html *h, const void *e, uint64_t *lo, uint64_t *hi)
{
	uint64_t a, b;
	int zero, s, got = 0;

	if (!h->d)
		return profile_span(h->p, e, lo, hi, &zero) && *lo > 0;
	for (s = 0; s < 2; s++) {
		const struct fn *f = ((const struct diff_fn *)e)->fn[s];
		if (!f || !profile_span(h->d->p[s], f, &a, &b, &zero) || !a)
			continue;
		if (!got || a < *lo)
			*lo = a;
		if (!got || b > *hi)
			*hi = b;
		got = 1;
	}
	return got;
}

/* The file's index, added when new; names are interned (one address per text). */
static long file_index(struct html *h, const char *name, const struct file *pf)
{
	uint64_t *v = ptrmap_get(&h->file_ix, name);

	if (v)
		return (long)*v;
	h->files = xrealloc(h->files, (h->nfiles + 1) * sizeof(*h->files));
	memset(&h->files[h->nfiles], 0, sizeof(*h->files));
	h->files[h->nfiles].name = name;
	h->files[h->nfiles].pf = pf;
	ptrmap_put(&h->file_ix, name, h->nfiles);
	return (long)h->nfiles++;
}

static int range_cmp(const void *x, const void *y)
{
	const uint64_t *a = x, *b = y;

	return a[0] != b[0] ? (a[0] < b[0] ? -1 : 1) : 0;
}

static int site_cmp(const void *x, const void *y)
{
	const struct hsite *a = x, *b = y;

	return a->line != b->line ? (a->line < b->line ? -1 : 1) : 0;
}

static int in_ranges(const struct hfile *f, uint64_t line)
{
	size_t lo = 0, hi = f->nrg;

	while (lo < hi) {
		size_t m = lo + (hi - lo) / 2;
		if (line < f->rg[m][0])
			hi = m;
		else if (line > f->rg[m][1])
			lo = m + 1;
		else
			return 1;
	}
	return 0;
}

static void add_site(struct hfile *f, uint64_t line, const void *callee, const uint64_t count[2],
		     const struct cc *const cc[2])
{
	struct hsite *s;

	if (f->nsites == f->capsites) {
		f->capsites = f->capsites ? 2 * f->capsites : 64;
		f->sites = xrealloc(f->sites, f->capsites * sizeof(*f->sites));
	}
	s = &f->sites[f->nsites++];
	s->line = line;
	s->callee = callee;
	s->count[0] = count[0];
	s->count[1] = count[1];
	s->cc[0] = cc[0];
	s->cc[1] = cc[1];
}

/* files (ctx: the array) by name */
static int fileix_cmp(const void *x, const void *y, void *ctx)
{
	const struct hfile *files = ctx;

	return strcmp(files[*(const size_t *)x].name, files[*(const size_t *)y].name);
}

/*
 * Each file's diff_file: d->files is not indexed, and its names are the
 * diff's copies (not the functions' addresses): by name, sorted once.
 */
static void diff_files_of(struct html *h)
{
	size_t i, *ord = xmalloc((h->nfiles + 1) * sizeof(*ord));

	for (i = 0; i < h->nfiles; i++)
		ord[i] = i;
	sort_array_r(ord, h->nfiles, sizeof(*ord), fileix_cmp, h->files);
	for (i = 0; i < h->d->nfiles; i++) {
		const char *name = h->d->files[i]->name;
		size_t lo = 0, hi = h->nfiles;
		while (lo < hi) {
			size_t m = lo + (hi - lo) / 2;
			int c = strcmp(name, h->files[ord[m]].name);
			if (!c) {
				h->files[ord[m]].df = h->d->files[i];
				break;
			}
			if (c < 0)
				hi = m;
			else
				lo = m + 1;
		}
	}
	free(ord);
}

static void pick_sources(struct html *h)
{
	size_t i, k;

	h->fileof = xmalloc((h->nrows + 1) * sizeof(*h->fileof));
	h->span = xcalloc(h->nrows + 1, sizeof(*h->span));
	for (i = 0; i < h->nrows; i++) {
		const char *name = ent_file(h, h->ent[i]);
		uint64_t lo = 0, hi = 0;
		struct hfile *f;
		h->fileof[i] = -1;
		if (!strcmp(name, "???") || !ent_span(h, h->ent[i], &lo, &hi))
			continue;
		h->fileof[i] = file_index(h, name, h->d ? NULL : ((const struct fn *)h->ent[i])->k.file);
		h->span[i][0] = lo;
		h->span[i][1] = hi;
		f = &h->files[h->fileof[i]];
		if (f->nrg == f->caprg) {
			f->caprg = f->caprg ? 2 * f->caprg : 8;
			f->rg = xrealloc(f->rg, f->caprg * sizeof(*f->rg));
		}
		/* a few lines of context; a long span is cut */
		f->rg[f->nrg][0] = lo > 3 ? lo - 3 : 1;
		f->rg[f->nrg][1] = hi - lo < HTML_SPAN_MAX ? hi + 3 : lo + HTML_SPAN_MAX;
		f->nrg++;
	}
	if (h->d)
		diff_files_of(h);
	for (i = 0; i < h->nfiles; i++) {
		struct hfile *f = &h->files[i];
		size_t m = 0;
		sort_array(f->rg, f->nrg, sizeof(*f->rg), range_cmp);
		for (k = 0; k < f->nrg; k++) {
			if (m && f->rg[k][0] <= f->rg[m - 1][1] + 1) {
				if (f->rg[k][1] > f->rg[m - 1][1])
					f->rg[m - 1][1] = f->rg[k][1];
			} else {
				f->rg[m][0] = f->rg[k][0];
				f->rg[m][1] = f->rg[k][1];
				m++;
			}
		}
		f->nrg = m;
		if (h->d) {
			const struct diff_site *s;
			for (s = f->df ? f->df->sites : NULL; s; s = s->next)
				if (in_ranges(f, s->k.line))
					add_site(f, s->k.line, s->k.callee, s->count,
						 (const struct cc *const *)s->cc);
		} else {
			const struct callsite *s;
			for (s = f->pf->sites; s; s = s->next) {
				const uint64_t c[2] = { s->count, s->count };
				const struct cc *const cc[2] = { s->cc, s->cc };
				if (in_ranges(f, s->k.line))
					add_site(f, s->k.line, s->k.callee, c, cc);
			}
		}
		sort_array(f->sites, f->nsites, sizeof(*f->sites), site_cmp);
		for (k = 0; k < f->nsites; k++)
			entry(h, f->sites[k].callee);
	}
}

/*
 * The text of a source file (the current folder, then -I), NUL-terminated,
 * or NULL with *why (NULL: found nowhere).
 */
static char *read_source(const struct html *h, const char *name, size_t *len, const char **why)
{
	const struct opts *o = h->r->o;
	size_t k;

	*why = NULL;
	for (k = 0; k <= o->ninclude; k++) {
		const char *dir = k ? o->include[k - 1] : "", *w = NULL;
		char *path = xmalloc(strlen(dir) + strlen(name) + 1), *buf;
		struct stat st;
		size_t got = 0, want;
		ssize_t n;
		int fd;
		strcpy(path, dir);
		strcat(path, name);
		fd = report_source_open(path, &st, &w);
		free(path);
		if (fd < 0) {
			if (!*why)
				*why = w;
			continue;
		}
		want = (size_t)st.st_size;
		buf = xmalloc(want + 1);
		while (got < want && ((n = read(fd, buf + got, want - got)) > 0 || (n < 0 && errno == EINTR)))
			if (n > 0)
				got += (size_t)n;
		close(fd);
		buf[got] = '\0';
		if (memchr(buf, '\0', got)) {
			free(buf);
			*why = "binary: it holds NUL bytes";
			continue;
		}
		*len = got;
		return buf;
	}
	return NULL;
}

static const struct cc *line_cost(const struct html *h, const struct hfile *f, uint64_t line,
				  const struct cc *c[2])
{
	if (h->d) {
		const struct diff_line *l = NULL;
		if (f->df)
			HASH_FIND(hh, f->df->lines, &line, sizeof(line), l);
		if (!l)
			return NULL;
		c[0] = l->cc[0];
		c[1] = l->cc[1];
		return c[1];
	}
	c[0] = c[1] = f->pf ? profile_line_find(f->pf, line) : NULL;
	return c[1];
}

static void put_file(struct html *h, const struct hfile *f)
{
	struct outbuf *out = h->out;
	const char *fname = h->d ? report_diff_source_name(h->r, h->d, f->name) : f->name;
	size_t len = 0, k, si = 0;
	const char *why, *at, *end;
	char *text = read_source(h, fname, &len, &why);
	uint64_t line = 1;
	int first = 1;

	outbuf_puts(out, "{\"name\":");
	json_name(out, f->name);
	outbuf_puts(out, ",\"why\":");
	json_str(out, text ? NULL : why ? why : "not found in the current folder or an -I folder");
	outbuf_puts(out, ",\"lines\":[");
	at = text;
	end = text ? text + len : NULL;
	for (k = 0; k < f->nrg; k++) {
		uint64_t l;
		for (l = f->rg[k][0]; l <= f->rg[k][1]; l++) {
			const struct cc *c[2] = { NULL, NULL };
			const char *s = NULL;
			size_t n = 0;
			int has_cost = line_cost(h, f, l, c) != NULL;
			/* the text of line l, if the file has it */
			while (at && at < end && line < l) {
				const char *nlp = memchr(at, '\n', (size_t)(end - at));
				at = nlp ? nlp + 1 : end;
				line++;
			}
			if (at && at < end && line == l) {
				const char *nlp = memchr(at, '\n', (size_t)(end - at));
				s = at;
				n = nlp ? (size_t)(nlp - at) : (size_t)(end - at);
				if (n && s[n - 1] == '\r')
					n--;
			}
			while (si < f->nsites && f->sites[si].line < l)
				si++;
			if (!s && !has_cost && !(si < f->nsites && f->sites[si].line == l))
				continue;
			outbuf_puts(out, first ? "\n[" : ",\n[");
			first = 0;
			outbuf_u64(out, l);
			outbuf_putc(out, ',');
			if (s) {
				char *t = xmalloc(HTML_LINE_MAX + 4);
				size_t m = n < HTML_LINE_MAX ? n : HTML_LINE_MAX;
				memcpy(t, s, m);
				/* never cut a UTF-8 sequence */
				if (m < n)
					while (m > 0 && ((unsigned char)t[m] & 0xc0) == 0x80)
						m--;
				t[m] = '\0';
				if (m < n)
					strcat(t, "...");
				json_str(out, t);
				free(t);
			} else {
				outbuf_puts(out, "null");
			}
			if (has_cost || (si < f->nsites && f->sites[si].line == l)) {
				outbuf_putc(out, ',');
				if (has_cost)
					put_cost(h, c);
				else
					outbuf_puts(out, "null");
			}
			if (si < f->nsites && f->sites[si].line == l) {
				int firstc = 1;
				outbuf_puts(out, ",[");
				for (; si < f->nsites && f->sites[si].line == l; si++) {
					const struct hsite *st = &f->sites[si];
					outbuf_puts(out, firstc ? "[" : ",[");
					firstc = 0;
					outbuf_u64(out, (uint64_t)h->ix[ent_id(h, st->callee)]);
					outbuf_putc(out, ',');
					put_count(h, st->count);
					outbuf_putc(out, ',');
					put_cost(h, st->cc);
					outbuf_putc(out, ']');
				}
				outbuf_putc(out, ']');
			}
			outbuf_putc(out, ']');
		}
	}
	outbuf_puts(out, "]}");
	free(text);
}

/* ---- the data block ---- */

static void put_links(struct html *h, const struct hlink *v, size_t n)
{
	size_t k;

	outbuf_putc(h->out, '[');
	for (k = 0; k < n; k++) {
		if (k)
			outbuf_putc(h->out, ',');
		outbuf_putc(h->out, '[');
		outbuf_u64(h->out, (uint64_t)h->ix[ent_id(h, v[k].other)]);
		outbuf_putc(h->out, ',');
		put_count(h, v[k].count);
		outbuf_putc(h->out, ',');
		put_cost(h, v[k].cc);
		outbuf_puts(h->out, v[k].recursive ? ",1]" : ",0]");
	}
	outbuf_putc(h->out, ']');
}

static void put_entry(struct html *h, size_t i)
{
	struct outbuf *out = h->out;
	const void *e = h->ent[i];
	const char *name, *file, *obj;
	const struct cc *self[2], *incl[2];
	int exact;

	if (h->d) {
		const struct diff_fn *f = e;
		name = f->name;
		file = f->file;
		obj = f->obj ? f->obj : "";
		self[0] = f->self[0];
		self[1] = f->self[1];
		incl[0] = f->incl[0];
		incl[1] = f->incl[1];
		exact = (!f->fn[0] || f->fn[0]->incl_exact) && (!f->fn[1] || f->fn[1]->incl_exact);
	} else {
		const struct fn *f = e;
		name = f->k.name;
		file = f->k.file->name;
		obj = f->obj;
		self[0] = self[1] = f->self;
		incl[0] = incl[1] = fn_incl(h->p, f);
		exact = f->incl_exact && h->p->incl;
	}
	outbuf_puts(out, i ? ",\n{\"id\":" : "\n{\"id\":");
	outbuf_u64(out, ent_id(h, e));
	outbuf_puts(out, ",\"name\":");
	json_name(out, name);
	outbuf_puts(out, ",\"file\":");
	json_name(out, file);
	outbuf_puts(out, ",\"obj\":");
	json_name(out, obj);
	outbuf_puts(out, ",\"self\":");
	put_cost(h, self);
	outbuf_puts(out, ",\"incl\":");
	put_cost(h, incl);
	outbuf_puts(out, exact ? ",\"exact\":1" : ",\"exact\":0");
	if (h->d) {
		const struct diff_fn *f = e;
		outbuf_puts(out, ",\"status\":\"");
		outbuf_puts(out, !f->in[0] ? "new" : !f->in[1] ? "gone" : "both");
		outbuf_putc(out, '"');
	} else {
		const struct fn *f = e;
		outbuf_puts(out, ",\"calls\":");
		outbuf_u64(out, fn_ncalls(h->p, f));
		outbuf_puts(out, ",\"cycle\":");
		outbuf_u64(out, f->cycle);
	}
	if (i < h->nrows) {
		outbuf_puts(out, ",\n \"callers\":");
		put_links(h, h->in[i], h->nin[i]);
		outbuf_puts(out, ",\n \"callees\":");
		put_links(h, h->outl[i], h->nout[i]);
		outbuf_puts(out, ",\"more\":[");
		outbuf_u64(out, h->morein[i]);
		outbuf_putc(out, ',');
		outbuf_u64(out, h->moreout[i]);
		outbuf_puts(out, "],\"src\":");
		if (h->fileof[i] < 0) {
			outbuf_puts(out, "-1");
		} else {
			outbuf_u64(out, (uint64_t)h->fileof[i]);
			outbuf_puts(out, ",\"span\":[");
			outbuf_u64(out, h->span[i][0]);
			outbuf_putc(out, ',');
			outbuf_u64(out, h->span[i][1]);
			outbuf_putc(out, ']');
		}
	}
	outbuf_putc(out, '}');
}

static void put_events(struct html *h)
{
	const struct profile *p = h->p;
	size_t i;

	outbuf_puts(h->out, "\"events\":[");
	for (i = 0; i < p->ev.n; i++) {
		outbuf_puts(h->out, i ? ",{\"name\":" : "{\"name\":");
		json_str(h->out, p->ev.ev[i].name);
		outbuf_puts(h->out, ",\"long\":");
		json_str(h->out, p->ev.ev[i].longname);
		outbuf_puts(h->out, h->d && !diff_has_event(h->d, i) ? ",\"old\":0}" : "}");
	}
	outbuf_puts(h->out, "],\n\"show\":[");
	for (i = 0; i < h->r->nshow; i++) {
		if (i)
			outbuf_putc(h->out, ',');
		outbuf_u64(h->out, h->r->show[i]);
	}
	outbuf_puts(h->out, "],\"sort\":");
	outbuf_u64(h->out, h->r->sort[0]);
	outbuf_puts(h->out, h->r->o->inclusive ? ",\"order\":\"inclusive\"" : ",\"order\":\"self\"");
}

/* ---- the SVGs ---- */

/* What fn writes to r->out, in memory (malloc'ed), or NULL when it fails. */
static char *capture(struct report *r, int (*fn)(struct report *, const void *), const void *arg,
		     size_t *len)
{
	FILE *saved = r->out, *m;
	char *buf = NULL;
	int rc;

	*len = 0;
	m = open_memstream(&buf, len);
	if (!m)
		return NULL;
	r->out = m;
	rc = fn(r, arg);
	r->out = saved;
	if (fclose(m) || rc) {
		free(buf);
		return NULL;
	}
	return buf;
}

static int flame_one(struct report *r, const void *arg)
{
	(void)arg;
	return report_flamegraph(r);
}

static int flame_diff(struct report *r, const void *old)
{
	return report_flamegraph_diff(r, old);
}

static int dot_one(struct report *r, const void *arg)
{
	(void)arg;
	report_dot(r);
	return 0;
}

/* From "<svg" on: the XML declaration and doctype go (an HTML page has its own). */
static void put_svg(struct outbuf *out, const char *svg, size_t len)
{
	const char *s = strstr(svg, "<svg");

	if (s)
		outbuf_write(out, s, len - (size_t)(s - svg));
}

/* The call graph: DOT (report_dot.c) through dot -Tsvg; NULL with a note why not. */
static char *call_graph(struct report *r, char *note, size_t notelen, size_t *svglen)
{
	char tmpl[] = "/tmp/annogrind-dot-XXXXXX", err[256];
	size_t len;
	char *dot = capture(r, dot_one, NULL, &len), *svg = NULL;
	int fd;

	if (!dot) {
		snprintf(note, notelen, "the call graph could not be written");
		return NULL;
	}
	fd = mkstemp(tmpl);
	if (fd < 0 || write(fd, dot, len) != (ssize_t)len) {
		snprintf(note, notelen, "no temporary file for the call graph: %s", strerror(errno));
	} else {
		const char *argv[] = { "dot", "-Tsvg", tmpl, NULL };
		if (objdump_run(argv, &svg, svglen, err, sizeof(err)))
			snprintf(note, notelen, "Graphviz's dot did not draw the call graph (%s): "
				 "install Graphviz (Debian graphviz) and make the report again, "
				 "or draw it with annogrind --format=dot PROFILE | dot -Tsvg", err);
	}
	if (fd >= 0) {
		close(fd);
		unlink(tmpl);
	}
	free(dot);
	return svg;
}

/* ---- the Content-Security-Policy: the hash of each inline script ---- */

/* SHA-256 (FIPS 180-4), for the CSP's 'sha256-...' sources */
static const uint32_t sha_k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define ROR(x, n) ((x) >> (n) | (x) << (32 - (n)))

static void sha_block(uint32_t h[8], const unsigned char *b)
{
	uint32_t w[64], a[8], t1, t2;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)b[4 * i] << 24 | (uint32_t)b[4 * i + 1] << 16 | (uint32_t)b[4 * i + 2] << 8 | b[4 * i + 3];
	for (i = 16; i < 64; i++)
		w[i] = (ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10)) + w[i - 7] +
		       (ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3)) + w[i - 16];
	memcpy(a, h, sizeof(a));
	for (i = 0; i < 64; i++) {
		t1 = a[7] + (ROR(a[4], 6) ^ ROR(a[4], 11) ^ ROR(a[4], 25)) + ((a[4] & a[5]) ^ (~a[4] & a[6])) +
		     sha_k[i] + w[i];
		t2 = (ROR(a[0], 2) ^ ROR(a[0], 13) ^ ROR(a[0], 22)) + ((a[0] & a[1]) ^ (a[0] & a[2]) ^ (a[1] & a[2]));
		memmove(a + 1, a, 7 * sizeof(*a));
		a[4] += t1;
		a[0] = t1 + t2;
	}
	for (i = 0; i < 8; i++)
		h[i] += a[i];
}

/* "'sha256-BASE64'" of the n bytes at s, into out (at least 54 bytes). */
static void csp_hash(const char *s, size_t n, char *out)
{
	static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	uint32_t h[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
			  0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
	unsigned char tail[128], d[33];
	size_t i, rest = n % 64, pad = rest < 56 ? 64 : 128;
	uint64_t bits = (uint64_t)n * 8;
	char *o = out;

	for (i = 0; i + 64 <= n; i += 64)
		sha_block(h, (const unsigned char *)s + i);
	memset(tail, 0, sizeof(tail));
	memcpy(tail, s + i, rest);
	tail[rest] = 0x80;
	for (i = 0; i < 8; i++)
		tail[pad - 1 - i] = (unsigned char)(bits >> (8 * i));
	sha_block(h, tail);
	if (pad == 128)
		sha_block(h, tail + 64);
	for (i = 0; i < 32; i++)
		d[i] = (unsigned char)(h[i / 4] >> (24 - 8 * (i % 4)));
	d[32] = 0;
	o += sprintf(o, "'sha256-");
	for (i = 0; i < 33; i += 3) {
		uint32_t v = (uint32_t)d[i] << 16 | (i + 1 < 33 ? (uint32_t)d[i + 1] << 8 : 0) |
			     (i + 2 < 33 ? d[i + 2] : 0);
		*o++ = b64[v >> 18 & 63];
		*o++ = b64[v >> 12 & 63];
		*o++ = i + 1 < 32 ? b64[v >> 6 & 63] : '=';
		*o++ = i + 2 < 32 ? b64[v & 63] : '=';
	}
	strcpy(o, "'");
}

/* The text of the flame graph's script (between its CDATA markers), or NULL. */
static const char *flame_script(const char *svg, size_t *n)
{
	const char *s = svg ? strstr(svg, "<script") : NULL, *a, *e;

	if (!s || !(a = strstr(s, "<![CDATA[")) || !(e = strstr(a, "]]></script>")))
		return NULL;
	a += 9;
	*n = (size_t)(e - a);
	return a;
}

/* ---- the page ---- */

static void put_page(struct html *h, const char *flame, size_t flamelen, const char *graph,
		     size_t graphlen)
{
	struct outbuf *out = h->out;

	char hash[64], *js = xmalloc(strlen(html_js) + 2);
	const char *fs;
	size_t n;

	/* only our two scripts run: the page's and the flame graph's, by their hashes */
	outbuf_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
			 "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
			 "script-src ");
	js[0] = '\n';
	strcpy(js + 1, html_js);
	csp_hash(js, strlen(js), hash);
	free(js);
	outbuf_puts(out, hash);
	if ((fs = flame_script(flame, &n))) {
		csp_hash(fs, n, hash);
		outbuf_putc(out, ' ');
		outbuf_puts(out, hash);
	}
	outbuf_puts(out, "; style-src 'unsafe-inline'; img-src data:\">\n"
			 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
			 "<title>annogrind report</title>\n<style>\n");
	outbuf_puts(out, html_css);
	outbuf_puts(out, "</style>\n</head>\n<body>\n"
			 "<header id=\"ag-head\"></header>\n"
			 "<main>\n<section id=\"ag-panel\" hidden></section>\n"
			 "<section id=\"ag-table\"></section>\n"
			 "<section id=\"ag-flame\"><h2>Flame graph</h2>\n");
	if (flame)
		put_svg(out, flame, flamelen);
	outbuf_puts(out, "</section>\n<section id=\"ag-graph\"><h2>Call graph</h2>\n");
	if (graph)
		put_svg(out, graph, graphlen);
	outbuf_puts(out, "</section>\n</main>\n");
}

static int html_run(struct html *h, const struct profile *old, const char *old_name,
		    const char *new_name, int tools)
{
	struct report *r = h->r;
	static struct outbuf ob;
	struct outbuf *out = &ob;
	char note[600] = "", *flame, *graph = NULL;
	size_t flamelen = 0, graphlen = 0, i;

	h->out = out;
	h->nid = h->d ? h->d->nfns : h->p->nfns;
	h->ix = xmalloc((h->nid + 1) * sizeof(*h->ix));
	for (i = 0; i < h->nid; i++)
		h->ix[i] = -1;
	if (h->d)
		diff_links_index(h);
	pick_rows(h);
	pick_links(h);
	pick_sources(h);

	flame = h->d ? capture(r, flame_diff, old, &flamelen) : capture(r, flame_one, NULL, &flamelen);
	if (!flame)
		return -1;
	if (tools && !h->d && r->o->top > HTML_GRAPH_MAX)
		snprintf(note, sizeof(note), "The call graph is drawn for --top=%d or less: "
			 "annogrind --format=dot --top=N PROFILE | dot -Tsvg draws more.", HTML_GRAPH_MAX);
	else if (tools && !h->d)
		graph = call_graph(r, note, sizeof(note), &graphlen);
	else if (h->d)
		snprintf(note, sizeof(note), "No call graph for a comparison: annogrind --format=dot "
			 "PROFILE | dot -Tsvg draws the graph of one profile.");
	else
		snprintf(note, sizeof(note), "The call graph was not drawn: "
			 "annogrind --format=dot PROFILE | dot -Tsvg draws it.");

	outbuf_init(out, r->out);
	put_page(h, flame, flamelen, graph, graphlen);
	json_html_safe(1);
	outbuf_puts(out, "<script type=\"application/json\" id=\"ag-data\">\n{\"kind\":");
	outbuf_puts(out, h->d ? "\"diff\"" : "\"profile\"");
	outbuf_puts(out, ",\"profiles\":[");
	if (h->d) {
		json_str(out, old_name);
		outbuf_putc(out, ',');
		json_str(out, new_name);
	} else if (r->ninputs > 1) {
		for (i = 0; i < r->ninputs; i++) {
			if (i)
				outbuf_putc(out, ',');
			json_str(out, r->inputs[i]);
		}
	} else {
		json_str(out, r->input_name);
	}
	outbuf_puts(out, "],\n\"cmd\":");
	json_str(out, h->p->cmd);
	if (h->d) {
		outbuf_puts(out, ",\"old_cmd\":");
		json_str(out, h->d->p[DIFF_OLD]->cmd);
	}
	outbuf_puts(out, ",\"creator\":");
	json_str(out, h->p->creator);
	outbuf_puts(out, ",\n");
	put_events(h);
	outbuf_puts(out, ",\n\"totals\":");
	if (h->d) {
		put_cost(h, (const struct cc *const *)h->d->total);
	} else {
		const struct cc *t[2] = { h->p->total, h->p->total };
		put_cost(h, t);
	}
	outbuf_puts(out, ",\"nfns\":");
	outbuf_u64(out, h->nid);
	outbuf_puts(out, ",\"nrows\":");
	outbuf_u64(out, h->nrows);
	outbuf_puts(out, ",\"cap\":");
	outbuf_u64(out, rows_cap(r));
	outbuf_puts(out, ",\"threshold\":");
	json_str(out, r->filter ? r->thr_text[0] : NULL);
	outbuf_puts(out, ",\"incl_known\":");
	outbuf_puts(out, h->d || h->p->incl ? "1" : "0");
	outbuf_puts(out, ",\"graph_note\":");
	json_str(out, graph ? NULL : note);
	outbuf_puts(out, ",\n");
	if (!h->d && h->p->nicodes && h->nrows) {
		/* report_asm_json() writes "machine_code": [...],\n; objdump's text only with tools */
		struct opts o = *r->o;
		const struct opts *saved = r->o;
		o.disasm = tools;
		r->o = &o;
		report_asm_json(r, out, (const struct fn *const *)h->ent,
				h->nrows < HTML_ASM_MAX ? h->nrows : HTML_ASM_MAX);
		r->o = saved;
	}
	outbuf_puts(out, "\"fns\":[");
	for (i = 0; i < h->nent; i++)
		put_entry(h, i);
	outbuf_puts(out, "],\n\"files\":[");
	for (i = 0; i < h->nfiles; i++) {
		outbuf_puts(out, i ? ",\n" : "\n");
		put_file(h, &h->files[i]);
	}
	outbuf_puts(out, "]}\n</script>\n<script>\n");
	json_html_safe(0);
	outbuf_puts(out, html_js);
	outbuf_puts(out, "</script>\n</body>\n</html>\n");
	outbuf_flush(out);

	free(flame);
	free(graph);
	return 0;
}

static void html_release(struct html *h)
{
	size_t i;

	for (i = 0; i < h->nrows; i++) {
		if (h->in)
			free(h->in[i]);
		if (h->outl)
			free(h->outl[i]);
	}
	for (i = 0; i < h->nfiles; i++) {
		free(h->files[i].rg);
		free(h->files[i].sites);
	}
	free(h->files);
	ptrmap_free(&h->file_ix);
	free(h->in);
	free(h->outl);
	free(h->nin);
	free(h->nout);
	free(h->morein);
	free(h->moreout);
	free(h->fileof);
	free(h->span);
	free(h->ix);
	free(h->ent);
	free(h->cfirst_out);
	free(h->cfirst_in);
	free(h->cout);
	free(h->cin);
}

int report_html(struct report *r, int tools)
{
	struct html h;
	int rc;

	memset(&h, 0, sizeof(h));
	h.r = r;
	h.p = r->p;
	rc = html_run(&h, NULL, NULL, NULL, tools);
	html_release(&h);
	return rc;
}

int report_html_diff(struct report *r, const struct diff *d, const struct profile *old,
		     const char *old_name, const char *new_name, int tools)
{
	struct html h;
	int rc;

	memset(&h, 0, sizeof(h));
	h.r = r;
	h.p = d->p[DIFF_NEW];
	h.d = d;
	rc = html_run(&h, old, old_name, new_name, tools);
	html_release(&h);
	return rc;
}
