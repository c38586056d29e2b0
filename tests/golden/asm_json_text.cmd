# --disasm=yes adds each instruction's text from objdump.
cd asm && touch -d '2026-01-01 00:00:00' loop loop.c mix.h && touch -d '2026-01-02 00:00:00' callgrind.out.loop lost.cg &&
annogrind --format=json --annotate=asm --disasm=yes --top=1 callgrind.out.loop
