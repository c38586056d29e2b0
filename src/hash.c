/* hash: keyed hashes that crafted names and numbers cannot flood, and uthash configured to use them. */
#include "hash.h"

#include <endian.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

uint64_t hash_keys[4];

static uint64_t splitmix(uint64_t *s)
{
	uint64_t x = (*s += 0x9E3779B97F4A7C15ull);
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
	x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
	return x ^ (x >> 31);
}

void hash_seed(uint64_t seed)
{
	size_t i;

	for (i = 0; i < 4; i++)
		hash_keys[i] = splitmix(&seed);
}

/*
 * The key: ANNOGRIND_HASH_SEED when set (a number, decimal or 0x hex),
 * else 8 random bytes from the kernel.  Without getrandom(2) (an old
 * kernel, a sandbox), the time, the process id and where the stack is
 * (address space randomisation) still differ from run to run.
 */
__attribute__((constructor)) static void hash_init(void)
{
	const char *env = getenv("ANNOGRIND_HASH_SEED");
	uint64_t seed = 0;
	struct timespec ts;
	ssize_t r;

	if (env && *env) {
		char *end;
		errno = 0;
		seed = strtoull(env, &end, 0);
		if (!*end && !errno) {
			hash_seed(seed);
			return;
		}
		seed = hash_siphash(env, strlen(env), 0, 0, 1, 3);	/* any text fixes it too */
		hash_seed(seed);
		return;
	}
	do
		r = getrandom(&seed, sizeof(seed), GRND_NONBLOCK);
	while (r < 0 && errno == EINTR);
	if (r != (ssize_t)sizeof(seed)) {
		clock_gettime(CLOCK_REALTIME, &ts);
		seed = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 30) ^
		       ((uint64_t)getpid() << 16) ^ (uint64_t)(uintptr_t)&ts;
	}
	hash_seed(seed);
}

#define ROTL(x, b) (((x) << (b)) | ((x) >> (64 - (b))))
#define SIPROUND do {							\
		v0 += v1; v1 = ROTL(v1, 13); v1 ^= v0; v0 = ROTL(v0, 32);	\
		v2 += v3; v3 = ROTL(v3, 16); v3 ^= v2;			\
		v0 += v3; v3 = ROTL(v3, 21); v3 ^= v0;			\
		v2 += v1; v1 = ROTL(v1, 17); v1 ^= v2; v2 = ROTL(v2, 32);	\
	} while (0)

/* SipHash (Aumasson and Bernstein), words read little-endian. */
static inline uint64_t siphash(const unsigned char *s, size_t len, uint64_t k0, uint64_t k1,
			       int crounds, int drounds)
{
	uint64_t v0 = k0 ^ 0x736f6d6570736575ull, v1 = k1 ^ 0x646f72616e646f6dull;
	uint64_t v2 = k0 ^ 0x6c7967656e657261ull, v3 = k1 ^ 0x7465646279746573ull;
	uint64_t m, b = (uint64_t)len << 56;
	size_t left = len & 7, i;
	int r;

	for (; len >= 8; s += 8, len -= 8) {
		memcpy(&m, s, 8);
		m = le64toh(m);
		v3 ^= m;
		for (r = 0; r < crounds; r++)
			SIPROUND;
		v0 ^= m;
	}
	for (i = 0; i < left; i++)
		b |= (uint64_t)s[i] << (8 * i);
	v3 ^= b;
	for (r = 0; r < crounds; r++)
		SIPROUND;
	v0 ^= b;
	v2 ^= 0xff;
	for (r = 0; r < drounds; r++)
		SIPROUND;
	return v0 ^ v1 ^ v2 ^ v3;
}

uint64_t hash_siphash(const void *key, size_t len, uint64_t k0, uint64_t k1,
		      int crounds, int drounds)
{
	return siphash(key, len, k0, k1, crounds, drounds);
}

uint64_t hash_bytes(const void *key, size_t len)
{
	return siphash(key, len, hash_keys[0], hash_keys[1], 1, 3);
}
