/* arena: a bump allocator whose memory is freed all at once. */
#include "arena.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct arena_chunk {
	struct arena_chunk *next;	/* a table (table_new()), freed by xfree_table() */
	size_t pad;
	/* payload follows */
};

/* An arena's first chunk: a block of 1 MB with its heads (table_new()). */
#define CHUNK_SIZE (((size_t)1 << 20) - 64)
/* Its later chunks: a 2 MB mapping each. */
#define CHUNK_LATER (((size_t)2 << 20) - 64)

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
 * Fresh memory is dear: on a virtual machine of the benchmarks a 4 KB page
 * costs 12 us at its first touch, and still 5 us when made at once
 * (MAP_POPULATE) and then written; a 2 MB huge page (MADV_HUGEPAGE) is made
 * and written in 140 us, 0.3 us a 4 KB.  So the big holders take huge
 * pages where the kernel gives them: a table of 4 KB to 1 MB, and an
 * arena's first chunk, is a block of a power of 2 from a pool of huge
 * chunks (struct pool), kept when freed and given again; a larger table,
 * and an arena's later chunks, a mapping of its own on a boundary of 2 MB.
 */
#define HUGE_SIZE ((size_t)2 << 20)
#if defined(MAP_POPULATE) && defined(MADV_HUGEPAGE) && !ARENA_SANITIZED
#define ARENA_HUGE 1
#else
#define ARENA_HUGE 0
#endif

/* Tables of at least this many bytes come from the pool or a mapping of their own. */
#define TABLE_MAPPED ((size_t)4 << 10)
#define POOL_LO 12	/* the pool's blocks: 2^12 (TABLE_MAPPED) to 2^20 bytes */
#define POOL_HI 20

#if ARENA_HUGE
static size_t huge_round(size_t n)
{
	if (n > SIZE_MAX - 2 * HUGE_SIZE)
		xalloc_die();
	return (n + HUGE_SIZE - 1) & ~(HUGE_SIZE - 1);
}

/* len bytes (a multiple of HUGE_SIZE) on a boundary of HUGE_SIZE, huge pages asked; NULL if refused. */
static char *map_huge(size_t len, int populate)
{
	char *m = mmap(NULL, len + HUGE_SIZE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | (populate ? 0 : MAP_NORESERVE), -1, 0);
	char *a;
	size_t i;

	if (m == MAP_FAILED)
		return NULL;
	a = (char *)(((uintptr_t)m + HUGE_SIZE - 1) & ~(uintptr_t)(HUGE_SIZE - 1));
	if (a > m)
		munmap(m, (size_t)(a - m));
	if (a + len < m + len + HUGE_SIZE)
		munmap(a + len, (size_t)(m + len + HUGE_SIZE - (a + len)));
	madvise(a, len, MADV_HUGEPAGE);	/* a hint: 4 KB pages if refused */
	if (!populate)
		return a;
#ifdef MADV_POPULATE_WRITE
	if (madvise(a, len, MADV_POPULATE_WRITE))
#endif
		for (i = 0; i < len; i += 4096)
			a[i] = 0;	/* made now (a kernel before 5.14) */
	return a;
}

/*
 * The pool: blocks cut from huge chunks front to back; a freed block goes
 * to the list of its size and is given again.  The room a chunk has left
 * when a block no longer fits is cut into blocks for the lists (all sizes
 * are multiples of 4 KB).  Locked: any thread may make a table.
 */
static struct pool {
	pthread_mutex_t lock;
	char *next, *end;
	void *free[POOL_HI - POOL_LO + 1];	/* each block's first word: the next */
} pool = { PTHREAD_MUTEX_INITIALIZER, NULL, NULL, { NULL } };

/* A block of 2^k bytes; *dirty when it was used before.  NULL if no chunk could be made. */
static void *pool_get(unsigned k, int *dirty)
{
	size_t size = (size_t)1 << k;
	void *b;

	pthread_mutex_lock(&pool.lock);
	if ((b = pool.free[k - POOL_LO])) {
		pool.free[k - POOL_LO] = *(void **)b;
		*dirty = 1;
	} else {
		if ((size_t)(pool.end - pool.next) < size) {
			char *c = map_huge(HUGE_SIZE, 1);
			unsigned j;
			if (!c) {
				pthread_mutex_unlock(&pool.lock);
				return NULL;
			}
			for (j = POOL_HI; j >= POOL_LO; j--)
				while ((size_t)(pool.end - pool.next) >= (size_t)1 << j) {
					*(void **)(void *)pool.next = pool.free[j - POOL_LO];
					pool.free[j - POOL_LO] = pool.next;
					pool.next += (size_t)1 << j;
				}
			pool.next = c;
			pool.end = c + HUGE_SIZE;
		}
		b = pool.next;
		pool.next += size;
		*dirty = 0;
	}
	pthread_mutex_unlock(&pool.lock);
	if (*dirty)
		*(void **)b = NULL;
	return b;
}

static void pool_put(void *b, unsigned k)
{
	pthread_mutex_lock(&pool.lock);
	*(void **)b = pool.free[k - POOL_LO];
	pool.free[k - POOL_LO] = b;
	pthread_mutex_unlock(&pool.lock);
}
#endif

struct table_head {
	size_t mapped;		/* bytes of its own mapping; 0: from the pool or calloc */
	size_t pool;		/* k of its pool block of 2^k bytes; 0: not from the pool */
};

static void *table_new(size_t n, int zero)
{
	struct table_head *h;

	if (n > SIZE_MAX - sizeof(*h))
		xalloc_die();
	n += sizeof(*h);
#if ARENA_HUGE
	if (n >= TABLE_MAPPED && n <= (size_t)1 << POOL_HI) {
		unsigned k = POOL_LO;
		int dirty;
		while ((size_t)1 << k < n)
			k++;
		h = pool_get(k, &dirty);
		if (h) {
			if (dirty && zero)
				memset(h, 0, n);
			h->mapped = 0;
			h->pool = k;
			return h + 1;
		}
	} else if (n > (size_t)1 << POOL_HI) {
		size_t len = huge_round(n);
		h = (struct table_head *)(void *)map_huge(len, 1);
		if (h) {
			h->mapped = len;
			h->pool = 0;
			return h + 1;
		}
	}
#endif
	h = zero ? xcalloc(1, n) : xmalloc(n);
	h->mapped = 0;
	h->pool = 0;
	return h + 1;
}

/* A zeroed chunk of n bytes (a table: see table_new()). */
static struct arena_chunk *chunk_new(size_t n)
{
	return table_new(n, 1);
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
#if ARENA_HUGE
	if (h->pool) {
		pool_put(h, (unsigned)h->pool);
		return;
	}
#endif
	if (h->mapped)
		munmap(h, h->mapped);
	else
		free(h);
}

void *xreserve(size_t n)
{
#if ARENA_HUGE
	return map_huge(huge_round(n), 0);
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
		xfree_table(c);
		c = n;
	}
	memset(a, 0, sizeof(*a));
}

void *arena_alloc_more(struct arena *a, size_t size)
{
	size = (size + 7) & ~(size_t)7;
	if (size > (size_t)(a->end - a->next) || !a->next) {
		/* Large requests get a chunk of their own so the current one is kept. */
		size_t want = size > CHUNK_SIZE / 4 ? size : a->head ? CHUNK_LATER : CHUNK_SIZE;
		struct arena_chunk *c;
		char *base;
		if (want > SIZE_MAX - sizeof(*c) - 8)
			xalloc_die();
		c = chunk_new(sizeof(*c) + want);
		c->next = a->head;
		a->head = c;
		a->total += want;
		mem_charge(want);
		base = (char *)(c + 1);
		if (want != CHUNK_SIZE && want != CHUNK_LATER)
			return base;
		a->next = base;
		a->end = base + want;
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
