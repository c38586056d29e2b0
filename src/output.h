/* output: --output=FILE, standard output sent to a file that is replaced only when the run succeeds, gzip-compressed for FILE.gz. */
#ifndef ANNOGRIND_OUTPUT_H
#define ANNOGRIND_OUTPUT_H

#include <stddef.h>

/*
 * output_open() points file descriptor 1 (so stdout, whatever its buffer)
 * at a new temporary file FILE.XXXXXX beside FILE, or for a FILE ending in
 * ".gz" at an unnamed temporary file; nothing must have been written to
 * stdout before.  After the last write and fflush(stdout), output_commit()
 * compresses the text into FILE.XXXXXX when gzip is wanted, gives it the
 * mode FILE had (or, for a new FILE, the permissions a new file gets:
 * umask) and renames it over FILE: a reader of FILE never sees half a
 * report, and a failed run leaves FILE as it was.  A symlink FILE is
 * followed, and its target replaced so.  A FILE that is no regular file
 * (a FIFO, a device, a dangling symlink) is opened by output_open() as
 * the shell's '>' would, the text kept in an unnamed temporary file, and
 * written to it by output_commit().  output_abort() removes the temporary
 * file instead.  Both restore nothing: they are called once, at the end.
 * The struct owns its strings.
 */
struct output {
	char *path;		/* FILE, its symlinks followed */
	char *tmp;		/* FILE.XXXXXX, NULL when none */
	int fd;			/* of tmp, or of FILE itself when direct */
	int text_fd;		/* with gz or direct: the unnamed file of the text, else -1 */
	int gz;
	int direct;		/* FILE is written through, not replaced */
	int mode;		/* the mode of the regular file replaced, or -1 */
};

/*
 * Returns 0, or -1 with a message in err (an output error).  gz 0: FILE.gz
 * is written as it is (the output is gzip-compressed already).
 */
int output_open(struct output *o, const char *path, int gz, char *err, size_t errlen);
/* Returns 0, or -1 with a message in err (FILE is then unchanged). */
int output_commit(struct output *o, char *err, size_t errlen);
void output_abort(struct output *o);

#endif
