# --format=json --annotate=asm: "machine_code" with every instruction of the
# units of the functions listed (no text without --disasm=yes).
cd asm && touch -d '2026-01-01 00:00:00' loop loop.c mix.h && touch -d '2026-01-02 00:00:00' callgrind.out.loop lost.cg &&
annogrind --format=json --annotate=asm --top=3 callgrind.out.loop
