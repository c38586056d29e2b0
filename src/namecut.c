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
static uint64_t spent, per_byte = NAMECUT_PER_BYTE;

size_t namecut(const char *s, size_t *len)
{
	uint64_t budget = mem_input_bytes() * per_byte;
	uint64_t *e;
	size_t n, k;

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

void namecut_reset(uint64_t pb)
{
	ptrmap_free(&seen);
	spent = 0;
	per_byte = pb;
}
