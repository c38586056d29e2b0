/* test_asm: the machine code: objdump's output parsed, and per-instruction data kept by the loader. */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "icode.h"
#include "load.h"
#include "objdump.h"
#include "suites.h"

START_TEST(parse_syms)
{
	/* objdump -t and -T lines; only function symbols with a size count */
	static const char text[] =
		"\n/x/loop:     file format elf64-x86-64\n\nSYMBOL TABLE:\n"
		"0000000000000000 l    df *ABS*\t0000000000000000              loop.c\n"
		"0000000000001130 l     F .text\t0000000000000000              deregister_tm_clones\n"
		"00000000000011f0 g     F .text\t000000000000002e              hash\n"
		"0000000000004040 l     O .bss\t0000000000004e20              buf\n"
		"0000000000001060 g     F .text\t000000000000009b              .hidden main\n"
		"0000000000000000       F *UND*\t0000000000000000              printf@GLIBC_2.2.5\n"
		"0000000000040dd0  w   DF .text\t0000000000000094  GLIBC_2.2.5 random_r\n"
		"00000000000011f0 g     F .text\t00000000000000zz              bad\n"
		"garbage line\n"
		"0000000000001000 g     F .text\t0000000000000010";	/* no name, no newline */
	struct objsym *v = NULL;
	size_t n = objdump_parse_syms(text, strlen(text), &v, 0), i;

	ck_assert_uint_eq(n, 3);
	ck_assert_str_eq(v[0].name, "hash");
	ck_assert_uint_eq(v[0].addr, 0x11f0);
	ck_assert_uint_eq(v[0].size, 0x2e);
	ck_assert_str_eq(v[1].name, "main");
	ck_assert_uint_eq(v[1].size, 0x9b);
	ck_assert_str_eq(v[2].name, "random_r");
	ck_assert_uint_eq(v[2].addr, 0x40dd0);
	for (i = 0; i < n; i++)
		free(v[i].name);
	free(v);
}
END_TEST

START_TEST(parse_insns)
{
	static const char text[] =
		"\n/x/loop:     file format elf64-x86-64\n\n\nDisassembly of section .text:\n\n"
		"00000000000011f0 <hash>:\n"
		"    11f0:\ttest   %rsi,%rsi\n"
		"    11f3:\tje     1218 <hash+0x28>\n"
		"\t...\n"
		"    1212:\tmov\tx0, x1  \r\n"	/* a tab between mnemonic and operands */
		"  401000:\tret";
	struct objinsn *v = NULL;
	size_t n = objdump_parse_insns(text, strlen(text), &v, 0);

	ck_assert_uint_eq(n, 4);
	ck_assert_uint_eq(v[0].addr, 0x11f0);
	ck_assert_str_eq(v[0].text, "test   %rsi,%rsi");
	ck_assert_str_eq(v[1].text, "je     1218 <hash+0x28>");
	ck_assert_uint_eq(v[2].addr, 0x1212);
	ck_assert_str_eq(v[2].text, "mov x0, x1");
	ck_assert_uint_eq(v[3].addr, 0x401000);
	ck_assert_str_eq(v[3].text, "ret");
	objdump_insns_free(v, n);
}
END_TEST

START_TEST(build_id)
{
	char hex[160];

	/* readelf -n testdata/asm/loop says: Build ID: ef854fa5a2bc67e0592a4db4a767b3bc7b9e1446 */
	ck_assert_int_eq(objdump_build_id("testdata/asm/loop", hex, sizeof(hex)), 0);
	ck_assert_str_eq(hex, "ef854fa5a2bc67e0592a4db4a767b3bc7b9e1446");
	ck_assert_int_eq(objdump_build_id("testdata/asm/loop.c", hex, sizeof(hex)), -1);
	ck_assert_int_eq(objdump_build_id("testdata/asm/no-such-file", hex, sizeof(hex)), -1);
}
END_TEST

START_TEST(run_missing)
{
	const char *argv[] = { "./no-such-program-here", "-d", NULL };
	char err[256], *out;
	size_t len;

	ck_assert_int_eq(objdump_run(argv, &out, &len, err, sizeof(err)), -1);
	ck_assert_ptr_null(out);
	ck_assert_str_eq(err, "cannot run './no-such-program-here': No such file or directory");
}
END_TEST

START_TEST(run_status)
{
	const char *no[] = { "sh", "-c", "echo out; echo 'the reason' >&2; echo more >&2; exit 3", NULL };
	const char *yes[] = { "sh", "-c", "printf 'a\\nb'", NULL };
	char err[256], *out;
	size_t len;

	ck_assert_int_eq(objdump_run(no, &out, &len, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "'sh' failed (exit status 3): the reason");
	ck_assert_int_eq(objdump_run(yes, &out, &len, err, sizeof(err)), 0);
	ck_assert_uint_eq(len, 3);
	ck_assert_str_eq(out, "a\nb");
	free(out);
}
END_TEST

static char diag_text[4096];

/* Load text with keep_instr set; its messages in diag_text. */
static int load_instr(struct profile *p, const char *text)
{
	FILE *f;
	int rc;

	profile_init(p);
	p->keep_instr = 1;
	memset(diag_text, 0, sizeof(diag_text));
	f = fmemopen(diag_text, sizeof(diag_text) - 1, "w");
	diag_set_stream(f);
	diag_reset();
	rc = load_buffer(p, "t.cg", text, strlen(text), NULL);
	if (!rc)
		rc = load_finish(p);
	diag_set_stream(stderr);
	fclose(f);
	return rc;
}

static const struct instr *at(const struct icode *u, uint64_t addr)
{
	size_t i;

	for (i = 0; i < u->acap; i++)
		if (u->akeys[i] && u->avals[i]->addr == addr)
			return u->avals[i];
	return NULL;
}

/*
 * Two passes over one loop (as Callgrind writes two basic blocks that hold
 * the same instruction): the costs of an address are summed, the jumps of
 * one instruction to one target too; inlined code (fi=) is a piece of the
 * unit, and a call is kept at its instruction's address.
 */
START_TEST(keep)
{
	static const char text[] =
		"positions: instr line\nevents: Ir Dr\n"
		"ob=/x/loop\nfl=a.c\nfn=f\n"
		"0x100 1 1 1\n"
		"+2 2 1\n"
		"jcnd=1/1 -2 *\n"	/* 0x102 jumps back to 0x100 once */
		"* *\n"
		"-2 * 5 2\n"		/* 0x100 again */
		"fi=h.h\n"
		"+2 7 5\n"		/* 0x102, inlined from h.h line 7 */
		"jfn=g\n"
		"jcnd=3/5 0x200 9\n"	/* to another function: not an arrival */
		"* *\n"
		"fe=a.c\n"
		"+1 3 4\n"
		"cfn=g\n"
		"calls=2 0x200 9\n"
		"* * 30 6\n"		/* the call at 0x103: inclusive, not self */
		"jump=4 -3 *\n"		/* 0x103 jumps back to 0x100 four times */
		"* *\n"
		"fn=g\n0x200 9 30 6\n";
	struct profile p;
	const struct icode *u;
	const struct instr *i100, *i102, *i103;
	const struct ijump *j;

	ck_assert_int_eq(load_instr(&p, text), 0);
	ck_assert_str_eq(diag_text, "");
	ck_assert_uint_eq(p.nicodes, 2);
	u = p.icodes[0];
	ck_assert_str_eq(u->fn->k.name, "f");
	ck_assert_str_eq(u->fn->k.file->name, "a.c");
	ck_assert_str_eq(u->obj, "/x/loop");
	ck_assert_uint_eq(u->ninstr, 3);
	ck_assert_uint_eq(u->npieces, 1);
	ck_assert_str_eq(u->pieces[0]->k.file->name, "h.h");
	ck_assert_uint_eq(u->njumps, 3);
	i100 = at(u, 0x100);
	i102 = at(u, 0x102);
	i103 = at(u, 0x103);
	ck_assert_ptr_nonnull(i100);
	ck_assert_ptr_nonnull(i102);
	ck_assert_ptr_nonnull(i103);
	/* 0x100: 1 + 5 Ir, 1 + 2 Dr */
	ck_assert_uint_eq(i100->cc->v[0], 6);
	ck_assert_uint_eq(i100->cc->v[1], 3);
	ck_assert_uint_eq(i100->cc->ndef, 2);
	/* 0x102: 1 + 5 Ir; Dr never given: ndef 1 */
	ck_assert_uint_eq(i102->cc->v[0], 6);
	ck_assert_uint_eq(i102->cc->ndef, 1);
	ck_assert_str_eq(i102->file->name, "h.h");
	ck_assert_uint_eq(i102->line, 7);
	/* the self costs of the rows: f in a.c 1+1+5+4, f in h.h 5 */
	ck_assert_uint_eq(u->fn->self->v[0], 11);
	ck_assert_uint_eq(u->pieces[0]->self->v[0], 5);
	/* 0x102's jumps: back to 0x100 (1 of 1), to g at 0x200 (3 of 5) */
	j = i102->jumps;
	ck_assert_ptr_nonnull(j);
	ck_assert_uint_eq(j->to, 0x100);
	ck_assert_ptr_null(j->to_fn);
	ck_assert_uint_eq(j->taken, 1);
	ck_assert_uint_eq(j->executed, 1);
	ck_assert(j->cond);
	j = j->next;
	ck_assert_ptr_nonnull(j);
	ck_assert_uint_eq(j->to, 0x200);
	ck_assert_str_eq(j->to_fn, "g");
	ck_assert_uint_eq(j->taken, 3);
	ck_assert_uint_eq(j->executed, 5);
	ck_assert_ptr_null(j->next);
	/* 0x103: 4 Ir of its own, the call to g, an unconditional jump */
	ck_assert_uint_eq(i103->cc->v[0], 4);
	ck_assert_str_eq(i103->file->name, "a.c");
	ck_assert_ptr_nonnull(i103->calls);
	ck_assert_str_eq(i103->calls->callee->k.name, "g");
	ck_assert_uint_eq(i103->calls->count, 2);
	ck_assert_uint_eq(i103->calls->cc->v[0], 30);
	ck_assert_uint_eq(i103->calls->cc->v[1], 6);
	j = i103->jumps;
	ck_assert_ptr_nonnull(j);
	ck_assert_uint_eq(j->to, 0x100);
	ck_assert_uint_eq(j->taken, 4);
	ck_assert_uint_eq(j->executed, 4);
	ck_assert(!j->cond);
	profile_release(&p);
}
END_TEST

/* Without keep_instr nothing is kept; a bad jump line is a warning then only. */
START_TEST(not_kept)
{
	static const char text[] =
		"positions: instr line\nevents: Ir\nob=/x/loop\nfl=a.c\nfn=f\n"
		"0x100 1 1\njump=x 0x100\n* *\n";
	struct profile p;

	ck_assert_int_eq(unit_load(&p, text), 0);
	ck_assert_uint_eq(p.nicodes, 0);
	ck_assert_str_eq(unit_diag(), "");
	profile_release(&p);
}
END_TEST

START_TEST(bad_jump)
{
	static const char text[] =
		"positions: instr line\nevents: Ir\nob=/x/loop\nfl=a.c\nfn=f\n"
		"0x100 1 1\njump=x 0x100\n* *\njcnd=1 0x100\n* *\njcnd=1/2\n* *\n"
		"jcnd=1/2 0x104 1\n* *\n";
	struct profile p;
	const struct instr *in;

	ck_assert_int_eq(load_instr(&p, text), 0);
	ck_assert_str_eq(diag_text,
			 "annogrind: t.cg:7: warning: bad 'jump=' line 'x 0x100' ignored\n"
			 "annogrind: t.cg:9: warning: bad 'jcnd=' line '1 0x100' ignored\n"
			 "annogrind: t.cg:11: warning: bad 'jcnd=' line '1/2' ignored\n");
	ck_assert_uint_eq(p.nicodes, 1);
	in = at(p.icodes[0], 0x100);
	/* the three bad lines are left out; the good one is kept */
	ck_assert_ptr_nonnull(in->jumps);
	ck_assert_uint_eq(in->jumps->to, 0x104);
	ck_assert_ptr_null(in->jumps->next);
	ck_assert_uint_eq(p.icodes[0]->njumps, 1);
	profile_release(&p);
}
END_TEST

Suite *asm_suite(void)
{
	Suite *s = suite_create("asm");
	TCase *tc = tcase_create("asm");

	tcase_add_test(tc, parse_syms);
	tcase_add_test(tc, parse_insns);
	tcase_add_test(tc, build_id);
	tcase_add_test(tc, run_missing);
	tcase_add_test(tc, run_status);
	tcase_add_test(tc, keep);
	tcase_add_test(tc, not_kept);
	tcase_add_test(tc, bad_jump);
	suite_add_tcase(s, tc);
	return s;
}
