/* report_diff_asm: the machine code of the functions a comparison lists, each instruction's old and new cost. */
#include "report_diff_asm.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "escape.h"
#include "json.h"
#include "icode.h"
#include "numfmt.h"
#include "objdump.h"
#include "outbuf.h"
#include "report_diff.h"

#define ACELL 40	/* a count with commas and a sign */
#define LCS_MAX (1u << 24)	/* cells of the alignment table at most (16 MB) */

/* One side's code of a function: its instructions, with their text when objdump gave it. */
struct side {
	const struct icode *u;
	const struct objsym *sym;	/* the symbol holding its code, or NULL */
	struct objsym *syms;
	size_t nsyms;
	struct objinsn *insns;		/* objdump's, or NULL */
	size_t ninsns;
	const struct instr **in;	/* those with a record in the profile, by address */
	size_t nin;
	char why[400];			/* why objdump showed nothing ("" when it did) */
};

/* A line of the listing: an instruction of one side or of both, paired. */
struct arow {
	uint64_t addr[2];
	const char *text[2];	/* NULL: none on that side */
	const struct instr *in[2];	/* NULL: no cost on that side */
	int has[2];
};

/*
 * The unit of f on one side with the largest cost of event ev of that
 * profile (the first sort event; DIFF_NO_EVENT: the first unit).
 */
static const struct icode *unit_of(const struct profile *p, const struct fn *f, size_t ev)
{
	const struct icode *best = NULL;
	uint64_t bestc = 0;
	size_t i, k, n;

	if (!f)
		return NULL;
	for (i = 0; i < p->nicodes; i++) {
		const struct icode *u = p->icodes[i];
		const struct instr **v;
		uint64_t c = 0;
		if (u->fn != f)
			continue;
		v = icode_sorted(u, &n);
		for (k = 0; k < n; k++)
			c += ev == DIFF_NO_EVENT ? 0 : v[k]->cc->v[ev];
		free(v);
		if (!best || c > bestc) {
			best = u;
			bestc = c;
		}
	}
	return best;
}

static const struct instr *instr_at(const struct side *s, uint64_t addr)
{
	size_t lo = 0, hi = s->nin;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (s->in[mid]->addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < s->nin && s->in[lo]->addr == addr ? s->in[lo] : NULL;
}

/* The instructions of u, and objdump's text of the symbol holding them when it can. */
static void side_load(const struct report *r, struct side *s, const struct icode *u)
{
	size_t i;

	memset(s, 0, sizeof(*s));
	s->u = u;
	if (!u)
		return;
	s->in = icode_sorted(u, &s->nin);
	/* as for one profile: --disasm's default is the format's (FORMAT_NO_DISASM) */
	if (r->o->disasm == 0) {
		strcpy(s->why, "--disasm=no");
		return;
	}
	if (!*u->obj) {
		strcpy(s->why, "the profile names no object");
		return;
	}
	if (objdump_symbols(u->obj, &s->syms, &s->nsyms, s->why, sizeof(s->why)))
		return;
	for (i = 0; i < s->nsyms && s->nin && !s->sym; i++)
		if (s->in[0]->addr - s->syms[i].addr < s->syms[i].size)
			s->sym = &s->syms[i];
	if (!s->sym) {
		strcpy(s->why, "no symbol of the object holds its code");
		return;
	}
	{
		struct objrange rg = { s->sym->addr, s->sym->addr + s->sym->size, s->sym->addr + s->sym->size };
		if (objdump_disasm_ranges(u->obj, &rg, 1, &s->insns, &s->ninsns, s->why, sizeof(s->why)))
			s->insns = NULL, s->ninsns = 0;
	}
}

static void side_release(struct side *s)
{
	objdump_syms_free(s->syms, s->nsyms);
	objdump_insns_free(s->insns, s->ninsns);
	free(s->in);
}

/*
 * The listing of one side: objdump's instructions with the profile's
 * records at them, then records objdump did not show (out of the symbol)
 * by address.
 */
static size_t side_rows(const struct side *s, int k, struct arow **out)
{
	struct arow *v = xcalloc(s->ninsns + s->nin + 1, sizeof(*v));
	size_t n = 0, i, j = 0;

	for (i = 0; i < s->ninsns; i++) {
		v[n].addr[k] = s->insns[i].addr;
		v[n].text[k] = s->insns[i].text;
		v[n].in[k] = instr_at(s, s->insns[i].addr);
		v[n++].has[k] = 1;
	}
	for (i = 0; i < s->nin; i++) {
		for (; j < s->ninsns && s->insns[j].addr < s->in[i]->addr; j++)
			;
		if (j < s->ninsns && s->insns[j].addr == s->in[i]->addr)
			continue;
		v[n].addr[k] = s->in[i]->addr;
		v[n].in[k] = s->in[i];
		v[n++].has[k] = 1;
	}
	*out = v;
	return n;
}

/*
 * The text an instruction is compared by between two builds: addresses
 * and offsets move, so every hexadecimal number and a jump's target
 * address are left out ("jne 1200 <hash+0x10>" is "jne <hash+>").
 */
static char *norm(const char *t)
{
	char *o = xmalloc(strlen(t ? t : "") + 1), *w = o;
	const char *p = t ? t : "";

	while (*p) {
		if (p[0] == '0' && p[1] == 'x') {
			for (p += 2; strchr("0123456789abcdef", *p) && *p; p++)
				;
			continue;
		}
		if ((p == t || p[-1] == ' ') && strchr("0123456789abcdef", *p)) {
			const char *q = p;
			while (*q && strchr("0123456789abcdef", *q))
				q++;
			if (*q == ' ' && q[1] == '<') {
				p = q + 1;
				continue;
			}
		}
		*w++ = *p++;
	}
	*w = '\0';
	return o;
}

/* One row of an old row and a new one. */
static void join(struct arow *v, const struct arow *a, const struct arow *b)
{
	*v = *a;
	v->addr[1] = b->addr[1];
	v->text[1] = b->text[1];
	v->in[1] = b->in[1];
	v->has[1] = 1;
}

/* How the two listings were paired: the text report's sentence, and the JSON's word. */
enum pairing { BY_ADDRESS, BY_TEXT, TOO_LONG, NO_TEXT };
static const char *const pair_how[] = {
	"paired by address (one object)",
	"paired by instruction text, addresses and offsets left out (two objects)",
	"not paired: the functions are too long to align",
	"not paired: objdump did not show both",
};
static const char *const pair_json[] = { "address", "text", "none", "none" };

/*
 * Pair the two listings: by address when both sides run one object (the
 * same build), else by the longest common sequence of their normalised
 * texts (two builds).  Returns the rows, old-only and new-only ones in
 * between; *how says which.
 */
static size_t pair(const struct side *s, struct arow **out, enum pairing *how)
{
	struct arow *a, *b, *v;
	size_t na = side_rows(&s[0], 0, &a), nb = side_rows(&s[1], 1, &b), n = 0, i, j;

	v = xcalloc(na + nb + 1, sizeof(*v));
	if (!strcmp(s[0].u->obj, s[1].u->obj)) {
		*how = BY_ADDRESS;
		for (i = j = 0; i < na || j < nb;) {
			if (j == nb || (i < na && a[i].addr[0] < b[j].addr[1]))
				v[n++] = a[i++];
			else if (i == na || b[j].addr[1] < a[i].addr[0])
				v[n++] = b[j++];
			else
				join(&v[n++], &a[i++], &b[j++]);
		}
	} else if (!s[0].insns || !s[1].insns || (uint64_t)(na + 1) * (nb + 1) > LCS_MAX) {
		*how = s[0].insns && s[1].insns ? TOO_LONG : NO_TEXT;
		memcpy(v, a, na * sizeof(*v));
		memcpy(v + na, b, nb * sizeof(*v));
		n = na + nb;
	} else {
		/* lcs[i][j]: the longest common sequence of a[i..] and b[j..] */
		uint32_t *lcs = xcalloc((na + 1) * (nb + 1), sizeof(*lcs));
		char **ka = xcalloc(na + 1, sizeof(*ka)), **kb = xcalloc(nb + 1, sizeof(*kb));
		*how = BY_TEXT;
		for (i = 0; i < na; i++)
			ka[i] = norm(a[i].text[0]);
		for (j = 0; j < nb; j++)
			kb[j] = norm(b[j].text[1]);
		for (i = na; i-- > 0;)
			for (j = nb; j-- > 0;) {
				uint32_t *c = &lcs[i * (nb + 1) + j];
				if (a[i].text[0] && b[j].text[1] && !strcmp(ka[i], kb[j]))
					*c = lcs[(i + 1) * (nb + 1) + j + 1] + 1;
				else
					*c = lcs[(i + 1) * (nb + 1) + j] > lcs[i * (nb + 1) + j + 1]
						     ? lcs[(i + 1) * (nb + 1) + j]
						     : lcs[i * (nb + 1) + j + 1];
			}
		for (i = j = 0; i < na || j < nb;) {
			if (i < na && j < nb && a[i].text[0] && b[j].text[1] && !strcmp(ka[i], kb[j]))
				join(&v[n++], &a[i++], &b[j++]);
			else if (j == nb || (i < na && lcs[(i + 1) * (nb + 1) + j] >= lcs[i * (nb + 1) + j + 1]))
				v[n++] = a[i++];
			else
				v[n++] = b[j++];
		}
		for (i = 0; i < na; i++)
			free(ka[i]);
		for (j = 0; j < nb; j++)
			free(kb[j]);
		free(ka);
		free(kb);
		free(lcs);
	}
	free(a);
	free(b);
	*out = v;
	return n;
}

/* The widest "0x..." address of a side's rows. */
static int addr_width(const struct arow *v, size_t n, int side)
{
	char buf[32];
	size_t i;
	int w = 0, k;

	for (i = 0; i < n; i++) {
		if (!v[i].has[side])
			continue;
		k = snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)v[i].addr[side]);
		if (k > w)
			w = k;
	}
	return w;
}

/* "+1,234", "-1,234" or "0" */
static void change(char *buf, uint64_t a, uint64_t b)
{
	size_t n = 0;

	if (a != b)
		buf[n++] = b > a ? '+' : '-';
	numfmt_commify(b > a ? b - a : a - b, buf + n);
}

/* The old, new and change cells of a row per shown event ("." where a side has no instruction). */
static uint64_t cost(const struct diff *d, const struct arow *w, int side, size_t e);

static void row_cells(const struct report *r, const struct diff *d, const struct arow *w,
		      char (*cells)[ACELL])
{
	size_t k;

	for (k = 0; k < r->nshow; k++) {
		size_t e = r->show[k];
		uint64_t a = cost(d, w, 0, e), b = cost(d, w, 1, e);
		if (w->has[0])
			numfmt_commify(a, cells[3 * k]);
		else
			strcpy(cells[3 * k], ".");
		if (w->has[1])
			numfmt_commify(b, cells[3 * k + 1]);
		else
			strcpy(cells[3 * k + 1], ".");
		change(cells[3 * k + 2], a, b);
	}
}

static void print_side(const struct report *r, const char *label, const struct side *s)
{
	fprintf(r->out, "  %s ", label);
	if (!s->u) {
		fputs("no machine code of it in this profile\n", r->out);
		return;
	}
	if (s->sym)
		fprintf(r->out, "0x%llx-0x%llx: symbol ", (unsigned long long)s->sym->addr,
			(unsigned long long)(s->sym->addr + s->sym->size));
	if (s->sym)
		report_str(r, s->sym->name);
	else
		fputs("no symbol", r->out);
	fputs(" in ", r->out);
	report_name(r, *s->u->obj ? s->u->obj : "(no object)");
	if (!s->insns && *s->why) {
		fputs(" (no text: ", r->out);
		report_str(r, s->why);
		putc(')', r->out);
	}
	putc('\n', r->out);
}

/* One function's two sides and, when both have code, their rows paired. */
struct fasm {
	struct side s[2];
	struct arow *v;
	size_t n;
	enum pairing how;
	int both;
};

static void fasm_load(const struct report *r, const struct diff *d, const struct diff_fn *f,
		      struct fasm *a)
{
	size_t ev[2] = { d->old_ev[r->sort[0]], r->sort[0] };
	int side;

	memset(a, 0, sizeof(*a));
	for (side = 0; side < 2; side++)
		side_load(r, &a->s[side], unit_of(d->p[side], f->fn[side], ev[side]));
	a->both = a->s[0].u && a->s[1].u;
	if (a->both)
		a->n = pair(a->s, &a->v, &a->how);
}

static void fasm_release(struct fasm *a)
{
	int side;

	free(a->v);
	for (side = 0; side < 2; side++)
		side_release(&a->s[side]);
}

/* A row's cost of event e (of NEW) on a side: 0 where it has none; NEW's scaled with --scale. */
static uint64_t cost(const struct diff *d, const struct arow *w, int side, size_t e)
{
	if (!w->in[side])
		return 0;
	if (side == 0)
		return d->old_ev[e] == DIFF_NO_EVENT ? 0 : w->in[0]->cc->v[d->old_ev[e]];
	return diff_scaled(d, e, w->in[1]->cc->v[e]);
}

/* The rows shown: those with a cost on a side, and ctx rows around them (1 each; n + 1 bytes). */
static unsigned char *rows_shown(const struct arow *v, size_t n, uint64_t ctx)
{
	unsigned char *show = xcalloc(n + 1, 1);
	size_t i, k;

	for (i = 0; i < n; i++) {
		if (!v[i].in[0] && !v[i].in[1])
			continue;
		for (k = i > ctx ? i - ctx : 0; k < n && k <= i + ctx; k++)
			show[k] = 1;
	}
	return show;
}

/* Each column's width w[] (old, new, change per shown event) over the n rows; the header. */
static void print_columns(const struct report *r, const struct diff *d, const struct arow *v,
			  size_t n, size_t *w, char (*cells)[ACELL])
{
	FILE *out = r->out;
	size_t ncol = 3 * r->nshow, i, k;

	for (k = 0; k < r->nshow; k++) {
		const char *ev = r->p->ev.ev[r->show[k]].name;
		w[3 * k] = w[3 * k + 1] = strlen(ev) + 4;
		w[3 * k + 2] = strlen(ev) + 7;
	}
	for (i = 0; i < n; i++) {
		row_cells(r, d, &v[i], cells);
		for (k = 0; k < ncol; k++)
			if (strlen(cells[k]) > w[k])
				w[k] = strlen(cells[k]);
	}
	for (k = 0; k < r->nshow; k++) {
		const char *ev = r->p->ev.ev[r->show[k]].name;
		static const char *const what[] = { " old", " new", " change" };
		int c;
		for (c = 0; c < 3; c++) {
			report_str(r, ev);
			fputs(what[c], out);
			if (c < 2 || k + 1 < r->nshow)
				fprintf(out, "%*s ", (int)(w[3 * k + c] - strlen(ev) - strlen(what[c])), "");
		}
	}
	fputs("\n\n", out);
}

/* The sums of the rows shown, old, new and the change, per shown event (sum: old, new of each). */
static void print_sums(const struct report *r, const size_t *w, const uint64_t *sum)
{
	size_t k;

	for (k = 0; k < r->nshow; k++) {
		char a[ACELL], b[ACELL], c[ACELL];
		numfmt_commify(sum[2 * k], a);
		numfmt_commify(sum[2 * k + 1], b);
		change(c, sum[2 * k], sum[2 * k + 1]);
		fprintf(r->out, "%*s %*s %*s ", (int)w[3 * k], a, (int)w[3 * k + 1], b, (int)w[3 * k + 2], c);
	}
	fputs("  total of the instructions shown\n\n", r->out);
}

int report_diff_asm_function(const struct report *r, const struct diff *d, const struct diff_fn *f,
			     int titled)
{
	FILE *out = r->out;
	struct fasm fa;
	struct arow *v;
	size_t n, i, k, ncol = 3 * r->nshow, *w = xcalloc(ncol + 1, sizeof(*w));
	char (*cells)[ACELL] = xcalloc(ncol + 1, sizeof(*cells));
	unsigned char *show;
	uint64_t last = 0;
	uint64_t *sum = xcalloc(2 * r->nshow + 1, sizeof(*sum));
	int side, any = 0, aw[2] = { 0, 0 }, both;

	fasm_load(r, d, f, &fa);
	v = fa.v;
	n = fa.n;
	both = fa.both;
	if (titled) {
		report_rule(r);
		fputs("-- Machine code (change): ", out);
		report_name(r, f->file);
		putc(':', out);
		report_name(r, f->name);
		if (f->obj && fn_obj_base(f->name, f->obj)) {
			/* an address names a function of its object only */
			fputs(" [", out);
			report_name(r, fn_obj_base(f->name, f->obj));
			putc(']', out);
		}
		putc('\n', out);
		report_rule(r);
	}
	print_side(r, "old:", &fa.s[0]);
	print_side(r, "new:", &fa.s[1]);
	if (!both) {
		fputs("  (both profiles need its instructions: Callgrind's --dump-instr=yes)\n\n", out);
		goto done;
	}
	fprintf(out, "  %s\n\n", pair_how[fa.how]);

	show = rows_shown(v, n, (uint64_t)r->o->context);
	print_columns(r, d, v, n, w, cells);
	aw[0] = addr_width(v, n, 0);
	aw[1] = addr_width(v, n, 1);
	for (i = 0; i < n; i++) {
		const struct arow *a = &v[i];
		const struct instr *src = a->in[1] ? a->in[1] : a->in[0];
		if (!show[i]) {
			if (i && show[i - 1])
				fputs("-- ...\n", out);
			continue;
		}
		/* the source line where it changes (of the side with a cost) */
		if (src && src->file && src->line && src->line != last) {
			for (k = 0; k < ncol; k++)
				fprintf(out, "%*s ", (int)w[k], "");
			fputs("  ", out);
			report_name(r, src->file->name);
			fprintf(out, ":%llu\n", (unsigned long long)src->line);
			last = src->line;
		}
		row_cells(r, d, a, cells);
		for (k = 0; k < ncol; k++)
			fprintf(out, "%*s ", (int)w[k], cells[k]);
		for (k = 0; k < r->nshow; k++) {
			sum[2 * k] += cost(d, a, 0, r->show[k]);
			sum[2 * k + 1] += cost(d, a, 1, r->show[k]);
		}
		fputs(a->has[0] && a->has[1] ? "  " : a->has[0] ? "- " : "+ ", out);
		for (side = 0; side < 2; side++) {
			char buf[32];
			snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)a->addr[side]);
			fprintf(out, "%s%*s", side ? " " : "", aw[side], a->has[side] ? buf : "");
		}
		fputs(":  ", out);
		report_str(r, a->text[1] ? a->text[1] : a->text[0] ? a->text[0] : "(no machine code)");
		putc('\n', out);
		any = 1;
	}
	free(show);
	putc('\n', out);
	if (any)
		print_sums(r, w, sum);
done:
	free(sum);
	free(cells);
	free(w);
	fasm_release(&fa);
	return both;
}

void report_diff_asm(struct report *r, const struct diff *d)
{
	size_t n, i;
	const struct diff_fn **rows = report_diff_rows(r, d, &n);

	for (i = 0; i < n; i++)
		report_diff_asm_function(r, d, rows[i], 1);
	free(rows);
}

/* ---- JSON: "machine_code" of the comparison (report_diff.c) ---- */

static void json_addr(struct outbuf *out, const struct arow *w, int side)
{
	if (w->has[side])
		json_hex(out, w->addr[side]);
	else
		outbuf_puts(out, "null");
}

/* A side: its object, the symbol holding its code, why objdump showed nothing; null: no code. */
static void json_side(struct outbuf *out, const struct side *s)
{
	if (!s->u) {
		outbuf_puts(out, "null");
		return;
	}
	outbuf_puts(out, "{\"object\": ");
	json_name(out, s->u->obj);
	outbuf_puts(out, ", \"symbol\": ");
	json_str(out, s->sym ? s->sym->name : NULL);
	if (s->sym) {
		outbuf_puts(out, ", \"start\": ");
		json_hex(out, s->sym->addr);
		outbuf_puts(out, ", \"end\": ");
		json_hex(out, s->sym->addr + s->sym->size);
	} else {
		outbuf_puts(out, ", \"start\": null, \"end\": null");
	}
	outbuf_puts(out, ", \"disasm_error\": ");
	json_str(out, !s->insns && *s->why ? s->why : NULL);
	outbuf_putc(out, '}');
}

/* Per event of NEW: a side's cost of a row ("old", "new"), or the change new - old. */
static void json_costs(struct outbuf *out, const struct diff *d, const struct arow *w, int what)
{
	size_t e;

	outbuf_putc(out, '[');
	for (e = 0; e < d->nev; e++) {
		uint64_t a = cost(d, w, 0, e), b = cost(d, w, 1, e);
		if (e)
			outbuf_puts(out, ", ");
		if (what < 2)
			outbuf_u64(out, what ? b : a);
		else
			json_change(out, a, b, 0);	/* machine code is Callgrind's: unsigned */
	}
	outbuf_putc(out, ']');
}

void report_diff_asm_json(struct report *r, const struct diff *d, struct outbuf *out)
{
	size_t n, i, k, nrow;
	const struct diff_fn **rows = report_diff_rows(r, d, &n);

	outbuf_puts(out, "[");
	for (i = 0; i < n; i++) {
		const struct diff_fn *f = rows[i];
		struct fasm fa;
		fasm_load(r, d, f, &fa);
		outbuf_puts(out, i ? ",\n   {\"file\": " : "\n   {\"file\": ");
		json_name(out, f->file);
		outbuf_puts(out, ", \"name\": ");
		json_name(out, f->name);
		outbuf_puts(out, ",\n    \"old\": ");
		json_side(out, &fa.s[0]);
		outbuf_puts(out, ",\n    \"new\": ");
		json_side(out, &fa.s[1]);
		outbuf_puts(out, ",\n    \"pairing\": ");
		json_str(out, fa.both ? pair_json[fa.how] : NULL);
		outbuf_puts(out, ", \"instructions\": [");
		for (k = nrow = 0; k < fa.n; k++) {
			const struct arow *w = &fa.v[k];
			const struct instr *src = w->in[1] ? w->in[1] : w->in[0];
			const char *text = w->text[1] ? w->text[1] : w->text[0];
			if (!src)
				continue;
			outbuf_puts(out, nrow++ ? ",\n     {\"old_address\": " : "\n     {\"old_address\": ");
			json_addr(out, w, 0);
			outbuf_puts(out, ", \"new_address\": ");
			json_addr(out, w, 1);
			outbuf_puts(out, ", \"text\": ");
			json_str(out, text);
			outbuf_puts(out, ", \"file\": ");
			if (src->file)
				json_name(out, src->file->name);
			else
				outbuf_puts(out, "null");
			outbuf_puts(out, ", \"line\": ");
			outbuf_u64(out, src->line);
			outbuf_puts(out, ", \"old\": ");
			json_costs(out, d, w, 0);
			outbuf_puts(out, ", \"new\": ");
			json_costs(out, d, w, 1);
			outbuf_puts(out, ", \"change\": ");
			json_costs(out, d, w, 2);
			outbuf_putc(out, '}');
		}
		outbuf_puts(out, nrow ? "\n    ]}" : "]}");
		fasm_release(&fa);
	}
	outbuf_puts(out, n ? "\n  ]" : "]");
	free(rows);
}
