/* ptrmap: a map from addresses to values, for names the profile holds. */
#ifndef ANNOGRIND_PTRMAP_H
#define ANNOGRIND_PTRMAP_H
#include <stddef.h>
#include <stdint.h>

/*
 * Interned names are one address each, so what was worked out for a name
 * (its length, its hash, its copy in another profile) can be found again
 * by its address instead of by reading it: a name of 100 KB used by every
 * function is then read once, not once per function.  Open addressing;
 * addresses are not chosen by the profile, so a fixed multiplier spreads
 * them.  Zero-initialize; ptrmap_free() gives the memory back.
 */
struct ptrmap {
	struct ptrmap_slot {
		const void *key;
		uint64_t val;
	} *slot;
	size_t cap, n;
};
/* The value of key, or NULL when it has none. */
uint64_t *ptrmap_get(const struct ptrmap *m, const void *key);
/* Set the value of key (not NULL). */
void ptrmap_put(struct ptrmap *m, const void *key, uint64_t val);
void ptrmap_free(struct ptrmap *m);
#endif
