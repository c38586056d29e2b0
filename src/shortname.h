/* shortname: long C++ names made short enough to draw (call graphs, flame graphs). */
#ifndef ANNOGRIND_SHORTNAME_H
#define ANNOGRIND_SHORTNAME_H

#include <stddef.h>

/*
 * A name longer than max characters loses, in this order until it fits,
 * its parameter lists ("f(int, char const*)" -> "f(…)", an empty "()"
 * stays) and then its template arguments ("std::vector<int>" ->
 * "std::vector<…>"); "operator<", "operator()" and the like and
 * "(anonymous namespace)" are left alone.  The result may still be longer
 * than max.  Returns a malloc'ed string (the caller frees it); "…" is
 * U+2026 in UTF-8.
 */
char *shortname(const char *name, size_t max);

/*
 * name cut into lines of at most width characters, after "::", ", " or a
 * space where it can, else anywhere (never inside a UTF-8 sequence);
 * sep goes between lines.  Returns a malloc'ed string.
 */
char *shortname_wrap(const char *name, size_t width, const char *sep);

/* path, when longer than max characters, as "…" and its last ones (from a '/' if near). */
char *shortname_path(const char *path, size_t max);

/* Characters (UTF-8 sequences; other bytes count one each) in s. */
size_t shortname_len(const char *s);

#endif
