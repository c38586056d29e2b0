/* test_modname: sed-like rename rules, and the renamed copy of a profile. */
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "modname.h"
#include "suites.h"
#include "write.h"

/* Apply one rule to s; returns a fresh string, or NULL when the rule is refused. */
static char *one(const char *rule, const char *s)
{
	struct modname_list l;
	char err[256], *r = NULL;
	char *rules[1];

	rules[0] = (char *)rule;
	modname_init(&l);
	if (!modname_parse(&l, "--mod-funcname", rules, 1, err, sizeof(err)))
		r = modname_apply(&l, s);
	modname_release(&l);
	return r;
}

#define EXPECT(rule, in, out) do { \
	char *got_ = one(rule, in); \
	ck_assert_ptr_nonnull(got_); \
	ck_assert_str_eq(got_, out); \
	free(got_); \
} while (0)

START_TEST(rule_cases)
{
	EXPECT("s/'[0-9]+$//", "fib'2", "fib");
	EXPECT("s/'[0-9]+$//", "fib", "fib");
	EXPECT("s/a/b/", "banana", "bbnana");		/* first match only */
	EXPECT("s/a/b/g", "banana", "bbnbnb");
	EXPECT("s/A/b/gi", "bAnana", "bbnbnb");
	EXPECT("s|^/build/[0-9a-f]+/||", "/build/3f9a2c/src/a.c", "src/a.c");
	EXPECT("s/(x+)(y)/<\\2\\1>/", "axxyb", "a<yxx>b");	/* groups */
	EXPECT("s/x+/[&]/g", "axxbx", "a[xx]b[x]");		/* & is the match */
	EXPECT("s/x/\\&/", "axb", "a&b");			/* \& is a '&' */
	EXPECT("s/\\//_/g", "a/b/c", "a_b_c");			/* \/ is the delimiter */
	EXPECT("s/x*/-/g", "abc", "-a-b-c-");			/* empty matches, as sed */
	EXPECT("s/a*/x/g", "baaac", "xbxcx");
	EXPECT("s/^/>/", "", ">");
	EXPECT("s/0x[0-9a-f]+/0xADDR/g", "f<0x1a>(0x2b)", "f<0xADDR>(0xADDR)");
	/* searches after a match start inside the name: '^' and \< see what is before */
	EXPECT("s/^a/x/g", "aaa", "xaa");
	EXPECT("s/\\<a/x/g", "aa a", "xa x");
	EXPECT("s/a$/x/g", "aaa", "aax");
}
END_TEST

START_TEST(name_limit)
{
	struct modname_list l;
	char err[256], *r;
	char *rules[2] = { (char *)"s/a/aa/g", (char *)"s/b/c/" };
	char *name = malloc(MODNAME_MAX_NAME + 2);

	modname_init(&l);
	ck_assert_int_eq(modname_parse(&l, "--mod-funcname", rules, 2, err, sizeof(err)), 0);
	/* a name of exactly the limit is renamed; one byte more is refused */
	memset(name, 'b', MODNAME_MAX_NAME);
	name[MODNAME_MAX_NAME] = '\0';
	r = modname_apply_max(&l, name, MODNAME_MAX_NAME);
	ck_assert_ptr_nonnull(r);
	ck_assert_uint_eq(strlen(r), MODNAME_MAX_NAME);
	ck_assert_int_eq(r[0], 'c');
	free(r);
	name[MODNAME_MAX_NAME] = 'b';
	name[MODNAME_MAX_NAME + 1] = '\0';
	ck_assert_ptr_null(modname_apply_max(&l, name, MODNAME_MAX_NAME));
	/* what a rule makes is held to it too: 4,097 a's doubled by the first rule */
	memset(name, 'a', 4097);
	name[4097] = '\0';
	ck_assert_ptr_null(modname_apply_max(&l, name, MODNAME_MAX_NAME));
	name[4096] = '\0';
	r = modname_apply_max(&l, name, MODNAME_MAX_NAME);
	ck_assert_ptr_nonnull(r);
	ck_assert_uint_eq(strlen(r), 8192);
	free(r);
	modname_release(&l);
	free(name);
}
END_TEST

START_TEST(bad_rules)
{
	ck_assert_ptr_null(one("s/a/b", "a"));
	ck_assert_ptr_null(one("y/a/b/", "a"));
	ck_assert_ptr_null(one("s/a/b/q", "a"));
	ck_assert_ptr_null(one("s/(/b/", "a"));
	ck_assert_ptr_null(one("s", "a"));
	ck_assert_ptr_null(one("s\\a\\b\\", "a"));
}
END_TEST

static const char *recursive =
	"events: Ir\n"
	"fl=a.c\n"
	"fn=main\n"
	"1 5\n"
	"cfn=fib\n"
	"calls=1 10\n"
	"2 60\n"
	"fn=fib\n"
	"10 20\n"
	"cfn=fib'2\n"
	"calls=2 10\n"
	"11 40\n"
	"fn=fib'2\n"
	"10 40\n";

/* fib and fib'2 merged: one recursive fib whose inclusive cost is the call from main. */
START_TEST(rename_profile)
{
	struct profile p, q;
	struct modname_list funcs, files;
	char *rules[1] = { (char *)"s/'[0-9]+$//" };
	char err[256];
	struct fn *fib;

	ck_assert_int_eq(unit_load(&p, recursive), 0);
	modname_init(&funcs);
	modname_init(&files);
	ck_assert_int_eq(modname_parse(&funcs, "--mod-funcname", rules, 1, err, sizeof(err)), 0);
	ck_assert_int_eq(modname_profile(&q, &p, &funcs, &files), 0);
	ck_assert_int_eq(graph_inclusive(&q, "q"), 0);
	ck_assert_uint_eq(q.nfns, 2);
	fib = unit_fn(&q, "fib");
	ck_assert_ptr_nonnull(fib);
	ck_assert_uint_eq(fib->self->v[0], 60);		/* 20 + 40 */
	ck_assert_uint_eq(fn_incl(&q, fib)->v[0], 60);		/* main's call, not 60 + 40 */
	ck_assert_uint_eq(unit_call(&q, fib, fib)->count, 2);
	ck_assert_uint_eq(q.total->v[0], 65);
	/* the line costs of a.c are kept: line 10 has 20 + 40 */
	ck_assert_uint_eq(profile_line_find(fib->k.file, 10)->v[0], 60);
	modname_release(&funcs);
	modname_release(&files);
	profile_release(&q);
	profile_release(&p);
}
END_TEST

/* Written and read back: the same self, line and call costs. */
START_TEST(write_read)
{
	struct profile p, q;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct fn *a, *b;

	ck_assert_int_eq(unit_load(&p, recursive), 0);
	ck_assert_int_eq(write_callgrind(&p, NULL, f), 0);
	fclose(f);
	ck_assert_int_eq(unit_load(&q, buf), 0);
	ck_assert_uint_eq(q.nfns, 3);
	a = unit_fn(&q, "fib");
	b = unit_fn(&q, "fib'2");
	ck_assert_uint_eq(a->self->v[0], 20);
	ck_assert_uint_eq(b->self->v[0], 40);
	ck_assert_uint_eq(unit_call(&q, a, b)->count, 2);
	ck_assert_uint_eq(unit_call(&q, a, b)->cc->v[0], 40);
	ck_assert_uint_eq(profile_line_find(a->k.file, 10)->v[0], 60);
	ck_assert_uint_eq(profile_line_find(a->k.file, 1)->v[0], 5);
	ck_assert_ptr_null(profile_line_find(a->k.file, 0));
	ck_assert_uint_eq(q.total->v[0], 65);
	ck_assert_int_eq(q.total_calculated, 1);
	free(buf);
	profile_release(&q);
	profile_release(&p);
}
END_TEST

Suite *modname_suite(void)
{
	Suite *s = suite_create("modname");
	TCase *tc = tcase_create("modname");

	tcase_add_test(tc, rule_cases);
	tcase_add_test(tc, bad_rules);
	tcase_add_test(tc, name_limit);
	tcase_add_test(tc, rename_profile);
	tcase_add_test(tc, write_read);
	suite_add_tcase(s, tc);
	return s;
}
