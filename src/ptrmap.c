/* ptrmap: a map from addresses to values (ptrmap.h). */
#include "ptrmap.h"

#include <stdlib.h>

#include "arena.h"
#include "hash.h"

static size_t slot_of(const struct ptrmap *m, const void *key)
{
	return (size_t)hash_fold((uint64_t)(uintptr_t)key, 0x9e3779b97f4a7c15u) & (m->cap - 1);
}

uint64_t *ptrmap_get(const struct ptrmap *m, const void *key)
{
	size_t i;

	if (!m->cap)
		return NULL;
	for (i = slot_of(m, key); m->slot[i].key; i = (i + 1) & (m->cap - 1))
		if (m->slot[i].key == key)
			return &m->slot[i].val;
	return NULL;
}

void ptrmap_put(struct ptrmap *m, const void *key, uint64_t val)
{
	uint64_t *v = ptrmap_get(m, key);
	size_t i;

	if (v) {
		*v = val;
		return;
	}
	if (2 * (m->n + 1) > m->cap) {
		struct ptrmap_slot *old = m->slot;
		size_t k, oldcap = m->cap;

		m->cap = m->cap ? 2 * m->cap : 64;
		m->slot = xcalloc(m->cap, sizeof(*m->slot));
		for (k = 0; k < oldcap; k++)
			if (old[k].key) {
				for (i = slot_of(m, old[k].key); m->slot[i].key; i = (i + 1) & (m->cap - 1))
					;
				m->slot[i] = old[k];
			}
		free(old);
	}
	for (i = slot_of(m, key); m->slot[i].key; i = (i + 1) & (m->cap - 1))
		;
	m->slot[i].key = key;
	m->slot[i].val = val;
	m->n++;
}

void ptrmap_free(struct ptrmap *m)
{
	free(m->slot);
	m->slot = NULL;
	m->cap = m->n = 0;
}
