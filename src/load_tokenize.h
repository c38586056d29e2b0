/* load_tokenize: the loader's second stage; a block of whole lines cut into line records, cost lines into number tokens. */
#ifndef ANNOGRIND_LOAD_TOKENIZE_H
#define ANNOGRIND_LOAD_TOKENIZE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * A block holds whole lines of the input, as the reading stage
 * (load_read.h) filled it: each line ends in '\n' but the last line of
 * the input, which may not (last_nonl).  tokenize() cuts it into records,
 * one a line, and the lines that look like plain cost lines into tokens:
 * "*", "+N", "-N", decimal N (at most 19 digits) or 0xN (at most 15).
 * Anything unusual makes the line a REC_SLOW record, which the applying
 * stage (load_apply.h) reads from its bytes: only that way words the
 * diagnostics.  Tokenizing a line depends on no line before it, so a
 * block may be cut anywhere between lines and tokenized in any thread.
 *
 * A block owns its arrays (buf, rec, tv, tt); block_release() frees them.
 */
enum { TK_DEC, TK_HEX, TK_PLUS, TK_MINUS, TK_STAR };

#define REC_SLOW UINT32_MAX
#define REC_LONG UINT32_MAX

/*
 * A line of a block.  Lines follow each other in the block, and so do the
 * tokens of cost lines, so a record holds only lengths: 8 bytes a line.
 */
struct rec {
	uint32_t len;		/* bytes before its '\n'; REC_LONG: 2^32-1 or more */
	uint32_t ntok;		/* its tokens; REC_SLOW: not a plain cost line */
};

struct block {
	char *buf;
	size_t cap, len;
	int last_nonl;		/* the last line has no newline (end of input) */
	const char *nul;	/* the first NUL byte, or NULL */
	struct rec *rec;
	size_t nrec, caprec;
	uint64_t *tv;		/* token values */
	unsigned char *tt;	/* token types */
	size_t ntok, captok;
};

/*
 * Cut a filled block (buf, len, last_nonl) into records and tokens.  The
 * lines before a NUL byte are cut, and nul points at it; a last line
 * without newline is a REC_SLOW record.
 */
void tokenize(struct block *b);
void block_release(struct block *b);

/* The end of the line of r, which starts at s (before its '\n', if any). */
static inline const char *rec_end(const struct block *b, const struct rec *r, const char *s)
{
	const char *nl;

	if (r->len != REC_LONG)
		return s + r->len;
	nl = memchr(s, '\n', (size_t)(b->buf + b->len - s));
	return nl ? nl : b->buf + b->len;
}

#endif
