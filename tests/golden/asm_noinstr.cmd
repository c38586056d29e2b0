# A profile without instruction addresses (positions: line): said once, with
# the Callgrind option that records them; the rest of the report stays.
cd source && touch -d '2026-01-01 00:00:00' shapes.c sq.h && touch -d '2026-01-02 00:00:00' callgrind.out.shapes &&
annogrind --annotate=asm --auto=no callgrind.out.shapes
