# --top and --row-threshold cut the diff's rows as the report's.  The changes of Ir self
# by size: 200, 120, 100, 80, 50, 40, 10, 10, 7 (sum 617; 9 rows by default).  --top=2:
# the first 2.  --row-threshold=15 --top=4: 15% of 617 is 92.55, so 200, 120, 100 and
# not 80 (3 rows; --top does not bind).  Both replace the default 99% cut (Thresholds 100).
annogrind --diff --auto=no --top=2 diff/hash_old.cg diff/hash_new.cg | sed -n '/^Thresholds/,$p'
annogrind --diff --auto=no --row-threshold=15 --top=4 diff/hash_old.cg diff/hash_new.cg | sed -n '/^Ir self/,$p'
# Cachegrind's a -> b: sizes 500, 300, 100 (sum 900); --row-threshold=20 keeps 500 (55.6%)
# and 300 (33.3%), not 100 (11.1%).
cd cachegrind && annogrind --diff --auto=no --row-threshold=20 a.cgout b.cgout | sed -n '/^Ir self/,$p'
