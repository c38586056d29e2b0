/* qsort_hanoi.c - recursive quicksort and towers of hanoi (new: checks the order, swaps inline) */
#include <stdio.h>
#include <stdlib.h>

static long moves;

static void hanoi(int n, int from, int to, int via)
{
    if (n == 0)
        return;
    hanoi(n - 1, from, via, to);
    moves++;
    hanoi(n - 1, via, to, from);
}

#define SWAP(a, b) do { int t_ = *(a); *(a) = *(b); *(b) = t_; } while (0)

static int in_order(const int *v, int i)
{
    return v[i - 1] <= v[i];
}

static int partition(int *v, int lo, int hi)
{
    int pivot = v[hi];
    int i = lo;
    for (int j = lo; j < hi; j++)
        if (v[j] < pivot)
            { SWAP(&v[i], &v[j]); i++; }
    SWAP(&v[i], &v[hi]);
    return i;
}

static void quicksort(int *v, int lo, int hi)
{
    if (lo >= hi)
        return;
    int p = partition(v, lo, hi);
    quicksort(v, lo, p - 1);
    quicksort(v, p + 1, hi);
}

int main(void)
{
    int n = 4000;
    int *v = malloc(sizeof(int) * n);
    unsigned s = 7;
    for (int i = 0; i < n; i++) {
        s = s * 69069u + 1u;
        v[i] = (int)(s >> 12) % 100000;
    }
    quicksort(v, 0, n - 1);
    int bad = 0;
    for (int i = 1; i < n; i++)
        if (!in_order(v, i))
            bad++;
    hanoi(12, 1, 3, 2);
    printf("%d %d %ld %d\n", v[0], v[n - 1], moves, bad);
    free(v);
    return 0;
}
