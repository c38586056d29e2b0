/* report_html: one self-contained HTML page to explore a profile: its data packed in JSON, our script and style, dot's call graph as SVG. */
#include "report_html.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "escape.h"
#include "hash.h"
#include "html_assets.h"
#include "json.h"
#include "numfmt.h"
#include "objdump.h"
#include "outbuf.h"
#include "ptrmap.h"
#include "report_diff.h"
#include "report_diff_src.h"
#include "report_dot.h"
#include "report_flame.h"
#include "sort.h"
#include "source_find.h"
#include "stacks.h"
#include "whole.h"

/* A call made from a source line, under that line. */
struct hsite {
	uint64_t line;
	long callee;		/* its row */
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

/* The source span of a row, when it has one (HTML_SRC_ROWS rows at most). */
struct hspan {
	long row, file;
	uint64_t lo, hi;
};

struct html {
	struct report *r;
	const struct profile *p;	/* one profile (its pieces apart), or NEW */
	const struct profile *m;	/* p's functions whole: the rows of one profile */
	const struct whole *w;		/* p's pieces, or NULL (none given) */
	const struct diff *d;		/* a comparison of the pieces, or NULL */
	const struct diff *dw;		/* a comparison of whole functions: its rows */
	const struct profile *old;	/* OLD's functions whole (a diff) */
	struct outbuf *out;
	size_t nrows, nev;
	struct ptrmap row_of;		/* a diff: a side's whole function -> its row */
	long *order;			/* rows by the sort event, largest first */
	struct hfile *files;
	size_t nfiles;
	struct ptrmap file_ix;		/* file name (interned) -> index in files */
	struct hspan *spans;
	size_t nspans;
	struct timespec mtime;		/* of the profile read, 0 when unknown */
	size_t *nrank;			/* by row: its place by name */
	unsigned char *dup;		/* by row: another has its file and shown name */
	char **shown;			/* by row: an address with its object, else NULL (row_shown()) */
	char **newer;			/* sources newer than the profile */
	size_t nnewer;
};

/* ---- numbers packed: 5 bits a character, the last one from another set ---- */

/*
 * A count as base-32 digits, most significant first: the last from
 * pk_end, the others from pk_more; '~' is a cost the event does not
 * define.  Half the bytes of decimal JSON, and report.js reads them into
 * typed arrays without JSON.parse making a number of each.
 */
static const char pk_end[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef";
static const char pk_more[] = "ghijklmnopqrstuvwxyz0123456789-_";

static void pk(struct outbuf *o, uint64_t v)
{
	char b[16];
	int n = 0;

	b[n++] = pk_end[v & 31];
	for (v >>= 5; v; v >>= 5)
		b[n++] = pk_more[v & 31];
	while (n)
		outbuf_putc(o, b[--n]);
}

/* The nev counts of c on side s (a diff's OLD lacks some events), '~' where undefined. */
static void pk_cc(struct html *h, const struct cc *c, int s)
{
	size_t e;

	for (e = 0; e < h->nev; e++) {
		int def = c && (h->d ? (s || diff_has_event(h->d, e)) : cc_defined(h->p, c, e));
		if (def)
			pk(h->out, c->v[e]);
		else
			outbuf_putc(h->out, '~');
	}
}

/* ---- rows: the functions whole ---- */

static const struct fn *row_fn(const struct html *h, size_t k)
{
	return h->m->fns[k];
}

static const struct diff_fn *row_dfn(const struct html *h, size_t k)
{
	return h->dw->fns[k];
}

static const char *row_name(const struct html *h, size_t k)
{
	return h->d ? row_dfn(h, k)->name : row_fn(h, k)->k.name;
}

static const char *row_file(const struct html *h, size_t k)
{
	return h->d ? row_dfn(h, k)->file : row_fn(h, k)->k.file->name;
}

static const char *row_obj(const struct html *h, size_t k)
{
	if (h->d)
		return row_dfn(h, k)->obj ? row_dfn(h, k)->obj : "";
	return row_fn(h, k)->obj;
}

/*
 * The name the page shows for row k: an address, the name of one
 * object's function only, followed by " [OBJECT]" (fn_short_name()), so
 * that two objects' functions at one offset are two names in the table,
 * the flame graph and the panel.
 */
static const char *row_shown(const struct html *h, size_t k)
{
	return h->shown[k] ? h->shown[k] : row_name(h, k);
}

static void make_shown(struct html *h)
{
	size_t k;

	h->shown = xcalloc(h->nrows + 1, sizeof(*h->shown));
	for (k = 0; k < h->nrows; k++) {
		const char *name = row_name(h, k), *obj = row_obj(h, k);
		if (fn_obj_base(name, obj))
			h->shown[k] = fn_short_name(name, strlen(name), obj);
	}
}

/* Self or inclusive cost of row k on side s (one profile: s is ignored). */
static const struct cc *row_cost(const struct html *h, size_t k, int incl, int s)
{
	if (h->d)
		return incl ? row_dfn(h, k)->incl[s] : row_dfn(h, k)->self[s];
	return incl ? fn_incl(h->m, row_fn(h, k)) : row_fn(h, k)->self;
}

/* The row of a function of a side's whole profile (m, or old), or -1. */
static long row_of_whole(const struct html *h, const struct fn *f)
{
	uint64_t *v;

	if (!h->d)
		return f ? (long)f->id : -1;
	v = f ? ptrmap_get(&h->row_of, f) : NULL;
	return v ? (long)*v : -1;
}

/* The row of a piece (a function of p, or of the pieces' diff), or -1. */
static long row_of_piece(const struct html *h, const void *e)
{
	int s;

	if (!h->d) {
		const struct fn *f = e;
		return h->w ? (long)whole_of(h->w, f)->id : (long)f->id;
	}
	if (h->dw == h->d)
		return (long)((const struct diff_fn *)e)->id;
	for (s = 1; s >= 0; s--) {
		const struct fn *f = ((const struct diff_fn *)e)->fn[s];
		if (f && h->d->whole[s])
			return row_of_whole(h, whole_of(h->d->whole[s], f));
	}
	return -1;
}

/* the size of a row's cost by the sort event (a diff: of its change), to order them */
static uint64_t row_key(const struct html *h, size_t k)
{
	size_t e = h->r->sort[0];
	int incl = h->r->o->inclusive;

	if (h->d) {
		uint64_t a = row_cost(h, k, 0, 0)->v[e], b = row_cost(h, k, 0, 1)->v[e];
		return a > b ? a - b : b - a;
	}
	return cc_defined(h->m, row_cost(h, k, incl, 1), e) ? cc_abs(h->m, row_cost(h, k, incl, 1)->v[e]) : 0;
}

static int order_cmp(const void *x, const void *y, void *ctx)
{
	const struct html *h = ctx;
	long a = *(const long *)x, b = *(const long *)y;
	uint64_t ka = row_key(h, (size_t)a), kb = row_key(h, (size_t)b);
	int c;

	if (ka != kb)
		return ka > kb ? -1 : 1;
	c = strcmp(row_shown(h, (size_t)a), row_shown(h, (size_t)b));
	return c ? c : (a > b) - (a < b);
}

static void order_rows(struct html *h)
{
	size_t k;

	h->order = xmalloc((h->nrows + 1) * sizeof(*h->order));
	for (k = 0; k < h->nrows; k++)
		h->order[k] = (long)k;
	sort_array_r(h->order, h->nrows, sizeof(*h->order), order_cmp, h);
}

/* ---- the functions, columns of the data ---- */

/* Names, files and objects: strings once each, rows by index. */
static void put_names(struct html *h)
{
	struct outbuf *out = h->out;
	struct ptrmap fix = { 0 }, oix = { 0 };
	const char **fl = xmalloc((h->nrows + 1) * sizeof(*fl)), **ob = xmalloc((h->nrows + 1) * sizeof(*ob));
	size_t k, nf = 0, no = 0;

	outbuf_puts(out, ",\n\"name\":[");
	for (k = 0; k < h->nrows; k++) {
		if (k)
			outbuf_putc(out, ',');
		json_name(out, row_shown(h, k));
	}
	outbuf_puts(out, "],\n\"file\":\"");
	for (k = 0; k < h->nrows; k++) {
		const char *f = row_file(h, k);
		uint64_t *v = ptrmap_get(&fix, f);
		if (!v) {
			ptrmap_put(&fix, f, nf);
			fl[nf++] = f;
		}
		pk(out, v ? *v : nf - 1);
	}
	outbuf_puts(out, "\",\n\"obj\":\"");
	for (k = 0; k < h->nrows; k++) {
		const char *o = row_obj(h, k);
		uint64_t *v = ptrmap_get(&oix, o);
		if (!v) {
			ptrmap_put(&oix, o, no);
			ob[no++] = o;
		}
		pk(out, v ? *v : no - 1);
	}
	outbuf_puts(out, "\",\n\"files\":[");
	for (k = 0; k < nf; k++) {
		if (k)
			outbuf_putc(out, ',');
		json_name(out, fl[k]);
	}
	outbuf_puts(out, "],\n\"objs\":[");
	for (k = 0; k < no; k++) {
		if (k)
			outbuf_putc(out, ',');
		json_name(out, ob[k]);
	}
	outbuf_putc(out, ']');
	ptrmap_free(&fix);
	ptrmap_free(&oix);
	free(fl);
	free(ob);
}

/*
 * "self", "incl" (a diff: NEW's, and "self0", "incl0" OLD's): nev counts
 * a row; "flags": 1 the inclusive cost is exact, 2 only in OLD, 4 only in
 * NEW, 8 another row has its file and shown name; "ncalls": how often it was
 * called (one profile).
 */
static void put_fns(struct html *h)
{
	struct outbuf *out = h->out;
	static const char *const key[4] = { "self", "incl", "self0", "incl0" };
	size_t k;
	int c;

	put_names(h);
	for (c = 0; c < (h->d ? 4 : 2); c++) {
		outbuf_puts(out, ",\n\"");
		outbuf_puts(out, key[c]);
		outbuf_puts(out, "\":\"");
		for (k = 0; k < h->nrows; k++)
			pk_cc(h, row_cost(h, k, c & 1, c < 2), c < 2);
		outbuf_putc(out, '"');
	}
	outbuf_puts(out, ",\n\"flags\":\"");
	for (k = 0; k < h->nrows; k++) {
		unsigned fl = 0;
		if (h->d) {
			const struct diff_fn *f = row_dfn(h, k);
			fl = ((!f->fn[0] || f->fn[0]->incl_exact) && (!f->fn[1] || f->fn[1]->incl_exact)) |
			     (!f->in[1] ? 2u : 0u) | (!f->in[0] ? 4u : 0u);
		} else {
			fl = row_fn(h, k)->incl_exact && h->m->incl;
		}
		pk(out, fl | (h->dup[k] ? 8u : 0u));
	}
	outbuf_putc(out, '"');
	if (!h->d) {
		outbuf_puts(out, ",\n\"ncalls\":\"");
		for (k = 0; k < h->nrows; k++)
			pk(out, fn_ncalls(h->m, row_fn(h, k)));
		outbuf_putc(out, '"');
	}
}

/* ---- the pieces of each function: its own code and what was inlined into it ---- */

/* The pieces of row k: of p (one profile) or of the pieces' diff; *n of them (malloc'ed). */
static const void **row_pieces(const struct html *h, size_t k, size_t *n)
{
	const void **v;
	size_t i, cap;
	int s;

	*n = 0;
	if (!h->d) {
		if (!h->w || whole_npieces(h->w, k) < 2)
			return NULL;
		*n = whole_npieces(h->w, k);
		v = xmalloc(*n * sizeof(*v));
		for (i = 0; i < *n; i++)
			v[i] = h->w->piece[h->w->first[k] + i];
		return v;
	}
	if (h->dw == h->d)
		return NULL;
	cap = 0;
	v = NULL;
	for (s = 1; s >= 0; s--) {
		const struct whole *w = h->d->whole[s];
		const struct fn *f = row_dfn(h, k)->fn[s];
		if (!w || !f || whole_npieces(w, f->id) < 2)
			continue;
		for (i = w->first[f->id]; i < w->first[f->id + 1]; i++) {
			const struct diff_fn *x = diff_find(h->d, w->piece[i]->k.file->name,
							    w->piece[i]->k.name, w->piece[i]->obj);
			size_t j;
			for (j = 0; x && j < *n; j++)
				if (v[j] == x)
					x = NULL;
			if (!x)
				continue;
			if (*n == cap)
				v = xrealloc(v, (cap = cap ? 2 * cap : 8) * sizeof(*v));
			v[(*n)++] = x;
		}
	}
	if (*n < 2) {
		free(v);
		*n = 0;
		return NULL;
	}
	return v;
}

/* A piece's name and file (a function of p, or of the pieces' diff). */
static void piece_names(const struct html *h, const void *e, const char **name, const char **file)
{
	if (h->d) {
		*name = ((const struct diff_fn *)e)->name;
		*file = ((const struct diff_fn *)e)->file;
	} else {
		*name = ((const struct fn *)e)->k.name;
		*file = ((const struct fn *)e)->k.file->name;
	}
}

/*
 * "pieces": for each function with several, its row ("row"), then each
 * piece's file (an index in "pfiles") and self cost; "other": [piece,
 * name] for a piece whose name is not its function's (most pieces share
 * it: code inlined from a header is "header.h:function").
 */
static void put_pieces(struct html *h)
{
	struct outbuf *out = h->out;
	struct ptrmap fix = { 0 };
	const char **files = NULL, *name, *file;
	size_t k, i, n, total = 0, nf = 0, cap = 0, nother = 0;
	int pass;

	for (pass = 0; pass < 4; pass++) {
		static const char *const key[4] = { "row", "file", "self", "other" };
		outbuf_puts(out, pass ? "\",\"" : ",\n\"pieces\":{\"");
		outbuf_puts(out, key[pass]);
		outbuf_puts(out, pass == 3 ? "\":[" : "\":\"");
		for (k = 0, total = 0; k < h->nrows; k++) {
			const void **v = row_pieces(h, k, &n);
			for (i = 0; i < n; i++, total++) {
				uint64_t *x;
				piece_names(h, v[i], &name, &file);
				if (pass == 0) {
					pk(out, k);
				} else if (pass == 1) {
					if (!(x = ptrmap_get(&fix, file))) {
						if (nf == cap)
							files = xrealloc(files, (cap = cap ? 2 * cap : 64) * sizeof(*files));
						ptrmap_put(&fix, file, nf);
						files[nf++] = file;
					}
					pk(out, x ? *x : nf - 1);
				} else if (pass == 2) {
					if (h->d) {
						pk_cc(h, ((const struct diff_fn *)v[i])->self[1], 1);
						pk_cc(h, ((const struct diff_fn *)v[i])->self[0], 0);
					} else {
						pk_cc(h, ((const struct fn *)v[i])->self, 1);
					}
				} else if (name != row_name(h, k) && strcmp(name, row_name(h, k))) {
					outbuf_puts(out, nother++ ? ",[" : "[");
					outbuf_u64(out, total);
					outbuf_putc(out, ',');
					json_name(out, name);
					outbuf_putc(out, ']');
				}
			}
			free((void *)v);
		}
	}
	outbuf_puts(out, "],\"pfiles\":[");
	for (i = 0; i < nf; i++) {
		if (i)
			outbuf_putc(out, ',');
		json_name(out, files[i]);
	}
	outbuf_puts(out, "]}");
	free(files);
	ptrmap_free(&fix);
}

/* "nrank": each row's place among the names in byte order (equal names one place), for sorting by name. */
static int name_cmp(const void *x, const void *y, void *ctx)
{
	const struct html *h = ctx;
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	int c = strcmp(row_shown(h, a), row_shown(h, b));

	return c ? c : (a > b) - (a < b);
}

/*
 * Each row's place among the names (equal names one place), and whether
 * another row has its file and shown name too (its #fn= key then names its
 * object): worked out once, by a sort of the rows by name.
 */
static void rank_names(struct html *h)
{
	size_t *ix = xmalloc((h->nrows + 1) * sizeof(*ix)), i, j, r = 0;

	h->nrank = xmalloc((h->nrows + 1) * sizeof(*h->nrank));
	h->dup = xcalloc(h->nrows + 1, 1);
	for (i = 0; i < h->nrows; i++)
		ix[i] = i;
	sort_array_r(ix, h->nrows, sizeof(*ix), name_cmp, h);
	for (i = 0; i < h->nrows; i++) {
		if (i && strcmp(row_shown(h, ix[i - 1]), row_shown(h, ix[i])))
			r = i;
		h->nrank[ix[i]] = r;
		for (j = r; j < i; j++)
			if (!strcmp(row_file(h, ix[j]), row_file(h, ix[i])))
				h->dup[ix[j]] = h->dup[ix[i]] = 1;
	}
	free(ix);
}

static void put_name_rank(struct html *h)
{
	size_t i;

	outbuf_puts(h->out, ",\n\"nrank\":\"");
	for (i = 0; i < h->nrows; i++)
		pk(h->out, h->nrank[i]);
	outbuf_putc(h->out, '"');
}

/* ---- calls between functions whole ---- */

/* "calls": caller and callee rows, count, inclusive cost (a diff: NEW's, then OLD's), recursive */
static void put_calls(struct html *h)
{
	struct outbuf *out = h->out;
	size_t k, pass;

	outbuf_puts(out, ",\n\"calls\":{");
	for (pass = 0; pass < (h->d ? 6u : 4u); pass++) {
		static const char *const key[6] = { "from", "to", "rec", "count", "cost", "cost0" };
		outbuf_puts(out, pass ? "\",\"" : "\"");
		outbuf_puts(out, key[pass]);
		outbuf_puts(out, "\":\"");
		if (h->d) {
			for (k = 0; k < h->dw->ncalls; k++) {
				const struct diff_call *c = h->dw->calls[k];
				if (pass == 0)
					pk(out, c->caller->id);
				else if (pass == 1)
					pk(out, c->callee->id);
				else if (pass == 2)
					pk(out, c->recursive);
				else if (pass == 3) {
					pk(out, c->count[1]);
					pk(out, c->count[0]);
				} else {
					pk_cc(h, c->cc[pass == 4], pass == 4);
				}
			}
			continue;
		}
		for (k = 0; k < h->nrows; k++) {
			const struct call *c;
			for (c = fn_out(h->m, row_fn(h, k)); c; c = c->next_out) {
				if (pass == 0)
					pk(out, k);
				else if (pass == 1)
					pk(out, c->k.callee->id);
				else if (pass == 2)
					pk(out, c->recursive);
				else if (pass == 3)
					pk(out, c->count);
			}
		}
		if (pass == 3) {
			outbuf_puts(out, "\",\"cost\":\"");
			for (k = 0; k < h->nrows; k++) {
				const struct call *c;
				for (c = fn_out(h->m, row_fn(h, k)); c; c = c->next_out)
					pk_cc(h, c->cc, 1);
			}
		}
	}
	outbuf_puts(out, "\"}");
}

/* ---- the flame graph: the stacks of --format=flamegraph, as data ---- */

/* The stacks of --format=flamegraph (the same cut), on p. */
static int flame_of(const struct report *r, const struct profile *p, size_t ev, struct flame *fl)
{
	return report_flame_build(r, p, ev, fl, 1);
}

/* A stack's cost of NEW in the sort event, scaled as the rows are (--scale=total). */
static uint64_t new_cost(const struct html *h, uint64_t v)
{
	return h->d && h->d->scale ? diff_scaled(h->d, h->r->sort[0], v) : v;
}

/*
 * The frames of fl depth first (children in the order drawn), the root
 * "all" left out: each frame's row ("fn", the row + 1; 0 when the frame
 * names no function of the table: rows[] by function id of the profile
 * fl was made from, -1 for none), depth and total cost of the sort
 * event; with fo (a diff's OLD, matched) "old": the total of the same
 * stack there, '~' where OLD has none.  Frames point to the names of
 * fl.names, made by function id: that id is the frame's function.
 */
static void put_frames(struct html *h, const struct flame *fl, const struct flame *fo, const long *rows)
{
	struct outbuf *out = h->out;
	struct ptrmap ids = { 0 };
	uint32_t *stack = xmalloc((fl->maxdepth + 2) * sizeof(*stack));
	size_t i, pass;

	for (i = 0; i < fl->nnames; i++)
		if (fl->names[i])
			ptrmap_put(&ids, fl->names[i], i);
	for (pass = 0; pass < (fo ? 4u : 3u); pass++) {
		static const char *const key[4] = { "fn", "depth", "v", "old" };
		size_t depth = 0;
		outbuf_puts(out, ",\"");
		outbuf_puts(out, key[pass]);
		outbuf_puts(out, "\":\"");
		stack[0] = fl->node[0].child;
		while (1) {
			uint32_t c = stack[depth];
			const struct fnode *x;
			if (c == STACKS_NONE) {
				if (!depth)
					break;
				depth--;
				continue;
			}
			x = &fl->node[c];
			stack[depth] = x->next;
			if (pass == 0) {
				uint64_t *id = ptrmap_get(&ids, x->name);
				pk(out, (uint64_t)((id ? rows[*id] : -1) + 1));
			} else if (pass == 1) {
				pk(out, depth + 1);
			} else if (pass == 2) {
				pk(out, new_cost(h, x->total));
			} else if (x->match == STACKS_NONE) {
				outbuf_putc(out, '~');
			} else {
				pk(out, fo->node[x->match].total);
			}
			stack[++depth] = x->child;
		}
		outbuf_putc(out, '"');
	}
	outbuf_puts(out, ",\"total\":");
	outbuf_u64(out, new_cost(h, fl->node[0].total));
	if (fo) {
		outbuf_puts(out, ",\"total0\":");
		outbuf_u64(out, fo->node[0].total);
	}
	outbuf_puts(out, ",\"coarse\":");
	outbuf_puts(out, fl->coarse ? "1" : "0");
	free(stack);
	ptrmap_free(&ids);
}

/* "flame": the stacks of the functions whole (a diff: NEW's, matched with OLD's). */
static int put_flame(struct html *h)
{
	const struct profile *old = h->d ? h->old : NULL;
	size_t ev = h->r->sort[0], i;
	struct flame fl, fo;
	long oev = (long)ev, *rows;

	if (old) {
		const char *name = h->m->ev.ev[ev].name;
		oev = events_find(&old->ev, name, strlen(name));
		if (oev < 0)
			old = NULL;
	}
	if (flame_of(h->r, h->m, ev, &fl))
		return -1;
	if (old && flame_of(h->r, old, (size_t)oev, &fo)) {
		flame_release(&fl);
		return -1;
	}
	if (old)
		flame_match(&fl, &fo);
	rows = xmalloc((h->m->nfns + 1) * sizeof(*rows));
	for (i = 0; i < h->m->nfns; i++)
		rows[i] = row_of_whole(h, h->m->fns[i]);
	outbuf_puts(h->out, ",\n\"flame\":{\"ev\":");
	outbuf_u64(h->out, ev);
	put_frames(h, &fl, old ? &fo : NULL, rows);
	outbuf_putc(h->out, '}');
	free(rows);
	flame_release(&fl);
	if (old)
		flame_release(&fo);
	return 0;
}

/* ---- --separate-threads files: each thread's costs and stacks ---- */

struct rowkey {
	const char *key;	/* "file\1name\1object", malloc'ed */
	long row;
	UT_hash_handle hh;
};

static char *key_of(const char *file, const char *name, const char *obj)
{
	size_t a = strlen(file), b = strlen(name), c = strlen(obj);
	char *k = xmalloc(a + b + c + 3);

	memcpy(k, file, a);
	k[a] = 1;
	memcpy(k + a + 1, name, b);
	k[a + 1 + b] = 1;
	memcpy(k + a + b + 2, obj, c + 1);
	return k;
}

/* One thread: its whole functions' rows (by function id of its merged profile), costs and stacks. */
static int put_thread(struct html *h, const struct profile *q, const char *name, struct rowkey *byname)
{
	struct outbuf *out = h->out;
	const struct cc **self = xcalloc(h->nrows + 1, sizeof(*self)), **incl = xcalloc(h->nrows + 1, sizeof(*incl));
	struct whole w;
	struct flame fl;
	long *rows;
	size_t i;
	int c, rc = 0;

	if (whole_build(&w, q)) {
		free(self);
		free(incl);
		return -1;
	}
	rows = xmalloc((w.merged->nfns + 1) * sizeof(*rows));
	for (i = 0; i < w.merged->nfns; i++) {
		const struct fn *f = w.merged->fns[i];
		char *k = key_of(f->k.file->name, f->k.name, f->obj);
		struct rowkey *x;
		HASH_FIND_STR(byname, k, x);
		free(k);
		rows[i] = x ? x->row : -1;
		if (x) {
			self[x->row] = f->self;
			incl[x->row] = fn_incl(w.merged, f);
		}
	}
	outbuf_puts(out, "{\"name\":");
	json_str(out, name);
	outbuf_puts(out, ",\"totals\":\"");
	pk_cc(h, q->total, 1);
	for (c = 0; c < 2; c++) {
		outbuf_puts(out, c ? "\",\n\"incl\":\"" : "\",\n\"self\":\"");
		for (i = 0; i < h->nrows; i++) {
			const struct cc *x = c ? incl[i] : self[i];
			size_t e;
			if (x)
				pk_cc(h, x, 1);
			else
				for (e = 0; e < h->nev; e++)
					pk(out, 0);
		}
	}
	outbuf_puts(out, "\",\n\"flame\":{\"ev\":");
	outbuf_u64(out, h->r->sort[0]);
	if (flame_of(h->r, w.merged, h->r->sort[0], &fl)) {
		rc = -1;
	} else {
		put_frames(h, &fl, NULL, rows);
		flame_release(&fl);
	}
	outbuf_puts(out, "}}");
	free(rows);
	free(self);
	free(incl);
	whole_release(&w);
	return rc;
}

/* "threads": each file of --separate-threads alone (report.h: r->parts), when they have our events. */
static int put_threads(struct html *h)
{
	const struct report *r = h->r;
	struct rowkey *byname = NULL, *x, *tmp;
	size_t i;
	int rc = 0;

	if (h->d || !r->parts || r->ninputs < 2)
		return 0;
	for (i = 0; i < r->ninputs; i++)
		if (r->parts[i].ev.n != h->nev)
			return 0;
	for (i = 0; i < h->nrows; i++) {
		x = xmalloc(sizeof(*x));
		x->key = key_of(row_file(h, i), row_name(h, i), row_obj(h, i));
		x->row = (long)i;
		HASH_ADD_KEYPTR(hh, byname, x->key, strlen(x->key), x);
	}
	outbuf_puts(h->out, ",\n\"threads\":[");
	for (i = 0; i < r->ninputs && !rc; i++) {
		if (i)
			outbuf_puts(h->out, ",\n");
		rc = put_thread(h, &r->parts[i], r->inputs[i], byname);
	}
	outbuf_putc(h->out, ']');
	HASH_ITER(hh, byname, x, tmp) {
		HASH_DEL(byname, x);
		free((char *)x->key);
		free(x);
	}
	return rc;
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

static void add_site(struct hfile *f, uint64_t line, long callee, const uint64_t count[2],
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


/* The own piece of row k (its code in its own file): a function of p, or of the pieces' diff. */
static const void *row_own(const struct html *h, size_t k)
{
	if (!h->d) {
		const struct fn *f = row_fn(h, k);
		size_t i;
		if (!h->w)
			return f;
		for (i = h->w->first[k]; i < h->w->first[k + 1]; i++)
			if (h->w->piece[i]->k.file == f->k.file ||
			    !strcmp(h->w->piece[i]->k.file->name, f->k.file->name))
				return h->w->piece[i];
		return NULL;
	}
	if (h->dw == h->d)
		return row_dfn(h, k);
	return diff_find(h->d, row_file(h, k), row_name(h, k), row_dfn(h, k)->obj);
}

static void pick_sources(struct html *h)
{
	size_t i, k, nrows = h->nrows < HTML_SRC_ROWS ? h->nrows : HTML_SRC_ROWS;

	h->spans = xcalloc(nrows + 1, sizeof(*h->spans));
	for (i = 0; i < nrows; i++) {
		const void *e = row_own(h, (size_t)h->order[i]);
		const char *name = e ? ent_file(h, e) : "???";
		uint64_t lo = 0, hi = 0;
		struct hfile *f;
		struct hspan *sp;
		if (!strcmp(name, "???") || !ent_span(h, e, &lo, &hi))
			continue;
		sp = &h->spans[h->nspans++];
		sp->row = h->order[i];
		sp->file = file_index(h, name, h->d ? NULL : ((const struct fn *)e)->k.file);
		sp->lo = lo;
		sp->hi = hi;
		f = &h->files[sp->file];
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
					add_site(f, s->k.line, row_of_piece(h, s->k.callee), s->count,
						 (const struct cc *const *)s->cc);
		} else {
			const struct callsite *s;
			for (s = f->pf->sites; s; s = s->next) {
				const uint64_t c[2] = { s->count, s->count };
				const struct cc *const cc[2] = { s->cc, s->cc };
				if (in_ranges(f, s->k.line))
					add_site(f, s->k.line, row_of_piece(h, s->k.callee), c, cc);
			}
		}
		sort_array(f->sites, f->nsites, sizeof(*f->sites), site_cmp);
	}
}

/* Was the file named on the command line (read even with --auto=no)? */
static int user_named(const struct opts *o, const char *name)
{
	size_t k;

	for (k = 0; k < o->nuser; k++)
		if (!strcmp(o->user_files[k], name))
			return 1;
	return 0;
}

/*
 * The text of a source file where r->src finds it (source_find.h; *loc
 * says where), NUL-terminated, or NULL with *why (NULL: found nowhere).
 * With --auto=no only the files named on the command line are read.  A
 * file newer than the profile is noted in h->newer, as the text report
 * warns of it.
 */
static char *read_source(struct html *h, const char *name, size_t *len, const char **why,
			 const struct source_loc **loc)
{
	const struct opts *o = h->r->o;
	struct stat st;
	size_t got = 0, want;
	ssize_t n;
	char *buf;
	int fd;

	*loc = NULL;
	*why = NULL;
	if (!o->auto_annotate && !user_named(o, name)) {
		*why = "not read: --auto=no reads only the source files named on the command line";
		return NULL;
	}
	*loc = source_find(h->r->src, name);
	*why = (*loc)->why;
	if (!(*loc)->path || (fd = source_open((*loc)->path, &st, why)) < 0)
		return NULL;
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
		return NULL;
	}
	/* to the nanosecond, as the text report: saved in the second the profile was written is newer */
	if (h->mtime.tv_sec && (st.st_mtim.tv_sec > h->mtime.tv_sec ||
				(st.st_mtim.tv_sec == h->mtime.tv_sec &&
				 st.st_mtim.tv_nsec > h->mtime.tv_nsec))) {
		h->newer = xrealloc(h->newer, (h->nnewer + 1) * sizeof(*h->newer));
		h->newer[h->nnewer++] = xstrdup(name);
	}
	*len = got;
	return buf;
}

/* A line's cost (a diff: NEW's, then OLD's). */
static void put_line_cc(struct html *h, const struct cc *const c[2])
{
	pk_cc(h, c[1], 1);
	if (h->d)
		pk_cc(h, c[0], 0);
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
	const struct source_loc *loc;
	const char *why, *at, *end;
	size_t nnewer = h->nnewer;
	char *text = read_source(h, fname, &len, &why, &loc);
	uint64_t line = 1;
	int first = 1;

	outbuf_puts(out, "{\"name\":");
	json_name(out, f->name);
	if (text && loc->trailing) {
		/* found by a trailing part of its name: the file read (source_find.h) */
		outbuf_puts(out, ",\"path\":");
		json_str(out, loc->path);
	}
	if (h->nnewer > nnewer)
		outbuf_puts(out, ",\"newer\":1");
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
				if (has_cost) {
					outbuf_putc(out, '"');
					put_line_cc(h, c);
					outbuf_putc(out, '"');
				} else {
					outbuf_puts(out, "null");
				}
			}
			if (si < f->nsites && f->sites[si].line == l) {
				int firstc = 1;
				outbuf_puts(out, ",[");
				for (; si < f->nsites && f->sites[si].line == l; si++) {
					const struct hsite *st = &f->sites[si];
					outbuf_puts(out, firstc ? "[" : ",[");
					firstc = 0;
					outbuf_u64(out, (uint64_t)(st->callee + 1));
					outbuf_puts(out, ",\"");
					pk(out, st->count[1]);
					if (h->d)
						pk(out, st->count[0]);
					put_line_cc(h, st->cc);
					outbuf_putc(out, '"');
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


/* ---- the call graph: --format=dot of the functions whole, through dot -Tsvg ---- */

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

/* --format=dot of the profile arg (the functions whole: the same graph as --format=dot draws). */
static int dot_of(struct report *r, const void *arg)
{
	const struct profile *saved = r->p;

	r->p = arg;
	report_dot(r);
	r->p = saved;
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
static char *call_graph(struct html *h, char *note, size_t notelen, size_t *svglen)
{
	char tmpl[] = "/tmp/annogrind-dot-XXXXXX", err[256];
	size_t len;
	char *dot = capture(h->r, dot_of, h->m, &len), *svg = NULL;
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
		if (objdump_run(argv, &svg, svglen, err, sizeof(err)) && !strncmp(err, "cannot run", 10))
			snprintf(note, notelen, "Graphviz's dot could not be run (%s): "
				 "install Graphviz (Debian graphviz) and make the report again, "
				 "or draw it with annogrind --format=dot PROFILE | dot -Tsvg", err);
		else if (!svg)
			snprintf(note, notelen, "Graphviz's dot did not draw the call graph: %s", err);
	}
	if (fd >= 0) {
		close(fd);
		unlink(tmpl);
	}
	free(dot);
	return svg;
}

/* ---- with JavaScript off: a plain table of the top functions ---- */

/*
 * Profile text as HTML text: the five specials as entities; controls,
 * bidi controls (escape.h), U+2028, U+2029 and bytes that are not UTF-8
 * as the visible text \xHH, as the page's script shows them.
 */
static void put_html_text(struct outbuf *out, const char *s, size_t max)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t len = strlen(s), i, n;

	if (len > max) {
		len = max;
		while (len > 0 && (u[len] & 0xc0) == 0x80)
			len--;
	}
	for (i = 0; i < len; i += n) {
		n = escape_unit(s + i, len - i);
		if (!n) {
			n = report_utf8_len(u + i);
			if (n > len - i)
				n = 0;
			if (n == 3 && u[i] == 0xe2 && u[i + 1] == 0x80 && (u[i + 2] == 0xa8 || u[i + 2] == 0xa9)) {
				escape_hex_outbuf(out, s + i, n);
				continue;
			}
			if (n > 1) {
				outbuf_write(out, s + i, n);
				continue;
			}
		}
		if (n != 1 || u[i] >= 0x80 || (u[i] < 0x20 && u[i] != '\t') || u[i] == 0x7f) {
			n = n ? n : 1;
			escape_hex_outbuf(out, s + i, n);
		} else if (u[i] == '&') {
			outbuf_puts(out, "&amp;");
		} else if (u[i] == '<') {
			outbuf_puts(out, "&lt;");
		} else if (u[i] == '>') {
			outbuf_puts(out, "&gt;");
		} else if (u[i] == '"') {
			outbuf_puts(out, "&quot;");
		} else if (u[i] == '\'') {
			outbuf_puts(out, "&#39;");
		} else {
			outbuf_putc(out, (char)u[i]);
		}
	}
	if (len < strlen(s))
		outbuf_puts(out, "\xe2\x80\xa6");
}

static void put_noscript(struct html *h)
{
	struct outbuf *out = h->out;
	size_t ev = h->r->sort[0], i, n = h->nrows < HTML_NOSCRIPT_ROWS ? h->nrows : HTML_NOSCRIPT_ROWS;
	int incl = h->r->o->inclusive && !h->d;
	char num[32];

	outbuf_puts(out, "<noscript><p class=\"note\">JavaScript is off: this is the page's "
			 "plain summary. Turn JavaScript on (the page runs only its own script and "
			 "loads nothing) for every function, the flame graph, search and sources.</p>\n"
			 "<table class=\"plain\"><tr><th>Function</th><th>File</th><th>");
	put_html_text(out, h->p->ev.ev[ev].name, 200);
	outbuf_puts(out, h->d ? " change" : incl ? " inclusive" : " self");
	outbuf_puts(out, "</th></tr>\n");
	for (i = 0; i < n; i++) {
		size_t k = (size_t)h->order[i];
		uint64_t v;
		outbuf_puts(out, "<tr><td><bdi>");
		put_html_text(out, row_shown(h, k), 300);
		outbuf_puts(out, "</bdi></td><td><bdi>");
		put_html_text(out, row_file(h, k), 200);
		outbuf_puts(out, "</bdi></td><td class=\"num\">");
		if (h->d) {
			uint64_t a = row_cost(h, k, 0, 0)->v[ev], b = row_cost(h, k, 0, 1)->v[ev];
			outbuf_putc(out, b >= a ? '+' : '-');
			v = b >= a ? b - a : a - b;
		} else {
			v = row_cost(h, k, incl, 1)->v[ev];
		}
		numfmt_commify(v, num);
		outbuf_puts(out, num);
		outbuf_puts(out, "</td></tr>\n");
	}
	outbuf_puts(out, "</table></noscript>\n");
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


/* ---- the page ---- */

static void put_head(struct html *h)
{
	struct outbuf *out = h->out;
	char hash[64], *js = xmalloc(strlen(html_js) + 2);

	/* only our script runs, by its hash */
	outbuf_puts(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
			 "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
			 "script-src ");
	js[0] = '\n';
	strcpy(js + 1, html_js);
	csp_hash(js, strlen(js), hash);
	free(js);
	outbuf_puts(out, hash);
	outbuf_puts(out, "; style-src 'unsafe-inline'; img-src data:\">\n"
			 "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
			 "<title>annogrind report</title>\n<style>\n");
	outbuf_puts(out, html_css);
	/* the places of the flame graph and the table are kept before the script fills them */
	outbuf_puts(out, "</style>\n</head>\n<body>\n"
			 "<header id=\"ag-head\"><h1>");
	outbuf_puts(out, h->d ? "annogrind comparison" : "annogrind report");
	outbuf_puts(out, "</h1><div id=\"ag-meta\"></div><div id=\"ag-controls\"></div></header>\n"
			 "<main>\n<section id=\"ag-flame\"><h2>Flame graph</h2>"
			 "<div id=\"ag-flame-bar\" class=\"bar\"></div><div id=\"ag-flame-box\" class=\"fbox\"></div></section>\n"
			 "<section id=\"ag-table\"><h2>Functions</h2>\n");
	put_noscript(h);
	outbuf_puts(out, "<div id=\"ag-grid\" class=\"grid\"></div></section>\n"
			 "<section id=\"ag-graph\"><h2>Call graph</h2>\n");
}

/*
 * --scale=total: the packed totals as every other cost of the page, NEW's
 * scaled to OLD's, then "scale": each event's factor and NEW's total as
 * measured, for the note by the totals.
 */
static void put_scaled_totals(struct html *h)
{
	const struct diff *d = h->d;
	struct cc *t = xcalloc(1, sizeof(*t) + (d->nev + 1) * sizeof(uint64_t));
	char num[64];
	size_t e;

	t->ndef = d->total[DIFF_NEW]->ndef;
	for (e = 0; e < d->nev; e++)
		t->v[e] = diff_scaled(d, e, d->total[DIFF_NEW]->v[e]);
	pk_cc(h, t, 1);
	pk_cc(h, d->total[DIFF_OLD], 0);
	outbuf_puts(h->out, "\",\"scale\":{\"factor\":[");
	for (e = 0; e < d->nev; e++) {
		snprintf(num, sizeof(num), "%s%.6g", e ? "," : "", (double)d->scale[e]);
		outbuf_puts(h->out, num);
	}
	outbuf_puts(h->out, "],\"measured\":[");
	for (e = 0; e < d->nev; e++) {
		if (e)
			outbuf_putc(h->out, ',');
		outbuf_u64(h->out, d->total[DIFF_NEW]->v[e]);
	}
	outbuf_puts(h->out, "]}");
	free(t);
}

static void put_header_data(struct html *h, const char *old_name, const char *new_name)
{
	struct outbuf *out = h->out;
	const struct report *r = h->r;
	size_t i;

	outbuf_puts(out, "{\"kind\":");
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
	json_name(out, h->p->cmd);
	if (h->d) {
		outbuf_puts(out, ",\"old_cmd\":");
		json_name(out, h->d->p[DIFF_OLD]->cmd);
	}
	outbuf_puts(out, ",\"creator\":");
	json_name(out, h->p->creator);
	outbuf_puts(out, ",\n\"events\":[");
	for (i = 0; i < h->nev; i++) {
		outbuf_puts(out, i ? ",{\"name\":" : "{\"name\":");
		json_str(out, h->p->ev.ev[i].name);
		outbuf_puts(out, ",\"long\":");
		json_str(out, h->p->ev.ev[i].longname);
		outbuf_puts(out, h->d && !diff_has_event(h->d, i) ? ",\"old\":0}" : "}");
	}
	outbuf_puts(out, "],\n\"show\":[");
	for (i = 0; i < r->nshow; i++) {
		if (i)
			outbuf_putc(out, ',');
		outbuf_u64(out, r->show[i]);
	}
	outbuf_puts(out, "],\"sort\":");
	outbuf_u64(out, r->sort[0]);
	outbuf_puts(out, r->o->inclusive ? ",\"order\":\"inclusive\"" : ",\"order\":\"self\"");
	outbuf_puts(out, ",\"threshold\":");
	json_str(out, r->filter ? r->thr_text[0] : NULL);
	outbuf_puts(out, ",\"incl_known\":");
	outbuf_puts(out, h->d || h->m->incl ? "1" : "0");
	outbuf_puts(out, ",\"nrows\":");
	outbuf_u64(out, h->nrows);
	outbuf_puts(out, ",\n\"totals\":\"");
	if (h->d && h->d->scale) {
		put_scaled_totals(h);
		return;
	}
	pk_cc(h, h->d ? h->d->total[1] : h->p->total, 1);
	if (h->d)
		pk_cc(h, h->d->total[0], 0);
	outbuf_putc(out, '"');
}

/* The sources: spans of the top rows, then the files with their lines. */
static void put_sources(struct html *h)
{
	struct outbuf *out = h->out;
	size_t i;

	outbuf_puts(out, ",\n\"spans\":[");
	for (i = 0; i < h->nspans; i++) {
		outbuf_puts(out, i ? ",[" : "[");
		outbuf_u64(out, (uint64_t)h->spans[i].row);
		outbuf_putc(out, ',');
		outbuf_u64(out, (uint64_t)h->spans[i].file);
		outbuf_putc(out, ',');
		outbuf_u64(out, h->spans[i].lo);
		outbuf_putc(out, ',');
		outbuf_u64(out, h->spans[i].hi);
		outbuf_putc(out, ']');
	}
	outbuf_puts(out, "],\n\"sources\":[");
	for (i = 0; i < h->nfiles; i++) {
		outbuf_puts(out, i ? ",\n" : "\n");
		put_file(h, &h->files[i]);
	}
	outbuf_puts(out, "],\n\"newer\":[");
	for (i = 0; i < h->nnewer; i++) {
		if (i)
			outbuf_putc(out, ',');
		json_str(out, h->newer[i]);
	}
	outbuf_putc(out, ']');
}

/* --annotate=asm: the machine code of the top rows' own code (report_asm_json()), objdump's text with tools. */
static void put_asm(struct html *h, int tools)
{
	struct report *r = h->r;
	struct opts o = *r->o;
	const struct opts *saved = r->o;
	size_t i, n = 0, lim = h->nrows < HTML_ASM_MAX ? h->nrows : HTML_ASM_MAX;
	const struct fn **fns = xmalloc((lim + 1) * sizeof(*fns));

	for (i = 0; i < lim; i++) {
		const struct fn *f = row_own(h, (size_t)h->order[i]);
		if (f)
			fns[n++] = f;
	}
	outbuf_puts(h->out, ",\n\"asm_rows\":[");
	for (i = 0; i < n; i++) {
		if (i)
			outbuf_putc(h->out, ',');
		outbuf_puts(h->out, "[");
		outbuf_u64(h->out, fns[i]->id);
		outbuf_putc(h->out, ',');
		outbuf_u64(h->out, (uint64_t)row_of_piece(h, fns[i]));
		outbuf_putc(h->out, ']');
	}
	outbuf_puts(h->out, "],\n");
	/* report_asm_json() writes "machine_code": [...],\n */
	o.disasm = tools;
	r->o = &o;
	report_asm_json(r, h->out, fns, n);
	r->o = saved;
	outbuf_puts(h->out, "\"asm_end\":0");
	free(fns);
}

static void html_setup(struct html *h)
{
	size_t k;
	int s;

	h->nev = h->p->ev.n;
	h->nrows = h->d ? h->dw->nfns : h->m->nfns;
	/* a side's function, whole (or as it is when no whole ones were made), to its row */
	if (h->d)
		for (k = 0; k < h->nrows; k++)
			for (s = 0; s < 2; s++)
				if (row_dfn(h, k)->fn[s])
					ptrmap_put(&h->row_of, row_dfn(h, k)->fn[s], k);
	if (strcmp(h->r->input_name, "-")) {
		struct stat st;
		if (!stat(h->r->input_name, &st))
			h->mtime = st.st_mtim;
	}
	make_shown(h);
	order_rows(h);
	rank_names(h);
	pick_sources(h);
}

static int html_run(struct html *h, const char *old_name, const char *new_name, int tools)
{
	struct report *r = h->r;
	static struct outbuf ob;
	struct outbuf *out = &ob;
	char note[600] = "", *graph = NULL;
	size_t graphlen = 0;
	int rc = 0;

	h->out = out;
	html_setup(h);
	if (h->d)
		snprintf(note, sizeof(note), "No call graph for a comparison: annogrind --format=dot "
			 "PROFILE | dot -Tsvg draws the graph of one profile.");
	else if (!tools)
		snprintf(note, sizeof(note), "The call graph was not drawn: "
			 "annogrind --format=dot PROFILE | dot -Tsvg draws it.");
	else if (r->o->top > HTML_GRAPH_MAX)
		snprintf(note, sizeof(note), "The call graph is drawn for --top=%d or less: "
			 "annogrind --format=dot --top=N PROFILE | dot -Tsvg draws more.", HTML_GRAPH_MAX);
	else
		graph = call_graph(h, note, sizeof(note), &graphlen);

	outbuf_init(out, r->out);
	put_head(h);
	if (graph)
		put_svg(out, graph, graphlen);
	outbuf_puts(out, "</section>\n</main>\n<aside id=\"ag-panel\" hidden></aside>\n");
	json_html_safe(1);
	outbuf_puts(out, "<script type=\"application/json\" id=\"ag-data\">\n");
	put_header_data(h, old_name, new_name);
	outbuf_puts(out, ",\"graph_note\":");
	json_str(out, graph ? NULL : note);
	put_fns(h);
	put_name_rank(h);
	put_pieces(h);
	put_calls(h);
	if (put_flame(h) || put_threads(h))
		rc = -1;
	put_sources(h);
	if (!h->d && r->o->annotate_asm && h->p->nicodes && h->nrows)
		put_asm(h, tools);
	outbuf_puts(out, "}\n</script>\n<script>\n");
	json_html_safe(0);
	outbuf_puts(out, html_js);
	outbuf_puts(out, "</script>\n</body>\n</html>\n");
	outbuf_flush(out);
	free(graph);
	return rc;
}

static void html_release(struct html *h)
{
	size_t i;

	for (i = 0; i < h->nfiles; i++) {
		free(h->files[i].rg);
		free(h->files[i].sites);
	}
	for (i = 0; i < h->nnewer; i++)
		free(h->newer[i]);
	free(h->newer);
	free(h->files);
	free(h->spans);
	free(h->order);
	free(h->nrank);
	free(h->dup);
	for (i = 0; h->shown && i < h->nrows; i++)
		free(h->shown[i]);
	free(h->shown);
	ptrmap_free(&h->file_ix);
	ptrmap_free(&h->row_of);
}

int report_html(struct report *r, int tools)
{
	struct html h;
	int rc;

	memset(&h, 0, sizeof(h));
	h.r = r;
	h.p = r->p;
	h.w = r->whole && r->whole->src == r->p ? r->whole : NULL;
	h.m = h.w ? h.w->merged : r->p;
	rc = html_run(&h, NULL, NULL, tools);
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
	h.dw = d->whole_diff ? d->whole_diff : d;
	h.m = d->whole_diff && d->whole[1] ? d->whole[1]->merged : h.p;
	h.old = d->whole_diff && d->whole[0] ? d->whole[0]->merged : old;
	rc = html_run(&h, old_name, new_name, tools);
	html_release(&h);
	return rc;
}
