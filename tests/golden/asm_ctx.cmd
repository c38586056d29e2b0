# --context=1: the instructions with a cost and one around them; "-- 0xADDR"
# marks where instructions were left out (before 0x10a4..0x10bb, main's
# random() loop, never run: 0x10a2 and 0x10bd are shown as context... no,
# they have a cost; 0x10a4 and 0x10bb are the context around the gap).
cd asm && touch -d '2026-01-01 00:00:00' loop loop.c mix.h && touch -d '2026-01-02 00:00:00' callgrind.out.loop lost.cg &&
annogrind --annotate=asm --auto=no --top=3 --context=1 --show-percs=no callgrind.out.loop
