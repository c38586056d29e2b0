# cg_diff's output (b.cgout - a.cgout): signed counts.  a.c:main is 500 - 200 = 300 Ir,
# 20 - 5 = 15 Dr; a.c:helper -100 Ir, 7 Dr; b.c:work 300 + 200 = 500 Ir, 0 - 40 = -40 Dr;
# they sum to the summary 700, -18.  Rows by size: 500, 300, -100 (all three: 500 + 300
# = 800 of the 900 sizes is 88.9% < 99%).  500/700 = 71.43%, -100/700 = -14.3%,
# -40/-18 = 222.2%, 15/-18 = -83.3%; line 3 of a.c 20/-18 = -111.1% (a wider column).
cd cachegrind && touch -d '2026-01-01 00:00:00' a.c b.c && touch -d '2026-01-02 00:00:00' *.cgout &&
annogrind diff.cgout
