/* test_hash: the keyed hash (SipHash against its published vector, the key from the environment), the merge sort, and memory charges. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "hash.h"
#include "profile.h"
#include "sort.h"
#include "suites.h"

START_TEST(siphash_vector)
{
	/* SipHash-2-4 of bytes 00..0e under key 00..0f: 0xa129ca6149be45e5
	 * (Aumasson and Bernstein, "SipHash: a fast short-input PRF",
	 * appendix A); the same rounds make SipHash-1-3. */
	unsigned char msg[15];
	uint64_t k0 = 0, k1 = 0;
	int i;

	for (i = 0; i < 15; i++)
		msg[i] = (unsigned char)i;
	for (i = 0; i < 8; i++) {
		k0 |= (uint64_t)i << (8 * i);
		k1 |= (uint64_t)(i + 8) << (8 * i);
	}
	ck_assert_uint_eq(hash_siphash(msg, 15, k0, k1, 2, 4), 0xa129ca6149be45e5ull);
	/* the empty message: 0x726fdb47dd0e0e31 */
	ck_assert_uint_eq(hash_siphash(msg, 0, k0, k1, 2, 4), 0x726fdb47dd0e0e31ull);
}
END_TEST

START_TEST(keyed)
{
	uint64_t a, b, c, d;
	uint64_t saved[4];

	memcpy(saved, hash_keys, sizeof(saved));
	hash_seed(1);
	a = hash_bytes("main", 4);
	c = hash_u64(42);
	hash_seed(2);
	b = hash_bytes("main", 4);
	d = hash_u64(42);
	ck_assert_uint_ne(a, b);	/* another key, another bucket */
	ck_assert_uint_ne(c, d);
	hash_seed(1);
	ck_assert_uint_eq(hash_bytes("main", 4), a);	/* the same key, the same hash */
	ck_assert_uint_eq(hash_u64(42), c);
	memcpy(hash_keys, saved, sizeof(saved));
}
END_TEST

struct item {
	unsigned key, seq;
};

static int item_cmp(const void *x, const void *y)
{
	const struct item *a = x, *b = y;
	return a->key < b->key ? -1 : a->key > b->key;
}

static long ncmp;

static int counting_cmp(const void *x, const void *y)
{
	ncmp++;
	return item_cmp(x, y);
}

/* Sorted by key, equal keys in their first order (the sort is stable). */
static void check_sorted(const struct item *v, size_t n)
{
	size_t i;
	for (i = 1; i < n; i++) {
		ck_assert_uint_le(v[i - 1].key, v[i].key);
		if (v[i - 1].key == v[i].key)
			ck_assert_uint_lt(v[i - 1].seq, v[i].seq);
	}
}

START_TEST(sort_shapes)
{
	size_t n = 10000, i, shape;
	struct item *v = malloc(n * sizeof(*v));
	unsigned x = 12345;

	for (shape = 0; shape < 6; shape++) {
		for (i = 0; i < n; i++) {
			x = x * 1103515245u + 12345u;
			v[i].seq = (unsigned)i;
			switch (shape) {
			case 0: v[i].key = x >> 8; break;		/* random */
			case 1: v[i].key = (unsigned)i; break;		/* sorted */
			case 2: v[i].key = (unsigned)(n - i); break;	/* reversed */
			case 3: v[i].key = 7; break;			/* all equal */
			case 4: v[i].key = (x >> 8) % 3; break;		/* few values */
			default: v[i].key = (unsigned)(i % 2 ? i : n - i); break;	/* organ pipe */
			}
		}
		ncmp = 0;
		sort_array(v, n, sizeof(*v), counting_cmp);
		check_sorted(v, n);
		/* n log2 n = 133,000 for n = 10,000: a merge sort stays under it */
		ck_assert_int_le(ncmp, 140000);
	}
	sort_array(v, 0, sizeof(*v), item_cmp);
	sort_array(v, 1, sizeof(*v), item_cmp);
	free(v);
}
END_TEST

/* A profile loaded and released gives back every byte it charged (arena.h). */
START_TEST(mem_charges)
{
	struct profile p;
	size_t before = mem_charged();

	ck_assert_int_eq(unit_load(&p, "events: Ir Dr\nfl=a.c\nfn=main\n1 1 2\n2 3\n"
				      "cfn=f\ncalls=1 5\n5 4\nfn=f\n5 4\n"), 0);
	ck_assert_uint_gt(mem_charged(), before);
	profile_seal(&p);
	ck_assert_uint_gt(mem_charged(), before);
	profile_release(&p);
	ck_assert_uint_eq(mem_charged(), before);
}
END_TEST

Suite *hash_suite(void)
{
	Suite *s = suite_create("hash");
	TCase *tc = tcase_create("hash");
	tcase_add_test(tc, siphash_vector);
	tcase_add_test(tc, keyed);
	tcase_add_test(tc, sort_shapes);
	tcase_add_test(tc, mem_charges);
	suite_add_tcase(s, tc);
	return s;
}
