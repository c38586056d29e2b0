# --diff of two Cachegrind files: b.c:work 100 -> 600 Ir (+500, +500.00%), 45 -> 5 Dr
# (-40, -88.89%); a.c:main 400 -> 700 (+300, +75.00%), 20 -> 35 (+15, +75.00%);
# a.c:helper 200 -> 100 (-100, -50.00%), 3 -> 10 Dr (+7, +233.33%).  Totals 700 -> 1,400
# (+700, +100.00%), 68 -> 50 (-18, -26.47%).  And the diff of cg_diff's difference
# (diff.cgout, signed) with itself: nothing changed.
cd cachegrind && annogrind --diff a.cgout b.cgout && annogrind --diff diff.cgout diff.cgout
