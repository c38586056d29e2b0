/* report_dot: the call graph as a Graphviz (DOT) digraph. */
#include "report_dot.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "escape.h"
#include "namecut.h"
#include "numfmt.h"
#include "shortname.h"
#include "sort.h"

/* Names longer than this lose their parameter lists, then their template
   arguments; lines of a box are at most NAME_WIDTH characters. */
#define NAME_MAX_CHARS 40
#define NAME_WIDTH 30
/* At most this many boxes by default: more is not a picture anyone reads. */
#define DOT_MAX_NODES 60

/*
 * A DOT string body, safe for Graphviz and for a terminal: quotes and
 * backslashes escaped, '&' as "&amp;" (Graphviz reads entities in
 * labels), what escape.h escapes (controls, bidi) and what XML forbids
 * (Graphviz's SVG would be ill-formed: escape_unit_xml) as the visible
 * text \xHH, a byte that is not part of valid UTF-8 (Graphviz reads UTF-8) as
 * the entity of the same code point ("&#255;").
 */
static void put_escaped_n(FILE *out, const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *u = (const unsigned char *)s;
	size_t n, i, run = 0;	/* bytes from run to i are written as they are, in one fwrite */
	int hexed;

	for (i = 0; i < len; i += n) {
		n = escape_unit_xml(s + i, len - i);
		hexed = n > 0;
		if (!hexed) {
			n = report_utf8_len(u + i);
			if (n > len - i)
				n = 0;	/* a sequence a cut ended: its bytes as Latin-1 */
			if (n && u[i] != '&' && u[i] != '"' && u[i] != '\\')
				continue;
		}
		fwrite(u + run, 1, i - run, out);
		if (hexed) {
			size_t k;
			for (k = 0; k < n; k++)
				fprintf(out, "\\\\x%c%c", hex[u[i + k] >> 4], hex[u[i + k] & 15]);
		} else if (!n) {
			fprintf(out, "&#%u;", (unsigned)u[i]);
			n = 1;
		} else if (u[i] == '&') {
			fputs("&amp;", out);
		} else {
			putc('\\', out);
			putc((char)u[i], out);
		}
		run = i + n;
	}
	fwrite(u + run, 1, len - run, out);
}

static void put_escaped(FILE *out, const char *s)
{
	put_escaped_n(out, s, strlen(s));
}

/*
 * At most this many bytes of one name in a DOT string: Graphviz refuses a
 * quoted string past 16384 bytes ("longer than 16384?"), a byte takes at
 * most 6 once escaped, and a tooltip holds three names.
 */
#define DOT_NAME_MAX 800

/* The length of s cut to at most max bytes, at the start of a UTF-8 character. */
static size_t utf8_cut(const char *s, size_t len, size_t max)
{
	if (len <= max)
		return len;
	while (max > 0 && ((unsigned char)s[max] & 0xc0) == 0x80)
		max--;
	return max;
}

/*
 * A name the profile holds, cut once many name bytes were written
 * (namecut.h), and to DOT_NAME_MAX bytes whatever the budget.
 */
static void put_name(FILE *out, const char *s)
{
	size_t len, n = namecut(s, &len), cut = utf8_cut(s, n, DOT_NAME_MAX);

	put_escaped_n(out, s, cut);
	if (cut < n) {
		fprintf(out, "\xe2\x80\xa6[%zu bytes]", len);
	} else if (n < len) {
		char m[NAMECUT_MARKER_MAX];
		namecut_marker(m, len);
		fputs(m, out);
	}
}

/* put_escaped() with each newline written as DOT's "\n". */
static void put_lines(FILE *out, const char *s)
{
	const char *nl;

	while ((nl = strchr(s, '\n'))) {
		char *line = xmalloc((size_t)(nl - s) + 1);
		memcpy(line, s, (size_t)(nl - s));
		line[nl - s] = '\0';
		put_escaped(out, line);
		fputs("\\n", out);
		free(line);
		s = nl + 1;
	}
	put_escaped(out, s);
}

static double share(uint64_t v, uint64_t total)
{
	return total ? (double)v * 100.0 / (double)total : 0.0;
}

/* "1,234 (5.67%)" */
static void put_cost(FILE *out, uint64_t v, uint64_t total)
{
	char num[32];

	numfmt_commify(v, num);
	fprintf(out, "%s (%.2f%%)", num, share(v, total));
}

/*
 * Boxes in order: by the inclusive cost of the event drawn (the report's
 * first sort event), then by name.
 */
static int fn_order(const struct report *r, const struct fn *a, const struct fn *b)
{
	size_t e = r->sort[0];
	uint64_t va = fn_incl(r->p, a)->v[e], vb = fn_incl(r->p, b)->v[e];
	int c;

	if (va != vb)
		return va > vb ? -1 : 1;
	/* names are interned: one file is one pointer, not compared to its end */
	c = a->k.file == b->k.file ? 0 : strcmp(a->k.file->name, b->k.file->name);
	return c ? c : strcmp(a->k.name, b->k.name);
}

/* fn_order() of two struct fn pointers; ctx is the report. */
static int node_cmp(const void *x, const void *y, void *ctx)
{
	return fn_order(ctx, *(const struct fn *const *)x, *(const struct fn *const *)y);
}

/* Colour by share s in [0,1]: hue from blue (2/3) to red (0), HSV as Graphviz reads it. */
static void put_colour(FILE *out, double s)
{
	if (s < 0)
		s = 0;
	if (s > 1)
		s = 1;
	fprintf(out, "\"%.3f 0.600 0.950\"", (1.0 - s) * 2.0 / 3.0);
}

static void put_node(const struct report *r, const struct fn *f, uint64_t total, FILE *out)
{
	size_t e = r->sort[0];
	const char *ev = r->p->ev.ev[e].name;

	char *shortn = shortname(f->k.name, NAME_MAX_CHARS);
	char *wrapped = shortname_wrap(shortn, NAME_WIDTH, "\n");

	/* the box shows the name shortened and wrapped, the tooltip all of it */
	fprintf(out, "\tf%u [label=\"", (unsigned)f->id);
	put_lines(out, wrapped);
	free(wrapped);
	free(shortn);
	fputs("\\n", out);
	shortn = shortname_path(f->k.file->name, NAME_MAX_CHARS);
	put_escaped(out, shortn);
	free(shortn);
	if (fn_obj_base(f->k.name, f->obj)) {
		/* an address: of which object */
		shortn = shortname_path(fn_obj_base(f->k.name, f->obj), NAME_MAX_CHARS);
		fputs(" [", out);
		put_escaped(out, shortn);
		putc(']', out);
		free(shortn);
	}
	fputs("\\n", out);
	put_name(out, ev);
	fputs(" incl: ", out);
	put_cost(out, fn_incl(r->p, f)->v[e], total);
	fputs("\\n", out);
	put_name(out, ev);
	fputs(" self: ", out);
	put_cost(out, f->self->v[e], total);
	if (f->cycle)
		fprintf(out, "\\n<cycle %u>", (unsigned)f->cycle);
	fputs("\", tooltip=\"", out);
	put_name(out, f->k.name);
	fputs("\\n", out);
	put_name(out, f->k.file->name);
	if (*f->obj) {
		fputs("\\n", out);
		put_name(out, f->obj);
	}
	fputs("\", fillcolor=", out);
	put_colour(out, share(fn_incl(r->p, f)->v[e], total) / 100.0);
	fputs("];\n", out);
}

/* Edges by their caller's box order, then their callee's; ctx is the report. */
static int call_cmp(const void *x, const void *y, void *ctx)
{
	const struct call *a = *(const struct call *const *)x, *b = *(const struct call *const *)y;
	int c = fn_order(ctx, a->k.caller, b->k.caller);
	return c ? c : fn_order(ctx, a->k.callee, b->k.callee);
}

/*
 * The nearest shown ancestor of the shown function v, none of whose callers
 * is shown: a breadth-first walk up the calls (not the recursive ones)
 * through hidden functions; of the shown callers met at the least depth,
 * the first in node order.  *hops gets the hidden functions between them.
 * Returns NULL when no shown function calls v, even through hidden ones,
 * or when *budget (calls looked at, for all the walks together) runs out:
 * walks from many boxes through one large hidden region stay linear.
 * seen and queue are scratch of nfns entries (seen all 0 on entry and on
 * return).
 */
static const struct fn *shown_ancestor(const struct report *r, const struct fn *v,
				       const unsigned char *shown, unsigned char *seen,
				       const struct fn **queue, size_t *depth, size_t *hops,
				       size_t *budget)
{
	const struct profile *p = r->p;
	size_t head = 0, tail = 0, i;
	const struct fn *best = NULL;
	size_t best_depth = 0;

	queue[tail++] = v;
	seen[v->id] = 1;
	depth[v->id] = 0;
	while (head < tail) {
		const struct fn *f = queue[head++];
		const struct call *c;
		if (best && depth[f->id] >= best_depth)
			break;
		for (c = fn_in(p, f); c; c = c->next_in) {
			const struct fn *a = c->k.caller;
			if (!*budget) {
				best = NULL;
				head = tail;
				break;
			}
			--*budget;
			if (c->recursive || seen[a->id])
				continue;
			if (shown[a->id]) {
				if (!best || fn_order(r, a, best) < 0)
					best = a;
				best_depth = depth[f->id] + 1;
				continue;
			}
			seen[a->id] = 1;
			depth[a->id] = depth[f->id] + 1;
			queue[tail++] = a;
		}
	}
	for (i = 0; i < tail; i++)
		seen[queue[i]->id] = 0;
	*hops = best_depth ? best_depth - 1 : 0;
	return best;
}

/* A dashed edge: from the nearest shown ancestor of a box none of whose callers is shown. */
struct via {
	const struct fn *from, *to;
	size_t hops;		/* the hidden functions between them */
};

/*
 * The boxes, into nodes (returns how many; shown[] marks them): the
 * functions above the threshold of the inclusive cost, most costly first;
 * the cut adapts: the most costly DOT_MAX_NODES (or --top), the rest
 * hidden.  *listed gets how many functions could have had a box.
 */
static size_t pick_nodes(const struct report *r, uint64_t total, const struct fn **nodes,
			 unsigned char *shown, size_t *listed)
{
	const struct profile *p = r->p;
	size_t ev = r->sort[0], n = 0, i, cap = 0;
	double thr = r->filter ? r->thr[0] : 100;

	for (i = 0; i < p->nfns; i++) {
		const struct fn *f = p->fns[i];
		uint64_t v = fn_incl(p, f)->v[ev];
		if (!(f->listed || fn_in(p, f)))
			continue;
		/* as the inclusive table: stop where (total - incl) reaches thr% of the total */
		if (total ? ((double)(total - (v < total ? v : total)) * 100.0 / (double)total >= thr)
			  : thr <= 0)
			continue;
		nodes[n++] = f;
		shown[f->id] = 1;
	}
	sort_array_r(nodes, n, sizeof(*nodes), node_cmp, (void *)r);
	if (r->o->top)
		cap = r->o->top;
	else if (!r->o->threshold_given)
		cap = DOT_MAX_NODES;
	*listed = 0;
	for (i = 0; i < p->nfns; i++)
		*listed += p->fns[i]->listed || fn_in(p, p->fns[i]);
	if (cap && n > cap) {
		for (i = cap; i < n; i++)
			shown[nodes[i]->id] = 0;
		n = cap;
	}
	return n;
}

/* A shown function whose callers are all hidden: a dashed edge from its nearest shown ancestor. */
static size_t find_vias(const struct report *r, const struct fn *const *nodes, size_t n,
			const struct call *const *edges, size_t ne, const unsigned char *shown,
			struct via *via)
{
	const struct profile *p = r->p;
	unsigned char *seen = xcalloc(p->nfns + 1, 1), *called = xcalloc(p->nfns + 1, 1);
	const struct fn **queue = xmalloc((p->nfns + 1) * sizeof(*queue));
	size_t *depth = xmalloc((p->nfns + 1) * sizeof(*depth));
	size_t budget = 64 * (p->nfns + p->ncalls), i, nvia = 0;

	for (i = 0; i < ne; i++)
		if (!edges[i]->recursive)
			called[edges[i]->k.callee->id] = 1;
	for (i = 0; i < n; i++) {
		const struct fn *a;
		size_t hops;
		if (called[nodes[i]->id])
			continue;
		a = shown_ancestor(r, nodes[i], shown, seen, queue, depth, &hops, &budget);
		if (!a || !hops)
			continue;
		via[nvia].from = a;
		via[nvia].to = nodes[i];
		via[nvia].hops = hops;
		nvia++;
	}
	free(seen);
	free(called);
	free(queue);
	free(depth);
	return nvia;
}

/* The graph's label (the command, the total, what the cut hid) and the default styles. */
static void put_graph(const struct report *r, uint64_t total, const struct fn *const *nodes,
		      size_t n, size_t listed)
{
	const struct profile *p = r->p;
	FILE *out = r->out;
	size_t ev = r->sort[0];
	char num[32];

	fputs("digraph callgrind {\n\tgraph [label=\"", out);
	put_name(out, p->cmd && *p->cmd ? p->cmd : "(unknown)");
	numfmt_commify(total, num);
	fputs("\\n", out);
	put_name(out, p->ev.ev[ev].name);
	fprintf(out, " total: %s", num);
	if (p->total_calculated)
		fputs(" (calculated)", out);
	if (n < listed) {
		/* what the cut hid, in the picture itself */
		numfmt_commify(n, num);
		fprintf(out, "\\n%s of ", num);
		numfmt_commify(listed, num);
		fprintf(out, "%s functions shown", num);
		if (n) {
			uint64_t v = fn_incl(p, nodes[n - 1])->v[ev];
			numfmt_commify(v, num);
			fprintf(out, ", down to %s ", num);
			put_name(out, p->ev.ev[ev].name);
			fprintf(out, " (%.2f%%) with what they call", share(v, total));
		}
		numfmt_commify(listed - n, num);
		fprintf(out, "; %s hidden", num);
	}
	fputs("\", labelloc=t, fontname=\"Helvetica\"];\n"
	      "\tnode [shape=box, style=\"filled,rounded\", fontname=\"Helvetica\", fontsize=10];\n"
	      "\tedge [fontname=\"Helvetica\", fontsize=9];\n", out);
}

/*
 * The boxes of cycles, as clusters: the drawn members of each cycle, in
 * node order, found by a counting sort on the cycle number (not by
 * scanning the nodes once per cycle).
 */
static void put_cycles(const struct report *r, uint64_t total, const struct fn *const *nodes,
		       size_t n)
{
	const struct profile *p = r->p;
	FILE *out = r->out;
	size_t *first = xcalloc(p->ncycles + 2, sizeof(*first)), i, k;
	const struct fn **bycycle = xmalloc((n + 1) * sizeof(*bycycle));

	for (i = 0; i < n; i++)
		if (nodes[i]->cycle)
			first[nodes[i]->cycle + 1]++;
	for (k = 1; k <= p->ncycles; k++)
		first[k + 1] += first[k];
	for (i = 0; i < n; i++)
		if (nodes[i]->cycle)
			bycycle[first[nodes[i]->cycle]++] = nodes[i];
	/* first[num] is now the end of cycle num's members, first[num - 1] its start */
	for (k = 0; k < p->ncycles; k++) {
		const struct cycle *cy = &p->cycles[k];
		size_t from = cy->num > 1 ? first[cy->num - 1] : 0, to = first[cy->num];
		if (from == to)
			continue;
		fprintf(out, "\tsubgraph cluster_cycle%u {\n\t\tlabel=\"cycle %u: ",
			(unsigned)cy->num, (unsigned)cy->num);
		put_cost(out, cy->incl->v[r->sort[0]], total);
		fputs("\";\n\t\tstyle=dashed;\n", out);
		for (i = from; i < to; i++) {
			putc('\t', out);
			put_node(r, bycycle[i], total, out);
		}
		fputs("\t}\n", out);
	}
	free(first);
	free(bycycle);
}

/* The calls between boxes, then the dashed edges through hidden functions. */
static void put_edges(const struct report *r, uint64_t total, const struct call *const *edges,
		      size_t ne, const struct via *via, size_t nvia)
{
	FILE *out = r->out;
	size_t ev = r->sort[0], i;
	char num[32];

	for (i = 0; i < ne; i++) {
		const struct call *c = edges[i];
		numfmt_commify(c->count, num);
		fprintf(out, "\tf%u -> f%u [label=\"%sx", (unsigned)c->k.caller->id,
			(unsigned)c->k.callee->id, num);
		if (!call_exact(c)) {
			fputs("\", style=dashed];\n", out);
			continue;
		}
		fputs("\\n", out);
		put_cost(out, c->cc->v[ev], total);
		fprintf(out, "\", penwidth=%.2f, color=", 1.0 + 4.0 * share(c->cc->v[ev], total) / 100.0);
		put_colour(out, share(c->cc->v[ev], total) / 100.0);
		fputs("];\n", out);
	}
	for (i = 0; i < nvia; i++) {
		numfmt_commify(via[i].hops, num);
		fprintf(out, "\tf%u -> f%u [label=\"via %s hidden\", style=dashed, color=\"0.000 0.000 0.500\"];\n",
			(unsigned)via[i].from->id, (unsigned)via[i].to->id, num);
	}
}

void report_dot(struct report *r)
{
	const struct profile *p = r->p;
	size_t ev = r->sort[0];	/* the event drawn */
	uint64_t total = p->total && cc_defined(p, p->total, ev) ? p->total->v[ev] : 0;
	const struct fn **nodes = xmalloc((p->nfns + 1) * sizeof(*nodes));
	const struct call **edges = xmalloc((p->ncalls + 1) * sizeof(*edges));
	unsigned char *shown = xcalloc(p->nfns + 1, 1);
	size_t n, ne = 0, i, listed, nvia;
	struct via *via;

	n = pick_nodes(r, total, nodes, shown, &listed);
	for (i = 0; i < p->ncalls; i++) {
		const struct call *c = p->calls[i];
		if (shown[c->k.caller->id] && shown[c->k.callee->id])
			edges[ne++] = c;
	}
	sort_array_r(edges, ne, sizeof(*edges), call_cmp, r);
	via = xmalloc((n + 1) * sizeof(*via));
	nvia = find_vias(r, nodes, n, edges, ne, shown, via);

	put_graph(r, total, nodes, n, listed);
	/* cycles first, as clusters, then the other nodes */
	put_cycles(r, total, nodes, n);
	for (i = 0; i < n; i++)
		if (!nodes[i]->cycle)
			put_node(r, nodes[i], total, r->out);
	put_edges(r, total, edges, ne, via, nvia);
	fputs("}\n", r->out);
	free(via);
	free(nodes);
	free(edges);
	free(shown);
}
