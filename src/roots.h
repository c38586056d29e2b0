/* roots: the stacks each thread starts, when the files of --separate-threads=yes are summed. */
#ifndef ANNOGRIND_ROOTS_H
#define ANNOGRIND_ROOTS_H

#include <stddef.h>
#include <stdint.h>

#include "profile.h"

/*
 * Each thread has a stack of its own.  A function that starts one thread's
 * stack (clone's child, start_thread) and is called in another (the main
 * thread's clone) is, once the files are summed, a function with callers:
 * the calls into it would be all it costs, and its other threads would
 * hang under the caller.  While several files are loaded into one
 * profile, roots_file() is called around each (before: load 0; after:
 * load 1) and notes, for a file with a thread: of its own, the cost of
 * each function nobody calls in that file (its own cost and the calls it
 * makes there).  roots_finish() keeps that cost in p->root_cost for the
 * functions that also have callers once summed: graph_inclusive() adds it
 * to the calls into them, and the stacks start there too.
 */
struct roots {
	size_t n;		/* functions seen at the last "before" */
	uint64_t *self, *out, *in, *incount;	/* by fn id (and event): before the file */
	uint64_t *root;		/* by fn id and event: summed over thread files */
	size_t cap;
	char **threads;		/* the thread: values seen */
	size_t nthreads;
	int off;		/* too many files, or one without thread: */
};

void roots_init(struct roots *r);
/* Around loading one file into p: after = 0 before it, 1 after it, with its thread: value. */
void roots_file(struct roots *r, const struct profile *p, int after, const char *thread);
/*
 * Set p->root_cost (see above) and release r.  Then, for one file or
 * many: an outer function (graph_outer()) with callers, the calls made
 * to which (and its roots so far) cost less than its own cost alone (the
 * thread's side of clone() in a file of several threads), gets what its
 * own cost and calls out say beyond them, event by event: those
 * activations start stacks of their own.  Call costs that only fall
 * short of the calls out (a function entered by a jump, counts that
 * round) keep their stacks where the calls are.
 */
void roots_finish(struct roots *r, struct profile *p);

/* Files beyond which no thread roots are noted (each costs a pass over the profile). */
#define ROOTS_MAX_FILES 256

#endif
