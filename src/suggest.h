/* suggest: the names of the profile closest to a pattern that picks none, for the messages that say so. */
#ifndef ANNOGRIND_SUGGEST_H
#define ANNOGRIND_SUGGEST_H

#include <stddef.h>

#include "profile.h"

/* At most this many names are suggested. */
#define SUGGEST_MAX 5

/*
 * A pattern of --focus, --ignore, --hide or --limit picked no function of
 * the profiles p[0 .. np): the names they have that are closest to it,
 * each written as a pattern that picks it, so that the user can copy one
 * (names quoted as messages quote them, "'a', 'b'"), or NULL when none is
 * close.  With object set, the pattern was one of the -object forms and
 * objects are suggested.  Close are, best first:
 *   - a name equal to the pattern's words but for case;
 *   - a name that holds them, or that they hold (a Callgrind name's caller
 *     context, written into the pattern: "f'main" for f'g'h);
 *   - a name a few letters off (edit distance at most a third of them);
 *   - for "main" that no function is called: what "(below main)" or
 *     __libc_start_call_main calls (a stripped program's main is an
 *     address: "0x0000000000003760 [sed]").
 * Callgrind's names are suggested without caller context (pattern.h:
 * such a pattern picks them all), an address with its object.  Ties go to the costlier.  A malloc'ed string.
 */
char *suggest_names(const struct profile *const *p, size_t np, const char *pattern, int object);

#endif
