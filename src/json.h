/* json: a small JSON writer on an outbuf: strings, names, counts and arrays of costs. */
#ifndef ANNOGRIND_JSON_H
#define ANNOGRIND_JSON_H

#include <stddef.h>
#include <stdint.h>

struct cc;
struct outbuf;
struct profile;

/*
 * A JSON string, null for NULL.  A byte that is not valid UTF-8 is taken
 * as Latin-1; besides what JSON requires, every character escape.h
 * escapes on a terminal is written as \uXXXX, so the output is safe on a
 * terminal and decodes to the same string.
 */
void json_str(struct outbuf *out, const char *s);
/*
 * With on, json_str() and json_name() also write '<', '>', '&', U+2028 and
 * U+2029 as \uXXXX: the JSON can then sit in an HTML <script> element
 * (report_html.c), where "</script>" or "<!--" would end or change it.
 */
void json_html_safe(int on);
/* The same for a name the profile holds, cut as report_name() cuts it (namecut.h). */
void json_name(struct outbuf *out, const char *s);
/* A count; with sgn (Cachegrind's signed counts) a negative one is written so. */
void json_count(struct outbuf *out, uint64_t v, int sgn);
/* An array of the n counts v[0..n), sep between them (",", or ", "), signed with sgn. */
void json_counts(struct outbuf *out, const uint64_t *v, size_t n, int sgn, const char *sep);
/* The change b - a of two counts, "-" before its size when b < a (read signed with sgn). */
void json_change(struct outbuf *out, uint64_t a, uint64_t b, int sgn);
/* The changes b[i] - a[i] of n counts as an array, ", " between them. */
void json_changes(struct outbuf *out, const uint64_t *a, const uint64_t *b, size_t n, int sgn);
/* An address as a string: "0x1a2b". */
void json_hex(struct outbuf *out, uint64_t v);
/* c as an array of p's events, null where c defines none (or c is NULL). */
void json_cost(struct outbuf *out, const struct profile *p, const struct cc *c);
/* The "events" array of p (name, long name and formula of each). */
void json_events(struct outbuf *out, const struct profile *p);

#endif
