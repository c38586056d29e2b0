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
#include "hash.h"
#include "load.h"
#include "sort.h"

/* bytes read or inflated at a time (tests build with a tiny one) */
#ifndef INPUT_BLOCK
#define INPUT_BLOCK (256 * 1024)
#endif
#define BLOCK ((size_t)INPUT_BLOCK)

void input_list_init(struct input_list *l)
{
	memset(l, 0, sizeof(*l));
}

static void listing_free(void);

/* The files of a list by device and inode: ID_LISTED, and ID_FOUND when one came from a base name. */
struct input_ids {
	struct id_ent {
		dev_t dev;
		ino_t ino;
		unsigned char flags;	/* 0: an empty slot */
	} *slot;
	size_t cap, n;
};

enum { ID_LISTED = 1, ID_FOUND = 2 };

static struct id_ent *ids_slot(const struct input_ids *t, dev_t dev, ino_t ino)
{
	size_t m = t->cap - 1, i = (size_t)hash_words((uint64_t)dev, (uint64_t)ino, 6) & m;

	while (t->slot[i].flags && (t->slot[i].dev != dev || t->slot[i].ino != ino))
		i = (i + 1) & m;
	return &t->slot[i];
}

/* The flags of a file of the list (0: not in it). */
static unsigned ids_get(const struct input_list *l, const struct stat *st)
{
	return l->ids && l->ids->cap ? ids_slot(l->ids, st->st_dev, st->st_ino)->flags : 0;
}

static void ids_add(struct input_list *l, const struct stat *st, unsigned flags)
{
	struct input_ids *t = l->ids;
	struct id_ent *e;

	if (!t)
		t = l->ids = xcalloc(1, sizeof(*t));
	if ((t->n + 1) * 2 > t->cap) {
		struct input_ids old = *t;
		size_t i;
		t->cap = old.cap ? 2 * old.cap : 64;
		t->slot = xcalloc(t->cap, sizeof(*t->slot));
		for (i = 0; i < old.cap; i++)
			if (old.slot[i].flags)
				*ids_slot(t, old.slot[i].dev, old.slot[i].ino) = old.slot[i];
		free(old.slot);
	}
	e = ids_slot(t, st->st_dev, st->st_ino);
	if (!e->flags)
		t->n++;
	e->dev = st->st_dev;
	e->ino = st->st_ino;
	e->flags |= (unsigned char)flags;
}

void input_list_release(struct input_list *l)
{
	size_t i;
	for (i = 0; i < l->n; i++)
		free(l->paths[i]);
	free(l->paths);
	free(l->found);
	if (l->ids)
		free(l->ids->slot);
	free(l->ids);
	listing_free();
	memset(l, 0, sizeof(*l));
}

/*
 * Append a path, unless it is a thread file found through its base name
 * that is already in the list, or is named after being found that way
 * (same device and inode): "callgrind.out.*" reads each thread file once.
 */
static void add_one(struct input_list *l, const char *path, int found)
{
	struct stat a;
	int known = strcmp(path, "-") && stat(path, &a) == 0;

	if (known && (ids_get(l, &a) & (found ? ID_LISTED : ID_FOUND)))
		return;
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->paths = xrealloc(l->paths, l->cap * sizeof(*l->paths));
		l->found = xrealloc(l->found, l->cap * sizeof(*l->found));
	}
	l->found[l->n] = (unsigned char)found;
	l->paths[l->n++] = xstrdup(path);
	if (known)
		ids_add(l, &a, ID_LISTED | (found ? ID_FOUND : 0));
}

struct numbered {
	char *path;
	unsigned long long num, thread;	/* P.N-T: N and T (0 without one) */
};

static int numbered_cmp(const void *x, const void *y)
{
	const struct numbered *a = x, *b = y;
	if (a->num != b->num)
		return a->num < b->num ? -1 : 1;
	if (a->thread != b->thread)
		return a->thread < b->thread ? -1 : 1;
	return strcmp(a->path, b->path);
}

/*
 * The names of the last folder listed, sorted, so that each profile of a
 * folder of thousands (thread files, dumps) finds its numbered files by a
 * binary search instead of reading the whole folder again (files x folder
 * entries).  input_list_release() frees it.
 */
static struct {
	char *dir;
	char **names;
	size_t n;
} listing;

static int name_cmp(const void *x, const void *y)
{
	return strcmp(*(const char *const *)x, *(const char *const *)y);
}

static void listing_free(void)
{
	size_t i;

	for (i = 0; i < listing.n; i++)
		free(listing.names[i]);
	free(listing.names);
	free(listing.dir);
	memset(&listing, 0, sizeof(listing));
}

/* The sorted names of folder dir ("." for the current one); 0 when it cannot be read. */
static int list_dir(const char *dir)
{
	DIR *d;
	struct dirent *e;
	size_t cap = 0;

	if (listing.dir && !strcmp(listing.dir, dir))
		return 1;
	listing_free();
	d = opendir(dir);
	if (!d)
		return 0;
	listing.dir = xstrdup(dir);
	while ((e = readdir(d)) != NULL) {
		if (listing.n == cap) {
			cap = cap ? 2 * cap : 64;
			listing.names = xrealloc(listing.names, cap * sizeof(*listing.names));
		}
		listing.names[listing.n++] = xstrdup(e->d_name);
	}
	closedir(d);
	sort_array(listing.names, listing.n, sizeof(*listing.names), name_cmp);
	return 1;
}

/*
 * The files PATH<sep>N (N all digits) beside PATH, sorted by N; returns
 * how many.  '-': --separate-threads files; '.': the dumps of one run,
 * with their thread files PATH.N-T too when threads is set (sorted by N,
 * then T).
 */
static size_t numbered_files(const char *path, char sep, int threads, struct numbered **out)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	size_t dirlen = slash ? (size_t)(slash - path) + 1 : 0, blen = strlen(base), n = 0;
	size_t lo = 0, hi, k;
	char *dir, *prefix;
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
	k = (size_t)list_dir(dir);
	free(dir);
	if (!k)
		return 0;
	dirlen = slash ? (size_t)(slash - path) + 1 : 0;
	/* the first name from BASE<sep> on; those that follow start with it */
	prefix = xmalloc(blen + 2);
	memcpy(prefix, base, blen);
	prefix[blen] = sep;
	prefix[blen + 1] = '\0';
	hi = listing.n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(listing.names[mid], prefix) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	free(prefix);
	for (k = lo; k < listing.n; k++) {
		const char *s = listing.names[k], *q;
		size_t nlen;
		if (strncmp(s, base, blen) || s[blen] != sep)
			break;
		if (!s[blen + 1])
			continue;
		for (q = s + blen + 1; *q >= '0' && *q <= '9'; q++)
			;
		if (threads && *q == '-' && q > s + blen + 1 && q[1]) {
			const char *t = q + 1;
			for (; *t >= '0' && *t <= '9'; t++)
				;
			if (*t)
				continue;
		} else if (*q) {
			continue;
		}
		nlen = strlen(s);
		if (!(n & (n - 1)))	/* doubled when n is a power of 2 */
			v = xrealloc(v, (n ? 2 * n : 1) * sizeof(*v));
		v[n].path = xmalloc(dirlen + nlen + 1);
		memcpy(v[n].path, path, dirlen);
		memcpy(v[n].path + dirlen, s, nlen + 1);
		v[n].num = strtoull(s + blen + 1, NULL, 10);
		v[n].thread = *q == '-' ? strtoull(q + 1, NULL, 10) : 0;
		n++;
	}
	if (n)
		sort_array(v, n, sizeof(*v), numbered_cmp);
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

void input_add(struct input_list *l, const char *path, int parts)
{
	struct numbered *v;
	struct stat st;
	size_t n, i;

	if (!strcmp(path, "-")) {
		add_one(l, path, 0);
		return;
	}
	if (parts) {
		/* the earlier dumps of the run, in order, each with its threads */
		n = numbered_files(path, '.', 1, &v);
		for (i = 0; i < n; i++)
			add_one(l, v[i].path, 1);
		free_numbered(v, n);
	}
	n = numbered_files(path, '-', 0, &v);
	if (!n || (stat(path, &st) == 0 && st.st_size > 0))
		add_one(l, path, 0);
	for (i = 0; i < n; i++)
		add_one(l, v[i].path, 1);
	free_numbered(v, n);
}

size_t input_dumps_unread(const struct input_list *l, const char *path, char **first,
			  char **last)
{
	struct numbered *v;
	struct stat a;
	size_t n, i, unread = 0;

	*first = *last = NULL;
	if (!strcmp(path, "-"))
		return 0;
	n = numbered_files(path, '.', 1, &v);
	for (i = 0; i < n; i++) {
		if (stat(v[i].path, &a) || (ids_get(l, &a) & ID_LISTED))
			continue;	/* (in the list: read) */
		if (!unread++)
			*first = xstrdup(v[i].path);
		free(*last);
		*last = xstrdup(v[i].path);
	}
	free_numbered(v, n);
	return unread;
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
	struct stat st;
	char buf[4096];
	const char *s, *end;
	struct numbered *v;
	ssize_t r;
	size_t n;
	int fd;

	n = numbered_files(path, '-', 0, &v);
	free_numbered(v, n);
	if (n)
		return 1;
	/* a pipe (<(zcat p.gz)) cannot be sniffed without losing what is read;
	   a source file never comes from one */
	if (stat(path, &st) == 0 && S_ISFIFO(st.st_mode))
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
 * A source for load_pull(): bytes already read (pre), then the rest of fd,
 * inflated when gz is set (one gzip member or several concatenated).  The
 * loader calls pull() from its reading thread; nothing else touches it then.
 */
struct pull_src {
	int fd, gz, eof, zr;
	int trailing;		/* after the last member: 1 zero bytes, 2 other bytes */
	z_stream zs;
	unsigned char *in;	/* BLOCK bytes: compressed input */
	const char *pre;	/* plain: bytes read before, handed out first */
	size_t npre, pos;
	char why[160];
};

/* After ps->why was written: the loader sees a read error. */
static ssize_t pull_fail(void)
{
	errno = EIO;
	return -1;
}

static ssize_t pull_plain(struct pull_src *ps, char *buf, size_t cap)
{
	ssize_t r;

	if (ps->pos < ps->npre) {
		size_t n = ps->npre - ps->pos < cap ? ps->npre - ps->pos : cap;
		memcpy(buf, ps->pre + ps->pos, n);
		ps->pos += n;
		return (ssize_t)n;
	}
	r = read_some(ps->fd, buf, cap);
	if (r < 0) {
		snprintf(ps->why, sizeof(ps->why), "read error: %s", strerror(errno));
		return pull_fail();
	}
	return r;
}

/*
 * Bytes after a gzip member that are not another member: read to the end,
 * as gzip -d does, and say whether they were all zero bytes (padding, 1)
 * or not (2); -1 after a read error (ps->why written).
 */
static int trailing_bytes(struct pull_src *ps)
{
	int zeros = 1;

	for (;;) {
		ssize_t r;
		uInt i;
		for (i = 0; i < ps->zs.avail_in && zeros; i++)
			zeros = !ps->zs.next_in[i];
		ps->zs.avail_in = 0;
		if (ps->eof)
			return zeros ? 1 : 2;
		r = read_some(ps->fd, ps->in, BLOCK);
		if (r < 0) {
			snprintf(ps->why, sizeof(ps->why), "read error: %s", strerror(errno));
			return -1;
		}
		ps->eof = r == 0;
		ps->zs.next_in = ps->in;
		ps->zs.avail_in = (uInt)r;
	}
}

static ssize_t pull_gzip(struct pull_src *ps, char *buf, size_t cap)
{
	for (;;) {
		size_t made;
		if (ps->zs.avail_in == 0 && !ps->eof) {
			ssize_t r = read_some(ps->fd, ps->in, BLOCK);
			if (r < 0) {
				snprintf(ps->why, sizeof(ps->why), "read error: %s", strerror(errno));
				return pull_fail();
			}
			ps->eof = r == 0;
			ps->zs.next_in = ps->in;
			ps->zs.avail_in = (uInt)r;
		}
		if (ps->zs.avail_in == 0 && ps->eof) {
			if (ps->zr == Z_STREAM_END)
				return 0;
			snprintf(ps->why, sizeof(ps->why), "gzip data ends early (truncated file?)");
			return pull_fail();
		}
		if (ps->zr == Z_STREAM_END) {
			/* another gzip member, or bytes gzip -d ignores with a warning */
			if (ps->zs.avail_in < 2 && !ps->eof) {
				ssize_t r;
				memmove(ps->in, ps->zs.next_in, ps->zs.avail_in);
				r = read_some(ps->fd, ps->in + ps->zs.avail_in, BLOCK - ps->zs.avail_in);
				if (r < 0) {
					snprintf(ps->why, sizeof(ps->why), "read error: %s",
						 strerror(errno));
					return pull_fail();
				}
				ps->eof = r == 0;
				ps->zs.next_in = ps->in;
				ps->zs.avail_in += (uInt)r;
				continue;
			}
			if (ps->zs.avail_in < 2 || ps->zs.next_in[0] != 0x1f ||
			    ps->zs.next_in[1] != 0x8b) {
				ps->trailing = trailing_bytes(ps);
				if (ps->trailing < 0)
					return pull_fail();
				return 0;
			}
			inflateReset(&ps->zs);
			ps->zr = Z_OK;
		}
		if (cap > UINT_MAX)
			cap = UINT_MAX;
		ps->zs.next_out = (unsigned char *)buf;
		ps->zs.avail_out = (uInt)cap;
		ps->zr = inflate(&ps->zs, Z_NO_FLUSH);
		if (ps->zr == Z_MEM_ERROR)
			xalloc_die();
		if (ps->zr != Z_OK && ps->zr != Z_STREAM_END && ps->zr != Z_BUF_ERROR) {
			snprintf(ps->why, sizeof(ps->why), "bad gzip data: %s",
				 ps->zs.msg ? ps->zs.msg : "corrupt");
			return pull_fail();
		}
		made = cap - ps->zs.avail_out;
		if (made)
			return (ssize_t)made;
	}
}

static ssize_t pull(void *ctx, char *buf, size_t cap)
{
	struct pull_src *ps = ctx;
	return ps->gz ? pull_gzip(ps, buf, cap) : pull_plain(ps, buf, cap);
}

static const char *pull_why(void *ctx)
{
	return ((struct pull_src *)ctx)->why;
}

/* Load what fd gives after the npre bytes pre (at most BLOCK), inflated when gz. */
static int load_through(struct profile *p, int fd, int gz, const char *pre, size_t npre,
			const char *name, const char *pwd)
{
	struct pull_src ps;
	int rc;

	memset(&ps, 0, sizeof(ps));
	ps.fd = fd;
	ps.gz = gz;
	if (gz) {
		if (inflateInit2(&ps.zs, 15 + 16) != Z_OK)
			xalloc_die();
		ps.in = xmalloc(BLOCK);
		if (npre)
			memcpy(ps.in, pre, npre);
		ps.zs.next_in = ps.in;
		ps.zs.avail_in = (uInt)npre;
	} else {
		ps.pre = pre;
		ps.npre = npre;
	}
	rc = load_pull(p, name, pwd, pull, pull_why, &ps);
	if (!rc && ps.trailing > 0)
		diag(DIAG_WARNING, name, 0, ps.trailing == 1 ?
		     "trailing zero bytes after the gzip data ignored" :
		     "trailing garbage after the gzip data ignored");
	if (gz)
		inflateEnd(&ps.zs);
	free(ps.in);
	return rc;
}

/*
 * A pipe (standard input, or a path such as /dev/fd/63 from a shell's
 * <(...)): the first bytes are read to tell gzip from text, then handed to
 * the loader (through zlib or not) with the rest, so none is lost.
 */
static int load_stream(struct profile *p, int fd, const char *name, const char *pwd)
{
	char *buf;
	size_t len = 0;
	int rc;

	buf = xmalloc(BLOCK);
	while (len < 2) {
		ssize_t r = read_some(fd, buf + len, BLOCK - len);
		if (r < 0) {
			diag(DIAG_ERROR, name, 0, "read error: %s", strerror(errno));
			free(buf);
			return -1;
		}
		if (r == 0)
			break;
		len += (size_t)r;
	}
	rc = load_through(p, fd, is_gzip((unsigned char *)buf, len), buf, len, name, pwd);
	free(buf);
	return rc;
}

/* Standard input: a regular file is peeked at with pread(), a pipe read as a stream. */
static int load_stdin(struct profile *p, const char *pwd)
{
	unsigned char magic[2];
	struct stat st;

	if (fstat(0, &st) == 0 && S_ISREG(st.st_mode)) {
		if (pread(0, magic, 2, 0) == 2 && is_gzip(magic, 2) && lseek(0, 0, SEEK_SET) == 0)
			return load_through(p, 0, 1, NULL, 0, "<stdin>", pwd);
		return load_file(p, "-", pwd);
	}
	return load_stream(p, 0, "<stdin>", pwd);
}

int input_load(struct profile *p, const char *path, const char *pwd)
{
	unsigned char magic[2];
	struct stat st;
	ssize_t r;
	int fd, rc;

	if (!strcmp(path, "-"))
		return load_stdin(p, pwd);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return load_file(p, path, pwd);	/* it says why */
	if (fstat(fd, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
		rc = load_stream(p, fd, path, pwd);	/* a pipe: bytes read are gone */
		close(fd);
		return rc;
	}
	r = read(fd, magic, 2);
	if (r == 2 && is_gzip(magic, 2)) {
		rc = load_through(p, fd, 1, (const char *)magic, 2, path, pwd);
		close(fd);
		return rc;
	}
	close(fd);
	return load_file(p, path, pwd);
}
