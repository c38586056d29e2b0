/* md_fit: a Markdown report cut at its folded blocks and table rows to fit a size. */
#include "md_fit.h"

#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "arena.h"
#include "numfmt.h"
#include "sort.h"

/* A part that may be left out: a folded block or a row of the function table. */
struct unit {
	size_t start, end;	/* bytes of buf */
	size_t section;		/* the "### " section it is in */
	int row;		/* a table row, not a block */
	int dropped;
	int open;		/* a block whose end is past the bytes kept in memory */
	size_t cut;		/* a block kept up to here (then tail), or 0 */
	char *tail;		/* what closes a block cut: its fence, </details> */
};

/* What lies from one "### " heading to the next (section 0: what comes before the first). */
struct section {
	size_t start, end;
	size_t blocks, rows, kept_blocks, dropped_bytes;
	int dropped;
};

struct parse {
	struct unit *u;
	size_t nu;
	struct section *s;
	size_t ns;
};

/* A scan of the Markdown line by line: where it is, and what it has seen. */
struct scan {
	size_t fence;		/* backticks of the open code fence, 0 outside */
	size_t trow;		/* lines of the function table so far */
	int in_block, table;
	size_t blocks, rows;	/* folded blocks closed, table rows (not the header's two) */
};

enum line_kind { LINE_TEXT, LINE_HEAD, LINE_OPEN, LINE_CLOSE, LINE_ROW };

/* Bytes of a line a scan looks at: a fence of more backticks is never written. */
#define SCAN_HEAD 64
#define BACKTICKS "````````````````````````````````````````````````````````````````"

/* Is the heading line that of the function table (report_md.c's wording)? */
static int table_heading(const char *line, size_t n)
{
	static const char *const heads[] = { "### Top functions", "### Functions that changed most" };
	size_t i;

	for (i = 0; i < 2; i++)
		if (n >= strlen(heads[i]) && !memcmp(line, heads[i], strlen(heads[i])))
			return 1;
	return 0;
}

/* The number of backticks a line starts with. */
static size_t ticks(const char *line, size_t n)
{
	size_t k = 0;

	while (k < n && line[k] == '`')
		k++;
	return k;
}

/*
 * What a line is (its first bytes head, at least min(n, SCAN_HEAD) of
 * them; n its length without the newline), updating the scan.
 */
static enum line_kind scan_line(struct scan *sc, const char *head, size_t n)
{
	size_t h = n < SCAN_HEAD ? n : SCAN_HEAD, k = ticks(head, h);

	if (sc->fence) {
		if (k >= sc->fence && k == n)
			sc->fence = 0;	/* the closing fence */
		return LINE_TEXT;
	}
	if (k >= 3) {
		sc->fence = k;
		return LINE_TEXT;
	}
	if (!sc->in_block && n > 4 && !memcmp(head, "### ", 4)) {
		sc->table = table_heading(head, h);
		sc->trow = 0;
		return LINE_HEAD;
	}
	if (n == 9 && !memcmp(head, "<details>", 9) && !sc->in_block) {
		sc->in_block = 1;
		return LINE_OPEN;
	}
	if (n == 10 && !memcmp(head, "</details>", 10) && sc->in_block) {
		sc->in_block = 0;
		sc->blocks++;
		return LINE_CLOSE;
	}
	if (sc->table && !sc->in_block && n && head[0] == '|') {
		/* the header and the delimiter row stay */
		if (++sc->trow <= 2)
			return LINE_TEXT;
		sc->rows++;
		return LINE_ROW;
	}
	if (sc->table && sc->trow)
		sc->table = 0;	/* the table ended */
	return LINE_TEXT;
}

static void add_unit(struct parse *p, size_t start, size_t end, int row)
{
	p->u = xrealloc(p->u, (p->nu + 1) * sizeof(*p->u));
	p->u[p->nu] = (struct unit){ start, end, p->ns - 1, row, 0, 0, 0, NULL };
	p->nu++;
	if (row) {
		p->s[p->ns - 1].rows++;
	} else {
		p->s[p->ns - 1].blocks++;
		p->s[p->ns - 1].kept_blocks++;
	}
}

/*
 * The units and sections of buf's complete lines; returns where they end.
 * A block still open there (its end was not kept) is a unit too, open.
 */
static size_t parse(const char *buf, size_t len, struct parse *p)
{
	struct scan sc = { 0 };
	size_t pos = 0, open = 0;

	p->s = xcalloc(1, sizeof(*p->s));
	p->ns = 1;
	p->u = NULL;
	p->nu = 0;
	while (pos < len) {
		const char *line = buf + pos, *nl = memchr(line, '\n', len - pos);
		size_t n, next;
		if (!nl)
			break;	/* a line cut where memory ended */
		n = (size_t)(nl - line);
		next = pos + n + 1;
		switch (scan_line(&sc, line, n)) {
		case LINE_HEAD:
			p->s[p->ns - 1].end = pos;
			p->s = xrealloc(p->s, (p->ns + 1) * sizeof(*p->s));
			memset(&p->s[p->ns], 0, sizeof(*p->s));
			p->s[p->ns++].start = pos;
			break;
		case LINE_OPEN:
			open = pos;
			break;
		case LINE_CLOSE:
			add_unit(p, open, next, 0);
			break;
		case LINE_ROW:
			add_unit(p, pos, next, 1);
			break;
		case LINE_TEXT:
			break;
		}
		pos = next;
	}
	if (sc.in_block) {
		add_unit(p, open, pos, 0);
		p->u[p->nu - 1].open = 1;
	}
	p->s[p->ns - 1].end = pos;
	return pos;
}

struct range {
	size_t start, end;
	const char *insert;	/* written where the range starts, or NULL */
};

static int range_cmp(const void *x, const void *y)
{
	const struct range *a = x, *b = y;

	return a->start < b->start ? -1 : a->start > b->start;
}

/* Drop the last unit of the kind asked that is still kept; the bytes it frees, or 0. */
static size_t drop_last(struct parse *p, int row)
{
	size_t i = p->nu, freed;

	while (i-- > 0) {
		struct unit *u = &p->u[i];
		struct section *s;
		if (u->dropped || u->row != row || p->s[u->section].dropped)
			continue;
		if (row && (i == 0 || !p->u[i - 1].row || p->u[i - 1].section != u->section))
			return 0;	/* the table's first row stays */
		u->dropped = 1;
		s = &p->s[u->section];
		freed = u->end - u->start;
		s->dropped_bytes += freed;
		if (!row && !--s->kept_blocks && !s->rows && u->section) {
			/* a heading over nothing: it goes with its text */
			freed += s->end - s->start - s->dropped_bytes;
			s->dropped = 1;
		}
		return freed;
	}
	return 0;
}

/*
 * The first block left out, kept up to its last line that fits in room
 * bytes (with what closes it and its section's heading, when that went
 * too): the top lines of the next function.  Returns the bytes it adds
 * back, 0 when less than a few lines would fit.
 */
static size_t keep_top(struct parse *p, const char *buf, size_t room)
{
	const size_t min = 2048;
	size_t i, pos, body = 0, close = 0, fence = 0, c, lines = 0, over, tlen;
	struct unit *u = NULL;
	struct section *s;
	char tail[160];

	for (i = 0; i < p->nu && !u; i++)
		if (!p->u[i].row && p->u[i].dropped)
			u = &p->u[i];
	if (!u)
		return 0;
	s = &p->s[u->section];
	over = s->dropped ? s->end - s->start - s->dropped_bytes : 0;
	if (room < min + over)
		return 0;
	room -= over;
	/* its fence: the opening line, the body after it, the closing line */
	for (pos = u->start; pos < u->end;) {
		const char *nl = memchr(buf + pos, '\n', u->end - pos);
		size_t n = nl ? (size_t)(nl - buf - pos) : u->end - pos, k = ticks(buf + pos, n);
		if (!fence && k >= 3) {
			fence = k;
			body = pos + n + 1;
		} else if (fence && k == fence && k == n) {
			close = pos;
			break;
		}
		pos += n + 1;
	}
	if (!close && u->open && fence)
		close = u->end;	/* its end was not kept: what was is its top */
	if (!close || fence > SCAN_HEAD)
		return 0;
	/* the last line end that leaves room for the tail */
	for (c = body, pos = body; pos < close;) {
		const char *nl = memchr(buf + pos, '\n', close - pos);
		size_t next = nl ? (size_t)(nl - buf) + 1 : close;
		if (next - u->start + sizeof(tail) > room)
			break;
		c = next;
		pos = next;
	}
	if (c == body)
		return 0;
	for (pos = c; pos < close; pos++)
		lines += buf[pos] == '\n';
	if (u->open)
		snprintf(tail, sizeof(tail), "[the rest cut: --markdown-max=none shows it]\n%.*s\n\n"
			 "</details>\n", (int)fence, BACKTICKS);
	else
		snprintf(tail, sizeof(tail), "[%zu more lines cut: --markdown-max=none shows them]\n"
			 "%.*s\n\n</details>\n", lines, (int)fence, BACKTICKS);
	tlen = strlen(tail);
	u->tail = xstrdup(tail);
	u->cut = c;
	u->dropped = 0;
	s->kept_blocks++;
	s->dropped_bytes -= u->end - u->start;
	s->dropped = 0;
	return over + (c - u->start) + tlen;
}

/* The Markdown being written: its first max bytes, and a scan of all of it. */
struct md_fit {
	FILE *f;
	char *buf;
	size_t len, cap, max;
	int truncated;		/* bytes past max were written (and not kept) */
	struct scan all;
	char head[SCAN_HEAD];	/* the first bytes of the line being written */
	size_t linelen;
};

static ssize_t fit_write(void *cookie, const char *data, size_t n)
{
	struct md_fit *m = cookie;
	size_t keep = m->len < m->max ? m->max - m->len : 0, rest = n;

	if (keep > n)
		keep = n;
	if (keep) {
		if (m->len + keep > m->cap) {
			m->cap = m->cap ? 2 * m->cap : 65536;
			if (m->cap < m->len + keep)
				m->cap = m->len + keep;
			m->buf = xrealloc(m->buf, m->cap);
		}
		memcpy(m->buf + m->len, data, keep);
		m->len += keep;
	}
	m->truncated |= keep < n;
	/* every line scanned by its first bytes, to count what goes */
	while (rest) {
		const char *nl = memchr(data, '\n', rest);
		size_t seg = nl ? (size_t)(nl - data) : rest;
		if (m->linelen < SCAN_HEAD)
			memcpy(m->head + m->linelen, data,
			       seg < SCAN_HEAD - m->linelen ? seg : SCAN_HEAD - m->linelen);
		m->linelen += seg;
		if (!nl)
			break;
		scan_line(&m->all, m->head, m->linelen);
		m->linelen = 0;
		data = nl + 1;
		rest -= seg + 1;
	}
	return (ssize_t)n;
}

FILE *md_fit_open(struct md_fit **fit, size_t max)
{
	static const cookie_io_functions_t io = { NULL, fit_write, NULL, NULL };
	struct md_fit *m = xcalloc(1, sizeof(*m));

	m->max = max;
	m->f = fopencookie(m, "w", io);
	if (!m->f)
		xalloc_die();
	*fit = m;
	return m->f;
}

/* Write what fits of m to out, then the note; returns the bytes written. */
static size_t cut(struct md_fit *m, FILE *out)
{
	/* room for the paragraph that says what was cut (at most some 260 bytes) */
	const size_t note_max = 300;
	struct parse p;
	struct range *r;
	size_t nblocks, nrows, kblocks = 0, krows = 0, nr = 0, i, at, wrote = 0, freed;
	size_t budget = m->max > note_max ? m->max - note_max : 0, len, total;
	const char *buf = m->buf;
	char num[32], *text = NULL;
	size_t tlen = 0;
	FILE *kept;
	int top = 0;

	total = len = parse(buf, m->len, &p);
	/* a block whose end is past memory goes first (its start may come back, keep_top()) */
	for (i = 0; i < p.nu; i++) {
		struct unit *u = &p.u[i];
		struct section *s = &p.s[u->section];
		if (!u->open)
			continue;
		u->dropped = 1;
		total -= u->end - u->start;
		s->dropped_bytes += u->end - u->start;
		if (!--s->kept_blocks && !s->rows && u->section) {
			total -= s->end - s->start - s->dropped_bytes;
			s->dropped = 1;
		}
	}
	while (total > budget && (freed = drop_last(&p, 0)))
		total -= freed;
	while (total > budget && (freed = drop_last(&p, 1)))
		total -= freed;
	if (total <= budget && (freed = keep_top(&p, buf, budget - total))) {
		total += freed;
		top = 1;
	}
	for (i = 0; i < p.nu; i++) {
		kblocks += !p.u[i].row && !p.u[i].dropped && !p.s[p.u[i].section].dropped;
		krows += p.u[i].row && !p.u[i].dropped && !p.s[p.u[i].section].dropped;
	}
	nblocks = m->all.blocks > kblocks ? m->all.blocks - kblocks : 0;
	nrows = m->all.rows > krows ? m->all.rows - krows : 0;
	r = xcalloc(p.nu + p.ns + 1, sizeof(*r));
	for (i = 0; i < p.ns; i++)
		if (p.s[i].dropped)
			r[nr++] = (struct range){ p.s[i].start, p.s[i].end, NULL };
	for (i = 0; i < p.nu; i++) {
		if (p.u[i].dropped && !p.s[p.u[i].section].dropped)
			r[nr++] = (struct range){ p.u[i].start, p.u[i].end, NULL };
		else if (p.u[i].cut)
			r[nr++] = (struct range){ p.u[i].cut, p.u[i].end, p.u[i].tail };
	}
	sort_array(r, nr, sizeof(*r), range_cmp);
	kept = open_memstream(&text, &tlen);
	if (!kept)
		abort();
	for (i = 0, at = 0; i <= nr; i++) {
		size_t end = i < nr ? r[i].start : len;
		if (end > at)
			fwrite(buf + at, 1, end - at, kept);
		if (i < nr && r[i].insert)
			fputs(r[i].insert, kept);
		if (i < nr && r[i].end > at)
			at = r[i].end;
	}
	fclose(kept);
	/* one newline before the note's blank line, whatever blank lines the cuts left */
	while (tlen > 1 && text[tlen - 1] == '\n' && text[tlen - 2] == '\n')
		tlen--;
	wrote += fwrite(text, 1, tlen, out);
	free(text);
	numfmt_commify(m->max, num);
	/* bold, not a rule or emphasis: what a name could never make (tests/md-check.py) */
	wrote += (size_t)fprintf(out, "\n**Cut to fit %s bytes** (a pull-request comment holds "
				 "65,536 characters): left out ", num);
	if (nblocks)
		wrote += (size_t)fprintf(out, "the last %zu of %zu folded blocks%s", nblocks,
					 m->all.blocks, top ? " (and the end of the one before them)" : "");
	else if (top)
		wrote += (size_t)fprintf(out, "the end of the last folded block");
	if (nrows)
		wrote += (size_t)fprintf(out, "%sthe last %zu of %zu rows of the table",
					 nblocks || top ? " and " : "", nrows, m->all.rows);
	if (!nblocks && !nrows && !top)
		wrote += (size_t)fprintf(out, "nothing that could go (fewer events with --show)");
	wrote += (size_t)fprintf(out, ".  `--markdown-max=none` writes it all.\n");
	free(r);
	for (i = 0; i < p.nu; i++)
		free(p.u[i].tail);
	free(p.u);
	free(p.s);
	return wrote;
}

size_t md_fit_close(struct md_fit *m, FILE *out)
{
	size_t wrote;

	fclose(m->f);
	if (m->linelen)
		scan_line(&m->all, m->head, m->linelen);	/* a last line without a newline */
	if (!m->truncated)
		wrote = fwrite(m->buf, 1, m->len, out);
	else
		wrote = cut(m, out);
	free(m->buf);
	free(m);
	return wrote;
}
