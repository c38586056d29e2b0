/* view: the profile as the graph views see it: inlined code folded into its function; --focus, --ignore and --hide. */
#ifndef ANNOGRIND_VIEW_H
#define ANNOGRIND_VIEW_H

#include <stddef.h>

#include "opts.h"
#include "profile.h"

/*
 * Callgrind gives the cost of code inlined from another file (fi=/fe=
 * lines inside a function) as "that file:the function's name"; the model
 * keeps it so (callgrind_annotate shows it so), as a function nobody
 * calls.  Its host is the function whose fn= line it came under: a
 * function opened by fn= with the same name and object.  When several
 * (static functions of one name in two files that inline the same
 * header) could be, the first in name order ("file:function") is taken.
 * A fragment nobody calls with no such host goes to a function of that
 * name in another object (the loader gives the calls of a name to the
 * first object that named it: ld.so's strdup is called as libc's).
 *
 * view_hosts() returns, by function id, the host of each such fragment
 * and NULL for every other function (a malloc'ed array the caller frees).
 */
struct fn **view_hosts(const struct profile *p);

/*
 * dst (initialised here; the caller releases it) is a copy of src in which
 * every fragment with a host is merged into it: its self cost, its calls
 * and its line costs become the host's.  dst points to src's names: it
 * must not outlive src (profile_adopt()).  Run graph_inclusive() on dst.
 * Returns 0, or -1 after a diagnostic when a sum overflows.
 */
int view_merge_inlined(struct profile *dst, const struct profile *src);

/*
 * A view made of the merged copy of src (view_merge_inlined()), v, back
 * in src's rows: dst (initialised here; the caller releases it) has each
 * function of src whose function (its host's, for a piece of inlined
 * code) is in v, with v's cost of that function shared over its rows in
 * proportion to their costs in src, none above its own but the host's
 * (--hide moves costs into a function), and likewise each call; v's
 * calls no call of src makes are the hosts'.  A match's exact inclusive
 * cost is its row's in src; every row's inclusive cost in src bounds it
 * in dst (profile.incl_cap: graph_inclusive() ran on src).  dst points to
 * src's names (and to none of v's own).  0, or -1 after a diagnostic.
 */
int view_split_inlined(struct profile *dst, const struct profile *v, const struct profile *src);

/* Has p code inlined from another file with a host (else the merge copies it as it is)? */
int view_has_inlined(const struct profile *p);

/*
 * --focus, --ignore and --hide (and their -object forms): focus first,
 * then ignore, then hide, the globs of each kind together.  src must have
 * been through graph_inclusive() (the rules follow its non-recursive
 * calls and its exact inclusive costs).  A function matches a glob as
 * --limit picks functions: its name or "file:function" equals it or
 * matches it as an fnmatch(3) glob; an object form matches the object's
 * name.  The rules, and what each view keeps exact, are written in the
 * man page ("Focus, ignore and hide").  dst is initialised here (also on
 * failure) and points to src's names: it must not outlive src
 * (profile_adopt()); run graph_inclusive() on it.  Returns 0, -1 after a
 * diagnostic, or -2 after one saying that a glob matches no function of
 * src (only when check is set: a usage error).
 */
int view_filter(struct profile *dst, const struct profile *src, const struct opts_filter *f,
		size_t n, int check);

/* Mark in seen[k] each glob f[k] that matches a function of p. */
void view_filters_seen(const struct profile *p, const struct opts_filter *f, size_t n,
		       unsigned char *seen);
/*
 * -1 after a diagnostic naming the first glob not seen, with the names of
 * p[0 .. np) closest to it (suggest.h).
 */
int view_filters_check(const struct opts_filter *f, size_t n, const unsigned char *seen,
		       const struct profile *const *p, size_t np);

#endif
