/* source_find: a source file's text found by its whole name or its longest trailing part, in the current folder and the -I folders. */
#include "source_find.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "hash.h"
#include "sort.h"

/* What one name was found as, without the check against the other names. */
struct sf_entry {
	const char *name;	/* the key, in the arena */
	struct source_loc raw;	/* as found in the folders */
	struct source_loc loc;	/* raw, or nothing when another name is found as its file */
	dev_t dev;		/* of raw.path, when set */
	ino_t ino;
	int checked;		/* loc is set: raw checked against the other names */
	UT_hash_handle hh;
};

/* Does folder + first folder of a part exist as a folder? */
struct sf_top {
	const char *key;	/* folder + first component, in the arena */
	int isdir;
	UT_hash_handle hh;
};

/* A name of the report by its last component, to find the names that may share a file. */
struct sf_base {
	const char *base, *name;
};

struct source_find {
	char *const *dirs;
	size_t ndirs;
	struct arena arena;
	struct sf_entry *entries;
	struct sf_entry *wholes;	/* the names looked up whole only */
	struct sf_top *tops;
	struct sf_base *bases;
	size_t nbases;
};

struct source_find *source_find_new(char *const *dirs, size_t ndirs)
{
	struct source_find *sf = xcalloc(1, sizeof(*sf));

	sf->dirs = dirs;
	sf->ndirs = ndirs;
	arena_init(&sf->arena);
	return sf;
}

void source_find_free(struct source_find *sf)
{
	struct sf_entry *e, *te;
	struct sf_top *t, *tt;

	if (!sf)
		return;
	HASH_ITER(hh, sf->entries, e, te) {
		HASH_DEL(sf->entries, e);
		free(e);
	}
	HASH_ITER(hh, sf->wholes, e, te) {
		HASH_DEL(sf->wholes, e);
		free(e);
	}
	HASH_ITER(hh, sf->tops, t, tt) {
		HASH_DEL(sf->tops, t);
		free(t);
	}
	free(sf->bases);
	arena_release(&sf->arena);
	free(sf);
}

static const char *base_of(const char *name)
{
	const char *s = strrchr(name, '/');

	return s ? s + 1 : name;
}

static int base_cmp(const void *x, const void *y)
{
	const struct sf_base *a = x, *b = y;
	int c = strcmp(a->base, b->base);

	return c ? c : strcmp(a->name, b->name);
}

void source_find_names(struct source_find *sf, const char *const *names, size_t n)
{
	struct sf_entry *e, *te;
	size_t i;

	free(sf->bases);
	sf->bases = xcalloc(n + 1, sizeof(*sf->bases));
	sf->nbases = 0;
	for (i = 0; i < n; i++) {
		const char *name = arena_strndup(&sf->arena, names[i], strlen(names[i]));
		sf->bases[sf->nbases].name = name;
		sf->bases[sf->nbases++].base = base_of(name);
	}
	sort_array(sf->bases, sf->nbases, sizeof(*sf->bases), base_cmp);
	/* the names compared with changed: check again */
	HASH_ITER(hh, sf->entries, e, te)
		e->checked = 0;
}

/*
 * Why a file of this kind is not read as a source, or NULL when it is: only
 * a regular file with a size.  A FIFO, a device or a socket may block or
 * never end (/dev/zero); the files of /proc and /sys report size 0 whatever
 * they hold (/proc/self/environ would put the environment in the report).
 */
static const char *src_kind(const struct stat *st)
{
	if (S_ISDIR(st->st_mode))
		return "a directory";
	if (!S_ISREG(st->st_mode))
		return "not a regular file";
	if (st->st_size <= 0)
		return "size 0: empty, or a special file such as those of /proc";
	return NULL;
}

/*
 * Does path exist, and can it be read as a source?  stat(2) and access(2)
 * only: nothing is opened.  Returns 0 when path does not exist (or a folder
 * of it does not); else 1, with *why set when it cannot be read.
 */
static int src_probe(const char *path, struct stat *st, const char **why)
{
	*why = NULL;
	if (stat(path, st)) {
		if (errno == ENOENT || errno == ENOTDIR || errno == ENAMETOOLONG)
			return 0;
		*why = strerror(errno);
		return 1;
	}
	*why = src_kind(st);
	if (!*why && access(path, R_OK))
		*why = strerror(errno);
	return 1;
}

/*
 * Only what src_probe() takes is opened; the check is made again on what
 * was opened (fstat): a name stat() saw as a regular file may be something
 * else by now.  O_NONBLOCK: opening a FIFO does not wait for a writer;
 * O_NOCTTY: a terminal does not become ours.
 */
int source_open(const char *path, struct stat *st, const char **why)
{
	int fd, found;

	found = src_probe(path, st, why);
	if (!found || *why)
		return -1;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		*why = strerror(errno);
		return -1;
	}
	if (fstat(fd, st))
		*why = strerror(errno);
	else
		*why = src_kind(st);
	if (*why) {
		close(fd);
		return -1;
	}
	return fd;
}

/* dir + part, in buf (of JOIN_BUF bytes) when it fits, else malloc'ed. */
#define JOIN_BUF 512
static char *join(const char *dir, const char *part, size_t partlen, char *buf)
{
	size_t dl = strlen(dir);
	char *path = dl + partlen < JOIN_BUF ? buf : xmalloc(dl + partlen + 1);

	memcpy(path, dir, dl);
	memcpy(path + dl, part, partlen);
	path[dl + partlen] = '\0';
	return path;
}

/* Is dir + the first folder of part a folder?  Asked once per such pair. */
static int top_exists(struct source_find *sf, const char *dir, const char *part)
{
	const char *slash = strchr(part, '/');
	struct sf_top *t;
	struct stat st;
	char *key, buf[JOIN_BUF];

	if (!slash)
		return 1;	/* a file name alone: nothing to ask first */
	key = join(dir, part, (size_t)(slash - part), buf);
	HASH_FIND_STR(sf->tops, key, t);
	if (!t) {
		t = xcalloc(1, sizeof(*t));
		t->key = arena_strndup(&sf->arena, key, strlen(key));
		t->isdir = !stat(key, &st) && S_ISDIR(st.st_mode);
		HASH_ADD_KEYPTR(hh, sf->tops, t->key, strlen(t->key), t);
	}
	if (key != buf)
		free(key);
	return t->isdir;
}

int source_same_text(const char *a, const char *b)
{
	FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
	char ba[8192], bb[8192];
	int same = fa && fb;

	while (same) {
		size_t na = fread(ba, 1, sizeof(ba), fa), nb = fread(bb, 1, sizeof(bb), fb);
		same = na == nb && !memcmp(ba, bb, na) && !ferror(fa) && !ferror(fb);
		if (na < sizeof(ba))
			break;
	}
	if (fa)
		fclose(fa);
	if (fb)
		fclose(fb);
	return same;
}

/*
 * The parts of name to try, longest first: the name itself, then what
 * follows each '/' (never an empty or "." folder's part, and none from a
 * ".." folder on, which could leave its folder), at most
 * SOURCE_FIND_PARTS of them after the whole name.  Returns how many, the
 * offsets into name in off[].
 */
static size_t parts_of(const char *name, size_t off[SOURCE_FIND_PARTS + 1])
{
	size_t tail[SOURCE_FIND_PARTS], ntail = 0, i = strlen(name), n = 0;

	while (i > 0 && ntail < SOURCE_FIND_PARTS) {
		size_t s = i, clen;
		while (s > 0 && name[s - 1] != '/')
			s--;
		if (s == 0)
			break;	/* the first folder: that part is the whole name */
		clen = i - s;
		if (clen == 2 && !memcmp(name + s, "..", 2))
			break;
		if (clen && !(clen == 1 && name[s] == '.'))
			tail[ntail++] = s;
		i = s - 1;
	}
	off[n++] = 0;
	while (ntail)
		off[n++] = tail[--ntail];
	return n;
}

/* The folder k: the current one (""), then the -I folders. */
static const char *dir_at(const struct source_find *sf, size_t k)
{
	return k ? sf->dirs[k - 1] : "";
}

/* Look name up in every folder, by its longest part found (whole only: n 1); fills e->raw. */
static void lookup(struct source_find *sf, struct sf_entry *e, int whole)
{
	size_t off[SOURCE_FIND_PARTS + 1], n = whole ? 1 : parts_of(e->name, off), j, k;
	struct source_loc *l = &e->raw;
	const char *first_why = NULL;

	off[0] = 0;
	for (j = 0; j < n && !l->path; j++) {
		const char *part = e->name + off[j];
		for (k = 0; k <= sf->ndirs && !l->other; k++) {
			const char *dir = dir_at(sf, k), *why;
			struct stat st;
			char *path, buf[JOIN_BUF];
			if (j && !top_exists(sf, dir, part))
				continue;
			path = join(dir, part, strlen(part), buf);
			if (!src_probe(path, &st, &why)) {
				;	/* not there */
			} else if (why) {
				if (!first_why)
					first_why = why;
			} else if (!l->path) {
				l->path = arena_strndup(&sf->arena, path, strlen(path));
				l->dir = dir;
				l->part = part;
				l->trailing = j > 0;
				e->dev = st.st_dev;
				e->ino = st.st_ino;
				if (!j)
					k = sf->ndirs;	/* whole: the first folder wins */
			} else if ((st.st_dev != e->dev || st.st_ino != e->ino) &&
				   !source_same_text(l->path, path)) {
				l->other = arena_strndup(&sf->arena, path, strlen(path));
			}
			if (path != buf)
				free(path);
		}
	}
	if (!l->path)
		l->why = first_why;
}

static struct sf_entry *entry_in(struct source_find *sf, struct sf_entry **table,
				 const char *name, int whole)
{
	struct sf_entry *e;

	HASH_FIND_STR(*table, name, e);
	if (e)
		return e;
	e = xcalloc(1, sizeof(*e));
	e->name = arena_strndup(&sf->arena, name, strlen(name));
	HASH_ADD_KEYPTR(hh, *table, e->name, strlen(e->name), e);
	lookup(sf, e, whole);
	return e;
}

static struct sf_entry *entry_of(struct source_find *sf, const char *name)
{
	return entry_in(sf, &sf->entries, name, 0);
}

/* The folders and file a part names: 1 for "x.c", 2 for "work/x.c". */
static size_t depth(const char *part)
{
	size_t n = 1;

	for (; *part; part++)
		n += *part == '/';
	return n;
}

/*
 * A name found by a trailing part must not be the file another name of
 * the report is found as whole, or by as long a trailing part or longer:
 * only names of the same last component can be.
 */
static void check_twins(struct source_find *sf, struct sf_entry *e)
{
	const char *base = base_of(e->name);
	size_t lo = 0, hi = sf->nbases;

	e->checked = 1;
	e->loc = e->raw;
	if (!e->raw.path || !e->raw.trailing)
		return;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(sf->bases[mid].base, base) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < sf->nbases && !strcmp(sf->bases[lo].base, base); lo++) {
		static const char fmt[] = "ambiguous: its trailing part '%s' is '%s', "
					  "which '%s' is found as too";
		const char *other = sf->bases[lo].name;
		struct sf_entry *o;
		char *why;
		size_t len;
		if (!strcmp(other, e->name))
			continue;
		o = entry_of(sf, other);
		if (!o->raw.path || o->dev != e->dev || o->ino != e->ino)
			continue;
		if (o->raw.trailing && depth(o->raw.part) < depth(e->raw.part))
			continue;	/* this name matches more of the path: it is its file */
		len = sizeof(fmt) + strlen(e->raw.part) + strlen(e->raw.path) + strlen(other);
		why = arena_alloc(&sf->arena, len);
		snprintf(why, len, fmt, e->raw.part, e->raw.path, other);
		memset(&e->loc, 0, sizeof(e->loc));
		e->loc.why = why;
		return;
	}
}

const struct source_loc *source_find(struct source_find *sf, const char *name)
{
	struct sf_entry *e = entry_of(sf, name);

	if (!e->checked)
		check_twins(sf, e);
	return &e->loc;
}

const struct source_loc *source_find_whole(struct source_find *sf, const char *name)
{
	struct sf_entry *e = entry_in(sf, &sf->wholes, name, 1);

	e->loc = e->raw;
	return &e->loc;
}
