/* test_fnline: each function's own cost by source line, as the loader keeps it and copies carry it. */
#include <stdio.h>
#include <string.h>

#include "fnline.h"
#include "load.h"
#include "modname.h"
#include "suites.h"

/* Load text with the functions' lines kept (fold: inlined code folded as it is read). */
static int load_lines(struct profile *p, const char *text, int fold)
{
	int rc;

	profile_init(p);
	p->keep_fn_lines = 1;
	p->fold_inlined = fold;
	rc = load_buffer(p, "t.cg", text, strlen(text), NULL);
	return rc ? rc : load_finish(p);
}

/* f's k-th line: its file, line and first count, as "file:line=count". */
static const char *line_str(const struct profile *p, const struct fn *f, size_t k)
{
	static char buf[256];
	const struct fnline *x = fnline_get(p, f, k);

	snprintf(buf, sizeof(buf), "%s:%llu=%llu", p->files[x->file]->name,
		 (unsigned long long)x->line, (unsigned long long)x->v[0]);
	return buf;
}

static const char shared[] =
	"events: Ir\n"
	"fl=a.c\n"
	"fn=f\n"
	"5 10\n"
	"3 1\n"
	"5 2\n"
	"fi=h.h\n"
	"7 100\n"
	"fe=a.c\n"
	"3 4\n"
	"fn=g\n"
	"fi=h.h\n"
	"7 1000\n"
	"fe=a.c\n"
	"9 20\n"
	"fn=f\n"
	"4 8\n";

START_TEST(lines_apart)
{
	struct profile p;
	struct fn *f, *g, *fh;

	ck_assert_int_eq(load_lines(&p, shared, 0), 0);
	f = unit_fn(&p, "f");
	g = unit_fn(&p, "g");
	ck_assert_ptr_nonnull(f);
	/* h.h's line 7 is one line of the file, but two of the functions' */
	ck_assert_uint_eq(fnline_count(&p, f), 3);
	ck_assert_str_eq(line_str(&p, f, 0), "a.c:3=5");
	ck_assert_str_eq(line_str(&p, f, 1), "a.c:4=8");
	ck_assert_str_eq(line_str(&p, f, 2), "a.c:5=12");
	/* without folding, inlined code is the row h.h:f, its lines its own */
	fh = NULL;
	for (size_t i = 0; i < p.nfns; i++)
		if (!strcmp(p.fns[i]->k.name, "f") && !strcmp(p.fns[i]->k.file->name, "h.h"))
			fh = p.fns[i];
	ck_assert_ptr_nonnull(fh);
	ck_assert_uint_eq(fnline_count(&p, fh), 1);
	ck_assert_str_eq(line_str(&p, fh, 0), "h.h:7=100");
	ck_assert_uint_eq(fnline_count(&p, g), 1);
	ck_assert_str_eq(line_str(&p, g, 0), "a.c:9=20");
	ck_assert_uint_eq(fnline_addr(&p, fnline_get(&p, f, 0)), UINT64_MAX);
	profile_release(&p);

	/* folded as it is read: h.h's line under f and g, in file order (a.c, then h.h) */
	ck_assert_int_eq(load_lines(&p, shared, 1), 0);
	f = unit_fn(&p, "f");
	g = unit_fn(&p, "g");
	ck_assert_uint_eq(fnline_count(&p, f), 4);
	ck_assert_str_eq(line_str(&p, f, 3), "h.h:7=100");
	ck_assert_uint_eq(fnline_count(&p, g), 2);
	ck_assert_str_eq(line_str(&p, g, 0), "a.c:9=20");
	ck_assert_str_eq(line_str(&p, g, 1), "h.h:7=1000");
	profile_release(&p);
}
END_TEST

START_TEST(addresses_and_derived)
{
	static const char text[] =
		"positions: instr line\n"
		"events: Ir Dr\n"
		"event: X = Ir + 2 Dr\n"
		"fl=a.c\n"
		"fn=f\n"
		"0x20 5 1 1\n"
		"+4 * 2\n"
		"-8 * 4 3\n"
		"+16 +1 8\n"
		"cfn=g\n"
		"calls=1 0x100\n"
		"* * 50\n"
		"cfn=g\n"
		"calls=1 0x100\n"
		"+4 +2 60\n";
	struct profile p;
	struct fn *f;
	const struct fnline *x;

	ck_assert_int_eq(load_lines(&p, text, 0), 0);
	f = unit_fn(&p, "f");
	/* a call's cost line is not f's own, but its address is its line's */
	ck_assert_uint_eq(fnline_count(&p, f), 3);
	x = fnline_get(&p, f, 0);
	ck_assert_uint_eq(x->line, 5);
	ck_assert_uint_eq(x->v[0], 7);
	ck_assert_uint_eq(x->v[1], 4);
	ck_assert_uint_eq(x->v[2], 15);		/* X = 7 + 2 * 4 */
	ck_assert_uint_eq(fnline_addr(&p, x), 0x1c);	/* the lowest of 0x20, 0x24, 0x1c */
	x = fnline_get(&p, f, 1);
	ck_assert_uint_eq(x->line, 6);
	ck_assert_uint_eq(fnline_addr(&p, x), 0x2c);
	x = fnline_get(&p, f, 2);
	ck_assert_uint_eq(x->line, 8);
	ck_assert_uint_eq(x->v[0], 0);
	ck_assert_uint_eq(fnline_addr(&p, x), 0x30);
	profile_release(&p);
}
END_TEST

START_TEST(renamed_copy)
{
	static const char text[] =
		"events: Ir\n"
		"fl=a.c\n"
		"fn=f'1\n"
		"3 1\n"
		"4 2\n"
		"fn=f'2\n"
		"4 10\n"
		"fn=h\n"
		"9 7\n";
	struct modname_list funcs, none;
	char err[256], *rule[1] = { (char *)"s/'[0-9]+$//" };
	struct profile p, q;
	struct fn *f;

	ck_assert_int_eq(load_lines(&p, text, 0), 0);
	modname_init(&funcs);
	modname_init(&none);
	ck_assert_int_eq(modname_parse(&funcs, "--mod-funcname", rule, 1, err, sizeof(err)), 0);
	ck_assert_int_eq(modname_profile(&q, &p, &funcs, &none), 0);
	f = unit_fn(&q, "f");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fnline_count(&q, f), 2);
	ck_assert_str_eq(line_str(&q, f, 0), "a.c:3=1");
	ck_assert_str_eq(line_str(&q, f, 1), "a.c:4=12");
	ck_assert_str_eq(line_str(&q, unit_fn(&q, "h"), 0), "a.c:9=7");
	modname_release(&funcs);
	modname_release(&none);
	profile_release(&q);
	profile_release(&p);
}
END_TEST

START_TEST(not_kept)
{
	struct profile p;

	ck_assert_int_eq(unit_load(&p, shared), 0);
	ck_assert_uint_eq(fnline_count(&p, unit_fn(&p, "f")), 0);
	profile_release(&p);
}
END_TEST

Suite *fnline_suite(void)
{
	Suite *s = suite_create("fnline");
	TCase *tc = tcase_create("fnline");

	tcase_add_test(tc, lines_apart);
	tcase_add_test(tc, addresses_and_derived);
	tcase_add_test(tc, renamed_copy);
	tcase_add_test(tc, not_kept);
	suite_add_tcase(s, tc);
	return s;
}
