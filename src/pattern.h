/* pattern: how --limit, --focus, --ignore and --hide pick functions by name. */
#ifndef ANNOGRIND_PATTERN_H
#define ANNOGRIND_PATTERN_H

#include <stddef.h>

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
 * exactly the functions of that name: pattern_match() is strcmp(), and
 * pattern_picks() is pattern_plain_picks().
 */
int pattern_name_only(const char *pattern);

/*
 * Does pattern pick the function name of file in object obj?  It does when
 * pattern_match() picks it by its name or, when contexts is set (a
 * Callgrind profile's names), by its name without its caller context
 * (--separate-callers: "f'g'h" as "f", "fib'2'main" as "fib'2"), the
 * recursion level kept: "fib" picks the activations not entered while fib
 * runs, in all their contexts, none of which runs inside another.  A pattern "FUNCTION [OBJECT]", as the reports
 * write a function, picks it when FUNCTION does so and OBJECT is obj,
 * matches it as a glob, or is the end of its path after a '/' (the object
 * "libfoo.so.6" picks /usr/lib/libfoo.so.6).
 */
int pattern_picks(const char *pattern, const char *file, const char *name, const char *obj,
		  int contexts);

/* pattern_picks() for a plain name (pattern_name_only()), quickly. */
int pattern_plain_picks(const char *plain, const char *name, int contexts);

/*
 * Where Callgrind's name of a function may be cut to another name of it:
 * *ctx is the length of name without its caller context, *base without
 * its recursion level too (both strlen(name) when it has neither).
 */
void pattern_name_cuts(const char *name, size_t *ctx, size_t *base);

#endif
