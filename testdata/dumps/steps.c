/* steps.c: a run in parts for tests/suites/46-parts.sh (valgrind --dump-before=step). */
#include <pthread.h>
#include <stdlib.h>

static volatile unsigned long sink;

__attribute__((noinline)) static void step(unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++)
		sink += i * 2654435761u;
}

static void *worker(void *arg)
{
	step(*(unsigned *)arg / 2);
	return NULL;
}

int main(int argc, char **argv)
{
	unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 1000, k;
	pthread_t t;

	pthread_create(&t, NULL, worker, &n);
	for (k = 1; k <= 3; k++)
		step(k * n);
	pthread_join(t, NULL);
	return 0;
}
