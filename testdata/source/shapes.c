/* shapes.c - a small program profiled for annogrind's source annotation tests.
 *
 * Built with:  gcc -O1 -gdwarf-4 -fdebug-prefix-map=$PWD=. -o shapes shapes.c
 * Profiled:    valgrind --tool=callgrind --toggle-collect=main \
 *                  --callgrind-out-file=callgrind.out.shapes ./shapes
 *
 * The functions sit far apart so that the annotation shows separate
 * ranges of lines with "-- line N" markers between them.
 */
#include "sq.h"

__attribute__((noinline)) static int tri(int n)
{
	int s = 0;
	for (int i = 1; i <= n; i++)
		s += i;
	return s;
}

/*
 * Filler: a comment long enough to put more than twice the default
 * context (8 lines) between tri() and squares(), so that the lines in
 * between are left out of the listing.
 *
 *
 *
 *
 *
 *
 *
 *
 *
 */

__attribute__((noinline)) static int squares(int n)
{
	int s = 0;
	for (int i = 1; i <= n; i++)
		s += sq(i);
	return s;
}

/*
 * More filler between squares() and main().
 *
 *
 *
 *
 *
 *
 *
 *
 *
 *
 *
 */

int main(void)
{
	int total = 0;
	for (int k = 0; k < 10; k++)
		total += tri(k) + squares(k);
	return total == 0;
}
