/* source_find: where the text of a source file a profile names is read from: its whole name, else its longest trailing part, in the current folder and the -I folders. */
#ifndef ANNOGRIND_SOURCE_FIND_H
#define ANNOGRIND_SOURCE_FIND_H

#include <stddef.h>

/*
 * A profile names its sources as the build saw them, often by absolute
 * path (/home/ci/build/work/x.c); read on another machine or in another
 * folder, that path is not there.  A name is looked up in the current
 * folder, then in each -I folder in order: first whole, then without its
 * first folder, its first two, and so on (work/x.c, then x.c), the
 * longest part found in any folder winning.  What is found is only a
 * regular file of non-zero size that can be read (source_open() below).
 *
 * Two cases are ambiguous, and each is said, never taken in silence:
 * another folder holds the same trailing part with other text (the first
 * is taken, and loc.other names the second), and two names of the profile
 * (source_find_names()) come to one file by trailing parts of as many
 * folders (/a/x/util.c and /a/y/util.c as ./util.c: it cannot be both, so
 * neither is taken and loc.why says so).  A name found whole, or by a
 * longer part, keeps the file: /home/ci/work/write.c found as work/write.c
 * is that file, glibc's ./io/../sysdeps/unix/sysv/linux/write.c found as
 * work/write.c by "write.c" alone is refused.  A name found whole is never
 * ambiguous: that is callgrind_annotate's rule, the first folder wins.
 *
 * A trailing part never starts with "..", so it stays inside its folder.
 * At most SOURCE_FIND_PARTS trailing parts are tried, and a part whose
 * first folder does not exist under a folder is not looked up further
 * there (remembered once per folder and name): a hostile profile of deep
 * names costs a bounded number of stat(2) calls per name.
 *
 * Lookups are remembered by name for the life of the struct.  Everything
 * a loc points to belongs to the struct; source_find_free() frees it.
 */
#define SOURCE_FIND_PARTS 32

struct source_find;
struct stat;

struct source_loc {
	const char *path;	/* the file to read (folder + part), or NULL: none */
	const char *dir;	/* its folder: "" (the current one) or an -I folder ("d/") */
	const char *part;	/* the part of the name looked up there: the name itself when whole */
	int trailing;		/* found by a trailing part, not by the whole name */
	const char *other;	/* another folder's file of the same part with other text, or NULL */
	/*
	 * path NULL: why the name cannot be read where it exists ("not a
	 * regular file", two names found as one file, ...), or NULL when it
	 * exists nowhere.
	 */
	const char *why;
};

/* dirs: the -I folders, each ending in '/' (kept as pointers: they must outlive sf). */
struct source_find *source_find_new(char *const *dirs, size_t ndirs);
void source_find_free(struct source_find *sf);
/*
 * The names of the files a report may annotate, for the second ambiguity
 * above (copied; a later call replaces them).  Without it no two names
 * are compared.
 */
void source_find_names(struct source_find *sf, const char *const *names, size_t n);
/* Where name is read from (never NULL; loc->path NULL when nowhere). */
const struct source_loc *source_find(struct source_find *sf, const char *name);
/* The same for a name given on the command line: a path the user typed, looked up whole only. */
const struct source_loc *source_find_whole(struct source_find *sf, const char *name);
/* Do the files at paths a and b hold the same bytes (both read to the end)? */
int source_same_text(const char *a, const char *b);

/*
 * Open path (one candidate: a folder and a name) to read a source file,
 * as every renderer that shows source text must: only a readable regular
 * file of non-zero size is opened (a FIFO or device never is, so nothing
 * blocks and /proc stays out), and what was opened is checked again with
 * fstat(2).  Returns the descriptor (O_NONBLOCK set; read at most st_size
 * bytes of it) with *st, or -1 with *why as above (NULL: path does not
 * exist).  Renderers also refuse a file with a NUL byte in its first
 * megabyte (binary) and cut lines at 1 MiB.
 */
int source_open(const char *path, struct stat *st, const char **why);

#endif
