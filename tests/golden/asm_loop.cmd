# --annotate=asm on a committed binary: testdata/asm/loop, built and profiled
# as loop.c says, the profile trimmed to the binary's functions by
# trim-profile.py (its object renamed ./loop).  By hand from callgrind.out.loop:
#   hash's loop body (0x1200 to 0x1212) runs 10 * 20,000 - (0+1+...+9) =
#   199,955 times; its back edge (jne at 0x1212, two jcnd= lines: 10/10 and
#   199,935/199,945) is taken 199,945 = 199,955 - 10 times of 199,955, and
#   arrives 199,945 times at 0x1200.
#   hash shown: 5 * 10 (entry) + 6 * 199,955 (loop) + 10 (ret) = 1,199,790 =
#   599,925 (loop.c:hash) + 599,865 (mix.h:hash, the inlined mix()): one block
#   for both rows.  main's fill loop: 8 instructions * 20,000, back edge
#   19,999 of 20,000; call hash 10x with 1,199,790 (120,006 + 1,079,784).
cd asm && touch -d '2026-01-01 00:00:00' loop loop.c mix.h && touch -d '2026-01-02 00:00:00' callgrind.out.loop lost.cg &&
annogrind --annotate=asm --auto=no --top=3 callgrind.out.loop
