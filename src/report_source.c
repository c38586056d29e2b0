/* report_source: annotated source listings (auto-annotation and user-named files). */
#include "report.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "graph.h"
#include "hash.h"
#include "numfmt.h"
#include "sort.h"
#include "source_find.h"

/*
 * Files are annotated in a fixed order: those named on the command line
 * first, in command-line order, then the files of the functions the table
 * printed, by the cost of their lines (sort events, largest first), ties by
 * name.  callgrind_annotate uses Perl hash order, which changes with the
 * hash seed.
 */
struct ann {
	const char *name;	/* as the profile (or the command line) spells it */
	const struct file *f;	/* NULL: the profile has no costs for it */
	int user;		/* named on the command line */
	struct cc *cost;	/* sum of its line costs (auto files only) */
};

/* The calls made from one source line by one caller to one function. */
struct line_call {
	uint64_t line;
	size_t seq;		/* order of the first call in the profile */
	const struct fn *caller, *callee;
	uint64_t count;
	const struct cc *cc;	/* inclusive cost of the calls from this line */
	const struct cc *total;	/* of all the caller's calls to callee */
};

/*
 * A source file read one block at a time, never more than the size fstat
 * reported (a file that grows is read to that size), and a cursor over its
 * lines.  At most SRC_LINE_MAX bytes are held: a longer line is cut there
 * (the rest is skipped), so a huge file of few newlines costs no memory.
 */
#define SRC_LINE_MAX ((size_t)1 << 20)

struct src {
	int fd;
	char *buf;		/* cap bytes; unread text in buf[start..end) */
	size_t cap, start, end;
	uint64_t left;		/* bytes of the file not read yet */
	uint64_t lineno;	/* lines read so far */
	int cut;		/* the line src_next() gave was cut at SRC_LINE_MAX */
	int skip;		/* the rest of a cut line is still to be skipped */
	struct stat st;		/* of the open file */
};

/* callgrind_annotate's order of costs (report_cost_cmp(), r the report) */
static int ann_cmp(const void *x, const void *y, void *r)
{
	const struct ann *a = x, *b = y;
	int c = report_cost_cmp(r, a->cost, b->cost);
	return c ? c : strcmp(a->name, b->name);
}

/* By line, then the order the profile gave the calls in. */
static int call_seq_cmp(const void *x, const void *y)
{
	const struct line_call *a = x, *b = y;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* Within a line: by the caller's total calls to the callee, then this line's, then name. */
static int call_cost_cmp(const void *x, const void *y, void *r)
{
	const struct line_call *a = x, *b = y;
	int c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	c = report_cost_cmp(r, a->total, b->total);
	if (c)
		return c;
	c = report_cost_cmp(r, a->cc, b->cc);
	return c ? c : graph_fn_cmp(a->callee, b->callee);
}

/* A file that exists but cannot be read, and why (a static string). */
struct unread {
	const char *name, *why;
};

static int unread_cmp(const void *x, const void *y)
{
	return strcmp(((const struct unread *)x)->name, ((const struct unread *)y)->name);
}

static int str_cmp(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

static const struct file *find_file(const struct profile *p, const char *name)
{
	size_t i;
	for (i = 0; i < p->nfiles_src; i++)
		if (!strcmp(p->files[i]->name, name))
			return p->files[i];
	return NULL;
}

/* Read more after buf[end] (moving the unread text to the front first); 0 at the end. */
static size_t src_fill(struct src *s)
{
	size_t want;
	ssize_t n;

	if (s->start) {
		memmove(s->buf, s->buf + s->start, s->end - s->start);
		s->end -= s->start;
		s->start = 0;
	}
	want = s->cap - s->end;
	if (want > s->left)
		want = (size_t)s->left;
	if (!want)
		return 0;
	do
		n = read(s->fd, s->buf + s->end, want);
	while (n < 0 && errno == EINTR);
	if (n <= 0) {
		s->left = 0;	/* an error, or a file that shrank: its end */
		return 0;
	}
	s->end += (size_t)n;
	s->left -= (uint64_t)n;
	return (size_t)n;
}

/* No line left to read (a line being skipped may still end it: not the end). */
static int src_at_end(struct src *s)
{
	return !s->skip && s->start == s->end && !src_fill(s);
}

static void src_close(struct src *s)
{
	if (s->fd >= 0)
		close(s->fd);
	free(s->buf);
	s->fd = -1;
	s->buf = NULL;
}

/*
 * Open a source file to read its lines; -1 with *why set when it cannot be
 * read.  A file holding a NUL byte in its first block is binary (a sparse
 * file of holes is all NULs), not a source.
 */
static int src_open(const char *path, struct src *s, const char **why)
{
	memset(s, 0, sizeof(*s));
	s->fd = source_open(path, &s->st, why);
	if (s->fd < 0)
		return -1;
	s->left = (uint64_t)s->st.st_size;
	s->cap = s->left < SRC_LINE_MAX ? (size_t)s->left : SRC_LINE_MAX;
	s->buf = xmalloc(s->cap);
	src_fill(s);
	if (memchr(s->buf, '\0', s->end)) {
		*why = "binary: it holds NUL bytes";
		src_close(s);
		return -1;
	}
	return 0;
}

/*
 * The next line with its '\n' (the last one may have none), valid until
 * the next call; 0 at the end.  A line longer than SRC_LINE_MAX is given
 * cut (s->cut set).
 */
static int src_next(struct src *s, const char **line, size_t *len)
{
	const char *nl = NULL;
	size_t scanned = 0;

	while (s->skip) {
		nl = memchr(s->buf + s->start, '\n', s->end - s->start);
		if (nl) {
			s->start = (size_t)(nl - s->buf) + 1;
			s->skip = 0;
		} else {
			s->start = s->end;
			if (!src_fill(s))
				s->skip = 0;
		}
	}
	s->cut = 0;
	for (;;) {
		nl = memchr(s->buf + s->start + scanned, '\n', s->end - s->start - scanned);
		if (nl)
			break;
		scanned = s->end - s->start;
		if (!src_fill(s))
			break;
	}
	if (s->start == s->end)
		return 0;
	*line = s->buf + s->start;
	if (nl) {
		*len = (size_t)(nl - *line) + 1;
	} else {
		*len = s->end - s->start;
		/* the buffer is full and the file goes on: a line too long to hold */
		s->cut = s->skip = s->left > 0;
	}
	s->start += *len;
	s->lineno++;
	return 1;
}

static uint64_t add_sat(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

static void print_marker(FILE *out, uint64_t line)
{
	fprintf(out, "-- line %llu ----------------------------------------\n",
		(unsigned long long)line);
}

static void print_banner(FILE *out)
{
	fputs("@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n"
	      "@@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@\n"
	      "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n",
	      out);
}

static void warn_newer(const struct report *r, const char *name)
{
	FILE *out = r->out;
	print_banner(out);
	fputs("@ Source file '", out);
	report_str(r, name);
	fputs("' is more recent than input file '", out);
	report_str(r, r->input_name);
	fputs("'.\n@ Annotations may not be correct.\n", out);
	fputs("@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n\n",
	      out);
}

static void warn_past_end(const struct report *r, const char *name, int newer)
{
	FILE *out = r->out;
	size_t len = strlen(name);

	print_banner(out);
	fputs("@@\n@@ Information recorded about lines past the end of '", out);
	report_str(r, name);
	fputs("'.\n@@\n@@ Probable cause and solution:\n", out);
	if (newer) {
		fputs("@@ cause:    '", out);
		report_str(r, name);
		fputs("' has changed since information was gathered.\n"
		      "@@           If so, a warning will have already been issued about this.\n"
		      "@@ solution: Recompile program and rerun under \"valgrind --cachesim=yes\" to \n"
		      "@@           gather new information.\n", out);
	}
	else if (len >= 2 && !strcmp(name + len - 2, ".h"))
		fputs("@@ cause:    bug in the Valgrind's debug info reader that screws up with .h\n"
		      "@@           files sometimes\n"
		      "@@ solution: none, sorry\n", out);
	else
		fputs("@@ cause:    not sure, sorry\n", out);
	fputs("@@\n@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n",
	      out);
}

/*
 * The calls of the profile by caller and callee, built the first time a
 * file with call sites is annotated (the model's own index is gone once
 * the profile is sealed): looking each site's call up in the caller's
 * list took sites x callees.
 */
struct call_index {
	const struct call **slot;
	size_t cap;
};

static size_t call_slot(const struct call_index *ci, const struct fn *caller,
			const struct fn *callee)
{
	size_t m = ci->cap - 1;
	size_t i = (size_t)hash_words((uint64_t)(uintptr_t)caller, (uint64_t)(uintptr_t)callee, 0) & m;

	while (ci->slot[i] && (ci->slot[i]->k.caller != caller || ci->slot[i]->k.callee != callee))
		i = (i + 1) & m;
	return i;
}

static const struct call *call_find(struct call_index *ci, const struct profile *p,
				    const struct fn *caller, const struct fn *callee)
{
	size_t i;

	if (!ci->cap) {
		ci->cap = 16;
		while (ci->cap < 2 * p->ncalls + 2)
			ci->cap *= 2;
		ci->slot = xcalloc(ci->cap, sizeof(*ci->slot));
		for (i = 0; i < p->ncalls; i++) {
			const struct call *c = p->calls[i];
			ci->slot[call_slot(ci, c->k.caller, c->k.callee)] = c;
		}
	}
	return ci->slot[call_slot(ci, caller, callee)];
}

/*
 * The calls made from each line of f, in print order.  As in
 * callgrind_annotate, a line shows the calls of one caller: the first the
 * profile gave for it.  Others calling from the same line are recursion
 * levels (--separate-recs names such as f'2, whose calls are already inside
 * the first level's inclusive cost) or other copies of inlined code.
 */
static struct line_call *line_calls(const struct report *r, const struct file *f,
				    struct call_index *ci, size_t *ncalls)
{
	const struct profile *p = r->p;
	const struct callsite *s;
	struct line_call *v;
	size_t n = 0, i, k;
	const struct fn *first = NULL;

	v = xcalloc(f->nsites + 1, sizeof(*v));
	for (s = f->sites; s; s = s->next) {
		const struct call *c = call_find(ci, p, s->k.caller, s->k.callee);
		v[n].line = s->k.line;
		v[n].seq = n;	/* the list keeps the profile's order */
		v[n].caller = s->k.caller;
		v[n].callee = s->k.callee;
		v[n].count = s->count;
		v[n].cc = s->cc;
		v[n].total = c ? c->cc : s->cc;
		n++;
	}
	sort_array(v, n, sizeof(*v), call_seq_cmp);
	for (i = 0, k = 0; i < n; i++) {
		if (!i || v[i].line != v[i - 1].line)
			first = v[i].caller;
		if (v[i].caller == first)
			v[k++] = v[i];
	}
	sort_array_r(v, k, sizeof(*v), call_cost_cmp, (void *)r);
	*ncalls = k;
	return v;
}

static void print_calls(const struct report *r, const struct line_call *v, size_t n,
			size_t *ci, uint64_t line, const size_t *width)
{
	char num[32];

	while (*ci < n && v[*ci].line < line)
		(*ci)++;
	for (; *ci < n && v[*ci].line == line; (*ci)++) {
		const struct fn *c = v[*ci].callee;
		report_cc(r, v[*ci].cc, width);
		fputs(" => ", r->out);
		report_str(r, c->k.file->name);
		putc(':', r->out);
		report_str(r, c->k.name);
		if (fn_obj_base(c->k.name, c->obj)) {
			/* an address names a function of its object only */
			fputs(" [", r->out);
			report_str(r, fn_obj_base(c->k.name, c->obj));
			putc(']', r->out);
		}
		fputs(" (", r->out);
		numfmt_commify(v[*ci].count, num);
		fprintf(r->out, "%sx)\n", num);
	}
}

/*
 * "-- Auto-annotated source: NAME", NAME's folder first as "DIR/ + " when
 * an -I folder holds it (callgrind_annotate's way); one found by a
 * trailing part says where it was read from, and which other folder held
 * that part too.
 */
static void print_header(const struct report *r, const struct ann *a,
			 const struct source_loc *loc)
{
	report_rule(r);
	fprintf(r->out, "-- %s-annotated source: ", a->user ? "User" : "Auto");
	if (*loc->dir && !loc->trailing) {
		report_str(r, loc->dir);
		fputs(" + ", r->out);
	}
	report_str(r, a->name);
	if (loc->trailing) {
		fputs(", read from ", r->out);
		if (*loc->dir) {
			report_str(r, loc->dir);
			fputs(" + ", r->out);
		}
		report_str(r, loc->part);
	}
	putc('\n', r->out);
	if (loc->other) {
		fputs("-- (ambiguous: ", r->out);
		report_str(r, loc->other);
		fputs(" ends in that part too, with other text; folders are tried in -I order)\n",
		      r->out);
	}
	report_rule(r);
}

static void unidentified(const struct report *r, const char *name)
{
	fputs(" <counts for unidentified lines in ", r->out);
	report_str(r, name);
	fputs(">\n\n", r->out);
}

/*
 * Annotate one source file: the costly lines with `context` lines around
 * them, "-- line N" markers between ranges, the calls made from each line,
 * then the lines past its end and line 0.  Adds what it printed to printed.
 */
static void annotate(const struct report *r, const struct ann *a, struct src *s,
		     const struct timespec *profile_mtime, struct cc *printed,
		     struct call_index *index)
{
	const struct profile *p = r->p;
	const struct file *f = a->f;
	FILE *out = r->out;
	uint64_t ctx = (uint64_t)r->o->context;
	uint64_t *nums;
	const struct cc **ccs;
	size_t n = 0, i, next, ncalls, ci = 0;
	size_t *width;
	struct line_call *calls;
	const struct cc *zero = NULL;
	int newer, eof = 0;

	n = profile_lines_sorted(f, &nums, &ccs);
	width = xcalloc(p->ev.n + 1, sizeof(*width));
	report_widths(r, ccs, n, width);
	next = 0;
	if (n && nums[0] == 0) {
		zero = ccs[0];
		next = 1;
	}

	if (next == n) {
		/* costs, but none on a numbered line: no listing to show */
		fputs("  No line-level annotation is possible: the profile gives no line\n"
		      "  numbers for ", out);
		report_str(r, a->name);
		fputs(" (its costs are all on line 0).\n\n", out);
		report_events(r, width);
		fputs("\n", out);
		report_cc(r, zero, width);
		unidentified(r, a->name);
		goto done;
	}

	/* to the nanosecond: a source saved in the second the profile was written is newer too */
	newer = profile_mtime &&
		(s->st.st_mtim.tv_sec > profile_mtime->tv_sec ||
		 (s->st.st_mtim.tv_sec == profile_mtime->tv_sec &&
		  s->st.st_mtim.tv_nsec > profile_mtime->tv_nsec));
	if (newer)
		warn_newer(r, a->name);
	report_events(r, width);
	fputs("\n\n", out);

	calls = line_calls(r, f, index, &ncalls);
	i = next;
	while (i < n) {
		uint64_t low = nums[i] > ctx ? nums[i] - ctx : 1, high;
		const char *line;
		size_t len;

		while (i + 1 < n && add_sat(nums[i], 2 * ctx) >= nums[i + 1])
			i++;
		high = add_sat(nums[i], ctx);
		i++;
		while (s->lineno + 1 < low && src_next(s, &line, &len))
			;
		/* a range wholly past the end has no line to mark: its costs are bogus lines */
		if (s->lineno + 1 < low || src_at_end(s)) {
			eof = 1;
			break;
		}
		if (low != 1)
			print_marker(out, low);
		while (s->lineno < high) {
			if (!src_next(s, &line, &len)) {
				eof = 1;
				break;
			}
			if (next < n && nums[next] == s->lineno) {
				report_cc(r, ccs[next], width);
				cc_add(printed, ccs[next], p->ev.n);
				next++;
			} else {
				report_cc(r, NULL, width);
			}
			putc(' ', out);
			fwrite(line, 1, len, out);
			if (s->cut)
				fputs(" <cut: the line is longer than 1,048,576 bytes>", out);
			if (line[len - 1] != '\n')
				putc('\n', out);	/* a last line without one */
			print_calls(r, calls, ncalls, &ci, s->lineno, width);
		}
		if (eof)
			break;
		print_marker(out, high);
	}
	free(calls);

	if (next < n) {
		for (i = next; i < n; i++) {
			report_cc(r, ccs[i], width);
			fprintf(out, " <bogus line %llu>\n", (unsigned long long)nums[i]);
		}
		putc('\n', out);
		warn_past_end(r, a->name, newer);
	}
	putc('\n', out);
	if (zero) {
		report_cc(r, zero, width);
		unidentified(r, a->name);
	}
done:
	free(width);
	free(ccs);
	free(nums);
}

/*
 * The name whose text annotates file f of a profile renamed by
 * --mod-filename: the renamed name may name no file (s/^a\.c$/A.c/), so
 * it is its first original that can be read.  Several originals renamed
 * to one must all be read and hold the same text, as cg_annotate
 * requires: else *differ is a message (malloc'ed) and the file is not
 * annotated.  When none can be read, the renamed name is looked up (and
 * "could not be found").
 */
static const char *source_name(const struct report *r, const struct ann *a, char **differ)
{
	const struct file *f = a->f;
	const char *first = NULL, *missing = NULL, *first_path = NULL;
	uint32_t i;

	*differ = NULL;
	if (!f || !f->norig || (f->norig == 1 && !strcmp(f->orig[0], a->name)))
		return a->name;
	for (i = 0; i < f->norig; i++) {
		const char *path = source_find(r->src, f->orig[i])->path;
		if (!path) {
			if (!missing)
				missing = f->orig[i];
			continue;
		}
		if (!first) {
			first = f->orig[i];
			first_path = path;
			continue;
		}
		if (!source_same_text(first_path, path)) {
			const char *fmt = "renamed from files that differ: '%s' and '%s'";
			size_t len = strlen(fmt) + strlen(first) + strlen(f->orig[i]);
			*differ = xmalloc(len);
			snprintf(*differ, len, fmt, first, f->orig[i]);
			break;
		}
	}
	if (first && missing && !*differ) {
		/* the text of one cannot be checked against the others */
		const char *fmt = "renamed from several files, and '%s' cannot be read";
		size_t len = strlen(fmt) + strlen(missing);
		*differ = xmalloc(len);
		snprintf(*differ, len, fmt, missing);
	}
	return first ? first : a->name;
}

/* The files to annotate, in the order they are printed. */
static struct ann *choose(const struct report *r, size_t *nann)
{
	const struct profile *p = r->p;
	const struct opts *o = r->o;
	size_t n = 0, i, j, nuser;
	struct ann *v = xcalloc(o->nuser + r->nfiles + 1, sizeof(*v));

	for (i = 0; i < o->nuser; i++) {
		for (j = 0; j < n; j++)
			if (!strcmp(v[j].name, o->user_files[i]))
				break;
		if (j < n)
			continue;
		v[n].name = o->user_files[i];
		v[n].f = find_file(p, o->user_files[i]);
		v[n].user = 1;
		n++;
	}
	nuser = n;
	if (o->auto_annotate) {
		for (i = 0; i < r->nfiles; i++) {
			const struct file *f = r->files[i];
			uint64_t line;
			struct cc *cc;
			size_t k;
			if (!strcmp(f->name, "???"))
				continue;
			for (j = 0; j < nuser; j++)
				if (!strcmp(v[j].name, f->name))
					break;
			if (j < nuser)
				continue;
			v[n].name = f->name;
			v[n].f = f;
			v[n].cost = xcalloc(1, profile_cc_size(p));
			for (k = 0; file_line_next(f, &k, &line, &cc);)
				cc_add(v[n].cost, cc, p->ev.n);
			n++;
		}
		sort_array_r(v + nuser, n - nuser, sizeof(*v), ann_cmp, (void *)r);
	}
	*nann = n;
	return v;
}

static void print_no_lines(const struct report *r)
{
	report_rule(r);
	fputs("-- No line-level annotation is possible\n", r->out);
	report_rule(r);
	fputs("  The profile records no line numbers (its 'positions:' line has no\n"
	      "  'line'), only instruction addresses: its costs cannot be shown on\n"
	      "  source lines.\n\n", r->out);
}

/*
 * Open look (a's file, named as to be read) where r->src finds it: 1 with
 * s open and *loc where; else 0, with *why why it cannot be read where it
 * exists (NULL: it exists nowhere).  A file named on the command line is
 * looked up whole.  A file whose lines were not kept could not be read
 * when loading: it is not opened now.
 */
static int open_source(const struct report *r, const struct ann *a, const char *look,
		       struct src *s, const struct source_loc **loc, const char **why)
{
	*loc = a->user ? source_find_whole(r->src, look) : source_find(r->src, look);
	*why = (*loc)->why;
	if (!(*loc)->path || (a->f && !a->f->keep_lines))
		return 0;
	return !src_open((*loc)->path, s, why);
}

/* The files that could not be found, by name. */
static void print_unfound(const struct report *r, const char **unfound, size_t n)
{
	size_t i;

	if (!n)
		return;
	sort_array(unfound, n, sizeof(*unfound), str_cmp);
	report_rule(r);
	fputs("The following files chosen for auto-annotation could not be found:\n", r->out);
	report_rule(r);
	for (i = 0; i < n; i++) {
		fputs("  ", r->out);
		report_str(r, unfound[i]);
		putc('\n', r->out);
	}
	putc('\n', r->out);
}

/* The files that exist but could not be read, by name, each with why. */
static void print_unread(const struct report *r, struct unread *unread, size_t n)
{
	size_t i;

	if (!n)
		return;
	sort_array(unread, n, sizeof(*unread), unread_cmp);
	report_rule(r);
	fputs("The following files chosen for auto-annotation could not be read:\n", r->out);
	report_rule(r);
	for (i = 0; i < n; i++) {
		fputs("  ", r->out);
		report_str(r, unread[i].name);
		fprintf(r->out, " (%s)\n", unread[i].why);
	}
	putc('\n', r->out);
}

/* The sum of the costs annotated, with percentages of it that never pass 100%. */
static void print_annotated(const struct report *r, const struct cc *printed)
{
	const struct profile *p = r->p;
	FILE *out = r->out;
	struct cc *tot = xcalloc(1, profile_cc_size(p));
	size_t *width, i;

	if (p->total)
		memcpy(tot, p->total, profile_cc_size(p));
	for (i = 0; i < p->ev.n; i++)
		if (!cc_defined(p, tot, i) || !tot->v[i] ||
		    (!p->signed_counts && printed->v[i] > tot->v[i]))
			tot->v[i] = printed->v[i];
	if (printed->ndef > tot->ndef)
		tot->ndef = printed->ndef;
	width = xcalloc(p->ev.n + 1, sizeof(*width));
	report_widths(r, (const struct cc *const *)&printed, 1, width);
	report_rule(r);
	report_events(r, width);
	putc('\n', out);
	report_rule(r);
	report_cc_of(r, printed, width, tot);
	fputs(" events annotated\n\n", out);
	free(width);
	free(tot);
}

void report_source(struct report *r)
{
	const struct profile *p = r->p;
	FILE *out = r->out;
	struct ann *anns;
	const char **unfound;
	struct unread *unread;
	size_t nunread = 0, nann, nunfound = 0, i, nmsgs = 0;
	char **msgs;
	struct cc *printed;
	struct stat pst;
	const struct timespec *profile_mtime = NULL;
	struct call_index ci = { NULL, 0 };
	int did = 0;

	anns = choose(r, &nann);
	if (!nann)
		goto out;
	if (!p->has_line) {
		print_no_lines(r);
		goto out;
	}
	if (strcmp(r->input_name, "-") && !stat(r->input_name, &pst))
		profile_mtime = &pst.st_mtim;
	printed = xcalloc(1, profile_cc_size(p));
	unfound = xcalloc(nann + 1, sizeof(*unfound));
	unread = xcalloc(nann + 1, sizeof(*unread));
	msgs = xcalloc(nann + 1, sizeof(*msgs));
	for (i = 0; i < nann; i++) {
		struct ann *a = &anns[i];
		struct src s;
		const struct source_loc *loc;
		const char *why, *look;
		char *differ;

		look = source_name(r, a, &differ);
		if (differ) {
			msgs[nmsgs++] = differ;
			unread[nunread].name = a->name;
			unread[nunread++].why = differ;
			continue;
		}
		if (!open_source(r, a, look, &s, &loc, &why)) {
			if (why) {
				unread[nunread].name = a->name;
				unread[nunread++].why = why;
			} else {
				unfound[nunfound++] = a->name;
			}
			continue;
		}
		print_header(r, a, loc);
		if (!a->f || !a->f->nlines) {
			fputs("  No information has been collected for ", out);
			report_str(r, a->name);
			fputs("\n\n", out);
		} else {
			did = 1;
			annotate(r, a, &s, profile_mtime, printed, &ci);
		}
		src_close(&s);
	}

	print_unfound(r, unfound, nunfound);
	print_unread(r, unread, nunread);
	if (did)
		print_annotated(r, printed);
	free(unfound);
	free(unread);
	for (i = 0; i < nmsgs; i++)
		free(msgs[i]);
	free(msgs);
	free(printed);
	free(ci.slot);
out:
	for (i = 0; i < nann; i++)
		free(anns[i].cost);
	free(anns);
}
