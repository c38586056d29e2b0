/* output: --output=FILE, standard output sent to a file that is replaced only when the run succeeds, gzip-compressed for FILE.gz. */
#include "output.h"

#include <errno.h>
#include <fcntl.h>
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

/*
 * Where FILE really is, and what it is.  A symlink is followed to its
 * target (sort -o does the same), so that the link stays and its target
 * gets the report; an existing regular file keeps its mode; anything else
 * (a FIFO, a device, a dangling link) is opened and written as the
 * shell's '>' would, since renaming a file over it would replace the
 * FIFO or device node itself.  Sets o->path (the file written or
 * renamed over), o->direct and o->mode.
 */
static int resolve(struct output *o, const char *path)
{
	struct stat st;
	char *real;

	o->mode = -1;
	if (lstat(path, &st)) {
		if (errno != ENOENT)
			return -1;
		o->path = xstrdup(path);	/* a new file */
		return 0;
	}
	if (S_ISLNK(st.st_mode)) {
		real = realpath(path, NULL);
		if (!real || stat(real, &st)) {
			/* a dangling link: '>' makes its target */
			free(real);
			o->path = xstrdup(path);
			o->direct = 1;
			return 0;
		}
		o->path = xstrdup(real);
		free(real);
	} else {
		o->path = xstrdup(path);
	}
	if (S_ISREG(st.st_mode)) {
		/* replaced by rename, which needs no write right on the file: ask */
		if (access(o->path, W_OK))
			return -1;
		o->mode = (int)(st.st_mode & 07777);
		return 0;
	}
	if (!S_ISDIR(st.st_mode))
		o->direct = 1;
	return 0;
}

int output_open(struct output *o, const char *path, int gz, char *err, size_t errlen)
{
	size_t len;
	FILE *text;

	memset(o, 0, sizeof(*o));
	o->fd = o->text_fd = -1;
	len = strlen(path);
	o->gz = gz && len > 3 && !strcmp(path + len - 3, ".gz");
	if (resolve(o, path)) {
		if (!o->path)
			o->path = xstrdup(path);
		return fail(o, err, errlen, "");
	}
	if (o->direct) {
		/* opened now, as '>' would (a FIFO waits for its reader) */
		o->fd = open(o->path, O_WRONLY | O_CREAT | O_TRUNC | O_NOCTTY | O_CLOEXEC, 0666);
		if (o->fd < 0)
			return fail(o, err, errlen, "");
	} else {
		len = strlen(o->path);
		o->tmp = xmalloc(len + 8);
		memcpy(o->tmp, o->path, len);
		memcpy(o->tmp + len, ".XXXXXX", 8);
		o->fd = mkstemp(o->tmp);
		if (o->fd < 0) {
			free(o->tmp);
			o->tmp = NULL;
			return fail(o, err, errlen, "");
		}
	}
	if (o->gz || o->direct) {
		/*
		 * The text first, compressed (or copied to the FIFO or device)
		 * at the end in one go: a failed run writes nothing there.
		 */
		text = tmpfile();
		if (!text)
			return fail(o, err, errlen, "temporary file: ");
		o->text_fd = dup(fileno(text));
		fclose(text);
		if (o->text_fd < 0)
			return fail(o, err, errlen, "temporary file: ");
	}
	if (dup2(o->text_fd >= 0 ? o->text_fd : o->fd, 1) < 0)
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

/* The text of text_fd as it is into fd. */
static int copy_into(struct output *o)
{
	static char buf[1 << 16];
	ssize_t n;

	if (lseek(o->text_fd, 0, SEEK_SET) < 0)
		return -1;
	while ((n = read(o->text_fd, buf, sizeof(buf))) > 0) {
		char *p = buf;
		while (n > 0) {
			ssize_t w = write(o->fd, p, (size_t)n);
			if (w < 0) {
				if (errno == EINTR)
					continue;
				return -1;
			}
			p += w;
			n -= w;
		}
	}
	return n < 0 ? -1 : 0;
}

int output_commit(struct output *o, char *err, size_t errlen)
{
	mode_t mask = umask(0);

	umask(mask);
	errno = 0;
	if (o->gz && compress_into(o))
		return fail(o, err, errlen, "");
	if (o->direct) {
		if (!o->gz && copy_into(o))
			return fail(o, err, errlen, "");
		if (close(o->fd)) {
			o->fd = -1;
			return fail(o, err, errlen, "");
		}
		o->fd = -1;
		release(o);
		return 0;
	}
	if (fchmod(o->fd, o->mode >= 0 ? (mode_t)o->mode : 0666 & ~mask) || fsync(o->fd) ||
	    rename(o->tmp, o->path))
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
