/* pattern: how --limit, --focus, --ignore and --hide pick functions by name. */
#include "pattern.h"

#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

static int hit(const char *pattern, const char *s)
{
	return !strcmp(pattern, s) || !fnmatch(pattern, s, 0);
}

/*
 * Has pattern a FILE part, a ':' that is not half of a C++ "::"?  Only
 * then do the suffixes count: "parse*" picks functions named parse..., not
 * every function of a file /src/parse.c.
 */
static int file_part(const char *pattern)
{
	const char *c;

	for (c = strchr(pattern, ':'); c; c = strchr(c + 1, ':')) {
		if (c[1] == ':') {
			c++;
			continue;
		}
		return 1;
	}
	return 0;
}

int pattern_match(const char *pattern, const char *file, const char *name)
{
	char buf[512], *full = buf;
	size_t fl = strlen(file), nl = strlen(name), i;
	int found;

	if (hit(pattern, name))
		return 1;
	if (fl + nl + 2 > sizeof(buf))
		full = xmalloc(fl + nl + 2);
	memcpy(full, file, fl);
	full[fl] = ':';
	memcpy(full + fl + 1, name, nl + 1);
	found = hit(pattern, full);
	/*
	 * The file as a path relative to any folder of it: the folder a
	 * profile was made in, or the one annogrind runs in, should not
	 * decide whether "shapes.cpp:main" picks a function.
	 */
	for (i = 0; !found && file_part(pattern) && i < fl; i++)
		if (full[i] == '/' && i + 1 < fl)
			found = hit(pattern, full + i + 1);
	if (full != buf)
		free(full);
	return found;
}
