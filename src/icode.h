/* icode: the model's machine code: per-instruction costs, jumps and calls (--annotate=asm). */
#ifndef ANNOGRIND_ICODE_H
#define ANNOGRIND_ICODE_H

#include <stddef.h>
#include <stdint.h>

#include "profile.h"

/*
 * Kept only when profile.keep_instr is set before loading (run.c sets it
 * for --annotate=asm), from profiles whose positions include "instr"
 * (Callgrind's --dump-instr=yes); the default report never pays for it.
 *
 * The unit is the machine code of one function in one object: the function
 * of an fn= line, whatever fi=/fe= lines say while its cost lines are read
 * (inlined code is part of the same machine code, but its cost goes to the
 * "file:function" row of the inlined file: those rows are the unit's
 * pieces).  Addresses are as Callgrind writes them: for executables and
 * shared objects alike, the address in the object file (its link-time
 * address, which objdump shows), not where the object was loaded.
 *
 * Everything is allocated from the profile's arena but the address tables,
 * which profile_release() frees (through icode_release_all(), which the
 * first icode_get() leaves in profile.release_icode).  Renderers
 * read it through const pointers.
 */

/* A jump from an instruction (jump= or jcnd= line), summed over the profile. */
struct ijump {
	uint64_t to;		/* target address */
	const char *to_fn;	/* jfn= name when the target is in another function, else NULL */
	uint64_t taken;		/* times the jump was made */
	uint64_t executed;	/* times the instruction ran (jcnd=); equal to taken for jump= */
	unsigned cond:1;	/* jcnd= */
	struct ijump *next;	/* the instruction's jumps, in the profile's order */
};

/* The calls made from one instruction to one function. */
struct icall {
	struct fn *callee;
	uint64_t count;
	struct cc *cc;		/* inclusive cost of these calls */
	struct icall *next;	/* the instruction's calls, in the profile's order */
};

/* One instruction address of a unit. */
struct instr {
	uint64_t addr;
	struct cc *cc;		/* self cost at this address (all zero, ndef 0: none given) */
	struct file *file;	/* source file of its last cost line */
	uint64_t line;		/* source line of its last cost line (0: unknown) */
	struct ijump *jumps;
	struct icall *calls;
};

struct icode {
	struct fn *fn;		/* the function of the fn= line */
	const char *obj;	/* interned; "" when no ob= was given */
	uint32_t id;		/* index in profile.icodes */
	/* open-addressing table of instructions: keys addr+1 (0 = empty) */
	uint64_t *akeys;
	struct instr **avals;
	size_t acap, ninstr;
	/* rows other than fn that cost lines of this code went to (fi=, fe=) */
	struct fn **pieces;
	size_t npieces, cappieces;
	uint64_t njumps;	/* jump records */
};

/* The unit of fn in obj, created empty when missing (not after profile_seal()). */
struct icode *icode_get(struct profile *p, struct fn *fn, const char *obj);
/* The instruction at addr, created with an empty cost when missing. */
struct instr *icode_instr(struct profile *p, struct icode *c, uint64_t addr);
/* Note that piece (a "file:function" row) has cost lines of c's code. */
void icode_piece(struct icode *c, struct fn *piece);
/* The jump record of in to `to`, created with zero counts when missing. */
struct ijump *instr_jump(struct profile *p, struct instr *in, uint64_t to, const char *to_fn,
			 int cond);
/* The call record of in to callee, created with zero counts when missing. */
struct icall *instr_call(struct profile *p, struct instr *in, struct fn *callee);

/* The instructions of c by increasing address: a malloc'ed array of n (the caller frees it). */
const struct instr **icode_sorted(const struct icode *c, size_t *n);

/* Free what the arena does not hold (called by profile_release). */
void icode_release_all(struct profile *p);

#endif
