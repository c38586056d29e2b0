/* report_flame: rebuilt call stacks as folded text (flamegraph.pl's input) and as an interactive SVG flame graph. */
#include "report_flame.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "diag.h"
#include "escape.h"
#include "hash.h"
#include "namecut.h"
#include "numfmt.h"
#include "outbuf.h"
#include "ptrmap.h"
#include "sort.h"
#include "stacks.h"

/* The event drawn (the first --sort event) and the cut, as for --format=dot. */
static size_t flame_event(const struct report *r)
{
	return r->sort[0];
}

static uint64_t flame_prune(const struct report *r, const struct profile *p, size_t ev)
{
	double thr = r->filter ? r->thr[0] : 100;
	uint64_t total = p->total && cc_defined(p, p->total, ev) ? p->total->v[ev] : 0;

	if (thr >= 100)
		return 0;
	return (uint64_t)((double)total * (100.0 - thr) / 100.0);
}

/*
 * What the stack budget cut, in words, or "" when it cut nothing: the
 * stacks worth less than the grain were not made and their cost was drawn
 * under the other callers of the same functions (stacks.h).
 */
static void cut_note(const struct flame *fl, const char *event, uint64_t total, char *buf,
		     size_t size)
{
	char g[32], m[32];

	*buf = 0;
	if (!fl->coarse)
		return;
	numfmt_commify(fl->grain < 1.8e19 ? (uint64_t)fl->grain : UINT64_MAX, g);
	numfmt_commify(fl->moved, m);
	snprintf(buf, size,
		 "too many stacks to draw each: those worth under %s %.60s were merged into "
		 "larger ones of the same calls; %s %.60s (%.2f%%) are drawn on a stack they did not run on",
		 g, event, m, event, total ? (double)fl->moved * 100.0 / (double)total : 0.0);
}

int report_flame_build(const struct report *r, const struct profile *p, size_t ev, struct flame *fl,
		       int by_file)
{
	struct stacks s;

	if (stacks_build(&s, p, ev, flame_prune(r, p, ev)))
		return -1;
	flame_build(fl, &s, p, by_file);
	stacks_release(&s);
	return 0;
}

/*
 * A frame in folded text: ';' (the separator) becomes ':', control bytes
 * '?' (always: a newline would start a new stack); on a terminal (esc)
 * what escape.h escapes besides (C1 and bidi controls) is written \xHH.
 */
static void put_frame(struct outbuf *out, const char *s, int esc)
{
	size_t len = strlen(s);

	while (*s) {
		unsigned char c = (unsigned char)*s;
		size_t u;
		if (c == ';') {
			outbuf_putc(out, ':');
		} else if (c < 0x20 || c == 0x7f) {
			outbuf_putc(out, '?');
		} else if (esc && (u = escape_unit(s, len)) > 0) {
			escape_outbuf(out, s, u, 1);
			s += u;
			len -= u;
			continue;
		} else {
			outbuf_putc(out, (char)c);
		}
		s++;
		len--;
	}
}

int report_folded(struct report *r)
{
	const struct profile *p = r->p;
	static struct outbuf ob;
	struct outbuf *out = &ob;
	struct flame fl;
	uint32_t *path, *cur;
	size_t depth = 0;

	if (report_flame_build(r, p, flame_event(r), &fl, 0))
		return -1;
	{
		char note[320];
		cut_note(&fl, p->ev.ev[flame_event(r)].name, fl.node[0].total, note, sizeof(note));
		if (*note)
			diag(DIAG_WARNING, NULL, 0, "%s", note);
	}
	outbuf_init(out, r->out);
	path = xmalloc((fl.maxdepth + 2) * sizeof(*path));
	cur = xmalloc((fl.maxdepth + 2) * sizeof(*cur));
	/* depth-first, children in name order: lines come out sorted by frames */
	path[0] = 0;
	cur[0] = fl.node[0].child;
	while (1) {
		uint32_t c = cur[depth];
		if (c == STACKS_NONE) {
			if (!depth)
				break;
			depth--;
			continue;
		}
		cur[depth] = fl.node[c].next;
		path[++depth] = c;
		cur[depth] = fl.node[c].child;
		if (fl.node[c].self) {
			size_t k;
			for (k = 1; k <= depth; k++) {
				if (k > 1)
					outbuf_putc(out, ';');
				put_frame(out, fl.node[path[k]].name, r->esc);
			}
			outbuf_putc(out, ' ');
			outbuf_u64(out, fl.node[c].self);
			outbuf_putc(out, '\n');
		}
	}
	outbuf_flush(out);
	free(path);
	free(cur);
	flame_release(&fl);
	return 0;
}

/* ---- the SVG ---- */

#define SVG_WIDTH 1200
#define SVG_PAD 10
#define FRAME_H 16
#define FONT_SIZE 11
#define TOP 56
#define BOTTOM 34
#define MIN_WIDTH 0.1	/* narrower frames are left out (their parent covers them) */

/*
 * XML text: the five specials escaped, C0 control bytes '?', C1 and bidi
 * controls as the visible text \xHH (escape.h: a browser would obey a
 * bidi override and show the name reordered), and so the characters XML
 * 1.0 forbids (U+FFFE, U+FFFF, encoded surrogates: one of them makes the
 * whole SVG ill-formed, and a browser shows a parse error instead of the
 * graph), any other byte outside UTF-8 as its Latin-1 code point.
 */
static void put_xml_n(struct outbuf *out, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s, *end = u + len;
	char num[16];
	size_t e;

	while (u < end) {
		size_t n = report_utf8_len(u);
		if (n > (size_t)(end - u))
			n = 0;	/* a sequence a cut ended: its bytes as Latin-1 */
		if (*u >= 0x80 && (e = escape_unit_xml((const char *)u, (size_t)(end - u))) > 0) {
			escape_hex_outbuf(out, (const char *)u, e);
			u += e;
			continue;
		}
		switch (*u) {
		case '&':
			outbuf_puts(out, "&amp;");
			break;
		case '<':
			outbuf_puts(out, "&lt;");
			break;
		case '>':
			outbuf_puts(out, "&gt;");
			break;
		case '"':
			outbuf_puts(out, "&quot;");
			break;
		case '\'':
			outbuf_puts(out, "&#39;");
			break;
		default:
			if (!n) {
				snprintf(num, sizeof(num), "&#%u;", (unsigned)*u);
				outbuf_puts(out, num);
				n = 1;
				break;
			}
			if (*u < 0x20 || *u == 0x7f)
				outbuf_putc(out, '?');
			else
				outbuf_write(out, (const char *)u, n);
			u += n;
			continue;
		}
		u++;
	}
}

static void put_xml(struct outbuf *out, const char *s)
{
	put_xml_n(out, s, strlen(s));
}

/* A name the profile holds, cut once many name bytes were written (namecut.h). */
static void put_xml_name(struct outbuf *out, const char *s)
{
	size_t len, n = namecut(s, &len);

	put_xml_n(out, s, n);
	if (n < len) {
		char m[NAMECUT_MARKER_MAX];
		namecut_marker(m, len);
		outbuf_puts(out, m);
	}
}

static void put_num(struct outbuf *out, double v)
{
	char buf[32];
	snprintf(buf, sizeof(buf), "%.1f", v);
	outbuf_puts(out, buf);
}

static void put_commified(struct outbuf *out, uint64_t v)
{
	char buf[32];
	numfmt_commify(v, buf);
	outbuf_puts(out, buf);
}

static void put_pct(struct outbuf *out, uint64_t v, uint64_t total)
{
	char buf[32];
	snprintf(buf, sizeof(buf), "%.2f%%", total ? (double)v * 100.0 / (double)total : 0.0);
	outbuf_puts(out, buf);
}

/* FNV-1a, for colours that stay the same from run to run. */
static uint32_t hash_str(const char *s)
{
	uint32_t h = 2166136261u;
	for (; s && *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/*
 * The program's own code: the object of main, else the object of most
 * self cost whose name has no ".so".  Its frames are coloured warm by
 * file; other objects cool, one colour per object.
 */
static const char *own_object(const struct profile *p, size_t ev)
{
	const char *best = NULL;
	uint64_t bestv = 0;
	size_t i, k;

	for (i = 0; i < p->nfns; i++)
		if (p->fns[i]->named && !strcmp(p->fns[i]->k.name, "main") && *p->fns[i]->obj)
			return p->fns[i]->obj;
	for (i = 0; i < p->nfns; i++) {
		const char *o = p->fns[i]->obj;
		uint64_t v = 0;
		if (!*o || strstr(o, ".so"))
			continue;
		for (k = 0; k < p->nfns; k++)
			if (p->fns[k]->obj == o)
				v += p->fns[k]->self->v[ev];
		if (!best || v > bestv) {
			best = o;
			bestv = v;
		}
		if (i > 64)
			break;	/* enough to find the program's object */
	}
	return best;
}

static void put_rgb(struct outbuf *out, unsigned r, unsigned g, unsigned b)
{
	char buf[32];
	snprintf(buf, sizeof(buf), "rgb(%u,%u,%u)", r > 255 ? 255 : r, g > 255 ? 255 : g,
		 b > 255 ? 255 : b);
	outbuf_puts(out, buf);
}

/*
 * hash_str() of a name the profile holds, worked out once per name: frames
 * of one file or object are many, and a long name is not read again for each.
 */
static uint32_t name_hash(struct ptrmap *hashes, const char *s)
{
	uint64_t *v;

	if (!s)
		return hash_str(s);
	v = ptrmap_get(hashes, s);
	if (!v) {
		ptrmap_put(hashes, s, hash_str(s));
		v = ptrmap_get(hashes, s);
	}
	return (uint32_t)*v;
}

static void put_colour(struct outbuf *out, const struct fnode *x, const char *own,
		       struct ptrmap *hashes)
{
	uint32_t h;

	if (!x->obj || !*x->obj || (own && (x->obj == own || (name_hash(hashes, x->obj) == name_hash(hashes, own) &&
						    !strcmp(x->obj, own))))) {
		/* warm: red to yellow, by file */
		h = name_hash(hashes, x->file);
		put_rgb(out, 205 + h % 50, 60 + (h >> 8) % 150, 30 + (h >> 16) % 40);
	} else {
		/* cool: blues, greens and violets, by object */
		static const unsigned base[][3] = {
			{ 80, 140, 220 }, { 70, 180, 170 }, { 140, 120, 210 }, { 90, 180, 110 },
			{ 60, 160, 200 }, { 170, 130, 200 },
		};
		h = name_hash(hashes, x->obj);
		put_rgb(out, base[h % 6][0] + (h >> 8) % 30, base[h % 6][1] + (h >> 16) % 30,
			base[h % 6][2] + (h >> 24) % 30);
	}
}

/* Differential colour: red where the frame grew, blue where it shrank, white where equal. */
static void put_diff_colour(struct outbuf *out, double change)
{
	unsigned k;

	if (change > 1)
		change = 1;
	if (change < -1)
		change = -1;
	k = (unsigned)(210.0 * (change < 0 ? -change : change));
	if (change > 0)
		put_rgb(out, 255, 250 - k, 250 - k);
	else
		put_rgb(out, 250 - k, 250 - k, 255);
}

static const char script[] =
	"<script type=\"text/ecmascript\"><![CDATA[\n"
	"'use strict';\n"
	"var W = %WIDTH%, PAD = %PAD%, FONT = %FONT%, frames = [], zoomed = null, matchedText, details;\n"
	"function info(g) {\n"
	"\treturn { x: +g.getAttribute('data-x'), w: +g.getAttribute('data-w'), d: +g.getAttribute('data-d'),\n"
	"\t\tname: g.getElementsByTagName('title')[0].textContent.split('\\n')[0] };\n"
	"}\n"
	"function label(g, w) {\n"
	"\tvar t = g.getElementsByTagName('text')[0], n = info(g).name, fit = Math.floor((w - 6) / (FONT * 0.59));\n"
	"\tt.textContent = fit < 3 ? '' : n.length <= fit ? n : n.substring(0, fit - 2) + '..';\n"
	"}\n"
	"function place(g, x, w) {\n"
	"\tvar r = g.getElementsByTagName('rect')[0], t = g.getElementsByTagName('text')[0];\n"
	"\tr.setAttribute('x', x.toFixed(1));\n"
	"\tr.setAttribute('width', Math.max(w, 0).toFixed(1));\n"
	"\tt.setAttribute('x', (x + 3).toFixed(1));\n"
	"\tlabel(g, w);\n"
	"}\n"
	"function zoom(g) {\n"
	"\tvar z = info(g), k = (W - 2 * PAD) / z.w;\n"
	"\tzoomed = g;\n"
	"\tframes.forEach(function (f) {\n"
	"\t\tvar i = info(f);\n"
	"\t\tif (i.d < z.d && i.x <= z.x + 1e-6 && i.x + i.w >= z.x + z.w - 1e-6) {\n"
	"\t\t\tf.style.display = ''; f.classList.add('above'); place(f, PAD, W - 2 * PAD);\n"
	"\t\t} else if (i.d >= z.d && i.x >= z.x - 1e-6 && i.x + i.w <= z.x + z.w + 1e-6) {\n"
	"\t\t\tf.style.display = ''; f.classList.remove('above'); place(f, PAD + (i.x - z.x) * k, i.w * k);\n"
	"\t\t} else {\n"
	"\t\t\tf.style.display = 'none';\n"
	"\t\t}\n"
	"\t});\n"
	"\tdocument.getElementById('unzoom').style.opacity = 1;\n"
	"}\n"
	"function unzoom() {\n"
	"\tzoomed = null;\n"
	"\tframes.forEach(function (f) { var i = info(f); f.style.display = ''; f.classList.remove('above'); place(f, i.x, i.w); });\n"
	"\tdocument.getElementById('unzoom').style.opacity = 0;\n"
	"}\n"
	/* Plain text, not a regular expression: the term may come from a link
	   (#search=), and a crafted pattern over crafted names would take
	   exponential time.  Knuth-Morris-Pratt keeps each name's test linear. */
	"function prefixes(p) {\n"
	"\tvar f = [0], k = 0, i;\n"
	"\tfor (i = 1; i < p.length; i++) {\n"
	"\t\twhile (k && p.charCodeAt(i) !== p.charCodeAt(k)) k = f[k - 1];\n"
	"\t\tif (p.charCodeAt(i) === p.charCodeAt(k)) k++;\n"
	"\t\tf[i] = k;\n"
	"\t}\n"
	"\treturn f;\n"
	"}\n"
	"function contains(s, p, f) {\n"
	"\tvar k = 0, i;\n"
	"\tfor (i = 0; i < s.length; i++) {\n"
	"\t\twhile (k && s.charCodeAt(i) !== p.charCodeAt(k)) k = f[k - 1];\n"
	"\t\tif (s.charCodeAt(i) === p.charCodeAt(k) && ++k === p.length) return true;\n"
	"\t}\n"
	"\treturn false;\n"
	"}\n"
	"function search(term) {\n"
	"\tvar f, sum = 0, spans = [];\n"
	"\tframes.forEach(function (g) { var r = g.getElementsByTagName('rect')[0];\n"
	"\t\tif (r.hasAttribute('data-fill')) r.setAttribute('fill', r.getAttribute('data-fill')); });\n"
	"\tif (!term) { matchedText.textContent = ''; return 0; }\n"
	"\tf = prefixes(term);\n"
	"\tframes.forEach(function (g) {\n"
	"\t\tvar i = info(g), r = g.getElementsByTagName('rect')[0];\n"
	"\t\tif (!contains(i.name, term, f)) return;\n"
	"\t\tif (!r.hasAttribute('data-fill')) r.setAttribute('data-fill', r.getAttribute('fill'));\n"
	"\t\tr.setAttribute('fill', 'rgb(230,0,230)');\n"
	"\t\tspans.push(i);\n"
	"\t});\n"
	"\t/* a match inside another match is not counted twice */\n"
	"\tspans.sort(function (a, b) { return a.x - b.x || b.w - a.w; });\n"
	"\tvar end = -1;\n"
	"\tspans.forEach(function (s) { if (s.x >= end - 1e-6) { sum += s.w; end = s.x + s.w; }\n"
	"\t\telse if (s.x + s.w > end) { sum += s.x + s.w - end; end = s.x + s.w; } });\n"
	"\tvar pct = 100 * sum / (W - 2 * PAD);\n"
	"\tmatchedText.textContent = 'Matched: ' + pct.toFixed(2) + '%';\n"
	"\treturn pct;\n"
	"}\n"
	"function init() {\n"
	"\tframes = Array.prototype.slice.call(document.querySelectorAll('g.frame'));\n"
	"\tmatchedText = document.getElementById('matched');\n"
	"\tdetails = document.getElementById('details');\n"
	"\tframes.forEach(function (f) {\n"
	"\t\tf.addEventListener('click', function () { zoom(f); });\n"
	"\t\tf.addEventListener('mouseover', function () { details.textContent = f.getElementsByTagName('title')[0].textContent.replace(/\\n/g, '  '); });\n"
	"\t\tf.addEventListener('mouseout', function () { details.textContent = ' '; });\n"
	"\t});\n"
	"\tdocument.getElementById('unzoom').addEventListener('click', unzoom);\n"
	"\tdocument.getElementById('search').addEventListener('click', function () {\n"
	"\t\tvar t = window.prompt('Search (text in the name):', ''); if (t !== null) search(t); });\n"
	"\tvar box = document.getElementById('searchbox');\n"
	"\tif (box) box.addEventListener('input', function () { search(box.value); });\n"
	"\t/* file.svg#search=TEXT opens with TEXT searched */\n"
	"\tvar h = window.location.hash.match(/^#search=(.*)$/), t;\n"
	"\tif (h) { try { t = decodeURIComponent(h[1]); } catch (e) { t = h[1]; }\n"
	"\t\tif (box) box.value = t; search(t); }\n"
	"}\n"
	"window.addEventListener('load', init);\n"
	"]]></script>\n";

/* The script with its three numbers put in. */
static void put_script(struct outbuf *out)
{
	const char *s = script, *m;
	char num[16];

	while ((m = strchr(s, '%'))) {
		const char *e = strchr(m + 1, '%');
		int v = -1;
		outbuf_write(out, s, (size_t)(m - s));
		if (e && !strncmp(m, "%WIDTH%", 7))
			v = SVG_WIDTH;
		else if (e && !strncmp(m, "%PAD%", 5))
			v = SVG_PAD;
		else if (e && !strncmp(m, "%FONT%", 6))
			v = FONT_SIZE;
		if (v < 0) {
			outbuf_putc(out, '%');
			s = m + 1;
			continue;
		}
		snprintf(num, sizeof(num), "%d", v);
		outbuf_puts(out, num);
		s = e + 1;
	}
	outbuf_puts(out, s);
}

struct svg {
	struct outbuf *out;
	const struct flame *fl, *old;	/* old: the old profile's frames, with --diff */
	uint64_t total, old_total;
	const char *own;
	const char *event;
	double height, maxchange;
	struct ptrmap hashes;	/* name_hash() */
};

/* A line above the details when the stack budget cut (cut_note()); the new profile's first. */
static void put_cut_note(const struct svg *g)
{
	char note[340], num[32];
	const struct flame *fl = g->fl->coarse || !g->old ? g->fl : g->old;

	cut_note(fl, g->event, fl->node[0].total, note, sizeof(note));
	if (!*note)
		return;
	snprintf(num, sizeof(num), "%.0f", g->height - 23);
	outbuf_puts(g->out, "<text id=\"cut\" x=\"10\" y=\"");
	outbuf_puts(g->out, num);
	outbuf_puts(g->out, "\" style=\"fill:rgb(160,0,0)\">");
	if (fl == g->old)
		outbuf_puts(g->out, "old profile: ");
	put_xml(g->out, note);
	outbuf_puts(g->out, "</text>\n");
}

/* The label that fits in w pixels (what the script does on zoom). */
static void put_label(struct outbuf *out, const char *name, double w)
{
	/* fit is a few hundred at most: a long name is never read to its end */
	size_t fit = w > 6 ? (size_t)((w - 6) / (FONT_SIZE * 0.59)) : 0, len = strnlen(name, fit + 1);
	char *t;

	if (fit < 3)
		return;
	if (len <= fit) {
		put_xml(out, name);
		return;
	}
	t = xmalloc(fit + 1);
	memcpy(t, name, fit - 2);
	/* never cut a UTF-8 sequence */
	len = fit - 2;
	while (len > 0 && ((unsigned char)name[len] & 0xc0) == 0x80)
		len--;
	t[len] = '\0';
	put_xml(out, t);
	outbuf_puts(out, "..");
	free(t);
}

static double change_of(const struct svg *g, const struct fnode *x)
{
	uint64_t old = x->match != STACKS_NONE ? g->old->node[x->match].total : 0;
	double d = (double)x->total - (double)old;
	return x->total ? d / (double)x->total : 0;
}

static void put_frame_svg(struct svg *g, const struct fnode *x, double px, double pw)
{
	struct outbuf *out = g->out;
	double y = g->height - BOTTOM - (double)(x->depth + 1) * FRAME_H;

	outbuf_puts(out, "<g class=\"frame\" data-x=\"");
	put_num(out, px);
	outbuf_puts(out, "\" data-w=\"");
	put_num(out, pw);
	outbuf_puts(out, "\" data-d=\"");
	outbuf_u64(out, x->depth);
	outbuf_puts(out, "\"><title>");
	put_xml_name(out, x->name);
	if (x->file) {
		outbuf_putc(out, '\n');
		put_xml_name(out, x->file);
		if (x->obj && *x->obj) {
			outbuf_puts(out, " [");
			put_xml_name(out, x->obj);
			outbuf_putc(out, ']');
		}
	}
	outbuf_putc(out, '\n');
	put_xml_name(out, g->event);
	outbuf_puts(out, ": ");
	put_commified(out, x->total);
	outbuf_puts(out, " (");
	put_pct(out, x->total, g->total);
	outbuf_puts(out, "), self ");
	put_commified(out, x->self);
	if (g->old) {
		uint64_t old = x->match != STACKS_NONE ? g->old->node[x->match].total : 0;
		char buf[64];
		outbuf_puts(out, "\nold: ");
		put_commified(out, old);
		outbuf_puts(out, ", change ");
		outbuf_putc(out, x->total >= old ? '+' : '-');
		put_commified(out, x->total >= old ? x->total - old : old - x->total);
		if (old) {
			snprintf(buf, sizeof(buf), " (%+.2f%%)",
				 ((double)x->total - (double)old) * 100.0 / (double)old);
			outbuf_puts(out, buf);
		} else {
			outbuf_puts(out, " (new)");
		}
	}
	outbuf_puts(out, "</title><rect x=\"");
	put_num(out, px);
	outbuf_puts(out, "\" y=\"");
	put_num(out, y);
	outbuf_puts(out, "\" width=\"");
	put_num(out, pw);
	outbuf_puts(out, "\" height=\"15.0\" fill=\"");
	if (g->old)
		put_diff_colour(out, g->maxchange > 0 ? change_of(g, x) / g->maxchange : 0);
	else if (!x->file)
		put_rgb(out, 230, 230, 230);
	else
		put_colour(out, x, g->own, &g->hashes);
	outbuf_puts(out, "\" rx=\"2\" ry=\"2\"/><text x=\"");
	put_num(out, px + 3);
	outbuf_puts(out, "\" y=\"");
	put_num(out, y + 11.5);
	outbuf_puts(out, "\">");
	put_label(out, x->name, pw);
	outbuf_puts(out, "</text></g>\n");
}

static int write_svg(struct report *r, const struct flame *fl, const struct flame *old,
		     const char *title)
{
	const struct profile *p = r->p;
	static struct outbuf ob;
	struct outbuf *out = &ob;
	struct svg g;
	size_t ev = flame_event(r), i;
	double *x = xcalloc(fl->n + 1, sizeof(*x)), unit;
	uint32_t *order = xmalloc((fl->n + 1) * sizeof(*order));
	size_t head = 0, tail = 0;
	char num[64];

	memset(&g, 0, sizeof(g));
	g.out = out;
	g.fl = fl;
	g.old = old;
	g.total = fl->node[0].total;
	g.own = own_object(p, ev);
	g.event = p->ev.ev[ev].name;
	g.height = TOP + BOTTOM + (double)(fl->maxdepth + 1) * FRAME_H;
	if (old) {
		for (i = 0; i < fl->n; i++) {
			double c = change_of(&g, &fl->node[i]);
			if (c < 0)
				c = -c;
			if (c > g.maxchange)
				g.maxchange = c;
		}
	}
	unit = g.total ? (double)(SVG_WIDTH - 2 * SVG_PAD) / (double)g.total : 0;

	outbuf_init(out, r->out);
	outbuf_puts(out, "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
			 "<svg version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\" width=\"");
	snprintf(num, sizeof(num), "%d\" height=\"%.0f\" viewBox=\"0 0 %d %.0f\"", SVG_WIDTH, g.height,
		 SVG_WIDTH, g.height);
	outbuf_puts(out, num);
	outbuf_puts(out, ">\n<style type=\"text/css\">\n"
			 "text { font-family: Verdana, \"DejaVu Sans\", sans-serif; font-size: 11px; fill: rgb(0,0,0); }\n"
			 "g.frame { cursor: pointer; }\n"
			 "g.frame:hover rect { stroke: rgb(0,0,0); stroke-width: 0.5; }\n"
			 "g.above rect { opacity: 0.5; }\n"
			 "#title { font-size: 17px; text-anchor: middle; }\n"
			 ".button { fill: rgb(0,0,180); cursor: pointer; }\n"
			 "</style>\n");
	put_script(out);
	outbuf_puts(out, "<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"rgb(248,248,240)\"/>\n"
			 "<text id=\"title\" x=\"600\" y=\"22\">");
	put_xml(out, title);
	outbuf_puts(out, "</text>\n<text id=\"subtitle\" x=\"10\" y=\"44\">");
	put_xml(out, p->cmd && *p->cmd ? p->cmd : "(unknown)");
	outbuf_puts(out, ": ");
	put_xml(out, g.event);
	outbuf_puts(out, " ");
	put_commified(out, g.total);
	if (old) {
		outbuf_puts(out, " (old ");
		put_commified(out, old->node[0].total);
		outbuf_puts(out, "); red grew, blue shrank");
	}
	outbuf_puts(out, "; click a frame to zoom</text>\n"
			 "<text id=\"unzoom\" class=\"button\" x=\"10\" y=\"22\" style=\"opacity:0\">Reset zoom</text>\n"
			 "<text id=\"search\" class=\"button\" x=\"1110\" y=\"22\">Search</text>\n"
			 "<foreignObject x=\"900\" y=\"8\" width=\"200\" height=\"22\">"
			 "<input xmlns=\"http://www.w3.org/1999/xhtml\" id=\"searchbox\" type=\"search\" "
			 "placeholder=\"text in a name\" style=\"width:190px;font-size:11px\"/>"
			 "</foreignObject>\n"
			 "<text id=\"matched\" x=\"1190\" y=\"44\" style=\"text-anchor:end\"> </text>\n");
	snprintf(num, sizeof(num), "%.0f", g.height - 12);
	outbuf_puts(out, "<text id=\"details\" x=\"10\" y=\"");
	outbuf_puts(out, num);
	outbuf_puts(out, "\"> </text>\n");
	put_cut_note(&g);

	/* breadth first from the root; each frame starts where its parent's previous child ended */
	x[0] = SVG_PAD;
	order[tail++] = 0;
	while (head < tail) {
		uint32_t n = order[head++], c;
		double at = x[n];
		double w = (double)fl->node[n].total * unit;
		if (w < MIN_WIDTH)
			continue;
		put_frame_svg(&g, &fl->node[n], x[n], w);
		for (c = fl->node[n].child; c != STACKS_NONE; c = fl->node[c].next) {
			x[c] = at;
			at += (double)fl->node[c].total * unit;
			order[tail++] = c;
		}
	}
	outbuf_puts(out, "</svg>\n");
	outbuf_flush(out);
	free(x);
	free(order);
	ptrmap_free(&g.hashes);
	return 0;
}

int report_flamegraph(struct report *r)
{
	struct flame fl;
	char title[128];
	int rc;

	if (report_flame_build(r, r->p, flame_event(r), &fl, 1))
		return -1;
	snprintf(title, sizeof(title), "Flame graph of %.60s", r->p->ev.ev[flame_event(r)].name);
	rc = write_svg(r, &fl, NULL, title);
	flame_release(&fl);
	return rc;
}

int report_flamegraph_diff(struct report *r, const struct profile *old)
{
	struct flame fl, fo;
	const char *ev = r->p->ev.ev[flame_event(r)].name;
	long k = events_find(&old->ev, ev, strlen(ev));
	char title[160];
	int rc;

	if (k < 0) {
		escape_line(stderr, "annogrind: event '%s' is not in the old profile", ev);
		return -1;
	}
	if (report_flame_build(r, r->p, flame_event(r), &fl, 1))
		return -1;
	if (report_flame_build(r, old, (size_t)k, &fo, 1)) {
		flame_release(&fl);
		return -1;
	}
	flame_match(&fl, &fo);
	snprintf(title, sizeof(title), "Differential flame graph of %.60s", ev);
	rc = write_svg(r, &fl, &fo, title);
	flame_release(&fl);
	flame_release(&fo);
	return rc;
}

/* ---- the frame tree (struct flame) ---- */

static uint32_t fnode_new(struct flame *fl, const char *name, const char *file, const char *obj,
			  uint32_t depth)
{
	struct fnode *x;

	if (fl->n == fl->cap) {
		fl->cap = fl->cap ? 2 * fl->cap : 256;
		fl->node = xrealloc(fl->node, fl->cap * sizeof(*fl->node));
	}
	x = &fl->node[fl->n];
	memset(x, 0, sizeof(*x));
	x->name = name;
	x->file = file;
	x->obj = obj;
	x->child = x->next = STACKS_NONE;
	x->match = STACKS_NONE;
	x->depth = depth;
	if (depth > fl->maxdepth)
		fl->maxdepth = depth;
	return (uint32_t)fl->n++;
}

/* Node indexes by the nodes' names, then files, then index; ctx is the flame. */
static int fnode_cmp(const void *x, const void *y, void *ctx)
{
	const struct flame *fl = ctx;
	const struct fnode *a = &fl->node[*(const uint32_t *)x];
	const struct fnode *b = &fl->node[*(const uint32_t *)y];
	int c = strcmp(a->name, b->name);
	if (c)
		return c;
	c = strcmp(a->file ? a->file : "", b->file ? b->file : "");
	return c ? c : (int)(*(const uint32_t *)x > *(const uint32_t *)y) -
			       (int)(*(const uint32_t *)x < *(const uint32_t *)y);
}

/* Children of every node in name order. */
static void sort_children(struct flame *fl)
{
	size_t i, k, cap = 0;
	uint32_t *v = NULL;

	for (i = 0; i < fl->n; i++) {
		uint32_t c;
		size_t m = 0;
		for (c = fl->node[i].child; c != STACKS_NONE; c = fl->node[c].next) {
			if (m == cap) {
				cap = cap ? 2 * cap : 64;
				v = xrealloc(v, cap * sizeof(*v));
			}
			v[m++] = c;
		}
		if (m < 2)
			continue;
		sort_array_r(v, m, sizeof(*v), fnode_cmp, fl);
		fl->node[i].child = v[0];
		for (k = 0; k + 1 < m; k++)
			fl->node[v[k]].next = v[k + 1];
		fl->node[v[m - 1]].next = STACKS_NONE;
	}
	free(v);
}

void flame_build(struct flame *fl, const struct stacks *s, const struct profile *p, int by_file)
{
	uint32_t *map = xmalloc((s->n + 1) * sizeof(*map));
	/* frames by (parent frame, name[, file]): 1 + frame index, 0 empty */
	uint32_t *tab;
	size_t i, cap;

	memset(fl, 0, sizeof(*fl));
	for (cap = 16; cap < 2 * s->n + 2; cap *= 2)
		;
	tab = xcalloc(cap, sizeof(*tab));
	fl->coarse = s->coarse;
	fl->grain = s->grain;
	fl->moved = s->moved;
	fnode_new(fl, "all", NULL, NULL, 0);
	fl->names = xcalloc(p->nfns + 1, sizeof(*fl->names));
	fl->nnames = p->nfns;
	for (i = 0; i < s->n; i++) {
		const struct snode *x = &s->node[i];
		uint32_t par = x->parent == STACKS_NONE ? 0 : map[x->parent], c;
		const char *name;
		/* each function's frame name once, however many frames it has */
		if (!fl->names[x->fn->id])
			fl->names[x->fn->id] = stacks_frame_name(p, x->fn);
		name = fl->names[x->fn->id];
		const char *file = by_file ? x->fn->k.file->name : NULL;
		size_t h = (size_t)hash_words(hash_bytes(name, strlen(name)), par,
					      (uint64_t)(uintptr_t)file) & (cap - 1);
		for (; tab[h]; h = (h + 1) & (cap - 1)) {
			const struct fnode *y = &fl->node[tab[h] - 1];
			if (y->parent == par && (!by_file || y->file == file) && !strcmp(y->name, name))
				break;
		}
		if (!tab[h]) {
			c = fnode_new(fl, name, x->fn->k.file->name, x->fn->obj, fl->node[par].depth + 1);
			fl->node[c].parent = par;
			fl->node[c].next = fl->node[par].child;
			fl->node[par].child = c;
			tab[h] = c + 1;
		} else {
			c = tab[h] - 1;
		}
		map[i] = c;
		fl->node[c].self += x->self;
	}
	free(tab);
	free(map);
	sort_children(fl);
	/* totals bottom-up over the sorted tree */
	{
		uint32_t *order = xmalloc((fl->n + 1) * sizeof(*order));
		size_t head = 0, tail = 0;
		order[tail++] = 0;
		while (head < tail) {
			uint32_t c;
			for (c = fl->node[order[head]].child; c != STACKS_NONE; c = fl->node[c].next)
				order[tail++] = c;
			head++;
		}
		for (i = tail; i-- > 0;) {
			uint32_t c;
			uint64_t t = fl->node[order[i]].self;
			for (c = fl->node[order[i]].child; c != STACKS_NONE; c = fl->node[c].next)
				t = t + fl->node[c].total < t ? UINT64_MAX : t + fl->node[c].total;
			fl->node[order[i]].total = t;
		}
		free(order);
	}
}

void flame_release(struct flame *fl)
{
	size_t i;
	for (i = 0; i < fl->nnames; i++)
		free(fl->names[i]);
	free(fl->names);
	free(fl->node);
	memset(fl, 0, sizeof(*fl));
}

static void match_from(struct flame *a, uint32_t x, const struct flame *b, uint32_t y)
{
	uint32_t c, d;

	a->node[x].match = y;
	for (c = a->node[x].child; c != STACKS_NONE; c = a->node[c].next) {
		for (d = b->node[y].child; d != STACKS_NONE; d = b->node[d].next)
			if (!strcmp(a->node[c].name, b->node[d].name) &&
			    !strcmp(a->node[c].file ? a->node[c].file : "",
				    b->node[d].file ? b->node[d].file : ""))
				break;
		if (d != STACKS_NONE)
			match_from(a, c, b, d);
	}
}

void flame_match(struct flame *a, const struct flame *b)
{
	if (a->n && b->n)
		match_from(a, 0, b, 0);
}
