# Costs chosen by McIlroy's adversary ("A Killer Adversary for Quicksort",
# 1999) against the function table's quicksort as it was (median of three,
# insertion sort under 17): the generator runs that sort with a comparator
# that decides values only when it must, always against the pivot, then
# writes the values it settled as self costs.  About n^2/4 comparisons:
# 320,000 functions took 29 s.  The sort now turns to heapsort past
# 2 log2 n partitions (introsort), so no input takes more than n log n.
about="McIlroy's adversary against the table's quicksort"
sizes="20000 40000"
args="--auto=no --threshold=100 --show-percs=no in.cg"
gen() {
	cat >adv.c <<'C'
#include <stdio.h>
#include <stdlib.h>

static long *val, gas, nsolid, candidate = -1;

/* McIlroy's comparator: gas is above every solid value; two gas items
 * compared freeze one, the pivot candidate first. */
static int less(long x, long y)
{
	if (val[x] == gas && val[y] == gas) {
		if (x == candidate)
			val[x] = nsolid++;
		else
			val[y] = nsolid++;
	}
	if (val[x] == gas)
		candidate = x;
	else if (val[y] == gas)
		candidate = y;
	return val[x] < val[y];
}

static void swap(long *a, long *b)
{
	long t = *a;
	*a = *b;
	*b = t;
}

/* The old rows_sort, comparisons in the same order. */
static void qs(long *v, size_t n)
{
	while (n > 16) {
		size_t i = 0, j = n - 1, m = n / 2;
		long pivot;
		if (less(v[m], v[0]))
			swap(&v[m], &v[0]);
		if (less(v[n - 1], v[m])) {
			swap(&v[n - 1], &v[m]);
			if (less(v[m], v[0]))
				swap(&v[m], &v[0]);
		}
		pivot = v[m];
		for (;;) {
			while (less(v[i], pivot))
				i++;
			while (less(pivot, v[j]))
				j--;
			if (i >= j)
				break;
			swap(&v[i], &v[j]);
			i++;
			j--;
		}
		if (j + 1 < n - j - 1) {
			qs(v, j + 1);
			v += j + 1;
			n -= j + 1;
		} else {
			qs(v + j + 1, n - j - 1);
			n = j + 1;
		}
	}
	for (size_t i = 1; i < n; i++) {
		long x = v[i];
		size_t k = i;
		for (; k > 0 && less(x, v[k - 1]); k--)
			v[k] = v[k - 1];
		v[k] = x;
	}
}

int main(int argc, char **argv)
{
	long n = atol(argv[1]), i, *v;

	gas = n;
	val = malloc(n * sizeof(*val));
	v = malloc(n * sizeof(*v));
	for (i = 0; i < n; i++)
		val[i] = gas, v[i] = i;
	qs(v, (size_t)n);
	for (i = 0; i < n; i++)
		if (val[i] == gas)
			val[i] = nsolid++;
	/* the table sorts by decreasing cost: the adversary's order reversed */
	printf("events: Ir\nfl=a.c\n");
	for (i = 0; i < n; i++)
		printf("fn=f%ld\n1 %ld\n", i, n - val[i]);
	return 0;
}
C
	cc -O2 -o adv adv.c && ./adv "$1" >in.cg
}
# The table must still be sorted: all n functions, by decreasing cost.
check_case() {
	awk -v n="$1" '/ a\.c:f[0-9]+$/ {
		c = $1; gsub(",", "", c); c += 0
		if (rows++ && c >= last) { print "not sorted at row " rows; bad = 1; exit 1 }
		last = c
	}
	END { if (!bad && rows != n) { print rows " rows, want " n; exit 1 } }' out
}
