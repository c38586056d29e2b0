/* load_tokenize: the loader's second stage; a block of whole lines cut into line records, cost lines into number tokens. */
#include "load_tokenize.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"

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
 * Tokens of the cost line at s (which ends in '\n'); returns the end of
 * the tokens (the newline) or NULL when the line must go the slow way.
 */
static const char *tokenize_cost(struct block *b, const char *sp)
{
	const unsigned char *s = (const unsigned char *)sp;
	/* in locals: stores through tv could otherwise alias b's counters */
	size_t n = b->ntok, cap = b->captok;
	uint64_t *tv = b->tv;
	unsigned char *tt = b->tt;
	unsigned c = *s, x;	/* the first byte of a token (tokenize() saw one) */

	for (;;) {
		uint64_t v = 0;
		unsigned char type = TK_DEC;
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
			if (c == '0' && (s[1] | 0x20) == 'x' && type == TK_DEC) {
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
				x = c - '0';
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
		if (c != ' ' && c != '\t' && c != '\n')
			goto slow;
		if (n == cap) {
			b->captok = cap = cap ? 2 * cap : 8192;
			b->tv = tv = xrealloc(tv, cap * sizeof(*tv));
			b->tt = tt = xrealloc(tt, cap);
		}
		tv[n] = v;
		tt[n] = type;
		n++;
		/* past the separators to the next token or the end of the line */
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

void tokenize(struct block *b)
{
	const char *s = b->buf, *end = b->buf + b->len;
	size_t whole = b->last_nonl ? 0 : b->len;

	b->nrec = b->ntok = 0;
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
		rec_room(b);
		if ((unsigned)(c - '0') < 10 || c == '+' || c == '-' || c == '*') {
			size_t tok0 = b->ntok;
			nl = tokenize_cost(b, s);
			/* (a line shorter than REC_LONG has fewer tokens than REC_SLOW) */
			if (nl && (size_t)(nl - s) < REC_LONG) {
				block_add_rec(b, s, nl, b->ntok - tok0);
				s = nl + 1;
				continue;
			}
			b->ntok = tok0;
		}
		nl = memchr(s, '\n', (size_t)(end - s));
		block_add_rec(b, s, nl, REC_SLOW);
		s = nl + 1;
	}
	if (b->last_nonl && !b->nul) {
		rec_room(b);
		block_add_rec(b, s, b->buf + b->len, REC_SLOW);
	}
}

void block_release(struct block *b)
{
	free(b->buf);
	free(b->rec);
	free(b->tv);
	free(b->tt);
}
