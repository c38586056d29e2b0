/* namecut: names cut once the output has written its budget of name bytes. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "namecut.h"
#include "suites.h"

static char *repeat(const char *head, const char *unit, size_t n)
{
	size_t h = strlen(head), u = strlen(unit), i;
	char *s = malloc(h + u * n + 1);

	memcpy(s, head, h);
	for (i = 0; i < n; i++)
		memcpy(s + h + i * u, unit, u);
	s[h + u * n] = '\0';
	return s;
}

START_TEST(cut_after_first)
{
	char *lng = repeat("", "a", 300), *edge = repeat("", "b", NAMECUT_LONG);
	char m[NAMECUT_MARKER_MAX];
	size_t len;

	setenv("ANNOGRIND_NAME_BUDGET", "0", 1);
	namecut_reset();
	mem_input(1);
	/* whole the first time, cut to NAMECUT_KEEP bytes after */
	ck_assert_uint_eq(namecut(lng, &len), 300);
	ck_assert_uint_eq(len, 300);
	ck_assert_uint_eq(namecut(lng, &len), NAMECUT_KEEP);
	ck_assert_uint_eq(len, 300);
	ck_assert_uint_eq(namecut(lng, &len), NAMECUT_KEEP);
	/* a name of NAMECUT_LONG bytes is never cut */
	ck_assert_uint_eq(namecut(edge, &len), NAMECUT_LONG);
	ck_assert_uint_eq(namecut(edge, &len), NAMECUT_LONG);
	namecut_marker(m, 300);
	ck_assert_str_eq(m, "\xe2\x80\xa6[name cut: 300 bytes, see first row]");
	/* forgotten with the report */
	namecut_reset();
	ck_assert_uint_eq(namecut(lng, &len), 300);
	namecut_reset();
	unsetenv("ANNOGRIND_NAME_BUDGET");
	free(lng);
	free(edge);
}
END_TEST

START_TEST(cut_utf8)
{
	/* 'a' then 2-byte characters: byte NAMECUT_KEEP is inside one */
	char *s = repeat("a", "\xc3\xa9", 200);
	size_t len;

	setenv("ANNOGRIND_NAME_BUDGET", "0", 1);
	namecut_reset();
	ck_assert_uint_eq(namecut(s, &len), 401);
	ck_assert_uint_eq(namecut(s, &len), NAMECUT_KEEP - 1);
	ck_assert_uint_eq(len, 401);
	namecut_reset();
	unsetenv("ANNOGRIND_NAME_BUDGET");
	free(s);
}
END_TEST

START_TEST(within_budget)
{
	char *s = repeat("", "c", 1000);
	size_t len, i;

	/* 1,000 bytes of names for each profile byte: nothing is cut */
	setenv("ANNOGRIND_NAME_BUDGET", "1000", 1);
	namecut_reset();
	mem_input(10);
	for (i = 0; i < 5; i++)
		ck_assert_uint_eq(namecut(s, &len), 1000);
	/* not digits: the default */
	setenv("ANNOGRIND_NAME_BUDGET", "-1", 1);
	namecut_reset();
	ck_assert_uint_eq(namecut(s, &len), 1000);
	namecut_reset();
	unsetenv("ANNOGRIND_NAME_BUDGET");
	free(s);
}
END_TEST

Suite *namecut_suite(void)
{
	Suite *s = suite_create("namecut");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, cut_after_first);
	tcase_add_test(tc, cut_utf8);
	tcase_add_test(tc, within_budget);
	suite_add_tcase(s, tc);
	return s;
}
