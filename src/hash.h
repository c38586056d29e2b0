/* hash: uthash, configured to allocate through xmalloc and die through xalloc_die. */
#ifndef ANNOGRIND_HASH_H
#define ANNOGRIND_HASH_H

#include "arena.h"

#define uthash_malloc(sz) xmalloc(sz)
#define uthash_free(ptr, sz) free(ptr)
#define uthash_fatal(msg) xalloc_die()
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/*
 * The hash of interned names: eight bytes a step (Jenkins' one-at-a-time
 * rounds took a fifth of the time of reading a profile's names), then a
 * full avalanche so the low bits uthash uses for buckets are good.
 */
static inline unsigned ag_hash_bytes(const void *key, size_t len)
{
	const unsigned char *s = key;
	uint64_t h = 0x9E3779B97F4A7C15ull ^ len, w;

	for (; len >= 8; s += 8, len -= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * 0xC2B2AE3D27D4EB4Full;
		h ^= h >> 29;
	}
	w = 0;
	memcpy(&w, s, len);
	h = (h ^ w) * 0xC2B2AE3D27D4EB4Full;
	h ^= h >> 33;
	h *= 0xFF51AFD7ED558CCDull;
	h ^= h >> 33;
	h *= 0xC4CEB9FE1A85EC53ull;
	h ^= h >> 33;
	return (unsigned)h;
}

#define HASH_FUNCTION(keyptr, keylen, hashv) ((hashv) = ag_hash_bytes((keyptr), (size_t)(keylen)))
#include <uthash.h>

#endif
