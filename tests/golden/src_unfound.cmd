# --threshold=100 prints every function, also libc's (below main) and
# __libc_start_main, whose files (./csu/...) are not here: they are listed, sorted
# by name, after the files that were annotated; "???" is never looked for.
cd source && touch -d '2026-01-01 00:00:00' shapes.c sq.h && touch -d '2026-01-02 00:00:00' callgrind.out.shapes &&
annogrind --threshold=100 --context=1 callgrind.out.shapes
