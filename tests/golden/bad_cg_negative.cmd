# A Callgrind profile's counts are never negative nor relative: -200 on line 7 is an
# error (exit 3), not 500 - 200.
cd cachegrind && annogrind negative.cg
