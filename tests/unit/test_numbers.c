/* test_numbers: load_parse_u64, the number parser of every count and position. */
#include <stdint.h>
#include <string.h>

#include "load_tokenize.h"
#include "suites.h"

static int parse(const char *text, uint64_t *v, size_t *used)
{
	const char *s = text;
	int r = load_parse_u64(&s, text + strlen(text), v);
	*used = (size_t)(s - text);
	return r;
}

START_TEST(decimal)
{
	uint64_t v = 7;
	size_t used;
	ck_assert_int_eq(parse("0", &v, &used), LOAD_NUM_OK);
	ck_assert_uint_eq(v, 0);
	ck_assert_uint_eq(used, 1);
	ck_assert_int_eq(parse("1234 56", &v, &used), LOAD_NUM_OK);
	ck_assert_uint_eq(v, 1234);
	ck_assert_uint_eq(used, 4);	/* stops at the space */
	ck_assert_int_eq(parse("007", &v, &used), LOAD_NUM_OK);
	ck_assert_uint_eq(v, 7);
}
END_TEST

START_TEST(decimal_limits)
{
	uint64_t v;
	size_t used;
	/* 2^64-1 fits, one past it does not, nor does a value ten times as big */
	ck_assert_int_eq(parse("18446744073709551615", &v, &used), LOAD_NUM_OK);
	ck_assert_uint_eq(v, UINT64_MAX);
	ck_assert_uint_eq(used, 20);
	ck_assert_int_eq(parse("18446744073709551616", &v, &used), LOAD_NUM_OVERFLOW);
	ck_assert_int_eq(parse("18446744073709551620", &v, &used), LOAD_NUM_OVERFLOW);
	ck_assert_int_eq(parse("184467440737095516150", &v, &used), LOAD_NUM_OVERFLOW);
	ck_assert_int_eq(parse("99999999999999999999", &v, &used), LOAD_NUM_OVERFLOW);
}
END_TEST

START_TEST(hex)
{
	uint64_t v;
	size_t used;
	ck_assert_int_eq(parse("0x1A", &v, &used), LOAD_NUM_OK);
	ck_assert_uint_eq(v, 26);
	ck_assert_int_eq(parse("0X80001234 90", &v, &used), LOAD_NUM_OK);
	ck_assert_uint_eq(v, 0x80001234u);
	ck_assert_uint_eq(used, 10);
	ck_assert_int_eq(parse("0xffffffffffffffff", &v, &used), LOAD_NUM_OK);
	ck_assert_uint_eq(v, UINT64_MAX);
	ck_assert_int_eq(parse("0x10000000000000000", &v, &used), LOAD_NUM_OVERFLOW);
}
END_TEST

START_TEST(not_a_number)
{
	uint64_t v;
	size_t used;
	ck_assert_int_eq(parse("", &v, &used), LOAD_NUM_NONE);
	ck_assert_int_eq(parse("abc", &v, &used), LOAD_NUM_NONE);
	ck_assert_int_eq(parse("-5", &v, &used), LOAD_NUM_NONE);
	ck_assert_int_eq(parse(" 5", &v, &used), LOAD_NUM_NONE);
	ck_assert_int_eq(parse("0xg", &v, &used), LOAD_NUM_NONE);
}
END_TEST

Suite *numbers_suite(void)
{
	Suite *s = suite_create("numbers");
	TCase *tc = tcase_create("parse_u64");
	tcase_add_test(tc, decimal);
	tcase_add_test(tc, decimal_limits);
	tcase_add_test(tc, hex);
	tcase_add_test(tc, not_a_number);
	suite_add_tcase(s, tc);
	return s;
}
