/* hash: uthash, configured to allocate through xmalloc and die through xalloc_die. */
#ifndef ANNOGRIND_HASH_H
#define ANNOGRIND_HASH_H

#include "arena.h"

#define uthash_malloc(sz) xmalloc(sz)
#define uthash_free(ptr, sz) free(ptr)
#define uthash_fatal(msg) xalloc_die()
#define HASH_FUNCTION HASH_JEN
#include <stdlib.h>
#include <uthash.h>

#endif
