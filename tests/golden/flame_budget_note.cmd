# A ladder of 12 levels (tests/hostile/ladder.awk with a short leaf name):
# two functions a level, each calling both of the next, 2^12 paths from
# 2 KB.  The stacks would pass their budget (a few per function and call),
# so the small ones are merged into larger ones of the same calls, and the
# output says how much cost that put on a stack it did not run on: the
# folded text on standard error, the flame graph in a line of its own.
# The stacks still add up to the program total, 24,575.
annogrind --format=folded flame/ladder.cg | awk '{ s += $NF } END { print NR " stacks, " s }'
annogrind --format=flamegraph flame/ladder.cg 2>&1 | grep '<text id="cut"' | sed 's/<[^>]*>//g'
