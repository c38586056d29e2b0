# --disasm=no: costs by address without running objdump, and without a complaint.
cd asm && touch -d '2026-01-01 00:00:00' loop loop.c mix.h && touch -d '2026-01-02 00:00:00' callgrind.out.loop lost.cg &&
annogrind --annotate=asm --disasm=no --auto=no --top=1 --show-percs=no callgrind.out.loop
