/* run_unit: runs every Check suite and ends with "unit: N passed, N failed". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "load.h"
#include "suites.h"

static char diag_buf[4096];
static FILE *diag_f;

int unit_load(struct profile *p, const char *text)
{
	int rc;

	profile_init(p);
	if (diag_f)
		fclose(diag_f);
	memset(diag_buf, 0, sizeof(diag_buf));
	diag_f = fmemopen(diag_buf, sizeof(diag_buf) - 1, "w");
	diag_set_stream(diag_f);
	diag_reset();
	rc = load_buffer(p, "t.cg", text, strlen(text), NULL);
	if (!rc)
		rc = load_finish(p);
	fflush(diag_f);
	return rc;
}

const char *unit_diag(void)
{
	if (diag_f)
		fflush(diag_f);
	return diag_buf;
}

struct fn *unit_fn(const struct profile *p, const char *name)
{
	size_t i;
	for (i = 0; i < p->nfns; i++)
		if (!strcmp(p->fns[i]->k.name, name))
			return p->fns[i];
	return NULL;
}

struct call *unit_call(const struct profile *p, const struct fn *caller, const struct fn *callee)
{
	struct call *c;
	for (c = fn_out(p, caller); c; c = c->next_out)
		if (c->k.callee == callee)
			return c;
	return NULL;
}

int main(void)
{
	SRunner *sr = srunner_create(numbers_suite());
	int run, failed;

	srunner_add_suite(sr, load_suite());
	srunner_add_suite(sr, events_suite());
	srunner_add_suite(sr, opts_suite());
	srunner_add_suite(sr, numfmt_suite());
	srunner_add_suite(sr, gate_suite());
	srunner_add_suite(sr, modname_suite());
	srunner_add_suite(sr, graph_suite());
	srunner_add_suite(sr, escape_suite());
	srunner_add_suite(sr, asm_suite());
	srunner_add_suite(sr, tokenize_suite());
	srunner_add_suite(sr, view_suite());
	srunner_add_suite(sr, namecut_suite());
	srunner_add_suite(sr, hash_suite());
	srunner_add_suite(sr, solve_suite());
	srunner_add_suite(sr, fnline_suite());
	srunner_add_suite(sr, source_find_suite());
	/* no fork: sanitizers and valgrind see every test in one process */
	srunner_set_fork_status(sr, CK_NOFORK);
	srunner_run_all(sr, CK_NORMAL);
	run = srunner_ntests_run(sr);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	if (diag_f)
		fclose(diag_f);
	printf("unit: %d passed, %d failed\n", run - failed, failed);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
