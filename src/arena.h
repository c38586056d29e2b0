/* arena: a bump allocator whose memory is freed all at once. */
#ifndef ANNOGRIND_ARENA_H
#define ANNOGRIND_ARENA_H

#include <stddef.h>
#include <stdint.h>

/*
 * An arena owns every block it hands out; arena_release() frees them all.
 * Allocations are 8-byte aligned and zero-filled.  What an arena takes
 * is charged (mem_charge() below) until arena_release().
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
void *arena_alloc_more(struct arena *a, size_t size);

/* size bytes, 8-aligned: from the current chunk inline, else arena_alloc_more() */
static inline void *arena_alloc(struct arena *a, size_t size)
{
	size_t sz = (size + 7) & ~(size_t)7;

	/* sz - 1 wraps for 0 (and for a size near SIZE_MAX, which rounds to 0); no chunk: no room */
	if (sz - 1 < (size_t)(a->end - a->next)) {
		void *p = a->next;
		a->next += sz;
		return p;
	}
	return arena_alloc_more(a, size);
}
/*
 * A block of size bytes that starts with the used bytes of old (NULL when
 * used is 0): for an array that grows, whose old block stays in the arena
 * until it is released.
 */
void *arena_regrow(struct arena *a, const void *old, size_t used, size_t size);
char *arena_strndup(struct arena *a, const char *s, size_t len);

/*
 * malloc/realloc that never return NULL: out of memory, xalloc_die()
 * says so and ends the process with status EXIT_NOMEM (annogrind(1),
 * EXIT STATUS), not with abort().
 */
void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
/*
 * n zeroed bytes for a table (16-byte aligned): from 4 KB on, a block of
 * a pool of huge pages, or a mapping of its own past 1 MB (see
 * table_new() in arena.c); freed only by xfree_table(p), which takes NULL.
 */
void *xcalloc_table(size_t n);
/* The same, not zeroed (an array every item of which is written first). */
void *xmalloc_table(size_t n);
void xfree_table(void *p);
/*
 * Room for an array that grows to n bytes at most, in place: reserved, not
 * made; its pages come as it is written, 2 MB huge pages where the kernel
 * gives them (see chunk_huge() in arena.c), which are made far faster.
 * Freed by xunreserve(p, n).  NULL when it cannot be reserved.
 */
void *xreserve(size_t n);
void xunreserve(void *p, size_t n);
void xalloc_die(void) __attribute__((noreturn));
#define EXIT_NOMEM 5

/*
 * What the profiles read may make annogrind hold: the holders that grow
 * with a profile (every arena, the model's indexes, the writer's costs)
 * charge what they take and uncharge what they give back, and the
 * charges may not pass max(MEM_FLOOR, MEM_PER_BYTE x the bytes of profile
 * text read, all files, gzip inflated).  The loader checks after each
 * line that may have grown the model (mem_over(), an error at that line);
 * a charge past the limit by more than MEM_SLACK (within one line, or
 * after loading: the diff, a renamed copy, the writer) ends the process
 * with a message and status 3 before anything is written.  So a profile
 * of a few bytes a function cannot make costs of 20,000 events each, and
 * the peak memory stays under max(64 MiB, 40 bytes per input byte)
 * (annogrind(1)).  Real profiles take 1 to 8 bytes a byte.
 */
#define MEM_FLOOR ((size_t)32 << 20)
#define MEM_PER_BYTE 24
#define MEM_SLACK ((size_t)8 << 20)

void mem_charge(size_t n);
void mem_uncharge(size_t n);
/* Count n more bytes of profile text read (the limit grows with them). */
void mem_input(size_t n);
/* The bytes of profile text counted so far. */
uint64_t mem_input_bytes(void);
/* What is charged now (tests: a profile released gives back all it took). */
size_t mem_charged(void);
/* Are the charges past the limit? */
int mem_over(void);

#endif
