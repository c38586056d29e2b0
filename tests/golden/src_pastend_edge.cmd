# sq.h has 5 lines; costs on line 4 (90) and 6 (3), --context=0: the range 4..4 is
# printed between "-- line 4" markers; 6..6 starts right after the last line, so it
# gets no marker and line 6 is a bogus line.  Total (calculated) 90 + 3 = 93;
# 3 / 93 = 3.23%, 90 / 93 = 96.77%.
cd source && touch -d '2026-01-01 00:00:00' sq.h && touch -d '2026-01-02 00:00:00' edge.cg &&
annogrind --context=0 edge.cg
