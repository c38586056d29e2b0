/* pattern: how --limit, --focus, --ignore and --hide pick functions by name. */
#include "pattern.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

/*
 * Does s match pattern, exactly or as a glob?  A pattern without fnmatch's
 * special characters matches only itself: no call to fnmatch, which costs
 * more than the rest of a view's matching (a glob is tried on every
 * function of the profile).
 */
static int hit(const char *pattern, int glob, const char *s)
{
	return !strcmp(pattern, s) || (glob && !fnmatch(pattern, s, 0));
}

/*
 * The FILE part of pattern: up to its first ':' that is not half of a C++
 * "::" (its length), or -1 when it has none: "parse*" picks functions
 * named parse..., not every function of a file /src/parse.c.
 */
static long file_part(const char *pattern)
{
	const char *c;

	for (c = strchr(pattern, ':'); c; c = strchr(c + 1, ':')) {
		if (c[1] == ':') {
			c++;
			continue;
		}
		return c - pattern;
	}
	return -1;
}

int pattern_name_only(const char *pattern)
{
	return !strpbrk(pattern, "*?[\\:");
}

void pattern_name_cuts(const char *name, size_t *ctx, size_t *base)
{
	const char *q = strchr(name, '\''), *d;

	*ctx = *base = strlen(name);
	if (!q)
		return;
	*ctx = *base = (size_t)(q - name);
	for (d = q + 1; *d >= '0' && *d <= '9'; d++)
		;
	/* a recursion level comes first, right after the name: "fib'2", "fib'2'main" */
	if (d > q + 1 && (!*d || *d == '\''))
		*ctx = (size_t)(d - name);
}

int pattern_plain_picks(const char *plain, const char *name, int contexts)
{
	size_t len, ctx, base;

	if (plain[0] != name[0])
		return 0;
	if (!strcmp(plain, name))
		return 1;
	if (!contexts)
		return 0;
	len = strlen(plain);
	if (strncmp(plain, name, len) || name[len] != '\'')
		return 0;
	pattern_name_cuts(name, &ctx, &base);
	return len == ctx;
}

/* pattern_match() on name cut to len bytes. */
static int match_cut(const char *pattern, const char *file, const char *name, size_t len)
{
	char buf[256], *s = len < sizeof(buf) ? buf : xmalloc(len + 1);
	int found;

	memcpy(s, name, len);
	s[len] = '\0';
	found = pattern_match(pattern, file, s);
	if (s != buf)
		free(s);
	return found;
}

/* pattern_picks() without an object part. */
static int picks_name(const char *pattern, const char *file, const char *name, int contexts)
{
	size_t ctx, base, len;

	if (pattern_match(pattern, file, name))
		return 1;
	if (!contexts || !strchr(name, '\''))
		return 0;
	len = strlen(name);
	pattern_name_cuts(name, &ctx, &base);
	return ctx < len && match_cut(pattern, file, name, ctx);
}

/* Does the OBJECT of "FUNCTION [OBJECT]" (len bytes at pat) pick obj? */
static int picks_obj(const char *pat, size_t len, const char *obj)
{
	char buf[256], *p = len < sizeof(buf) ? buf : xmalloc(len + 1);
	size_t i, slashes = 0;
	int glob, found;

	memcpy(p, pat, len);
	p[len] = '\0';
	glob = strpbrk(p, "*?[\\") != NULL;
	found = hit(p, glob, obj);
	for (i = 0; i < len; i++)
		slashes += p[i] == '/';
	/* the end of its path with as many '/' as OBJECT has */
	for (i = strlen(obj); !found && i > 0; i--) {
		if (obj[i - 1] != '/')
			continue;
		if (!slashes--) {
			found = hit(p, glob, obj + i);
			break;
		}
	}
	if (p != buf)
		free(p);
	return found;
}

int pattern_picks(const char *pattern, const char *file, const char *name, const char *obj,
		  int contexts)
{
	size_t len = strlen(pattern), open;
	char buf[256], *fn;
	int found;

	if (picks_name(pattern, file, name, contexts))
		return 1;
	/* "FUNCTION [OBJECT]": the last " [" of a pattern that ends with ']' */
	if (!obj || len < 4 || pattern[len - 1] != ']')
		return 0;
	for (open = len - 2; open > 0 && !(pattern[open] == '[' && pattern[open - 1] == ' '); open--)
		;
	if (!open || !picks_obj(pattern + open + 1, len - open - 2, obj))
		return 0;
	fn = open - 1 < sizeof(buf) ? buf : xmalloc(open);
	memcpy(fn, pattern, open - 1);
	fn[open - 1] = '\0';
	found = picks_name(fn, file, name, contexts);
	if (fn != buf)
		free(fn);
	return found;
}

int pattern_match(const char *pattern, const char *file, const char *name)
{
	char buf[512], *full = buf;
	size_t fl, nl, i, slashes = 0;
	long part;
	int found, glob = strpbrk(pattern, "*?[\\") != NULL;

	if (hit(pattern, glob, name))
		return 1;
	nl = strlen(name);
	if (!glob) {
		/* a literal FILE:NAME ends with ":" and the name, or nothing matches */
		size_t pl = strlen(pattern);
		if (pl <= nl || pattern[pl - nl - 1] != ':' || strcmp(pattern + pl - nl, name))
			return 0;
	}
	fl = strlen(file);
	if (fl + nl + 2 > sizeof(buf))
		full = xmalloc(fl + nl + 2);
	memcpy(full, file, fl);
	full[fl] = ':';
	memcpy(full + fl + 1, name, nl + 1);
	found = hit(pattern, glob, full);
	/*
	 * The file as a path relative to one of its folders: the folder a
	 * profile was made or is read in should not decide whether
	 * "shapes.cpp:main" picks a function.  Only the end of the path with as
	 * many '/' as the FILE part has is tried (one more match, whatever the
	 * depth of the path).
	 */
	part = file_part(pattern);
	if (!found && part >= 0) {
		for (i = 0; i < (size_t)part; i++)
			slashes += pattern[i] == '/';
		for (i = fl; i > 0; i--) {
			if (full[i - 1] != '/')
				continue;
			if (!slashes--) {
				if (i < fl)
					found = hit(pattern, glob, full + i);
				break;
			}
		}
	}
	if (full != buf)
		free(full);
	return found;
}
