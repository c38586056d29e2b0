# The call graph of tree/mutual.cg (worked out in that file) as DOT, every
# function (--threshold=100 keeps those with an inclusive cost above 0%).
# Total 63 Ir (calculated: no totals: line).  Nodes by inclusive cost:
#   main 63 (100.00%), self 1 (1.59%: 1/63 = 0.01587)
#   cycle 1 = {a, b, c}: 62 (98.41%), a dashed cluster; a 62 (98.41%) self 20
#   (31.75%), c 31 (49.21%: its one call to a), b 20 (31.75%), each marked
#   <cycle 1>
#   leaf 2 (3.17%)
# Colour: hue (1 - share) * 2/3, from blue 0.667 to red 0: main 0.000,
# a (1 - 62/63) * 2/3 = 0.0106 -> 0.011, c (1 - 31/63) * 2/3 = 0.339,
# b 0.455, leaf (1 - 2/63) * 2/3 = 0.646.
# Edges: main -> a 1x 62 (98.41%), penwidth 1 + 4 * 0.9841 = 4.94;
# c -> leaf 2x 2 (3.17%), penwidth 1.13; c -> a 1x 31 (49.21%), penwidth
# 1 + 4 * 0.4921 = 2.97 (made once: its cost is exact); the other calls
# inside the cycle (a -> b 2x, b -> c 2x) are dashed with their counts only.
annogrind --format=dot --threshold=100 tree/mutual.cg
