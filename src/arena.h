/* arena: a bump allocator whose memory is freed all at once. */
#ifndef ANNOGRIND_ARENA_H
#define ANNOGRIND_ARENA_H

#include <stddef.h>

/*
 * An arena owns every block it hands out; arena_release() frees them all.
 * Allocations are 8-byte aligned and zero-filled.  Out of memory aborts
 * through xalloc_die(): a profile we cannot hold is not an input error.
 */
struct arena_chunk;

struct arena {
	struct arena_chunk *head;
	char *next;
	char *end;
	size_t total;		/* bytes obtained from malloc, for statistics */
};

void arena_init(struct arena *a);
void arena_release(struct arena *a);
void *arena_alloc(struct arena *a, size_t size);
char *arena_strndup(struct arena *a, const char *s, size_t len);

/* malloc/realloc that never return NULL. */
void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
void xalloc_die(void) __attribute__((noreturn));

#endif
