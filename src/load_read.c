/* load_read: the loader's first stage; bytes from a file, standard input, memory or a pull callback, in blocks of whole lines, read and tokenized ahead in a thread of its own. */
#include "load_read.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arena.h"

#define READ_BLOCK ((size_t)LOAD_READ_BLOCK)

void source_fd(struct source *src, int fd)
{
	memset(src, 0, sizeof(*src));
	src->fd = fd;
}

void source_mem(struct source *src, const char *buf, size_t len)
{
	memset(src, 0, sizeof(*src));
	src->fd = -1;
	src->mem = buf;
	src->memlen = len;
}

void source_pull(struct source *src, ssize_t (*pull)(void *ctx, char *buf, size_t cap),
		 const char *(*why)(void *ctx), void *ctx)
{
	memset(src, 0, sizeof(*src));
	src->fd = -1;
	src->pull = pull;
	src->why = why;
	src->ctx = ctx;
}

/* Read up to cap bytes: until full or the end; -1 with errno on error. */
static ssize_t source_read(struct source *src, char *buf, size_t cap)
{
	size_t len = 0;

	while (src->pull && len < cap) {
		ssize_t r = src->pull(src->ctx, buf + len, cap - len);
		if (r < 0)
			return -1;
		if (r == 0)
			return (ssize_t)len;
		len += (size_t)r;
	}
	if (src->pull)
		return (ssize_t)len;
	if (src->fd < 0) {
		len = src->memlen - src->mempos < cap ? src->memlen - src->mempos : cap;
		if (len)
			memcpy(buf, src->mem + src->mempos, len);
		src->mempos += len;
		return (ssize_t)len;
	}
	while (len < cap) {
		ssize_t r = read(src->fd, buf + len, cap - len);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (r == 0)
			break;
		len += (size_t)r;
	}
	return (ssize_t)len;
}

/* Room for want bytes in *buf, and BLOCK_PAD more after them. */
static void block_reserve(char **buf, size_t *cap, size_t want)
{
	if (want > *cap) {
		size_t ncap = *cap ? *cap : READ_BLOCK;
		while (ncap < want)
			ncap *= 2;
		*buf = xrealloc(*buf, ncap + BLOCK_PAD);
		*cap = ncap;
	}
}

/*
 * Fill b with the next whole lines (at the end of the input, with what is
 * left).  Returns 1 with a block, 0 at the end, -1 with errno on error.
 */
static int block_fill(struct block *b, struct source *src)
{
	size_t start;

	b->len = 0;
	b->last_nonl = 0;
	b->toolong = 0;
	if (src->eof && !src->npend)
		return 0;
	block_reserve(&b->buf, &b->cap, src->npend < READ_BLOCK ? READ_BLOCK : src->npend + READ_BLOCK);
	if (src->npend)
		memcpy(b->buf, src->pend, src->npend);
	b->len = src->npend;
	src->npend = 0;
	start = b->len;
	while (!src->eof) {
		ssize_t r;
		const char *nl;
		/* a block holds READ_BLOCK bytes, the pending ones included,
		   unless one line is longer */
		size_t want = b->len < READ_BLOCK ? READ_BLOCK - b->len : READ_BLOCK;
		block_reserve(&b->buf, &b->cap, b->len + want);
		r = source_read(src, b->buf + b->len, want);
		if (r < 0)
			return -1;
		b->len += (size_t)r;
		if ((size_t)r < want)
			src->eof = 1;
		nl = b->len > start ? memrchr(b->buf + start, '\n', b->len - start) : NULL;
		if (nl) {
			size_t keep = (size_t)(nl + 1 - b->buf);
			size_t rest = b->len - keep;
			block_reserve(&src->pend, &src->cappend, rest + 1);
			memcpy(src->pend, nl + 1, rest);
			src->npend = rest;
			b->len = keep;
			break;
		}
		if (b->len > LOAD_MAX_LINE) {
			/* no newline in all this: one line, too long to hold */
			b->len = 0;
			b->toolong = 1;
			src->eof = 1;
			src->npend = 0;
			memset(b->buf, 0, BLOCK_PAD);
			return 1;
		}
		start = b->len;	/* a line longer than a block: read on */
	}
	if (src->eof && src->npend) {
		/* the end: what is pending goes in this block */
		block_reserve(&b->buf, &b->cap, b->len + src->npend);
		memcpy(b->buf + b->len, src->pend, src->npend);
		b->len += src->npend;
		src->npend = 0;
	}
	if (!b->len)
		return 0;
	memset(b->buf + b->len, 0, BLOCK_PAD);
	b->last_nonl = b->buf[b->len - 1] != '\n';
	return 1;
}

enum { SLOT_FILLED, SLOT_BUSY, SLOT_READY };

#ifdef LOAD_TIMING
#include <time.h>
/* The CPU time of this thread, in ns (a bench build: make bench's simulation). */
static uint64_t thread_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}
#define TIMED(b, field, stmt) do { uint64_t t0_ = thread_ns(); stmt; (b)->field = thread_ns() - t0_; } while (0)
#else
#define TIMED(b, field, stmt) stmt
#endif

/*
 * With rd->mu held: do one piece of the work, if there is one: tokenize
 * a block that was read, else read the next one.  Returns 1 when it did
 * something (rd->mu is held again), 0 when there is nothing to do now.
 */
static int one_job(struct reader *rd)
{
	uint64_t i;
	struct block *b;
	int r, e;

	for (i = rd->tail; i < rd->head; i++) {
		if (rd->state[i % rd->nblk] == SLOT_FILLED) {
			b = &rd->blk[i % rd->nblk];
			rd->state[i % rd->nblk] = SLOT_BUSY;
			pthread_mutex_unlock(&rd->mu);
			TIMED(b, t_tok, tokenize(b));
			pthread_mutex_lock(&rd->mu);
			rd->state[i % rd->nblk] = SLOT_READY;
			pthread_cond_broadcast(&rd->cv);
			return 1;
		}
	}
	if (rd->filling || rd->eof || rd->err || rd->stop || rd->head - rd->tail == rd->nblk)
		return 0;
	/* the block after the last one read is free: read into it */
	b = &rd->blk[rd->head % rd->nblk];
	rd->filling = 1;
	pthread_mutex_unlock(&rd->mu);
	errno = 0;
	TIMED(b, t_fill, r = block_fill(b, rd->src));
	e = errno ? errno : EIO;
	pthread_mutex_lock(&rd->mu);
	rd->filling = 0;
	if (r > 0)
		rd->state[rd->head++ % rd->nblk] = SLOT_FILLED;
	else if (r == 0)
		rd->eof = 1;
	else
		rd->err = e;
	pthread_cond_broadcast(&rd->cv);
	return 1;
}

static void *worker_main(void *arg)
{
	struct reader *rd = arg;

	pthread_mutex_lock(&rd->mu);
	while (!rd->stop) {
		if (one_job(rd))
			continue;
		if (rd->eof || rd->err) {
			uint64_t i;
			for (i = rd->tail; i < rd->head; i++)
				if (rd->state[i % rd->nblk] == SLOT_FILLED)
					break;
			if (i == rd->head)
				break;	/* nothing will come */
		}
		pthread_cond_wait(&rd->cv, &rd->mu);
	}
	pthread_mutex_unlock(&rd->mu);
	return NULL;
}

void reader_start(struct reader *rd, struct source *src, unsigned jobs)
{
	unsigned i;

	memset(rd, 0, sizeof(*rd));
	rd->src = src;
	if (jobs < 1)
		jobs = 1;
	if (jobs > READ_MAXJOBS)
		jobs = READ_MAXJOBS;
	/* room for every thread to work on a block, and two ready ahead */
	rd->nblk = (size_t)jobs + 2;
	rd->blk = xcalloc(rd->nblk, sizeof(*rd->blk));
	rd->state = xcalloc(rd->nblk, 1);
	pthread_mutex_init(&rd->mu, NULL);
	pthread_cond_init(&rd->cv, NULL);
	(void)tokenize_simd();	/* chosen once, before the threads */
	for (i = 0; i + 1 < jobs; i++) {
		if (pthread_create(&rd->th[rd->nth], NULL, worker_main, rd))
			break;	/* fewer threads do the work */
		rd->nth++;
	}
}

struct block *reader_next(struct reader *rd)
{
	struct block *b = NULL;

	pthread_mutex_lock(&rd->mu);
	for (;;) {
		if (rd->head > rd->tail && rd->state[rd->tail % rd->nblk] == SLOT_READY) {
			b = &rd->blk[rd->tail % rd->nblk];
			break;
		}
		if (rd->head == rd->tail && (rd->eof || rd->err))
			break;
		/* while the next block is not ready, help */
		if (!one_job(rd))
			pthread_cond_wait(&rd->cv, &rd->mu);
	}
	pthread_mutex_unlock(&rd->mu);
	return b;
}

void reader_done(struct reader *rd, int stop)
{
	pthread_mutex_lock(&rd->mu);
	rd->tail++;
	if (stop)
		rd->stop = 1;
	pthread_cond_broadcast(&rd->cv);
	pthread_mutex_unlock(&rd->mu);
}

int reader_finish(struct reader *rd)
{
	size_t i;

	pthread_mutex_lock(&rd->mu);
	rd->stop = 1;
	pthread_cond_broadcast(&rd->cv);
	pthread_mutex_unlock(&rd->mu);
	for (i = 0; i < rd->nth; i++)
		pthread_join(rd->th[i], NULL);
	pthread_cond_destroy(&rd->cv);
	pthread_mutex_destroy(&rd->mu);
	for (i = 0; i < rd->nblk; i++)
		block_release(&rd->blk[i]);
	free(rd->blk);
	free(rd->state);
	free(rd->src->pend);
	rd->src->pend = NULL;
	return rd->err;
}
