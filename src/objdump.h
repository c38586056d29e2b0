/* objdump: an object file's function symbols and machine code, from objdump(1) run with an argv. */
#ifndef ANNOGRIND_OBJDUMP_H
#define ANNOGRIND_OBJDUMP_H

#include <stddef.h>
#include <stdint.h>

/*
 * objdump (GNU binutils) is run directly, never through a shell: the object's
 * name goes to it as one argument after "--" (a name starting with '@' as
 * "./@...", which objdump would read as a response file), so no name from
 * a profile is ever interpreted.  The program is $OBJDUMP when set (and not empty), else
 * "objdump" looked up in PATH, as KCachegrind does.  It runs with LC_ALL=C.
 *
 * Every array returned is malloc'ed and owned by the caller (objdump_*_free).
 * Messages (err, errlen) are one line without a newline, e.g.
 *   cannot run 'objdump': No such file or directory
 *   'objdump' failed (exit status 1): objdump: 'x': No such file
 */

/* A function symbol: its code is [addr, addr + size). */
struct objsym {
	uint64_t addr, size;
	char *name;
};

/* One instruction as objdump -d prints it. */
struct objinsn {
	uint64_t addr;
	char *text;		/* mnemonic and operands, tabs made spaces, no newline */
};

/* The program run: $OBJDUMP or "objdump". */
const char *objdump_program(void);

/*
 * Run argv (argv[0] looked up in PATH), its standard output collected into
 * *out (malloc'ed, NUL-terminated, *len bytes).  Returns 0 when it exited
 * with status 0; else -1 with a message in err (*out is then NULL).
 */
int objdump_run(const char *const *argv, char **out, size_t *len, char *err, size_t errlen);

/*
 * The function symbols (with a size) of the object at path, sorted by
 * address: its own symbol table (objdump -t), else that of its separate
 * debug file (/usr/lib/debug/.build-id/NN/REST.debug, found by the object's
 * GNU build id), else its dynamic symbols (objdump -T).  Returns 0 (maybe
 * with no symbol), or -1 with a message in err when objdump cannot be run.
 */
int objdump_symbols(const char *path, struct objsym **v, size_t *n, char *err, size_t errlen);
void objdump_syms_free(struct objsym *v, size_t n);

/* Frees what objdump_disasm_ranges() returns. */
void objdump_insns_free(struct objinsn *v, size_t n);

/*
 * A range to disassemble: objdump runs over [start, stop), and of what it
 * shows the instructions that start in [start, keep) are kept.
 */
struct objrange {
	uint64_t start, stop, keep;
};

/*
 * The instructions of path in the ranges (sorted by start; they may
 * overlap), as objdump -d -C -w --no-show-raw-insn prints them and in
 * its order, with objdump run at most
 * OBJDUMP_MAX_RUNS times: one run for ranges closer than OBJDUMP_RUN_GAP
 * bytes, the widest gaps above it splitting runs while runs are left.
 * Starting objdump once per range took a quarter of a second each on a
 * large object, for a profile that names many addresses.  What objdump
 * prints is parsed as it comes, so only the instructions kept are held.
 * Returns 0, or -1 with a message in err.
 */
#define OBJDUMP_MAX_RUNS 4
#define OBJDUMP_RUN_GAP (1u << 20)
int objdump_disasm_ranges(const char *path, const struct objrange *rg, size_t n,
			  struct objinsn **v, size_t *nv, char *err, size_t errlen);

/* The parsers, exposed for the unit tests: they append to *v (n entries, returned). */
size_t objdump_parse_syms(const char *buf, size_t len, struct objsym **v, size_t n);
size_t objdump_parse_insns(const char *buf, size_t len, struct objinsn **v, size_t n);

/*
 * The GNU build id of an ELF file as lower-case hex in hex (at least 2 *
 * 64 + 1 bytes); 0, or -1 when path is no ELF file or has none.
 */
int objdump_build_id(const char *path, char *hex, size_t hexlen);

#endif
