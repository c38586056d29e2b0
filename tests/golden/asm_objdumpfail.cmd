# objdump runs but fails (OBJDUMP=false exits 1 without a word).
cd asm && touch -d '2026-01-01 00:00:00' loop loop.c mix.h && touch -d '2026-01-02 00:00:00' callgrind.out.loop lost.cg &&
OBJDUMP=false annogrind --annotate=asm --auto=no --top=1 --show-percs=no callgrind.out.loop
