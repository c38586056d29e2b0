/* numfmt: numbers as callgrind_annotate prints them (thousands separators, percentages). */
#ifndef ANNOGRIND_NUMFMT_H
#define ANNOGRIND_NUMFMT_H

#include <stddef.h>
#include <stdint.h>

/* Decimal digits of v with a ',' every three; buf holds at least 27 bytes.  Returns the length. */
size_t numfmt_commify(uint64_t v, char *buf);
/* Number of characters numfmt_commify() would write. */
size_t numfmt_width(uint64_t v);
/* The same for a count that is signed (two's complement) when sgn is set: "-1,234". */
size_t numfmt_commify_as(uint64_t v, int sgn, char *buf);
size_t numfmt_width_as(uint64_t v, int sgn);
/* " (12.34%)" (or " (100.0%)" from 99.995 up); buf holds at least 32 bytes. */
size_t numfmt_perc(double perc, char *buf);

#endif
