# Cachegrind's files have no calls: cfn= on line 6 is an error (exit 3), and so is summing
# a Cachegrind profile with a Callgrind one (at the first body line of the second: line 3
# of one.cgout, line 3 of edge.cg), or comparing them: exit 3 each time.
cd cachegrind && annogrind calls.cgout; echo "exit $?"
annogrind ../source/edge.cg one.cgout; echo "exit $?"
annogrind one.cgout ../source/edge.cg; echo "exit $?"
annogrind --diff one.cgout ../source/edge.cg; echo "exit $?"
