/* test_events: event lists, long names and inherited events from formulas. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "suites.h"

static struct events e;
static char err[256];
static uint64_t errline;

static void setup(void)
{
	events_init(&e);
	err[0] = '\0';
	errline = 0;
}

static void teardown(void)
{
	events_release(&e);
}

static void raw(const char *text)
{
	ck_assert_int_eq(events_set_raw(&e, text, strlen(text), err, sizeof(err)), 0);
}

static int spec(const char *text, uint64_t line)
{
	return events_add_spec(&e, text, strlen(text), line, err, sizeof(err));
}

START_TEST(raw_list)
{
	raw("Ir Dr  Dw");
	ck_assert_int_eq(events_freeze(&e, &errline, err, sizeof(err)), 0);
	ck_assert_uint_eq(e.n, 3);
	ck_assert_uint_eq(e.nraw, 3);
	ck_assert_int_eq(events_find(&e, "Dw", 2), 2);
	ck_assert_int_eq(events_find(&e, "Dx", 2), -1);
	ck_assert_int_ne(events_same_raw(&e, "Ir Dr Dw", 8), 0);
	ck_assert_int_eq(events_same_raw(&e, "Ir Dr", 5), 0);
}
END_TEST

START_TEST(formula)
{
	/* Sum = Ir + 2 Dr; Big = 3 * Sum + Dw.  With Ir 10, Dr 4, Dw 1:
	 * Sum = 10 + 8 = 18, Big = 54 + 1 = 55. */
	uint64_t v[5] = { 10, 4, 1, 0, 0 };
	raw("Ir Dr Dw");
	ck_assert_int_eq(spec(" Sum = Ir + 2 Dr", 5), 0);
	ck_assert_int_eq(spec(" Big = 3 * Sum + Dw : Big one", 6), 0);
	ck_assert_int_eq(spec(" Ir : Instruction Fetch", 7), 0);
	ck_assert_int_eq(events_freeze(&e, &errline, err, sizeof(err)), 0);
	ck_assert_uint_eq(e.n, 5);
	ck_assert_int_eq(events_find(&e, "Big", 3), 4);
	ck_assert_str_eq(e.ev[4].longname, "Big one");
	ck_assert_str_eq(e.ev[0].longname, "Instruction Fetch");
	ck_assert_int_eq(events_derive(&e, v), 0);
	ck_assert_uint_eq(v[3], 18);
	ck_assert_uint_eq(v[4], 55);
}
END_TEST

START_TEST(formula_overflow)
{
	/* 2 * 2^63 does not fit in 64 bits */
	uint64_t v[2] = { (uint64_t)1 << 63, 0 };
	raw("A");
	ck_assert_int_eq(spec("D = 2 A", 3), 0);
	ck_assert_int_eq(events_freeze(&e, &errline, err, sizeof(err)), 0);
	ck_assert_int_ne(events_derive(&e, v), 0);
}
END_TEST

START_TEST(formula_unknown)
{
	raw("Ir");
	ck_assert_int_eq(spec("S = Ir + Nope", 9), 0);
	ck_assert_int_ne(events_freeze(&e, &errline, err, sizeof(err)), 0);
	ck_assert_uint_eq(errline, 9);
	ck_assert_msg(strstr(err, "unknown event 'Nope'") != NULL, "got '%s'", err);
}
END_TEST

START_TEST(formula_self)
{
	raw("Ir");
	ck_assert_int_eq(spec("S = Ir + S", 4), 0);
	ck_assert_int_ne(events_freeze(&e, &errline, err, sizeof(err)), 0);
	ck_assert_uint_eq(errline, 4);
	ck_assert_msg(strstr(err, "refers to itself") != NULL, "got '%s'", err);
}
END_TEST

START_TEST(formula_mutual)
{
	raw("Ir");
	ck_assert_int_eq(spec("A = B", 4), 0);
	ck_assert_int_eq(spec("B = A", 5), 0);
	ck_assert_int_ne(events_freeze(&e, &errline, err, sizeof(err)), 0);
	ck_assert_msg(strstr(err, "itself") != NULL, "got '%s'", err);
}
END_TEST

START_TEST(formula_merged)
{
	/* equal events are merged, in the order they first appear:
	 * S = Dr + 2 Ir + Dr + 3 * Ir = 2 Dr + 5 Ir */
	uint64_t v[3] = { 10, 4, 0 };
	raw("Ir Dr");
	ck_assert_int_eq(spec("S = Dr + 2 Ir + Dr + 3 * Ir", 3), 0);
	ck_assert_int_eq(events_freeze(&e, &errline, err, sizeof(err)), 0);
	ck_assert_uint_eq(e.ev[2].nterms, 2);
	ck_assert_uint_eq(e.ev[2].terms[0].raw, 1);
	ck_assert_uint_eq(e.ev[2].terms[0].coef, 2);
	ck_assert_uint_eq(e.ev[2].terms[1].raw, 0);
	ck_assert_uint_eq(e.ev[2].terms[1].coef, 5);
	ck_assert_uint_eq(e.ev[2].min_raw, 0);
	ck_assert_int_eq(events_derive(&e, v), 0);
	ck_assert_uint_eq(v[2], 58);	/* 2 * 4 + 5 * 10 */
}
END_TEST

/* A chain of n formulas, top-down (E1 = E2, ..., En = R) or bottom-up. */
static void chain(size_t n, int topdown)
{
	char buf[64];
	size_t k;

	raw("R");
	for (k = 1; k <= n; k++) {
		if (topdown)
			snprintf(buf, sizeof(buf), k < n ? "E%zu = 2 E%zu" : "E%zu = R", k, k + 1);
		else
			snprintf(buf, sizeof(buf), k > 1 ? "E%zu = E%zu" : "E%zu = R", k, k - 1);
		ck_assert_int_eq(spec(buf, k + 1), 0);
	}
}

START_TEST(formula_chain_deep)
{
	/* 60,000 formulas deep: no recursion (the old expansion overflowed
	 * the stack), and each event expanded once */
	uint64_t *v = calloc(60001, sizeof(*v));
	chain(60000, 0);
	ck_assert_int_eq(events_freeze(&e, &errline, err, sizeof(err)), 0);
	ck_assert_uint_eq(e.n, 60001);
	ck_assert_uint_eq(e.ev[60000].nterms, 1);
	v[0] = 7;
	ck_assert_int_eq(events_derive(&e, v), 0);
	ck_assert_uint_eq(v[60000], 7);
	free(v);
}
END_TEST

START_TEST(formula_chain_topdown)
{
	/* E_k = 2 E_(k+1), E_n = R: E_1 = 2^(n-1) R; n = 64 passes 2^64 */
	chain(63, 1);
	ck_assert_int_eq(events_freeze(&e, &errline, err, sizeof(err)), 0);
	ck_assert_uint_eq(e.ev[1].terms[0].coef, (uint64_t)1 << 62);
	events_release(&e);
	events_init(&e);
	chain(60000, 1);
	ck_assert_int_ne(events_freeze(&e, &errline, err, sizeof(err)), 0);
	/* E_(n-64) is the first to need 2^64; the events are expanded from E_n up */
	ck_assert_str_eq(err, "coefficient too large in formula of event 'E59936'");
	ck_assert_uint_eq(errline, 59937);
}
END_TEST

START_TEST(events_limit)
{
	/* 1 recorded + 65,536 formula events: E65536 (line 65537) is one too many */
	chain(65536, 0);
	ck_assert_int_ne(events_freeze(&e, &errline, err, sizeof(err)), 0);
	ck_assert_str_eq(err, "more than 65536 events with those defined by formulas");
	ck_assert_uint_eq(errline, 65537);
}
END_TEST

START_TEST(formula_doubling)
{
	/* E_k = E_(k-1) + E_(k-1): 2^k, merged, never 2^k terms */
	char buf[64];
	size_t k;
	raw("E0");
	for (k = 1; k <= 64; k++) {
		snprintf(buf, sizeof(buf), "E%zu = E%zu + E%zu", k, k - 1, k - 1);
		ck_assert_int_eq(spec(buf, k + 1), 0);
	}
	ck_assert_int_ne(events_freeze(&e, &errline, err, sizeof(err)), 0);
	ck_assert_str_eq(err, "coefficient too large in formula of event 'E64'");
	ck_assert_uint_eq(errline, 65);
}
END_TEST

START_TEST(formula_terms_limit)
{
	/* at most EV_MAX_TERMS (256) recorded events in one formula */
	char names[257 * 6], f[257 * 8 + 8];
	size_t k, nl = 0, fl;
	for (k = 0; k < 257; k++)
		nl += (size_t)sprintf(names + nl, "R%zu ", k);
	raw(names);
	fl = (size_t)sprintf(f, "S = R0");
	for (k = 1; k < 256; k++)
		fl += (size_t)sprintf(f + fl, " + R%zu", k);
	ck_assert_int_eq(spec(f, 2), 0);
	ck_assert_int_eq(spec("T = S + R256", 3), 0);
	ck_assert_int_ne(events_freeze(&e, &errline, err, sizeof(err)), 0);
	ck_assert_uint_eq(errline, 3);
	ck_assert_str_eq(err, "formula of event 'T' adds up more than 256 recorded events "
			 "(the events it names expanded)");
}
END_TEST

START_TEST(formula_all_terms_limit)
{
	/* D1 = 256 events, D2 ... D4097 = D1: 4,096 x 256 = 2^20 terms pass */
	char names[256 * 6], f[256 * 8 + 8], buf[64];
	size_t k, nl = 0, fl;
	for (k = 0; k < 256; k++)
		nl += (size_t)sprintf(names + nl, "R%zu ", k);
	raw(names);
	fl = (size_t)sprintf(f, "D1 = R0");
	for (k = 1; k < 256; k++)
		fl += (size_t)sprintf(f + fl, " + R%zu", k);
	ck_assert_int_eq(spec(f, 2), 0);
	for (k = 2; k <= 4097; k++) {
		snprintf(buf, sizeof(buf), "D%zu = D1", k);
		ck_assert_int_eq(spec(buf, k + 1), 0);
	}
	ck_assert_int_ne(events_freeze(&e, &errline, err, sizeof(err)), 0);
	ck_assert_uint_eq(errline, 4098);
	ck_assert_str_eq(err, "formulas add up more than 1048576 recorded events in all "
			 "(the events they name expanded), at event 'D4097'");
}
END_TEST

START_TEST(formula_circle)
{
	/* A depends on the circle B -> C -> B: the message names B, on it */
	raw("Ir");
	ck_assert_int_eq(spec("A = B + Ir", 4), 0);
	ck_assert_int_eq(spec("B = C", 5), 0);
	ck_assert_int_eq(spec("C = 2 B", 6), 0);
	ck_assert_int_ne(events_freeze(&e, &errline, err, sizeof(err)), 0);
	ck_assert_str_eq(err, "formula of event 'B' refers to itself");
	ck_assert_uint_eq(errline, 5);
}
END_TEST

START_TEST(defined_twice)
{
	raw("Ir Dr");
	ck_assert_int_eq(spec("S = Ir", 4), 0);
	ck_assert_int_eq(spec("T = S", 5), 0);
	ck_assert_int_eq(spec("S = Dr", 6), 0);
	ck_assert_int_ne(events_freeze(&e, &errline, err, sizeof(err)), 0);
	ck_assert_str_eq(err, "event 'S' is defined twice");
	ck_assert_uint_eq(errline, 6);
	events_release(&e);
	events_init(&e);
	ck_assert_int_ne(events_set_raw(&e, "Ir Dr Ir", 8, err, sizeof(err)), 0);
	ck_assert_str_eq(err, "event 'Ir' is listed twice");
}
END_TEST

START_TEST(empty_spec)
{
	raw("Ir");
	ck_assert_int_ne(spec("   ", 2), 0);
	ck_assert_int_ne(spec("S =  ", 3), 0);
}
END_TEST

Suite *events_suite(void)
{
	Suite *s = suite_create("events");
	TCase *tc = tcase_create("events");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, raw_list);
	tcase_add_test(tc, formula);
	tcase_add_test(tc, formula_overflow);
	tcase_add_test(tc, formula_unknown);
	tcase_add_test(tc, formula_self);
	tcase_add_test(tc, formula_mutual);
	tcase_add_test(tc, formula_merged);
	tcase_add_test(tc, formula_chain_deep);
	tcase_add_test(tc, formula_chain_topdown);
	tcase_add_test(tc, events_limit);
	tcase_add_test(tc, formula_doubling);
	tcase_add_test(tc, formula_terms_limit);
	tcase_add_test(tc, formula_all_terms_limit);
	tcase_add_test(tc, formula_circle);
	tcase_add_test(tc, defined_twice);
	tcase_add_test(tc, empty_spec);
	suite_add_tcase(s, tc);
	return s;
}
