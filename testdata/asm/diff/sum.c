/*
 * sum.c: the program of the machine-code comparison (golden asm_diff_*,
 * tests/diff-asm-check.py), built twice:
 *
 *   gcc -O1 -g -fno-inline -fno-pie -no-pie -o sum-O1 sum.c
 *   gcc -O2 -g -fno-inline -fno-pie -no-pie -o sum-O2 sum.c
 *   valgrind --tool=callgrind --dump-instr=yes ./sum-O1 (and ./sum-O2)
 *
 * and profiled twice more as one build at two sizes (./sum-O2 and
 * ./sum-O2 big).  total() sums N values with a branch per value.
 */
#include <stdio.h>

#define N 3000

static int v[3 * N];

__attribute__((noinline)) long total(const int *a, int n)
{
	long s = 0;

	for (int i = 0; i < n; i++)
		if (a[i] % 3)
			s += a[i];
	return s;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? 3 * N : N;

	(void)argv;
	for (int i = 0; i < n; i++)
		v[i] = (i * 7919) % 1009;
	printf("%ld\n", total(v, n));
	return 0;
}
