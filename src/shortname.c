/* shortname: long C++ names made short enough to draw (call graphs, flame graphs). */
#include "shortname.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"

#define ELLIPSIS "\xe2\x80\xa6"

size_t shortname_len(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
}

static int ident(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '$' || (c & 0x80);
}

/* Where the group opened at s[i] (open) closes, or 0 when it does not. */
static size_t closing(const char *s, size_t i, char open, char close)
{
	size_t depth = 0;
	for (; s[i]; i++) {
		if (s[i] == open) {
			depth++;
		} else if (s[i] == close) {
			if (!--depth)
				return i;
		} else if (open == '<' && s[i] == '(') {
			/* inside parentheses '<' and '>' are not brackets */
			size_t j = closing(s, i, '(', ')');
			if (!j)
				return 0;
			i = j;
		}
	}
	return 0;
}

/* One pass: collapse the groups opened by open (after a name) to open…close. */
static char *collapse(const char *s, char open, char close)
{
	size_t n = strlen(s), i = 0, o = 0;
	char *out = xmalloc(n + 1);	/* a group is cut only when that makes it shorter */

	int after_op = 0;	/* "operator< <int>": the space before template arguments */

	while (s[i]) {
		if (!strncmp(s + i, "operator", 8) && (i == 0 || !ident((unsigned char)s[i - 1])) &&
		    !ident((unsigned char)s[i + 8])) {
			/* the operator's own symbols are not brackets */
			size_t k = 0;
			memcpy(out + o, "operator", 8);
			o += 8;
			i += 8;
			if (s[i] == '(' && s[i + 1] == ')') {
				memcpy(out + o, "()", 2);
				o += 2;
				i += 2;
				after_op = 1;
				continue;
			}
			/* the longest operator followed by what can follow one */
			for (k = 3; k > 0; k--) {
				size_t m;
				for (m = 0; m < k && s[i + m] && strchr("<>=!+-*/%^&|~,[]", s[i + m]); m++)
					;
				if (m == k && (!s[i + k] || strchr("(< ", s[i + k])))
					break;
			}
			memcpy(out + o, s + i, k);
			o += k;
			i += k;
			if (s[i] == ' ' && s[i + 1] == '<') {
				out[o++] = s[i++];
				after_op = 1;
			}
			continue;
		}
		if (s[i] == open && i > 0 &&
		    (ident((unsigned char)s[i - 1]) || s[i - 1] == '>' || s[i - 1] == ']' || after_op)) {
			size_t j = closing(s, i, open, close);
			if (j && j > i + 4) {	/* more than the 3 bytes of the ellipsis inside */
				out[o++] = open;
				memcpy(out + o, ELLIPSIS, 3);
				o += 3;
				out[o++] = close;
				i = j + 1;
				continue;
			}
		}
		after_op = 0;
		out[o++] = s[i++];
	}
	out[o] = '\0';
	return out;
}

char *shortname(const char *name, size_t max)
{
	char *a, *b;

	if (shortname_len(name) <= max)
		return xstrdup(name);
	a = collapse(name, '(', ')');
	if (shortname_len(a) <= max)
		return a;
	b = collapse(a, '<', '>');
	free(a);
	return b;
}

char *shortname_wrap(const char *name, size_t width, const char *sep)
{
	size_t n = strlen(name), seplen = strlen(sep), i = 0, o = 0;
	char *out = xmalloc(n + (n + 1) * seplen + 1);

	if (!width)
		width = 1;
	while (i < n) {
		size_t j = i, chars = 0, brk = 0, brk_space = 0;
		/* the longest piece of at most width characters, and its last break */
		while (j < n) {
			size_t step = 1;
			while (j + step < n && ((unsigned char)name[j + step] & 0xc0) == 0x80)
				step++;
			if (chars == width)
				break;
			j += step;
			chars++;
			if (j < n && name[j - 1] == ' ')
				brk_space = j;
			else if (j < n && ((name[j - 1] == ':' && j >= 2 && name[j - 2] == ':') ||
					   (name[j - 1] == ',' && name[j] == ' ')))
				brk = j;
		}
		/* a space is the better place, then "::" or ", " */
		if (j < n && brk_space > i + width / 4)
			j = brk_space;
		else if (j < n && brk > i + width / 4)
			j = brk;
		if (j < n && name[j] == ' ' && j + 1 < n)
			j++;	/* a line does not start with a space */
		memcpy(out + o, name + i, j - i);
		o += j - i;
		if (j < n && o > 0 && out[o - 1] == ' ')
			o--;	/* nor ends with one */
		i = j;
		if (i < n) {
			memcpy(out + o, sep, seplen);
			o += seplen;
		}
	}
	out[o] = '\0';
	return out;
}

/* a path that starts inside a UTF-8 sequence: counted from its start */
static char *shortname_path_slow(const char *path, size_t max)
{
	size_t n = strlen(path), len = shortname_len(path);
	const char *t = path;
	char *out;

	if (len <= max || max < 2)
		return xstrdup(path);
	/* skip characters until max - 1 are left, then to the next '/' if one is near */
	while (len > max - 1) {
		t++;
		while (((unsigned char)*t & 0xc0) == 0x80)
			t++;
		len--;
	}
	if (strchr(t, '/') && strchr(t, '/') < t + (max - 1) / 2)
		t = strchr(t, '/');
	out = xmalloc(3 + (size_t)(path + n - t) + 1);
	memcpy(out, ELLIPSIS, 3);
	memcpy(out + 3, t, (size_t)(path + n - t) + 1);
	return out;
}

char *shortname_path(const char *path, size_t max)
{
	size_t n = strlen(path), tail = 0;
	const char *t = path + n, *slash;
	char *out;

	if (max < 2)
		return xstrdup(path);
	/*
	 * the last max - 1 characters, found from the end: a path of 100 KB
	 * drawn on every node is not counted to its start each time
	 */
	while (t > path && tail < max) {
		t--;
		if (((unsigned char)*t & 0xc0) != 0x80)
			tail++;
	}
	if (t == path)
		return xstrdup(path);	/* all counted: max characters or fewer */
	if (((unsigned char)*path & 0xc0) == 0x80)
		return shortname_path_slow(path, max);
	/* t is the character before the last max - 1: step past it */
	t++;
	while (((unsigned char)*t & 0xc0) == 0x80)
		t++;
	/* then to the next '/' if one is near */
	slash = memchr(t, '/', (size_t)(path + n - t));
	if (slash && slash < t + (max - 1) / 2)
		t = slash;
	out = xmalloc(3 + (size_t)(path + n - t) + 1);
	memcpy(out, ELLIPSIS, 3);
	memcpy(out + 3, t, (size_t)(path + n - t) + 1);
	return out;
}
