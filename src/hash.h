/* hash: keyed hashes that crafted names and numbers cannot flood, and uthash configured to use them. */
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
 * Every hash table of annogrind (uthash's and the open-addressing indexes
 * of profile.c) hashes with a key chosen at random for each process
 * (getrandom(2)), so a profile cannot be made of names or line numbers
 * that all land in one bucket: without the key, which bucket a name goes
 * to cannot be known in advance.  Nothing printed depends on the key
 * (renderers sort, with ties broken by name).  ANNOGRIND_HASH_SEED=N in
 * the environment fixes the key (tests run with two keys and compare).
 *
 * The keys are set before main() runs; hash_seed() sets them again (tests).
 */
extern uint64_t hash_keys[4];
void hash_seed(uint64_t seed);

/* SipHash-1-3 of len bytes, keyed with hash_keys[0..1]. */
uint64_t hash_bytes(const void *key, size_t len);
/* SipHash-c-d with the given 128-bit key, for testing against published values. */
uint64_t hash_siphash(const void *key, size_t len, uint64_t k0, uint64_t k1,
		      int crounds, int drounds);

/* The 128-bit product of a and b, its halves folded together. */
static inline uint64_t hash_fold(uint64_t a, uint64_t b)
{
	__uint128_t r = (__uint128_t)a * b;
	return (uint64_t)r ^ (uint64_t)(r >> 64);
}

/*
 * Three words (pointers, line numbers) to 64 bits, keyed: two folded
 * multiplications, as wyhash does, with the words hidden under key words.
 */
static inline uint64_t hash_words(uint64_t a, uint64_t b, uint64_t c)
{
	uint64_t h = hash_fold(a ^ hash_keys[2], b ^ hash_keys[3]);
	return hash_fold(h ^ hash_keys[0], c ^ hash_keys[1]);
}

static inline uint64_t hash_u64(uint64_t x)
{
	return hash_words(x, (x << 32) | (x >> 32), 0);
}

/*
 * uthash's keys: names through SipHash; the keys of one or two words
 * (pointers, line numbers: the writer's and the diff's indexes) through
 * hash_words(), a few times faster.
 */
static inline uint64_t hash_key(const void *key, size_t len)
{
	uint64_t w[2];

	if (len == 8 || len == 16) {
		memcpy(w, key, len);
		return hash_words(w[0], len == 16 ? w[1] : 0, len);
	}
	return hash_bytes(key, len);
}

#define HASH_FUNCTION(keyptr, keylen, hashv) \
	((hashv) = (unsigned)hash_key((keyptr), (size_t)(keylen)))
#include <uthash.h>

#endif
