/* pattern: how --limit, --focus, --ignore and --hide pick functions by name. */
#ifndef ANNOGRIND_PATTERN_H
#define ANNOGRIND_PATTERN_H

/*
 * Does pattern pick the function name of file?  It does when the name, or
 * "file:name", equals pattern or matches it as an fnmatch(3) glob (without
 * flags: '*' matches '/' and ':' too), and, when pattern has a FILE part
 * (a ':' that is not half of a C++ "::"), also when "SUFFIX:name" does,
 * SUFFIX the end of file after a '/' with as many '/' in it as the FILE
 * part has (one more match however deep the path): so "shapes.cpp:main" picks
 * /home/me/work/shapes.cpp:main, whatever folder the profile was made or
 * read in, but not myshapes.cpp:main, and "parse*" picks functions by
 * name, not every function of /src/parse.c.  Names of any length.
 */
int pattern_match(const char *pattern, const char *file, const char *name);

/*
 * Is pattern a plain name (no glob character, no ':')?  Then it picks
 * exactly the functions of that name: pattern_match() is strcmp().
 */
int pattern_name_only(const char *pattern);

#endif
