/* report_pprof: the rebuilt call stacks as a gzip-compressed profile.proto, the format of pprof and the services that read it. */
#include "report_pprof.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "arena.h"
#include "diag.h"
#include "escape.h"
#include "fnline.h"
#include "hash.h"
#include "numfmt.h"
#include "ptrmap.h"
#include "sort.h"
#include "stacks.h"

/*
 * profile.proto's field numbers (google/pprof, proto/profile.proto).  The
 * schema is fixed, so the encoder writes it by hand, message by message,
 * into one deflate stream (zlib, which annogrind reads gzip with anyway):
 * no generated code, no library, no copy of the output in memory.
 */
enum {
	PROFILE_SAMPLE_TYPE = 1, PROFILE_SAMPLE = 2, PROFILE_MAPPING = 3, PROFILE_LOCATION = 4,
	PROFILE_FUNCTION = 5, PROFILE_STRING = 6, PROFILE_COMMENT = 13, PROFILE_DEFAULT_TYPE = 14,
	VALUETYPE_TYPE = 1, VALUETYPE_UNIT = 2,
	SAMPLE_LOCATION = 1, SAMPLE_VALUE = 2,
	MAPPING_ID = 1, MAPPING_LIMIT = 3, MAPPING_FILENAME = 5, MAPPING_HAS_FUNCTIONS = 7,
	MAPPING_HAS_FILENAMES = 8, MAPPING_HAS_LINES = 9,
	LOCATION_ID = 1, LOCATION_MAPPING = 2, LOCATION_ADDRESS = 3, LOCATION_LINE = 4,
	LINE_FUNCTION = 1, LINE_LINE = 2,
	FUNCTION_ID = 1, FUNCTION_NAME = 2, FUNCTION_FILENAME = 4,
};

#define WIRE_VARINT 0
#define WIRE_LEN 2
#define NONE32 UINT32_MAX

/* ---- protobuf in a gzip stream ---- */

/* A message being made: its bytes, before they go out with their length. */
struct pbuf {
	unsigned char *b;
	size_t n, cap;
};

static void pbuf_room(struct pbuf *m, size_t more)
{
	if (m->n + more <= m->cap)
		return;
	while (m->n + more > m->cap)
		m->cap = m->cap ? 2 * m->cap : 256;
	m->b = xrealloc(m->b, m->cap);
}

static void pbuf_varint(struct pbuf *m, uint64_t v)
{
	pbuf_room(m, 10);
	while (v >= 0x80) {
		m->b[m->n++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	m->b[m->n++] = (unsigned char)v;
}

/* A varint field; proto3 leaves out a zero. */
static void pbuf_uint(struct pbuf *m, unsigned field, uint64_t v)
{
	if (!v)
		return;
	pbuf_varint(m, field << 3 | WIRE_VARINT);
	pbuf_varint(m, v);
}

static void pbuf_bytes(struct pbuf *m, unsigned field, const void *s, size_t len)
{
	pbuf_varint(m, field << 3 | WIRE_LEN);
	pbuf_varint(m, len);
	pbuf_room(m, len);
	memcpy(m->b + m->n, s, len);
	m->n += len;
}

#define PB_BUF (1 << 16)

struct pbw {
	z_stream z;
	FILE *out;
	size_t n;			/* bytes of buf not yet deflated */
	struct pbuf msg, sub;		/* scratch for a message and one inside it */
	unsigned char buf[PB_BUF];
	unsigned char zbuf[PB_BUF];
};

static void pbw_deflate(struct pbw *w, int flush)
{
	int rc;

	w->z.next_in = w->buf;
	w->z.avail_in = (uInt)w->n;
	do {
		w->z.next_out = w->zbuf;
		w->z.avail_out = sizeof(w->zbuf);
		rc = deflate(&w->z, flush);
		fwrite(w->zbuf, 1, sizeof(w->zbuf) - w->z.avail_out, w->out);
	} while (w->z.avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END));
	w->n = 0;
}

static void pbw_write(struct pbw *w, const unsigned char *s, size_t len)
{
	while (len) {
		size_t k = PB_BUF - w->n < len ? PB_BUF - w->n : len;
		memcpy(w->buf + w->n, s, k);
		w->n += k;
		s += k;
		len -= k;
		if (w->n == PB_BUF)
			pbw_deflate(w, Z_NO_FLUSH);
	}
}

/* A field's key and a varint after it (the value, or the length of bytes to come). */
static void pbw_key(struct pbw *w, unsigned field, unsigned wire, uint64_t v)
{
	struct pbuf m = { 0 };
	unsigned char b[24];

	m.b = b;
	m.cap = sizeof(b);
	pbuf_varint(&m, field << 3 | wire);
	pbuf_varint(&m, v);
	pbw_write(w, m.b, m.n);
}

/* A field of the profile: the tag, the length, the bytes of s. */
static void pbw_field(struct pbw *w, unsigned field, const void *s, size_t len)
{
	pbw_key(w, field, WIRE_LEN, len);
	pbw_write(w, s, len);
}

static void pbw_varint_field(struct pbw *w, unsigned field, uint64_t v)
{
	pbw_key(w, field, WIRE_VARINT, v);
}

static void pbw_init(struct pbw *w, FILE *out)
{
	memset(&w->z, 0, sizeof(w->z));
	w->out = out;
	w->n = 0;
	memset(&w->msg, 0, sizeof(w->msg));
	memset(&w->sub, 0, sizeof(w->sub));
	/*
	 * 16 + 15: a gzip wrapper (with time 0: the same bytes each run).
	 * Level 5: within 3% of 6's size, 16% fewer instructions in all.
	 */
	if (deflateInit2(&w->z, 5, Z_DEFLATED, 16 + 15, 9, Z_DEFAULT_STRATEGY) != Z_OK)
		xalloc_die();
}

static void pbw_finish(struct pbw *w)
{
	pbw_deflate(w, Z_FINISH);
	deflateEnd(&w->z);
	free(w->msg.b);
	free(w->sub.b);
}

/* ---- tables of keys ---- */

/*
 * Items of one to three words each, in the order they came, with an
 * index to find them (1 + item; 0 marks an empty slot): the functions,
 * mappings, locations and callers' frames.  Keyed hashes (hash.h): line
 * numbers and addresses are the profile's to choose.
 */
struct table {
	uint64_t *key;		/* w words an item */
	size_t n, cap, w;
	uint32_t *slot;
	size_t scap;
};

static uint64_t key_hash(size_t w, const uint64_t *k)
{
	return hash_words(k[0], w > 1 ? k[1] : 0, w > 2 ? k[2] : 0);
}

/* The slot of key k: its item's, or the empty one where it would go. */
static size_t table_slot(const struct table *t, const uint64_t *k)
{
	size_t j;

	for (j = key_hash(t->w, k) & (t->scap - 1); t->slot[j]; j = (j + 1) & (t->scap - 1)) {
		const uint64_t *x = &t->key[(t->slot[j] - 1) * t->w];
		if (x[0] == k[0] && (t->w < 2 || x[1] == k[1]) && (t->w < 3 || x[2] == k[2]))
			break;
	}
	return j;
}

/* 1 + the item of key k (t->w words), or 0. */
static uint32_t table_find(const struct table *t, const uint64_t *k)
{
	return t->scap ? t->slot[table_slot(t, k)] : 0;
}

/* Key k (not in t) as a new item: returns 1 + its index. */
static uint32_t table_add(struct table *t, const uint64_t *k)
{
	size_t i, j;

	if (t->n >= NONE32 / 4)
		xalloc_die();	/* ids are 32 bits */
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 64;
		t->key = xrealloc(t->key, t->cap * t->w * sizeof(*t->key));
	}
	if ((t->n + 1) * 2 > t->scap) {
		/* at most half full: made again from the items */
		t->scap = t->scap ? 2 * t->scap : 128;
		free(t->slot);
		t->slot = xcalloc(t->scap, sizeof(*t->slot));
		for (i = 0; i < t->n; i++) {
			for (j = key_hash(t->w, &t->key[i * t->w]) & (t->scap - 1); t->slot[j];
			     j = (j + 1) & (t->scap - 1))
				;
			t->slot[j] = (uint32_t)i + 1;
		}
	}
	j = table_slot(t, k);
	memcpy(&t->key[t->n * t->w], k, t->w * sizeof(*k));
	t->slot[j] = (uint32_t)++t->n;
	return t->slot[j];
}

static void table_free(struct table *t)
{
	free(t->key);
	free(t->slot);
	t->key = NULL;
	t->slot = NULL;
	t->n = t->cap = t->scap = 0;
}

/* ---- the writer's state ---- */

/*
 * Everything is gathered first and written at the end, each table in an
 * order that compresses well: strings sorted, functions by name,
 * locations by function and line.  Ids here are those of the gathering;
 * write_profile() numbers them again.
 */
struct pp {
	const struct report *r;
	const struct profile *p;
	size_t *ev, nev;	/* the events written, in sample_type order */
	size_t sortk;		/* the sort event's place among them */
	/* strings: by content (hash, then bytes); the profile's names also by address */
	const char **str;
	size_t *slen;
	uint64_t *shash;
	size_t nstr, capstr;
	uint32_t *sslot;	/* 1 + index; 0 empty */
	size_t scap;
	struct ptrmap byaddr;	/* an interned name: 1 + its string */
	struct pbuf clean;	/* scratch of clean_name() */
	char **owned;		/* strings made here, freed at the end */
	size_t nowned;
	uint32_t *comment;	/* strings */
	size_t ncomment;
	/* by fn id: its frame name, its Mapping, its Function in its own file (NONE32: not yet) */
	uint32_t *fname, *fmap, *ffunc;
	struct table funcs;	/* Functions: name << 32 | file (strings) */
	struct table maps;	/* Mappings: the object's string */
	struct table locs;	/* Locations: Function << 32 | Mapping, line, address */
	struct table frames;	/* callers' frames: caller id << 32 | callee id */
	uint32_t *frameloc;	/* by frame: the caller's Location */
	/* the call site of each call that cost most, by (caller id, callee id) */
	const struct callsite **site;
	size_t nsite;
	/* the stacks of all events merged: a tree of locations, root 0 */
	uint32_t *tparent, *tloc;
	uint64_t *tval;		/* nev per node */
	size_t tn, tcap;
	uint32_t *tslot;	/* (parent, location) -> node: open addressing, 1 + node */
	size_t tscap;
	int clamped;		/* a value above 2^63-1 was written as 2^63-1 */
	int with_addr;		/* a location has an address */
};

/* Room for item id (1-based) in an array that grows with a table. */
#define ROOM(arr, id) do { \
	if (((id) & ((id) - 1)) == 0) \
		(arr) = xrealloc((arr), 2 * (size_t)(id) * sizeof(*(arr))); \
} while (0)

/* ---- strings ---- */

/*
 * A name as written: valid UTF-8 (protobuf strings must be; a byte that
 * starts no UTF-8 sequence is taken as its Latin-1 character), C0 controls
 * and DEL as '?' (as folded stacks write them), and C1 controls, bidi
 * controls, surrogates and noncharacters as the visible text \xHH (a
 * terminal or browser showing a name would obey them).  Returns s itself
 * when nothing changes, else the scratch buffer (NUL-terminated).
 */
static const char *clean_name(struct pp *pp, const char *s, size_t *len)
{
	const unsigned char *u = (const unsigned char *)s, *end = u + *len;
	struct pbuf *b = &pp->clean;
	size_t k;

	for (k = 0; k < *len; k++)
		if (u[k] < 0x20 || u[k] >= 0x7f)
			break;
	if (k == *len)
		return s;
	b->n = 0;
	while (u < end) {
		size_t n = report_utf8_len(u), e;
		pbuf_room(b, 16);
		if (n > (size_t)(end - u))
			n = 0;
		if (*u < 0x20 || *u == 0x7f) {
			b->b[b->n++] = '?';
			n = 1;
		} else if (*u >= 0x80 && (e = escape_unit_xml((const char *)u, (size_t)(end - u))) > 0) {
			size_t i;
			pbuf_room(b, 4 * e + 1);
			for (i = 0; i < e; i++)
				b->n += (size_t)snprintf((char *)b->b + b->n, 5, "\\x%02x", u[i]);
			n = e;
		} else if (!n) {
			b->b[b->n++] = (unsigned char)(0xc0 | *u >> 6);
			b->b[b->n++] = (unsigned char)(0x80 | (*u & 0x3f));
			n = 1;
		} else {
			memcpy(b->b + b->n, u, n);
			b->n += n;
		}
		u += n;
	}
	pbuf_room(b, 1);
	b->b[b->n] = 0;
	*len = b->n;
	return (const char *)b->b;
}

static void str_grow(struct pp *pp)
{
	size_t ncap = pp->scap ? 2 * pp->scap : 1024, i, j;
	uint32_t *ns = xcalloc(ncap, sizeof(*ns));

	for (i = 0; i < pp->scap; i++) {
		if (!pp->sslot[i])
			continue;
		for (j = pp->shash[pp->sslot[i] - 1] & (ncap - 1); ns[j]; j = (j + 1) & (ncap - 1))
			;
		ns[j] = pp->sslot[i];
	}
	free(pp->sslot);
	pp->sslot = ns;
	pp->scap = ncap;
}

/*
 * The string s (len bytes, a NUL after them); own: s is a copy for the
 * table to keep (freed here when it has one already).
 */
static uint32_t str_index(struct pp *pp, const char *s, size_t len, int own)
{
	uint64_t h = hash_bytes(s, len);
	size_t j;

	if ((pp->nstr + 1) * 2 > pp->scap)
		str_grow(pp);
	for (j = h & (pp->scap - 1); pp->sslot[j]; j = (j + 1) & (pp->scap - 1)) {
		size_t k = pp->sslot[j] - 1;
		if (pp->shash[k] == h && pp->slen[k] == len && !memcmp(pp->str[k], s, len)) {
			if (own)
				free((char *)s);
			return (uint32_t)k;
		}
	}
	if (pp->nstr == pp->capstr) {
		pp->capstr = pp->capstr ? 2 * pp->capstr : 1024;
		pp->str = xrealloc(pp->str, pp->capstr * sizeof(*pp->str));
		pp->slen = xrealloc(pp->slen, pp->capstr * sizeof(*pp->slen));
		pp->shash = xrealloc(pp->shash, pp->capstr * sizeof(*pp->shash));
		pp->owned = xrealloc(pp->owned, pp->capstr * sizeof(*pp->owned));
	}
	if (own)
		pp->owned[pp->nowned++] = (char *)s;
	pp->str[pp->nstr] = s;
	pp->slen[pp->nstr] = len;
	pp->shash[pp->nstr] = h;
	pp->sslot[j] = (uint32_t)++pp->nstr;
	return (uint32_t)(pp->nstr - 1);
}

/* Any text, made valid (clean_name()) and copied. */
static uint32_t str_text(struct pp *pp, const char *s, size_t len)
{
	const char *c = clean_name(pp, s, &len);
	char *copy = xmalloc(len + 1);

	memcpy(copy, c, len);
	copy[len] = 0;
	return str_index(pp, copy, len, 1);
}

/* A name the profile holds (interned: found again by its address). */
static uint32_t str_name(struct pp *pp, const char *s)
{
	uint64_t *v = ptrmap_get(&pp->byaddr, s);
	uint32_t k;

	if (v)
		return (uint32_t)*v - 1;
	k = str_text(pp, s, strlen(s));
	ptrmap_put(&pp->byaddr, s, (uint64_t)k + 1);
	return k;
}

/* A file's name as pprof reads it: "???" (no debugging information) is none. */
static uint32_t str_file(struct pp *pp, const struct file *f)
{
	return strcmp(f->name, "???") ? str_name(pp, f->name) : 0;
}

/* The frame name of f (stacks_frame_name()), once per function. */
static uint32_t str_frame(struct pp *pp, const struct fn *f)
{
	char *name;

	if (pp->fname[f->id] != NONE32)
		return pp->fname[f->id];
	name = stacks_frame_name(pp->p, f);
	pp->fname[f->id] = strcmp(name, f->k.name) ? str_text(pp, name, strlen(name))
						   : str_name(pp, f->k.name);
	free(name);
	return pp->fname[f->id];
}

/* A comment: key and text (from the profile, made valid). */
static void comment(struct pp *pp, const char *key, const char *text)
{
	size_t kl = strlen(key), tl = strlen(text);
	char *s = xmalloc(kl + tl + 1);

	memcpy(s, key, kl);
	memcpy(s + kl, text, tl + 1);
	ROOM(pp->comment, pp->ncomment + 1);
	pp->comment[pp->ncomment++] = str_text(pp, s, kl + tl);
	free(s);
}

/* ---- mappings, functions, locations ---- */

/* The Mapping of f's object; 0 for none (no ob= line). */
static uint32_t mapping_of(struct pp *pp, const struct fn *f)
{
	uint64_t k;
	uint32_t id;

	if (pp->fmap[f->id] != NONE32)
		return pp->fmap[f->id];
	if (!*f->obj)
		return pp->fmap[f->id] = 0;
	k = str_name(pp, f->obj);
	id = table_find(&pp->maps, &k);
	return pp->fmap[f->id] = id ? id : table_add(&pp->maps, &k);
}

/* The Function of f's frame with its lines in file. */
static uint32_t function_of(struct pp *pp, const struct fn *f, const struct file *file)
{
	uint32_t name, fname, id;
	uint64_t k;

	if (file == f->k.file && pp->ffunc[f->id] != NONE32)
		return pp->ffunc[f->id];
	name = str_frame(pp, f);
	fname = str_file(pp, file);
	k = (uint64_t)name << 32 | fname;
	id = table_find(&pp->funcs, &k);
	if (!id)
		id = table_add(&pp->funcs, &k);
	if (file == f->k.file)
		pp->ffunc[f->id] = id;
	return id;
}

/* The Location of f at line of file (addr: UINT64_MAX for none). */
static uint32_t location_of(struct pp *pp, const struct fn *f, const struct file *file,
			    uint64_t line, uint64_t addr)
{
	uint32_t func = function_of(pp, f, file), map = mapping_of(pp, f), id;
	uint64_t k[3];

	/*
	 * Only a location with an address is in its object's mapping: pprof's
	 * source view makes up addresses for the others and, for a location
	 * in a mapping whose file it finds, disassembles the file there.
	 */
	if (addr == UINT64_MAX || f->multi_obj) {
		/* a function of one file in two objects: which one an address is in is not kept */
		addr = 0;
		map = 0;
	} else {
		pp->with_addr = 1;
	}
	k[0] = (uint64_t)func << 32 | map;
	k[1] = line;
	k[2] = addr;
	id = table_find(&pp->locs, k);
	return id ? id : table_add(&pp->locs, k);
}

/* The record of f at (file, line), or NULL: f's records are by file, then line. */
static const struct fnline *line_of(const struct profile *p, const struct fn *f, uint32_t file,
				    uint64_t line)
{
	size_t lo = 0, n = fnline_count(p, f), hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct fnline *x = fnline_get(p, f, mid);
		if (x->file < file || (x->file == file && x->line < line))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < n) {
		const struct fnline *x = fnline_get(p, f, lo);
		if (x->file == file && x->line == line)
			return x;
	}
	return NULL;
}

/* ---- call sites ---- */

static int site_cmp(const void *x, const void *y)
{
	const struct callsite *a = *(const struct callsite *const *)x;
	const struct callsite *b = *(const struct callsite *const *)y;

	if (a->k.caller->id != b->k.caller->id)
		return a->k.caller->id < b->k.caller->id ? -1 : 1;
	return (a->k.callee->id > b->k.callee->id) - (a->k.callee->id < b->k.callee->id);
}

/*
 * For each call (caller, callee), the site where it cost most of the sort
 * event (of those, the first the profile gives): sorted by the ends' ids.
 */
static void sites_index(struct pp *pp)
{
	const struct profile *p = pp->p;
	size_t ev = pp->ev[pp->sortk], i, n = 0, k;

	for (i = 0; i < p->nfiles_src; i++)
		n += p->files[i]->nsites;
	pp->site = xmalloc((n + 1) * sizeof(*pp->site));
	for (i = 0; i < p->nfiles_src; i++) {
		const struct callsite *s;
		for (s = p->files[i]->sites; s; s = s->next)
			pp->site[pp->nsite++] = s;
	}
	/* stable: the first of equal ones stays first */
	sort_array(pp->site, pp->nsite, sizeof(*pp->site), site_cmp);
	for (i = k = 0; i < pp->nsite; i++) {
		if (k && !site_cmp(&pp->site[k - 1], &pp->site[i])) {
			if (pp->site[i]->cc->v[ev] > pp->site[k - 1]->cc->v[ev])
				pp->site[k - 1] = pp->site[i];
		} else {
			pp->site[k++] = pp->site[i];
		}
	}
	pp->nsite = k;
}

/* The Location of caller's frame on a stack that goes on to callee. */
static uint32_t frame_location(struct pp *pp, const struct fn *caller, const struct fn *callee)
{
	const struct profile *p = pp->p;
	uint64_t k = (uint64_t)caller->id << 32 | callee->id, line = 0, addr = UINT64_MAX;
	uint32_t id = table_find(&pp->frames, &k), loc;
	const struct file *file = caller->k.file;
	size_t lo = 0, hi = pp->nsite;

	if (id)
		return pp->frameloc[id - 1];
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct callsite *s = pp->site[mid];
		if (s->k.caller->id < caller->id ||
		    (s->k.caller->id == caller->id && s->k.callee->id < callee->id))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < pp->nsite && pp->site[lo]->k.caller == caller && pp->site[lo]->k.callee == callee) {
		const struct callsite *s = pp->site[lo];
		const struct fnline *x = line_of(p, caller, s->file->id, s->k.line);
		file = s->file;
		line = s->k.line;
		if (x)
			addr = fnline_addr(p, x);
	}
	loc = location_of(pp, caller, file, line, addr);
	id = table_add(&pp->frames, &k);
	ROOM(pp->frameloc, id);
	return pp->frameloc[id - 1] = loc;
}

/* ---- the stacks of every event, merged ---- */

static void tree_grow(struct pp *pp)
{
	size_t ncap = pp->tcap ? 2 * pp->tcap : 1024, i, j;
	uint32_t *ns;

	if (pp->tcap >= NONE32 / 4)
		xalloc_die();	/* node numbers are 32 bits */
	pp->tparent = xrealloc(pp->tparent, ncap * sizeof(*pp->tparent));
	pp->tloc = xrealloc(pp->tloc, ncap * sizeof(*pp->tloc));
	pp->tval = xrealloc(pp->tval, ncap * pp->nev * sizeof(*pp->tval));
	pp->tcap = ncap;
	/* the index at most half full */
	ns = xcalloc(2 * ncap, sizeof(*ns));
	for (i = 1; i < pp->tn; i++) {
		for (j = hash_words(pp->tparent[i], pp->tloc[i], 6) & (2 * ncap - 1); ns[j];
		     j = (j + 1) & (2 * ncap - 1))
			;
		ns[j] = (uint32_t)i;
	}
	free(pp->tslot);
	pp->tslot = ns;
	pp->tscap = 2 * ncap;
}

/* The node for the location loc below parent (0: the root), made when missing. */
static uint32_t tree_child(struct pp *pp, uint32_t parent, uint32_t loc)
{
	size_t j;

	if (pp->tn == pp->tcap)
		tree_grow(pp);
	for (j = hash_words(parent, loc, 6) & (pp->tscap - 1); pp->tslot[j];
	     j = (j + 1) & (pp->tscap - 1)) {
		uint32_t x = pp->tslot[j];
		if (pp->tparent[x] == parent && pp->tloc[x] == loc)
			return x;
	}
	pp->tparent[pp->tn] = parent;
	pp->tloc[pp->tn] = loc;
	memset(&pp->tval[pp->tn * pp->nev], 0, pp->nev * sizeof(*pp->tval));
	pp->tslot[j] = (uint32_t)pp->tn;
	return (uint32_t)pp->tn++;
}

/* Where a function's own cost on its stacks goes: a line of it, or none (rec NULL). */
struct target {
	const struct fnline *rec;
	uint64_t amount;
	uint64_t rem;		/* the remainder of the scaling */
	uint32_t loc;		/* its Location, once made */
};

struct scratch {
	struct target *t;
	struct target **by;
	size_t cap;
};

static int target_rem_cmp(const void *x, const void *y)
{
	const struct target *a = *(const struct target *const *)x, *b = *(const struct target *const *)y;

	if (a->rem != b->rem)
		return a->rem > b->rem ? -1 : 1;
	return (a > b) - (a < b);
}

/*
 * f's lines with a cost of event ev, their costs scaled to total (the
 * sum of f's stacks: the same when nothing is cut or hidden) in whole
 * counts that add up to it (largest remainders); lines worth at most
 * prune are pooled into one with no line, t[0] (which may be 0).
 * Returns how many targets.
 */
static size_t targets_of(const struct profile *p, const struct fn *f, size_t ev, uint64_t total,
			 uint64_t prune, struct scratch *sc)
{
	size_t n = fnline_count(p, f), k, nt = 1, i;
	uint64_t w = 0, got = 0, pooled = 0;

	if (sc->cap < n + 1) {
		sc->cap = 2 * (n + 1);
		sc->t = xrealloc(sc->t, sc->cap * sizeof(*sc->t));
		sc->by = xrealloc(sc->by, sc->cap * sizeof(*sc->by));
	}
	for (k = 0; k < n; k++)
		w += fnline_get(p, f, k)->v[ev];
	for (k = 0; k < n && w; k++) {
		const struct fnline *x = fnline_get(p, f, k);
		unsigned __int128 v = (unsigned __int128)x->v[ev] * total;
		if (!x->v[ev])
			continue;
		sc->t[nt].rec = x;
		sc->t[nt].amount = w == total ? x->v[ev] : (uint64_t)(v / w);
		sc->t[nt].rem = w == total ? 0 : (uint64_t)(v % w);
		got += sc->t[nt].amount;
		nt++;
	}
	if (got < total && w) {
		/* what rounding down left out, a count each to the largest remainders */
		for (i = 1; i < nt; i++)
			sc->by[i - 1] = &sc->t[i];
		sort_array(sc->by, nt - 1, sizeof(*sc->by), target_rem_cmp);
		for (i = 0; got < total; i++, got++)
			sc->by[i]->amount++;
	}
	for (i = k = 1; i < nt; i++) {
		if (prune && sc->t[i].amount <= prune)
			pooled += sc->t[i].amount;
		else
			sc->t[k++] = sc->t[i];
	}
	sc->t[0].rec = NULL;
	sc->t[0].amount = w ? pooled : total;
	for (i = 0; i < k; i++)
		sc->t[i].loc = 0;
	return k;
}

/*
 * f's own cost on its stacks nodes[0..m) (event k), given out to its lines
 * (targets_of()): each stack takes the lines in turn until its cost is
 * made up, so the stacks' and the lines' sums are both exact, in at most
 * m + lines samples.  Which stack ran which line the profile does not say.
 */
static void leaf_lines(struct pp *pp, size_t k, const struct stacks *s, const uint32_t *nodes,
		       size_t m, const uint32_t *pre, uint64_t prune, struct scratch *sc)
{
	const struct profile *p = pp->p;
	const struct fn *f = s->node[nodes[0]].fn;
	uint64_t total = 0, a, c;
	size_t i, j, nt;

	for (i = 0; i < m; i++)
		total += s->node[nodes[i]].self;
	nt = targets_of(p, f, pp->ev[k], total, prune, sc);
	i = j = 0;
	a = s->node[nodes[0]].self;
	c = sc->t[0].amount;
	while (i < m && j < nt) {
		uint64_t take = a < c ? a : c;
		if (take) {
			struct target *t = &sc->t[j];
			uint32_t x;
			if (!t->loc)
				t->loc = t->rec ? location_of(pp, f, p->files[t->rec->file], t->rec->line,
							      fnline_addr(p, t->rec))
						: location_of(pp, f, f->k.file, 0, UINT64_MAX);
			x = tree_child(pp, pre[nodes[i]], t->loc);
			pp->tval[(size_t)x * pp->nev + k] += take;
			a -= take;
			c -= take;
		}
		if (!a && ++i < m)
			a = s->node[nodes[i]].self;
		if (!c && ++j < nt)
			c = sc->t[j].amount;
	}
}

/* The cut of the stacks' own costs: each stack, and each line of a function, worth at most it. */
static uint64_t prune_of(const struct report *r, const struct profile *p, size_t ev)
{
	double thr = r->filter ? r->thr[0] : 100;
	uint64_t total = p->total && cc_defined(p, p->total, ev) ? p->total->v[ev] : 0;

	return thr >= 100 ? 0 : (uint64_t)((double)total * (100.0 - thr) / 100.0);
}

/* What the budget of stacks merged (stacks.h: coarse): a warning and a comment. */
static void coarse_note(struct pp *pp, const struct stacks *s, const char *event)
{
	char g[32], m[32], note[400];

	if (!s->coarse)
		return;
	numfmt_commify(s->grain < 1.8e19 ? (uint64_t)s->grain : UINT64_MAX, g);
	numfmt_commify(s->moved, m);
	snprintf(note, sizeof(note),
		 "too many stacks to write each: those worth under %s %.60s were merged into "
		 "larger ones of the same calls; %s %.60s (%.2f%%) are on a stack they did not run on",
		 g, event, m, event, s->sum ? (double)s->moved * 100.0 / (double)s->sum : 0.0);
	diag(DIAG_WARNING, NULL, 0, "%s", note);
	comment(pp, "", note);
}

/* The stacks of the k-th event written, merged into the tree. */
static int add_event(struct pp *pp, size_t k, struct scratch *sc)
{
	const struct profile *p = pp->p;
	size_t ev = pp->ev[k], i, nf = p->nfns;
	uint64_t prune = prune_of(pp->r, p, ev);
	uint32_t *pre, *start, *list;
	struct stacks s;

	if (stacks_build(&s, p, ev, prune))
		return -1;
	coarse_note(pp, &s, p->ev.ev[ev].name);
	/* each stack's callers' frames: a path of the tree (parents come first) */
	pre = xmalloc((s.n + 1) * sizeof(*pre));
	for (i = 0; i < s.n; i++) {
		const struct snode *x = &s.node[i];
		pre[i] = x->parent == STACKS_NONE ? 0
			 : tree_child(pp, pre[x->parent], frame_location(pp, s.node[x->parent].fn, x->fn));
	}
	/* the stacks with a cost of their own, by function */
	start = xcalloc(nf + 2, sizeof(*start));
	list = xmalloc((s.n + 1) * sizeof(*list));
	for (i = 0; i < s.n; i++)
		if (s.node[i].self)
			start[s.node[i].fn->id + 1]++;
	for (i = 0; i < nf; i++)
		start[i + 1] += start[i];
	for (i = 0; i < s.n; i++)
		if (s.node[i].self)
			list[start[s.node[i].fn->id]++] = (uint32_t)i;
	/* start[f] now ends f's run, which the run before ends where it begins */
	for (i = 0; i < nf; i++) {
		uint32_t b = i ? start[i - 1] : 0;
		if (start[i] > b)
			leaf_lines(pp, k, &s, list + b, start[i] - b, pre, prune, sc);
	}
	free(pre);
	free(start);
	free(list);
	stacks_release(&s);
	return 0;
}

/* ---- writing ---- */

/* Orders of the gathered tables, each a permutation by (key words) of the ctx. */
struct order {
	const struct pp *pp;
	const uint32_t *snew;	/* string -> its place in the sorted table */
	const uint32_t *fnew;	/* Function -> its new id */
	const uint32_t *lnew;	/* Location -> its new id */
};

static int str_cmp(const void *x, const void *y, void *ctx)
{
	const struct pp *pp = ((const struct order *)ctx)->pp;
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
	size_t la = pp->slen[a], lb = pp->slen[b];
	int c = memcmp(pp->str[a], pp->str[b], la < lb ? la : lb);

	return c ? c : (la > lb) - (la < lb);
}

static int func_cmp(const void *x, const void *y, void *ctx)
{
	const struct order *o = ctx;
	uint64_t a = o->pp->funcs.key[*(const uint32_t *)x], b = o->pp->funcs.key[*(const uint32_t *)y];
	uint32_t na = o->snew[a >> 32], nb = o->snew[b >> 32];
	uint32_t fa = o->snew[(uint32_t)a], fb = o->snew[(uint32_t)b];

	if (na != nb)
		return na < nb ? -1 : 1;
	return (fa > fb) - (fa < fb);
}

static int loc_cmp(const void *x, const void *y, void *ctx)
{
	const struct order *o = ctx;
	const uint64_t *a = &o->pp->locs.key[*(const uint32_t *)x * 3];
	const uint64_t *b = &o->pp->locs.key[*(const uint32_t *)y * 3];
	uint32_t fa = o->fnew[(a[0] >> 32) - 1], fb = o->fnew[(b[0] >> 32) - 1];

	if (fa != fb)
		return fa < fb ? -1 : 1;
	if (a[1] != b[1])
		return a[1] < b[1] ? -1 : 1;
	if (a[2] != b[2])
		return a[2] < b[2] ? -1 : 1;
	return ((uint32_t)a[0] > (uint32_t)b[0]) - ((uint32_t)a[0] < (uint32_t)b[0]);
}

/* The bucket of a Location: its Function's new place. */
static uint32_t loc_bucket(const struct order *o, uint32_t item)
{
	return o->fnew[(o->pp->locs.key[(size_t)item * 3] >> 32) - 1] - 1;
}

/*
 * 0 .. n-1 sorted by cmp, which orders by bucket first when bucket is
 * given (a counting sort into nb buckets first, each sorted alone); the
 * inverse (item -> rank + base) in *inv.
 */
static uint32_t *ranks(size_t n, int (*cmp)(const void *, const void *, void *), struct order *o,
		       uint32_t base, uint32_t **inv,
		       uint32_t (*bucket)(const struct order *o, uint32_t item), size_t nb)
{
	uint32_t *perm = xmalloc((n + 1) * sizeof(*perm)), *start;
	size_t i;

	if (!bucket) {
		for (i = 0; i < n; i++)
			perm[i] = (uint32_t)i;
		sort_array_r(perm, n, sizeof(*perm), cmp, o);
	} else {
		start = xcalloc(nb + 2, sizeof(*start));
		for (i = 0; i < n; i++)
			start[bucket(o, (uint32_t)i) + 1]++;
		for (i = 0; i < nb; i++)
			start[i + 1] += start[i];
		for (i = 0; i < n; i++)
			perm[start[bucket(o, (uint32_t)i)]++] = (uint32_t)i;
		/* start[k] now ends bucket k, which bucket k - 1 begins */
		for (i = 0; i < nb; i++) {
			uint32_t b = i ? start[i - 1] : 0;
			if (start[i] - b > 1)
				sort_array_r(perm + b, start[i] - b, sizeof(*perm), cmp, o);
		}
		free(start);
	}
	*inv = xmalloc((n + 1) * sizeof(**inv));
	for (i = 0; i < n; i++)
		(*inv)[perm[i]] = (uint32_t)i + base;
	return perm;
}

/* The tables: strings, sample types, mappings, functions, locations. */
static void write_tables(struct pp *pp, struct pbw *w, const uint32_t *snew, const uint32_t *sperm,
			 const uint32_t *fperm, const uint32_t *lperm, const uint32_t *fnew)
{
	struct pbuf *m = &w->msg, *sub = &w->sub;
	uint32_t count = snew[str_index(pp, "count", 5, 0)];
	size_t i;

	for (i = 0; i < pp->nstr; i++)
		pbw_field(w, PROFILE_STRING, pp->str[sperm[i]], pp->slen[sperm[i]]);
	for (i = 0; i < pp->nev; i++) {
		m->n = 0;
		pbuf_uint(m, VALUETYPE_TYPE, snew[str_name(pp, pp->p->ev.ev[pp->ev[i]].name)]);
		pbuf_uint(m, VALUETYPE_UNIT, count);
		pbw_field(w, PROFILE_SAMPLE_TYPE, m->b, m->n);
	}
	for (i = 0; i < pp->maps.n; i++) {
		m->n = 0;
		pbuf_uint(m, MAPPING_ID, i + 1);
		/*
		 * Callgrind's addresses are the object's own (objdump's): a
		 * mapping of the whole address space at 0 tells pprof so.
		 */
		if (pp->with_addr)
			pbuf_uint(m, MAPPING_LIMIT, UINT64_MAX);
		pbuf_uint(m, MAPPING_FILENAME, snew[pp->maps.key[i]]);
		/* names and lines are given: pprof must not look them up in the binary */
		pbuf_uint(m, MAPPING_HAS_FUNCTIONS, 1);
		pbuf_uint(m, MAPPING_HAS_FILENAMES, 1);
		pbuf_uint(m, MAPPING_HAS_LINES, !!pp->p->has_line);
		pbw_field(w, PROFILE_MAPPING, m->b, m->n);
	}
	for (i = 0; i < pp->funcs.n; i++) {
		uint64_t f = pp->funcs.key[fperm[i]];
		m->n = 0;
		pbuf_uint(m, FUNCTION_ID, i + 1);
		pbuf_uint(m, FUNCTION_NAME, snew[f >> 32]);
		pbuf_uint(m, FUNCTION_FILENAME, snew[(uint32_t)f]);
		pbw_field(w, PROFILE_FUNCTION, m->b, m->n);
	}
	for (i = 0; i < pp->locs.n; i++) {
		const uint64_t *l = &pp->locs.key[lperm[i] * 3];
		sub->n = 0;
		pbuf_uint(sub, LINE_FUNCTION, fnew[(l[0] >> 32) - 1]);
		pbuf_uint(sub, LINE_LINE, l[1]);
		m->n = 0;
		pbuf_uint(m, LOCATION_ID, i + 1);
		pbuf_uint(m, LOCATION_MAPPING, (uint32_t)l[0]);
		pbuf_uint(m, LOCATION_ADDRESS, l[2]);
		pbuf_bytes(m, LOCATION_LINE, sub->b, sub->n);
		pbw_field(w, PROFILE_LOCATION, m->b, m->n);
	}
}

static int sibling_cmp(const void *x, const void *y, void *ctx)
{
	const struct order *o = ctx;
	uint32_t a = o->lnew[o->pp->tloc[*(const uint32_t *)x] - 1];
	uint32_t b = o->lnew[o->pp->tloc[*(const uint32_t *)y] - 1];

	return (a > b) - (a < b);
}

/*
 * Every node of the tree with a value is a sample: its path, leaf first.
 * Siblings one after the other (a counting sort by parent), by location:
 * their paths differ only at the leaf, which compresses well.
 */
static void write_samples(struct pp *pp, struct pbw *w, struct order *o)
{
	struct pbuf *m = &w->msg, *ids = &w->sub, vals = { 0 };
	uint32_t *node, *start = xcalloc(pp->tn + 1, sizeof(*start));
	size_t x, k, n = 0, i;

	for (x = 1; x < pp->tn; x++) {
		const uint64_t *v = &pp->tval[x * pp->nev];
		for (k = 0; k < pp->nev && !v[k]; k++)
			;
		if (k < pp->nev) {
			start[pp->tparent[x] + 1]++;
			n++;
		}
	}
	for (x = 0; x < pp->tn; x++)
		start[x + 1] += start[x];
	node = xmalloc((n + 1) * sizeof(*node));
	for (x = 1; x < pp->tn; x++) {
		const uint64_t *v = &pp->tval[x * pp->nev];
		for (k = 0; k < pp->nev && !v[k]; k++)
			;
		if (k < pp->nev)
			node[start[pp->tparent[x]]++] = (uint32_t)x;
	}
	/* start[p] now ends p's children, which the ones of p - 1 begin */
	for (x = 0; x < pp->tn; x++) {
		uint32_t b = x ? start[x - 1] : 0;
		if (start[x] - b > 1)
			sort_array_r(node + b, start[x] - b, sizeof(*node), sibling_cmp, o);
	}
	free(start);
	for (i = 0; i < n; i++) {
		const uint64_t *v = &pp->tval[(size_t)node[i] * pp->nev];
		uint32_t y;
		ids->n = 0;
		for (y = node[i]; y; y = pp->tparent[y])
			pbuf_varint(ids, o->lnew[pp->tloc[y] - 1]);
		vals.n = 0;
		for (k = 0; k < pp->nev; k++) {
			/* an int64 in the format: a count past 2^63-1 would read negative */
			pp->clamped |= v[k] > INT64_MAX;
			pbuf_varint(&vals, v[k] > INT64_MAX ? INT64_MAX : v[k]);
		}
		m->n = 0;
		pbuf_bytes(m, SAMPLE_LOCATION, ids->b, ids->n);
		pbuf_bytes(m, SAMPLE_VALUE, vals.b, vals.n);
		pbw_field(w, PROFILE_SAMPLE, m->b, m->n);
	}
	free(vals.b);
	free(node);
}

/* What was gathered, numbered again and written through zlib to r->out. */
static void write_profile(struct pp *pp)
{
	struct pbw *w = xmalloc(sizeof(*w));
	struct order o = { pp, NULL, NULL, NULL };
	uint32_t *snew, *sperm, *fnew, *fperm, *lnew, *lperm;
	size_t i;

	sperm = ranks(pp->nstr, str_cmp, &o, 0, &snew, NULL, 0);
	o.snew = snew;
	fperm = ranks(pp->funcs.n, func_cmp, &o, 1, &fnew, NULL, 0);
	o.fnew = fnew;
	lperm = ranks(pp->locs.n, loc_cmp, &o, 1, &lnew, loc_bucket, pp->funcs.n);
	o.lnew = lnew;
	pbw_init(w, pp->r->out);
	write_tables(pp, w, snew, sperm, fperm, lperm, fnew);
	write_samples(pp, w, &o);
	pbw_varint_field(w, PROFILE_DEFAULT_TYPE,
			 snew[str_name(pp, pp->p->ev.ev[pp->ev[pp->sortk]].name)]);
	for (i = 0; i < pp->ncomment; i++)
		pbw_varint_field(w, PROFILE_COMMENT, snew[pp->comment[i]]);
	pbw_finish(w);
	free(w);
	free(snew);
	free(sperm);
	free(fnew);
	free(fperm);
	free(lnew);
	free(lperm);
}

/* The events written: those shown, then the sort event if it is not among them. */
static void events_of(struct pp *pp)
{
	const struct report *r = pp->r;
	size_t i;

	pp->ev = xmalloc((r->nshow + 1) * sizeof(*pp->ev));
	pp->sortk = r->nshow;
	for (i = 0; i < r->nshow; i++) {
		pp->ev[i] = r->show[i];
		if (r->show[i] == r->sort[0] && pp->sortk == r->nshow)
			pp->sortk = i;
	}
	pp->nev = r->nshow;
	if (pp->sortk == r->nshow)
		pp->ev[pp->nev++] = r->sort[0];
}

/*
 * pprof reads mapping[0] as the program: the object of main, else the
 * object with the most own cost of the sort event that is not a shared
 * library (a stripped program has no main).
 */
static void main_mapping(struct pp *pp)
{
	const struct profile *p = pp->p;
	size_t ev = pp->ev[pp->sortk], k;
	const struct fn *best = NULL;
	struct ptrmap sum = { NULL, 0, 0 };
	uint64_t bestv = 0;

	for (k = 0; k < p->nfns; k++)
		if (p->fns[k]->named && !strcmp(p->fns[k]->k.name, "main") && *p->fns[k]->obj) {
			mapping_of(pp, p->fns[k]);
			return;
		}
	for (k = 0; k < p->nfns; k++) {
		const struct fn *f = p->fns[k];
		uint64_t *v;
		if (!*f->obj || strstr(f->obj, ".so"))
			continue;
		if (!(v = ptrmap_get(&sum, f->obj)))
			ptrmap_put(&sum, f->obj, f->self->v[ev]);
		else
			*v += f->self->v[ev];
	}
	for (k = 0; k < p->nfns; k++) {
		const struct fn *f = p->fns[k];
		const uint64_t *v = *f->obj ? ptrmap_get(&sum, f->obj) : NULL;
		if (v && (!best || *v > bestv || (*v == bestv && strcmp(f->obj, best->obj) < 0))) {
			best = f;
			bestv = *v;
		}
	}
	if (best)
		mapping_of(pp, best);
	ptrmap_free(&sum);
}

/* The strings every profile has, and the comments. */
static void head(struct pp *pp, const char *version)
{
	const struct profile *p = pp->p;
	char text[200];
	size_t k;

	str_index(pp, "", 0, 0);	/* string_table[0] */
	str_index(pp, "count", 5, 0);
	for (k = 0; k < pp->nev; k++)
		str_name(pp, p->ev.ev[pp->ev[k]].name);
	if (p->cmd && *p->cmd)
		comment(pp, "cmd: ", p->cmd);
	if (p->creator && *p->creator)
		comment(pp, "creator: ", p->creator);
	snprintf(text, sizeof(text), "annogrind %.40s: stacks rebuilt from calls", version);
	comment(pp, "", text);
	if (pp->r->ninputs > 1) {
		snprintf(text, sizeof(text), "the sum of %zu profiles", pp->r->ninputs);
		comment(pp, "", text);
	}
	if (prune_of(pp->r, p, pp->ev[pp->sortk])) {
		snprintf(text, sizeof(text), "cut: stacks and lines of at most %.6g%% of the "
			 "total (--threshold=100: none)", 100.0 - pp->r->thr[0]);
		comment(pp, "", text);
	}
}

static void pp_release(struct pp *pp)
{
	size_t i;

	for (i = 0; i < pp->nowned; i++)
		free(pp->owned[i]);
	free(pp->owned);
	free(pp->str);
	free(pp->slen);
	free(pp->shash);
	free(pp->sslot);
	ptrmap_free(&pp->byaddr);
	free(pp->clean.b);
	free(pp->comment);
	free(pp->fname);
	free(pp->fmap);
	free(pp->ffunc);
	table_free(&pp->funcs);
	table_free(&pp->maps);
	table_free(&pp->locs);
	table_free(&pp->frames);
	free(pp->frameloc);
	free(pp->site);
	free(pp->tparent);
	free(pp->tloc);
	free(pp->tval);
	free(pp->tslot);
	free(pp->ev);
}

int report_pprof(struct report *r, const char *version)
{
	struct pp pp;
	struct scratch sc = { NULL, NULL, 0 };
	size_t k, nf = r->p->nfns + 1;
	int rc = 0;

	memset(&pp, 0, sizeof(pp));
	pp.r = r;
	pp.p = r->p;
	pp.funcs.w = pp.maps.w = pp.frames.w = 1;
	pp.locs.w = 3;
	pp.fname = xmalloc(nf * sizeof(*pp.fname));
	pp.fmap = xmalloc(nf * sizeof(*pp.fmap));
	pp.ffunc = xmalloc(nf * sizeof(*pp.ffunc));
	memset(pp.fname, 0xff, nf * sizeof(*pp.fname));
	memset(pp.fmap, 0xff, nf * sizeof(*pp.fmap));
	memset(pp.ffunc, 0xff, nf * sizeof(*pp.ffunc));
	events_of(&pp);
	head(&pp, version);
	main_mapping(&pp);
	sites_index(&pp);
	tree_grow(&pp);
	pp.tn = 1;	/* the root */
	for (k = 0; k < pp.nev && !rc; k++)
		rc = add_event(&pp, k, &sc);
	if (!rc)
		write_profile(&pp);
	if (pp.clamped)
		diag(DIAG_WARNING, NULL, 0, "a sample's count passes 2^63-1, the largest pprof reads: "
		     "written as 2^63-1");
	free(sc.t);
	free(sc.by);
	pp_release(&pp);
	return rc;
}
