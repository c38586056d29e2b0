# The object named by the profile is missing: one line says so, and the
# costs are listed by address, with their source lines and jumps.
cd asm && touch -d '2026-01-01 00:00:00' loop loop.c mix.h && touch -d '2026-01-02 00:00:00' callgrind.out.loop lost.cg &&
sed 's|^ob=(5) ./loop|ob=(5) ./gone|' callgrind.out.loop | annogrind --annotate=asm --auto=no --top=1 --show-percs=no -
