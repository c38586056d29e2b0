/* objdump: an object file's function symbols and machine code, from objdump(1) run with an argv. */
#include "objdump.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arena.h"
#include "sort.h"

extern char **environ;

const char *objdump_program(void)
{
	const char *e = getenv("OBJDUMP");
	return e && *e ? e : "objdump";
}

/* environ with LC_ALL=C (any LC_ALL it had left out); the strings are environ's. */
static char **c_locale_env(void)
{
	size_t n = 0, k = 0, i;
	char **env;

	while (environ && environ[n])
		n++;
	env = xmalloc((n + 2) * sizeof(*env));
	for (i = 0; i < n; i++)
		if (strncmp(environ[i], "LC_ALL=", 7))
			env[k++] = environ[i];
	env[k++] = (char *)"LC_ALL=C";
	env[k] = NULL;
	return env;
}

/*
 * The file argv[0] names, looked up in PATH when it has no '/' (as execvp
 * does): a malloc'ed path, or NULL with errno set.  Looked up before the
 * child is made, so that a missing program is said without one (a child
 * that fails to exec would, under valgrind, report its own memory).
 */
static char *find_program(const char *prog)
{
	const char *path = getenv("PATH"), *p;
	int err = ENOENT;

	if (strchr(prog, '/')) {
		if (access(prog, X_OK))
			return NULL;
		return xstrdup(prog);
	}
	if (!path)
		path = "/usr/local/bin:/usr/bin:/bin";
	for (p = path;; p++) {
		const char *e = strchr(p, ':');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char *cand = xmalloc(len + strlen(prog) + 3);
		struct stat st;
		if (len)
			memcpy(cand, p, len);
		else
			cand[len++] = '.';	/* an empty entry is the current folder */
		cand[len] = '/';
		strcpy(cand + len + 1, prog);
		if (!stat(cand, &st) && S_ISREG(st.st_mode)) {
			if (!access(cand, X_OK))
				return cand;
			err = EACCES;
		}
		free(cand);
		if (!e)
			break;
		p = e;
	}
	errno = err;
	return NULL;
}

/* Append what fd has to *buf; 0 at its end, 1 when more may come, -1 on error. */
static int drain(int fd, char **buf, size_t *len, size_t *cap)
{
	ssize_t r;

	if (*cap - *len < 4096) {
		*cap = *cap ? 2 * *cap : 65536;
		*buf = xrealloc(*buf, *cap);
	}
	r = read(fd, *buf + *len, *cap - *len - 1);
	if (r < 0)
		return errno == EINTR || errno == EAGAIN ? 1 : -1;
	*len += (size_t)r;
	return r > 0;
}

/*
 * Complete lines of out[0..*len) given to sink and dropped, the rest moved
 * to the front: with a sink, what objdump prints is never held whole.
 */
typedef void line_sink(void *ctx, const char *line, size_t len);

static void feed(line_sink *sink, void *ctx, char *buf, size_t *len)
{
	size_t at = 0;
	char *nl;

	while ((nl = memchr(buf + at, '\n', *len - at))) {
		sink(ctx, buf + at, (size_t)(nl - (buf + at)));
		at = (size_t)(nl - buf) + 1;
	}
	memmove(buf, buf + at, *len - at);
	*len -= at;
}

static int run(const char *const *argv, line_sink *sink, void *ctx, char **out, size_t *len,
	       char *err, size_t errlen);

int objdump_run(const char *const *argv, char **out, size_t *len, char *err, size_t errlen)
{
	return run(argv, NULL, NULL, out, len, err, errlen);
}

static int run(const char *const *argv, line_sink *sink, void *ctx, char **out, size_t *len,
	       char *err, size_t errlen)
{
	int po[2] = { -1, -1 }, pe[2] = { -1, -1 }, rc, status = 0, open_fds = 2;
	posix_spawn_file_actions_t fa;
	char **env, *prog;
	pid_t pid;
	char *ebuf = NULL;
	size_t elen = 0, ecap = 0, cap = 0;

	*out = NULL;
	*len = 0;
	prog = find_program(argv[0]);
	if (!prog) {
		snprintf(err, errlen, "cannot run '%s': %s", argv[0], strerror(errno));
		return -1;
	}
	if (pipe2(po, O_CLOEXEC) || pipe2(pe, O_CLOEXEC)) {
		snprintf(err, errlen, "cannot run '%s': %s", argv[0], strerror(errno));
		if (po[0] >= 0) {
			close(po[0]);
			close(po[1]);
		}
		free(prog);
		return -1;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, po[1], 1);
	posix_spawn_file_actions_adddup2(&fa, pe[1], 2);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	env = c_locale_env();
	rc = posix_spawn(&pid, prog, &fa, NULL, (char *const *)argv, env);
	free(prog);
	posix_spawn_file_actions_destroy(&fa);
	free(env);
	close(po[1]);
	close(pe[1]);
	if (rc) {
		snprintf(err, errlen, "cannot run '%s': %s", argv[0], strerror(rc));
		close(po[0]);
		close(pe[0]);
		return -1;
	}
	/* both pipes at once, so that a full stderr never blocks objdump */
	while (open_fds) {
		struct pollfd fds[2] = { { po[0], POLLIN, 0 }, { pe[0], POLLIN, 0 } };
		int i;
		if (poll(fds, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
		for (i = 0; i < 2; i++) {
			int r;
			if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
				continue;
			r = i ? drain(pe[0], &ebuf, &elen, &ecap) : drain(po[0], out, len, &cap);
			if (!i && sink)
				feed(sink, ctx, *out, len);
			if (r <= 0) {
				close(i ? pe[0] : po[0]);
				if (i)
					pe[0] = -1;
				else
					po[0] = -1;
				open_fds--;
			}
		}
	}
	if (po[0] >= 0)
		close(po[0]);
	if (pe[0] >= 0)
		close(pe[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (sink && *len) {
		sink(ctx, *out, *len);	/* a last line without a newline */
		*len = 0;
	}
	if (!*out)
		*out = xmalloc(1);
	(*out)[*len] = '\0';
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		free(ebuf);
		return 0;
	}
	{
		/* the first line of what it said, as the reason */
		const char *why = "";
		size_t wl = 0;
		char how[64];
		if (ebuf) {
			ebuf[elen] = '\0';
			why = ebuf;
			wl = strcspn(ebuf, "\n");
		}
		if (WIFEXITED(status))
			snprintf(how, sizeof(how), "exit status %d", WEXITSTATUS(status));
		else if (WIFSIGNALED(status))
			snprintf(how, sizeof(how), "killed by signal %d", WTERMSIG(status));
		else
			snprintf(how, sizeof(how), "status %d", status);
		snprintf(err, errlen, "'%s' failed (%s)%s%.*s", argv[0], how, wl ? ": " : "",
			 (int)(wl > 200 ? 200 : wl), why);
	}
	free(ebuf);
	free(*out);
	*out = NULL;
	*len = 0;
	return -1;
}

/* ---- parsing ---- */

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* A hex number at *s (at most 16 digits); 0 with *s moved past it, or -1. */
static int parse_hex(const char **s, const char *end, uint64_t *v)
{
	const char *p = *s;
	uint64_t x = 0;

	while (p < end && hexval((unsigned char)*p) >= 0 && p - *s < 17)
		x = x << 4 | (uint64_t)hexval((unsigned char)*p++);
	if (p == *s || p - *s > 16)
		return -1;
	*s = p;
	*v = x;
	return 0;
}

/*
 * objdump -t and -T lines of function symbols:
 *   0000000000001139 g     F .text	0000000000000025              main
 *   0000000000040dd0  w   DF .text	0000000000000094  GLIBC_2.2.5 random_r
 * the address, seven flag characters ('F' last for a function), the
 * section, a tab, the size, and the name as the last word.
 */
size_t objdump_parse_syms(const char *buf, size_t len, struct objsym **v, size_t n)
{
	const char *s = buf, *end = buf + len;
	size_t cap = n;

	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s)), *le = nl ? nl : end, *p = s;
		const char *tab, *name;
		uint64_t addr, size;

		s = nl ? nl + 1 : end;
		if (parse_hex(&p, le, &addr) || le - p < 9 || *p != ' ' || p[7] != 'F' || p[8] != ' ')
			continue;
		tab = memchr(p, '\t', (size_t)(le - p));
		if (!tab)
			continue;
		p = tab + 1;
		if (parse_hex(&p, le, &size) || !size || addr + size < addr)
			continue;
		while (le > p && (le[-1] == ' ' || le[-1] == '\r'))
			le--;
		for (name = le; name > p && name[-1] != ' ' && name[-1] != '\t'; name--)
			;
		if (name == le)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			*v = xrealloc(*v, cap * sizeof(**v));
		}
		(*v)[n].addr = addr;
		(*v)[n].size = size;
		(*v)[n].name = xmalloc((size_t)(le - name) + 1);
		memcpy((*v)[n].name, name, (size_t)(le - name));
		(*v)[n].name[le - name] = '\0';
		n++;
	}
	return n;
}

/*
 * objdump -d lines of instructions, "    11d0:\ttest   %rsi,%rsi"; the
 * others (headers, "<symbol>:" labels, "..." for skipped zeros) are left out.
 */
size_t objdump_parse_insns(const char *buf, size_t len, struct objinsn **v, size_t n)
{
	const char *s = buf, *end = buf + len;
	size_t cap = n;

	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s)), *le = nl ? nl : end, *p = s;
		uint64_t addr;
		char *t;
		size_t k;

		s = nl ? nl + 1 : end;
		while (p < le && *p == ' ')
			p++;
		if (parse_hex(&p, le, &addr) || le - p < 2 || p[0] != ':' || p[1] != '\t')
			continue;
		p += 2;
		while (le > p && (le[-1] == ' ' || le[-1] == '\t' || le[-1] == '\r'))
			le--;
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			*v = xrealloc(*v, cap * sizeof(**v));
		}
		t = xmalloc((size_t)(le - p) + 1);
		for (k = 0; p < le; p++)
			t[k++] = *p == '\t' ? ' ' : *p;
		t[k] = '\0';
		(*v)[n].addr = addr;
		(*v)[n].text = t;
		n++;
	}
	return n;
}

/* ---- the build id, for the separate debug file ---- */

static uint64_t rd(const unsigned char *b, size_t n, int be)
{
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < n; i++)
		v |= (uint64_t)b[be ? n - 1 - i : i] << (8 * i);
	return v;
}

int objdump_build_id(const char *path, char *hex, size_t hexlen)
{
	unsigned char eh[64], ph[56], *note = NULL;
	/* O_NONBLOCK: an object swapped for a FIFO after its check blocks nothing (pread fails) */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY), is64, be, rc = -1;
	uint64_t phoff, phnum, phentsize, i;

	if (fd < 0)
		return -1;
	if (pread(fd, eh, sizeof(eh), 0) != (ssize_t)sizeof(eh) || memcmp(eh, "\177ELF", 4) ||
	    (eh[4] != 1 && eh[4] != 2) || (eh[5] != 1 && eh[5] != 2))
		goto out;
	is64 = eh[4] == 2;
	be = eh[5] == 2;
	phoff = is64 ? rd(eh + 0x20, 8, be) : rd(eh + 0x1c, 4, be);
	phentsize = rd(eh + (is64 ? 0x36 : 0x2a), 2, be);
	phnum = rd(eh + (is64 ? 0x38 : 0x2c), 2, be);
	if (phentsize < (is64 ? 56u : 32u) || phnum > 4096)
		goto out;
	for (i = 0; i < phnum && rc; i++) {
		uint64_t off, size, k;
		if (pread(fd, ph, is64 ? 56 : 32, (off_t)(phoff + i * phentsize)) != (is64 ? 56 : 32))
			break;
		if (rd(ph, 4, be) != 4)	/* PT_NOTE */
			continue;
		off = is64 ? rd(ph + 8, 8, be) : rd(ph + 4, 4, be);
		size = is64 ? rd(ph + 32, 8, be) : rd(ph + 16, 4, be);
		if (size > (1 << 20))
			continue;
		note = xrealloc(note, (size_t)size + 1);
		if (pread(fd, note, (size_t)size, (off_t)off) != (ssize_t)size)
			continue;
		for (k = 0; k + 12 <= size;) {
			uint64_t nsz = rd(note + k, 4, be), dsz = rd(note + k + 4, 4, be);
			uint64_t type = rd(note + k + 8, 4, be);
			uint64_t name = k + 12, desc = name + ((nsz + 3) & ~(uint64_t)3);
			if (desc > size || dsz > size - desc)
				break;
			if (type == 3 && nsz == 4 && !memcmp(note + name, "GNU", 4) && dsz &&
			    2 * dsz < hexlen) {
				uint64_t j;
				for (j = 0; j < dsz; j++)
					snprintf(hex + 2 * j, 3, "%02x", note[desc + j]);
				rc = 0;
				break;
			}
			k = desc + ((dsz + 3) & ~(uint64_t)3);
		}
	}
out:
	free(note);
	close(fd);
	return rc;
}

/* ---- running it ---- */

static int size_cmp(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;

	return a < b ? -1 : a > b;
}

/*
 * The object's name as objdump's argument: GNU tools read an argument
 * "@FILE" as a response file (its words become more arguments), even
 * after "--", so a profile's "ob=@/some/file" would feed that file's words
 * to objdump as options.  "./@FILE" names the same file and is no
 * response file.  Malloc'ed.
 */
static char *object_arg(const char *path)
{
	char *a = xmalloc(strlen(path) + 3);

	if (path[0] == '@') {
		a[0] = '.';
		a[1] = '/';
		strcpy(a + 2, path);
	} else {
		strcpy(a, path);
	}
	return a;
}

static int sym_cmp(const void *x, const void *y)
{
	const struct objsym *a = x, *b = y;
	int c;

	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	if (a->size != b->size)
		return a->size > b->size ? -1 : 1;
	c = strcmp(a->name, b->name);
	return c;
}

static int syms_of(const char *flag, const char *path, struct objsym **v, size_t *n, char *err,
		   size_t errlen)
{
	char *obj = object_arg(path);
	const char *argv[] = { objdump_program(), flag, "-w", "--", obj, NULL };
	char *out;
	size_t len;
	int rc = objdump_run(argv, &out, &len, err, errlen);

	free(obj);
	if (rc)
		return -1;
	*n = objdump_parse_syms(out, len, v, *n);
	free(out);
	return 0;
}

int objdump_symbols(const char *path, struct objsym **v, size_t *n, char *err, size_t errlen)
{
	char id[160], dbg[256];
	struct stat st;

	*v = NULL;
	*n = 0;
	if (syms_of("-t", path, v, n, err, errlen)) {
		/* "cannot run" is what matters; any other failure leaves no symbols */
		if (!strncmp(err, "cannot run", 10))
			return -1;
	}
	if (!*n && !objdump_build_id(path, id, sizeof(id)) && strlen(id) > 2) {
		snprintf(dbg, sizeof(dbg), "/usr/lib/debug/.build-id/%.2s/%s.debug", id, id + 2);
		if (!stat(dbg, &st) && S_ISREG(st.st_mode))
			syms_of("-t", dbg, v, n, err, errlen);
	}
	if (!*n)
		syms_of("-T", path, v, n, err, errlen);
	if (*n)
		sort_array(*v, *n, sizeof(**v), sym_cmp);
	return 0;
}

void objdump_syms_free(struct objsym *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i].name);
	free(v);
}

/* What the line sink of objdump_disasm_ranges() keeps. */
struct keep {
	const struct objrange *rg;
	const uint64_t *maxkeep;	/* [i]: the largest keep of rg[0..i] */
	size_t n;
	struct objinsn *v;
	size_t nv, cap;
};

static void keep_line(void *ctx, const char *line, size_t len)
{
	struct keep *k = ctx;
	struct objinsn *one = NULL;
	size_t lo = 0, hi = k->n;

	/* parse first: most lines (other code, headers) are dropped */
	if (!objdump_parse_insns(line, len, &one, 0))
		return;
	/* the ranges that start at or before it; one of them holds it when
	   the largest of their ends is past it */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (k->rg[mid].start <= one->addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo || k->maxkeep[lo - 1] <= one->addr) {
		free(one->text);
		free(one);
		return;
	}
	if (k->nv == k->cap) {
		k->cap = k->cap ? 2 * k->cap : 256;
		k->v = xrealloc(k->v, k->cap * sizeof(*k->v));
	}
	k->v[k->nv++] = *one;
	free(one);
}

int objdump_disasm_ranges(const char *path, const struct objrange *rg, size_t n,
			  struct objinsn **v, size_t *nv, char *err, size_t errlen)
{
	struct keep k = { rg, NULL, n, NULL, 0, 0 };
	size_t *split, nsplit = 0, i, j, first;
	uint64_t *gap, *maxkeep, stop;
	char *obj = object_arg(path);

	*v = NULL;
	*nv = 0;
	if (!n) {
		free(obj);
		return 0;
	}
	/* the gaps between ranges (sorted by start), and the widest ones as the splits */
	gap = xmalloc(n * sizeof(*gap));
	split = xmalloc(n * sizeof(*split));
	maxkeep = xmalloc(n * sizeof(*maxkeep));
	for (i = 0; i < n; i++)
		maxkeep[i] = i && maxkeep[i - 1] > rg[i].keep ? maxkeep[i - 1] : rg[i].keep;
	k.maxkeep = maxkeep;
	stop = rg[0].stop;
	for (i = 1; i < n; i++) {
		gap[i] = rg[i].start > stop ? rg[i].start - stop : 0;
		if (rg[i].stop > stop)
			stop = rg[i].stop;
	}
	for (i = 1; i < n; i++) {
		if (gap[i] <= OBJDUMP_RUN_GAP)
			continue;
		if (nsplit < OBJDUMP_MAX_RUNS - 1) {
			split[nsplit++] = i;
			continue;
		}
		/* full: this gap replaces the narrowest split when wider */
		for (j = 0, first = 0; j < nsplit; j++)
			if (gap[split[j]] < gap[split[first]])
				first = j;
		if (gap[i] > gap[split[first]])
			split[first] = i;
	}
	sort_array(split, nsplit, sizeof(*split), size_cmp);
	for (i = 0, first = 0; i <= nsplit; i++) {
		size_t end = i < nsplit ? split[i] : n;
		char a[64], b[64];
		const char *argv[] = { objdump_program(), "-d", "-C", "-w", "--no-show-raw-insn", a, b,
				       "--", obj, NULL };
		char *out;
		size_t len;

		for (stop = 0, j = first; j < end; j++)
			if (rg[j].stop > stop)
				stop = rg[j].stop;
		snprintf(a, sizeof(a), "--start-address=0x%llx", (unsigned long long)rg[first].start);
		snprintf(b, sizeof(b), "--stop-address=0x%llx", (unsigned long long)stop);
		if (run(argv, keep_line, &k, &out, &len, err, errlen)) {
			objdump_insns_free(k.v, k.nv);
			free(maxkeep);
			free(gap);
			free(split);
			free(obj);
			return -1;
		}
		free(out);
		first = end;
	}
	free(maxkeep);
	free(gap);
	free(split);
	free(obj);
	*v = k.v;
	*nv = k.nv;
	return 0;
}

void objdump_insns_free(struct objinsn *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i].text);
	free(v);
}
