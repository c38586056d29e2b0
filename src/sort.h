/* sort: the one array sort of annogrind, a merge sort: n log n comparisons whatever the input. */
#ifndef ANNOGRIND_SORT_H
#define ANNOGRIND_SORT_H

#include <stddef.h>

/*
 * Sort n elements of size bytes at base, like qsort(3), but with at most
 * about n log2 n comparisons for any input (a quicksort can be driven to
 * n^2 by a crafted profile) and stable.  Takes n/2 elements of scratch
 * memory.  cmp must be a total order for the output not to depend on the
 * input's order: annogrind's comparators end with the name.
 */
void sort_array(void *base, size_t n, size_t size, int (*cmp)(const void *, const void *));
/*
 * The same with a context passed to every comparison (as qsort_r(3) of
 * glibc): what the order depends on (the report, its sort events) goes
 * in ctx, not in a variable of the file.
 */
void sort_array_r(void *base, size_t n, size_t size,
		  int (*cmp)(const void *, const void *, void *), void *ctx);

#endif
