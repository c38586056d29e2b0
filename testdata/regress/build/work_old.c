/* work.c, first build: sums the array twice. */
long work(const int *v, int n)
{
	long s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += v[i];
	for (i = 0; i < n; i++)
		s += v[i] * 2;
	return s;
}
