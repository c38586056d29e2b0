/* test_gate: --limit specifications parsed, and checked against a small profile. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gate.h"
#include "graph.h"
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

START_TEST(errors)
{
	static const char *const bad[] = { "Ir", "=5", "Ir=", "Ir=,5", "Ir=5%%", "Ir=.%",
					   "Ir=100.5%", "Ir:self=5", "Ir:self:=5", "Ir:all:f=5" };
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

Suite *gate_suite(void)
{
	Suite *s = suite_create("gate");
	TCase *tc = tcase_create("gate");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, total_count);
	tcase_add_test(tc, function_pct);
	tcase_add_test(tc, max_u64);
	tcase_add_test(tc, errors);
	tcase_add_test(tc, checks);
	suite_add_tcase(s, tc);
	return s;
}
