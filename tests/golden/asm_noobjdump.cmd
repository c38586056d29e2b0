# objdump cannot be run (OBJDUMP names no program): one line per block says
# so and how to get it; the costs are listed by address.
cd asm && touch -d '2026-01-01 00:00:00' loop loop.c mix.h && touch -d '2026-01-02 00:00:00' callgrind.out.loop lost.cg &&
OBJDUMP=./no-such-objdump annogrind --annotate=asm --auto=no --top=1 --show-percs=no callgrind.out.loop
