/* test_events: event lists, long names and inherited events from formulas. */
#include <stdint.h>
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
	tcase_add_test(tc, empty_spec);
	suite_add_tcase(s, tc);
	return s;
}
