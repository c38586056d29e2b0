/*
 * loop.c: the program of the machine-code tests (--annotate=asm).
 *
 *   gcc -O2 -g -o loop loop.c
 *   valgrind --tool=callgrind --dump-instr=yes --collect-jumps=yes ./loop
 *
 * hash() runs its loop n times for n = LEN, LEN-1, ..., LEN-CALLS+1: the
 * loop's body runs CALLS*LEN - CALLS*(CALLS-1)/2 times in all, and its
 * back edge is taken once less per call.  With an argument, main() also
 * calls random() RANDOMS times, so that libc's random_r() is hot.
 */
#include <stdio.h>
#include <stdlib.h>

#include "mix.h"

#define LEN 20000
#define CALLS 10
#define RANDOMS 1000

static unsigned char buf[LEN];

__attribute__((noinline)) unsigned hash(const unsigned char *s, size_t n)
{
	unsigned h = 2166136261u;

	for (size_t i = 0; i < n; i++)
		h = mix(h, s[i]);
	return h;
}

int main(int argc, char **argv)
{
	unsigned t = 0, x = 1;
	int k;

	(void)argv;
	for (k = 0; k < LEN; k++) {
		x = x * 1103515245u + 12345u;
		buf[k] = (unsigned char)(x >> 16);
	}
	if (argc > 1)
		for (k = 0; k < RANDOMS; k++)
			t += (unsigned)random();
	for (k = 0; k < CALLS; k++)
		t += hash(buf, LEN - (size_t)k);
	printf("%u\n", t);
	return 0;
}
