/* input: which arguments are profiles, --separate-threads files found by base name, gzip through zlib. */
#include "input.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "arena.h"
#include "diag.h"
#include "load.h"

/* bytes read or inflated at a time (tests build with a tiny one) */
#ifndef INPUT_BLOCK
#define INPUT_BLOCK (256 * 1024)
#endif
#define BLOCK ((size_t)INPUT_BLOCK)

void input_list_init(struct input_list *l)
{
	memset(l, 0, sizeof(*l));
}

void input_list_release(struct input_list *l)
{
	size_t i;
	for (i = 0; i < l->n; i++)
		free(l->paths[i]);
	free(l->paths);
	free(l->found);
	memset(l, 0, sizeof(*l));
}

/*
 * Append a path, unless it is a thread file found through its base name
 * that is already in the list, or is named after being found that way
 * (same device and inode): "callgrind.out.*" reads each thread file once.
 */
static void add_one(struct input_list *l, const char *path, int found)
{
	struct stat a, b;
	size_t i;

	if (strcmp(path, "-") && stat(path, &a) == 0) {
		for (i = 0; i < l->n; i++)
			if ((found || l->found[i]) && strcmp(l->paths[i], "-") &&
			    stat(l->paths[i], &b) == 0 && a.st_dev == b.st_dev &&
			    a.st_ino == b.st_ino)
				return;
	}
	l->paths = xrealloc(l->paths, (l->n + 1) * sizeof(*l->paths));
	l->found = xrealloc(l->found, (l->n + 1) * sizeof(*l->found));
	l->found[l->n] = (unsigned char)found;
	l->paths[l->n++] = xstrdup(path);
}

struct numbered {
	char *path;
	unsigned long long num;
};

static int numbered_cmp(const void *x, const void *y)
{
	const struct numbered *a = x, *b = y;
	if (a->num != b->num)
		return a->num < b->num ? -1 : 1;
	return strcmp(a->path, b->path);
}

/* The files PATH-N (N all digits) beside PATH, sorted by N; returns how many. */
static size_t thread_files(const char *path, struct numbered **out)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0, blen = strlen(base), n = 0;
	char *dir;
	DIR *d;
	struct dirent *e;
	struct numbered *v = NULL;

	*out = NULL;
	if (!blen)
		return 0;
	dir = xmalloc(dirlen + 2);
	if (dirlen)
		memcpy(dir, path, dirlen);
	else
		dir[dirlen++] = '.';
	dir[dirlen] = '\0';
	d = opendir(dir);
	free(dir);
	if (!d)
		return 0;
	dirlen = slash ? (size_t)(slash - path) + 1 : 0;
	while ((e = readdir(d)) != NULL) {
		const char *s = e->d_name, *q;
		size_t nlen;
		if (strncmp(s, base, blen) || s[blen] != '-' || !s[blen + 1])
			continue;
		for (q = s + blen + 1; *q >= '0' && *q <= '9'; q++)
			;
		if (*q)
			continue;
		nlen = strlen(s);
		v = xrealloc(v, (n + 1) * sizeof(*v));
		v[n].path = xmalloc(dirlen + nlen + 1);
		memcpy(v[n].path, path, dirlen);
		memcpy(v[n].path + dirlen, s, nlen + 1);
		v[n].num = strtoull(s + blen + 1, NULL, 10);
		n++;
	}
	closedir(d);
	if (n)
		qsort(v, n, sizeof(*v), numbered_cmp);
	*out = v;
	return n;
}

static void free_numbered(struct numbered *v, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		free(v[i].path);
	free(v);
}

void input_add(struct input_list *l, const char *path)
{
	struct numbered *v;
	struct stat st;
	size_t n, i;

	if (!strcmp(path, "-")) {
		add_one(l, path, 0);
		return;
	}
	n = thread_files(path, &v);
	if (!n || (stat(path, &st) == 0 && st.st_size > 0))
		add_one(l, path, 0);
	for (i = 0; i < n; i++)
		add_one(l, v[i].path, 1);
	free_numbered(v, n);
}

static int is_gzip(const unsigned char *b, size_t n)
{
	return n >= 2 && b[0] == 0x1f && b[1] == 0x8b;
}

/* Does a line start with a header key of the format, followed by ':'? */
static int header_key(const char *s, size_t len)
{
	static const char *const keys[] = {
		"version", "creator", "pid", "cmd", "part", "thread", "desc",
		"positions", "events", "event", "summary", "totals",
	};
	size_t i, k;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		k = strlen(keys[i]);
		if (len > k && !memcmp(s, keys[i], k) && s[k] == ':')
			return 1;
	}
	return 0;
}

int input_is_profile(const char *path)
{
	char buf[4096];
	const char *s, *end;
	struct numbered *v;
	ssize_t r;
	size_t n;
	int fd;

	n = thread_files(path, &v);
	free_numbered(v, n);
	if (n)
		return 1;
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	r = read(fd, buf, sizeof(buf));
	close(fd);
	if (r <= 0)
		return 0;
	if (is_gzip((const unsigned char *)buf, (size_t)r))
		return 1;
	for (s = buf, end = buf + r; s < end;) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *e = nl ? nl : end;
		size_t len = (size_t)(e - s);
		if (len && e[-1] == '\r')
			len--;
		if (len == 18 && !memcmp(s, "# callgrind format", 18))
			return 1;
		if (len && *s != '#')
			return header_key(s, len);
		if (!nl)
			break;
		s = nl + 1;
	}
	return 0;
}

/*
 * Inflated or piped input is gathered here and handed to load_buffer() in
 * one piece.
 */
struct load_stream {
	struct profile *p;
	const char *name, *pwd;
	char *buf;
	size_t len, cap;
};

static struct load_stream *load_stream_begin(struct profile *p, const char *name,
					     const char *pwd)
{
	struct load_stream *s = xcalloc(1, sizeof(*s));
	s->p = p;
	s->name = name;
	s->pwd = pwd;
	return s;
}

static int load_stream_block(struct load_stream *s, const char *buf, size_t len)
{
	if (len > s->cap - s->len) {
		size_t ncap = s->cap ? s->cap : BLOCK;
		while (ncap - s->len < len)
			ncap *= 2;
		s->buf = xrealloc(s->buf, ncap);
		s->cap = ncap;
	}
	memcpy(s->buf + s->len, buf, len);
	s->len += len;
	return 0;
}

static void load_stream_abort(struct load_stream *s)
{
	free(s->buf);
	free(s);
}

static int load_stream_end(struct load_stream *s)
{
	int rc = load_buffer(s->p, s->name, s->buf ? s->buf : "", s->len, s->pwd);
	load_stream_abort(s);
	return rc;
}

/* read(), retried when a signal interrupts it. */
static ssize_t read_some(int fd, void *buf, size_t n)
{
	ssize_t r;
	do
		r = read(fd, buf, n);
	while (r < 0 && errno == EINTR);
	return r;
}

/*
 * Inflate gzip data (one member or several concatenated) read from fd in
 * blocks, after the npre bytes already read (at most BLOCK), and feed each
 * inflated block to the loader: memory stays a few blocks, whatever the size.
 */
static int gunzip_into(struct load_stream *ls, int fd, const unsigned char *pre, size_t npre,
		       const char *name)
{
	z_stream zs;
	unsigned char *in = xmalloc(BLOCK);
	char *out = xmalloc(BLOCK);
	int zr = Z_OK, eof = 0, rc = -1;

	memset(&zs, 0, sizeof(zs));
	if (inflateInit2(&zs, 15 + 16) != Z_OK)
		xalloc_die();
	if (npre)
		memcpy(in, pre, npre);
	zs.next_in = in;
	zs.avail_in = (uInt)npre;
	for (;;) {
		size_t made;
		if (zs.avail_in == 0 && !eof) {
			ssize_t r = read_some(fd, in, BLOCK);
			if (r < 0) {
				diag(DIAG_ERROR, name, 0, "read error: %s", strerror(errno));
				goto out;
			}
			eof = r == 0;
			zs.next_in = in;
			zs.avail_in = (uInt)r;
		}
		if (zs.avail_in == 0 && eof) {
			if (zr == Z_STREAM_END)
				break;
			diag(DIAG_ERROR, name, 0, "gzip data ends early (truncated file?)");
			goto out;
		}
		if (zr == Z_STREAM_END) {	/* another gzip member follows */
			inflateReset(&zs);
			zr = Z_OK;
		}
		zs.next_out = (unsigned char *)out;
		zs.avail_out = BLOCK;
		zr = inflate(&zs, Z_NO_FLUSH);
		if (zr == Z_MEM_ERROR)
			xalloc_die();
		if (zr != Z_OK && zr != Z_STREAM_END && zr != Z_BUF_ERROR) {
			diag(DIAG_ERROR, name, 0, "bad gzip data: %s", zs.msg ? zs.msg : "corrupt");
			goto out;
		}
		made = BLOCK - zs.avail_out;
		if (made && load_stream_block(ls, out, made))
			goto out;
	}
	rc = 0;
out:
	inflateEnd(&zs);
	free(in);
	free(out);
	return rc;
}

static int load_gzip(struct profile *p, int fd, const unsigned char *pre, size_t npre,
		     const char *name, const char *pwd)
{
	struct load_stream *ls = load_stream_begin(p, name, pwd);

	if (gunzip_into(ls, fd, pre, npre, name)) {
		load_stream_abort(ls);
		return -1;
	}
	return load_stream_end(ls);
}

/*
 * Standard input: a regular file is peeked at with pread(); from a pipe the
 * first bytes are read to tell gzip from text, then handed to the loader
 * (or to zlib) with the rest, block by block.
 */
static int load_stdin(struct profile *p, const char *pwd)
{
	const char *name = "<stdin>";
	unsigned char magic[2];
	struct load_stream *ls;
	struct stat st;
	char *buf;
	size_t len = 0;
	ssize_t r;
	int rc = 0;

	if (fstat(0, &st) == 0 && S_ISREG(st.st_mode)) {
		if (pread(0, magic, 2, 0) == 2 && is_gzip(magic, 2) && lseek(0, 0, SEEK_SET) == 0)
			return load_gzip(p, 0, NULL, 0, name, pwd);
		return load_file(p, "-", pwd);
	}
	buf = xmalloc(BLOCK);
	while (len < 2) {
		r = read_some(0, buf + len, BLOCK - len);
		if (r < 0) {
			diag(DIAG_ERROR, name, 0, "read error: %s", strerror(errno));
			free(buf);
			return -1;
		}
		if (r == 0)
			break;
		len += (size_t)r;
	}
	if (is_gzip((unsigned char *)buf, len)) {
		rc = load_gzip(p, 0, (unsigned char *)buf, len, name, pwd);
		free(buf);
		return rc;
	}
	ls = load_stream_begin(p, name, pwd);
	while (len) {
		if (load_stream_block(ls, buf, len)) {
			rc = -1;
			break;
		}
		len = 0;
		r = read_some(0, buf, BLOCK);
		if (r < 0) {
			diag(DIAG_ERROR, name, 0, "read error: %s", strerror(errno));
			rc = -1;
			break;
		}
		len = (size_t)r;
	}
	free(buf);
	if (rc) {
		load_stream_abort(ls);
		return -1;
	}
	return load_stream_end(ls);
}

int input_load(struct profile *p, const char *path, const char *pwd)
{
	unsigned char magic[2];
	ssize_t r;
	int fd, rc;

	if (!strcmp(path, "-"))
		return load_stdin(p, pwd);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return load_file(p, path, pwd);	/* it says why */
	r = read(fd, magic, 2);
	if (r == 2 && is_gzip(magic, 2)) {
		rc = load_gzip(p, fd, magic, 2, path, pwd);
		close(fd);
		return rc;
	}
	close(fd);
	return load_file(p, path, pwd);
}
