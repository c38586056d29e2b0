# Folded stacks of flame/split.cg, worked by hand.  util has two callers:
# its stacks get shares 200/280 = 5/7 (under a) and 80/280 = 2/7 (under
# b); so does leaf, below util.  Self costs split by share, largest
# remainder first: util 200 * 5/7 = 142.86 -> 143, 200 * 2/7 = 57.14 -> 57;
# leaf 80 * 5/7 = 57.14 -> 57, 80 * 2/7 = 22.86 -> 23.  Sum 410.
annogrind --format=folded --threshold=100 flame/split.cg
# --threshold=90 cuts stacks of total at most 10% of 410 = 41: main;b;util;leaf
# (23) goes into main;b;util (57 + 23 = 80).
echo --
annogrind --format=folded --threshold=90 flame/split.cg
# --threshold=80: at most 82: main;a;util;leaf (57) into main;a;util (200),
# main;b;util (80, with its leaf) into main;b (100).
echo --
annogrind --format=folded --threshold=80 flame/split.cg
