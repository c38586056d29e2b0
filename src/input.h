/* input: which arguments are profiles, --separate-threads files found by base name, gzip through zlib. */
#ifndef ANNOGRIND_INPUT_H
#define ANNOGRIND_INPUT_H

#include <stddef.h>

#include "profile.h"

/*
 * The rule (also in the man page): the first argument is a
 * profile; each further argument is a profile too when it is
 * gzip-compressed, when its first line that is neither empty nor a '#'
 * comment starts with a Callgrind header key ("version:", "creator:",
 * "events:", ...) or is "# callgrind format", or when it is the base name
 * of --separate-threads files (see below); every other argument is a
 * source file to annotate, as in callgrind_annotate.
 *
 * A profile P with files P-1, P-01, P-02, ... beside it (a dash and digits
 * after P) stands for those files, in numeric order, as KCachegrind loads
 * them; P itself is read too unless it is empty (Callgrind leaves a 0-byte
 * P when it writes one file per thread) or missing.  A file found this
 * way is read once even when it is also named (same device and inode), so
 * "callgrind.out.*" works; a file named twice is read twice.
 *
 * An input_list owns its strings; input_list_release() frees them.
 */
struct input_list {
	char **paths;
	size_t n;
	/* private: paths[i] came from a base name; room; the files by device
	   and inode (a hash: thousands of thread files each stat'ed against
	   every earlier one took minutes) */
	unsigned char *found;
	size_t cap;
	struct input_ids *ids;
};

void input_list_init(struct input_list *l);
void input_list_release(struct input_list *l);
/*
 * Add a profile argument, expanded as above; with parts, P stands for the
 * dumps of its run too (--parts=all, below): P.1, P.2, ... (each with its
 * thread files P.N-T, in numeric order), then P and its thread files.
 */
void input_add(struct input_list *l, const char *path, int parts);
/*
 * Callgrind's --dump-before, --dump-after and --dump-every-bb write the
 * dumps of one run as P.1, P.2, ... and the last one as P (with
 * --separate-threads, P.1-01, P.1-02, ..., P-01, ...).  How many files
 * P.N and P.N-T (N, T all digits) lie beside path and are not in l (same
 * device and inode); *first and *last are the names of the first and last
 * of them in numeric order (malloc'ed, NULL when none).
 */
size_t input_dumps_unread(const struct input_list *l, const char *path, char **first,
			  char **last);
/* Does the argument look like a profile (rule above)?  Unreadable: no; a pipe: yes. */
int input_is_profile(const char *path);

/*
 * Load one profile into p like load_file(), reading gzip-compressed files
 * (and standard input, "-") through zlib; returns 0 or -1 after a diag().
 */
int input_load(struct profile *p, const char *path, const char *pwd);

#endif
