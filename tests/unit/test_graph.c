/* test_graph: inclusive costs under recursion and cycles, cycle numbering, the order of names, limits. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph.h"
#include "suites.h"

static uint64_t incl(const struct profile *p, const char *name)
{
	const struct fn *f = unit_fn(p, name);
	ck_assert_msg(f != NULL, "no function %s", name);
	return fn_incl(p, f)->v[0];
}

/* Which names carry a Callgrind recursion level (graph.h). */
START_TEST(level_names)
{
	ck_assert(graph_level_name("fib'2"));
	ck_assert(graph_level_name("fib'13"));
	ck_assert(graph_level_name("fib'2'main"));	/* level, then a caller context */
	ck_assert(graph_level_name("0x0000000000004e40'2"));
	ck_assert(!graph_level_name("fib"));
	ck_assert(!graph_level_name("f'main"));	/* a caller context, no level */
	ck_assert(!graph_level_name("f'main'g"));
	ck_assert(!graph_level_name("f'"));
	ck_assert(!graph_level_name("f'2x"));
	ck_assert(!graph_level_name("<&'a T as core::fmt::Debug>::fmt"));
	ck_assert(!graph_level_name("f'0x0000000000001050"));	/* an unnamed caller */
}
END_TEST

START_TEST(names_order)
{
	/* "file:function" byte by byte: "a.c.x:f" < "a.c:f" ('.' < ':'), though
	 * the file "a.c" sorts before "a.c.x"; the same text from two keys
	 * ("a:b" + "c", "a" + "b:c") is told apart by order of creation. */
	struct profile p;
	struct fn *f1, *f2, *g1, *g2;
	ck_assert_int_eq(unit_load(&p, "events: Ir\nfl=a.c\nfn=f\n1 1\nfl=a.c.x\nfn=f\n1 1\n"
				   "fl=a:b\nfn=c\n1 1\nfl=a\nfn=b:c\n1 1\n"), 0);
	f1 = p.fns[0];
	f2 = p.fns[1];
	g1 = p.fns[2];
	g2 = p.fns[3];
	ck_assert_str_eq(f1->k.file->name, "a.c");
	ck_assert_int_gt(graph_fn_cmp(f1, f2), 0);
	ck_assert_int_lt(graph_fn_cmp(f2, f1), 0);
	ck_assert_int_eq(graph_fn_cmp(f1, f1), 0);
	ck_assert_int_lt(graph_fn_cmp(g1, g2), 0);
	ck_assert_int_gt(graph_fn_cmp(g2, g1), 0);
	/* "a:b:c" > "a.c:f": ':' (0x3a) > '.' (0x2e) at the second byte */
	ck_assert_int_gt(graph_fn_cmp(g1, f1), 0);
	profile_release(&p);
}
END_TEST

START_TEST(mutual)
{
	/* tests/golden tree_mutual's profile: main -> a -> b -> c -> a ...;
	 * a 62 (the call from main), b 20 (own cost and calls out of the
	 * cycle), c 31 (its one call to a: one activation, counted once),
	 * cycle 62 = 20 + 20 + 20 + 2 (leaf). */
	static const char text[] =
		"events: Ir\nfl=m.c\nfn=main\n1 1\ncfn=a\ncalls=1 10\n2 62\n"
		"fn=a\n10 20\ncfn=b\ncalls=2 20\n11 72\n"
		"fn=b\n20 20\ncfn=c\ncalls=2 30\n21 52\n"
		"fn=c\n30 20\ncfn=a\ncalls=1 10\n31 31\ncfn=leaf\ncalls=2 40\n32 2\n"
		"fn=leaf\n40 2\n";
	struct profile p;
	ck_assert_int_eq(unit_load(&p, text), 0);
	ck_assert_int_eq(graph_inclusive(&p, "t.cg"), 0);
	ck_assert_str_eq(unit_diag(), "");
	ck_assert_uint_eq(incl(&p, "main"), 63);
	ck_assert_uint_eq(incl(&p, "a"), 62);
	ck_assert_uint_eq(incl(&p, "b"), 20);
	ck_assert_uint_eq(incl(&p, "c"), 31);
	ck_assert_uint_eq(incl(&p, "leaf"), 2);
	ck_assert_uint_eq(p.ncycles, 1);
	ck_assert_uint_eq(p.cycles[0].num, 1);
	ck_assert_uint_eq(p.cycles[0].incl->v[0], 62);
	ck_assert_uint_eq(p.cycles[0].nmembers, 3);
	ck_assert_str_eq(p.cycles[0].members[0]->k.name, "a");
	ck_assert_str_eq(p.cycles[0].members[2]->k.name, "c");
	ck_assert_uint_eq(unit_fn(&p, "b")->cycle, 1);
	ck_assert_uint_eq(unit_fn(&p, "main")->cycle, 0);
	ck_assert(unit_call(&p, unit_fn(&p, "c"), unit_fn(&p, "a"))->recursive);
	ck_assert(!unit_call(&p, unit_fn(&p, "c"), unit_fn(&p, "leaf"))->recursive);
	ck_assert(!unit_call(&p, unit_fn(&p, "main"), unit_fn(&p, "a"))->recursive);
	profile_release(&p);
}
END_TEST

START_TEST(direct)
{
	/* fact calls itself: not a cycle, the call is recursive, fact 60 */
	struct profile p;
	ck_assert_int_eq(unit_load(&p, "events: Ir\nfl=d.c\nfn=main\n1 5\ncfn=fact\ncalls=1 10\n2 60\n"
				   "fn=fact\n10 40\ncfn=fact\ncalls=3 10\n11 90\ncfn=leaf\ncalls=4 20\n12 20\n"
				   "fn=leaf\n20 20\n"), 0);
	ck_assert_int_eq(graph_inclusive(&p, "t.cg"), 0);
	ck_assert_uint_eq(incl(&p, "main"), 65);
	ck_assert_uint_eq(incl(&p, "fact"), 60);
	ck_assert_uint_eq(incl(&p, "leaf"), 20);
	ck_assert_uint_eq(p.ncycles, 0);
	ck_assert_uint_eq(unit_fn(&p, "fact")->cycle, 0);
	ck_assert(unit_call(&p, unit_fn(&p, "fact"), unit_fn(&p, "fact"))->recursive);
	profile_release(&p);
}
END_TEST

START_TEST(cycle_numbers)
{
	/* two cycles of 30: {x, y} comes first in the file, but "c.c:p" < "c.c:x"
	 * numbers {p, q} 1; a larger cycle {m, n} (40) is numbered before both */
	static const char text[] =
		"events: Ir\nfl=c.c\n"
		"fn=x\n1 10\ncfn=y\ncalls=1 1\n2 10\nfn=y\n1 20\ncfn=x\ncalls=1 1\n2 20\n"
		"fn=main\n1 1\ncfn=p\ncalls=1 1\n2 30\ncfn=y\ncalls=1 1\n3 30\ncfn=m\ncalls=1 1\n4 40\n"
		"fn=p\n1 20\ncfn=q\ncalls=1 1\n2 20\nfn=q\n1 10\ncfn=p\ncalls=1 1\n2 10\n"
		"fn=n\n1 20\ncfn=m\ncalls=1 1\n2 20\nfn=m\n1 20\ncfn=n\ncalls=1 1\n2 20\n";
	struct profile p;
	ck_assert_int_eq(unit_load(&p, text), 0);
	ck_assert_int_eq(graph_inclusive(&p, "t.cg"), 0);
	ck_assert_uint_eq(p.ncycles, 3);
	ck_assert_uint_eq(unit_fn(&p, "m")->cycle, 1);
	ck_assert_uint_eq(unit_fn(&p, "n")->cycle, 1);
	ck_assert_uint_eq(unit_fn(&p, "p")->cycle, 2);
	ck_assert_uint_eq(unit_fn(&p, "q")->cycle, 2);
	ck_assert_uint_eq(unit_fn(&p, "x")->cycle, 3);
	ck_assert_uint_eq(p.cycles[0].incl->v[0], 40);
	ck_assert_uint_eq(p.cycles[1].incl->v[0], 30);
	ck_assert_uint_eq(p.cycles[2].incl->v[0], 30);
	ck_assert_uint_eq(incl(&p, "main"), 101);
	profile_release(&p);
}
END_TEST

START_TEST(deep_chain)
{
	/* 100,000 functions in a chain, then the same closed into one cycle:
	 * no recursion in the algorithm, so no stack to overflow */
	enum { N = 100000 };
	size_t cap = (size_t)N * 64, len, i;
	char *text = malloc(cap);
	struct profile p;
	int closed;

	ck_assert_ptr_nonnull(text);
	for (closed = 0; closed < 2; closed++) {
		len = (size_t)snprintf(text, cap, "events: Ir\nfl=a.c\n");
		for (i = 0; i < N; i++) {
			len += (size_t)snprintf(text + len, cap - len, "fn=f%zu\n1 1\n", i);
			if (i + 1 < N || closed)
				len += (size_t)snprintf(text + len, cap - len, "cfn=f%zu\ncalls=1 1\n2 %zu\n",
							(i + 1) % N, (size_t)N - 1 - i);
		}
		ck_assert_int_eq(unit_load(&p, text), 0);
		ck_assert_int_eq(graph_inclusive(&p, "t.cg"), 0);
		ck_assert_uint_eq(p.total->v[0], N);
		if (!closed) {
			ck_assert_uint_eq(incl(&p, "f0"), N);	/* never called */
			ck_assert_uint_eq(incl(&p, "f1"), N - 1);
			ck_assert_uint_eq(p.ncycles, 0);
		} else {
			/* f0 -> f1 costs N - 1 and f99999 -> f0 costs 0 (a call
			 * cost the writer of this profile chose); nobody enters the
			 * cycle from outside, but every call is made once, so each
			 * is a bound on both its ends: f0 N - 1 (its call out), f5
			 * N - 5 (f4 -> f5), f99999 1 (its own: both calls cost less) */
			ck_assert_uint_eq(p.ncycles, 1);
			ck_assert_uint_eq(p.cycles[0].nmembers, N);
			ck_assert_uint_eq(p.cycles[0].incl->v[0], N);
			ck_assert_uint_eq(incl(&p, "f0"), N - 1);
			ck_assert_uint_eq(incl(&p, "f5"), N - 5);
			ck_assert_uint_eq(incl(&p, "f99999"), 1);
		}
		profile_release(&p);
	}
	free(text);
}
END_TEST

START_TEST(overflow)
{
	/* main's own 2^64-1 plus a call of 1: the sum does not fit */
	struct profile p;
	ck_assert_int_eq(unit_load(&p, "events: Ir\nfl=a.c\nfn=main\n1 18446744073709551615\n"
				   "cfn=f\ncalls=1 1\n2 1\nfn=f\n1 0\n"), 0);
	ck_assert_int_eq(graph_inclusive(&p, "t.cg"), -1);
	ck_assert_msg(strstr(unit_diag(), "an inclusive cost does not fit in 64 bits") != NULL,
		      "diagnostic '%s'", unit_diag());
	profile_release(&p);
}
END_TEST

START_TEST(cut)
{
	/* alpha's calls sum to 50 over a summary of 40: cut, with a warning */
	struct profile p;
	ck_assert_int_eq(unit_load(&p, "events: Ir\nsummary: 40\nfl=a.c\nfn=alpha\n1 10\n"
				   "cfn=beta\ncalls=1 1\n1 10\ncfn=gamma\ncalls=1 1\n1 10\n"
				   "cfn=delta\ncalls=1 1\n1 20\nfn=delta\n1 10\ncfn=gamma\ncalls=1 1\n1 10\n"
				   "fn=gamma\n1 10\nfn=beta\n1 10\n"), 0);
	ck_assert_int_eq(graph_inclusive(&p, "t.cg"), 0);
	ck_assert_uint_eq(incl(&p, "alpha"), 40);
	ck_assert_uint_eq(incl(&p, "gamma"), 20);
	ck_assert_msg(strstr(unit_diag(), "annogrind: t.cg: warning: inclusive cost of 1 function "
				 "above the program total (first 'a.c:alpha', 50)") != NULL,
		      "diagnostic '%s'", unit_diag());
	profile_release(&p);
}
END_TEST

Suite *graph_suite(void)
{
	Suite *s = suite_create("graph");
	TCase *tc = tcase_create("graph");

	tcase_set_timeout(tc, 0);
	tcase_add_test(tc, level_names);
	tcase_add_test(tc, names_order);
	tcase_add_test(tc, mutual);
	tcase_add_test(tc, direct);
	tcase_add_test(tc, cycle_numbers);
	tcase_add_test(tc, deep_chain);
	tcase_add_test(tc, overflow);
	tcase_add_test(tc, cut);
	suite_add_tcase(s, tc);
	return s;
}
