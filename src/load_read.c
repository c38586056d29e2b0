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

static void block_reserve(char **buf, size_t *cap, size_t want)
{
	if (want > *cap) {
		size_t ncap = *cap ? *cap : READ_BLOCK;
		while (ncap < want)
			ncap *= 2;
		*buf = xrealloc(*buf, ncap);
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
	b->last_nonl = b->buf[b->len - 1] != '\n';
	return 1;
}

static void *reader_main(void *arg)
{
	struct reader *rd = arg;

	for (;;) {
		struct block *b;
		int r;
		pthread_mutex_lock(&rd->mu);
		while (rd->head - rd->tail == READ_NBLOCKS && !rd->stop)
			pthread_cond_wait(&rd->cv, &rd->mu);
		if (rd->stop) {
			pthread_mutex_unlock(&rd->mu);
			return NULL;
		}
		b = &rd->blk[rd->head % READ_NBLOCKS];
		pthread_mutex_unlock(&rd->mu);

		r = block_fill(b, rd->src);
		if (r > 0)
			tokenize(b);

		pthread_mutex_lock(&rd->mu);
		if (r < 0)
			rd->err = errno ? errno : EIO;
		else if (r == 0)
			rd->eof = 1;
		else
			rd->head++;
		pthread_cond_broadcast(&rd->cv);
		pthread_mutex_unlock(&rd->mu);
		if (r <= 0)
			return NULL;
	}
}

void reader_start(struct reader *rd, struct source *src)
{
	memset(rd, 0, sizeof(*rd));
	rd->src = src;
	pthread_mutex_init(&rd->mu, NULL);
	pthread_cond_init(&rd->cv, NULL);
	rd->threaded = !pthread_create(&rd->th, NULL, reader_main, rd);
}

struct block *reader_next(struct reader *rd)
{
	struct block *b;

	if (!rd->threaded) {
		/* no thread: read and tokenize in this one */
		int r;
		if (rd->eof || rd->err || rd->stop)
			return NULL;
		r = block_fill(&rd->blk[0], rd->src);
		if (r < 0) {
			rd->err = errno ? errno : EIO;
			return NULL;
		}
		if (r == 0) {
			rd->eof = 1;
			return NULL;
		}
		tokenize(&rd->blk[0]);
		return &rd->blk[0];
	}
	pthread_mutex_lock(&rd->mu);
	while (rd->head == rd->tail && !rd->eof && !rd->err)
		pthread_cond_wait(&rd->cv, &rd->mu);
	b = rd->head == rd->tail ? NULL : &rd->blk[rd->tail % READ_NBLOCKS];
	pthread_mutex_unlock(&rd->mu);
	return b;
}

void reader_done(struct reader *rd, int stop)
{
	if (!rd->threaded) {
		rd->stop |= stop;
		return;
	}
	pthread_mutex_lock(&rd->mu);
	rd->tail++;
	if (stop)
		rd->stop = 1;
	pthread_cond_broadcast(&rd->cv);
	pthread_mutex_unlock(&rd->mu);
}

int reader_finish(struct reader *rd)
{
	int i;

	if (rd->threaded) {
		/* a caller that stops early leaves the thread waiting for room */
		pthread_mutex_lock(&rd->mu);
		rd->stop = 1;
		pthread_cond_broadcast(&rd->cv);
		pthread_mutex_unlock(&rd->mu);
		pthread_join(rd->th, NULL);
	}
	pthread_cond_destroy(&rd->cv);
	pthread_mutex_destroy(&rd->mu);
	for (i = 0; i < READ_NBLOCKS; i++)
		block_release(&rd->blk[i]);
	free(rd->src->pend);
	rd->src->pend = NULL;
	return rd->err;
}
