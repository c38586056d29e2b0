# The last line of nonl.c has no newline: annogrind ends it before the marker
# and the total (callgrind_annotate prints "-- line 3 ---" on the same line).
# Range for line 3 with context 0: 3..3; events annotated 5 of 5 = 100%.
cd source && touch -d '2026-01-01 00:00:00' nonl.c && touch -d '2026-01-02 00:00:00' nonl.cg &&
annogrind --context=0 nonl.cg
