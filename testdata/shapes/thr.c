#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static long work(long n)
{
	long *a = malloc(n * sizeof(*a)), s = 0, i;
	for (i = 0; i < n; i++)
		a[i] = i * 7 % 13;
	for (i = 0; i < n; i += 3)
		s += a[i];
	free(a);
	return s;
}

static void *run(void *arg)
{
	return (void *)work((long)arg);
}

int main(void)
{
	pthread_t t[3];
	long i, s = 0;
	void *r;

	for (i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, run, (void *)(20000 * (i + 1)));
	for (i = 0; i < 3; i++) {
		pthread_join(t[i], &r);
		s += (long)r;
	}
	printf("%ld\n", s + work(5000));
	return 0;
}
