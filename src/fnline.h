/* fnline: the model's per-function line costs: each function's own cost on each source line (--format=pprof). */
#ifndef ANNOGRIND_FNLINE_H
#define ANNOGRIND_FNLINE_H

#include <stddef.h>
#include <stdint.h>

#include "profile.h"

/*
 * A file's line costs (struct file) sum every function's: a line of a
 * header inlined into two functions, or of a template made for two types,
 * is one line there.  When profile.keep_fn_lines is set before loading,
 * the loader also keeps each function's own cost by (file, line): the
 * file of the cost line, so code inlined from another file (fi=, fe=) is
 * on that file's lines, under the function it was read in (with
 * profile.fold_inlined, the function around it).  With instruction
 * positions (--dump-instr=yes), each line also keeps the lowest address
 * that had a cost on it.
 *
 * A record is 16 bytes and a count per event (8 more with addresses),
 * in chunks; a hash index finds them while they are added, and
 * fnline_finish() replaces it with the records of each function in
 * order (file id, then line).  Everything is freed by profile_release()
 * (through profile.release_fnlines, set with the first record).  Only
 * the loader's thread adds.
 */
struct fnline {
	uint32_t fn;		/* the function's id */
	uint32_t file;		/* the file's id (struct file.id) */
	uint64_t line;
	uint64_t v[];		/* one count per event (ev.n), then the address when kept */
};

/*
 * Add v (n columns, n <= ev.n) to fn's cost on line of file; addr is the
 * cost line's instruction address (UINT64_MAX: none).  Counts are not
 * checked: each sum is at most the function's own, which the loader checks.
 */
void fnline_add(struct profile *p, const struct fn *fn, const struct file *file, uint64_t line,
		uint64_t addr, const uint64_t *v, size_t n);
/*
 * After the last fnline_add(): index the records by function and free the
 * hash.  Adding again afterwards is a programming error (assert).
 */
void fnline_finish(struct profile *p);
/* Fill the derived events of every record (events_derive()); -1 when one overflows. */
int fnline_derive(struct profile *p);
/*
 * The records of src added to dst (not finished): fn id i becomes
 * fnmap[i] (NULL: left out), file id k becomes filemap[k], or with
 * filemap NULL the file of dst with the same name.  An address is kept
 * only where fnmap's function is in the object of src's (code of one
 * object merged into a function of another keeps none).
 */
void fnline_copy(struct profile *dst, const struct profile *src, struct fn *const *fnmap,
		 struct file *const *filemap);

/* After fnline_finish(): how many lines f has (0 when none were kept), and the k-th. */
size_t fnline_count(const struct profile *p, const struct fn *f);
const struct fnline *fnline_get(const struct profile *p, const struct fn *f, size_t k);
/* The lowest address with a cost on the line, or UINT64_MAX (none, or none kept). */
uint64_t fnline_addr(const struct profile *p, const struct fnline *x);

/* Free everything (called by profile_release). */
void fnline_release_all(struct profile *p);

#endif
