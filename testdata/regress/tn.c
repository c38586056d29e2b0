/* tn.c: one program built twice, as t1 and as t2 with -DFAST (testdata/regress). */
#include <stdio.h>

static unsigned table[1024];

static void fill(void)
{
	unsigned i;

	for (i = 0; i < 1024; i++)
		table[i] = i * 2654435761u;
}

#ifdef FAST
static unsigned count(unsigned x)
{
	return (unsigned)__builtin_popcount(x);
}
#else
static unsigned count(unsigned x)
{
	unsigned n = 0;

	while (x) {
		n += x & 1;
		x >>= 1;
	}
	return n;
}
#endif

static unsigned total(void)
{
	unsigned i, t = 0;

	for (i = 0; i < 1024; i++)
		t += count(table[i]);
	return t;
}

int main(void)
{
	fill();
	printf("%u\n", total());
	return 0;
}
