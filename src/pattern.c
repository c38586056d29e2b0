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
