/* test_solve: the sparse solver of solve.h against a dense Gaussian elimination written here. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "arena.h"
#include "solve.h"
#include "suites.h"

/* A system as its terms, in the order they are added (a pair may come twice: summed). */
struct sys {
	size_t n, nt, cap;
	uint32_t *ti, *tj;
	double *tv, *b;
};

static uint64_t rng_state;

/* xorshift64*: the same numbers on every machine for a seed */
static uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545f4914f6cdd1dULL;
}

static double rnd01(void)
{
	return (double)(rnd() >> 11) / 9007199254740992.0;
}

static size_t rndn(size_t n)
{
	return (size_t)(rnd() % n);
}

static void sys_init(struct sys *s, size_t n)
{
	memset(s, 0, sizeof(*s));
	s->n = n;
	s->b = xcalloc(n + 1, sizeof(*s->b));
}

static void sys_add(struct sys *s, size_t i, size_t j, double v)
{
	if (s->nt == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->ti = xrealloc(s->ti, s->cap * sizeof(*s->ti));
		s->tj = xrealloc(s->tj, s->cap * sizeof(*s->tj));
		s->tv = xrealloc(s->tv, s->cap * sizeof(*s->tv));
	}
	s->ti[s->nt] = (uint32_t)i;
	s->tj[s->nt] = (uint32_t)j;
	s->tv[s->nt++] = v;
}

static void sys_free(struct sys *s)
{
	free(s->ti);
	free(s->tj);
	free(s->tv);
	free(s->b);
}

/*
 * Each column's terms off the diagonal scaled to ratio[j] of its
 * diagonal's size: diagonally dominant by columns, as the views' systems.
 */
static void sys_dominant(struct sys *s, const double *ratio)
{
	double *diag = xcalloc(s->n + 1, sizeof(*diag)), *off = xcalloc(s->n + 1, sizeof(*off));
	size_t t;

	for (t = 0; t < s->nt; t++) {
		if (s->ti[t] == s->tj[t])
			diag[s->tj[t]] += s->tv[t];
		else
			off[s->tj[t]] += fabs(s->tv[t]);
	}
	for (t = 0; t < s->nt; t++)
		if (s->ti[t] != s->tj[t] && off[s->tj[t]] > 0)
			s->tv[t] *= ratio[s->tj[t]] * fabs(diag[s->tj[t]]) / off[s->tj[t]];
	free(diag);
	free(off);
}

/* The dense solve: Gaussian elimination with partial pivoting; 0, or -1 when singular. */
static int dense_solve(const struct sys *s, double *x)
{
	size_t n = s->n, i, j, k, t;
	double *a = xcalloc(n * n + 1, sizeof(*a)), *b = xmalloc((n + 1) * sizeof(*b));
	int rc = 0;

	for (t = 0; t < s->nt; t++)
		a[s->ti[t] * n + s->tj[t]] += s->tv[t];
	memcpy(b, s->b, n * sizeof(*b));
	for (k = 0; k < n && !rc; k++) {
		size_t p = k;
		for (i = k + 1; i < n; i++)
			if (fabs(a[i * n + k]) > fabs(a[p * n + k]))
				p = i;
		if (a[p * n + k] == 0) {
			rc = -1;
			break;
		}
		if (p != k) {
			double tb = b[p];
			for (j = 0; j < n; j++) {
				double ta = a[p * n + j];
				a[p * n + j] = a[k * n + j];
				a[k * n + j] = ta;
			}
			b[p] = b[k];
			b[k] = tb;
		}
		for (i = k + 1; i < n; i++) {
			double f = a[i * n + k] / a[k * n + k];
			if (f == 0)
				continue;
			for (j = k; j < n; j++)
				a[i * n + j] -= f * a[k * n + j];
			b[i] -= f * b[k];
		}
	}
	for (k = n; !rc && k-- > 0;) {
		double v = b[k];
		for (j = k + 1; j < n; j++)
			v -= a[k * n + j] * x[j];
		x[k] = v / a[k * n + k];
	}
	free(a);
	free(b);
	return rc;
}

/* s solved by sv (made for a cap of at least s->n) as the views do: start, add, build again if asked. */
static int sparse_solve(struct solver *sv, const struct sys *s, size_t key, int way, int first)
{
	size_t t, i;

	solver_start(sv, s->n, key, way, first);
	do {
		for (t = 0; t < s->nt; t++)
			solver_add(sv, s->ti[t], s->tj[t], s->tv[t]);
		for (i = 0; i < s->n; i++)
			sv->b[i] = s->b[i];
	} while (solver_built(sv));
	return solver_run(sv);
}

/* The largest difference of x from the dense solve, over the dense solve's largest value. */
static double off_dense(const struct sys *s, const double *x)
{
	double *d = xmalloc((s->n + 1) * sizeof(*d)), worst = 0, big = 0;
	size_t i;

	ck_assert_int_eq(dense_solve(s, d), 0);
	for (i = 0; i < s->n; i++) {
		if (fabs(d[i]) > big)
			big = fabs(d[i]);
		if (fabs(x[i] - d[i]) > worst)
			worst = fabs(x[i] - d[i]);
	}
	free(d);
	return big > 0 ? worst / big : worst;
}

/* A random sparse system of n unknowns, about per terms a row, some pairs twice, dominant by columns. */
static void random_sys(struct sys *s, size_t n, size_t per)
{
	double *ratio = xmalloc((n + 1) * sizeof(*ratio));
	size_t i, k;

	sys_init(s, n);
	for (i = 0; i < n; i++) {
		size_t m = rndn(2 * per + 1);
		sys_add(s, i, i, 0.5 + 2 * rnd01());
		for (k = 0; k < m; k++) {
			size_t j = rndn(n);
			if (j != i)
				sys_add(s, i, j, -rnd01());
		}
		s->b[i] = rnd01() * 10 - 2;
		ratio[i] = 0.2 + 0.79 * rnd01();
	}
	sys_dominant(s, ratio);
	free(ratio);
}

/* Uniform sparse systems fill fast: 80 unknowns and 4 terms a row stay within the work allowed. */
START_TEST(random_systems)
{
	uint64_t seed;
	double worst = 0;

	for (seed = 1; seed <= 300; seed++) {
		struct solver sv;
		struct sys s;
		size_t n = 1 + (size_t)(seed * 7 % 80), per = 1 + seed % 4;
		double *x, off;
		rng_state = seed * 0x9e3779b97f4a7c15ULL;
		random_sys(&s, n, per);
		/* half at their cap (a plan is written), half below it (none is) */
		solver_init(&sv, seed % 2 ? n : n + 5);
		ck_assert_int_eq(sparse_solve(&sv, &s, 0, (int)(seed % 2), 1), 0);
		x = sv.x;
		off = off_dense(&s, x);
		if (off > worst)
			worst = off;
		solver_release(&sv);
		sys_free(&s);
	}
	ck_assert_double_lt(worst, 1e-12);
}
END_TEST

/*
 * The shape of python3's static cycle as its views solve it (the
 * interpreter core of testdata/levels/real/python3-json.cg.gz with
 * --ignore=PyRun_StringFlags, flowing up: row i holds column j where i
 * calls j; testdata/solve holds the two systems it solves first): 644
 * unknowns and 2,606 terms; the longest row holds 194 besides the
 * diagonal (the interpreter's loop calling everything), and 339 rows
 * one; the fullest column holds 112 (a function called from everywhere),
 * half the columns one (a function with one caller), and 46% of the
 * terms off the diagonal are in the 60 fullest columns; 29% are between
 * functions within 8 of each other in the order; a few rows hold their
 * diagonal alone (the matches), the others are one strongly connected
 * system.  Made here as that, for any seed: calls to hubs by a Zipf law
 * (the loop among them), to functions near in the order and anywhere,
 * the few calls it takes to join them all added last.  Its elimination
 * makes about twice as many terms of fill as python3's (1,357).
 */
#define PY_N 644
#define PY_HUBS 60
#define PY_LOOP 630	/* the loop: calls 194 */

/* A hub by the Zipf law of exponent 0.7 (weights hw, their sum hsum). */
static size_t pick_hub(const double *hw, double hsum)
{
	double w = rnd01() * hsum;
	size_t h = 0;

	while (h + 1 < PY_HUBS && w > hw[h])
		w -= hw[h++];
	return h;
}

/*
 * Which unknowns of s unknown r reaches (fw) and is reached from (bw)
 * along the terms (row i holding column j: i reaches j); returns how
 * many do both.
 */
static size_t joined_by(const struct sys *s, size_t r, unsigned char *fw, unsigned char *bw)
{
	size_t t, i, both = 0;
	int more = 1;

	memset(fw, 0, s->n);
	memset(bw, 0, s->n);
	fw[r] = bw[r] = 1;
	while (more) {
		more = 0;
		for (t = 0; t < s->nt; t++) {
			if (fw[s->ti[t]] && !fw[s->tj[t]])
				fw[s->tj[t]] = more = 1;
			if (bw[s->tj[t]] && !bw[s->ti[t]])
				bw[s->ti[t]] = more = 1;
		}
	}
	for (i = 0; i < s->n; i++)
		both += fw[i] && bw[i];
	return both;
}

/* The python3 cycle's shape for a seed (see above). */
static void python3_sys(struct sys *s, uint64_t seed)
{
	double *ratio = xmalloc((PY_N + 1) * sizeof(*ratio)), hw[PY_HUBS], hsum = 0;
	unsigned char *fw = xmalloc(PY_N + 1), *bw = xmalloc(PY_N + 1);
	uint32_t hub[PY_HUBS];
	size_t i, k;

	rng_state = seed;
	sys_init(s, PY_N);
	for (k = 0; k < PY_HUBS; k++) {
		/* the loop is the second: it is called from 57 places */
		hub[k] = k == 1 ? PY_LOOP : (uint32_t)rndn(PY_N);
		hw[k] = pow((double)(k + 1), -0.7);
		hsum += hw[k];
	}
	for (i = 0; i < PY_N; i++) {
		double r = rnd01();
		size_t m = r < 0.55 ? 1 : r < 0.75 ? 2 : r < 0.86 ? 3 : r < 0.97 ? 4 + rndn(6)
			 : 10 + rndn(20);
		sys_add(s, i, i, 0.5 + rnd01());
		s->b[i] = rnd01();
		ratio[i] = 0.5 + 0.49 * rnd01();
		if (i % 128 == 5)
			continue;	/* a match: its diagonal alone */
		if (i == PY_LOOP)
			m = 194;
		for (k = 0; k < m; k++) {
			double w = rnd01();
			size_t j = w < 0.45 ? hub[pick_hub(hw, hsum)]
				 : w < 0.85 ? (i + PY_N - 8 + rndn(17)) % PY_N : rndn(PY_N);
			if (j != i)
				sys_add(s, i, j, -rnd01());
		}
	}
	/*
	 * Join them: one the loop reaches calls one it does not, one that
	 * does not reach the loop calls one that does (each chosen at random).
	 */
	while (joined_by(s, PY_LOOP, fw, bw) < PY_N - (PY_N + 122) / 128) {
		size_t from, to;
		for (i = 0; i < PY_N && (i % 128 == 5 || (fw[i] && bw[i])); i++)
			;
		for (k = 1; k < PY_N; k++) {
			size_t c = (i + (k % 2 ? PY_N - (k + 1) / 2 : k / 2)) % PY_N;
			if (c % 128 != 5 && (fw[i] ? bw[c] : fw[c]))
				break;
		}
		k = (i + (k % 2 ? PY_N - (k + 1) / 2 : k / 2)) % PY_N;
		from = fw[i] ? i : k;
		to = fw[i] ? k : i;
		sys_add(s, from, to, -rnd01());
	}
	sys_dominant(s, ratio);
	free(ratio);
	free(fw);
	free(bw);
}

/* The numbers of the shape described above python3_sys(). */
static void shape_of(const struct sys *s, size_t *maxrow, size_t *maxcol, size_t *single,
		     double *tophubs)
{
	size_t *rl = xcalloc(s->n + 1, sizeof(*rl)), *cl = xcalloc(s->n + 1, sizeof(*cl));
	size_t t, i, k, off = 0, top = 0;

	for (t = 0; t < s->nt; t++) {
		rl[s->ti[t]]++;
		if (s->ti[t] != s->tj[t]) {
			cl[s->tj[t]]++;
			off++;
		}
	}
	*maxrow = *maxcol = *single = 0;
	for (i = 0; i < s->n; i++) {
		*maxrow = rl[i] > *maxrow ? rl[i] : *maxrow;
		*maxcol = cl[i] > *maxcol ? cl[i] : *maxcol;
		*single += cl[i] == 1;
	}
	/* the terms of the PY_HUBS fullest columns: the fullest taken out one by one */
	for (k = 0; k < PY_HUBS; k++) {
		size_t best = 0;
		for (i = 1; i < s->n; i++)
			if (cl[i] > cl[best])
				best = i;
		top += cl[best];
		cl[best] = 0;
	}
	*tophubs = (double)top / (double)off;
	free(rl);
	free(cl);
}

START_TEST(python3_shape)
{
	struct solver sv;
	struct sys s;
	uint64_t seed;
	size_t t;

	for (seed = 1; seed <= 4; seed++) {
		size_t maxr, maxc, single;
		double hubs;
		unsigned char fw[PY_N], bw[PY_N];
		python3_sys(&s, seed);
		/* the shape described above */
		shape_of(&s, &maxr, &maxc, &single, &hubs);
		ck_assert_uint_ge(s.nt, 2400);
		ck_assert_uint_le(s.nt, 2800);
		ck_assert_uint_ge(maxr, 170);
		ck_assert_uint_le(maxr, 210);
		ck_assert_uint_ge(maxc, 70);
		ck_assert_uint_le(maxc, 150);
		ck_assert_uint_ge(single, 280);
		ck_assert_uint_le(single, 360);
		ck_assert_double_ge(hubs, 0.40);
		ck_assert_double_le(hubs, 0.55);
		ck_assert_uint_eq(joined_by(&s, PY_LOOP, fw, bw), PY_N - 5);
		solver_init(&sv, PY_N);
		/* solved by elimination, within the work allowed */
		ck_assert_int_eq(sparse_solve(&sv, &s, 7, 0, 1), 0);
		ck_assert_double_lt(off_dense(&s, sv.x), 1e-12);
		/* and the other way (its transpose), with the order of the first */
		for (t = 0; t < s.nt; t++) {
			uint32_t x = s.ti[t];
			s.ti[t] = s.tj[t];
			s.tj[t] = x;
		}
		ck_assert_int_eq(sparse_solve(&sv, &s, 7, 1, 1), 0);
		ck_assert_double_lt(off_dense(&s, sv.x), 1e-10);
		solver_release(&sv);
		sys_free(&s);
	}
}
END_TEST

/*
 * A system of testdata/solve (see its README): lines "i j value" (a
 * term) and "b i value", values as C's %a writes them.
 */
static void load_sys(struct sys *s, const char *path)
{
	gzFile f = gzopen(path, "rb");
	char line[256];

	ck_assert_ptr_nonnull(f);
	sys_init(s, PY_N);
	while (gzgets(f, line, sizeof(line))) {
		char *e;
		if (line[0] == 'b') {
			size_t i = strtoul(line + 2, &e, 10);
			ck_assert_uint_lt(i, PY_N);
			s->b[i] = strtod(e, NULL);
		} else {
			size_t i = strtoul(line, &e, 10), j = strtoul(e, &e, 10);
			ck_assert_uint_lt(i, PY_N);
			ck_assert_uint_lt(j, PY_N);
			sys_add(s, i, j, strtod(e, NULL));
		}
	}
	gzclose(f);
}

/*
 * python3's own two systems: solved as the dense solve does; then, as a
 * view's rounds do, solved again with their values moved, with plans and
 * without, to the same bits.
 */
START_TEST(python3_real)
{
	static const char *const path[] = { "testdata/solve/python3-down.txt.gz",
					    "testdata/solve/python3-up.txt.gz" };
	struct solver with, without;
	struct sys s[2];
	size_t round, t, fast = 0;
	int way;

	for (way = 0; way < 2; way++)
		load_sys(&s[way], path[way]);
	ck_assert_uint_eq(s[0].nt, 2606);
	ck_assert_uint_eq(s[1].nt, 2606);
	solver_init(&with, PY_N);
	setenv("ANNOGRIND_SOLVE_PLANS", "0", 1);
	solver_init(&without, PY_N);
	unsetenv("ANNOGRIND_SOLVE_PLANS");
	rng_state = 7;
	for (round = 0; round < 4; round++)
		for (way = 0; way < 2; way++) {
			struct sys u = s[way];
			u.tv = xmalloc(u.nt * sizeof(*u.tv));
			for (t = 0; t < u.nt; t++)
				u.tv[t] = round ? s[way].tv[t] * (0.95 + 0.05 * rnd01()) : s[way].tv[t];
			ck_assert_int_eq(sparse_solve(&with, &u, 0, way, 1), 0);
			ck_assert_int_eq(sparse_solve(&without, &u, 0, way, 1), 0);
			ck_assert_int_eq(memcmp(with.x, without.x, PY_N * sizeof(double)), 0);
			ck_assert_double_lt(off_dense(&u, with.x), 1e-9);
			solver_start(&with, PY_N, 0, way, 0);
			fast += with.fast != NULL;
			free(u.tv);
		}
	ck_assert_uint_ge(fast, 6);
	solver_release(&with);
	solver_release(&without);
	sys_free(&s[0]);
	sys_free(&s[1]);
}
END_TEST

/* Solve the n x n system of the row-major values a and b with a solver of cap n. */
static int solve_dense_with(const double *a, const double *b, size_t n, double *x)
{
	struct solver sv;
	struct sys s;
	size_t i, j;
	int rc;

	sys_init(&s, n);
	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++)
			if (a[i * n + j] != 0 || i == j)
				sys_add(&s, i, j, a[i * n + j]);
		s.b[i] = b[i];
	}
	solver_init(&sv, n);
	rc = sparse_solve(&sv, &s, 0, 0, 1);
	if (!rc)
		memcpy(x, sv.x, n * sizeof(*x));
	solver_release(&sv);
	sys_free(&s);
	return rc;
}

START_TEST(singular)
{
	double x[3];
	struct solver sv;
	struct sys s, ok;

	/* a row without its diagonal term (nothing added there): -1 */
	sys_init(&s, 2);
	sys_add(&s, 0, 1, 1);
	sys_add(&s, 1, 0, 1);
	sys_add(&s, 1, 1, 1);
	s.b[0] = s.b[1] = 1;
	solver_init(&sv, 2);
	ck_assert_int_eq(sparse_solve(&sv, &s, 0, 0, 1), -1);
	/* the solver is whole after a failure: the next system is solved */
	rng_state = 42;
	random_sys(&ok, 2, 1);
	ck_assert_int_eq(sparse_solve(&sv, &ok, 0, 0, 1), 0);
	ck_assert_double_lt(off_dense(&ok, sv.x), 1e-15);
	solver_release(&sv);
	sys_free(&s);
	sys_free(&ok);
	/* a diagonal term added as 0 is a zero pivot: -1 */
	{
		static const double a[] = { 0, 1, 1, 1 }, b[] = { 1, 2 };
		ck_assert_int_eq(solve_dense_with(a, b, 2, x), -1);
	}
	/* rows that cancel exactly in the elimination: -1 */
	{
		static const double a[] = { 1, 1, 1, 1 }, b[] = { 2, 2 };
		ck_assert_int_eq(solve_dense_with(a, b, 2, x), -1);
	}
	/* the third row the sum of the first two (exact in binary): a pivot comes to 0 */
	{
		static const double a[] = { 1, 1, 0, 0, 1, 1, 1, 2, 1 }, b[] = { 1, 2, 3 };
		ck_assert_int_eq(solve_dense_with(a, b, 3, x), -1);
	}
}
END_TEST

START_TEST(near_singular)
{
	double x[2];

	/* the last pivot 2^-52, not 0: solved, and here exactly */
	{
		static const double a[] = { 1, 1, 1, 1 + 0x1p-52 }, b[] = { 1, 1 + 0x1p-52 };
		ck_assert_int_eq(solve_dense_with(a, b, 2, x), 0);
		ck_assert(x[0] == 0 && x[1] == 1);
	}
	/* no pivot is held against a tolerance: 1e-300 gives 1e300 */
	{
		static const double a[] = { 1e-300 }, b[] = { 1 };
		ck_assert_int_eq(solve_dense_with(a, b, 1, x), 0);
		ck_assert_double_eq_tol(x[0], 1e300, 1e286);
	}
	/* a pivot of 1e-8 after one step: as close to the dense solve as its condition allows */
	{
		static const double a[] = { 1, 1, 1, 1 + 1e-8 }, b[] = { 1, 2 };
		struct sys s;
		size_t i, j;
		ck_assert_int_eq(solve_dense_with(a, b, 2, x), 0);
		sys_init(&s, 2);
		for (i = 0; i < 2; i++) {
			for (j = 0; j < 2; j++)
				sys_add(&s, i, j, a[i * 2 + j]);
			s.b[i] = b[i];
		}
		ck_assert_double_lt(off_dense(&s, x), 1e-7);
		ck_assert_double_eq_tol(x[1], 1e8, 1);
		sys_free(&s);
	}
}
END_TEST

START_TEST(work_allowed)
{
	size_t n, i, j;

	/* dense: about n^3/3 eliminations against 16 a term; 40 fits, 200 does not */
	for (n = 40; n <= 200; n += 160) {
		double *a = xmalloc((n * n + 1) * sizeof(*a)), *b = xmalloc((n + 1) * sizeof(*b));
		double *x = xmalloc((n + 1) * sizeof(*x));
		for (i = 0; i < n; i++) {
			for (j = 0; j < n; j++)
				a[i * n + j] = i == j ? (double)n : -0.5;
			b[i] = 1;
		}
		ck_assert_int_eq(solve_dense_with(a, b, n, x), n == 40 ? 0 : -1);
		if (n == 40)	/* all alike, n x - (n - 1) x / 2 = 1 */
			for (i = 0; i < n; i++)
				ck_assert_double_eq_tol(x[i], 1 / ((double)n - 0.5 * (double)(n - 1)), 1e-15);
		free(a);
		free(b);
		free(x);
	}
}
END_TEST

/*
 * A view's rounds: the same cycle solved again and again, each way, its
 * values changed and some terms held at 0 (its shape kept), a try or two
 * a round.  With plans and without (ANNOGRIND_SOLVE_PLANS=0), x is the
 * same to the bit; and the plans were used.
 */
START_TEST(plans_same_bits)
{
	struct solver with, without;
	struct sys s;
	size_t round, t, fast = 0, k;

	python3_sys(&s, 11);
	solver_init(&with, PY_N);
	setenv("ANNOGRIND_SOLVE_PLANS", "0", 1);
	solver_init(&without, PY_N);
	unsetenv("ANNOGRIND_SOLVE_PLANS");
	rng_state = 99;
	for (round = 0; round < 6; round++) {
		int way;
		for (way = 0; way < 2; way++) {
			int tr;
			for (tr = 0; tr < 2; tr++) {
				struct sys u = s;
				u.tv = xmalloc(s.nt * sizeof(*u.tv));
				u.b = xmalloc(s.n * sizeof(*u.b));
				for (t = 0; t < s.nt; t++) {
					double v = s.tv[t] * (0.9 + 0.2 * rnd01());
					/* a held member's terms at 0, the diagonal kept */
					u.tv[t] = s.ti[t] != s.tj[t] && rnd01() < 0.05 ? 0 : v;
				}
				for (t = 0; t < s.n; t++)
					u.b[t] = rnd01();
				if (way) {
					u.ti = s.tj;
					u.tj = s.ti;
				}
				ck_assert_int_eq(sparse_solve(&with, &u, 3, way, !tr), 0);
				ck_assert_int_eq(sparse_solve(&without, &u, 3, way, !tr), 0);
				ck_assert_int_eq(memcmp(with.x, without.x, s.n * sizeof(double)), 0);
				ck_assert_double_lt(off_dense(&u, with.x), 1e-10);
				/* built into a plan's values from the second of a way on */
				solver_start(&with, s.n, 3, way, 0);
				fast += with.fast != NULL;
				free(u.tv);
				free(u.b);
			}
		}
	}
	ck_assert_uint_ge(fast, 20);
	for (k = 0; k < SPLANS; k++)
		ck_assert_uint_eq(without.plan[k].nslot, 0);
	solver_release(&with);
	solver_release(&without);
	sys_free(&s);
}
END_TEST

/* A system of the plan's size but another shape (a term more): built again, solved in full. */
START_TEST(plan_other_shape)
{
	struct solver with, without;
	struct sys s;
	int i;

	python3_sys(&s, 5);
	solver_init(&with, PY_N);
	setenv("ANNOGRIND_SOLVE_PLANS", "0", 1);
	solver_init(&without, PY_N);
	unsetenv("ANNOGRIND_SOLVE_PLANS");
	for (i = 0; i < 3; i++) {
		if (i == 2)
			sys_add(&s, 10, 500, -1e-3);
		ck_assert_int_eq(sparse_solve(&with, &s, 1, 0, i == 0), 0);
		ck_assert_int_eq(sparse_solve(&without, &s, 1, 0, i == 0), 0);
		ck_assert_int_eq(memcmp(with.x, without.x, s.n * sizeof(double)), 0);
		ck_assert_double_lt(off_dense(&s, with.x), 1e-12);
	}
	solver_release(&with);
	solver_release(&without);
	sys_free(&s);
}
END_TEST

Suite *solve_suite(void)
{
	Suite *s = suite_create("solve");
	TCase *tc = tcase_create("solve");

	tcase_set_timeout(tc, 0);
	tcase_add_test(tc, random_systems);
	tcase_add_test(tc, python3_shape);
	tcase_add_test(tc, python3_real);
	tcase_add_test(tc, singular);
	tcase_add_test(tc, near_singular);
	tcase_add_test(tc, work_allowed);
	tcase_add_test(tc, plans_same_bits);
	tcase_add_test(tc, plan_other_shape);
	suite_add_tcase(s, tc);
	return s;
}
