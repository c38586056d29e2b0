/* report_diff_src: the annotated source of a comparison. */
#include "report_diff_src.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "escape.h"
#include "json.h"
#include "numfmt.h"
#include "outbuf.h"
#include "report_diff.h"
#include "sort.h"
#include "source_find.h"

#define DCELL 64	/* a count with commas and a sign, and a percentage */
#define SRC_LINE_MAX (1u << 20)	/* bytes of a source line shown at most */

/* a + b, at most 2^64-1 (a hostile line number near it) */
static uint64_t add_sat(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

/* "+1,234", "-1,234" or "0" */
static void change(char *buf, uint64_t a, uint64_t b)
{
	size_t n = 0;

	if (a != b)
		buf[n++] = b > a ? '+' : '-';
	numfmt_commify(b > a ? b - a : a - b, buf + n);
}

/* A count as a number (the profiles' counts signed: Cachegrind's). */
static double num(const struct report *r, uint64_t v)
{
	return r->p->signed_counts ? (double)(int64_t)v : (double)v;
}

/*
 * The three cells of each shown event: old, new, change; with
 * --show-percs the change is followed by its share of the old cost,
 * " (+12.34%)", or " (new)", as in the function table.
 */
static void cells_of(const struct report *r, struct cc *const c[2], char (*cells)[DCELL])
{
	size_t k;

	for (k = 0; k < r->nshow; k++) {
		size_t e = r->show[k], n;
		uint64_t a = c[0]->v[e], b = c[1]->v[e];
		char *cell = cells[3 * k + 2];
		numfmt_commify(a, cells[3 * k]);
		numfmt_commify(b, cells[3 * k + 1]);
		change(cell, a, b);
		if (!r->o->show_percs || a == b)
			continue;
		n = strlen(cell);
		if (!a)
			snprintf(cell + n, DCELL - n, " (new)");
		else
			snprintf(cell + n, DCELL - n, " (%+.2f%%)",
				 (num(r, b) - num(r, a)) * 100.0 / fabs(num(r, a)));
	}
}

static void widen(size_t *w, char (*cells)[DCELL], size_t ncol)
{
	size_t k;

	for (k = 0; k < ncol; k++)
		if (strlen(cells[k]) > w[k])
			w[k] = strlen(cells[k]);
}

static void put_cells(FILE *out, char (*cells)[DCELL], const size_t *w, size_t ncol)
{
	size_t k;

	for (k = 0; k < ncol; k++)
		fprintf(out, "%*s ", (int)w[k], cells ? cells[k] : "");
}

static int line_cmp(const void *x, const void *y)
{
	const struct diff_line *a = *(const struct diff_line *const *)x;
	const struct diff_line *b = *(const struct diff_line *const *)y;

	return a->line < b->line ? -1 : a->line > b->line;
}

/* The change of s in r's primary sort event. */
static uint64_t site_size(const struct report *r, const struct diff_site *s)
{
	size_t e = r->sort[0];
	uint64_t a = s->cc[0]->v[e], b = s->cc[1]->v[e];

	return a > b ? a - b : b - a;
}

/* By line, then the largest change first, then callee name and object. */
static int site_cmp(const void *x, const void *y, void *r)
{
	const struct diff_site *a = *(const struct diff_site *const *)x;
	const struct diff_site *b = *(const struct diff_site *const *)y;
	uint64_t sa, sb;
	int c;

	if (a->k.line != b->k.line)
		return a->k.line < b->k.line ? -1 : 1;
	sa = site_size(r, a);
	sb = site_size(r, b);
	if (sa != sb)
		return sa > sb ? -1 : 1;
	c = strcmp(a->k.callee->file, b->k.callee->file);
	if (!c)
		c = strcmp(a->k.callee->name, b->k.callee->name);
	/* an address in two objects: two callees */
	return c ? c : strcmp(a->k.callee->obj ? a->k.callee->obj : "", b->k.callee->obj ? b->k.callee->obj : "");
}

/*
 * A source file read line by line: a line is kept up to SRC_LINE_MAX bytes
 * and the rest of it skipped, so neither a big file nor a long line costs
 * more memory than that.
 */
struct rd {
	FILE *f;
	char *buf;
	int eof;
};

static int rd_more(struct rd *s)
{
	int c;

	if (s->eof)
		return 0;
	c = getc(s->f);
	if (c == EOF) {
		s->eof = 1;
		return 0;
	}
	ungetc(c, s->f);
	return 1;
}

/* The next line in s->buf, without its newline; 0 at the end. */
static int rd_line(struct rd *s, size_t *len, int *cut)
{
	size_t n = 0;
	int c;

	*cut = 0;
	if (!rd_more(s))
		return 0;
	while ((c = getc(s->f)) != EOF && c != '\n') {
		if (n < SRC_LINE_MAX)
			s->buf[n++] = (char)c;
		else
			*cut = 1;
	}
	if (c == EOF)
		s->eof = 1;
	*len = n;
	return 1;
}

/*
 * Where name is read from: a source file named on the command line (after
 * OLD and NEW) whole, any other as r->src finds it (source_find.h).
 */
static const struct source_loc *locate(const struct report *r, const char *name)
{
	size_t i;

	for (i = 1; i < r->o->nuser; i++)
		if (!strcmp(r->o->user_files[i], name))
			return source_find_whole(r->src, name);
	return source_find(r->src, name);
}

/* Open the file where locate() finds it (*loc); 0, or -1 with *why. */
static int rd_open(const struct report *r, const char *name, struct rd *s, const char **why,
		   const struct source_loc **loc)
{
	struct stat st;
	size_t got;
	int fd;

	memset(s, 0, sizeof(*s));
	*loc = locate(r, name);
	*why = (*loc)->why;
	if (!(*loc)->path)
		return -1;
	fd = source_open((*loc)->path, &st, why);
	if (fd < 0)
		return -1;
	s->f = fdopen(fd, "r");
	if (!s->f) {
		close(fd);
		*why = "cannot be opened";
		return -1;
	}
	/* a NUL byte in the first block: binary, not a source */
	s->buf = xmalloc(SRC_LINE_MAX + 1);
	got = fread(s->buf, 1, SRC_LINE_MAX, s->f);
	if (memchr(s->buf, '\0', got) || fseek(s->f, 0, SEEK_SET)) {
		fclose(s->f);
		free(s->buf);
		memset(s, 0, sizeof(*s));
		*why = "binary: it holds NUL bytes";
		return -1;
	}
	return 0;
}

/*
 * For a file found by a trailing part: lead, then "read from DIR/ + PART"
 * and the other folder that held that part, if any.
 */
static void found_as(const struct report *r, const struct source_loc *loc, const char *lead)
{
	if (!loc->trailing)
		return;
	fputs(lead, r->out);
	fputs("read from ", r->out);
	if (*loc->dir) {
		escape_fwrite(r->out, loc->dir, strlen(loc->dir), r->esc);
		fputs(" + ", r->out);
	}
	escape_fwrite(r->out, loc->part, strlen(loc->part), r->esc);
	if (loc->other) {
		fputs(" (ambiguous: ", r->out);
		escape_fwrite(r->out, loc->other, strlen(loc->other), r->esc);
		fputs(" ends in that part too, with other text; folders are tried in -I order)", r->out);
	}
}

static void rd_close(struct rd *s)
{
	if (s->f)
		fclose(s->f);
	free(s->buf);
}

static void call_line(const struct report *r, const struct diff_site *s, char (*cells)[DCELL],
		      const size_t *w, size_t ncol)
{
	char a[32], b[32];

	cells_of(r, s->cc, cells);
	put_cells(r->out, cells, w, ncol);
	numfmt_commify(s->count[0], a);
	numfmt_commify(s->count[1], b);
	fputs(" => ", r->out);
	report_name(r, s->k.callee->file);
	putc(':', r->out);
	report_name(r, s->k.callee->name);
	if (s->k.callee->obj && fn_obj_base(s->k.callee->name, s->k.callee->obj)) {
		/* an address names a function of its object only */
		fputs(" [", r->out);
		report_name(r, fn_obj_base(s->k.callee->name, s->k.callee->obj));
		putc(']', r->out);
	}
	fprintf(r->out, " (%sx -> %sx)\n", a, b);
}

/* Is line in one of the spans (none given: every line)? */
static int in_spans(uint64_t line, const uint64_t (*sp)[2], size_t nsp)
{
	size_t i;

	if (!sp)
		return 1;
	for (i = 0; i < nsp; i++)
		if (line >= sp[i][0] && line <= sp[i][1])
			return 1;
	return 0;
}

/*
 * The lines of df with a cost (line 0 first) and its call sites, in the
 * order shown, only those in the spans when sp is given and only the calls
 * of callers when it is given: malloc'ed arrays.
 */
static void collect(const struct report *r, const struct diff_file *df, const uint64_t (*sp)[2],
		    size_t nsp, const struct diff_fn *const *callers, size_t ncallers,
		    struct diff_line ***lines, size_t *nl, struct diff_site ***sites, size_t *ns)
{
	struct diff_line *l, *lt;
	struct diff_site *s;

	*lines = xmalloc((HASH_COUNT(df->lines) + 1) * sizeof(**lines));
	*nl = 0;
	HASH_ITER(hh, df->lines, l, lt) {
		if (in_spans(l->line, sp, nsp))
			(*lines)[(*nl)++] = l;
	}
	sort_array(*lines, *nl, sizeof(**lines), line_cmp);
	*ns = 0;
	for (s = df->sites; s; s = s->next)
		++*ns;
	*sites = xmalloc((*ns + 1) * sizeof(**sites));
	*ns = 0;
	for (s = df->sites; s; s = s->next) {
		size_t k;
		for (k = 0; k < ncallers && callers[k] != s->k.caller; k++)
			;
		if (in_spans(s->k.line, sp, nsp) && (!callers || k < ncallers))
			(*sites)[(*ns)++] = s;
	}
	sort_array_r(*sites, *ns, sizeof(**sites), site_cmp, (void *)r);
}

/* Each column's width w[] (old, new, change per event) over the headers and cells; the header. */
static void print_columns(const struct report *r, struct diff_line *const *lines, size_t nl,
			  struct diff_site *const *sites, size_t ns, size_t *w, char (*cells)[DCELL])
{
	FILE *out = r->out;
	size_t ncol = 3 * r->nshow, i, k;

	for (k = 0; k < r->nshow; k++) {
		const char *ev = r->p->ev.ev[r->show[k]].name;
		w[3 * k] = strlen(ev) + 4;
		w[3 * k + 1] = strlen(ev) + 4;
		w[3 * k + 2] = strlen(ev) + 7;
	}
	for (i = 0; i < nl; i++) {
		cells_of(r, lines[i]->cc, cells);
		widen(w, cells, ncol);
	}
	for (i = 0; i < ns; i++) {
		cells_of(r, sites[i]->cc, cells);
		widen(w, cells, ncol);
	}
	for (k = 0; k < r->nshow; k++) {
		const char *ev = r->p->ev.ev[r->show[k]].name;
		if (k)
			putc(' ', out);
		escape_fwrite(out, ev, strlen(ev), r->esc);
		fprintf(out, " old%*s ", (int)(w[3 * k] - strlen(ev) - 4), "");
		escape_fwrite(out, ev, strlen(ev), r->esc);
		fprintf(out, " new%*s ", (int)(w[3 * k + 1] - strlen(ev) - 4), "");
		escape_fwrite(out, ev, strlen(ev), r->esc);
		fputs(" change", out);
		if (k + 1 < r->nshow)
			fprintf(out, "%*s", (int)(w[3 * k + 2] - strlen(ev) - 7), "");
	}
	fputs("\n\n", out);
}

/*
 * The annotated lines of df: a header of the events, then the ranges of
 * lines with a cost and --context lines around them, with the text of src
 * (NULL: not readable: the lines with a cost alone, as "<line N>"), call
 * lines under their lines, and lines past the end of src and line 0 after.
 * With sp, only the lines in those spans (line 0 is in none).
 */
static void annotate_body(const struct report *r, const struct diff_file *df, struct rd *src,
			  const uint64_t (*sp)[2], size_t nsp, const struct diff_fn *const *callers,
			  size_t ncallers)
{
	FILE *out = r->out;
	size_t ncol = 3 * r->nshow, nl = 0, ns = 0, li, si, cut;
	struct diff_line **lines;
	struct diff_site **sites;
	char (*cells)[DCELL] = xcalloc(ncol + 1, sizeof(*cells));
	size_t *w = xcalloc(ncol + 1, sizeof(*w));
	uint64_t ctx = (uint64_t)r->o->context, lineno;
	size_t len;
	int cut_line;

	collect(r, df, sp, nsp, callers, ncallers, &lines, &nl, &sites, &ns);

	print_columns(r, lines, nl, sites, ns, w, cells);

	li = 0;
	while (li < nl && lines[li]->line == 0)
		li++;
	si = 0;
	cut = li;
	if (!src) {
		/* no text: each line with a cost or a call, by number */
		while (cut < nl || si < ns) {
			uint64_t at = cut < nl ? lines[cut]->line : UINT64_MAX;
			if (si < ns && sites[si]->k.line < at)
				at = sites[si]->k.line;
			if (cut < nl && lines[cut]->line == at) {
				cells_of(r, lines[cut]->cc, cells);
				put_cells(out, cells, w, ncol);
				cut++;
			} else {
				put_cells(out, NULL, w, ncol);
			}
			fprintf(out, " <line %llu>\n", (unsigned long long)at);
			for (; si < ns && sites[si]->k.line == at; si++)
				call_line(r, sites[si], cells, w, ncol);
		}
	}
	/* the ranges of numbered lines, with context; line 0 and lines past the end after */
	lineno = 0;
	while (src && li < nl && rd_more(src)) {
		uint64_t low = lines[li]->line > ctx ? lines[li]->line - ctx : 1, high;
		while (li + 1 < nl && add_sat(lines[li]->line, 2 * ctx) >= lines[li + 1]->line)
			li++;
		high = add_sat(lines[li]->line, ctx);
		li++;
		while (lineno + 1 < low && rd_line(src, &len, &cut_line))
			lineno++;
		if (low != 1)
			fprintf(out, "-- line %llu ----------------------------------------\n",
				(unsigned long long)low);
		while (lineno < high && rd_line(src, &len, &cut_line)) {
			lineno++;
			if (cut < nl && lines[cut]->line == lineno) {
				cells_of(r, lines[cut]->cc, cells);
				put_cells(out, cells, w, ncol);
				cut++;
			} else {
				put_cells(out, NULL, w, ncol);
			}
			escape_fwrite(out, src->buf, len, r->esc);
			if (cut_line)
				fputs(" <cut: the line is longer than 1,048,576 bytes>", out);
			putc('\n', out);
			while (si < ns && sites[si]->k.line < lineno)
				si++;
			for (; si < ns && sites[si]->k.line == lineno; si++)
				call_line(r, sites[si], cells, w, ncol);
		}
		if (rd_more(src))
			fprintf(out, "-- line %llu ----------------------------------------\n",
				(unsigned long long)high);
	}
	putc('\n', out);
	/* costs on lines the file does not have (it changed, or it is another file) */
	for (; src && cut < nl; cut++) {
		cells_of(r, lines[cut]->cc, cells);
		put_cells(out, cells, w, ncol);
		fprintf(out, " <line %llu, past the end of the file>\n", (unsigned long long)lines[cut]->line);
	}
	if (nl && lines[0]->line == 0) {
		cells_of(r, lines[0]->cc, cells);
		put_cells(out, cells, w, ncol);
		fputs(" <counts for unidentified lines>\n", out);
	}
	putc('\n', out);
	free(lines);
	free(sites);
	free(cells);
	free(w);
}

static void annotate(const struct report *r, const struct diff_file *df, const char *name, int user,
		     struct rd *src, const struct source_loc *loc)
{
	report_rule(r);
	fprintf(r->out, "-- %s-annotated source (change): ", user ? "User" : "Auto");
	escape_fwrite(r->out, name, strlen(name), r->esc);
	found_as(r, loc, ", ");
	putc('\n', r->out);
	report_rule(r);
	if (!df)
		fputs("  No cost in either profile is on a line of this file.\n\n", r->out);
	else
		annotate_body(r, df, src, NULL, 0, NULL, 0);
}

/* The files that could not be found (read = 0) or read (1), in the wording of report_source(). */
static void unreadable(const struct report *r, const char **names, const char **whys, size_t n,
		       int read)
{
	size_t i, any = 0;

	for (i = 0; i < n; i++)
		any += !whys[i] == !read;
	if (!any)
		return;
	report_rule(r);
	fprintf(r->out, "The following files chosen for auto-annotation could not be %s:\n",
		read ? "read" : "found");
	report_rule(r);
	for (i = 0; i < n; i++) {
		if (!whys[i] != !read)
			continue;
		fputs("  ", r->out);
		escape_fwrite(r->out, names[i], strlen(names[i]), r->esc);
		if (read)
			fprintf(r->out, " (%s)", whys[i]);
		putc('\n', r->out);
	}
	putc('\n', r->out);
}

/* Does the path a end with b after a '/'? */
static int ends_with(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);

	return la > lb && a[la - lb - 1] == '/' && !strcmp(a + la - lb, b);
}

/*
 * The diff's file named name; else the one file whose name ends name after
 * a '/', or that name ends so ("src/calc.c" on the command line for the
 * profile's "calc.c"), as --diff pairs files across folders.
 */
static const struct diff_file *find(const struct diff *d, const char *name)
{
	const struct diff_file *hit = NULL;
	size_t i, n = 0;

	for (i = 0; i < d->nfiles; i++)
		if (!strcmp(d->files[i]->name, name))
			return d->files[i];
	for (i = 0; i < d->nfiles; i++) {
		if (ends_with(d->files[i]->name, name) || ends_with(name, d->files[i]->name)) {
			hit = d->files[i];
			n++;
		}
	}
	return n == 1 ? hit : NULL;
}

/*
 * The files to annotate, as report_diff_source() names them: the user's
 * (the first *nuser), then with --auto=yes those of the table's functions.
 * A malloc'ed array of *n names.
 */
static const char **files_to_annotate(const struct report *r, const struct diff *d, size_t *n,
				      size_t *nuser)
{
	const struct opts *o = r->o;
	const char **names = NULL;
	size_t cap = 0, i, j, nrows = 0;
	const struct diff_fn **rows = NULL;

	*n = 0;
	/* user files: every argument after OLD and NEW */
	for (i = 1; i < o->nuser; i++) {
		for (j = 0; j < *n && strcmp(names[j], o->user_files[i]); j++)
			;
		if (j < *n)
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 16;
			names = xrealloc(names, cap * sizeof(*names));
		}
		names[(*n)++] = o->user_files[i];
	}
	*nuser = *n;
	if (o->auto_annotate) {
		rows = report_diff_rows(r, d, &nrows);
		for (i = 0; i < nrows; i++) {
			const char *f = rows[i]->file;
			if (!strcmp(f, "???"))
				continue;
			/* named already, or a file named on the command line stands for it */
			for (j = 0; j < *n && strcmp(names[j], f) &&
				    !(j < *nuser && find(d, names[j]) == find(d, f)); j++)
				;
			if (j < *n)
				continue;
			if (*n == cap) {
				cap = cap ? 2 * cap : 16;
				names = xrealloc(names, cap * sizeof(*names));
			}
			names[(*n)++] = f;
		}
	}
	free(rows);
	return names;
}

void report_diff_source(struct report *r, const struct diff *d)
{
	size_t n, i, nuser, nbad = 0;
	const char **names = files_to_annotate(r, d, &n, &nuser);
	const char **whys = xcalloc(n + 1, sizeof(*whys));

	for (i = 0; i < n; i++) {
		const struct source_loc *loc;
		const char *why;
		struct rd src;
		if (rd_open(r, names[i], &src, &why, &loc)) {
			/* listed after the others, as the report of one profile does */
			names[nbad] = names[i];
			whys[nbad++] = why;
			continue;
		}
		annotate(r, find(d, names[i]), names[i], i < nuser, &src, loc);
		rd_close(&src);
	}
	unreadable(r, names, whys, nbad, 0);
	unreadable(r, names, whys, nbad, 1);
	free(whys);
	free(names);
}

/* ", "object": OBJ" after an address, the name of one object's function only (fn_key_obj()). */
static void json_addr_obj(struct outbuf *out, const struct diff_fn *f)
{
	if (!f->obj || !fn_key_obj(f->name, f->obj))
		return;
	outbuf_puts(out, ", \"object\": ");
	json_name(out, f->obj);
}

/* "old", "new" and "change" of a pair of costs, as members. */
static void jtriple(struct outbuf *out, const struct diff *d, struct cc *const c[2])
{
	outbuf_puts(out, "\"old\": ");
	report_diff_json_cost(out, d, c[0]);
	outbuf_puts(out, ", \"new\": ");
	report_diff_json_cost(out, d, c[1]);
	outbuf_puts(out, ", \"change\": ");
	json_changes(out, c[0]->v, c[1]->v, d->nev, d->sgn);
}

void report_diff_source_json(struct report *r, const struct diff *d, struct outbuf *out)
{
	size_t n, i, nuser;
	const char **names = files_to_annotate(r, d, &n, &nuser);

	outbuf_puts(out, "[");
	for (i = 0; i < n; i++) {
		const struct diff_file *df = find(d, names[i]);
		struct diff_line **lines = NULL;
		struct diff_site **sites = NULL;
		size_t nl = 0, ns = 0, li = 0, si = 0, k = 0, c;
		outbuf_puts(out, i ? ",\n   {\"file\": " : "\n   {\"file\": ");
		json_name(out, names[i]);
		outbuf_puts(out, i < nuser ? ", \"user\": true, \"lines\": [" : ", \"user\": false, \"lines\": [");
		if (df)
			collect(r, df, NULL, 0, NULL, 0, &lines, &nl, &sites, &ns);
		/* each line with a cost or a call, by number, its calls under it */
		while (li < nl || si < ns) {
			uint64_t at = li < nl ? lines[li]->line : UINT64_MAX;
			if (si < ns && sites[si]->k.line < at)
				at = sites[si]->k.line;
			outbuf_puts(out, k++ ? ",\n     {\"line\": " : "\n     {\"line\": ");
			outbuf_u64(out, at);
			outbuf_puts(out, ", ");
			if (li < nl && lines[li]->line == at) {
				jtriple(out, d, lines[li]->cc);
				li++;
			} else {
				struct cc *zero = xcalloc(1, sizeof(struct cc) + d->nev * sizeof(uint64_t));
				struct cc *const z[2] = { zero, zero };
				jtriple(out, d, z);
				free(zero);
			}
			outbuf_puts(out, ", \"calls\": [");
			for (c = 0; si < ns && sites[si]->k.line == at; si++, c++) {
				const struct diff_site *st = sites[si];
				outbuf_puts(out, c ? ", {\"caller\": {\"file\": " : "{\"caller\": {\"file\": ");
				json_name(out, st->k.caller->file);
				outbuf_puts(out, ", \"name\": ");
				json_name(out, st->k.caller->name);
				json_addr_obj(out, st->k.caller);
				outbuf_puts(out, "}, \"file\": ");
				json_name(out, st->k.callee->file);
				outbuf_puts(out, ", \"name\": ");
				json_name(out, st->k.callee->name);
				json_addr_obj(out, st->k.callee);
				outbuf_puts(out, ", \"count\": {\"old\": ");
				outbuf_u64(out, st->count[0]);
				outbuf_puts(out, ", \"new\": ");
				outbuf_u64(out, st->count[1]);
				outbuf_puts(out, "}, ");
				jtriple(out, d, st->cc);
				outbuf_putc(out, '}');
			}
			outbuf_puts(out, "]}");
		}
		outbuf_puts(out, k ? "\n   ]}" : "]}");
		free(lines);
		free(sites);
	}
	outbuf_puts(out, n ? "\n  ]" : "]");
	free(names);
}

void report_diff_source_lines(const struct report *r, const struct diff *d, const char *file,
			      const uint64_t (*sp)[2], size_t nsp, const struct diff_fn *const *callers,
			      size_t ncallers)
{
	const struct diff_file *df = find(d, file);
	const struct source_loc *loc;
	const char *why;
	struct rd src;
	int ok;

	if (!df) {
		fputs("  No cost in either profile is on a line of this file.\n", r->out);
		return;
	}
	ok = !rd_open(r, file, &src, &why, &loc);
	if (ok && loc->trailing) {
		found_as(r, loc, "-- ");
		putc('\n', r->out);
	}
	if (!ok)
		fprintf(r->out, "  (the file cannot be %s: its lines by number)\n",
			why ? "read" : "found");
	annotate_body(r, df, ok ? &src : NULL, sp, nsp, callers, ncallers);
	if (ok)
		rd_close(&src);
}

const char *report_diff_source_name(const struct report *r, const struct diff *d, const char *file)
{
	const struct diff_file *df = find(d, file);
	size_t i;

	for (i = 1; i < r->o->nuser && df; i++)
		if (find(d, r->o->user_files[i]) == df)
			return r->o->user_files[i];
	return file;
}
