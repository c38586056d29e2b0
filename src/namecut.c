/* namecut: long names cut once the output has written many of their bytes (namecut.h). */
#include "namecut.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "ptrmap.h"

/*
 * The long names written whole, with their lengths: at most one entry per
 * long name of the profile (each took more than NAMECUT_LONG bytes of it).
 */
static struct ptrmap seen;
static uint64_t spent, per_byte;
static int per_byte_set;

/* ANNOGRIND_NAME_BUDGET: decimal digits, else the default (tests show the cut on small profiles). */
static uint64_t budget_per_byte(void)
{
	const char *e = getenv("ANNOGRIND_NAME_BUDGET");
	uint64_t v = 0;

	if (!e || !*e || strlen(e) > 6 || strspn(e, "0123456789") != strlen(e))
		return NAMECUT_PER_BYTE;
	for (; *e; e++)
		v = v * 10 + (uint64_t)(*e - '0');
	return v;
}

size_t namecut(const char *s, size_t *len)
{
	uint64_t budget, *e;
	size_t n, k;

	if (!per_byte_set) {
		per_byte = budget_per_byte();
		per_byte_set = 1;
	}
	budget = mem_input_bytes() * per_byte;

	if (spent <= budget) {
		n = strlen(s);
		spent += n;
		if (n > NAMECUT_LONG && !ptrmap_get(&seen, s))
			ptrmap_put(&seen, s, n);
		*len = n;
		return n;
	}
	/* past the budget: never read a long name to its end again */
	n = strnlen(s, NAMECUT_LONG + 1);
	if (n <= NAMECUT_LONG) {
		spent += n;
		*len = n;
		return n;
	}
	e = ptrmap_get(&seen, s);
	if (!e) {
		n = strlen(s);
		spent += n;
		ptrmap_put(&seen, s, n);
		*len = n;
		return n;
	}
	*len = (size_t)*e;
	k = NAMECUT_KEEP;
	while (k > 0 && ((unsigned char)s[k] & 0xc0) == 0x80)
		k--;
	spent += k;
	return k;
}

void namecut_marker(char buf[NAMECUT_MARKER_MAX], size_t len)
{
	snprintf(buf, NAMECUT_MARKER_MAX, "\xe2\x80\xa6[name cut: %zu bytes, see first row]", len);
}

void namecut_reset(void)
{
	ptrmap_free(&seen);
	spent = 0;
	per_byte_set = 0;
}
