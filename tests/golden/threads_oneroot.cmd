# An outermost function's inclusive cost is its self cost plus the calls it
# makes, wherever its activations start (threads/oneroot.cg: a thread in a
# profile made without --separate-threads).  clone: self 18 + 5 = 23 Ir and
# its call to start_thread 1,000: 1,023 (89.34% of 1,145), not the 18 of
# its one call line (callgrind_annotate's); AcCost, which the calls' cost
# lines leave out (--cacheuse=yes), is at least each function's self cost
# (worker 150, clone 10), never below it.  --focus=clone says the same
# total, and a limit on clone's inclusive cost at 50% breaks (exit 1).
annogrind --inclusive=yes --auto=no threads/oneroot.cg | tail -n 7
annogrind --tree=both --inclusive=yes --auto=no threads/oneroot.cg | awk -v RS= '/\* +clone.S:clone /'
annogrind --auto=no --focus=clone threads/oneroot.cg | grep 'PROGRAM TOTALS'
annogrind --auto=no --limit='Ir:incl:clone=50%' threads/oneroot.cg >/dev/null
