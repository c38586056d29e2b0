/* arena: a bump allocator whose memory is freed all at once. */
#include "arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct arena_chunk {
	struct arena_chunk *next;
	/* payload follows */
};

#define CHUNK_SIZE ((size_t)1 << 20)

void xalloc_die(void)
{
	fputs("annogrind: out of memory\n", stderr);
	abort();
}

void *xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);
	if (!p)
		xalloc_die();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		xalloc_die();
	return p;
}

void *xrealloc(void *p, size_t size)
{
	p = realloc(p, size ? size : 1);
	if (!p)
		xalloc_die();
	return p;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(xmalloc(n), s, n);
}

void arena_init(struct arena *a)
{
	memset(a, 0, sizeof(*a));
}

void arena_release(struct arena *a)
{
	struct arena_chunk *c = a->head;
	while (c) {
		struct arena_chunk *n = c->next;
		free(c);
		c = n;
	}
	memset(a, 0, sizeof(*a));
}

void *arena_alloc(struct arena *a, size_t size)
{
	size = (size + 7) & ~(size_t)7;
	if (size > (size_t)(a->end - a->next) || !a->next) {
		/* Large requests get a chunk of their own so the current one is kept. */
		size_t want = size > CHUNK_SIZE / 4 ? size : CHUNK_SIZE;
		struct arena_chunk *c;
		if (want > SIZE_MAX - sizeof(*c) - 8)
			xalloc_die();
		c = xcalloc(1, sizeof(*c) + want + 8);
		c->next = a->head;
		a->head = c;
		a->total += want;
		char *base = (char *)(c + 1);
		base = (char *)(((uintptr_t)base + 7) & ~(uintptr_t)7);
		if (want != CHUNK_SIZE)
			return base;
		a->next = base;
		a->end = base + want;
	}
	void *p = a->next;
	a->next += size;
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t len)
{
	char *p = arena_alloc(a, len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}
