/* arena: a bump allocator whose memory is freed all at once. */
#include "arena.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct arena_chunk {
	struct arena_chunk *next;
	size_t mapped;		/* bytes of its own mapping (chunk_new()), 0 from malloc */
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

/* Under AddressSanitizer a chunk comes from calloc, with its red zones. */
#if defined(__SANITIZE_ADDRESS__)
#define ARENA_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ARENA_SANITIZED 1
#endif
#endif
#ifndef ARENA_SANITIZED
#define ARENA_SANITIZED 0
#endif

/*
 * The chunks after an arena's first are of HUGE_SIZE bytes, on a boundary
 * of HUGE_SIZE, and ask the kernel for one huge page each
 * (MADV_HUGEPAGE): what a profile keeps per function and per call is read
 * in no order, and with 4 KB pages nearly every such read missed the
 * translation cache too, which costs most in a virtual machine (cc1's
 * --focus: 10% of its CPU time).  A small profile fills its first chunk
 * and never pays for 2 MB.
 */
#define HUGE_SIZE ((size_t)2 << 20)
#if defined(MAP_POPULATE) && defined(MADV_HUGEPAGE) && !ARENA_SANITIZED
#define ARENA_HUGE 1
#else
#define ARENA_HUGE 0
#endif

/*
 * A zeroed chunk of n bytes.  Its pages are made at once (MAP_POPULATE)
 * rather than one fault at each first touch: an arena fills its chunks
 * front to back, and a fault costs far more than a page made in a batch
 * (13 us against 0.9 us a page on a virtual machine of the benchmarks).
 */
static struct arena_chunk *chunk_new(size_t n)
{
	struct arena_chunk *c;

#if defined(MAP_POPULATE) && !ARENA_SANITIZED
	void *m = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE,
		       -1, 0);
	if (m != MAP_FAILED) {
		c = m;
		c->mapped = n;
		return c;
	}
#endif
	c = xcalloc(1, n);
	c->mapped = 0;
	return c;
}

/* A zeroed chunk of HUGE_SIZE bytes on a boundary of as many, or NULL. */
static struct arena_chunk *chunk_huge(void)
{
#if ARENA_HUGE
	char *m = mmap(NULL, 2 * HUGE_SIZE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
		       -1, 0);
	char *a;
	size_t i;

	if (m == MAP_FAILED)
		return NULL;
	a = (char *)(((uintptr_t)m + HUGE_SIZE - 1) & ~(uintptr_t)(HUGE_SIZE - 1));
	if (a > m)
		munmap(m, (size_t)(a - m));
	if (a + HUGE_SIZE < m + 2 * HUGE_SIZE)
		munmap(a + HUGE_SIZE, (size_t)(m + 2 * HUGE_SIZE - (a + HUGE_SIZE)));
	madvise(a, HUGE_SIZE, MADV_HUGEPAGE);	/* a hint: 4 KB pages if refused */
#ifdef MADV_POPULATE_WRITE
	if (madvise(a, HUGE_SIZE, MADV_POPULATE_WRITE))
#endif
		for (i = 0; i < HUGE_SIZE; i += 4096)
			a[i] = 0;	/* made now (a kernel before 5.14) */
	((struct arena_chunk *)(void *)a)->mapped = HUGE_SIZE;
	return (struct arena_chunk *)(void *)a;
#else
	return NULL;
#endif
}

/* Tables of at least this many bytes get a mapping of their own. */
#define TABLE_MAPPED ((size_t)64 << 10)

struct table_head {
	size_t mapped;		/* bytes of its own mapping, 0 from calloc */
	size_t pad;		/* the table after it 16-byte aligned */
};

static void *table_new(size_t n, int zero)
{
	struct table_head *h;

	if (n > SIZE_MAX - sizeof(*h))
		xalloc_die();
	n += sizeof(*h);
#if defined(MAP_POPULATE) && !ARENA_SANITIZED
	if (n >= TABLE_MAPPED) {
		void *m = mmap(NULL, n, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
		if (m != MAP_FAILED) {
			h = m;
			h->mapped = n;
			return h + 1;
		}
	}
#endif
	h = zero ? xcalloc(1, n) : xmalloc(n);
	h->mapped = 0;
	return h + 1;
}

void *xcalloc_table(size_t n)
{
	return table_new(n, 1);
}

void *xmalloc_table(size_t n)
{
	return table_new(n, 0);
}

void xfree_table(void *p)
{
	struct table_head *h;

	if (!p)
		return;
	h = (struct table_head *)p - 1;
	if (h->mapped)
		munmap(h, h->mapped);
	else
		free(h);
}

static size_t huge_round(size_t n)
{
	if (n > SIZE_MAX - 2 * HUGE_SIZE)
		xalloc_die();
	return (n + HUGE_SIZE - 1) & ~(HUGE_SIZE - 1);
}

void *xreserve(size_t n)
{
#if ARENA_HUGE
	size_t len = huge_round(n);
	char *m = mmap(NULL, len + HUGE_SIZE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	char *a;

	if (m == MAP_FAILED)
		return NULL;
	a = (char *)(((uintptr_t)m + HUGE_SIZE - 1) & ~(uintptr_t)(HUGE_SIZE - 1));
	if (a > m)
		munmap(m, (size_t)(a - m));
	if (a + len < m + len + HUGE_SIZE)
		munmap(a + len, (size_t)(m + len + HUGE_SIZE - (a + len)));
	madvise(a, len, MADV_HUGEPAGE);
	return a;
#else
	return calloc(1, n ? n : 1);
#endif
}

void xunreserve(void *p, size_t n)
{
	if (!p)
		return;
#if ARENA_HUGE
	munmap(p, huge_round(n));
#else
	(void)n;
	free(p);
#endif
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
		if (c->mapped)
			munmap(c, c->mapped);
		else
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
		size_t want = size > CHUNK_SIZE / 4 ? size : CHUNK_SIZE, room;
		struct arena_chunk *c = NULL;
		char *base;
		if (want > SIZE_MAX - sizeof(*c) - 8)
			xalloc_die();
		if (want == CHUNK_SIZE && a->head)
			c = chunk_huge();
		room = c ? HUGE_SIZE - sizeof(*c) : want;
		if (!c)
			c = chunk_new(sizeof(*c) + want + 8);
		c->next = a->head;
		a->head = c;
		a->total += room;
		mem_charge(room);
		base = (char *)(c + 1);
		base = (char *)(((uintptr_t)base + 7) & ~(uintptr_t)7);
		if (want != CHUNK_SIZE)
			return base;
		a->next = base;
		a->end = (char *)(c + 1) + room;
	}
	void *p = a->next;
	a->next += size;
	return p;
}

void *arena_regrow(struct arena *a, const void *old, size_t used, size_t size)
{
	void *p = arena_alloc(a, size);

	if (used)
		memcpy(p, old, used);
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t len)
{
	char *p = arena_alloc(a, len + 1);
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}
