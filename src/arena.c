/* arena: a bump allocator whose memory is freed all at once. */
#include "arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct arena_chunk {
	struct arena_chunk *next;
	/* payload follows */
};

#define CHUNK_SIZE ((size_t)1 << 20)

void xalloc_die(void)
{
	/* _exit: no half-written report flushed, no atexit handler run while
	   the loader's threads may still hold locks */
	static const char msg[] = "annogrind: out of memory\n";
	fflush(stderr);
	if (write(2, msg, sizeof(msg) - 1) < 0)
		_exit(EXIT_NOMEM);
	_exit(EXIT_NOMEM);
}

static size_t charged, limit = MEM_FLOOR;
static uint64_t input_bytes;

void mem_input(size_t n)
{
	input_bytes += n;
	limit = input_bytes > SIZE_MAX / MEM_PER_BYTE ? SIZE_MAX : (size_t)input_bytes * MEM_PER_BYTE;
	if (limit < MEM_FLOOR)
		limit = MEM_FLOOR;
}

void mem_charge(size_t n)
{
	charged += n;
	if (charged > limit && charged - limit > MEM_SLACK) {
		fprintf(stderr, "annogrind: the profiles need more memory than annogrind gives them: "
			"over %d bytes for each byte read, and over %zu MiB\n",
			MEM_PER_BYTE, MEM_FLOOR >> 20);
		fflush(stderr);
		_exit(3);	/* EXIT_INPUT: the profile asks too much */
	}
}

void mem_uncharge(size_t n)
{
	charged = n < charged ? charged - n : 0;
}

uint64_t mem_input_bytes(void)
{
	return input_bytes;
}

size_t mem_charged(void)
{
	return charged;
}

int mem_over(void)
{
	return charged > limit;
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

	mem_uncharge(a->total);
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
		mem_charge(want);
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
