# --diff --annotate=asm on asm/diff's sum.c (committed binaries, objdump).
# --top=1: the function that changed most.  One build at two sizes (cg.O2,
# cg.big: one object, paired by address): main's vectorised loop of 52
# instructions ran 750 -> 2,250 times (4 values a turn), each +1,500: 33,780
# -> 101,280 (+67,500, its self change).  Two builds (-O1 and
# -O2: two objects, paired by their texts without addresses): the -O1 loop
# of 15 instructions and the -O2 loop of 9, 3,000 times each, 45,008 ->
# 27,008 (-18,000); instructions only one build has are marked - and +.
# The two cmd: lines name two programs (./sum-O1, ./sum-O2), but their
# functions pair by name: two builds of one program, no warning.
cd asm/diff && touch -d '2026-01-01 00:00:00' sum-O1 sum-O2 sum.c && touch -d '2026-01-02 00:00:00' cg.O1 cg.O2 cg.big &&
annogrind --diff --annotate=asm --auto=no --top=1 --context=1 --show-percs=no cg.O2 cg.big | sed -n '/-- Machine code/,$p'
annogrind --diff --annotate=asm --auto=no --top=1 --context=0 --show-percs=no cg.O1 cg.O2 | sed -n '/-- Machine code/,$p'
# The JSON and Markdown comparisons: asm_diff_json, asm_diff_md.
