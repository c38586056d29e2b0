/* output: --output=FILE, standard output sent to a file that is replaced only when the run succeeds, gzip-compressed for FILE.gz. */
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "arena.h"

static void release(struct output *o)
{
	if (o->fd >= 0)
		close(o->fd);
	if (o->text_fd >= 0)
		close(o->text_fd);
	free(o->path);
	free(o->tmp);
	memset(o, 0, sizeof(*o));
	o->fd = o->text_fd = -1;
}

static int fail(struct output *o, char *err, size_t errlen, const char *what)
{
	snprintf(err, errlen, "cannot write '%.200s': %s%s", o->path, what,
		 errno ? strerror(errno) : "write error");
	if (o->tmp)
		unlink(o->tmp);
	release(o);
	return -1;
}

int output_open(struct output *o, const char *path, char *err, size_t errlen)
{
	size_t len = strlen(path);
	FILE *text;

	memset(o, 0, sizeof(*o));
	o->fd = o->text_fd = -1;
	o->path = xstrdup(path);
	o->gz = len > 3 && !strcmp(path + len - 3, ".gz");
	o->tmp = xmalloc(len + 8);
	memcpy(o->tmp, path, len);
	memcpy(o->tmp + len, ".XXXXXX", 8);
	o->fd = mkstemp(o->tmp);
	if (o->fd < 0) {
		free(o->tmp);
		o->tmp = NULL;
		return fail(o, err, errlen, "");
	}
	if (o->gz) {
		/* the text first, compressed at the end in one go */
		text = tmpfile();
		if (!text)
			return fail(o, err, errlen, "temporary file: ");
		o->text_fd = dup(fileno(text));
		fclose(text);
		if (o->text_fd < 0)
			return fail(o, err, errlen, "temporary file: ");
	}
	if (dup2(o->gz ? o->text_fd : o->fd, 1) < 0)
		return fail(o, err, errlen, "");
	return 0;
}

/* The text of text_fd, gzip-compressed into fd. */
static int compress_into(struct output *o)
{
	static char buf[1 << 16];
	gzFile z;
	ssize_t n;
	int fd, rc = 0;

	if (lseek(o->text_fd, 0, SEEK_SET) < 0)
		return -1;
	fd = dup(o->fd);
	if (fd < 0)
		return -1;
	z = gzdopen(fd, "wb");
	if (!z) {
		close(fd);
		return -1;
	}
	while ((n = read(o->text_fd, buf, sizeof(buf))) > 0)
		if (gzwrite(z, buf, (unsigned)n) != (int)n) {
			rc = -1;
			break;
		}
	if (n < 0)
		rc = -1;
	if (gzclose(z) != Z_OK && !rc) {
		if (!errno)
			errno = EIO;
		rc = -1;
	}
	return rc;
}

int output_commit(struct output *o, char *err, size_t errlen)
{
	mode_t mask = umask(0);

	umask(mask);
	errno = 0;
	if (o->gz && compress_into(o))
		return fail(o, err, errlen, "");
	if (fchmod(o->fd, 0666 & ~mask) || fsync(o->fd) || rename(o->tmp, o->path))
		return fail(o, err, errlen, "");
	release(o);
	return 0;
}

void output_abort(struct output *o)
{
	if (o->tmp)
		unlink(o->tmp);
	release(o);
}
