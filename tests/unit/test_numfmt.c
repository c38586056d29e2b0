/* test_numfmt: numbers and percentages as the reports print them. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#include "numfmt.h"
#include "suites.h"

START_TEST(commify)
{
	char buf[32];
	ck_assert_uint_eq(numfmt_commify(0, buf), 1);
	ck_assert_str_eq(buf, "0");
	ck_assert_uint_eq(numfmt_commify(999, buf), 3);
	ck_assert_str_eq(buf, "999");
	ck_assert_uint_eq(numfmt_commify(1000, buf), 5);
	ck_assert_str_eq(buf, "1,000");
	ck_assert_uint_eq(numfmt_commify(1234567, buf), 9);
	ck_assert_str_eq(buf, "1,234,567");
	ck_assert_uint_eq(numfmt_commify(UINT64_MAX, buf), 26);
	ck_assert_str_eq(buf, "18,446,744,073,709,551,615");
	ck_assert_uint_eq(numfmt_width(UINT64_MAX), 26);
	ck_assert_uint_eq(numfmt_width(999999), 7);
}
END_TEST

START_TEST(perc)
{
	char buf[32];
	numfmt_perc(12.345678, buf);
	ck_assert_str_eq(buf, " (12.35%)");
	numfmt_perc(1.5, buf);
	ck_assert_str_eq(buf, " ( 1.50%)");
	/* from 99.995 on, one decimal: "100.0" stays as wide as "99.99" */
	numfmt_perc(99.994, buf);
	ck_assert_str_eq(buf, " (99.99%)");
	numfmt_perc(99.995, buf);
	ck_assert_str_eq(buf, " (100.0%)");
	numfmt_perc(100, buf);
	ck_assert_str_eq(buf, " (100.0%)");
}
END_TEST

/* The shortcut for "%5.2f" prints what printf prints, ties (0.125, 0.285) included. */
START_TEST(perc_like_printf)
{
	char a[32], b[32];
	uint64_t tot, v;

	numfmt_perc(0.125, a);
	ck_assert_str_eq(a, " ( 0.12%)");	/* a tie: round half to even, as printf */
	numfmt_perc(0.375, a);
	ck_assert_str_eq(a, " ( 0.38%)");
	numfmt_perc(0.285, a);		/* 0.28499999999999998 in binary */
	ck_assert_str_eq(a, " ( 0.28%)");
	numfmt_perc(9.995, a);		/* 9.9949999999999996 in binary */
	ck_assert_str_eq(a, " ( 9.99%)");
	for (tot = 1; tot <= 1200; tot++) {
		for (v = 0; v <= tot; v++) {
			double pc = (double)v * 100.0 / (double)tot;
			numfmt_perc(pc, a);
			snprintf(b, sizeof(b), pc < 99.995 ? " (%5.2f%%)" : " (%5.1f%%)", pc);
			ck_assert_str_eq(a, b);
		}
	}
}
END_TEST

Suite *numfmt_suite(void)
{
	Suite *s = suite_create("numfmt");
	TCase *tc = tcase_create("numfmt");
	tcase_add_test(tc, commify);
	tcase_add_test(tc, perc);
	tcase_add_test(tc, perc_like_printf);
	suite_add_tcase(s, tc);
	return s;
}
