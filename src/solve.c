/* solve: sparse linear systems solved by elimination in an order of little fill, redone from a plan when the shape repeats. */
#include "solve.h"

#include <stdlib.h>
#include <string.h>

#define PICK_KEYS 1024	/* Markowitz counts kept apart; larger ones share the last list */

void solver_init(struct solver *sv, size_t cap)
{
	memset(sv, 0, sizeof(*sv));
	arena_init(&sv->room);
	sv->cap = cap;
	sv->row = xcalloc(cap + 1, sizeof(*sv->row));
	sv->at = xcalloc_table((cap * cap + 1) * sizeof(*sv->at));	/* SOLVE_NONE: zero */
	sv->b = xmalloc((cap + 1) * sizeof(*sv->b));
	sv->x = xmalloc((cap + 1) * sizeof(*sv->x));
	sv->clist = xcalloc(cap + 1, sizeof(*sv->clist));
	sv->clen = xcalloc(cap + 1, sizeof(*sv->clen));
	sv->ccap = xcalloc(cap + 1, sizeof(*sv->ccap));
	sv->ord = xmalloc((cap + 1) * sizeof(*sv->ord));
	sv->ordc[0] = xmalloc((cap + 1) * sizeof(*sv->ordc[0]));
	sv->ordc[1] = xmalloc((cap + 1) * sizeof(*sv->ordc[1]));
	sv->done = xmalloc(cap + 1);
	sv->cn = xmalloc((cap + 1) * sizeof(*sv->cn));
	sv->bnext = xmalloc((cap + 1) * sizeof(*sv->bnext));
	sv->bprev = xmalloc((cap + 1) * sizeof(*sv->bprev));
	sv->bkey = xmalloc((cap + 1) * sizeof(*sv->bkey));
	sv->bhead = xmalloc(PICK_KEYS * sizeof(*sv->bhead));
	{
		const char *env = getenv("ANNOGRIND_SOLVE_PLANS");
		sv->noplan = env && !strcmp(env, "0");
	}
}

void solver_release(struct solver *sv)
{
	arena_release(&sv->room);
	free(sv->row);
	xfree_table(sv->at);
	free(sv->b);
	free(sv->x);
	free(sv->clist);
	free(sv->clen);
	free(sv->ccap);
	free(sv->ord);
	free(sv->ordc[0]);
	free(sv->ordc[1]);
	free(sv->done);
	free(sv->cn);
	free(sv->bnext);
	free(sv->bprev);
	free(sv->bkey);
	free(sv->bhead);
	for (size_t i = 0; i < SPLANS; i++) {
		free(sv->plan[i].rstart);
		free(sv->plan[i].pcol);
		free(sv->plan[i].ord);
		free(sv->plan[i].prog);
		free(sv->plan[i].step);
		free(sv->plan[i].aij);
		free(sv->plan[i].aslot);
	}
	free(sv->w);
	free(sv->adds);
}

/* An empty system of n members (n <= cap). */
static void solver_clear(struct solver *sv, size_t n)
{
	size_t i, t;

	for (i = 0; i < sv->nused; i++) {
		struct srow *r = &sv->row[i];
		for (t = 0; t < r->n; t++)
			sv->at[i * sv->cap + r->col[t]] = SOLVE_NONE;
		r->n = 0;
		sv->clen[i] = 0;
	}
	sv->n = sv->nused = n;
	for (i = 0; i < n; i++)
		sv->b[i] = 0;
}

/* solver_add()'s call logged for the plan (sv->adds), out of line. */
__attribute__((noinline)) void solver_log_add(struct solver *sv, uint32_t i, uint32_t j)
{
	if (sv->nadds == sv->capadds) {
		sv->capadds = sv->capadds ? 2 * sv->capadds : 1024;
		sv->adds = xrealloc(sv->adds, 2 * sv->capadds * sizeof(*sv->adds));
	}
	sv->adds[2 * sv->nadds] = i;
	sv->adds[2 * sv->nadds + 1] = j;
	sv->nadds++;
}

/* Room for one more term in row r, or one more row in column j's list (solver_add()). */
__attribute__((noinline)) void srow_grow(struct solver *sv, struct srow *r)
{
	uint32_t cap = r->cap ? 2 * r->cap : 8;

	r->val = arena_regrow(&sv->room, r->val, r->n * sizeof(*r->val), cap * sizeof(*r->val));
	r->col = arena_regrow(&sv->room, r->col, r->n * sizeof(*r->col), cap * sizeof(*r->col));
	r->slot = arena_regrow(&sv->room, r->slot, r->n * sizeof(*r->slot), cap * sizeof(*r->slot));
	r->cap = cap;
}

__attribute__((noinline)) void scol_grow(struct solver *sv, uint32_t j)
{
	uint32_t cap = sv->ccap[j] ? 2 * sv->ccap[j] : 8;

	sv->clist[j] = arena_regrow(&sv->room, sv->clist[j], sv->clen[j] * sizeof(**sv->clist),
				    cap * sizeof(**sv->clist));
	sv->ccap[j] = cap;
}

/*
 * The order a solve makes as it goes (sv->pick): the next pivot is a
 * member with the fewest (terms in its row - 1) x (rows not eliminated
 * that hold its column - 1), Markowitz's count, as the fill so far left
 * them, not as they were before the first step: on python3's cycle of
 * 644 members this takes the work of the later solves, which reuse the
 * order, down by 40%.  Members sit in lists by their count, so a step
 * costs what its fill costs, not a search of every member.
 */
#define PICK_NONE UINT32_MAX

static uint32_t pick_key(const struct solver *sv, uint32_t j)
{
	uint64_t r = sv->row[j].n, c = sv->cn[j];
	uint64_t k = (r ? r - 1 : 0) * (c ? c - 1 : 0);

	return k < PICK_KEYS - 1 ? (uint32_t)k : PICK_KEYS - 1;
}

static void pick_link(struct solver *sv, uint32_t j, uint32_t key)
{
	sv->bkey[j] = key;
	sv->bprev[j] = PICK_NONE;
	sv->bnext[j] = sv->bhead[key];
	if (sv->bhead[key] != PICK_NONE)
		sv->bprev[sv->bhead[key]] = j;
	sv->bhead[key] = j;
	if (key < sv->blow)
		sv->blow = key;
}

static void pick_unlink(struct solver *sv, uint32_t j)
{
	uint32_t a = sv->bprev[j], b = sv->bnext[j];

	if (a != PICK_NONE)
		sv->bnext[a] = b;
	else
		sv->bhead[sv->bkey[j]] = b;
	if (b != PICK_NONE)
		sv->bprev[b] = a;
}

/* Member j (not eliminated yet) to the list of its count now. */
static void pick_rekey(struct solver *sv, uint32_t j)
{
	uint32_t k = pick_key(sv, j);

	if (k != sv->bkey[j]) {
		pick_unlink(sv, j);
		pick_link(sv, j, k);
	}
}

static void pick_init(struct solver *sv)
{
	size_t n = sv->n, i, t;

	memset(sv->cn, 0, n * sizeof(*sv->cn));
	for (i = 0; i < n; i++)
		for (t = 0; t < sv->row[i].n; t++)
			sv->cn[sv->row[i].col[t]]++;
	for (i = 0; i < PICK_KEYS; i++)
		sv->bhead[i] = PICK_NONE;
	sv->blow = PICK_KEYS - 1;
	/* from the last member, so that each list starts with its first */
	for (i = n; i-- > 0;)
		pick_link(sv, (uint32_t)i, pick_key(sv, (uint32_t)i));
}

static uint32_t pick_next(struct solver *sv)
{
	uint32_t j;

	while (sv->bhead[sv->blow] == PICK_NONE)
		sv->blow++;
	j = sv->bhead[sv->blow];
	pick_unlink(sv, j);
	return j;
}

/*
 * Eliminations a solve may make for each term it starts with: past them
 * (a system whose fill grows fast) the caller finds x some other way (the
 * views' sweeps, as for a cycle too large to solve).  python3's static
 * cycle makes 3.6 a term.
 */
#define SOLVE_WORK 16
#define SOLVE_WORK_MIN 4096

/* Room for n more words of the plan being written. */
static void plan_room(struct splan *pl, size_t n)
{
	if (pl->nprog + n > pl->capprog) {
		size_t cap = pl->capprog ? 2 * pl->capprog : 4096;
		while (cap < pl->nprog + n)
			cap *= 2;
		pl->prog = xrealloc(pl->prog, cap * sizeof(*pl->prog));
		pl->capprog = cap;
	}
}

/* A plan of sv's shape and order, or NULL. */
static struct splan *plan_find(struct solver *sv)
{
	size_t k, i;

	for (k = 0; k < SPLANS; k++) {
		struct splan *pl = &sv->plan[k];
		int same = pl->nslot && pl->n == sv->n &&
			   !memcmp(pl->ord, sv->ord, sv->n * sizeof(*sv->ord));
		for (i = 0; same && i < sv->n; i++)
			same = sv->row[i].n == pl->rstart[i + 1] - pl->rstart[i] &&
			       !memcmp(sv->row[i].col, &pl->pcol[pl->rstart[i]],
				       sv->row[i].n * sizeof(*pl->pcol));
		if (same) {
			pl->used = ++sv->clock;
			return pl;
		}
	}
	return NULL;
}

/*
 * Start writing a plan of sv's shape, over the least recently used; it
 * counts (nslot) once the solve is done.
 */
static struct splan *plan_begin(struct solver *sv)
{
	struct splan *pl = &sv->plan[0];
	size_t k, i, n = sv->n;

	for (k = 1; k < SPLANS; k++)
		if (sv->plan[k].used < pl->used)
			pl = &sv->plan[k];
	for (i = 0, pl->nnz = 0; i < n; i++)
		pl->nnz += sv->row[i].n;
	pl->n = n;
	pl->nprog = 0;
	pl->nslot = 0;
	pl->used = ++sv->clock;
	pl->rstart = xrealloc(pl->rstart, (n + 1) * sizeof(*pl->rstart));
	pl->pcol = xrealloc(pl->pcol, (pl->nnz + 1) * sizeof(*pl->pcol));
	pl->ord = xrealloc(pl->ord, (n + 1) * sizeof(*pl->ord));
	pl->step = xrealloc(pl->step, (n + 1) * sizeof(*pl->step));
	pl->rstart[0] = 0;
	for (i = 0; i < n; i++) {
		const struct srow *r = &sv->row[i];
		memcpy(&pl->pcol[pl->rstart[i]], r->col, r->n * sizeof(*r->col));
		pl->rstart[i + 1] = pl->rstart[i] + r->n;
	}
	pl->aij = xrealloc(pl->aij, (sv->nadds + 1) * sizeof(*pl->aij));
	pl->aslot = xrealloc(pl->aslot, (sv->nadds + 1) * sizeof(*pl->aslot));
	for (i = 0; i < sv->nadds; i++) {
		uint32_t r = sv->adds[2 * i], c = sv->adds[2 * i + 1];
		pl->aij[i] = (uint64_t)r << 32 | c;
		pl->aslot[i] = pl->rstart[r] + sv->at[(size_t)r * sv->cap + c] - 1u;
	}
	pl->aij[sv->nadds] = UINT64_MAX;
	pl->nadd = sv->nadds;
	return pl;
}

/* Room for pl's values and b in sv->w, from slot `from` on -0, which adds to anything without changing it. */
static void plan_values(struct solver *sv, const struct splan *pl, size_t from)
{
	size_t t;

	if (sv->wcap < pl->nslot + pl->n + 1) {
		sv->wcap = pl->nslot + pl->n + 1;
		free(sv->w);
		sv->w = xmalloc(sv->wcap * sizeof(*sv->w));
	}
	for (t = from; t < pl->nslot; t++)
		sv->w[t] = -0.0;
}

/*
 * Plan pl done on the values of sv's rows (or, built fast, on its own
 * values): 0 with x, -1 on a zero pivot (as the full solve).
 */
static int plan_run(struct solver *sv, const struct splan *pl)
{
	size_t n = pl->n, i, s, t;
	const uint32_t *p = pl->prog;
	double *w, *b;

	if (!sv->fast) {
		plan_values(sv, pl, pl->nnz);
		for (i = 0; i < n; i++)
			memcpy(&sv->w[pl->rstart[i]], sv->row[i].val, sv->row[i].n * sizeof(*sv->w));
	}
	w = sv->w;
	b = w + pl->nslot;
	memcpy(b, sv->b, n * sizeof(*b));
	for (s = 0; s < n; s++) {
		uint32_t k = pl->ord[s], m, nel, e;
		const uint32_t *src;
		double piv = w[p[0]];
		m = p[1];
		src = p + 2;
		p += 2 + 2 * (size_t)m;
		nel = *p++;
		if (!(piv > 0 || piv < 0))
			return -1;
		for (e = 0; e < nel; e++) {
			uint32_t r = p[0];
			double f = w[p[1]] / piv;
			p += 2;
			for (t = 0; t < m; t++)
				w[p[t]] += -f * w[src[t]];
			p += m;
			b[r] -= f * b[k];
		}
	}
	for (s = n; s-- > 0;) {
		uint32_t k = pl->ord[s], m;
		const uint32_t *q = pl->prog + pl->step[s], *src, *col;
		double v = b[k];
		m = q[1];
		src = q + 2;
		col = src + m;
		for (t = 0; t < m; t++)
			v -= w[src[t]] * sv->x[col[t]];
		sv->x[k] = v / w[q[0]];
	}
	return 0;
}

/*
 * Before the elimination: a system of cap unknowns of the shape and
 * order of a plan is done from it instead (0 with x, -1), or begins to
 * write one (*rec, else NULL); each term gets its slot, and *work the
 * eliminations allowed.  1: go on with the elimination.
 */
static int solve_begin(struct solver *sv, struct splan **rec, size_t *work)
{
	size_t n = sv->n, s;

	*rec = NULL;
	*work = SOLVE_WORK_MIN;
	sv->logadds = 0;
	if (n == sv->cap && !sv->pick) {
		struct splan *pl = plan_find(sv);
		int rc = pl ? plan_run(sv, pl) : 1;
		if (pl && !rc)
			sv->last[sv->way] = pl;
		if (rc <= 0)
			return rc;
	}
	if (n == sv->cap && !sv->noplan) {
		*rec = plan_begin(sv);
		sv->last[!sv->way] = sv->last[!sv->way] == *rec ? NULL : sv->last[!sv->way];
	}
	sv->nslot = 0;
	for (s = 0; s < n; s++) {
		struct srow *r = &sv->row[s];
		uint32_t t;
		*work += SOLVE_WORK * r->n;
		for (t = 0; t < r->n; t++)
			r->slot[t] = (uint32_t)sv->nslot++;
	}
	return 1;
}

/*
 * The pivot of step s, k, goes last in its row, which no later step
 * changes: the row's other columns are those not eliminated yet (a
 * column leaves every row that holds it when it is, and fill adds none
 * that was), each to subtract below, and the diagonal is read from its
 * end when x is found.  Its value (0 when it has none), the step's start
 * written to rec (a plan being written, or NULL), where its count of
 * rows goes in *at_nel.
 */
static double pivot_last(struct solver *sv, size_t s, uint32_t k, struct splan *rec,
			 size_t *at_nel)
{
	struct srow *rk = &sv->row[k];
	uint16_t *atk = &sv->at[(size_t)k * sv->cap];
	uint32_t t, m;

	if (atk[k] == SOLVE_NONE)
		return 0;
	t = atk[k] - 1u;
	m = rk->n - 1;
	if (t != m) {
		uint32_t c = rk->col[m], sl = rk->slot[m];
		double v = rk->val[m];
		rk->col[m] = k;
		rk->val[m] = rk->val[t];
		rk->slot[m] = rk->slot[t];
		rk->col[t] = c;
		rk->val[t] = v;
		rk->slot[t] = sl;
		atk[c] = (uint16_t)(t + 1);
		atk[k] = (uint16_t)rk->n;
	}
	if (rec) {
		plan_room(rec, 3 + 2 * (size_t)m);
		rec->step[s] = (uint32_t)rec->nprog;
		rec->prog[rec->nprog++] = rk->slot[m];
		rec->prog[rec->nprog++] = m;
		memcpy(&rec->prog[rec->nprog], rk->slot, m * sizeof(*rk->slot));
		memcpy(&rec->prog[rec->nprog + m], rk->col, m * sizeof(*rk->col));
		rec->nprog += 2 * (size_t)m;
		*at_nel = rec->nprog++;
	}
	return rk->val[m];
}

/*
 * x from the rows and b by sparse elimination in sv->ord's order (both
 * spent); 0, or -1 on a zero pivot or past the work allowed.  The largest
 * system's solves write a plan, and one of the same shape and order is
 * done from its plan (plan_run()).
 */
static int solve_full(struct solver *sv)
{
	size_t n = sv->n, cap = sv->cap, s, q, work;
	struct splan *rec;
	int rc;

	if (sv->fast) {
		struct splan *pl = sv->fast;
		rc = plan_run(sv, pl);
		sv->fast = NULL;
		pl->used = ++sv->clock;
		return rc;
	}
	if ((rc = solve_begin(sv, &rec, &work)) <= 0)
		return rc;
	memset(sv->done, 0, n);
	if (sv->pick)
		pick_init(sv);
	for (s = 0; s < n; s++) {
		uint32_t k = sv->pick ? (sv->ord[s] = pick_next(sv)) : sv->ord[s], t, m, nel = 0;
		struct srow *rk = &sv->row[k];
		size_t at_nel = 0;
		double p = pivot_last(sv, s, k, rec, &at_nel);
		if (!(p > 0 || p < 0))
			return -1;
		m = rk->n - 1;
		sv->done[k] = 1;
		if (sv->pick)
			for (t = 0; t < m; t++) {
				sv->cn[rk->col[t]]--;	/* row k is eliminated */
				pick_rekey(sv, rk->col[t]);
			}
		for (q = 0; q < sv->clen[k]; q++) {
			uint32_t i = sv->clist[k][q];
			uint16_t *at = &sv->at[(size_t)i * cap];
			struct srow *ri = &sv->row[i];
			uint32_t *ic = ri->col, *is = ri->slot, in = ri->n;
			double *iv = ri->val, f;
			const uint32_t *kc = rk->col;
			const double *kv = rk->val;
			if (sv->done[i] || at[k] == SOLVE_NONE)
				continue;
			t = at[k] - 1u;
			f = iv[t] / p;
			if (rec) {
				plan_room(rec, 2 + (size_t)m);
				rec->prog[rec->nprog++] = i;
				rec->prog[rec->nprog++] = is[t];
				nel++;
			}
			/* column k leaves row i */
			at[k] = SOLVE_NONE;
			in--;
			if (t != in) {
				ic[t] = ic[in];
				iv[t] = iv[in];
				is[t] = is[in];
				at[ic[t]] = (uint16_t)(t + 1);
			}
			{
				uint32_t had = in;
				if (m + 1 > work)
					return -1;
				work -= m + 1;
				for (t = 0; t < m; t++) {
					uint32_t j = kc[t];
					double v = -f * kv[t];
					uint16_t a = at[j];
					if (a != SOLVE_NONE) {
						iv[a - 1] += v;
						if (rec)
							rec->prog[rec->nprog++] = is[a - 1];
						continue;
					}
					if (in == ri->cap) {
						ri->n = in;
						srow_grow(sv, ri);
						ic = ri->col;
						iv = ri->val;
						is = ri->slot;
					}
					at[j] = (uint16_t)(in + 1);
					ic[in] = j;
					iv[in] = v;
					is[in] = (uint32_t)sv->nslot++;
					if (rec)
						rec->prog[rec->nprog++] = is[in];
					in++;
					if (sv->clen[j] == sv->ccap[j])
						scol_grow(sv, j);
					sv->clist[j][sv->clen[j]++] = i;
				}
				sv->b[i] -= f * sv->b[k];
				/* the columns new in row i (put last) */
				for (t = had; sv->pick && t < in; t++) {
					sv->cn[ic[t]]++;
					pick_rekey(sv, ic[t]);
				}
			}
			ri->n = in;
			if (sv->pick)
				pick_rekey(sv, i);
		}
		if (rec)
			rec->prog[at_nel] = nel;
	}
	sv->pick = 0;
	if (rec) {
		memcpy(rec->ord, sv->ord, n * sizeof(*sv->ord));
		rec->nslot = sv->nslot;
		sv->last[sv->way] = rec;
	}
	for (s = n; s-- > 0;) {
		uint32_t k = sv->ord[s], t;
		const struct srow *rk = &sv->row[k];
		double v = sv->b[k];
		for (t = 0; t + 1 < rk->n; t++)
			v -= rk->val[t] * sv->x[rk->col[t]];
		sv->x[k] = v / rk->val[rk->n - 1];
	}
	return 0;
}

/*
 * The order for system key, way 0 or 1: the next solve makes it
 * (sv->pick); the largest system's shape is the same in each round (of
 * the views' flows), so its order is made once each way and kept
 * (solver_keep()).
 */
static void solver_order_of(struct solver *sv, size_t k, int way)
{
	if (sv->n == sv->cap && (sv->ordk[way] == k + 1 || sv->ordk[!way] == k + 1)) {
		memcpy(sv->ord, sv->ordc[sv->ordk[way] == k + 1 ? way : !way], sv->n * sizeof(*sv->ord));
		return;
	}
	sv->pick = 1;
}

/* After a solve that made its order: keep the largest system's. */
static void solver_keep(struct solver *sv, size_t k, int way)
{
	if (sv->n != sv->cap || sv->ordk[way] == k + 1)
		return;
	memcpy(sv->ordc[way], sv->ord, sv->n * sizeof(*sv->ord));
	sv->ordk[way] = k + 1;
}

/* A build into the rows: empty, its calls of solver_add() logged when a plan may be written. */
static void solver_rows(struct solver *sv, size_t n)
{
	solver_clear(sv, n);
	sv->nadds = 0;
	sv->logadds = n == sv->cap && !sv->noplan;
}

/*
 * A system is built into the values of the last plan of its way when
 * that can be (the same size, order and calls of solver_add(), which the
 * build checks as it goes: solver_built()), else into the rows.
 */
void solver_start(struct solver *sv, size_t n, size_t k, int way, int first)
{
	struct splan *pl = sv->last[way];
	size_t i;

	sv->way = way;
	sv->key = k;
	sv->first = first;
	sv->n = n;
	if (first)
		solver_order_of(sv, k, way);
	sv->fast = NULL;
	if (pl && pl->nslot && pl->n == n && n == sv->cap && !sv->pick &&
	    !memcmp(pl->ord, sv->ord, n * sizeof(*sv->ord))) {
		sv->fast = pl;
		sv->fa = 0;
		sv->fail = 0;
		plan_values(sv, pl, 0);
		for (i = 0; i < n; i++)
			sv->b[i] = 0;
		return;
	}
	solver_rows(sv, n);
}

/* After a build: 1 when it must be made again, into the rows (the plan did not fit). */
int solver_built(struct solver *sv)
{
	if (!sv->fast || (!sv->fail && sv->fa == sv->fast->nadd))
		return 0;
	sv->fast = NULL;
	solver_rows(sv, sv->n);
	return 1;
}

int solver_run(struct solver *sv)
{
	int rc = solve_full(sv);

	if (rc) {
		sv->pick = 0;	/* the next system chooses its order again */
		return rc;
	}
	if (sv->first)
		solver_keep(sv, sv->key, sv->way);
	return 0;
}
