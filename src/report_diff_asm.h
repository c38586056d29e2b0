/* report_diff_asm: the machine code of the functions a comparison lists, each instruction's old and new cost. */
#ifndef ANNOGRIND_REPORT_DIFF_ASM_H
#define ANNOGRIND_REPORT_DIFF_ASM_H

#include "diff.h"
#include "report.h"

/*
 * --diff --annotate=asm, after the annotated sources: for each function
 * the table lists, its machine code on both sides (of each side, the unit
 * of its fn= function with the largest cost, icode.h; both profiles need
 * Callgrind's --dump-instr=yes), as objdump shows each side's object.
 * The two listings are paired by address when both sides name one object
 * (the same build run on other input), else by the longest common
 * sequence of their instructions' texts with addresses and offsets left
 * out (two builds); an instruction only one side has is marked '-' (old)
 * or '+' (new).  Each shown instruction has per shown event its old cost,
 * its new cost and the change ("." where a side has no instruction), the
 * source line where it changes above it, and --context instructions
 * around those with a cost; then the total of what was shown.
 */
void report_diff_asm(struct report *r, const struct diff *d);
/*
 * The listing of one function f of d as report_diff_asm() prints it, with
 * its title (the rules and "-- Machine code (change): file:function")
 * when titled.  Returns whether both sides have its machine code.
 */
int report_diff_asm_function(const struct report *r, const struct diff *d, const struct diff_fn *f,
			     int titled);

struct outbuf;
/*
 * The same functions as a JSON array (the "machine_code" of the --diff
 * JSON): per function its file and name, each side's object, symbol (its
 * start and end address) and why objdump showed no text (null: no machine
 * code of it on that side), how the rows were paired ("address", "text",
 * "none"; null unless both sides have code), and the rows with a cost on
 * either side, in the text report's order: old and new address (null: no
 * such instruction on that side), text, source file and line, old, new and
 * change (new - old) per event of NEW.
 */
void report_diff_asm_json(struct report *r, const struct diff *d, struct outbuf *out);

#endif
