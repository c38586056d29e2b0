/* sort: the one array sort of annogrind, a merge sort: n log n comparisons whatever the input. */
#include "sort.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"

#define SMALL 8		/* runs this short are sorted by insertion */

typedef int (*cmp_fn)(const void *, const void *, void *);

static void insertion(char *b, size_t n, size_t sz, cmp_fn cmp, void *ctx, char *x)
{
	size_t i, k;

	for (i = 1; i < n; i++) {
		if (cmp(b + (i - 1) * sz, b + i * sz, ctx) <= 0)
			continue;
		memcpy(x, b + i * sz, sz);
		for (k = i; k > 0 && cmp(b + (k - 1) * sz, x, ctx) > 0; k--)
			memcpy(b + k * sz, b + (k - 1) * sz, sz);
		memcpy(b + k * sz, x, sz);
	}
}

/* Sort b[0..n); tmp holds at least max(n/2, 1) elements. */
static void msort(char *b, size_t n, size_t sz, cmp_fn cmp, void *ctx, char *tmp)
{
	size_t h = n / 2;
	char *l, *le, *r, *re, *o;

	if (n <= SMALL) {
		insertion(b, n, sz, cmp, ctx, tmp);
		return;
	}
	msort(b, h, sz, cmp, ctx, tmp);
	msort(b + h * sz, n - h, sz, cmp, ctx, tmp);
	if (cmp(b + (h - 1) * sz, b + h * sz, ctx) <= 0)
		return;		/* already in order (sorted input: n comparisons) */
	/* the left half goes aside, then both merge into place, ties from the left */
	memcpy(tmp, b, h * sz);
	l = tmp;
	le = tmp + h * sz;
	r = b + h * sz;
	re = b + n * sz;
	o = b;
	while (l < le && r < re) {
		if (cmp(r, l, ctx) < 0) {
			memcpy(o, r, sz);
			r += sz;
		} else {
			memcpy(o, l, sz);
			l += sz;
		}
		o += sz;
	}
	memcpy(o, l, (size_t)(le - l));	/* what is left of the right half is in place */
}

void sort_array_r(void *base, size_t n, size_t size,
		  int (*cmp)(const void *, const void *, void *), void *ctx)
{
	char *tmp;

	if (n < 2 || !size)
		return;
	tmp = xmalloc((n / 2 + 1) * size);
	msort(base, n, size, cmp, ctx, tmp);
	free(tmp);
}

/* sort_array()'s comparator, called through sort_array_r() */
struct plain {
	int (*cmp)(const void *, const void *);
};

static int plain_cmp(const void *a, const void *b, void *ctx)
{
	return ((const struct plain *)ctx)->cmp(a, b);
}

void sort_array(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
	struct plain pl = { cmp };

	sort_array_r(base, n, size, plain_cmp, &pl);
}
