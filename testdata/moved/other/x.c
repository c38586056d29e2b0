/* x.c: adds a hash over a table, the size from the command line. */
#include <stdio.h>
#include <stdlib.h>
#include "util.h"

static unsigned table[4096];

static unsigned fill(unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++)
		table[i % 4096] = i * 2654435761u;
	return n;
}

static unsigned hash(unsigned n)
{
	unsigned h = 2166136261u, i;

	for (i = 0; i < n; i++)
		h = mix(h, table[i % 4096]);
	return h;
}

int main(int argc, char **argv)
{
	unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 1000;

	fill(n);
	printf("%u\n", hash(n));
	return 0;
}
