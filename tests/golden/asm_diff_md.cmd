# --diff --annotate=asm --format=markdown on asm/diff's sum.c (committed
# binaries, objdump): after the source lines, "### Machine code" with one
# collapsed block per top function that has machine code in both profiles,
# its listing as the text report prints it (asm_diff) without the title.
# Two builds (-O1 and -O2, paired by instruction text), the two functions
# that changed most, --context=0; then profiles without instructions (no
# --dump-instr=yes): a sentence instead of the blocks.
cd asm/diff && touch -d '2026-01-01 00:00:00' sum-O1 sum-O2 sum.c && touch -d '2026-01-02 00:00:00' cg.O1 cg.O2 cg.big &&
annogrind --diff --annotate=asm --format=markdown --top=2 --context=0 cg.O1 cg.O2 | sed -n '/^### Source lines/,$p'
cd ../.. && annogrind --diff --annotate=asm --format=markdown --auto=no regress/calc_old.cg regress/calc_new.cg | sed -n '/^### Machine code/,$p'
