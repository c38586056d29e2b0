/* report_asm: the machine code of the functions the table printed, with the costs of each instruction. */
#include "report.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "escape.h"
#include "namecut.h"
#include "graph.h"
#include "icode.h"
#include "json.h"
#include "numfmt.h"
#include "objdump.h"
#include "outbuf.h"
#include "sort.h"
#include "source_find.h"

/*
 * For each function of the table (in its order), the machine code of each
 * of its units (icode.h: one per object), disassembled by objdump: every
 * instruction with a cost and --context instructions around them, the
 * source line where it changes, the calls made under a call instruction,
 * the jumps made at a jump and the arrivals before its target, then the
 * total of what was shown against the function's self cost.  Anything that
 * keeps the machine code from being shown (no object, objdump missing or
 * failing) is said in one line, and the costs are listed by address.
 */

/*
 * A symbol table read once per object, and the machine code of all the
 * units shown from it, disassembled together on first use.
 */
struct objcache {
	const char *obj;
	struct objsym *syms;
	size_t nsyms;
	int failed;		/* objdump could not be run */
	char err[320];
	int disasm;		/* 1: insns made, -1: objdump failed (derr) */
	struct objinsn *insns;	/* by address, each address once */
	size_t ninsns;
	char derr[400];
};

/* A source file read once, for the text of the lines shown. */
struct srcfile {
	const struct file *f;
	char *buf;		/* NULL: cannot be read */
	const char **line;	/* line[i]: start of line i + 1 */
	size_t nlines;
};

/* What one block works with. */
struct asm_ctx {
	struct report *r;
	const struct icode **units;	/* all those shown, for the objects' code */
	size_t nunits;
	size_t *nobj_of;		/* per fn id: its units, see nobjects() */
	struct objcache *objs;
	size_t nobjs;
	struct srcfile *srcs;
	size_t nsrcs;
	time_t profile_mtime;
};

/* A line of the listing: an instruction objdump showed, or an address with a cost. */
struct row {
	uint64_t addr;
	const char *text;	/* NULL: no machine code */
	const struct instr *in;	/* NULL: no cost */
};

/* A jump arriving at an address of the unit. */
struct arrival {
	uint64_t to, from, taken;
};

/* Escape text from the profile, an object file or objdump (escape.h): set by report_asm() from r->esc. */
static int esc_on;

static void put_text(FILE *out, const char *s, size_t len)
{
	escape_fwrite(out, s, len, esc_on);
}

static void put_str(FILE *out, const char *s)
{
	put_text(out, s, strlen(s));
}

/* A name the profile holds, cut once many name bytes were written (namecut.h). */
static void put_name(FILE *out, const char *s)
{
	size_t len, n = namecut(s, &len);

	put_text(out, s, n);
	if (n < len) {
		char m[NAMECUT_MARKER_MAX];
		namecut_marker(m, len);
		fputs(m, out);
	}
}

/* file:function, and " [OBJECT]" after an address (fn_obj_base()): the name of one object's function only. */
static void put_fn(FILE *out, const struct fn *f)
{
	const char *base = fn_obj_base(f->k.name, f->obj);

	put_name(out, f->k.file->name);
	putc(':', out);
	put_name(out, f->k.name);
	if (base) {
		fputs(" [", out);
		put_name(out, base);
		putc(']', out);
	}
}

static void spaces(FILE *out, size_t n)
{
	while (n--)
		putc(' ', out);
}

/* The width of the cost columns, separators included. */
static size_t cols_width(const struct report *r, const size_t *width)
{
	size_t k, w = 0;

	for (k = 0; k < r->nshow; k++)
		w += width[r->show[k]] + 1;
	return w;
}

static struct objcache *obj_symbols(struct asm_ctx *x, const char *obj)
{
	struct objcache *c;
	size_t i;

	for (i = 0; i < x->nobjs; i++)
		if (x->objs[i].obj == obj)
			return &x->objs[i];
	x->objs = xrealloc(x->objs, (x->nobjs + 1) * sizeof(*x->objs));
	c = &x->objs[x->nobjs++];
	memset(c, 0, sizeof(*c));
	c->obj = obj;
	c->failed = objdump_symbols(obj, &c->syms, &c->nsyms, c->err, sizeof(c->err)) != 0;
	return c;
}

static void objs_release(struct asm_ctx *x)
{
	size_t i;

	for (i = 0; i < x->nobjs; i++) {
		objdump_syms_free(x->objs[i].syms, x->objs[i].nsyms);
		objdump_insns_free(x->objs[i].insns, x->objs[i].ninsns);
	}
	free(x->objs);
	free(x->nobj_of);
}

/* The function symbol holding addr (the first by address, then larger size, then name), or NULL. */
static const struct objsym *sym_at(const struct objcache *c, uint64_t addr)
{
	size_t lo = 0, hi = c->nsyms, i;

	/* the first symbol that starts after addr */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c->syms[mid].addr <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	/* symbols are short: look back for the first one that holds addr */
	for (i = lo; i-- > 0;) {
		const struct objsym *s = &c->syms[i];
		if (addr - s->addr < s->size) {
			while (i > 0 && c->syms[i - 1].addr == s->addr &&
			       addr - c->syms[i - 1].addr < c->syms[i - 1].size)
				s = &c->syms[--i];
			return s;
		}
		if (lo - i > 64)
			break;
	}
	return NULL;
}

/* Read into buf[len..want) until want or the end; the new length. */
static size_t read_upto(int fd, char *buf, size_t len, size_t want)
{
	ssize_t n;

	while (len < want && ((n = read(fd, buf + len, want - len)) > 0 || (n < 0 && errno == EINTR)))
		len += n > 0 ? (size_t)n : 0;
	return len;
}

static struct srcfile *source_of(struct asm_ctx *x, const struct file *f)
{
	const struct source_loc *loc;
	struct srcfile *s;
	struct stat st;
	const char *why;
	size_t i, cap = 0;
	int fd;

	for (i = 0; i < x->nsrcs; i++)
		if (x->srcs[i].f == f)
			return &x->srcs[i];
	x->srcs = xrealloc(x->srcs, (x->nsrcs + 1) * sizeof(*x->srcs));
	s = &x->srcs[x->nsrcs++];
	memset(s, 0, sizeof(*s));
	s->f = f;
	loc = source_find(x->r->src, f->name);
	fd = loc->path ? source_open(loc->path, &st, &why) : -1;	/* regular files only */
	if (fd >= 0) {
		if (st.st_size < (1 << 28)) {
			size_t want = (size_t)st.st_size, head = want < (1 << 20) ? want : (1 << 20);
			size_t len;
			s->buf = xmalloc(want + 1);
			/* the first megabyte, then the rest unless it is binary (as in report_source()) */
			len = read_upto(fd, s->buf, 0, head);
			if (memchr(s->buf, '\0', len))
				len = 0;
			else if (len == head)
				len = read_upto(fd, s->buf, len, want);
			s->buf[len] = '\0';
			for (i = 0; i < len; i++) {
				if (i == 0 || s->buf[i - 1] == '\n') {
					if (s->nlines == cap) {
						cap = cap ? 2 * cap : 256;
						s->line = xrealloc(s->line, cap * sizeof(*s->line));
					}
					s->line[s->nlines++] = s->buf + i;
				}
			}
		}
		close(fd);
	}
	return s;
}

/* "file:line: text" where the source position changes. */
static void print_source(struct asm_ctx *x, const struct instr *in, size_t indent)
{
	FILE *out = x->r->out;
	struct srcfile *s;

	spaces(out, indent);
	put_name(out, in->file ? in->file->name : "???");
	if (!in->line) {
		fputs(" (no line number)\n", out);
		return;
	}
	fprintf(out, ":%llu", (unsigned long long)in->line);
	s = in->file ? source_of(x, in->file) : NULL;
	if (s && s->buf && in->line <= s->nlines) {
		const char *t = s->line[in->line - 1], *e = strchr(t, '\n');
		if (!e)
			e = t + strlen(t);
		while (t < e && (*t == ' ' || *t == '\t'))
			t++;
		while (e > t && (e[-1] == '\r' || e[-1] == ' ' || e[-1] == '\t'))
			e--;
		if (e > t) {
			fputs(":  ", out);
			put_text(out, t, (size_t)(e - t));
		}
	}
	putc('\n', out);
}

static int arrival_cmp(const void *x, const void *y)
{
	const struct arrival *a = x, *b = y;

	if (a->to != b->to)
		return a->to < b->to ? -1 : 1;
	if (a->taken != b->taken)
		return a->taken > b->taken ? -1 : 1;
	return a->from < b->from ? -1 : a->from > b->from;
}

/* The jumps of the unit that land in it (to_fn NULL) and were taken, by target. */
static struct arrival *arrivals(const struct instr *const *v, size_t n, size_t *na)
{
	struct arrival *a = NULL;
	size_t i, k = 0, cap = 0;

	for (i = 0; i < n; i++) {
		const struct ijump *j;
		for (j = v[i]->jumps; j; j = j->next) {
			if (j->to_fn || !j->taken)
				continue;
			if (k == cap) {
				cap = cap ? 2 * cap : 16;
				a = xrealloc(a, cap * sizeof(*a));
			}
			a[k].to = j->to;
			a[k].from = v[i]->addr;
			a[k].taken = j->taken;
			k++;
		}
	}
	if (k)
		sort_array(a, k, sizeof(*a), arrival_cmp);
	*na = k;
	return a;
}

static void print_arrivals(struct asm_ctx *x, const struct arrival *a, size_t na, size_t *ai,
			   uint64_t addr, size_t indent)
{
	FILE *out = x->r->out;
	char num[32];
	uint64_t total = 0;
	size_t i, first;

	while (*ai < na && a[*ai].to < addr)
		(*ai)++;
	first = *ai;
	for (i = first; i < na && a[i].to == addr; i++)
		total += a[i].taken;
	if (i == first)
		return;
	*ai = i;
	spaces(out, indent);
	numfmt_commify(total, num);
	if (i - first == 1) {
		fprintf(out, "<- arrives %s time%s from 0x%llx\n", num, total == 1 ? "" : "s",
			(unsigned long long)a[first].from);
		return;
	}
	fprintf(out, "<- arrives %s times:", num);
	for (i = first; i < *ai; i++) {
		numfmt_commify(a[i].taken, num);
		fprintf(out, "%s %s from 0x%llx", i == first ? "" : ",", num,
			(unsigned long long)a[i].from);
	}
	putc('\n', out);
}

/*
 * " (99.99%)": taken as a share of executed, cut (not rounded) to two
 * decimals, so that only a jump taken every time says 100%.
 */
static void share(uint64_t taken, uint64_t executed, char *buf, size_t len)
{
	unsigned __int128 bp;

	if (!executed || taken > executed) {
		buf[0] = '\0';
		return;
	}
	bp = (unsigned __int128)taken * 10000 / executed;
	snprintf(buf, len, " (%u.%02u%%)", (unsigned)(bp / 100), (unsigned)(bp % 100));
}

static void print_jumps(struct asm_ctx *x, const struct instr *in, size_t indent)
{
	FILE *out = x->r->out;
	const struct ijump *j;
	char num[32], of[32], pc[32];

	for (j = in->jumps; j; j = j->next) {
		const char *dir = j->to <= in->addr && !j->to_fn ? "back to" : "to";
		spaces(out, indent);
		numfmt_commify(j->taken, num);
		if (j->cond) {
			numfmt_commify(j->executed, of);
			share(j->taken, j->executed, pc, sizeof(pc));
			fprintf(out, "-> taken %s of %s time%s%s %s 0x%llx", num, of,
				j->executed == 1 ? "" : "s", pc, dir, (unsigned long long)j->to);
		} else {
			fprintf(out, "-> jumps %s 0x%llx %s time%s", dir, (unsigned long long)j->to, num,
				j->taken == 1 ? "" : "s");
		}
		if (j->to_fn) {
			fputs(" in ", out);
			put_str(out, j->to_fn);
		}
		putc('\n', out);
	}
}

static void print_calls(struct asm_ctx *x, const struct instr *in, const size_t *width,
			size_t pad)
{
	FILE *out = x->r->out;
	const struct icall *k;
	char num[32];

	for (k = in->calls; k; k = k->next) {
		report_cc(x->r, k->cc, width);
		spaces(out, pad + 1);
		fputs("=> ", out);
		put_fn(out, k->callee);
		numfmt_commify(k->count, num);
		fprintf(out, " (%sx)\n", num);
	}
}

static void print_marker(FILE *out, uint64_t addr)
{
	fprintf(out, "-- 0x%llx ----------------------------------------\n", (unsigned long long)addr);
}

/* Hex digits of the widest address. */
static size_t addr_digits(const struct row *rows, size_t n)
{
	size_t i, w = 1;

	for (i = 0; i < n; i++) {
		size_t d = 1;
		uint64_t a = rows[i].addr;
		while (a >>= 4)
			d++;
		if (d > w)
			w = d;
	}
	return w;
}

/*
 * The address ranges to disassemble: the symbol that holds the first
 * address with a cost (when the object has one), and the addresses outside
 * it in runs (a gap over 256 bytes starts a new one), each up to its last
 * address + RANGE_TAIL, so that objdump decodes the last instruction whole
 * (x86 instructions are at most 15 bytes; it cuts one that crosses the
 * stop address to ".byte").
 */
struct range {
	uint64_t start, stop;
	const struct objsym *sym;
};

#define RANGE_GAP 256
#define RANGE_TAIL 16
#define RANGE_MAX (16u << 20)	/* a bigger symbol is taken as runs of addresses */

static size_t ranges_of(const struct objcache *c, const struct instr *const *v, size_t n,
			struct range **out)
{
	struct range *rg = xmalloc((n + 2) * sizeof(*rg));
	const struct objsym *s = NULL;
	size_t i, k = 0;

	for (i = 0; i < n && !s; i++) {
		s = sym_at(c, v[i]->addr);
		if (s && s->size > RANGE_MAX)
			s = NULL;
	}
	if (s) {
		rg[k].start = s->addr;
		rg[k].stop = s->addr + s->size;
		rg[k].sym = s;
		k++;
	}
	for (i = 0; i < n; i++) {
		uint64_t a = v[i]->addr;
		if (s && a - s->addr < s->size)
			continue;
		uint64_t stop = a + RANGE_TAIL > a ? a + RANGE_TAIL : UINT64_MAX;
		if (k && !rg[k - 1].sym && a >= rg[k - 1].start &&
		    (a <= rg[k - 1].stop || a - rg[k - 1].stop <= RANGE_GAP)) {
			rg[k - 1].stop = stop > rg[k - 1].stop ? stop : rg[k - 1].stop;
			continue;
		}
		rg[k].start = a;
		rg[k].stop = stop;
		rg[k].sym = NULL;
		k++;
	}
	*out = rg;
	return k;
}

static int range_cmp(const void *x, const void *y)
{
	const struct range *a = x, *b = y;
	return a->start < b->start ? -1 : a->start > b->start;
}

static int objrange_cmp(const void *x, const void *y)
{
	const struct objrange *a = x, *b = y;
	return a->start < b->start ? -1 : a->start > b->start;
}

static int row_cmp(const void *x, const void *y)
{
	const struct row *a = x, *b = y;
	return a->addr < b->addr ? -1 : a->addr > b->addr;
}

static int insn_cmp(const void *x, const void *y)
{
	const struct objinsn *a = x, *b = y;
	return a->addr < b->addr ? -1 : a->addr > b->addr;
}

/*
 * The machine code of every unit shown from c's object, in one go: the
 * ranges of all of them to objdump_disasm_ranges(), which runs objdump a
 * bounded number of times (one run per function, or per range, took a
 * quarter of a second each on a large object).
 */
static void object_code(struct asm_ctx *x, struct objcache *c)
{
	struct objrange *orv = NULL;
	size_t norv = 0, i, k;

	for (i = 0; i < x->nunits; i++) {
		const struct icode *u = x->units[i];
		const struct instr **v;
		struct range *rg;
		size_t n, nrg;
		if (u->obj != c->obj)
			continue;
		v = icode_sorted(u, &n);
		nrg = ranges_of(c, v, n, &rg);
		orv = xrealloc(orv, (norv + nrg + 1) * sizeof(*orv));
		for (k = 0; k < nrg; k++, norv++) {
			orv[norv].start = rg[k].start;
			orv[norv].stop = rg[k].stop;
			/* past the last address with a cost is only the tail, which
			   objdump may have cut in the middle of an instruction */
			orv[norv].keep = rg[k].sym ? rg[k].stop : rg[k].stop - RANGE_TAIL + 1;
		}
		free(rg);
		free(v);
	}
	sort_array(orv, norv, sizeof(*orv), objrange_cmp);
	if (objdump_disasm_ranges(c->obj, orv, norv, &c->insns, &c->ninsns, c->derr,
				  sizeof(c->derr))) {
		c->disasm = -1;
		free(orv);
		return;
	}
	free(orv);
	sort_array(c->insns, c->ninsns, sizeof(*c->insns), insn_cmp);
	/* an address objdump showed twice is one instruction */
	for (i = 0, k = 0; i < c->ninsns; i++) {
		if (k && c->insns[k - 1].addr == c->insns[i].addr)
			free(c->insns[i].text);
		else
			c->insns[k++] = c->insns[i];
	}
	c->ninsns = k;
	c->disasm = 1;
}

/*
 * The rows of a unit: the instructions objdump shows in the ranges, each
 * with its cost; the addresses with a cost where no instruction starts go
 * to *lost.  Returns how many rows; *reason is set (and no instruction
 * shown) when objdump could not help.
 */
static size_t disassemble(struct asm_ctx *x, const struct icode *u, const struct instr *const *v,
			  size_t n, struct row **rows_out, const struct instr ***lost, size_t *nlost,
			  struct objinsn **insns, size_t *ninsns, char *reason, size_t rlen,
			  struct range **rg_out, size_t *nrg_out)
{
	struct objcache *c = obj_symbols(x, u->obj);
	struct range *rg;
	struct row *rows;
	size_t nrg, i, k, nrows = 0;

	*insns = NULL;
	*ninsns = 0;
	*nlost = 0;
	*rows_out = NULL;
	*rg_out = NULL;
	*nrg_out = 0;
	if (c->failed) {
		snprintf(reason, rlen, "%s", c->err);
		return 0;
	}
	nrg = ranges_of(c, v, n, &rg);
	sort_array(rg, nrg, sizeof(*rg), range_cmp);
	if (!c->disasm)
		object_code(x, c);
	if (c->disasm < 0) {
		snprintf(reason, rlen, "%s", c->derr);
		free(rg);
		return 0;
	}
	/* this unit's instructions: those of the object's code in its ranges */
	for (i = 0; i < nrg; i++) {
		uint64_t keep = rg[i].sym ? rg[i].stop : rg[i].stop - RANGE_TAIL + 1;
		size_t lo = 0, hi = c->ninsns;
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (c->insns[mid].addr < rg[i].start)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < c->ninsns && c->insns[lo].addr < keep; lo++) {
			*insns = xrealloc(*insns, (*ninsns + 1) * sizeof(**insns));
			(*insns)[*ninsns].addr = c->insns[lo].addr;
			(*insns)[(*ninsns)++].text = xstrdup(c->insns[lo].text);
		}
	}
	rows = xmalloc((*ninsns + 1) * sizeof(*rows));
	for (i = 0; i < *ninsns; i++) {
		rows[nrows].addr = (*insns)[i].addr;
		rows[nrows].text = (*insns)[i].text;
		rows[nrows].in = NULL;
		nrows++;
	}
	sort_array(rows, nrows, sizeof(*rows), row_cmp);
	/* an address objdump showed twice (overlapping ranges) is one row */
	for (i = 0, k = 0; i < nrows; i++)
		if (!k || rows[k - 1].addr != rows[i].addr)
			rows[k++] = rows[i];
	nrows = k;
	if (!nrows) {
		snprintf(reason, rlen, "objdump shows no instruction at these addresses of '%s'",
			 u->obj);
		free(rows);
		free(rg);
		return 0;
	}
	*lost = xmalloc((n + 1) * sizeof(**lost));
	for (i = 0, k = 0; i < n; i++) {
		while (k < nrows && rows[k].addr < v[i]->addr)
			k++;
		if (k < nrows && rows[k].addr == v[i]->addr)
			rows[k].in = v[i];
		else
			(*lost)[(*nlost)++] = v[i];
	}
	*rows_out = rows;
	*rg_out = rg;
	*nrg_out = nrg;
	return nrows;
}

/* The units to show, in the table's order: those of each function printed, or holding its code. */
static int unit_obj_cmp(const void *x, const void *y)
{
	const struct icode *a = *(const struct icode *const *)x, *b = *(const struct icode *const *)y;
	return strcmp(a->obj, b->obj);
}

static const struct icode **units_of(const struct report *r, size_t *nunits)
{
	const struct profile *p = r->p;
	const struct icode **v = xmalloc((p->nicodes + 1) * sizeof(*v));
	unsigned char *seen = xcalloc(p->nicodes + 1, 1);
	size_t *start = xcalloc(p->nfns + 2, sizeof(*start)), *at, *list, i, j, k, n = 0;

	/*
	 * Each function's units (those of its fn= lines and those it is a
	 * piece of) listed once beforehand, in icode order: looking through
	 * every unit for every function shown took n^2.
	 */
	for (j = 0; j < p->nicodes; j++) {
		const struct icode *u = p->icodes[j];
		start[u->fn->id + 1]++;
		for (k = 0; k < u->npieces; k++)
			start[u->pieces[k]->id + 1]++;
	}
	for (i = 0; i < p->nfns; i++)
		start[i + 1] += start[i];
	at = xmalloc((p->nfns + 1) * sizeof(*at));
	memcpy(at, start, (p->nfns + 1) * sizeof(*at));
	list = xmalloc((start[p->nfns] + 1) * sizeof(*list));
	for (j = 0; j < p->nicodes; j++) {
		const struct icode *u = p->icodes[j];
		list[at[u->fn->id]++] = j;
		for (k = 0; k < u->npieces; k++)
			list[at[u->pieces[k]->id]++] = j;
	}
	for (i = 0; i < r->nfns; i++) {
		const struct fn *f = r->fns[i];
		size_t first = n;
		for (k = start[f->id]; k < start[f->id + 1]; k++) {
			j = list[k];
			if (!seen[j]) {
				seen[j] = 1;
				v[n++] = p->icodes[j];
			}
		}
		/* one function in several objects: by object name (stable: then icode order) */
		sort_array(v + first, n - first, sizeof(*v), unit_obj_cmp);
	}
	free(list);
	free(at);
	free(start);
	free(seen);
	*nunits = n;
	return v;
}

static int piece_cmp(const void *x, const void *y)
{
	return graph_fn_cmp(*(const struct fn *const *)x, *(const struct fn *const *)y);
}

/*
 * How many units fn (the function of an fn= line) has: one per object.
 * Counted for every function on first use (counting for each block took
 * blocks x units).
 */
static size_t nobjects(struct asm_ctx *x, const struct fn *fn)
{
	const struct profile *p = x->r->p;
	size_t i;

	if (!x->nobj_of) {
		x->nobj_of = xcalloc(p->nfns + 1, sizeof(*x->nobj_of));
		for (i = 0; i < p->nicodes; i++)
			x->nobj_of[p->icodes[i]->fn->id]++;
	}
	return x->nobj_of[fn->id];
}

static void print_totals(struct asm_ctx *x, const struct icode *u, const struct cc *shown,
			 const size_t *width)
{
	struct report *r = x->r;
	const struct profile *p = r->p;
	FILE *out = r->out;
	const struct fn **pieces;
	struct cc *self = xcalloc(1, profile_cc_size(p));
	size_t i, nobj = nobjects(x, u->fn);

	report_cc(r, shown, width);
	fputs(" total of the instructions shown\n", out);
	pieces = xmalloc((u->npieces + 1) * sizeof(*pieces));
	if (u->npieces) {
		memcpy(pieces, u->pieces, u->npieces * sizeof(*pieces));
		sort_array(pieces, u->npieces, sizeof(*pieces), piece_cmp);
	}
	cc_add(self, u->fn->self, p->ev.n);
	for (i = 0; i < u->npieces; i++)
		cc_add(self, pieces[i]->self, p->ev.n);
	report_cc(r, u->npieces ? self : u->fn->self, width);
	fputs(" self cost of ", out);
	put_fn(out, u->fn);
	if (nobj > 1)
		fprintf(out, " (in all %zu objects)", nobj);
	if (u->npieces) {
		fputs(" and the code inlined into it:\n", out);
		report_cc(r, u->fn->self, width);
		fputs("   ", out);
		put_fn(out, u->fn);
		putc('\n', out);
		for (i = 0; i < u->npieces; i++) {
			report_cc(r, pieces[i]->self, width);
			fputs("   ", out);
			put_fn(out, pieces[i]);
			putc('\n', out);
		}
	} else {
		putc('\n', out);
	}
	putc('\n', out);
	free(pieces);
	free(self);
}

/* Can the object file be read?  Else 0 and why in reason. */
static int object_readable(const char *obj, struct stat *st, char *reason, size_t rlen)
{
	int e = 0;

	if (stat(obj, st))
		e = errno;
	else if (S_ISDIR(st->st_mode))
		e = EISDIR;
	else if (!S_ISREG(st->st_mode))
		e = ENODEV;
	else if (access(obj, R_OK))
		e = errno;
	if (!e)
		return 1;
	snprintf(reason, rlen, "object file '%.300s' cannot be read: %s", obj, strerror(e));
	return 0;
}

/* The machine code of a unit as it is printed: one row per instruction, or per address with a cost. */
struct unit_code {
	struct row *rows;
	size_t nrows;
	const struct instr **lost;	/* costs at no instruction's start */
	size_t nlost;
	struct objinsn *insns;		/* what the rows' text points into */
	size_t ninsns;
	struct range *rg;		/* the symbols (or stretches) disassembled */
	size_t nrg;
	int code;			/* the rows are objdump's instructions */
	char reason[400];		/* why there is no machine code, or "" */
};

static void unit_code_release(struct unit_code *c)
{
	free(c->rows);
	free(c->lost);
	free(c->rg);
	objdump_insns_free(c->insns, c->ninsns);
}

static void print_unit_heading(const struct report *r, const struct icode *u)
{
	report_rule(r);
	fputs("-- Machine code: ", r->out);
	/* the object follows: put_fn()'s " [OBJECT]" would say it twice */
	put_name(r->out, u->fn->k.file->name);
	putc(':', r->out);
	put_name(r->out, u->fn->k.name);
	if (*u->obj) {
		fputs(" [", r->out);
		put_name(r->out, u->obj);
		putc(']', r->out);
	}
	putc('\n', r->out);
	report_rule(r);
}

/*
 * The rows of u's machine code (v: its n instructions with a cost), from
 * objdump when --disasm and the object allow; a warning first when the
 * object is newer than the profile.  Without machine code, a row per
 * address with a cost and c->reason says why.
 */
static void unit_code(struct asm_ctx *x, const struct icode *u, const struct instr *const *v,
		      size_t n, struct unit_code *c)
{
	const struct report *r = x->r;
	struct stat st;
	size_t i;

	memset(c, 0, sizeof(*c));
	if (!r->o->disasm) {
		;
	} else if (!*u->obj) {
		snprintf(c->reason, sizeof(c->reason),
			 "the profile names no object file for it (no ob= line)");
	} else if (object_readable(u->obj, &st, c->reason, sizeof(c->reason))) {
		if (x->profile_mtime && st.st_mtime > x->profile_mtime) {
			fputs("  Warning: object file '", r->out);
			put_name(r->out, u->obj);
			fputs("' is more recent than the profile '", r->out);
			put_str(r->out, r->input_name);
			fputs("':\n  its machine code may not be the code that was profiled.\n", r->out);
		}
		c->nrows = disassemble(x, u, v, n, &c->rows, &c->lost, &c->nlost, &c->insns,
				       &c->ninsns, c->reason, sizeof(c->reason), &c->rg, &c->nrg);
	}
	c->code = c->nrows > 0;
	if (c->code)
		return;
	free(c->lost);
	c->lost = NULL;
	c->nlost = 0;
	c->rows = xmalloc((n + 1) * sizeof(*c->rows));
	for (i = 0; i < n; i++) {
		c->rows[i].addr = v[i]->addr;
		c->rows[i].text = NULL;
		c->rows[i].in = v[i];
	}
	c->nrows = n;
}

/* What the rows are: why there is no machine code, or the symbols shown; and how many. */
static void print_code_head(const struct report *r, const struct unit_code *c, size_t n)
{
	FILE *out = r->out;
	size_t i, executed = 0;

	if (!c->code && c->reason[0]) {
		fputs("  No machine code: ", out);
		put_str(out, c->reason);
		if (!strncmp(c->reason, "cannot run", 10))
			fputs(".\n  (objdump comes with Debian's binutils; the OBJDUMP environment variable\n"
			      "  names another.)  Costs by address only.\n", out);
		else
			fputs(".\n  Costs by address only.\n", out);
	}
	for (i = 0; c->code && i < c->nrg; i++) {
		const struct range *g = &c->rg[i];
		if (g->sym) {
			fprintf(out, "  0x%llx-0x%llx: symbol ", (unsigned long long)g->start,
				(unsigned long long)g->stop);
			put_str(out, g->sym->name);
			fprintf(out, " (%llu bytes)\n", (unsigned long long)g->sym->size);
		} else {
			fprintf(out, "  0x%llx to 0x%llx: addresses with a cost, in no symbol of the object\n",
				(unsigned long long)g->start, (unsigned long long)(g->stop - RANGE_TAIL));
		}
	}
	if (c->rows[0].text) {
		for (i = 0; i < c->nrows; i++)
			executed += c->rows[i].in != NULL;
		fprintf(out, "  %zu instruction%s, %zu with a cost\n\n", c->nrows,
			c->nrows == 1 ? "" : "s", executed);
	} else {
		fprintf(out, "  %zu address%s with a cost\n\n", n, n == 1 ? "" : "es");
	}
}

/*
 * The column widths of u's costs (the function's self cost, what its
 * instructions and calls cost); *shown becomes the sum of v's costs.
 */
static size_t *unit_widths(const struct report *r, const struct icode *u,
			   const struct instr *const *v, size_t n, struct cc *shown)
{
	const struct profile *p = r->p;
	const struct cc **ccs;
	size_t i, nccs, *width;

	for (i = 0, nccs = 3; i < n; i++) {
		const struct icall *k;
		for (k = v[i]->calls; k; k = k->next)
			nccs++;
	}
	ccs = xmalloc((n + nccs) * sizeof(*ccs));
	nccs = 0;
	for (i = 0; i < n; i++) {
		const struct icall *k;
		ccs[nccs++] = v[i]->cc;
		for (k = v[i]->calls; k; k = k->next)
			ccs[nccs++] = k->cc;
	}
	for (i = 0; i < n; i++)
		cc_add(shown, v[i]->cc, p->ev.n);
	ccs[nccs++] = shown;
	ccs[nccs++] = u->fn->self;
	width = xcalloc(p->ev.n + 1, sizeof(*width));
	report_widths(r, ccs, nccs, width);
	free(ccs);
	return width;
}

/* The last row of the stretch printed around the row next (with a cost): ctx rows of context. */
static size_t stretch_end(const struct row *rows, size_t nrows, size_t next, size_t ctx)
{
	size_t j = next;

	for (;;) {
		size_t k = j + 1;
		while (k < nrows && !rows[k].in)
			k++;
		if (k < nrows && k - j <= 2 * ctx + 1)
			j = k;
		else
			break;
	}
	return j + ctx < nrows - 1 ? j + ctx : nrows - 1;
}

/* Where print_row() is in a unit: the jumps arriving, the source line shown last. */
struct arrivals_at {
	struct arrival *arr;
	size_t na, ai;
	int has_src;
	const struct file *last_file;
	uint64_t last_line;
};

/* One row: the source line where it changes, the jumps arriving, the cost, address and text. */
static void print_row(struct asm_ctx *x, const struct row *w, const size_t *width, size_t cw,
		      size_t adw, struct arrivals_at *at)
{
	const struct report *r = x->r;
	FILE *out = r->out;

	if (w->in && at->has_src && (w->in->file != at->last_file || w->in->line != at->last_line) &&
	    (w->in->line || strcmp(w->in->file ? w->in->file->name : "???", "???"))) {
		print_source(x, w->in, cw);
		at->last_file = w->in->file;
		at->last_line = w->in->line;
	}
	print_arrivals(x, at->arr, at->na, &at->ai, w->addr, cw + adw + 5);
	report_cc(r, w->in ? w->in->cc : NULL, width);
	fprintf(out, " %*s0x%llx", (int)(adw - addr_digits(w, 1)), "", (unsigned long long)w->addr);
	if (w->text) {
		fputs(":  ", out);
		put_str(out, w->text);
	}
	putc('\n', out);
	if (w->in) {
		print_calls(x, w->in, width, adw + 5);
		print_jumps(x, w->in, cw + adw + 5);
	}
}

/* The rows with a cost and --context rows around them; the costs no instruction took. */
static void print_code(struct asm_ctx *x, const struct unit_code *c, const struct instr *const *v,
		       size_t n, const size_t *width)
{
	const struct report *r = x->r;
	FILE *out = r->out;
	const struct row *rows = c->rows;
	size_t nrows = c->nrows, ctx = (size_t)r->o->context, next = 0, i;
	size_t cw = cols_width(r, width) + 1;	/* the address starts after one more space */
	size_t adw = addr_digits(rows, nrows);
	struct arrivals_at at = { 0 };

	report_events(r, width);
	fputs("\n\n", out);
	at.arr = arrivals(v, n, &at.na);
	at.has_src = r->p->has_line;
	while (next < nrows) {
		size_t lo, hi, j;
		/* the next row with a cost, and the range around it */
		while (next < nrows && !rows[next].in)
			next++;
		if (next == nrows)
			break;
		lo = next > ctx ? next - ctx : 0;
		hi = stretch_end(rows, nrows, next, ctx);
		if (lo > 0)
			print_marker(out, rows[lo].addr);
		at.last_file = NULL;
		at.last_line = 0;
		for (j = lo; j <= hi; j++)
			print_row(x, &rows[j], width, cw, adw, &at);
		if (hi < nrows - 1)
			print_marker(out, rows[hi].addr);
		next = hi + 1;
	}
	putc('\n', out);
	if (c->nlost) {
		for (i = 0; i < c->nlost; i++) {
			report_cc(r, c->lost[i]->cc, width);
			fprintf(out, " <cost at 0x%llx, where no instruction of the object starts>\n",
				(unsigned long long)c->lost[i]->addr);
		}
		fputs("  Some costs are at addresses where objdump shows no instruction: has the\n"
		      "  object file changed since the profile was written?\n\n", out);
	}
	free(at.arr);
}

static void print_unit(struct asm_ctx *x, const struct icode *u)
{
	const struct report *r = x->r;
	struct unit_code c;
	struct cc *shown = xcalloc(1, profile_cc_size(r->p));
	size_t n, *width;
	const struct instr **v = icode_sorted(u, &n);

	print_unit_heading(r, u);
	unit_code(x, u, v, n, &c);
	print_code_head(r, &c, n);
	width = unit_widths(r, u, v, n, shown);
	print_code(x, &c, v, n, width);
	print_totals(x, u, shown, width);
	free(width);
	unit_code_release(&c);
	free(shown);
	free(v);
}

static void print_no_instr(const struct report *r)
{
	report_rule(r);
	fputs("-- No machine-code annotation is possible\n", r->out);
	report_rule(r);
	fputs("  The profile records no instruction addresses (its 'positions:' line has\n"
	      "  no 'instr'): profile again with valgrind --tool=callgrind --dump-instr=yes\n"
	      "  (and --collect-jumps=yes for the jumps).\n\n", r->out);
}

void report_asm(struct report *r)
{
	const struct profile *p = r->p;
	struct asm_ctx x;
	const struct icode **units;
	size_t nunits, i;
	uint64_t njumps = 0;
	struct stat pst;

	if (!p->has_instr) {
		print_no_instr(r);
		return;
	}
	memset(&x, 0, sizeof(x));
	x.r = r;
	esc_on = r->esc;
	if (strcmp(r->input_name, "-") && !stat(r->input_name, &pst))
		x.profile_mtime = pst.st_mtime;
	units = units_of(r, &nunits);
	for (i = 0; i < p->nicodes; i++)
		njumps += p->icodes[i]->njumps;
	if (nunits && !njumps) {
		report_rule(r);
		fputs("-- Machine code\n", r->out);
		report_rule(r);
		fputs("  The profile records no jumps: valgrind --tool=callgrind --collect-jumps=yes\n"
		      "  records them.\n\n", r->out);
	}
	x.units = units;
	x.nunits = nunits;
	for (i = 0; i < nunits; i++)
		print_unit(&x, units[i]);
	objs_release(&x);
	for (i = 0; i < x.nsrcs; i++) {
		free(x.srcs[i].buf);
		free(x.srcs[i].line);
	}
	free(x.srcs);
	free(units);
}

/* ---- JSON: "machine_code" (report_json.c) ---- */

/* The text objdump shows at each address of v (NULL where none); -1 with a reason when it cannot. */
static int json_texts(struct asm_ctx *x, const struct icode *u, const struct instr *const *v,
		      size_t n, const char **text, struct objinsn **insns, size_t *ninsns,
		      char *reason, size_t rlen)
{
	struct row *rows = NULL;
	const struct instr **lost = NULL;
	struct range *rg = NULL;
	size_t nrows, nlost, nrg, i, k;
	struct stat st;

	if (!*u->obj) {
		snprintf(reason, rlen, "the profile names no object file for it (no ob= line)");
		return -1;
	}
	if (!object_readable(u->obj, &st, reason, rlen))
		return -1;
	nrows = disassemble(x, u, v, n, &rows, &lost, &nlost, insns, ninsns, reason, rlen, &rg,
			    &nrg);
	for (i = 0, k = 0; i < n; i++) {
		while (k < nrows && rows[k].addr < v[i]->addr)
			k++;
		text[i] = k < nrows && rows[k].addr == v[i]->addr ? rows[k].text : NULL;
	}
	free(rows);
	free(lost);
	free(rg);
	return nrows ? 0 : -1;
}

void report_asm_json(struct report *r, struct outbuf *out, const struct fn *const *fns, size_t nfns)
{
	const struct profile *p = r->p;
	const struct icode **units;
	struct asm_ctx x;
	size_t nunits, i, k;
	int text = r->o->disasm > 0;

	memset(&x, 0, sizeof(x));
	x.r = r;
	/* the units of the functions listed, as the text report chooses them */
	r->fns = (const struct fn **)xmalloc((nfns + 1) * sizeof(*r->fns));
	memcpy(r->fns, fns, nfns * sizeof(*fns));
	r->nfns = nfns;
	units = units_of(r, &nunits);
	x.units = units;
	x.nunits = nunits;
	outbuf_puts(out, "  \"machine_code\": [");
	for (i = 0; i < nunits; i++) {
		const struct icode *u = units[i];
		size_t n, ninsns = 0;
		const struct instr **v = icode_sorted(u, &n);
		const char **texts = xcalloc(n + 1, sizeof(*texts));
		struct objinsn *insns = NULL;
		char reason[400] = "";
		int failed = text && json_texts(&x, u, v, n, texts, &insns, &ninsns, reason,
						sizeof(reason));

		outbuf_puts(out, i ? ",\n    {\"function\": " : "\n    {\"function\": ");
		outbuf_u64(out, u->fn->id);
		outbuf_puts(out, ", \"object\": ");
		json_str(out, u->obj);
		outbuf_puts(out, ", \"pieces\": [");
		for (k = 0; k < u->npieces; k++) {
			if (k)
				outbuf_putc(out, ',');
			outbuf_u64(out, u->pieces[k]->id);
		}
		outbuf_puts(out, "],\n     \"disasm_error\": ");
		json_str(out, failed ? reason : NULL);
		outbuf_puts(out, ",\n     \"instructions\": [");
		for (k = 0; k < n; k++) {
			const struct instr *in = v[k];
			const struct ijump *j;
			const struct icall *c;
			outbuf_puts(out, k ? ",\n      {\"address\": " : "\n      {\"address\": ");
			json_hex(out, in->addr);
			outbuf_puts(out, ", \"cost\": ");
			json_cost(out, p, in->cc);
			outbuf_puts(out, ", \"file\": ");
			json_str(out, in->file ? in->file->name : NULL);
			outbuf_puts(out, ", \"line\": ");
			outbuf_u64(out, in->line);
			if (text) {
				outbuf_puts(out, ", \"text\": ");
				json_str(out, texts[k]);
			}
			outbuf_puts(out, ",\n       \"jumps\": [");
			for (j = in->jumps; j; j = j->next) {
				outbuf_puts(out, j == in->jumps ? "{\"to\": " : ", {\"to\": ");
				json_hex(out, j->to);
				outbuf_puts(out, ", \"to_function\": ");
				json_str(out, j->to_fn);
				outbuf_puts(out, j->cond ? ", \"conditional\": true, \"taken\": "
							 : ", \"conditional\": false, \"taken\": ");
				outbuf_u64(out, j->taken);
				outbuf_puts(out, ", \"executed\": ");
				outbuf_u64(out, j->executed);
				outbuf_putc(out, '}');
			}
			outbuf_puts(out, "], \"calls\": [");
			for (c = in->calls; c; c = c->next) {
				outbuf_puts(out, c == in->calls ? "{\"id\": " : ", {\"id\": ");
				outbuf_u64(out, c->callee->id);
				outbuf_puts(out, ", \"count\": ");
				outbuf_u64(out, c->count);
				outbuf_puts(out, ", \"inclusive\": ");
				json_cost(out, p, c->cc);
				outbuf_putc(out, '}');
			}
			outbuf_puts(out, "]}");
		}
		outbuf_puts(out, n ? "\n     ]}" : "]}");
		objdump_insns_free(insns, ninsns);
		free(texts);
		free(v);
	}
	outbuf_puts(out, nunits ? "\n  ],\n" : "],\n");
	objs_release(&x);
	free(units);
}
