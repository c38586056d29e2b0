/* fit: the rebuilt stacks' self costs fitted to the exact inclusive costs the profile knows. */
#include "fit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "sort.h"

/* What the fit reads: the stacks of one event of a profile. */
struct fit {
	const struct profile *p;
	const struct stacks *s;
	size_t ev;
};

/*
 * Fitting (iterative proportional fitting).  The shares above follow the
 * gprof rule, each call split over its caller's stacks in proportion to
 * them, which is wrong wherever functions serve several parts of the
 * program: an interpreter's calls serve both its start-up imports and the
 * script (on a python3 profile the script's PyRun_StringFlags came out at
 * 26% of the run instead of its exact 77%).  The profile knows better: an
 * exact inclusive cost (graph.h; every outermost function has one) is
 * what the frames of that function must add up to, since such a function
 * is on a stack at most once.  Each sweep takes these constraints top
 * down (by their first stack) and scales everything above the frames of
 * each by target / current (at most FIT_STEP either way), then scales
 * each function's self cost over its stacks back to the exact sum; until
 * no constraint is off by more than FIT_CLOSE of the program total, at
 * most FIT_SWEEPS sweeps, then fit_newton() finishes.
 * A constraint still off by more than FIT_FAR after FIT_WARM sweeps is
 * dropped: the stacks made cannot meet it (stacks too small to make, or
 * calls the split put elsewhere), and chasing it moves the rest.  Exact
 * call costs as constraints too were tried and made things worse (many
 * cannot be met).  x holds each stack's real-valued self cost.  Skipped
 * (the shares stay) when walking up the stacks would take more than
 * FIT_BUDGET steps a stack: a chain of thousands of functions.
 */
#define FIT_SWEEPS 10
#define FIT_CLOSE 1e-6
#define FIT_BUDGET 64
#define FIT_WARM 5
#define FIT_FAR 4.0
#define FIT_STEP 2.0
#define FIT_CHAIN_MIN (1u << 22)
#define FIT_CHAIN_PER_BYTE 2

struct fitc {
	double target;
	uint32_t fn;		/* its nodes: flist[fstart[fn] .. fstart[fn + 1]) */
	uint32_t first;		/* its lowest node: constraints are taken in this order */
	int dead;
};

static int fitc_cmp(const void *x, const void *y)
{
	const struct fitc *a = x, *b = y;
	return a->first < b->first ? -1 : a->first > b->first;
}

/* Is f's inclusive cost one its frames are fitted to? */
static int fitted(const struct fit *ft, const struct fn *f)
{
	return f->incl_exact && fn_incl(ft->p, f)->v[ft->ev] > 0;
}

/*
 * After the sweeps, Newton's method finishes the fit when nothing is cut
 * (--threshold=100: the stacks are what is asked for, not a picture).
 * The sweeps scale one constraint at a time; where functions nest in one
 * another (an interpreter's static cycle: python3's PyObject_Vectorcall
 * holds most of the others) each scaling undoes others, and 40 sweeps
 * left python3's stacks 3.7% of the program off.  Here each stack costs
 * what the sweeps gave it times exp(a), a the sum of one variable for
 * each fitted function on it, with each function's self cost spread over
 * its stacks in proportion.  The variables that meet every constraint
 * minimise the convex function F = sum over functions of self * log(the
 * sum over its stacks) - sum(variable * target), whose gradient is what
 * each constraint is off by, and whose Hessian times a vector takes a
 * pass down the stacks and one back up.  F gets NEWTON_MU / 2 times the
 * variables' squares, so a constraint the stacks cannot meet pulls them
 * only so far (it is met to NEWTON_MU times its variable).  Each step
 * solves for the direction by conjugate gradients (each constraint's
 * current sum as the preconditioner, to a tenth of the gradient), with a
 * damping that grows when the step must be shortened, and halves the
 * step until F falls.  It stops once the gradient is below FIT_CLOSE of
 * the program total, after NEWTON_PASSES passes over the stacks, or when
 * NEWTON_STALL steps in a row did not bring the worst constraint a tenth
 * closer (constraints the stacks made cannot meet together: the ladder
 * of tests/hostile); the best variables seen are kept if they meet the
 * constraints better than the sweeps did.  On python3: 3.7% to 0.08%, for 8% more instructions.
 */
#define NEWTON_PASSES 150
#define NEWTON_CG 60
#define NEWTON_HALVINGS 30
#define NEWTON_DAMP 1e-2
#define NEWTON_MU 1e-4
#define NEWTON_GAIN 0.9
#define NEWTON_STALL 3

struct newton {
	size_t n, nf, m;
	const uint32_t *par, *fid;	/* by node: its parent (STACKS_NONE) and fn id */
	const int32_t *nci;	/* by node: its function's live constraint, or -1 */
	const double *x0;	/* by node: the cost after the sweeps, over the total */
	const double *ts;	/* by fn id: its self cost over the total */
	const double *t;	/* by constraint: its target over the total (dead: 0) */
	double *a, *x, *tot, *sum, *cur;
};

/*
 * x (each function's self cost spread over its stacks in proportion to
 * x0 * exp(a)), tot and cur at th; returns F, or HUGE_VAL when exp would
 * overflow.
 */
static double newton_eval(struct newton *nw, const double *th)
{
	size_t i, k;
	double f = 0;

	for (k = 0; k < nw->nf; k++)
		nw->sum[k] = 0;
	for (k = 0; k < nw->m; k++)
		nw->cur[k] = 0;
	for (i = 0; i < nw->n; i++) {
		double a = nw->par[i] == STACKS_NONE ? 0 : nw->a[nw->par[i]];
		if (nw->nci[i] >= 0)
			a += th[nw->nci[i]];
		if (a > 600)
			return HUGE_VAL;
		nw->a[i] = a;
		nw->x[i] = nw->x0[i] > 0 ? nw->x0[i] * exp(a) : 0;
		nw->sum[nw->fid[i]] += nw->x[i];
	}
	for (k = 0; k < nw->nf; k++)
		if (nw->sum[k] > 0)
			f += nw->ts[k] * log(nw->sum[k]);
	for (i = nw->n; i-- > 0;) {
		double sk = nw->sum[nw->fid[i]];
		nw->x[i] = sk > 0 ? nw->x[i] * nw->ts[nw->fid[i]] / sk : 0;
		nw->tot[i] += nw->x[i];
		if (nw->nci[i] >= 0)
			nw->cur[nw->nci[i]] += nw->tot[i];
		if (nw->par[i] != STACKS_NONE)
			nw->tot[nw->par[i]] += nw->tot[i];
		nw->tot[i] = 0;	/* ready for the next evaluation */
	}
	for (k = 0; k < nw->m; k++)
		f -= th[k] * nw->t[k];
	return f;
}

/* out = the Hessian of F times d, at the x of the last evaluation (u, z: by node; w: by fn). */
static void newton_hess(struct newton *nw, const double *d, double *out, double *u, double *z,
			double *w)
{
	size_t i, k;

	for (k = 0; k < nw->nf; k++)
		w[k] = 0;
	for (k = 0; k < nw->m; k++)
		out[k] = 0;
	for (i = 0; i < nw->n; i++) {
		double v = nw->par[i] == STACKS_NONE ? 0 : u[nw->par[i]];
		if (nw->nci[i] >= 0)
			v += d[nw->nci[i]];
		u[i] = v;
		w[nw->fid[i]] += nw->x[i] * v;
	}
	/* what each function's spreading takes back, then the sums up the stacks */
	for (k = 0; k < nw->nf; k++)
		w[k] = nw->ts[k] > 0 ? w[k] / nw->ts[k] : 0;
	for (i = nw->n; i-- > 0;) {
		z[i] += nw->x[i] * (u[i] - w[nw->fid[i]]);
		if (nw->nci[i] >= 0)
			out[nw->nci[i]] += z[i];
		if (nw->par[i] != STACKS_NONE)
			z[nw->par[i]] += z[i];
		z[i] = 0;
	}
}

/* The largest part of the total a live constraint is off by at the last evaluation. */
static double newton_worst(const struct newton *nw)
{
	size_t k;
	double w = 0;

	for (k = 0; k < nw->m; k++) {
		double off = nw->t[k] > 0 ? nw->cur[k] - nw->t[k] : 0;
		if (off < 0)
			off = -off;
		if (off > w)
			w = off;
	}
	return w;
}

static double dot(const double *a, const double *b, size_t n)
{
	size_t i;
	double s = 0;

	for (i = 0; i < n; i++)
		s += a[i] * b[i];
	return s;
}

/* What the damping scales for constraint k: its current sum (1 when it has none). */
static double newton_scale(const struct newton *nw, size_t k)
{
	return nw->cur[k] > 0 ? nw->cur[k] : 1;
}

/*
 * The direction dir of a step from the gradient g: (H + damp diag(H) +
 * NEWTON_MU) dir = -g by conjugate gradients preconditioned by that
 * diagonal, from dir = 0, until the residual is a tenth of g, after
 * NEWTON_CG iterations, or once *passes reaches NEWTON_PASSES (each
 * product with H is a pass).  v: 5 scratch vectors of m; u, z, w as
 * newton_hess() takes them.
 */
static void newton_direction(struct newton *nw, const double *g, double damp, double *dir,
			     double *v, double *u, double *z, double *w, size_t *passes)
{
	size_t m = nw->m, k, it;
	double *r = v, *zz = v + m, *pp = v + 2 * m, *hp = v + 3 * m, *diag = v + 4 * m;
	double gn = sqrt(dot(g, g, m)), rz;

	for (k = 0; k < m; k++) {
		diag[k] = newton_scale(nw, k) * (1 + damp) + NEWTON_MU;
		dir[k] = 0;
		r[k] = -g[k];
		zz[k] = r[k] / diag[k];
		pp[k] = zz[k];
	}
	rz = dot(r, zz, m);
	for (it = 0; it < NEWTON_CG && *passes < NEWTON_PASSES && sqrt(dot(r, r, m)) > 0.1 * gn; it++) {
		double php, al, rz2;
		newton_hess(nw, pp, hp, u, z, w);
		++*passes;
		for (k = 0; k < m; k++)
			hp[k] = nw->t[k] > 0 ? hp[k] + (damp * newton_scale(nw, k) + NEWTON_MU) * pp[k] : 0;
		php = dot(pp, hp, m);
		if (!(php > 0))
			break;
		al = rz / php;
		for (k = 0; k < m; k++) {
			dir[k] += al * pp[k];
			r[k] -= al * hp[k];
			zz[k] = r[k] / diag[k];
		}
		rz2 = dot(r, zz, m);
		for (k = 0; k < m; k++)
			pp[k] = zz[k] + rz2 / rz * pp[k];
		rz = rz2;
	}
}

static void fit_newton(const struct fit *ft, double *x, const struct fitc *con, size_t ncon, double total)
{
	const struct profile *p = ft->p;
	const struct stacks *s = ft->s;
	struct newton nw;
	size_t n = s->n, nf = p->nfns, m = ncon, i, k, passes = 1, stall = 0;
	int32_t *ci = xmalloc((nf + 1) * sizeof(*ci)), *nci = xmalloc((n + 1) * sizeof(*nci));
	uint32_t *par = xmalloc((n + 1) * sizeof(*par)), *fid = xmalloc((n + 1) * sizeof(*fid));
	double *x0 = xmalloc((n + 1) * sizeof(*x0)), *ts = xmalloc((nf + 1) * sizeof(*ts));
	/* by constraint: target, variables, tried, best, gradient, direction, 5 scratch */
	double *vec = xcalloc(11 * m + 1, sizeof(*vec));
	double *t = vec, *th = vec + m, *nth = vec + 2 * m, *best = vec + 3 * m;
	double *g = vec + 4 * m, *dir = vec + 5 * m, *scratch = vec + 6 * m;
	double *w = xmalloc((nf + 1) * sizeof(*w));
	double f, start, bestw, damp = NEWTON_DAMP;

	nw.n = n;
	nw.nf = nf;
	nw.m = m;
	nw.par = par;
	nw.fid = fid;
	nw.nci = nci;
	nw.x0 = x0;
	nw.ts = ts;
	nw.t = t;
	nw.a = xmalloc((n + 1) * sizeof(*nw.a));
	nw.x = xmalloc((n + 1) * sizeof(*nw.x));
	nw.tot = xcalloc(n + 1, sizeof(*nw.tot));
	nw.sum = xmalloc((nf + 1) * sizeof(*nw.sum));
	nw.cur = xmalloc((m + 1) * sizeof(*nw.cur));
	for (i = 0; i < nf; i++) {
		ci[i] = -1;
		ts[i] = (double)p->fns[i]->self->v[ft->ev] / total;
	}
	for (i = 0; i < n; i++)
		x0[i] = x[i] > 0 ? x[i] / total : 0;
	for (k = 0; k < m; k++) {
		if (con[k].dead)
			continue;
		ci[con[k].fn] = (int32_t)k;
		t[k] = con[k].target / total;
	}
	for (i = 0; i < n; i++) {
		par[i] = s->node[i].parent;
		fid[i] = s->node[i].fn->id;
		nci[i] = ci[fid[i]];
	}
	f = newton_eval(&nw, th);	/* + NEWTON_MU / 2 |th|^2, 0 here */
	start = bestw = newton_worst(&nw);
	while (passes < NEWTON_PASSES && bestw >= FIT_CLOSE) {
		double slope, a, nf_ = f, wst = 0;
		size_t h;
		for (k = 0; k < m; k++) {
			g[k] = t[k] > 0 ? nw.cur[k] - t[k] + NEWTON_MU * th[k] : 0;
			if (g[k] > wst || -g[k] > wst)
				wst = g[k] > 0 ? g[k] : -g[k];
		}
		if (wst < FIT_CLOSE)
			break;	/* as close as the variables' bound lets it be */
		/* the Hessian's scratch by node: a and tot are not read between evaluations */
		newton_direction(&nw, g, damp, dir, scratch, nw.a, nw.tot, w, &passes);
		slope = dot(g, dir, m);
		if (!(slope < 0))
			break;
		for (a = 1, h = 0; h < NEWTON_HALVINGS && passes < NEWTON_PASSES; h++, a /= 2) {
			for (k = 0; k < m; k++)
				nth[k] = th[k] + a * dir[k];
			nf_ = newton_eval(&nw, nth) + NEWTON_MU / 2 * dot(nth, nth, m);
			passes++;
			if (nf_ <= f + 1e-4 * a * slope)
				break;
		}
		if (!(nf_ < f))
			break;
		damp = h ? damp * 4 : damp / 4;
		memcpy(th, nth, m * sizeof(*th));
		f = nf_;
		wst = newton_worst(&nw);
		stall = wst < NEWTON_GAIN * bestw ? 0 : stall + 1;
		if (wst < bestw) {
			bestw = wst;
			memcpy(best, th, m * sizeof(*th));
		}
		if (stall == NEWTON_STALL)
			break;	/* the constraints left cannot be met together */
	}
	if (bestw < start) {
		newton_eval(&nw, best);
		for (i = 0; i < n; i++)
			x[i] = nw.x[i] * total;
	}
	free(nw.a);
	free(nw.x);
	free(nw.tot);
	free(nw.sum);
	free(nw.cur);
	free(ci);
	free(nci);
	free(par);
	free(fid);
	free(x0);
	free(ts);
	free(vec);
	free(w);
}

/*
 * By node, the nearest frame up its stack (itself included) that is
 * fitted; *work what a sweep's walks up the stacks cost.  NULL when that
 * is past FIT_BUDGET a stack.
 */
static uint32_t *fit_near(const struct fit *ft, uint64_t *work)
{
	const struct stacks *s = ft->s;
	size_t n = s->n, i;
	uint32_t *near = xmalloc(n * sizeof(*near));
	uint64_t budget = (uint64_t)FIT_BUDGET * n;

	*work = 0;
	for (i = 0; i < n; i++) {
		uint32_t par = s->node[i].parent;
		if (fitted(ft, s->node[i].fn))
			near[i] = (uint32_t)i;
		else
			near[i] = par == STACKS_NONE ? STACKS_NONE : near[par];
	}
	/* counted until past the budget */
	for (i = 0; i < n && *work <= budget; i++) {
		uint32_t a;
		if (near[i] != i)
			continue;
		for (a = (uint32_t)i; a != STACKS_NONE && *work <= budget;
		     a = s->node[a].parent == STACKS_NONE ? STACKS_NONE : near[s->node[a].parent])
			++*work;
	}
	if (*work > budget) {
		free(near);
		return NULL;
	}
	return near;
}

/* The constraints (con: room for one a function), in the order of their first frames; their number. */
static size_t fit_constraints(const struct fit *ft, const uint32_t *fstart, const uint32_t *flist,
			      struct fitc *con)
{
	const struct profile *p = ft->p;
	size_t k, ncon = 0;

	for (k = 0; k < p->nfns; k++) {
		if (fstart[k] == fstart[k + 1] || !fitted(ft, p->fns[k]))
			continue;

		con[ncon].target = (double)fn_incl(p, p->fns[k])->v[ft->ev];
		con[ncon].fn = (uint32_t)k;
		con[ncon].first = flist[fstart[k]];
		con[ncon].dead = 0;
		ncon++;
	}
	sort_array(con, ncon, sizeof(*con), fitc_cmp);
	return ncon;
}

/*
 * Within a sweep every frame of a function is scaled alike, so a
 * factor by function (g) stands for the frames' own.  The walks up
 * the stacks are laid out once, as the functions met from each
 * fitted frame up (chain[coff[j] ..] for the frame flist[j]), so a
 * sweep reads them in a row instead of chasing parents; when that
 * would take more ids than FIT_CHAIN_PER_BYTE a byte of the profile
 * (FIT_CHAIN_MIN at least: 4 bytes an id), the walks are made
 * afresh each sweep (the same products in the same order): *chain and
 * *coff stay NULL.
 */
static void fit_chains(const struct fit *ft, const uint32_t *near, const uint32_t *fstart,
		       const uint32_t *flist, uint64_t work, uint32_t **chain, uint32_t **coff)
{
	const struct stacks *s = ft->s;
	size_t nf = ft->p->nfns;

	*chain = *coff = NULL;
	if (work <= FIT_CHAIN_MIN || work / FIT_CHAIN_PER_BYTE <= mem_input_bytes()) {
		size_t w = 0, j;
		uint32_t *ch = *chain = xmalloc((work + 1) * sizeof(*ch));
		uint32_t *co = *coff = xmalloc((fstart[nf] + 1) * sizeof(*co));
		for (j = 0; j < fstart[nf]; j++) {
			uint32_t a;
			co[j] = (uint32_t)w;
			if (near[flist[j]] != flist[j])
				continue;
			for (a = flist[j]; a != STACKS_NONE;
			     a = s->node[a].parent == STACKS_NONE ? STACKS_NONE
								: near[s->node[a].parent])
				ch[w++] = s->node[a].fn->id;
		}
		co[fstart[nf]] = (uint32_t)w;
	}
}

void fit_stacks(const struct profile *p, size_t ev, const struct stacks *s, double *x,
		const uint32_t *fstart, const uint32_t *flist)
{
	const struct fit in = { p, s, ev }, *ft = &in;
	size_t n = s->n, nf = p->nfns, i, k, ncon, sweep;
	uint32_t *near, *chain, *coff;
	struct fitc *con;
	double *tot, *fac, *g, total = s->sum > 0 ? (double)s->sum : 1;
	uint64_t work;

	if (!n || !(near = fit_near(ft, &work)))
		return;
	con = xmalloc((nf + 1) * sizeof(*con));
	ncon = fit_constraints(ft, fstart, flist, con);
	fit_chains(ft, near, fstart, flist, work, &chain, &coff);
	tot = xmalloc(n * sizeof(*tot));
	fac = xmalloc(n * sizeof(*fac));
	g = xmalloc((nf + 1) * sizeof(*g));
	for (sweep = 0; sweep < FIT_SWEEPS; sweep++) {
		double worst = 0;
		for (i = 0; i < n; i++)
			tot[i] = x[i];
		for (i = 0; i < nf; i++)
			g[i] = 1;
		for (i = n; i-- > 0;)
			if (s->node[i].parent != STACKS_NONE)
				tot[s->node[i].parent] += tot[i];
		for (k = 0; k < ncon; k++) {
			struct fitc *c = &con[k];
			double cur = 0, r, off;
			uint32_t j;
			if (c->dead)
				continue;
			for (j = fstart[c->fn]; j < fstart[c->fn + 1]; j++) {
				uint32_t y = flist[j], a, q;
				double m = 1;
				/* what was scaled above it in this sweep */
				if (chain)
					for (q = coff[j]; q < coff[j + 1]; q++)
						m *= g[chain[q]];
				else
					for (a = y; a != STACKS_NONE;
					     a = s->node[a].parent == STACKS_NONE ? STACKS_NONE
										: near[s->node[a].parent])
						m *= g[s->node[a].fn->id];
				cur += tot[y] * m;
			}
			if (!(cur > 0))
				continue;
			r = c->target / cur;
			if (sweep >= FIT_WARM && (r > FIT_FAR || r < 1 / FIT_FAR)) {
				c->dead = 1;	/* the stacks made cannot meet it */
				continue;
			}
			/* met to a millionth of the program: left as it is */
			off = (c->target > cur ? c->target - cur : cur - c->target) / total;
			if (off < FIT_CLOSE)
				continue;
			if (off > worst)
				worst = off;
			if (r > FIT_STEP)
				r = FIT_STEP;
			if (r < 1 / FIT_STEP)
				r = 1 / FIT_STEP;
			g[c->fn] *= r;
		}
		for (i = 0; i < n; i++) {
			uint32_t par = s->node[i].parent;
			fac[i] = g[s->node[i].fn->id];
			if (par != STACKS_NONE)
				fac[i] *= fac[par];
			x[i] *= fac[i];
		}
		/* each function's self cost over its stacks, exact again */
		for (i = 0; i < nf; i++) {
			uint64_t self = p->fns[i]->self->v[ft->ev];
			double sum = 0;
			for (k = fstart[i]; k < fstart[i + 1]; k++)
				sum += x[flist[k]];
			if (sum > 0)
				for (k = fstart[i]; k < fstart[i + 1]; k++)
					x[flist[k]] *= (double)self / sum;
		}
		if (worst < FIT_CLOSE)
			break;
	}
	fit_newton(ft, x, con, ncon, total);
	free(tot);
	free(fac);
	free(g);
	free(chain);
	free(coff);
	free(con);
	free(near);
}
