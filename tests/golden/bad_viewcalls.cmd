# main calls b 2^64-1 times from a.c and 5 times from inlined code of b.h:
# the graph (--format=dot, folded, flamegraph) merges the inlined code
# into main as it loads, and the count would wrap to 4; refused at the
# line that makes it wrap
annogrind --format=dot bad/viewcalls.cg
