/* work.c, second build: the second loop skips odd values, a third counts. */
long work(const int *v, int n)
{
	long s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += v[i];
	for (i = 0; i < n; i++)
		if (v[i] % 2 == 0)
			s += v[i] * 2;
	for (i = 0; i < n; i += 3)
		s++;
	return s;
}
