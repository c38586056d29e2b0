/* main.c: the driver of the diff-source test (tests/suites/46-diff-source.sh). */
#include <stdio.h>

long work(const int *v, int n);

int main(void)
{
	static int v[3000];
	int i;

	for (i = 0; i < 3000; i++)
		v[i] = (i * 7919) % 1009;
	printf("%ld\n", work(v, 3000));
	return 0;
}
