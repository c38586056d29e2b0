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
 * one a line: plain cost lines into tokens ("*", "+N", "-N", decimal N of
 * at most 19 digits or 0xN of at most 15), name lines and calls= lines
 * taken apart (struct name_rec, REC_CALLS), cost lines in a row summed
 * into runs (struct run).  Anything unusual makes the line a REC_SLOW
 * record, which the applying stage (load_apply.h) reads from its bytes:
 * only that way words the diagnostics.  Nothing in a block depends on a
 * line of another block, so a block may be cut anywhere between lines and
 * tokenized in any thread.
 *
 * A block owns its arrays (buf, rec, tv, tt, run, acc, name);
 * block_release() frees them.
 */
enum { TK_DEC, TK_HEX, TK_PLUS, TK_MINUS, TK_STAR };
/* not a char type: stores of token types must not be taken to alias everything */
typedef uint16_t tok_type;

#define REC_SLOW UINT32_MAX
#define REC_NAME (UINT32_MAX - 1)
#define REC_CALLS 0x80000000u	/* + its tokens: a calls= line */
#define REC_LONG UINT32_MAX

/*
 * A line of a block.  Lines follow each other in the block, and so do the
 * tokens of cost lines, so a record holds only lengths: 8 bytes a line.
 */
struct rec {
	uint32_t len;		/* bytes before its '\n'; REC_LONG: 2^32-1 or more */
	uint32_t ntok;		/* a cost line's tokens (below REC_CALLS);
				 * REC_CALLS + N: a calls= line of N tokens (the
				 * count, then the target's positions);
				 * REC_NAME: a name line (struct name_rec);
				 * REC_SLOW: anything else */
};

/*
 * A name line, cut as the applying stage's parse_name() would: the key
 * (fn=, fl=, fi=, fe=, ob=, cob=, cfi=, cfl=, cfn=, jfi=, jfn=), the
 * compressed id if one came, and the name after it.  A line parse_name()
 * would find wrong (a bad or too large id), or that ends in '\r', stays a
 * REC_SLOW line, to be worded there.
 */
enum { NK_FN, NK_FL, NK_FI, NK_FE, NK_OB, NK_COB, NK_CFI, NK_CFL, NK_CFN, NK_JFI, NK_JFN };

struct name_rec {
	uint64_t id;		/* when has_id */
	uint32_t off, len;	/* the name: bytes [off, off + len) of the line; len 0
				 * with an id: a reference to it */
	unsigned char key;	/* NK_* */
	unsigned char has_id;
};

/*
 * A run: tokenized cost lines in a row, summed by the tokenizer so that
 * the applying stage can add them in one go when only a function's self
 * cost takes them.  Lines that change nothing between them (blank lines,
 * '#' comments, blanks, jump= and jcnd=) belong to the run too.
 *
 * The tokenizer knows neither how many leading tokens of a line are
 * positions nor how many events there are: it follows each of the first
 * RUN_POS columns as a position and sums every column but the first as a
 * count; the applying stage takes what its 'positions:' line says (a
 * profile with more than RUN_POS position kinds takes its runs line by
 * line).  A position is followed relative to the value before the run
 * until an absolute one comes.  A run never starts at a block's first
 * line nor where a calls= line may be waiting for its cost line (the
 * tokenizer cannot tell a call's cost line from a self cost there), and
 * a line with more than RUN_COLS tokens spoils its run.  Runs may end
 * anywhere: the applying stage takes lines that are in no run one by one.
 */
#define RUN_POS 2
#define RUN_COLS 64
#define RUN_DMAX ((int64_t)1 << 62)	/* relative moves this far spoil the column */

struct run_pos {
	uint64_t v;		/* abs: the last value */
	int64_t d, min, max;	/* not abs: the last value and the extremes
				 * of the run (0 included), less the value
				 * before the run */
	unsigned char abs;	/* an absolute value came */
	unsigned char bad;	/* as a position, only line by line: it went
				 * past 2^64-1 or below 0, reached 2^64-1,
				 * or moved RUN_DMAX */
};

struct run {
	size_t rec, nrec;	/* its records, [rec, rec + nrec) */
	size_t ntok, nbytes;	/* its tokens, its bytes (newlines included) */
	size_t lasttok;		/* tokens before its last cost line's */
	uint32_t lastnt;	/* tokens of its last cost line */
	uint32_t ncol;		/* most tokens on one of its lines */
	uint64_t bad;		/* bit j: column j as a count only line by line
				 * (a token not decimal, or the sum passed 2^64-1);
				 * all bits: a line had more than RUN_COLS tokens */
	struct run_pos pos[RUN_POS];
	size_t acc;		/* block.acc[acc + j]: the sum of column j, 0 < j < ncol */
};

/*
 * No line of a profile may pass LOAD_MAX_LINE bytes: one line is held
 * whole while it is read (a gzip file of 2 MB held a 2 GB line).  For
 * such a line the reading stage gives an empty block with toolong set,
 * and reads no more.
 */
#define LOAD_MAX_LINE ((size_t)4 << 20)

/* Zero bytes after a block's len, so that tokenize() may read words past a line's end. */
#define BLOCK_PAD 64

struct block {
	char *buf;		/* cap + BLOCK_PAD bytes */
	size_t cap, len;
	int last_nonl;		/* the last line has no newline (end of input) */
	int toolong;		/* empty: the next line passes LOAD_MAX_LINE (the end) */
	const char *nul;	/* the first NUL byte, or NULL */
	struct rec *rec;
	size_t nrec, caprec;
	uint64_t *tv;		/* token values */
	tok_type *tt;		/* token types */
	size_t ntok, captok;
	struct run *run;	/* in record order */
	size_t nrun, caprun;
	uint64_t *acc;		/* the runs' sums */
	size_t nacc, capacc;
	struct name_rec *name;	/* one for each REC_NAME record, in order */
	size_t nname, capname;
#ifdef LOAD_TIMING
	uint64_t t_fill, t_tok;	/* thread CPU ns reading and tokenizing it (bench/simjobs.c) */
#endif
};

/*
 * Cut a filled block (buf, len, last_nonl) into records and tokens.  The
 * lines before a NUL byte are cut, and nul points at it; a last line
 * without newline is a REC_SLOW record.
 */
void tokenize(struct block *b);
void block_release(struct block *b);

/*
 * How tokenize() reads cost lines: byte by byte (plain C, everywhere), or
 * from the classes of 32 bytes at a time, with SSE2 (every x86-64) or
 * AVX2 (when the processor has it, found at run time).  All three give
 * the same records, tokens and runs; the SIMD paths leave the lines they
 * cannot take to the byte loop.  tokenize() runs the best one the
 * processor has (a build with -DLOAD_SIMD=N always runs N);
 * tokenize_as() runs the one given (the tests compare them), which
 * tokenize_simd_ok() must say this processor runs.
 */
enum tok_simd { TOK_C, TOK_SSE2, TOK_AVX2 };

enum tok_simd tokenize_simd(void);
int tokenize_simd_ok(enum tok_simd v);
void tokenize_as(struct block *b, enum tok_simd v);

/* The end of the line of r, which starts at s (before its '\n', if any). */
static inline const char *rec_end(const struct block *b, const struct rec *r, const char *s)
{
	const char *nl;

	if (r->len != REC_LONG)
		return s + r->len;
	nl = memchr(s, '\n', (size_t)(b->buf + b->len - s));
	return nl ? nl : b->buf + b->len;
}

/*
 * The number parser of the tokenizer, the applying stage and the unit
 * tests: a decimal or 0x-hex unsigned number at *s (stopping at end);
 * returns 0 and advances *s, or LOAD_NUM_NONE when there is no digit and
 * LOAD_NUM_OVERFLOW when the value does not fit in 64 bits.
 */
enum {
	LOAD_NUM_OK = 0,
	LOAD_NUM_NONE = -1,
	LOAD_NUM_OVERFLOW = -2,
};
int load_parse_u64(const char **s, const char *end, uint64_t *out);

#endif
