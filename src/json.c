/* json: a small JSON writer on an outbuf, shared by every JSON output (report_json, report_asm, the diff). */
#include "json.h"

#include <stdio.h>
#include <string.h>

#include "escape.h"
#include "namecut.h"
#include "outbuf.h"
#include "profile.h"
#include "report.h"

/* "\uXXXX" for a code point of the BMP. */
static void jesc(struct outbuf *out, unsigned c)
{
	static const char hex[] = "0123456789abcdef";
	char e[6] = { '\\', 'u', hex[(c >> 12) & 15], hex[(c >> 8) & 15], hex[(c >> 4) & 15],
		      hex[c & 15] };
	outbuf_write(out, e, 6);
}

/* json_html_safe(): '<', '>', '&', U+2028 and U+2029 written \uXXXX too */
static int html_safe;

void json_html_safe(int on)
{
	html_safe = on;
}

static void json_chars(struct outbuf *out, const unsigned char *u, const unsigned char *end)
{
	while (u < end) {
		size_t n = report_utf8_len(u);
		if (n > (size_t)(end - u))
			n = 0;	/* a sequence the cut ended: its bytes as Latin-1 */
		if (html_safe && (*u == '<' || *u == '>' || *u == '&')) {
			jesc(out, *u);
			n = 1;
		} else if (html_safe && n == 3 && u[0] == 0xe2 && u[1] == 0x80 && (u[2] == 0xa8 || u[2] == 0xa9)) {
			jesc(out, u[2] == 0xa8 ? 0x2028 : 0x2029);
		} else if (*u == '"' || *u == '\\') {
			outbuf_putc(out, '\\');
			outbuf_putc(out, (char)*u);
			n = 1;
		} else if (*u < 0x20 || !n) {
			jesc(out, *u);
			n = 1;
		} else if (escape_unit((const char *)u, n) == n && n > 1) {
			/* a C1 or bidi control: 2 or 3 bytes, decoded */
			jesc(out, n == 2 ? (unsigned)(u[0] & 0x1f) << 6 | (u[1] & 0x3f)
					 : (unsigned)(u[0] & 0x0f) << 12 | (unsigned)(u[1] & 0x3f) << 6 |
						   (u[2] & 0x3f));
		} else if (*u == 0x7f) {
			jesc(out, *u);
		} else {
			outbuf_write(out, (const char *)u, n);
		}
		u += n;
	}
}

void json_str(struct outbuf *out, const char *s)
{
	if (!s) {
		outbuf_puts(out, "null");
		return;
	}
	outbuf_putc(out, '"');
	json_chars(out, (const unsigned char *)s, (const unsigned char *)s + strlen(s));
	outbuf_putc(out, '"');
}

void json_name(struct outbuf *out, const char *s)
{
	size_t len, n;

	if (!s) {
		outbuf_puts(out, "null");
		return;
	}
	n = namecut(s, &len);
	outbuf_putc(out, '"');
	json_chars(out, (const unsigned char *)s, (const unsigned char *)s + n);
	if (n < len) {
		char m[NAMECUT_MARKER_MAX];
		namecut_marker(m, len);
		outbuf_puts(out, m);
	}
	outbuf_putc(out, '"');
}

void json_count(struct outbuf *out, uint64_t v, int sgn)
{
	if (sgn && (int64_t)v < 0) {
		outbuf_putc(out, '-');
		v = 0 - v;
	}
	outbuf_u64(out, v);
}

void json_counts(struct outbuf *out, const uint64_t *v, size_t n, int sgn, const char *sep)
{
	size_t i;

	outbuf_putc(out, '[');
	for (i = 0; i < n; i++) {
		if (i)
			outbuf_puts(out, sep);
		json_count(out, v[i], sgn);
	}
	outbuf_putc(out, ']');
}

void json_change(struct outbuf *out, uint64_t a, uint64_t b, int sgn)
{
	int up = sgn ? (int64_t)b >= (int64_t)a : b >= a;

	if (!up)
		outbuf_putc(out, '-');
	outbuf_u64(out, up ? b - a : a - b);
}

void json_changes(struct outbuf *out, const uint64_t *a, const uint64_t *b, size_t n, int sgn)
{
	size_t i;

	outbuf_putc(out, '[');
	for (i = 0; i < n; i++) {
		if (i)
			outbuf_puts(out, ", ");
		json_change(out, a[i], b[i], sgn);
	}
	outbuf_putc(out, ']');
}

void json_hex(struct outbuf *out, uint64_t v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "\"0x%llx\"", (unsigned long long)v);
	outbuf_puts(out, buf);
}

void json_cost(struct outbuf *out, const struct profile *p, const struct cc *c)
{
	size_t i;

	outbuf_putc(out, '[');
	for (i = 0; i < p->ev.n; i++) {
		if (i)
			outbuf_putc(out, ',');
		if (c && cc_defined(p, c, i))
			json_count(out, c->v[i], p->signed_counts);
		else
			outbuf_puts(out, "null");
	}
	outbuf_putc(out, ']');
}

void json_events(struct outbuf *out, const struct profile *p)
{
	size_t i;

	outbuf_putc(out, '[');
	for (i = 0; i < p->ev.n; i++) {
		const struct event *e = &p->ev.ev[i];
		outbuf_puts(out, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
		json_str(out, e->name);
		outbuf_puts(out, ", \"long_name\": ");
		json_str(out, e->longname);
		outbuf_puts(out, ", \"formula\": ");
		json_str(out, e->formula);
		outbuf_putc(out, '}');
	}
	outbuf_puts(out, "\n  ]");
}
