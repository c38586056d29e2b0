/* test_tokenize: every tokenizer path against the byte loop, and runs summed by the tokenizer against lines taken one by one. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "load.h"
#include "load_tokenize.h"
#include "suites.h"

/* ---- every path against the byte loop (TOK_C), on generated blocks ---- */

static uint64_t rng = 0x9e3779b97f4a7c15u;

static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static void put(char **p, const char *s)
{
	size_t n = strlen(s);
	memcpy(*p, s, n);
	*p += n;
}

static void digits(char **p, unsigned n, const char *set)
{
	while (n--)
		*(*p)++ = set[rnd((unsigned)strlen(set))];
}

/* One token of a cost line, mostly well formed, now and then not. */
static void token(char **p)
{
	switch (rnd(14)) {
	case 0:
		put(p, "*");
		break;
	case 1: case 2:
		put(p, "+");
		digits(p, 1 + rnd(3), "0123456789");
		break;
	case 3:
		put(p, "-");
		digits(p, 1 + rnd(3), "0123456789");
		break;
	case 4:
		put(p, "0x");
		digits(p, rnd(18), "0123456789abcdefABCDEF");
		break;
	case 5:
		/* long numbers: 8, 9, 16, 17, 19, 20 digits and around */
		digits(p, 7 + rnd(15), "0123456789");
		break;
	case 6:
		put(p, (const char *[]){ "+", "-", "*5", "+x", "--1", "1x", "x", ",", "0x", "+0x1" }[rnd(10)]);
		break;
	default:
		digits(p, 1 + rnd(6), rnd(4) ? "0123456789" : "0");
		break;
	}
}

static void line(char **p)
{
	unsigned k = rnd(30), n, i;

	if (k < 15) {
		n = 1 + rnd(k < 2 ? 40 : 7);
		for (i = 0; i < n; i++) {
			if (i)
				put(p, (const char *[]){ " ", " ", " ", " ", "  ", "\t", " \t" }[rnd(7)]);
			token(p);
		}
		if (!rnd(8))
			put(p, " ");
		if (!rnd(30))
			put(p, "\r");
	} else {
		put(p, (const char *[]){ "fn=(12) a b", "calls=3 +1 2", "jump=1 +2", "jcnd=1/2 -3",
					 "# comment", "", "   ", "\t", "cfn=(1x) b", "fl=(1)",
					 "fi=( a", "calls=0x10", "ob=(99999999999999999999) o",
					 "cob= \t(7)  lib.so\r", "jfn=plain name" }[k - 15 < 15 ? k - 15 : 5]);
	}
	*(*p)++ = '\n';
}

/* A block of generated lines: sometimes a NUL, sometimes no final newline. */
static size_t gen_block(char *buf, size_t cap)
{
	char *p = buf, *end = buf + cap - 2048;
	unsigned n = rnd(300), i;

	for (i = 0; i < n && p < end; i++)
		line(&p);
	if (p > buf && !rnd(6))
		p--;	/* no newline at the end */
	if (p > buf && !rnd(40))
		buf[rnd((unsigned)(p - buf))] = '\0';
	return (size_t)(p - buf);
}

static void block_load(struct block *b, const char *text, size_t len)
{
	memset(b, 0, sizeof(*b));
	b->cap = len + 1;
	b->buf = malloc(b->cap + BLOCK_PAD);
	memcpy(b->buf, text, len);
	memset(b->buf + len, 0, BLOCK_PAD);
	b->len = len;
	b->last_nonl = len && text[len - 1] != '\n';
}

/* memcmp() that takes empty (maybe NULL) arrays */
static int same_mem(const void *a, const void *b, size_t n)
{
	return !n || !memcmp(a, b, n);
}

/* Everything tokenize() gives, alike in a and b. */
static void same_blocks(const struct block *a, const struct block *b, unsigned seed)
{
	size_t i;

	ck_assert_msg(a->nrec == b->nrec, "block %u: %zu records against %zu", seed, b->nrec, a->nrec);
	ck_assert_msg((a->nul ? a->nul - a->buf : -1) == (b->nul ? b->nul - b->buf : -1),
		      "block %u: NUL", seed);
	ck_assert_msg(same_mem(a->rec, b->rec, a->nrec * sizeof(*a->rec)), "block %u: records", seed);
	ck_assert_msg(a->ntok == b->ntok, "block %u: %zu tokens against %zu", seed, b->ntok, a->ntok);
	ck_assert_msg(same_mem(a->tv, b->tv, a->ntok * sizeof(*a->tv)), "block %u: token values", seed);
	ck_assert_msg(same_mem(a->tt, b->tt, a->ntok * sizeof(*a->tt)), "block %u: token types", seed);
	ck_assert_msg(a->nname == b->nname, "block %u: %zu name lines against %zu", seed, b->nname,
		      a->nname);
	for (i = 0; i < a->nname; i++)
		ck_assert_msg(a->name[i].key == b->name[i].key && a->name[i].has_id == b->name[i].has_id &&
			      (!a->name[i].has_id || a->name[i].id == b->name[i].id) &&
			      a->name[i].off == b->name[i].off && a->name[i].len == b->name[i].len,
			      "block %u: name line %zu", seed, i);
	ck_assert_msg(a->nrun == b->nrun, "block %u: %zu runs against %zu", seed, b->nrun, a->nrun);
	for (i = 0; i < a->nrun; i++) {
		const struct run *x = &a->run[i], *y = &b->run[i];
		int k;
		ck_assert_msg(x->rec == y->rec && x->nrec == y->nrec && x->ntok == y->ntok &&
			      x->nbytes == y->nbytes && x->lasttok == y->lasttok &&
			      x->lastnt == y->lastnt && x->ncol == y->ncol && x->bad == y->bad,
			      "block %u: run %zu", seed, i);
		for (k = 0; k < RUN_POS; k++)
			ck_assert_msg(x->pos[k].abs == y->pos[k].abs && x->pos[k].bad == y->pos[k].bad &&
				      /* what the applying stage reads: the value, or the move */
				      (x->pos[k].abs ? x->pos[k].v == y->pos[k].v : x->pos[k].d == y->pos[k].d) &&
				      x->pos[k].min == y->pos[k].min && x->pos[k].max == y->pos[k].max,
				      "block %u: run %zu, position %d", seed, i, k);
		ck_assert_msg(x->ncol < 2 || same_mem(a->acc + x->acc + 1, b->acc + y->acc + 1,
						     (x->ncol - 1) * sizeof(*a->acc)),
			      "block %u: run %zu, sums", seed, i);
	}
}

START_TEST(paths_alike)
{
	enum { NBLOCKS = 3000, CAP = 64 << 10 };
	char *text = malloc(CAP);
	unsigned seed, v, nruns = 0, paths = 0;

	for (v = TOK_SSE2; v <= TOK_AVX2; v++)
		paths += tokenize_simd_ok(v);
	for (seed = 0; seed < NBLOCKS; seed++) {
		struct block ref, b;
		size_t len = gen_block(text, CAP);
		block_load(&ref, text, len);
		tokenize_as(&ref, TOK_C);
		nruns += (unsigned)ref.nrun;
		for (v = TOK_SSE2; v <= TOK_AVX2; v++) {
			if (!tokenize_simd_ok(v))
				continue;
			block_load(&b, text, len);
			tokenize_as(&b, v);
			same_blocks(&ref, &b, seed);
			block_release(&b);
		}
		block_release(&ref);
	}
	/* the blocks must make runs, or the sums were never compared */
	ck_assert_uint_gt(nruns, NBLOCKS);
	fprintf(stderr, "tokenize: %u blocks, %u runs, %u SIMD paths compared with the byte loop\n",
		NBLOCKS, nruns, paths);
	free(text);
}
END_TEST

START_TEST(tokens_of_a_line)
{
	/* "+7 0 11431" after a fn= line: three tokens, in a run of one line */
	static const char text[] = "fn=f\n+7 0 11431\n* -2\t0x1F  \n";
	enum tok_simd v;

	for (v = TOK_C; v <= TOK_AVX2; v++) {
		struct block b;
		if (!tokenize_simd_ok(v))
			continue;
		block_load(&b, text, sizeof(text) - 1);
		tokenize_as(&b, v);
		ck_assert_uint_eq(b.nrec, 3);
		ck_assert_uint_eq(b.rec[0].ntok, REC_NAME);
		ck_assert_uint_eq(b.rec[1].ntok, 3);
		ck_assert_uint_eq(b.rec[2].ntok, 3);
		ck_assert_uint_eq(b.ntok, 6);
		ck_assert_uint_eq(b.tv[0], 7);
		ck_assert_uint_eq(b.tt[0], TK_PLUS);
		ck_assert_uint_eq(b.tv[2], 11431);
		ck_assert_uint_eq(b.tt[3], TK_STAR);
		ck_assert_uint_eq(b.tv[4], 2);
		ck_assert_uint_eq(b.tt[4], TK_MINUS);
		ck_assert_uint_eq(b.tv[5], 0x1F);
		ck_assert_uint_eq(b.tt[5], TK_HEX);
		/* one run of both cost lines: column 1 sums 0 (a decimal), column 2
		   holds the hex (not a count); position 0: +7, then * (7);
		   position 1: 0, then 2 below it */
		ck_assert_uint_eq(b.nrun, 1);
		ck_assert_uint_eq(b.run[0].rec, 1);
		ck_assert_uint_eq(b.run[0].nrec, 2);
		ck_assert_uint_eq(b.run[0].ncol, 3);
		ck_assert_int_eq(b.run[0].pos[0].d, 7);
		ck_assert_int_eq(b.run[0].pos[0].max, 7);
		ck_assert_int_eq(b.run[0].pos[1].abs, 1);
		ck_assert_int_eq(b.run[0].pos[1].bad, 1);	/* 0, then -2: below zero */
		ck_assert_uint_eq(b.run[0].bad & 6, 6);	/* "-2" and "0x1F" are no counts */
		block_release(&b);
	}
}
END_TEST

START_TEST(name_lines)
{
	/* cut as parse_name() cuts them; a bad id and a '\r' stay REC_SLOW */
	static const char text[] = "fn=(12) a b\ncfi=  (3)\nfl=( x\njfn=(1x) f\nob=(2) o\r\n"
				    "calls=2 0x10 +1\ncalls=+2 1\n";
	struct block b;

	block_load(&b, text, sizeof(text) - 1);
	tokenize_as(&b, TOK_C);
	ck_assert_uint_eq(b.nrec, 7);
	ck_assert_uint_eq(b.nname, 3);
	ck_assert_uint_eq(b.rec[0].ntok, REC_NAME);
	ck_assert_uint_eq(b.name[0].key, NK_FN);
	ck_assert_uint_eq(b.name[0].has_id, 1);
	ck_assert_uint_eq(b.name[0].id, 12);
	ck_assert_uint_eq(b.name[0].off, 8);
	ck_assert_uint_eq(b.name[0].len, 3);
	ck_assert_uint_eq(b.name[1].key, NK_CFI);
	ck_assert_uint_eq(b.name[1].id, 3);
	ck_assert_uint_eq(b.name[1].len, 0);	/* a reference */
	ck_assert_uint_eq(b.name[2].key, NK_FL);
	ck_assert_uint_eq(b.name[2].has_id, 0);
	ck_assert_uint_eq(b.name[2].off, 3);	/* "( x", a plain name */
	ck_assert_uint_eq(b.rec[3].ntok, REC_SLOW);	/* (1x): a bad id */
	ck_assert_uint_eq(b.rec[4].ntok, REC_SLOW);	/* '\r' */
	ck_assert_uint_eq(b.rec[5].ntok, REC_CALLS + 3);
	ck_assert_uint_eq(b.rec[6].ntok, REC_SLOW);	/* a count is no "+2" */
	ck_assert_uint_eq(b.tv[1], 0x10);
	block_release(&b);
}
END_TEST

/* ---- runs against lines taken one by one ---- */

static int want_none(const char *file, void *ctx)
{
	(void)file;
	(void)ctx;
	return 0;
}

static char lean_diag[2048], whole_diag[2048];

/* Load text lean (runs taken) or whole (every line one by one); 0 when it loaded. */
static int load_as(struct profile *p, const char *text, int lean, char *msg, size_t msglen)
{
	FILE *f = fmemopen(msg, msglen - 1, "w");
	int rc;

	memset(msg, 0, msglen);
	diag_set_stream(f);
	diag_reset();
	profile_init(p);
	if (lean) {
		p->drop_calls = 1;
		p->want_lines = want_none;
	}
	rc = load_buffer(p, "t.cg", text, strlen(text), NULL) || load_finish(p);
	fclose(f);
	diag_set_stream(stderr);
	return rc;
}

/* The lean load says and sums what the whole one does; returns the lean load's result. */
static int lean_as_whole(const char *text, uint64_t *total)
{
	struct profile a, b;
	int ra = load_as(&a, text, 1, lean_diag, sizeof(lean_diag));
	int rb = load_as(&b, text, 0, whole_diag, sizeof(whole_diag));
	size_t i;

	ck_assert_int_eq(ra, rb);
	ck_assert_str_eq(lean_diag, whole_diag);
	if (!ra) {
		ck_assert_uint_eq(a.nfns, b.nfns);
		for (i = 0; i < a.nfns; i++) {
			ck_assert_str_eq(a.fns[i]->k.name, b.fns[i]->k.name);
			ck_assert_uint_eq(a.fns[i]->self->v[0], b.fns[i]->self->v[0]);
			ck_assert_uint_eq(a.fns[i]->self->ndef, b.fns[i]->self->ndef);
		}
		*total = a.total->v[0];
	}
	profile_release(&a);
	profile_release(&b);
	return ra;
}

START_TEST(run_sums)
{
	/* 5 + 6 + 7 + 8 in one run (jump= and a comment inside), then a
	 * call whose cost line waits behind a comment and a blank line: its
	 * 100 is no self cost.  f: 26 + 1 = 27. */
	uint64_t t = 0;
	ck_assert_int_eq(lean_as_whole("positions: instr line\nevents: Ir\nfn=f\n"
				       "0x10 3 5\n+1 * 6\njump=1 +2\n# c\n* +1 7\n-1 -1 8\n"
				       "cfn=g\ncalls=1 0x20 9\n# c\n\n+2 * 100\n+1 * 1\n", &t), 0);
	ck_assert_uint_eq(t, 27);
}
END_TEST

START_TEST(run_below_zero)
{
	/* line 5 -> 6 -> below zero on line 8 of the file, inside a run */
	uint64_t t = 0;
	ck_assert_int_ne(lean_as_whole("positions: line\nevents: Ir\nfn=f\n5 1\n+1 1\n+0 1\n+0 1\n-7 1\n+1 1\n", &t), 0);
	ck_assert_msg(!strncmp(lean_diag, "annogrind: t.cg:8: ", 19), "%s", lean_diag);
	ck_assert_ptr_nonnull(strstr(lean_diag, "below zero"));
}
END_TEST

START_TEST(run_line_max)
{
	/* line 2^64-2, then 2^64-1 (out of range) on line 6 */
	uint64_t t = 0;
	ck_assert_int_ne(lean_as_whole("positions: line\nevents: Ir\nfn=f\n18446744073709551613 1\n"
				       "+1 1\n+1 1\n+1 1\n", &t), 0);
	ck_assert_msg(!strncmp(lean_diag, "annogrind: t.cg:6: ", 19), "%s", lean_diag);
	ck_assert_ptr_nonnull(strstr(lean_diag, "2^64-1"));
}
END_TEST

START_TEST(run_count_overflow)
{
	/* 2^64-2 + 1 fits; one more on line 7 does not */
	uint64_t t = 0;
	ck_assert_int_ne(lean_as_whole("positions: line\nevents: Ir\nfn=f\n1 1\n+1 18446744073709551613\n"
				       "+1 1\n+1 1\n+1 1\n", &t), 0);
	ck_assert_msg(!strncmp(lean_diag, "annogrind: t.cg:7: ", 19), "%s", lean_diag);
	ck_assert_ptr_nonnull(strstr(lean_diag, "does not fit"));
}
END_TEST

START_TEST(run_relative_counts)
{
	/* a relative count (speedscope) inside a run: the run goes line by line */
	uint64_t t = 0;
	ck_assert_int_eq(lean_as_whole("positions: line\nevents: Ir Dr\nfn=f\n1 1 2\n+1 5 3\n+1 +1 *\n"
				       "+1 1 1\n", &t), 0);
	ck_assert_uint_eq(t, 1 + 5 + 6 + 1);
	ck_assert_ptr_nonnull(strstr(lean_diag, "relative count"));
}
END_TEST

START_TEST(run_negative_count)
{
	/* a Callgrind count is never negative: -1 is relative (3 - 1), inside a run too,
	   and -3 after it goes below zero on line 7 */
	uint64_t t = 0;
	ck_assert_int_eq(lean_as_whole("positions: line\nevents: Ir Dr\nfn=f\n1 1 2\n+1 5 3\n+1 1 -1\n"
				       "+1 1 1\n", &t), 0);
	ck_assert_uint_eq(t, 1 + 5 + 1 + 1);
	ck_assert_ptr_nonnull(strstr(lean_diag, "t.cg:6: warning: relative count '-1'"));
	ck_assert_int_ne(lean_as_whole("positions: line\nevents: Ir Dr\nfn=f\n1 1 2\n+1 5 3\n+1 1 -1\n"
				       "+1 1 -3\n", &t), 0);
	ck_assert_msg(strstr(lean_diag, "annogrind: t.cg:7: relative count '-3' goes below zero"),
		      "%s", lean_diag);
}
END_TEST

START_TEST(run_three_positions)
{
	/* three position kinds: runs are taken line by line, with the same sums */
	uint64_t t = 0;
	ck_assert_int_eq(lean_as_whole("positions: instr line bb\nevents: Ir\nfn=f\n1 2 3 4\n+1 +1 +1 5\n"
				       "* * * 6\n", &t), 0);
	ck_assert_uint_eq(t, 15);
}
END_TEST

Suite *tokenize_suite(void)
{
	Suite *s = suite_create("tokenize");
	TCase *tc = tcase_create("tokenize");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, paths_alike);
	tcase_add_test(tc, tokens_of_a_line);
	tcase_add_test(tc, name_lines);
	tcase_add_test(tc, run_sums);
	tcase_add_test(tc, run_below_zero);
	tcase_add_test(tc, run_line_max);
	tcase_add_test(tc, run_count_overflow);
	tcase_add_test(tc, run_relative_counts);
	tcase_add_test(tc, run_negative_count);
	tcase_add_test(tc, run_three_positions);
	suite_add_tcase(s, tc);
	return s;
}
