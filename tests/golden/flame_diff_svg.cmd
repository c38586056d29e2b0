# Differential flame graph (flame/split.cg -> flame/split_new.cg, where
# util costs 100 Ir less): the new stacks' shape (310 Ir on 1180 px), each
# frame's tooltip with its old total and the change, coloured by the change
# over its new total, scaled to the largest: main;a;util 200 -> 100 is
# -100/100 = -1 (the bluest, rgb(40,40,255)); main;a 300 -> 200 is -0.5;
# all 410 -> 310 is -100/310; main;b (100) and main;b;util (80) unchanged,
# white.  leaf's 80 follow util's callers (5/9 and 4/9 now, 5/7 and 2/7
# before): main;a;util;leaf 57 -> 44 blue, main;b;util;leaf 23 -> 36 red.
annogrind --diff --format=flamegraph --threshold=100 flame/split.cg flame/split_new.cg | sed -n '/^<g class/,$p'
