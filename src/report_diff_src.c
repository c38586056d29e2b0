/* report_diff_src: the annotated source of a comparison. */
#include "report_diff_src.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "escape.h"
#include "numfmt.h"
#include "report_diff.h"
#include "sort.h"

#define DCELL 40	/* a count with commas and a sign */
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

/* The three cells of each shown event: old, new, change. */
static void cells_of(const struct report *r, struct cc *const c[2], char (*cells)[DCELL])
{
	size_t k;

	for (k = 0; k < r->nshow; k++) {
		size_t e = r->show[k];
		numfmt_commify(c[0]->v[e], cells[3 * k]);
		numfmt_commify(c[1]->v[e], cells[3 * k + 1]);
		change(cells[3 * k + 2], c[0]->v[e], c[1]->v[e]);
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

/* By line, then the largest change first, then callee name. */
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
	return c ? c : strcmp(a->k.callee->name, b->k.callee->name);
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

/* Open the file (the current folder, then the -I folders); 0, or -1 with *why. */
static int rd_open(const struct report *r, const char *name, struct rd *s, const char **why)
{
	size_t k;
	char *path = NULL;
	const char *first_why = NULL;
	int ok = 0;

	memset(s, 0, sizeof(*s));
	*why = NULL;
	for (k = 0; k <= r->o->ninclude && !ok; k++) {
		const char *dir = k ? r->o->include[k - 1] : "";
		struct stat st;
		const char *w;
		size_t got;
		int fd;
		path = xrealloc(path, strlen(dir) + strlen(name) + 1);
		strcpy(path, dir);
		strcat(path, name);
		fd = report_source_open(path, &st, &w);
		if (fd < 0) {
			if (!first_why)
				first_why = w;
			continue;
		}
		s->f = fdopen(fd, "r");
		if (!s->f) {
			close(fd);
			continue;
		}
		/* a NUL byte in the first block: binary, not a source */
		s->buf = xmalloc(SRC_LINE_MAX + 1);
		got = fread(s->buf, 1, SRC_LINE_MAX, s->f);
		if (memchr(s->buf, '\0', got) || fseek(s->f, 0, SEEK_SET)) {
			fclose(s->f);
			free(s->buf);
			memset(s, 0, sizeof(*s));
			first_why = "binary: it holds NUL bytes";
			continue;
		}
		ok = 1;
	}
	free(path);
	if (!ok)
		*why = first_why;
	return ok ? 0 : -1;
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
	escape_fwrite(r->out, s->k.callee->file, strlen(s->k.callee->file), r->esc);
	putc(':', r->out);
	escape_fwrite(r->out, s->k.callee->name, strlen(s->k.callee->name), r->esc);
	fprintf(r->out, " (%sx -> %sx)\n", a, b);
}

static void annotate(const struct report *r, const struct diff_file *df, const char *name, int user,
		     struct rd *src)
{
	FILE *out = r->out;
	size_t ncol = 3 * r->nshow, nl = 0, ns = 0, i, k, li, si, cut;
	struct diff_line **lines, *l, *lt;
	struct diff_site **sites, *s;
	char (*cells)[DCELL] = xcalloc(ncol + 1, sizeof(*cells));
	size_t *w = xcalloc(ncol + 1, sizeof(*w));
	uint64_t ctx = (uint64_t)r->o->context, lineno;
	size_t len;
	int cut_line;

	report_rule(r);
	fprintf(out, "-- %s-annotated source (change): ", user ? "User" : "Auto");
	escape_fwrite(out, name, strlen(name), r->esc);
	putc('\n', out);
	report_rule(r);
	if (!df) {
		fputs("  No cost in either profile is on a line of this file.\n\n", out);
		goto done;
	}
	lines = xmalloc((HASH_COUNT(df->lines) + 1) * sizeof(*lines));
	HASH_ITER(hh, df->lines, l, lt) {
		lines[nl++] = l;
	}
	sort_array(lines, nl, sizeof(*lines), line_cmp);
	for (s = df->sites; s; s = s->next)
		ns++;
	sites = xmalloc((ns + 1) * sizeof(*sites));
	ns = 0;
	for (s = df->sites; s; s = s->next)
		sites[ns++] = s;
	sort_array_r(sites, ns, sizeof(*sites), site_cmp, (void *)r);

	/* widths: the headers, then every cell */
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

	/* the ranges of numbered lines, with context; line 0 and lines past the end after */
	li = 0;
	while (li < nl && lines[li]->line == 0)
		li++;
	si = 0;
	lineno = 0;
	cut = li;
	while (li < nl && rd_more(src)) {
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
	for (; cut < nl; cut++) {
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
done:
	free(cells);
	free(w);
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

void report_diff_source(struct report *r, const struct diff *d)
{
	const struct opts *o = r->o;
	const char **names = NULL;
	size_t n = 0, cap = 0, i, j, nrows = 0, nuser, nbad = 0;
	const struct diff_fn **rows = NULL;
	const char **whys;

	/* user files: every argument after OLD and NEW */
	for (i = 1; i < o->nuser; i++) {
		for (j = 0; j < n && strcmp(names[j], o->user_files[i]); j++)
			;
		if (j < n)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 16;
			names = xrealloc(names, cap * sizeof(*names));
		}
		names[n++] = o->user_files[i];
	}
	nuser = n;
	whys = xcalloc(n + (o->auto_annotate ? d->nfns : 0) + 1, sizeof(*whys));
	if (o->auto_annotate) {
		rows = report_diff_rows(r, d, &nrows);
		for (i = 0; i < nrows; i++) {
			const char *f = rows[i]->file;
			if (!strcmp(f, "???"))
				continue;
			/* named already, or a file named on the command line stands for it */
			for (j = 0; j < n && strcmp(names[j], f) &&
				    !(j < nuser && find(d, names[j]) == find(d, f)); j++)
				;
			if (j < n)
				continue;
			if (n == cap) {
				cap = cap ? 2 * cap : 16;
				names = xrealloc(names, cap * sizeof(*names));
			}
			names[n++] = f;
		}
	}
	for (i = 0; i < n; i++) {
		const char *why;
		struct rd src;
		if (rd_open(r, names[i], &src, &why)) {
			/* listed after the others, as the report of one profile does */
			names[nbad] = names[i];
			whys[nbad++] = why;
			continue;
		}
		annotate(r, find(d, names[i]), names[i], i < nuser, &src);
		rd_close(&src);
	}
	unreadable(r, names, whys, nbad, 0);
	unreadable(r, names, whys, nbad, 1);
	free(whys);
	free(rows);
	free(names);
}
