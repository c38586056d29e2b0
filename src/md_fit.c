/* md_fit: a Markdown report cut at its folded blocks and table rows to fit a size. */
#include "md_fit.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "numfmt.h"
#include "sort.h"

/* A part that may be left out: a folded block or a row of the function table. */
struct unit {
	size_t start, end;	/* bytes of buf */
	size_t section;		/* the "### " section it is in */
	int row;		/* a table row, not a block */
	int dropped;
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

static void parse(const char *buf, size_t len, struct parse *p)
{
	size_t pos = 0, fence = 0, open = 0, trow = 0;
	int in_block = 0, table = 0;

	p->s = xcalloc(1, sizeof(*p->s));
	p->ns = 1;
	p->u = NULL;
	p->nu = 0;
	while (pos < len) {
		const char *line = buf + pos, *nl = memchr(line, '\n', len - pos);
		size_t n = nl ? (size_t)(nl - line) : len - pos, next = pos + n + (nl != NULL);
		size_t k = ticks(line, n);
		if (fence) {
			if (k >= fence && k == n)
				fence = 0;	/* the closing fence */
		} else if (k >= 3) {
			fence = k;
		} else if (!in_block && n > 4 && !memcmp(line, "### ", 4)) {
			p->s[p->ns - 1].end = pos;
			p->s = xrealloc(p->s, (p->ns + 1) * sizeof(*p->s));
			memset(&p->s[p->ns], 0, sizeof(*p->s));
			p->s[p->ns++].start = pos;
			table = table_heading(line, n);
			trow = 0;
		} else if (n == 9 && !memcmp(line, "<details>", 9) && !in_block) {
			in_block = 1;
			open = pos;
		} else if (n == 10 && !memcmp(line, "</details>", 10) && in_block) {
			in_block = 0;
			p->u = xrealloc(p->u, (p->nu + 1) * sizeof(*p->u));
			p->u[p->nu] = (struct unit){ open, next, p->ns - 1, 0, 0, 0, NULL };
			p->nu++;
			p->s[p->ns - 1].blocks++;
			p->s[p->ns - 1].kept_blocks++;
		} else if (table && !in_block && n && line[0] == '|') {
			/* the header and the delimiter row stay */
			if (++trow > 2) {
				p->u = xrealloc(p->u, (p->nu + 1) * sizeof(*p->u));
				p->u[p->nu] = (struct unit){ pos, next, p->ns - 1, 1, 0, 0, NULL };
				p->nu++;
				p->s[p->ns - 1].rows++;
			}
		} else if (table && trow) {
			table = 0;	/* the table ended */
		}
		pos = next;
	}
	p->s[p->ns - 1].end = len;
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
static size_t drop_last(struct parse *p, int row, size_t *count)
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
		(*count)++;
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
	if (!close || fence > 64)
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
	snprintf(tail, sizeof(tail), "[%zu more lines cut: --markdown-max=none shows them]\n%.*s\n\n</details>\n",
		 lines, (int)fence, "````````````````````````````````````````````````````````````````");
	tlen = strlen(tail);
	u->tail = xstrdup(tail);
	u->cut = c;
	u->dropped = 0;
	s->kept_blocks++;
	s->dropped_bytes -= u->end - u->start;
	s->dropped = 0;
	return over + (c - u->start) + tlen;
}

size_t md_fit(FILE *out, const char *buf, size_t len, size_t max)
{
	/* room for the paragraph that says what was cut (at most some 260 bytes) */
	const size_t note_max = 300;
	struct parse p;
	struct range *r;
	size_t total = len, nblocks = 0, nrows = 0, blocks = 0, rows = 0, nr = 0, i, at, wrote = 0;
	size_t budget = max > note_max ? max - note_max : 0, freed;
	char num[32], *text = NULL;
	size_t tlen = 0;
	FILE *kept;
	int top = 0;

	if (!max || len <= max)
		return fwrite(buf, 1, len, out);
	parse(buf, len, &p);
	for (i = 0; i < p.nu; i++) {
		blocks += !p.u[i].row;
		rows += p.u[i].row;
	}
	while (total > budget && (freed = drop_last(&p, 0, &nblocks)))
		total -= freed;
	while (total > budget && (freed = drop_last(&p, 1, &nrows)))
		total -= freed;
	if (total <= budget && nblocks && !nrows && (freed = keep_top(&p, buf, budget - total))) {
		total += freed;
		nblocks--;
		top = 1;
	}
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
	numfmt_commify(max, num);
	/* bold, not a rule or emphasis: what a name could never make (tests/md-check.py) */
	wrote += (size_t)fprintf(out, "\n**Cut to fit %s bytes** (a pull-request comment holds "
				 "65,536 characters): left out ", num);
	if (nblocks)
		wrote += (size_t)fprintf(out, "the last %zu of %zu folded blocks%s", nblocks, blocks,
					 top ? " (and the end of the one before them)" : "");
	else if (top)
		wrote += (size_t)fprintf(out, "the end of the last folded block");
	if (nrows)
		wrote += (size_t)fprintf(out, "%sthe last %zu of %zu rows of the table",
					 nblocks ? " and " : "", nrows, rows);
	if (!nblocks && !nrows)
		wrote += (size_t)fprintf(out, "nothing that could go (fewer events with --show)");
	wrote += (size_t)fprintf(out, ".  `--markdown-max=none` writes it all.\n");
	free(r);
	for (i = 0; i < p.nu; i++)
		free(p.u[i].tail);
	free(p.u);
	free(p.s);
	return wrote;
}
