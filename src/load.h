/* load: the single-pass loader; bytes of a Callgrind profile in, model filled, diagnostics out. */
#ifndef ANNOGRIND_LOAD_H
#define ANNOGRIND_LOAD_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "profile.h"

/*
 * load_file() reads one profile ("-" is standard input) and adds it to p;
 * several calls sum several files, which must record the same events.
 * load_buffer() does the same from memory (name is used in messages).
 * Both return 0, or -1 after reporting an error through diag(); warnings
 * do not make them fail.  After the last file, load_finish() computes the
 * derived events and the program totals; it returns -1 on overflow.
 *
 * pwd, when not NULL, is a folder prefix (with its trailing '/') removed
 * from every source file name, as callgrind_annotate does with the current
 * folder.
 */
int load_file(struct profile *p, const char *path, const char *pwd);
int load_buffer(struct profile *p, const char *name, const char *buf, size_t len,
		const char *pwd);
int load_finish(struct profile *p);

/*
 * load_pull() reads a profile whose bytes come from pull() (gzip data
 * inflated by input.c): pull(ctx, buf, cap) puts up to cap bytes in buf and
 * returns how many, 0 at the end, or -1 on an error, which why(ctx) then
 * describes for the message "NAME: WHY".  pull() is called from the
 * loader's reading thread; ctx is not touched by the loader.
 */
int load_pull(struct profile *p, const char *name, const char *pwd,
	      ssize_t (*pull)(void *ctx, char *buf, size_t cap),
	      const char *(*why)(void *ctx), void *ctx);

/*
 * How many threads read and tokenize a profile, the loading one included
 * (--jobs): 0, the default, is load_default_jobs(), the processors this
 * process may run on, at most LOAD_DEFAULT_MAXJOBS (the applying thread
 * keeps up with about that many); at most LOAD_MAXJOBS.  The result does
 * not depend on it.
 */
#define LOAD_DEFAULT_MAXJOBS 8
#define LOAD_MAXJOBS 64
void load_set_jobs(unsigned n);
unsigned load_default_jobs(void);

#endif
