# lost.cg (hand-made): costs at 0x11f0 and 0x1200 (instructions of hash),
# 0x1201 (inside the instruction at 0x1200) and 0x5000 (in no symbol).  The
# two last are listed after the listing as addresses where no instruction
# starts; 0x5000 is disassembled on its own (outside any symbol).
cd asm && touch -d '2026-01-01 00:00:00' loop loop.c mix.h && touch -d '2026-01-02 00:00:00' callgrind.out.loop lost.cg &&
annogrind --annotate=asm --auto=no --show-percs=no lost.cg
