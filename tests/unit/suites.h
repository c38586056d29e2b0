/* suites: the Check suites of the unit tests, one per module, and what they share. */
#ifndef ANNOGRIND_TEST_SUITES_H
#define ANNOGRIND_TEST_SUITES_H

#include <check.h>
#include <stddef.h>

#include "profile.h"

Suite *numbers_suite(void);
Suite *load_suite(void);
Suite *events_suite(void);
Suite *opts_suite(void);
Suite *numfmt_suite(void);
Suite *gate_suite(void);
Suite *modname_suite(void);
Suite *graph_suite(void);
Suite *escape_suite(void);
Suite *asm_suite(void);
Suite *tokenize_suite(void);
Suite *view_suite(void);
Suite *namecut_suite(void);
Suite *hash_suite(void);
Suite *solve_suite(void);
Suite *fnline_suite(void);
Suite *source_find_suite(void);

/*
 * Load text as a profile named "t.cg" into p (initialised here) and finish
 * it.  Diagnostics go to a buffer that unit_diag() returns until the next
 * load.  Returns what load_buffer()/load_finish() returned.
 */
int unit_load(struct profile *p, const char *text);
const char *unit_diag(void);
/* The function named name (any file), or NULL. */
struct fn *unit_fn(const struct profile *p, const char *name);
/* The call caller -> callee, or NULL. */
struct call *unit_call(const struct profile *p, const struct fn *caller, const struct fn *callee);

#endif
