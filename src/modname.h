/* modname: sed-like renaming of function and file names (s/RE/REPL/), so profiles of two builds line up. */
#ifndef ANNOGRIND_MODNAME_H
#define ANNOGRIND_MODNAME_H

#include <regex.h>
#include <stddef.h>

/*
 * A rule is "s/RE/REPL/FLAGS" as in sed(1): the character after the 's'
 * is the delimiter (any but a backslash or newline); RE is a POSIX extended
 * regular expression (regcomp(3) with REG_EXTENDED); in REPL, '&' is the
 * whole match, \1 to \9 the groups, '\&', '\\' and '\DELIM' stand for
 * themselves.  FLAGS: 'g' replaces every match, not only the first; 'i'
 * ignores case.  Rules apply in the order given, each to the result of the
 * one before.  A struct modname_list owns its compiled rules;
 * modname_release() frees them.
 */
struct modname {
	regex_t re;
	char *repl;
	int global;
};

struct modname_list {
	struct modname *v;
	size_t n;
};

void modname_init(struct modname_list *l);
void modname_release(struct modname_list *l);
/* Compile rules; returns 0, or -1 with a message naming opt (e.g. "--mod-funcname") in err. */
int modname_parse(struct modname_list *l, const char *opt, char *const *rules, size_t n,
		  char *err, size_t errlen);
/* s with every rule applied: a fresh string the caller frees. */
char *modname_apply(const struct modname_list *l, const char *s);
/*
 * The same, or NULL when a rule would apply to a string (the name, or what
 * the rules before made of it) longer than max bytes.  A search of
 * regexec() can take time in the square of the string's length (a
 * pattern such as [a-z]+_old$ tries each start to the end), and more with a
 * back-reference; the limit bounds it per name.  The rules' 'g' loop is
 * linear: each search starts at an offset (REG_STARTEND).
 */
#define MODNAME_MAX_NAME 8192
char *modname_apply_max(const struct modname_list *l, const char *s, size_t max);

/*
 * Copy src into dst (initialised here; the caller releases it) with the
 * function rules applied to function names and the file rules to file
 * names.  Functions, files, calls and call sites that end up with the same
 * name are summed; inclusive costs and cycles are not copied: run
 * graph_inclusive() on dst.  What graph_inclusive() needs to know of src
 * comes along: which functions are outer (fn.outer, dst->levels is
 * PROFILE_LEVELS_SET), and for a function that merges the recursion levels
 * of one function (fib and fib'2 renamed to fib) its exact inclusive cost,
 * that of its outer member (dst->exact_incl).  Returns 0; -1 after a
 * diagnostic when a sum overflows 64 bits (a call count or a cost), or
 * when a rule would apply to a name longer than MODNAME_MAX_NAME; 1
 * after a diagnostic when a rule makes a name with a line break (a newline
 * anywhere, or a carriage return at its end), which no profile can hold.
 * Each distinct name is renamed once.
 */
struct profile;
/*
 * Initialise dst with src's events, header lines and program totals, and
 * nothing else (a start for copies that choose their own functions),
 * sized for src's functions and calls; plain is profile.plain: what the
 * copy makes once each, with no index.  Returns 0, or -1 after a
 * diagnostic.
 */
int modname_copy_header(struct profile *dst, const struct profile *src, unsigned plain);
int modname_profile(struct profile *dst, const struct profile *src,
		    const struct modname_list *funcs, const struct modname_list *files);

#endif
