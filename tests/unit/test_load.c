/* test_load: the loader's pieces: subpositions, name compression, calls, parts, limits. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "load.h"
#include "suites.h"

/* The cost of the first event in a line of the file of f. */
static uint64_t line_cost(const struct fn *f, uint64_t line)
{
	const struct cc *c = profile_line_find(f->k.file, line);
	return c ? c->v[0] : UINT64_MAX;
}

/* "annogrind: t.cg:LINE: " opens the diagnostic */
static void assert_diag_at(unsigned line, const char *word)
{
	char want[64];
	snprintf(want, sizeof(want), "annogrind: t.cg:%u: ", line);
	ck_assert_msg(!strncmp(unit_diag(), want, strlen(want)), "diagnostic '%s' does not start with '%s'",
		      unit_diag(), want);
	ck_assert_msg(strstr(unit_diag(), word) != NULL, "diagnostic '%s' lacks '%s'", unit_diag(), word);
}

START_TEST(subpositions)
{
	/* The spec's subposition example: 0x80001234 line 90 costs 1, "+3 *" is
	 * 0x80001237 still line 90 (5 more), "+1 +1" is line 91 (6). */
	struct profile p;
	struct fn *f;
	ck_assert_int_eq(unit_load(&p, "positions: instr line\nevents: ticks\n\nfn=func\n"
				   "0x80001234 90 1\n+3 * 5\n+1 +1 6\n"), 0);
	f = unit_fn(&p, "func");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(f->self->v[0], 12);
	ck_assert_uint_eq(line_cost(f, 90), 6);
	ck_assert_uint_eq(line_cost(f, 91), 6);
	ck_assert_uint_eq(p.total->v[0], 12);
	profile_release(&p);
}
END_TEST

START_TEST(subposition_below_zero)
{
	struct profile p;
	ck_assert_int_ne(unit_load(&p, "events: Ir\nfn=f\n5 1\n-6 1\n"), 0);
	assert_diag_at(4, "below zero");
	profile_release(&p);
}
END_TEST

START_TEST(name_compression)
{
	/* The spec's name compression example: main 20 self, calls func1 once
	 * (400) and func2 three times (400); func1 100 self, calls func2 twice
	 * (300); func2 700 self in file2.c.  Total 20 + 100 + 700 = 820. */
	struct profile p;
	struct fn *m, *f1, *f2;
	struct call *c;
	ck_assert_int_eq(unit_load(&p, "events: Instructions\n\nfl=(1) file1.c\nfn=(1) main\n16 20\n"
				   "cfn=(2) func1\ncalls=1 50\n16 400\ncfi=(2) file2.c\ncfn=(3) func2\n"
				   "calls=3 20\n16 400\n\nfn=(2)\n51 100\ncfi=(2)\ncfn=(3)\ncalls=2 20\n"
				   "51 300\n\nfl=(2)\nfn=(3)\n20 700\n"), 0);
	m = unit_fn(&p, "main");
	f1 = unit_fn(&p, "func1");
	f2 = unit_fn(&p, "func2");
	ck_assert_ptr_nonnull(m);
	ck_assert_ptr_nonnull(f1);
	ck_assert_ptr_nonnull(f2);
	ck_assert_str_eq(m->k.file->name, "file1.c");
	ck_assert_str_eq(f1->k.file->name, "file1.c");
	ck_assert_str_eq(f2->k.file->name, "file2.c");
	ck_assert_uint_eq(m->self->v[0], 20);
	ck_assert_uint_eq(f1->self->v[0], 100);
	ck_assert_uint_eq(f2->self->v[0], 700);
	c = unit_call(&p, m, f2);
	ck_assert_ptr_nonnull(c);
	ck_assert_uint_eq(c->count, 3);
	ck_assert_uint_eq(c->cc->v[0], 400);
	c = unit_call(&p, f1, f2);
	ck_assert_ptr_nonnull(c);
	ck_assert_uint_eq(c->count, 2);
	ck_assert_uint_eq(c->cc->v[0], 300);
	ck_assert_uint_eq(p.total->v[0], 820);
	/* names are interned: one string for one name */
	ck_assert_ptr_eq(profile_intern(&p, "func2", 5), f2->k.name);
	profile_release(&p);
}
END_TEST

START_TEST(id_spaces_and_zero)
{
	/* ids are per space (object, file, function) and 0 is a valid id;
	 * spaces after "(id)" are not part of the name */
	struct profile p;
	struct fn *f;
	ck_assert_int_eq(unit_load(&p, "events: Ir\nob=(0) a.out\nfl=(0)   a.c\nfn=(0)  zero\n1 5\n"
				   "fn=(1) one\n2 7\nfn=(0)\n3 1\n"), 0);
	f = unit_fn(&p, "zero");
	ck_assert_ptr_nonnull(f);
	ck_assert_str_eq(f->k.file->name, "a.c");
	ck_assert_str_eq(f->obj, "a.out");
	ck_assert_uint_eq(f->self->v[0], 6);
	ck_assert_uint_eq(unit_fn(&p, "one")->self->v[0], 7);
	profile_release(&p);
}
END_TEST

START_TEST(id_undefined)
{
	struct profile p;
	unit_load(&p, "events: Ir\nfl=(1) a.c\nfn=(99)\n1 5\n");
	ck_assert_msg(strstr(unit_diag(), "t.cg:3: ") != NULL, "got '%s'", unit_diag());
	profile_release(&p);
}
END_TEST

START_TEST(calls_zero_is_an_edge)
{
	/* calls=0 (pprof): the line after it is the call's cost, not self cost */
	struct profile p;
	struct fn *a, *b;
	struct call *c;
	ck_assert_int_eq(unit_load(&p, "events: ms\nfl=x\nfn=a\n1 10\ncfn=b\ncalls=0 5\n1 1000\n"
				   "fn=b\n5 3\n"), 0);
	a = unit_fn(&p, "a");
	b = unit_fn(&p, "b");
	ck_assert_uint_eq(a->self->v[0], 10);
	ck_assert_uint_eq(b->self->v[0], 3);
	c = unit_call(&p, a, b);
	ck_assert_ptr_nonnull(c);
	ck_assert_uint_eq(c->count, 0);
	ck_assert_uint_eq(c->cc->v[0], 1000);
	ck_assert_uint_eq(p.total->v[0], 13);
	profile_release(&p);
}
END_TEST

START_TEST(fewer_counts_and_hex)
{
	/* a short cost line leaves the rest zero; 0x10 is 16 */
	struct profile p;
	struct fn *f;
	ck_assert_int_eq(unit_load(&p, "events: A B C\nfl=x.c\nfn=f\n1 0x10\n2 1 2 3\n"), 0);
	f = unit_fn(&p, "f");
	ck_assert_uint_eq(f->self->v[0], 17);
	ck_assert_uint_eq(f->self->v[1], 2);
	ck_assert_uint_eq(f->self->v[2], 3);
	profile_release(&p);
}
END_TEST

START_TEST(too_many_counts)
{
	struct profile p;
	ck_assert_int_ne(unit_load(&p, "events: A\nfl=x.c\nfn=f\n1 2 3\n"), 0);
	assert_diag_at(4, "");
	profile_release(&p);
}
END_TEST

START_TEST(count_limits)
{
	/* 2^64-1 is a count; one past it is an error at its line */
	struct profile p;
	ck_assert_int_eq(unit_load(&p, "events: A\nfl=x.c\nfn=f\n1 18446744073709551615\n"), 0);
	ck_assert_uint_eq(unit_fn(&p, "f")->self->v[0], UINT64_MAX);
	profile_release(&p);
	ck_assert_int_ne(unit_load(&p, "events: A\nfl=x.c\nfn=f\n1 18446744073709551616\n"), 0);
	assert_diag_at(4, "64 bits");
	profile_release(&p);
	/* a sum that passes 2^64-1 is an error, not a wrapped number */
	ck_assert_int_ne(unit_load(&p, "events: A\nfl=x.c\nfn=f\n1 18446744073709551615\n2 1\n"), 0);
	ck_assert_msg(strstr(unit_diag(), "64 bits") != NULL, "got '%s'", unit_diag());
	profile_release(&p);
}
END_TEST

START_TEST(parts_are_summed)
{
	/* two parts, each with its summary: the total is 10 + 32 */
	struct profile p;
	ck_assert_int_eq(unit_load(&p, "version: 1\npart: 1\nevents: Ir\nsummary: 10\nfl=a.c\nfn=f\n1 10\n"
				   "totals: 10\npart: 2\nevents: Ir\nsummary: 32\nfl=a.c\nfn=f\n1 30\nfn=g\n2 2\n"
				   "totals: 32\n"), 0);
	ck_assert_uint_eq(p.total->v[0], 42);
	ck_assert_uint_eq(unit_fn(&p, "f")->self->v[0], 40);
	ck_assert_uint_eq(unit_fn(&p, "g")->self->v[0], 2);
	profile_release(&p);
}
END_TEST

START_TEST(crlf_and_tabs)
{
	struct profile p;
	struct fn *f;
	ck_assert_int_eq(unit_load(&p, "events: Ir\r\nfl=a.c\r\nfn=f\r\n1\t5\r\n"), 0);
	f = unit_fn(&p, "f");
	ck_assert_ptr_nonnull(f);
	ck_assert_str_eq(f->k.file->name, "a.c");
	ck_assert_uint_eq(f->self->v[0], 5);
	ck_assert_str_eq(p.ev.ev[0].name, "Ir");
	profile_release(&p);
}
END_TEST

START_TEST(statics_stay_apart)
{
	/* two static helpers in two files are two functions */
	struct profile p;
	size_t i, n = 0;
	ck_assert_int_eq(unit_load(&p, "events: Ir\nfl=a.c\nfn=helper\n1 1\nfl=b.c\nfn=helper\n1 2\n"), 0);
	for (i = 0; i < p.nfns; i++)
		n += !strcmp(p.fns[i]->k.name, "helper");
	ck_assert_uint_eq(n, 2);
	profile_release(&p);
}
END_TEST

START_TEST(inherited_event)
{
	/* event: Sum = Ir + 2 Dr, given after events:; f has Ir 10, Dr 4: Sum 18 */
	struct profile p;
	struct fn *f;
	long k;
	ck_assert_int_eq(unit_load(&p, "events: Ir Dr\nevent: Sum = Ir + 2 Dr\nfl=a.c\nfn=f\n1 10 4\n"), 0);
	k = events_find(&p.ev, "Sum", 3);
	ck_assert_int_eq(k, 2);
	f = unit_fn(&p, "f");
	ck_assert_uint_eq(f->self->v[k], 18);
	ck_assert_uint_eq(p.total->v[k], 18);
	profile_release(&p);
}
END_TEST

Suite *load_suite(void)
{
	Suite *s = suite_create("load");
	TCase *tc = tcase_create("load");
	tcase_add_test(tc, subpositions);
	tcase_add_test(tc, subposition_below_zero);
	tcase_add_test(tc, name_compression);
	tcase_add_test(tc, id_spaces_and_zero);
	tcase_add_test(tc, id_undefined);
	tcase_add_test(tc, calls_zero_is_an_edge);
	tcase_add_test(tc, fewer_counts_and_hex);
	tcase_add_test(tc, too_many_counts);
	tcase_add_test(tc, count_limits);
	tcase_add_test(tc, parts_are_summed);
	tcase_add_test(tc, crlf_and_tabs);
	tcase_add_test(tc, statics_stay_apart);
	tcase_add_test(tc, inherited_event);
	suite_add_tcase(s, tc);
	return s;
}
