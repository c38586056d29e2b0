# A profile with addresses but without jumps (no --collect-jumps=yes): said
# once before the listings.
cd asm && touch -d '2026-01-01 00:00:00' loop loop.c mix.h && touch -d '2026-01-02 00:00:00' callgrind.out.loop lost.cg &&
grep -v -e '^jcnd=' -e '^jump=' -e '^jfi=' -e '^jfn=' callgrind.out.loop | annogrind --annotate=asm --auto=no --top=1 --show-percs=no -
