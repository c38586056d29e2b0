/* diag: the one way annogrind reports problems: "annogrind: FILE:LINE: message". */
#include "diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "escape.h"

static enum diag_level worst;
static FILE *stream;
static int quiet;
static unsigned long nwarn;	/* warnings since diag_warnings_begin() */

void diag_set_stream(FILE *f)
{
	stream = f;
}

int diag_quiet_warnings(int q)
{
	int was = quiet;

	quiet = q;
	return was;
}

void diag_reset(void)
{
	worst = DIAG_OK;
	nwarn = 0;
}

void diag_warnings_begin(void)
{
	nwarn = 0;
}

void diag_warnings_end(const char *file)
{
	FILE *f = stream ? stream : stderr;

	if (nwarn > DIAG_MAX_WARNINGS && !quiet)
		escape_line(f, "annogrind: %s: warning: %lu more warning%s not shown", file,
			    nwarn - DIAG_MAX_WARNINGS, nwarn - DIAG_MAX_WARNINGS > 1 ? "s" : "");
	nwarn = 0;
}

enum diag_level diag_worst(void)
{
	return worst;
}

void diag(enum diag_level level, const char *file, uint64_t line,
	  const char *fmt, ...)
{
	FILE *f = stream ? stream : stderr;
	char small[512], *msg = small;
	va_list ap;
	int n;

	if (level > worst)
		worst = level;
	if (level == DIAG_WARNING && (quiet || ++nwarn > DIAG_MAX_WARNINGS))
		return;
	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n >= (int)sizeof(small)) {
		msg = xmalloc((size_t)n + 1);
		va_start(ap, fmt);
		vsnprintf(msg, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	/* the message quotes the profile: escaped, always (escape.h) */
	if (!file)
		escape_line(f, "annogrind: %s%s", level == DIAG_WARNING ? "warning: " : "",
			    n < 0 ? fmt : msg);
	else if (line)
		escape_line(f, "annogrind: %s:%llu: %s%s", file, (unsigned long long)line,
			    level == DIAG_WARNING ? "warning: " : "", n < 0 ? fmt : msg);
	else
		escape_line(f, "annogrind: %s: %s%s", file, level == DIAG_WARNING ? "warning: " : "",
			    n < 0 ? fmt : msg);
	if (msg != small)
		free(msg);
}

/* s quoted into out, which holds 4 * len + 6 bytes. */
static void quote(char *out, const char *s, size_t len, int cut)
{
	size_t o = 0, i;

	out[o++] = '\'';
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\'' || c == '\\') {
			out[o++] = '\\';
			out[o++] = (char)c;
		} else if (c < 0x20 || c >= 0x7f) {
			static const char hex[] = "0123456789abcdef";
			out[o++] = '\\';
			out[o++] = 'x';
			out[o++] = hex[c >> 4];
			out[o++] = hex[c & 15];
		} else {
			out[o++] = (char)c;
		}
	}
	out[o++] = '\'';
	if (cut) {
		memcpy(out + o, "...", 3);
		o += 3;
	}
	out[o] = '\0';
}

const char *diag_quote(const char *s, size_t len)
{
	static char buf[4][300];
	static int which;
	char *out = buf[which++ & 3];
	int cut = len > 60;

	quote(out, s, cut ? 60 : len, cut);
	return out;
}

char *diag_quote_all(const char *s)
{
	size_t len = strlen(s);
	char *out = xmalloc(4 * len + 6);

	quote(out, s, len, 0);
	return out;
}
