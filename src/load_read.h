/* load_read: the loader's first stage; bytes from a file, standard input, memory or a pull callback, in blocks of whole lines, read and tokenized ahead in a thread of its own. */
#ifndef ANNOGRIND_LOAD_READ_H
#define ANNOGRIND_LOAD_READ_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "load_tokenize.h"

/*
 * Where bytes come from: a file descriptor (source_fd), memory
 * (source_mem) or a callback (source_pull: gzip data inflated by input.c,
 * called from the reading thread; see load_pull() in load.h).  The caller
 * owns fd, the memory and ctx; the reader frees what it allocated in the
 * source when it finishes.
 */
struct source {
	int fd;			/* -1: memory, or pull */
	const char *mem;
	size_t memlen, mempos;
	char *pend;		/* bytes after the last newline read */
	size_t npend, cappend;
	int eof;
	ssize_t (*pull)(void *ctx, char *buf, size_t cap);
	const char *(*why)(void *ctx);
	void *ctx;
};

void source_fd(struct source *src, int fd);
void source_mem(struct source *src, const char *buf, size_t len);
void source_pull(struct source *src, ssize_t (*pull)(void *ctx, char *buf, size_t cap),
		 const char *(*why)(void *ctx), void *ctx);

/*
 * The input goes through a ring of blocks.  Each block holds whole lines
 * (the piece after the last newline waits for the next block), of about
 * LOAD_READ_BLOCK bytes unless one line is longer, cut into records by
 * tokenize().  With jobs threads in all, jobs - 1 workers read blocks in
 * turn (one at a time: the input is read in order) and tokenize them
 * side by side, while the caller takes the blocks in file order, and
 * reads or tokenizes one itself while the next is not ready.  With one
 * job the caller does it all, block after block.  Tokenizing a line
 * depends on no line before it, so the result is the same whatever the
 * number of jobs and the timing (tests build with a tiny
 * LOAD_READ_BLOCK and compare several --jobs to check that).  When no
 * thread can be made, fewer do the work.
 *
 *	reader_start(&rd, &src, jobs);
 *	while ((b = reader_next(&rd))) {
 *		stop = apply(b);
 *		reader_done(&rd, stop);		// b may be reused from here
 *		if (stop) break;
 *	}
 *	err = reader_finish(&rd);		// 0, or the errno of a read error
 */
#ifndef LOAD_READ_BLOCK
#define LOAD_READ_BLOCK (32 << 10)
#endif
#define READ_MAXJOBS 64

struct reader {
	struct source *src;
	pthread_mutex_t mu;
	pthread_cond_t cv;	/* a block changed state, or the end came */
	pthread_t th[READ_MAXJOBS];
	unsigned nth;		/* workers running */
	struct block *blk;	/* the ring */
	unsigned char *state;	/* of each block of the ring (load_read.c) */
	size_t nblk;
	uint64_t head, tail;	/* blocks [tail, head) are read, in file order */
	int filling;		/* a block is being read */
	int eof, err, stop;
};

/* jobs: threads in all, the caller's included, 1 to READ_MAXJOBS. */
void reader_start(struct reader *rd, struct source *src, unsigned jobs);
/* The next block, in file order; NULL at the end of the input or after a read error. */
struct block *reader_next(struct reader *rd);
/* The caller is done with the block reader_next() gave; stop: read no more. */
void reader_done(struct reader *rd, int stop);
/* Stop the threads and free the blocks; returns 0, or the errno of a read error. */
int reader_finish(struct reader *rd);

#endif
