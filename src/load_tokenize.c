/* load_tokenize: the loader's second stage; a block of whole lines cut into line records, cost lines into number tokens. */
#include "load_tokenize.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"

int load_parse_u64(const char **sp, const char *end, uint64_t *out)
{
	const char *s = *sp;
	uint64_t v = 0;

	if (end - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		const char *d = s + 2;
		while (d < end) {
			unsigned c = (unsigned char)*d, x;
			if (c - '0' < 10)
				x = c - '0';
			else if ((c | 0x20) - 'a' < 6)
				x = (c | 0x20) - 'a' + 10;
			else
				break;
			if (v >> 60)
				return LOAD_NUM_OVERFLOW;
			v = (v << 4) | x;
			d++;
		}
		if (d == s + 2)
			return LOAD_NUM_NONE;
		*sp = d;
		*out = v;
		return LOAD_NUM_OK;
	}
	if (s == end || (unsigned)(*s - '0') >= 10)
		return LOAD_NUM_NONE;
	while (s < end && (unsigned)(*s - '0') < 10)
		v = v * 10 + (unsigned)(*s++ - '0');
	if (s - *sp > 19) {
		/* 20 digits or more may not fit: again, with the check */
		for (v = 0, s = *sp; s < end && (unsigned)(*s - '0') < 10; s++) {
			unsigned d = (unsigned)(*s - '0');
			if (v > (UINT64_MAX - d) / 10)
				return LOAD_NUM_OVERFLOW;
			v = v * 10 + d;
		}
	}
	*sp = s;
	*out = v;
	return LOAD_NUM_OK;
}

/* Room for one more record. */
static inline void rec_room(struct block *b)
{
	if (b->nrec == b->caprec) {
		b->caprec = b->caprec ? 2 * b->caprec : 4096;
		b->rec = xrealloc(b->rec, b->caprec * sizeof(*b->rec));
	}
}

/* The next record: the line from s to le (rec_room() made room for it). */
static inline void block_add_rec(struct block *b, const char *s, const char *le, size_t ntok)
{
	struct rec *r = &b->rec[b->nrec++];
	r->len = (size_t)(le - s) < REC_LONG ? (uint32_t)(le - s) : REC_LONG;
	r->ntok = (uint32_t)ntok;
}

/*
 * Tokens of the cost line at s (which ends in '\n'), byte by byte; returns
 * the end of the tokens (the newline) or NULL when the line must go the
 * slow way.  Every processor runs this; the SIMD paths below take the
 * lines they can and leave the others to it.
 */
static const char *tokenize_cost(struct block *b, const char *sp)
{
	const unsigned char *s = (const unsigned char *)sp;
	/* in locals: stores through tv could otherwise alias b's counters */
	size_t n = b->ntok, cap = b->captok;
	uint64_t *tv = b->tv;
	tok_type *tt = b->tt;
	unsigned c = *s, x;	/* the first byte of a token (tokenize() saw one) */

	for (;;) {
		uint64_t v = 0;
		unsigned type = TK_DEC;
		if (n == cap) {
			b->captok = cap = cap ? 2 * cap : 8192;
			b->tv = tv = xrealloc(tv, cap * sizeof(*tv));
			b->tt = tt = xrealloc(tt, cap * sizeof(*tt));
		}
		if (c == '*') {
			type = TK_STAR;
			c = *++s;
		} else {
			const unsigned char *d;
			if (c == '+' || c == '-') {
				type = c == '+' ? TK_PLUS : TK_MINUS;
				c = *++s;
			}
			d = s;
			x = c - '0';
			if (x == 0 && (s[1] | 0x20) == 'x' && type == TK_DEC) {
				d = s += 2;
				for (;; s++) {
					x = (unsigned)*s - '0';
					if (x < 10)
						v = v << 4 | x;
					else if ((x = ((unsigned)*s | 0x20) - 'a') < 6)
						v = v << 4 | (x + 10);
					else
						break;
				}
				if (s == d || s - d > 15)
					goto slow;
				type = TK_HEX;
			} else {
				if (x >= 10)
					goto slow;
				do {
					v = v * 10 + x;
					x = (unsigned)*++s - '0';
				} while (x < 10);
				if (s - d > 19)
					goto slow;	/* may not fit: the slow way says */
			}
			c = *s;
		}
		tv[n] = v;
		tt[n] = (tok_type)type;
		n++;
		/* past the separators to the next token or the end of the line */
		if (c == ' ') {
			c = *++s;
			if (c != ' ' && c != '\t' && c != '\n')
				continue;	/* the common case: one space */
		} else if (c != '\t' && c != '\n') {
			goto slow;
		}
		while (c == ' ' || c == '\t')
			c = *++s;
		if (c == '\n')
			break;
	}
	b->ntok = n;
	return (const char *)s;
slow:
	b->ntok = n;
	return NULL;
}

/*
 * SIMD: a cost line read from the classes of its bytes, 32 at a time:
 * where the newline is, which bytes are spaces, digits, or '*', '+', '-'.
 * Tokens start after spaces; their digits are converted 8 at a time
 * (SWAR).  A line the classes do not cover (longer than 31 bytes, a tab,
 * hex, a number of more than 16 digits, anything unusual) goes to
 * tokenize_cost(), which then decides alone.
 */
struct lclass {
	uint32_t nl, sp, dg, op;	/* bit i: byte i is '\n', ' ', a digit, '*' '+' '-' */
};

#if defined(__x86_64__) && !defined(LOAD_NO_SIMD)
#include <immintrin.h>
#define TOK_X86 1

static inline __attribute__((always_inline)) void classes_sse2(const unsigned char *s,
							       struct lclass *m)
{
	__m128i a = _mm_loadu_si128((const __m128i *)s);
	__m128i b = _mm_loadu_si128((const __m128i *)(s + 16));
	__m128i nl = _mm_set1_epi8('\n'), sp = _mm_set1_epi8(' '), zero = _mm_set1_epi8('0');
	__m128i nine = _mm_set1_epi8(9), st = _mm_set1_epi8('*'), pl = _mm_set1_epi8('+');
	__m128i mi = _mm_set1_epi8('-');
	__m128i da = _mm_sub_epi8(a, zero), db = _mm_sub_epi8(b, zero);

#define MASK2(x, y) ((uint32_t)_mm_movemask_epi8(x) | (uint32_t)_mm_movemask_epi8(y) << 16)
	m->nl = MASK2(_mm_cmpeq_epi8(a, nl), _mm_cmpeq_epi8(b, nl));
	m->sp = MASK2(_mm_cmpeq_epi8(a, sp), _mm_cmpeq_epi8(b, sp));
	m->dg = MASK2(_mm_cmpeq_epi8(_mm_min_epu8(da, nine), da),
		      _mm_cmpeq_epi8(_mm_min_epu8(db, nine), db));
	m->op = MASK2(_mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(a, st), _mm_cmpeq_epi8(a, pl)),
				   _mm_cmpeq_epi8(a, mi)),
		      _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(b, st), _mm_cmpeq_epi8(b, pl)),
				   _mm_cmpeq_epi8(b, mi)));
#undef MASK2
}

static inline __attribute__((always_inline, target("avx2"))) void
classes_avx2(const unsigned char *s, struct lclass *m)
{
	__m256i a = _mm256_loadu_si256((const __m256i *)s);
	__m256i d = _mm256_sub_epi8(a, _mm256_set1_epi8('0'));

	m->nl = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, _mm256_set1_epi8('\n')));
	m->sp = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(a, _mm256_set1_epi8(' ')));
	m->dg = (uint32_t)_mm256_movemask_epi8(
		_mm256_cmpeq_epi8(_mm256_min_epu8(d, _mm256_set1_epi8(9)), d));
	m->op = (uint32_t)_mm256_movemask_epi8(_mm256_or_si256(
		_mm256_or_si256(_mm256_cmpeq_epi8(a, _mm256_set1_epi8('*')),
				_mm256_cmpeq_epi8(a, _mm256_set1_epi8('+'))),
		_mm256_cmpeq_epi8(a, _mm256_set1_epi8('-'))));
}

/* The token type a byte starts (TK_DEC for a digit); others never start one here. */
static const unsigned char tok_class[256] = {
	['*'] = TK_STAR, ['+'] = TK_PLUS, ['-'] = TK_MINUS,
};

/* The value of the len decimal digits at s, 1 <= len <= 8, a word at a time (x86 is little-endian). */
static inline uint64_t swar_digits(const unsigned char *s, unsigned len)
{
	uint64_t v;

	memcpy(&v, s, 8);
	/* the digits to the top bytes, zeros (leading zeros) below them; what
	   follows them is shifted out, with any borrow it made */
	v = (v - 0x3030303030303030u) << (64 - 8 * len);
	v = v * 10 + (v >> 8);	/* pairs */
	return (((v & 0x000000FF000000FFu) * (100 + (1000000ull << 32))) +
		(((v >> 16) & 0x000000FF000000FFu) * (1 + (10000ull << 32)))) >> 32;
}

/*
 * Tokens of the cost line at s from the classes of its first 32 bytes;
 * returns its newline, or NULL when tokenize_cost() must read it.
 */
static inline __attribute__((always_inline)) const char *
cost_classes(struct block *b, const unsigned char *s, const struct lclass *m)
{
	uint32_t lm, ns, ts, te;
	uint64_t *tv;
	tok_type *tt;
	unsigned len;

	if (!m->nl)
		return NULL;
	len = (unsigned)__builtin_ctz(m->nl);	/* >= 1: s[0] is a token's first byte */
	lm = (1u << len) - 1;
	ns = (m->dg | m->op) & lm;		/* token bytes */
	ts = ns & ~(ns << 1);			/* first bytes of tokens */
	te = ns & ~(ns >> 1);			/* last bytes of tokens */
	if (((m->sp & lm) | ns) != lm || (m->op & lm & ~ts))
		return NULL;
	if (b->captok - b->ntok < 16) {	/* at most 16 tokens in 31 bytes */
		b->captok = b->captok ? 2 * b->captok : 8192;
		b->tv = xrealloc(b->tv, b->captok * sizeof(*b->tv));
		b->tt = xrealloc(b->tt, b->captok * sizeof(*b->tt));
	}
	tv = b->tv + b->ntok;
	tt = b->tt + b->ntok;
	do {
		unsigned p = (unsigned)__builtin_ctz(ts), e = (unsigned)__builtin_ctz(te), q = p, n;
		unsigned c = s[p];
		uint64_t v = 0;
		unsigned char type = TK_DEC;
		ts &= ts - 1;
		te &= te - 1;
		if (c == '*') {
			if (e != p)
				return NULL;
			type = TK_STAR;
		} else {
			if (c == '+' || c == '-') {
				type = c == '+' ? TK_PLUS : TK_MINUS;
				if (++q > e)
					return NULL;
			}
			n = e - q + 1;
			if (n <= 8)
				v = swar_digits(s + q, n);
			else if (n <= 16)
				v = swar_digits(s + q, n - 8) * 100000000 + swar_digits(s + e - 7, 8);
			else
				return NULL;
		}
		*tv++ = v;
		*tt++ = type;
	} while (ts);
	b->ntok = (size_t)(tv - b->tv);
	return (const char *)s + len;
}
#endif

/*
 * The name line from s to le (before its newline), if it is one that
 * parse_name() takes without a word (struct name_rec): 1 and *nr filled,
 * else 0.
 */
static int name_line(const char *s, const char *le, struct name_rec *nr)
{
	const char *v, *q, *close;
	int key;

	if (le > s && le[-1] == '\r')
		return 0;	/* the applying stage cuts the '\r' */
	if (le - s >= 3 && s[2] == '=') {
		if (s[0] == 'f')
			key = s[1] == 'n' ? NK_FN : s[1] == 'l' ? NK_FL : s[1] == 'i' ? NK_FI :
			      s[1] == 'e' ? NK_FE : -1;
		else
			key = s[0] == 'o' && s[1] == 'b' ? NK_OB : -1;
		v = s + 3;
	} else if (le - s >= 4 && s[3] == '=') {
		if (s[0] == 'c' && s[1] == 'o' && s[2] == 'b')
			key = NK_COB;
		else if (s[0] == 'c' && s[1] == 'f')
			key = s[2] == 'i' ? NK_CFI : s[2] == 'l' ? NK_CFL : s[2] == 'n' ? NK_CFN : -1;
		else if (s[0] == 'j' && s[1] == 'f')
			key = s[2] == 'i' ? NK_JFI : s[2] == 'n' ? NK_JFN : -1;
		else
			key = -1;
		v = s + 4;
	} else {
		return 0;
	}
	if (key < 0)
		return 0;
	while (v < le && (*v == ' ' || *v == '\t'))
		v++;
	nr->key = (unsigned char)key;
	nr->has_id = 0;
	if (le - v > 1 && *v == '(' && (unsigned)(v[1] - '0') < 10) {
		q = v + 1;
		if (load_parse_u64(&q, le, &nr->id) != LOAD_NUM_OK || q == le || *q != ')') {
			close = memchr(v, ')', (size_t)(le - v));
			if (close)
				return 0;	/* a bad id: parse_name() says so */
			q = v;		/* "(" with no ")": a plain name */
		} else {
			nr->has_id = 1;
			q++;
			while (q < le && (*q == ' ' || *q == '\t'))
				q++;
		}
	} else {
		q = v;
	}
	nr->off = (uint32_t)(q - s);
	nr->len = (uint32_t)(le - q);
	return 1;
}

/* What a line other than a tokenized cost line does to a run (see struct run). */
enum { LN_NOOP, LN_JUMP, LN_CALLS, LN_OTHER };

/*
 * The loader reads a blank line, a '#' comment and blanks (one '\r'
 * before the newline left out) without looking at anything; jump= and
 * jcnd= lines are checked for a calls= line waiting, then ignored.
 */
static int line_kind(const char *s, const char *le)
{
	if (le > s && le[-1] == '\r')
		le--;
	if (s == le || *s == '#')
		return LN_NOOP;
	if (*s == ' ' || *s == '\t') {
		while (s < le && (*s == ' ' || *s == '\t'))
			s++;
		return s == le ? LN_NOOP : LN_OTHER;
	}
	if (le - s >= 5 && (!memcmp(s, "jump=", 5) || !memcmp(s, "jcnd=", 5)))
		return LN_JUMP;
	if (le - s >= 6 && !memcmp(s, "calls=", 6))
		return LN_CALLS;
	return LN_OTHER;
}

/* A new run from record rec, tokens from tok. */
static struct run *run_open(struct block *b, size_t rec, size_t tok)
{
	struct run *ru;

	if (b->nrun == b->caprun) {
		b->caprun = b->caprun ? 2 * b->caprun : 256;
		b->run = xrealloc(b->run, b->caprun * sizeof(*b->run));
	}
	if (b->capacc - b->nacc < RUN_COLS) {
		/* room for every column, so the sums never move while the run grows */
		b->capacc = b->capacc ? 2 * b->capacc : 4096;
		b->acc = xrealloc(b->acc, b->capacc * sizeof(*b->acc));
	}
	ru = &b->run[b->nrun++];
	memset(ru, 0, sizeof(*ru));
	ru->rec = rec;
	ru->lasttok = tok;	/* (absolute until the run is closed) */
	ru->acc = b->nacc;
	return ru;
}

/*
 * The run ends: its sums keep ncol slots.  Its tokens are [tok0, tokend):
 * a calls= line right after the run has its tokens after tokend.
 */
static void run_close(struct block *b, struct run *ru, size_t tok0, size_t tokend)
{
	ru->ntok = tokend - tok0;
	ru->lasttok -= tok0;
	b->nacc = ru->acc + ru->ncol;
}

/* One position of a run's line: rp follows a token of type t and value v. */
static inline __attribute__((always_inline)) void run_pos_step(struct run_pos *rp, unsigned t,
							       uint64_t v)
{
	if (t >= TK_PLUS) {	/* relative: TK_PLUS, TK_MINUS, TK_STAR (+0) */
		uint64_t dv = t == TK_PLUS ? v : t == TK_MINUS ? 0 - v : 0;
		if (rp->abs) {
			uint64_t nv = rp->v + dv;
			rp->bad |= (t == TK_PLUS ? nv < rp->v : nv > rp->v) | (nv == UINT64_MAX);
			rp->v = nv;
		} else {
			int64_t d = rp->d + (int64_t)dv;
			rp->bad |= (v >= RUN_DMAX) | (d >= RUN_DMAX) | (d <= -RUN_DMAX);
			rp->d = d;
			rp->min = d < rp->min ? d : rp->min;
			rp->max = d > rp->max ? d : rp->max;
		}
	} else {
		rp->abs = 1;
		rp->v = v;
		rp->bad |= v == UINT64_MAX;
	}
}

/* Add the cost line whose nt tokens start at tok (len bytes before its newline) to the run. */
static inline __attribute__((always_inline)) void run_line(struct block *b, struct run *ru,
							   size_t tok, size_t nt, size_t len)
{
	const uint64_t *tv = b->tv + tok;
	const tok_type *tt = b->tt + tok;
	uint64_t *acc = b->acc + ru->acc, bad = 0;
	unsigned ovf = 0;
	size_t j;

	ru->nrec++;
	ru->nbytes += len + 1;
	ru->lasttok = tok;
	ru->lastnt = (uint32_t)nt;
	if (nt > RUN_COLS) {
		ru->bad = ~(uint64_t)0;
		return;
	}
	for (j = ru->ncol; j < nt; j++)
		acc[j] = 0;
	if (nt > ru->ncol)
		ru->ncol = (uint32_t)nt;
	run_pos_step(&ru->pos[0], tt[0], tv[0]);	/* (a cost line has a token) */
	if (nt > 1)
		run_pos_step(&ru->pos[1], tt[1], tv[1]);
	for (j = 1; j < nt; j++) {
		bad |= (uint64_t)(tt[j] != TK_DEC) << j;
		ovf |= __builtin_add_overflow(acc[j], tv[j], &acc[j]);
	}
	/* as run_lines(): an overflow spoils every count */
	ru->bad |= bad | (ovf ? ~(uint64_t)1 : 0);
}

/* A position column of a run, in locals while run_lines() follows it. */
struct pos_local {
	uint64_t cur;		/* abs: the value; else the move since the run began */
	int64_t min, max;
	unsigned abs, bad;
};

static inline __attribute__((always_inline)) void pos_local_step(struct pos_local *p, unsigned t,
								 uint64_t v)
{
	if (t >= TK_PLUS) {	/* relative: TK_PLUS, TK_MINUS, TK_STAR (+0) */
		uint64_t dv = t == TK_PLUS ? v : t == TK_MINUS ? 0 - v : 0;
		uint64_t nv = p->cur + dv;
		if (p->abs) {
			p->bad |= (t == TK_PLUS ? nv < p->cur : nv > p->cur) | (nv == UINT64_MAX);
		} else {
			int64_t d = (int64_t)nv;
			p->bad |= (v >= RUN_DMAX) | (d >= RUN_DMAX) | (d <= -RUN_DMAX);
			p->min = d < p->min ? d : p->min;
			p->max = d > p->max ? d : p->max;
		}
		p->cur = nv;
	} else {
		p->abs = 1;
		p->cur = v;
		p->bad |= v == UINT64_MAX;
	}
}

static inline void pos_local_get(struct pos_local *p, const struct run_pos *rp)
{
	p->cur = rp->abs ? rp->v : (uint64_t)rp->d;
	p->min = rp->min;
	p->max = rp->max;
	p->abs = rp->abs;
	p->bad = rp->bad;
}

static inline void pos_local_put(const struct pos_local *p, struct run_pos *rp)
{
	if (p->abs)
		rp->v = p->cur;
	else
		rp->d = (int64_t)p->cur;
	rp->min = p->min;
	rp->max = p->max;
	rp->abs = (unsigned char)p->abs;
	rp->bad = (unsigned char)p->bad;
}

/*
 * The common case, in one tight loop: plain cost lines in a row after a
 * line that leaves no calls= waiting, from s on.  Each line is cut into
 * tokens by the byte loop's rules and added to the run (opened here when
 * *rup is NULL); the loop stops before the first line that is not a cost
 * line, or that it does not take (hex, a tab, more than 19 digits, more
 * than RUN_COLS tokens), which the caller then reads as usual.
 * Returns where it stopped, and the run in *rup.
 */
static inline __attribute__((always_inline)) const char *
run_lines(struct block *b, const char *sp, const char *end, struct run **rup, size_t *tok0,
	  void (*classes)(const unsigned char *s, struct lclass *m))
{
	const unsigned char *s = (const unsigned char *)sp;
	struct run *ru = *rup;
	size_t n = b->ntok, nrec = b->nrec, nrec0, ncol, lastnt = 0, lasttok = 0;
	uint64_t *tv, *acc, nondec = 0;
	tok_type *tt;
	unsigned ovf = 0;
	struct pos_local p0, p1;

	if (!ru) {
		ru = run_open(b, nrec, n);
		*tok0 = n;
	}
	nrec0 = nrec;
	acc = b->acc + ru->acc;
	ncol = ru->ncol;
	pos_local_get(&p0, &ru->pos[0]);
	pos_local_get(&p1, &ru->pos[1]);
	while ((const char *)s < end) {
		const unsigned char *ls = s;
		unsigned c = *s, x, j;
		uint64_t nd = 0;
		struct rec *rec;
		if (b->captok - n < RUN_COLS + 1 || nrec == b->caprec) {
			if (b->captok - n < RUN_COLS + 1) {
				b->captok = b->captok ? 2 * b->captok : 8192;
				b->tv = xrealloc(b->tv, b->captok * sizeof(*b->tv));
				b->tt = xrealloc(b->tt, b->captok * sizeof(*b->tt));
			}
			if (nrec == b->caprec) {
				b->caprec = b->caprec ? 2 * b->caprec : 4096;
				b->rec = xrealloc(b->rec, b->caprec * sizeof(*b->rec));
			}
		}
		tv = b->tv + n;
		tt = b->tt + n;
#ifdef TOK_X86
		if (classes) {
			/* the line from the classes of its bytes, no branch per token */
			struct lclass m;
			uint32_t lm, ns, ts, te;
			unsigned len, bad = 0;
			classes(s, &m);
			if (!m.nl)
				goto stop;
			len = (unsigned)__builtin_ctz(m.nl);
			lm = (1u << len) - 1;
			ns = (m.dg | m.op) & lm;	/* token bytes */
			ts = ns & ~(ns << 1);		/* their first bytes */
			te = ns & ~(ns >> 1);		/* their last bytes */
			if (((m.sp & lm) | ns) != lm || (m.op & lm & ~ts))
				goto stop;
			j = 0;
			do {
				unsigned p = (unsigned)__builtin_ctz(ts), e = (unsigned)__builtin_ctz(te);
				unsigned t = tok_class[s[p]], q = p + (t != TK_DEC);
				unsigned k = e + 1 - q;	/* digits: 0 after '*' (and only there) */
				uint64_t v;
				ts &= ts - 1;
				te &= te - 1;
				bad |= ((t == TK_STAR) != (k == 0)) | (k > 16);
				if (k <= 8)
					v = swar_digits(s + q, k ? k : 1) & (0 - (uint64_t)(k != 0));
				else
					v = swar_digits(s + q, (k - 8) & 7 ? (k - 8) & 7 : 8) * 100000000 +
					    swar_digits(s + e - 7, 8);
				tv[j] = v;
				tt[j] = (tok_type)t;
				nd |= (uint64_t)(t != TK_DEC) << j;
				j++;
			} while (ts);
			if (bad)
				goto stop;
			j--;
			s += len;
		} else
#else
		(void)classes;
#endif
		for (j = 0;; j++) {
			uint64_t v = 0;
			unsigned type = TK_DEC;
			if (j == RUN_COLS)
				goto stop;
			if (c == '*') {
				type = TK_STAR;
				nd |= (uint64_t)1 << j;
				c = *++s;
			} else {
				const unsigned char *d;
				if (c == '+' || c == '-') {
					type = c == '+' ? TK_PLUS : TK_MINUS;
					nd |= (uint64_t)1 << j;
					c = *++s;
				}
				d = s;
				x = c - '0';
				if (x >= 10 || (x == 0 && (s[1] | 0x20) == 'x'))
					goto stop;
				do {
					v = v * 10 + x;
					x = (unsigned)*++s - '0';
				} while (x < 10);
				if (s - d > 19)
					goto stop;
				c = *s;
			}
			tv[j] = v;
			tt[j] = (tok_type)type;
			if (c == ' ') {
				do
					c = *++s;
				while (c == ' ');
				if (c != '\n' && c != '\t')
					continue;	/* the next token */
			}
			if (c != '\n')
				goto stop;
			break;
		}
		/* the line is taken: its record, and the run */
		rec = &b->rec[nrec++];
		rec->len = (uint32_t)(s - ls);
		rec->ntok = j + 1;
		lasttok = n;
		lastnt = j + 1;
		for (; ncol <= j; ncol++)
			acc[ncol] = 0;
		pos_local_step(&p0, tt[0], tv[0]);
		if (j >= 1)
			pos_local_step(&p1, tt[1], tv[1]);
		nondec |= nd;
		for (x = 1; x <= j; x++)
			ovf |= __builtin_add_overflow(acc[x], tv[x], &acc[x]);
		n += j + 1;
		c = *++s;
		if (!((unsigned)(c - '0') < 10 || c == '+' || c == '-' || c == '*'))
			break;
		continue;
stop:
		s = ls;
		break;
	}
	if (nrec > nrec0) {
		ru->nrec += nrec - nrec0;
		ru->nbytes += (size_t)(s - (const unsigned char *)sp);
		ru->lasttok = lasttok;
		ru->lastnt = (uint32_t)lastnt;
		ru->ncol = (uint32_t)ncol;
		/* an overflow spoils every count */
		ru->bad |= (nondec | (ovf ? ~(uint64_t)0 : 0)) & ~(uint64_t)1;
		pos_local_put(&p0, &ru->pos[0]);
		pos_local_put(&p1, &ru->pos[1]);
		b->ntok = n;
		b->nrec = nrec;
	} else if (!ru->nrec) {	/* nothing taken: no run */
		b->nrun--;
		b->nacc = ru->acc;
		ru = NULL;
	}
	*rup = ru;
	return (const char *)s;
}

/*
 * Cut a block, reading cost lines with classes() (NULL: byte by byte).
 * Always inlined into one function per SIMD path, with classes() inlined
 * in it: each is compiled for its own instruction set.
 */
static inline __attribute__((always_inline)) void
tokenize_with(struct block *b, void (*classes)(const unsigned char *s, struct lclass *m))
{
	const char *s = b->buf, *end = b->buf + b->len;
	size_t whole = b->last_nonl ? 0 : b->len, tok0 = 0, tokend;
	struct run *ru = NULL;
	int pend = 1;		/* a calls= line may wait for its cost line */

	b->nrec = b->ntok = b->nrun = b->nacc = b->nname = 0;
	b->nul = memchr(b->buf, '\0', b->len);
	if (b->nul) {
		/* the lines before the NUL's are read, then the loader stops */
		const char *last = b->nul > b->buf ?
			memrchr(b->buf, '\n', (size_t)(b->nul - b->buf)) : NULL;
		whole = last ? (size_t)(last + 1 - b->buf) : 0;
	} else if (b->last_nonl) {
		const char *last = memrchr(b->buf, '\n', b->len);
		whole = last ? (size_t)(last + 1 - b->buf) : 0;
	}
	end = b->buf + whole;
	while (s < end) {
		unsigned char c = (unsigned char)*s;
		const char *nl;
		int kind;
		if (!pend && ((unsigned)(c - '0') < 10 || c == '+' || c == '-' || c == '*')) {
			const char *e = run_lines(b, s, end, &ru, &tok0, classes);
			if (e != s) {
				s = e;
				continue;
			}
		}
		rec_room(b);
		if ((unsigned)(c - '0') < 10 || c == '+' || c == '-' || c == '*') {
			size_t tok = b->ntok;
			nl = NULL;
#ifdef TOK_X86
			if (classes) {
				struct lclass m;
				classes((const unsigned char *)s, &m);
				nl = cost_classes(b, (const unsigned char *)s, &m);
			}
#else
			(void)classes;
#endif
			if (!nl)
				nl = tokenize_cost(b, s);
			/* (a line shorter than REC_LONG has fewer tokens than REC_SLOW) */
			if (nl && (size_t)(nl - s) < REC_LONG) {
				block_add_rec(b, s, nl, b->ntok - tok);
				if (!pend) {
					if (!ru) {
						ru = run_open(b, b->nrec - 1, tok);
						tok0 = tok;
					}
					run_line(b, ru, tok, b->ntok - tok, (size_t)(nl - s));
				}
				pend = 0;
				s = nl + 1;
				continue;
			}
			b->ntok = tok;
		}
		nl = memchr(s, '\n', (size_t)(end - s));
		tokend = b->ntok;	/* where an open run's tokens end */
		if (c == 'c' && nl - s > 6 && !memcmp(s, "calls=", 6) && (size_t)(nl - s) < REC_LONG) {
			/* the count and the target, if they are plain tokens */
			const char *v = s + 6;
			size_t tok = b->ntok;
			while (*v == ' ' || *v == '\t')
				v++;
			if ((unsigned)(*v - '0') < 10 && tokenize_cost(b, v) && b->tt[tok] <= TK_HEX) {
				block_add_rec(b, s, nl, REC_CALLS + (b->ntok - tok));
			} else {
				b->ntok = tok;
				block_add_rec(b, s, nl, REC_SLOW);
			}
		} else if ((size_t)(nl - s) < REC_LONG && (c == 'f' || c == 'c' || c == 'o' || c == 'j')) {
			if (b->nname == b->capname) {
				b->capname = b->capname ? 2 * b->capname : 1024;
				b->name = xrealloc(b->name, b->capname * sizeof(*b->name));
			}
			if (name_line(s, nl, &b->name[b->nname])) {
				b->nname++;
				block_add_rec(b, s, nl, REC_NAME);
			} else {
				block_add_rec(b, s, nl, REC_SLOW);
			}
		} else {
			block_add_rec(b, s, nl, REC_SLOW);
		}
		kind = line_kind(s, nl);
		if (ru && (size_t)(nl - s) < REC_LONG && (kind == LN_NOOP || kind == LN_JUMP)) {
			ru->nrec++;
			ru->nbytes += (size_t)(nl - s) + 1;
		} else if (ru) {
			run_close(b, ru, tok0, tokend);
			ru = NULL;
		}
		if (kind == LN_CALLS)
			pend = 1;
		else if (kind != LN_NOOP)
			pend = 0;
		s = nl + 1;
	}
	if (ru)
		run_close(b, ru, tok0, b->ntok);
	if (b->last_nonl && !b->nul) {
		rec_room(b);
		block_add_rec(b, s, b->buf + b->len, REC_SLOW);
	}
}

#ifdef TOK_X86
static void tokenize_sse2(struct block *b)
{
	tokenize_with(b, classes_sse2);
}

static __attribute__((target("avx2"))) void tokenize_avx2(struct block *b)
{
	tokenize_with(b, classes_avx2);
}
#endif

static void tokenize_c(struct block *b)
{
	tokenize_with(b, NULL);
}

int tokenize_simd_ok(enum tok_simd v)
{
#ifdef TOK_X86
	if (v == TOK_AVX2)
		return __builtin_cpu_supports("avx2") != 0;
	return 1;
#else
	return v == TOK_C;
#endif
}

enum tok_simd tokenize_simd(void)
{
#if defined(LOAD_SIMD)
	return LOAD_SIMD;
#else
	/*
	 * Measured on callgrind profiles (BENCHMARKS.md), the byte loop wins:
	 * lines of a dozen bytes and numbers of one to five digits leave the
	 * SIMD paths nothing to gain (1.46 ns a byte against 2.2 for SSE2
	 * and AVX2 on the 20 MB profile).  They stay, tested against it, for
	 * processors and profiles where that changes.
	 */
	return TOK_C;
#endif
}

void tokenize_as(struct block *b, enum tok_simd v)
{
#ifdef TOK_X86
	if (v == TOK_AVX2) {
		tokenize_avx2(b);
		return;
	}
	if (v == TOK_SSE2) {
		tokenize_sse2(b);
		return;
	}
#endif
	tokenize_c(b);
}

void tokenize(struct block *b)
{
	tokenize_as(b, tokenize_simd());
}

void block_release(struct block *b)
{
	free(b->buf);
	free(b->rec);
	free(b->tv);
	free(b->tt);
	free(b->run);
	free(b->acc);
	free(b->name);
}
