# The object is newer than the profile: a warning line, then the listing.
cd asm && touch -d '2026-01-01 00:00:00' loop loop.c mix.h && touch -d '2026-01-02 00:00:00' callgrind.out.loop lost.cg && touch -d '2026-01-03 00:00:00' loop &&
annogrind --annotate=asm --auto=no --top=1 --show-percs=no callgrind.out.loop
