/* test_opts: the command line, parsed without side effects. */
#include <string.h>

#include "format.h"
#include "opts.h"
#include "suites.h"

static struct opts o;

static int parse(int argc, const char **argv)
{
	opts_release(&o);
	opts_init(&o);
	return opts_parse(&o, argc, (char **)argv);
}

static void setup(void)
{
	opts_init(&o);
}

static void teardown(void)
{
	opts_release(&o);
}

START_TEST(defaults)
{
	const char *argv[] = { "annogrind", "callgrind.out.1", NULL };
	ck_assert_int_eq(parse(1 + 1, argv), 0);
	ck_assert_str_eq(o.profile, "callgrind.out.1");
	ck_assert_int_eq(o.auto_annotate, 1);
	ck_assert_int_eq(o.show_percs, 1);
	ck_assert_int_eq(o.inclusive, 0);
	ck_assert_int_eq(o.context, 8);
	ck_assert_str_eq(o.threshold, "99");
	ck_assert_uint_eq(o.nuser, 0);
}
END_TEST

START_TEST(values)
{
	const char *argv[] = { "annogrind", "--show=Ir,Dr", "--sort=Dr:90,Ir", "--threshold=50",
			       "--auto=no", "--context=3", "--inclusive=yes", "--tree=both",
			       "--show-percs=no", "prof", "a.c", "b.c", NULL };
	ck_assert_int_eq(parse(12, argv), 0);
	ck_assert_uint_eq(o.nshow, 2);
	ck_assert_str_eq(o.show[1], "Dr");
	ck_assert_uint_eq(o.nsort, 2);
	ck_assert_str_eq(o.sort[0], "Dr");
	ck_assert_str_eq(o.sort_thr[0], "90");
	ck_assert_ptr_null(o.sort_thr[1]);
	ck_assert_int_eq(o.sort_has_thr, 1);
	ck_assert_int_eq(o.auto_annotate, 0);
	ck_assert_int_eq(o.context, 3);
	ck_assert_int_eq(o.inclusive, 1);
	ck_assert_int_eq(o.tree_caller, 1);
	ck_assert_int_eq(o.tree_calling, 1);
	ck_assert_int_eq(o.show_percs, 0);
	ck_assert_str_eq(o.profile, "prof");
	ck_assert_uint_eq(o.nuser, 2);
	ck_assert_str_eq(o.user_files[1], "b.c");
}
END_TEST

START_TEST(include_forms)
{
	/* -I DIR, -IDIR, -I=DIR and --include=DIR all add DIR/ */
	const char *argv[] = { "annogrind", "-I", "a", "-Ib/", "-I=c", "--include=d", "p", NULL };
	ck_assert_int_eq(parse(7, argv), 0);
	ck_assert_uint_eq(o.ninclude, 4);
	ck_assert_str_eq(o.include[0], "a/");
	ck_assert_str_eq(o.include[1], "b/");
	ck_assert_str_eq(o.include[2], "c/");
	ck_assert_str_eq(o.include[3], "d/");
}
END_TEST

START_TEST(errors)
{
	const char *a1[] = { "annogrind", "--threshold=abc", NULL };
	const char *a2[] = { "annogrind", "--threshold=101", NULL };
	const char *a3[] = { "annogrind", "--tree=up", NULL };
	const char *a4[] = { "annogrind", "--auto=maybe", NULL };
	const char *a5[] = { "annogrind", "--bogus", NULL };
	const char *a6[] = { "annogrind", "--sort=Ir:x", NULL };
	const char *a7[] = { "annogrind", "--context=-1", NULL };
	ck_assert_int_ne(parse(2, a1), 0);
	ck_assert_msg(strstr(o.err, "--threshold") != NULL, "got '%s'", o.err);
	ck_assert_int_ne(parse(2, a2), 0);
	ck_assert_int_ne(parse(2, a3), 0);
	ck_assert_msg(strstr(o.err, "--tree") != NULL, "got '%s'", o.err);
	ck_assert_int_ne(parse(2, a4), 0);
	ck_assert_int_ne(parse(2, a5), 0);
	ck_assert_msg(strstr(o.err, "--bogus") != NULL, "got '%s'", o.err);
	ck_assert_int_ne(parse(2, a6), 0);
	ck_assert_int_ne(parse(2, a7), 0);
}
END_TEST

START_TEST(formats)
{
	const char *dot[] = { "annogrind", "--format=json", "--format=dot", "p", NULL };
	const char *bad[] = { "annogrind", "--format=xml", "p", NULL };
	const char *plain[] = { "annogrind", "p", NULL };

	opts_release(&o);
	opts_init(&o);
	o.find_format = format_find;
	ck_assert_int_eq(opts_parse(&o, 4, (char **)dot), 0);
	ck_assert_str_eq(o.format->name, "dot");
	ck_assert(o.format->traits & FORMAT_ALL_PROFILES);
	ck_assert_ptr_null(o.format->render_diff);
	opts_release(&o);
	opts_init(&o);
	o.find_format = format_find;
	ck_assert_int_eq(opts_parse(&o, 3, (char **)bad), -1);
	ck_assert_str_eq(o.err, "--format takes text, callgrind, dot, json, tsv, markdown, folded,"
				" flamegraph, pprof or html, not 'xml'");
	/* no --format: no row; the caller takes format_text() */
	ck_assert_int_eq(parse(2, plain), 0);
	ck_assert_ptr_null(o.format);
	ck_assert_str_eq(format_text()->name, "text");
}
END_TEST

Suite *opts_suite(void)
{
	Suite *s = suite_create("opts");
	TCase *tc = tcase_create("opts");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, defaults);
	tcase_add_test(tc, values);
	tcase_add_test(tc, include_forms);
	tcase_add_test(tc, errors);
	tcase_add_test(tc, formats);
	suite_add_tcase(s, tc);
	return s;
}
