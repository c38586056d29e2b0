/* simjobs: the loader's threads simulated on N cores, from the per-block work a -DLOAD_TIMING build measured. */
/*
 * usage: annogrind-timing --jobs=1 FILE 2>&1 >/dev/null | simjobs [MAXJOBS]
 *
 * Input: "timing: block BYTES FILL TOKENIZE APPLY" per block (ns of thread
 * CPU time, measured in one thread), and "timing: process NS", the CPU
 * time of the whole run.  What is not in the blocks (the report, the
 * start) is taken as sequential, after the load.
 *
 * The schedule is load_read.c's: N threads in all; one block is read at
 * a time, in order, into a ring of N + 2 blocks; any thread tokenizes a
 * block that was read (the lowest first), else reads the next one; the
 * applying thread applies blocks in order and, while the next one is not
 * tokenized, works like the others.  Each thread starts a piece of work
 * as soon as it is free and one is there (no lock costs, no cache
 * effects: a bound on what the design allows, measured per block).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct blk {
	double fill, tok, apply;		/* seconds */
	double filled, tokd, applied;	/* when each ended; < 0: not yet */
	int tok_started;
};

static struct blk *blk;
static size_t nblk;
static double process;

static void input(void)
{
	char line[256];
	size_t cap = 0;

	while (fgets(line, sizeof(line), stdin)) {
		unsigned long long bytes, f, t, a, pns;
		if (sscanf(line, "timing: block %llu %llu %llu %llu", &bytes, &f, &t, &a) == 4) {
			if (nblk == cap) {
				cap = cap ? 2 * cap : 1024;
				blk = realloc(blk, cap * sizeof(*blk));
				if (!blk)
					abort();
			}
			blk[nblk].fill = f * 1e-9;
			blk[nblk].tok = t * 1e-9;
			blk[nblk].apply = a * 1e-9;
			nblk++;
		} else if (sscanf(line, "timing: process %llu", &pns) == 1) {
			process = pns * 1e-9;
		}
	}
}

/* The simulated wall time of the load on n threads (the rest comes after). */
static double simulate(unsigned n)
{
	double tf[64], fill_free = 0, end = 0;
	size_t next_fill = 0, next_apply = 0, ring = (size_t)n + 2, i;

	for (i = 0; i < nblk; i++) {
		blk[i].filled = blk[i].tokd = blk[i].applied = -1;
		blk[i].tok_started = 0;
	}
	for (i = 0; i < n; i++)
		tf[i] = 0;
	while (next_apply < nblk) {
		unsigned th = 0, k;
		double t, next = 1e300;
		size_t tail = 0, j;
		/* the thread that is free first (the applying one, 0, on ties) */
		for (k = 1; k < n; k++)
			if (tf[k] < tf[th])
				th = k;
		t = tf[th];
		if (th == 0 && blk[next_apply].tokd >= 0 && blk[next_apply].tokd <= t) {
			tf[0] = blk[next_apply].applied = t + blk[next_apply].apply;
			next_apply++;
			continue;
		}
		for (j = 0; j < next_fill; j++) {	/* tokenize the lowest block read */
			if (!blk[j].tok_started && blk[j].filled <= t) {
				blk[j].tok_started = 1;
				tf[th] = blk[j].tokd = t + blk[j].tok;
				break;
			}
		}
		if (j < next_fill)
			continue;
		while (tail < next_apply && blk[tail].applied <= t)
			tail++;
		if (next_fill < nblk && fill_free <= t && next_fill - tail < ring) {
			tf[th] = fill_free = blk[next_fill].filled = t + blk[next_fill].fill;
			next_fill++;
			continue;
		}
		/* nothing to do now: wait for the next piece of work to end */
		if (fill_free > t)
			next = fill_free;
		for (j = 0; j < nblk && j < next_fill; j++) {
			if (blk[j].filled > t && blk[j].filled < next)
				next = blk[j].filled;
			if (blk[j].tokd > t && blk[j].tokd < next)
				next = blk[j].tokd;
			if (blk[j].applied > t && blk[j].applied < next)
				next = blk[j].applied;
		}
		for (k = 0; k < n; k++)
			if (tf[k] > t && tf[k] < next)
				next = tf[k];
		tf[th] = next < 1e300 ? next : t + 1e-6;
	}
	for (i = 0; i < nblk; i++)
		if (blk[i].applied > end)
			end = blk[i].applied;
	return end;
}

int main(int argc, char **argv)
{
	unsigned max = argc > 1 ? (unsigned)atoi(argv[1]) : 16, n;
	double fill = 0, tok = 0, apply = 0, rest, one;
	size_t i;

	input();
	if (!nblk) {
		fprintf(stderr, "simjobs: no 'timing: block' lines (a -DLOAD_TIMING build?)\n");
		return 1;
	}
	if (max < 1 || max > 64)
		max = 16;
	for (i = 0; i < nblk; i++) {
		fill += blk[i].fill;
		tok += blk[i].tok;
		apply += blk[i].apply;
	}
	rest = process > fill + tok + apply ? process - fill - tok - apply : 0;
	printf("per-block work measured in one thread: %zu blocks; reading %.3f s, tokenizing %.3f s,"
	       " applying %.3f s; the rest (report) %.3f s\n", nblk, fill, tok, apply, rest);
	one = simulate(1) + rest;
	printf("%8s %10s %8s %10s\n", "threads", "simulated", "speedup", "bound");
	for (n = 1; n <= max; n *= 2) {
		double s = simulate(n) + rest;
		/* no schedule beats the applying thread's own work, nor all the work shared out */
		double bound = apply + rest > (fill + tok + apply) / n + rest ?
			apply + rest : (fill + tok + apply) / n + rest;
		printf("%8u %9.3fs %7.2fx %9.3fs\n", n, s, one / s, bound);
	}
	return 0;
}
