/* test_gate: --limit specifications parsed, and checked against a small profile. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate.h"
#include "graph.h"
#include "pattern.h"
#include "suites.h"

static struct gate g;
static char err[256];

static void teardown(void)
{
	gate_release(&g);
}

START_TEST(total_count)
{
	ck_assert_int_eq(gate_parse(&g, "Ir=1,234_567", err, sizeof(err)), 0);
	ck_assert_int_eq(g.kind, GATE_TOTAL);
	ck_assert_str_eq(g.event, "Ir");
	ck_assert_ptr_null(g.pattern);
	ck_assert_int_eq(g.is_pct, 0);
	ck_assert_uint_eq(g.max, 1234567);
}
END_TEST

START_TEST(function_pct)
{
	/* the pattern runs from the second ':' to the last '=' */
	ck_assert_int_eq(gate_parse(&g, "Dr:incl:a.cc:operator==(x)=2.5%", err, sizeof(err)), 0);
	ck_assert_int_eq(g.kind, GATE_INCL);
	ck_assert_str_eq(g.event, "Dr");
	ck_assert_str_eq(g.pattern, "a.cc:operator==(x)");
	ck_assert_int_eq(g.is_pct, 1);
	ck_assert(g.max_pct > 2.49 && g.max_pct < 2.51);
}
END_TEST

START_TEST(max_u64)
{
	ck_assert_int_eq(gate_parse(&g, "Ir=18446744073709551615", err, sizeof(err)), 0);
	ck_assert_uint_eq(g.max, UINT64_MAX);
	gate_release(&g);
	ck_assert_int_eq(gate_parse(&g, "Ir=18446744073709551616", err, sizeof(err)), -1);
	ck_assert_str_eq(err, "bad --limit 'Ir=18446744073709551616': the count does not fit in 64 bits");
}
END_TEST

START_TEST(changes)
{
	ck_assert_int_eq(gate_parse(&g, "Ir=+2%", err, sizeof(err)), 0);
	ck_assert_int_eq(g.kind, GATE_TOTAL);
	ck_assert_int_eq(g.change, GATE_UP);
	ck_assert_int_eq(g.is_pct, 1);
	ck_assert(g.max_pct > 1.99 && g.max_pct < 2.01);
	gate_release(&g);
	ck_assert_int_eq(gate_parse(&g, "Dr:incl:f=-1,000", err, sizeof(err)), 0);
	ck_assert_int_eq(g.change, GATE_DOWN);
	ck_assert_int_eq(g.is_pct, 0);
	ck_assert_uint_eq(g.max, 1000);
	gate_release(&g);
	/* growth has no upper end; a drop is at most 100% */
	ck_assert_int_eq(gate_parse(&g, "Ir=+250%", err, sizeof(err)), 0);
	gate_release(&g);
	ck_assert_int_eq(gate_parse(&g, "Ir:self:f=-100%", err, sizeof(err)), 0);
	gate_release(&g);
	ck_assert_int_eq(gate_parse(&g, "Ir=1%", err, sizeof(err)), -1);
	ck_assert_str_eq(err, "bad --limit 'Ir=1%': a program total is always 100% of itself;"
			      " give a count, or a change (+PCT%) with --diff");
}
END_TEST

START_TEST(errors)
{
	static const char *const bad[] = { "Ir", "=5", "Ir=", "Ir=,5", "Ir=5%%", "Ir=.%",
					   "Ir=100.5%", "Ir:self=5", "Ir:self:=5", "Ir:all:f=5",
					   /* a total as a percentage of itself; signs */
					   "Ir=1%", "Ir=100%", "Ir=+", "Ir=-", "Ir=+-1", "Ir=++1",
					   "Ir=-101%", "Ir:self:f=-100.01%", "Ir=+5%x" };
	size_t i;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_msg(gate_parse(&g, bad[i], err, sizeof(err)) == -1, "%s accepted", bad[i]);
		ck_assert_ptr_null(g.event);
		gate_release(&g);
	}
}
END_TEST

/* main 10 + work 70 + leaf 30 = 110 Ir; work inclusive 70 + 30 = 100. */
static const char prof[] = "events: Ir\nfl=p.c\nfn=main\n1 10\ncfn=work\ncalls=2 5\n1 100\n"
			   "fn=work\n5 70\ncfn=leaf\ncalls=4 8\n5 30\nfn=leaf\n8 30\n";

static size_t check(const char *spec, char *out, size_t outlen)
{
	struct profile p;
	FILE *f = fmemopen(out, outlen, "w");
	size_t n;

	ck_assert_int_eq(unit_load(&p, prof), 0);
	ck_assert_int_eq(graph_inclusive(&p, "t.cg"), 0);
	ck_assert_int_eq(gate_parse(&g, spec, err, sizeof(err)), 0);
	ck_assert_int_eq(gate_resolve(&g, &p, err, sizeof(err)), 0);
	n = gate_check(&g, &p, f);
	fclose(f);
	gate_release(&g);
	profile_release(&p);
	return n;
}

START_TEST(checks)
{
	char out[512];

	ck_assert_uint_eq(check("Ir=110", out, sizeof(out)), 0);
	ck_assert_uint_eq(check("Ir=109", out, sizeof(out)), 1);
	ck_assert_str_eq(out, "annogrind: limit 'Ir=109' exceeded: program total of Ir is 110 (100.00% of 110)\n");
	/* 100/110 = 90.91% > 90% */
	ck_assert_uint_eq(check("Ir:incl:work=90%", out, sizeof(out)), 1);
	ck_assert_str_eq(out, "annogrind: limit 'Ir:incl:work=90%' exceeded: p.c:work has inclusive Ir 100 (90.91% of 110)\n");
	ck_assert_uint_eq(check("Ir:incl:work=91%", out, sizeof(out)), 0);
	/* a glob on "file:function": work 70 and leaf 30 pass 29 */
	ck_assert_uint_eq(check("Ir:self:p.c:[lw]*=29", out, sizeof(out)), 2);
	ck_assert_uint_eq(check("Ir:self:nothing=1", out, sizeof(out)), 1);
	ck_assert_str_eq(out, "annogrind: limit 'Ir:self:nothing=1' picks no function of the profile\n");
}
END_TEST

/*
 * The diff of two profiles: OLD main 10 -> work (incl 100: 70 + leaf 30),
 * gone 20: total 130; NEW main 10 -> work (incl 104: 70 + leaf 34),
 * fresh 6: total 120.
 */
static const char old_prof[] = "events: Ir\nfl=p.c\nfn=main\n1 10\ncfn=work\ncalls=1 5\n1 100\n"
			       "cfn=gone\ncalls=1 9\n1 20\n"
			       "fn=work\n5 70\ncfn=leaf\ncalls=4 8\n5 30\nfn=leaf\n8 30\nfn=gone\n9 20\n";
static const char new_prof[] = "events: Ir\nfl=p.c\nfn=main\n1 10\ncfn=work\ncalls=1 5\n1 104\n"
			       "cfn=fresh\ncalls=1 9\n1 6\n"
			       "fn=work\n5 70\ncfn=leaf\ncalls=4 8\n5 34\nfn=leaf\n8 34\nfn=fresh\n9 6\n";

static size_t check_diff(const char *spec, char *out, size_t outlen)
{
	struct profile p[2];
	struct diff d;
	struct gate_result res = { 0 };
	FILE *f = fmemopen(out, outlen, "w");
	size_t n, i;

	ck_assert_int_eq(unit_load(&p[0], old_prof), 0);
	ck_assert_int_eq(graph_inclusive(&p[0], "old.cg"), 0);
	ck_assert_int_eq(unit_load(&p[1], new_prof), 0);
	ck_assert_int_eq(graph_inclusive(&p[1], "new.cg"), 0);
	ck_assert_int_eq(diff_build(&d, &p[0], &p[1], 0, err, sizeof(err)), 0);
	ck_assert_int_eq(gate_parse(&g, spec, err, sizeof(err)), 0);
	ck_assert_int_eq(gate_resolve(&g, &p[1], err, sizeof(err)), 0);
	gate_eval_diff(&g, &d, &res);
	for (i = 0; i < res.n; i++) {
		gate_print(f, &res.v[i]);
		putc('\n', f);
	}
	fclose(f);
	n = res.n;
	gate_result_release(&res);
	gate_release(&g);
	diff_release(&d);
	profile_release(&p[0]);
	profile_release(&p[1]);
	return n;
}

START_TEST(diff_checks)
{
	char out[1024];

	/* total 130 -> 120: -10 = -7.69%; no growth, so + limits hold */
	ck_assert_uint_eq(check_diff("Ir=+0", out, sizeof(out)), 0);
	ck_assert_uint_eq(check_diff("Ir=-7.7%", out, sizeof(out)), 0);
	ck_assert_uint_eq(check_diff("Ir=-7.6%", out, sizeof(out)), 1);
	ck_assert_str_eq(out, "limit 'Ir=-7.6%' exceeded: program total of Ir 130 -> 120 (-10, -7.69%)\n");
	ck_assert_uint_eq(check_diff("Ir=-10", out, sizeof(out)), 0);
	ck_assert_uint_eq(check_diff("Ir=-9", out, sizeof(out)), 1);
	/* leaf 30 -> 34: +4 = +13.33%, work incl 100 -> 104: +4 = +4.00% */
	ck_assert_uint_eq(check_diff("Ir:self:leaf=+13.33%", out, sizeof(out)), 1);
	ck_assert_uint_eq(check_diff("Ir:self:leaf=+13.34%", out, sizeof(out)), 0);
	ck_assert_uint_eq(check_diff("Ir:incl:work=+4%", out, sizeof(out)), 0);
	ck_assert_uint_eq(check_diff("Ir:incl:work=+3", out, sizeof(out)), 1);
	ck_assert_str_eq(out, "limit 'Ir:incl:work=+3' exceeded: p.c:work has inclusive Ir 100 -> 104 (+4, +4.00%)\n");
	/* fresh is new: any growth in % breaks; +6 is not more than +6 */
	ck_assert_uint_eq(check_diff("Ir:self:fresh=+1000%", out, sizeof(out)), 1);
	ck_assert_str_eq(out, "limit 'Ir:self:fresh=+1000%' exceeded: p.c:fresh has self Ir 0 -> 6 (+6, new function)\n");
	ck_assert_uint_eq(check_diff("Ir:self:fresh=+6", out, sizeof(out)), 0);
	/* gone drops by 100%; named alone it picks nothing of NEW */
	ck_assert_uint_eq(check_diff("Ir:self:[gw]*=-99%", out, sizeof(out)), 1);
	ck_assert_str_eq(out, "limit 'Ir:self:[gw]*=-99%' exceeded: p.c:gone has self Ir 20 -> 0 (-20, -100.00%, gone function)\n");
	ck_assert_uint_eq(check_diff("Ir:self:gone=+5", out, sizeof(out)), 1);
	ck_assert_str_eq(out, "limit 'Ir:self:gone=+5' picks no function of the new profile (in the old one: p.c:gone)\n");
	ck_assert_uint_eq(check_diff("Ir:self:nil=+5", out, sizeof(out)), 1);
	ck_assert_str_eq(out, "limit 'Ir:self:nil=+5' picks no function of either profile\n");
}
END_TEST

/*
 * The glob sees the whole "file:function", however long: a file name of
 * 5,000 bytes used to be cut to 4,095 with the function name, so this
 * limit picked nothing.  work has self 70: "=69" is broken, "=70" not.
 */
START_TEST(long_name)
{
	size_t dirlen = 5000, n;
	char *text = malloc(dirlen + 200), out[512];
	struct profile p;
	FILE *f;

	strcpy(text, "events: Ir\nfl=");
	n = strlen(text);
	memset(text + n, 'd', dirlen);
	strcpy(text + n + dirlen, "/p.c\nfn=work\n5 70\n");
	ck_assert_int_eq(unit_load(&p, text), 0);
	ck_assert_int_eq(graph_inclusive(&p, "t.cg"), 0);
	ck_assert_int_eq(gate_parse(&g, "Ir:self:*/p.c:work=70", err, sizeof(err)), 0);
	ck_assert_int_eq(gate_resolve(&g, &p, err, sizeof(err)), 0);
	f = fmemopen(out, sizeof(out), "w");
	ck_assert_uint_eq(gate_check(&g, &p, f), 0);
	gate_release(&g);
	ck_assert_int_eq(gate_parse(&g, "Ir:self:*/p.c:work=69", err, sizeof(err)), 0);
	ck_assert_int_eq(gate_resolve(&g, &p, err, sizeof(err)), 0);
	ck_assert_uint_eq(gate_check(&g, &p, f), 1);
	fclose(f);
	profile_release(&p);
	free(text);
}
END_TEST

/* Messages quote the profile: escaped, always ("\x1b" for ESC). */
START_TEST(escaped)
{
	static const char text[] = "events: Ir\nfl=p.c\nfn=w\x1b]0;x\x07\n5 70\n";
	char out[512];
	struct profile p;
	FILE *f = fmemopen(out, sizeof(out), "w");

	ck_assert_int_eq(unit_load(&p, text), 0);
	ck_assert_int_eq(graph_inclusive(&p, "t.cg"), 0);
	ck_assert_int_eq(gate_parse(&g, "Ir:self:w*=1", err, sizeof(err)), 0);
	ck_assert_int_eq(gate_resolve(&g, &p, err, sizeof(err)), 0);
	ck_assert_uint_eq(gate_check(&g, &p, f), 1);
	fclose(f);
	ck_assert_str_eq(out, "annogrind: limit 'Ir:self:w*=1' exceeded: p.c:w\\x1b]0;x\\x07 has self Ir 70 (100.00% of 70)\n");
	profile_release(&p);
}
END_TEST

START_TEST(pattern_suffix)
{
	/* a FILE part matches the file's path from any '/' on */
	ck_assert(pattern_match("shapes.cpp:main", "/a/b/shapes.cpp", "main"));
	ck_assert(pattern_match("b/shapes.cpp:main", "/a/b/shapes.cpp", "main"));
	ck_assert(pattern_match("shapes.cpp:main", "shapes.cpp", "main"));
	ck_assert(pattern_match("*.cpp:ma*", "/a/b/shapes.cpp", "main"));
	ck_assert(!pattern_match("hapes.cpp:main", "/a/b/shapes.cpp", "main"));
	ck_assert(!pattern_match("shapes.cpp:main", "/a/b/shapes.cpp/", "main"));
	ck_assert(!pattern_match("shapes.cpp:main", "/a/b/shapes.cpp", "mainx"));
	/* no FILE part: names only ("::" is C++'s), so no suffix of a path */
	ck_assert(!pattern_match("b*", "/a/b/shapes.cpp", "main"));
	ck_assert(pattern_match("ns::f", "/a/x.cc", "ns::f"));
	ck_assert(!pattern_match("x.cc::f", "/a/x.cc", "f"));
	ck_assert(pattern_match("x.cc:ns::f", "/a/x.cc", "ns::f"));
	/* a pattern without *, ?, [ or \\ is compared as it is; the others are globs */
	/* a literal is the name, or FILE:NAME ending in ':' and the name */
	ck_assert(!pattern_match("xmain", "/a/x", "main"));
	ck_assert(pattern_match("b:main", "/a/b", "main"));
	ck_assert(pattern_match("a:b:c", "a", "b:c"));
	ck_assert(!pattern_match("a:b:c", "a:b", "c:d"));
	ck_assert(pattern_match("f(int)", "/a/x.cc", "f(int)"));
	ck_assert(!pattern_match("f(int)", "/a/x.cc", "f(long)"));
	ck_assert(pattern_match("f\\*", "/a/x.cc", "f*"));
	ck_assert(!pattern_match("f\\*", "/a/x.cc", "fx"));
	ck_assert(pattern_match("f[ab]", "/a/x.cc", "fb"));
	ck_assert(pattern_match("?", "/a/x.cc", "f"));
}
END_TEST

START_TEST(pattern_names)
{
	size_t ctx, base;

	/* Callgrind's names of one function: caller context, then level too */
	pattern_name_cuts("f'g'h", &ctx, &base);
	ck_assert_uint_eq(ctx, 1);
	ck_assert_uint_eq(base, 1);
	pattern_name_cuts("fib'2'main", &ctx, &base);
	ck_assert_uint_eq(ctx, 5);
	ck_assert_uint_eq(base, 3);
	pattern_name_cuts("fib'2", &ctx, &base);
	ck_assert_uint_eq(ctx, 5);
	ck_assert_uint_eq(base, 3);
	pattern_name_cuts("f'2x'g", &ctx, &base);	/* "2x" is a context, not a level */
	ck_assert_uint_eq(ctx, 1);
	pattern_name_cuts("plain", &ctx, &base);
	ck_assert_uint_eq(ctx, 5);
	ck_assert_uint_eq(base, 5);
	/* a name without its caller context; a level stays ("fib" is the outer activations) */
	ck_assert(pattern_picks("fib", "a.c", "fib'main", "", 1));
	ck_assert(!pattern_picks("fib", "a.c", "fib'2'main", "", 1));
	ck_assert(!pattern_picks("fib", "a.c", "fib'2", "", 1));
	ck_assert(pattern_picks("fib'2", "a.c", "fib'2'main", "", 1));
	ck_assert(pattern_picks("a.c:fib'2", "a.c", "fib'2'main", "", 1));
	ck_assert(pattern_picks("fib*", "a.c", "fib'2'main", "", 1));	/* a glob, as ever */
	ck_assert(!pattern_picks("fib'2'm", "a.c", "fib'2'main", "", 1));
	ck_assert(!pattern_picks("fib", "a.c", "fib'main", "", 0));	/* not Callgrind's names */
	ck_assert(!pattern_picks("f'g", "a.c", "f'g'h", "", 1));	/* no part of a context */
	ck_assert(pattern_plain_picks("f", "f'g'h", 1));
	ck_assert(pattern_plain_picks("fib'2", "fib'2'main", 1));
	ck_assert(!pattern_plain_picks("fib", "fib'2'main", 1));
	ck_assert(!pattern_plain_picks("fi", "fib'2'main", 1));
	ck_assert(!pattern_plain_picks("f", "f'g'h", 0));
	/* "FUNCTION [OBJECT]": the object whole, its end after a '/', or a glob */
	ck_assert(pattern_picks("0x10 [/usr/lib/libz.so.1]", "???", "0x10", "/usr/lib/libz.so.1", 1));
	ck_assert(pattern_picks("0x10 [libz.so.1]", "???", "0x10", "/usr/lib/libz.so.1", 1));
	ck_assert(pattern_picks("???:0x1? [*libz*]", "???", "0x10", "/usr/lib/libz.so.1", 1));
	ck_assert(pattern_picks("0x10 [lib/libz.so.1]", "???", "0x10", "/usr/lib/libz.so.1", 1));
	ck_assert(!pattern_picks("0x10 [ibz.so.1]", "???", "0x10", "/usr/lib/libz.so.1", 1));
	ck_assert(!pattern_picks("0x10 [libc.so.6]", "???", "0x10", "/usr/lib/libz.so.1", 1));
	ck_assert(pattern_picks("0x10 [libz.so.1]", "???", "0x10'f'g", "/usr/lib/libz.so.1", 1));
	/* a name that itself ends so is still its own pattern */
	ck_assert(pattern_picks("f [1/2]", "a.go", "f [1/2]", "", 0));
}
END_TEST

Suite *gate_suite(void)
{
	Suite *s = suite_create("gate");
	TCase *tc = tcase_create("gate");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, total_count);
	tcase_add_test(tc, function_pct);
	tcase_add_test(tc, max_u64);
	tcase_add_test(tc, changes);
	tcase_add_test(tc, errors);
	tcase_add_test(tc, diff_checks);
	tcase_add_test(tc, checks);
	tcase_add_test(tc, long_name);
	tcase_add_test(tc, escaped);
	tcase_add_test(tc, pattern_suffix);
	tcase_add_test(tc, pattern_names);
	suite_add_tcase(s, tc);
	return s;
}
