# --row-threshold=10: a row is shown when its Ir is at least 10% of 220 =
# 22: work 110 and leaf 80; extra and main (15 each) are cut.  The default
# cumulative threshold (99) is replaced, so "Thresholds: 100 0".
annogrind --auto=no --row-threshold=10 ci/a.cg ci/b.cg
