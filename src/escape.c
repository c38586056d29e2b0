/* escape: profile text made harmless for a terminal: control bytes and bidi controls shown as \xHH. */
#include "escape.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "outbuf.h"

/* The code point of the valid UTF-8 sequence at u (n bytes, 2 or 3), else 0. */
static uint32_t utf8_cp(const unsigned char *u, size_t len, size_t *n)
{
	uint32_t cp;

	if (u[0] >= 0xc2 && u[0] <= 0xdf && len >= 2 && (u[1] & 0xc0) == 0x80) {
		*n = 2;
		return (uint32_t)(u[0] & 0x1f) << 6 | (u[1] & 0x3f);
	}
	if (u[0] >= 0xe0 && u[0] <= 0xef && len >= 3 && (u[1] & 0xc0) == 0x80 &&
	    (u[2] & 0xc0) == 0x80) {
		cp = (uint32_t)(u[0] & 0x0f) << 12 | (uint32_t)(u[1] & 0x3f) << 6 | (u[2] & 0x3f);
		*n = 3;
		return cp >= 0x800 ? cp : 0;	/* no overlong forms */
	}
	return 0;
}

static int is_bidi(uint32_t cp)
{
	return cp == 0x061c || cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
	       (cp >= 0x2066 && cp <= 0x2069);
}

size_t escape_unit(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n;
	uint32_t cp;

	if (u[0] < 0x20)
		return u[0] != '\t';
	if (u[0] < 0x7f)
		return 0;
	if (u[0] == 0x7f)
		return 1;
	cp = utf8_cp(u, len, &n);
	if (cp)
		return (cp >= 0x80 && cp <= 0x9f) || is_bidi(cp) ? n : 0;
	/* a byte that starts no 2- or 3-byte sequence: a raw C1 byte is escaped */
	return u[0] <= 0x9f;
}

size_t escape_unit_xml(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t n = escape_unit(s, len);
	uint32_t cp;

	if (n || u[0] < 0xe0)
		return n;
	cp = utf8_cp(u, len, &n);
	/* XML 1.0's Char leaves out the surrogates and U+FFFE, U+FFFF */
	return (cp >= 0xd800 && cp <= 0xdfff) || cp == 0xfffe || cp == 0xffff ? n : 0;
}

size_t escape_width(const char *s, size_t len, int on)
{
	size_t i = 0, w = len;

	while (on && i < len) {
		size_t n = escape_unit(s + i, len - i);
		w += 3 * n;	/* each escaped byte becomes 4 */
		i += n ? n : 1;
	}
	return w;
}

/* Where escaped text goes: a FILE or an outbuf. */
typedef void sink_fn(void *to, const char *s, size_t n);

static void to_file(void *to, const char *s, size_t n)
{
	fwrite(s, 1, n, to);
}

static void to_outbuf(void *to, const char *s, size_t n)
{
	outbuf_write(to, s, n);
}

static const char hex[] = "0123456789abcdef";

static void put(sink_fn *w, void *to, const char *s, size_t len, int on)
{
	size_t i = 0, run = 0;

	while (on && i < len) {
		size_t n = escape_unit(s + i, len - i);
		if (!n) {
			i++;
			continue;
		}
		w(to, s + run, i - run);
		for (; n; n--, i++) {
			unsigned char c = (unsigned char)s[i];
			char e[4] = { '\\', 'x', hex[c >> 4], hex[c & 15] };
			w(to, e, 4);
		}
		run = i;
	}
	w(to, s + run, len - run);
}

void escape_fwrite(FILE *f, const char *s, size_t len, int on)
{
	put(to_file, f, s, len, on);
}

void escape_fputs(FILE *f, const char *s, int on)
{
	if (on)
		put(to_file, f, s, strlen(s), 1);
	else
		fputs(s, f);
}

void escape_outbuf(struct outbuf *o, const char *s, size_t len, int on)
{
	put(to_outbuf, o, s, len, on);
}

void escape_hex_outbuf(struct outbuf *o, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		char e[4] = { '\\', 'x', hex[c >> 4], hex[c & 15] };
		outbuf_write(o, e, 4);
	}
}

void escape_vline(FILE *f, const char *fmt, va_list ap)
{
	char small[512], *buf = small;
	va_list ap2;
	int n;

	va_copy(ap2, ap);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	if (n < 0) {
		va_end(ap2);
		return;
	}
	if ((size_t)n >= sizeof(small)) {
		buf = xmalloc((size_t)n + 1);
		vsnprintf(buf, (size_t)n + 1, fmt, ap2);
	}
	va_end(ap2);
	escape_fwrite(f, buf, (size_t)n, 1);
	putc('\n', f);
	if (buf != small)
		free(buf);
}

void escape_line(FILE *f, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	escape_vline(f, fmt, ap);
	va_end(ap);
}
