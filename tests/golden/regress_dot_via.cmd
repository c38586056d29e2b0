# DOT with --top=3: the 3 most costly by inclusive Ir are main (805, the
# total: 80 + h1 10 + g 5 + h2 10 + x 300 + v 400), v (400) and x (300);
# h1 (210), g (215) and h2 (210) are hidden and the graph label says so
# ("3 of 6 functions shown, down to 300 Ir (37.27%)", 300/805).  v's
# callers h1 and h2 are both hidden: a dashed edge from its nearest shown
# ancestor, main through h1, "via 1 hidden" (through g and h2 it would be
# 2).  x keeps its real edge from main.
annogrind --format=dot --top=3 regress/via.cg
