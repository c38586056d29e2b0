/* load: the loader; a profile read through its three stages, load_read.c (bytes in blocks) -> load_tokenize.c (records) -> load_apply.c (the model). */
#include "load.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "fnline.h"
#include "icode.h"
#include "load_apply.h"
#include "load_read.h"

static unsigned jobs;	/* load_set_jobs(); 0: load_default_jobs() */

unsigned load_default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t set;

	if (!sched_getaffinity(0, sizeof(set), &set) && CPU_COUNT(&set) < n)
		n = CPU_COUNT(&set);	/* taskset and containers give fewer */
	if (n < 1)
		n = 1;
	return n > LOAD_DEFAULT_MAXJOBS ? LOAD_DEFAULT_MAXJOBS : (unsigned)n;
}

void load_set_jobs(unsigned n)
{
	jobs = n > LOAD_MAXJOBS ? LOAD_MAXJOBS : n;
}

#ifdef LOAD_TIMING
#include <time.h>
/*
 * A bench build (make bench): for each block, "block BYTES FILL TOKENIZE
 * APPLY" in ns of thread CPU time on stderr, and at exit the CPU time of
 * the whole process; bench/simjobs.c schedules them on N threads.
 */
static uint64_t cpu_ns(clockid_t c)
{
	struct timespec t;
	clock_gettime(c, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void timing_end(void)
{
	fprintf(stderr, "timing: process %llu\n",
		(unsigned long long)cpu_ns(CLOCK_PROCESS_CPUTIME_ID));
}
#endif

/* Load everything src gives into p, then finish the file; -1 after an error was reported. */
static int load_one(struct profile *p, const char *name, const char *pwd, struct source *src)
{
	struct loader *ld = loader_new(p, name, pwd);
	struct reader rd;
	struct block *b;
	int rc = 0, err;

	reader_start(&rd, src, jobs ? jobs : load_default_jobs());
#ifdef LOAD_TIMING
	{
		static int once;
		if (!once++)
			atexit(timing_end);
	}
#endif
	while ((b = reader_next(&rd))) {
#ifdef LOAD_TIMING
		uint64_t t0 = cpu_ns(CLOCK_THREAD_CPUTIME_ID);
		rc = loader_block(ld, b);
		fprintf(stderr, "timing: block %zu %llu %llu %llu\n", b->len,
			(unsigned long long)b->t_fill, (unsigned long long)b->t_tok,
			(unsigned long long)(cpu_ns(CLOCK_THREAD_CPUTIME_ID) - t0));
#else
		rc = loader_block(ld, b);
#endif
		reader_done(&rd, rc != 0);
		if (rc)
			break;
	}
	err = reader_finish(&rd);
	if (!rc && err) {
		if (src->why)
			diag(DIAG_ERROR, name, 0, "%s", src->why(src->ctx));
		else
			diag(DIAG_ERROR, name, 0, "read error: %s", strerror(err));
		rc = -1;
	}
	if (!rc)
		rc = loader_end(ld);
	loader_free(ld);
	return rc;
}

int load_buffer(struct profile *p, const char *name, const char *buf, size_t len,
		const char *pwd)
{
	struct source src;

	source_mem(&src, buf, len);
	return load_one(p, name, pwd, &src);
}

int load_pull(struct profile *p, const char *name, const char *pwd,
	      ssize_t (*pull)(void *ctx, char *buf, size_t cap),
	      const char *(*why)(void *ctx), void *ctx)
{
	struct source src;

	source_pull(&src, pull, why, ctx);
	return load_one(p, name, pwd, &src);
}

int load_file(struct profile *p, const char *path, const char *pwd)
{
	const char *name = path;
	struct source src;
	struct stat st;
	int fd, rc;

	if (!strcmp(path, "-")) {
		fd = 0;
		name = "<stdin>";
	} else {
		fd = open(path, O_RDONLY);
		if (fd < 0) {
			diag(DIAG_ERROR, path, 0, "cannot open: %s", strerror(errno));
			return -1;
		}
	}
	if (fstat(fd, &st)) {
		diag(DIAG_ERROR, name, 0, "cannot stat: %s", strerror(errno));
		goto fail;
	}
	if (S_ISDIR(st.st_mode)) {
		diag(DIAG_ERROR, name, 0, "is a directory, not a profile");
		goto fail;
	}
	if (S_ISREG(st.st_mode))
		posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	source_fd(&src, fd);
	rc = load_one(p, name, pwd, &src);
	if (fd != 0)
		close(fd);
	return rc;
fail:
	if (fd != 0)
		close(fd);
	return -1;
}

static int derive(struct profile *p, struct cc *c)
{
	return c ? events_derive(&p->ev, c->v) != 0 : 0;
}

int load_finish(struct profile *p)
{
	size_t i;
	int bad = 0;

	if (p->ev.n == p->ev.nraw) {
		fnline_finish(p);
		return 0;
	}
	bad |= derive(p, p->total);
	bad |= fnline_derive(p);
	fnline_finish(p);
	for (i = 0; i < p->nfns; i++)
		bad |= derive(p, p->fns[i]->self);
	for (i = 0; i < p->ncalls; i++)
		bad |= derive(p, p->calls[i]->cc);
	for (i = 0; i < p->nfiles_src; i++) {
		struct file *f = p->files[i];
		struct callsite *s;
		struct cc *cc;
		uint64_t line;
		size_t k;
		for (k = 0; file_line_next(f, &k, &line, &cc);)
			bad |= derive(p, cc);
		for (s = f->sites; s; s = s->next)
			bad |= derive(p, s->cc);
	}
	for (i = 0; i < p->nicodes; i++) {
		const struct icode *u = p->icodes[i];
		size_t k;
		for (k = 0; k < u->acap; k++) {
			const struct icall *c;
			if (!u->akeys[k])
				continue;
			bad |= derive(p, u->avals[k]->cc);
			for (c = u->avals[k]->calls; c; c = c->next)
				bad |= derive(p, c->cc);
		}
	}
	if (bad) {
		diag(DIAG_ERROR, NULL, 0, "a value of an event defined by an 'event:' formula does not fit in 64 bits");
		return -1;
	}
	return 0;
}
