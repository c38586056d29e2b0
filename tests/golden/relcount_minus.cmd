# A Callgrind profile's counts written like positions (speedscope's writer): '*', '+N' and
# '-N' alike are read against the cost line before, with one warning (at the first, line 8).
# main: Ir 500 + (500-200) + 300 + (300+50) = 1,450; Dr 7 + 0 + 1 + 1 = 9.  A relative
# count below zero is an error (exit 3): -600 after 500.
cd cachegrind
annogrind --auto=no relcount.cg | tail -n 3
annogrind --auto=no relcount_below.cg; echo "exit $?"
