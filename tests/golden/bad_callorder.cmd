# a calls b 2^64-1 times, then c calls d as often, c calls d once more at
# line 12 (the first line whose sum does not fit), a calls b once more at
# line 16, and line 19 is a bad count: the loader merges the calls in the
# order of their callers (a before c), and still reports line 12
annogrind --tree=calling bad/callorder.cg
