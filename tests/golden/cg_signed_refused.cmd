# What reads counts as unsigned refuses a profile with negative totals or function costs
# (cg_diff's output: Dr total -18, helper -100 Ir) rather than print -100 as 2^64-100:
# exit 2 for markdown, dot, folded, flamegraph, --limit, --focus.  A Cachegrind run's own
# file (one.cgout: main 5 Ir) has none and is read by all of them.
cd cachegrind
for o in --format=markdown --format=dot --format=folded --format=flamegraph --limit=Ir=5 --focus=main; do
	annogrind $o diff.cgout; echo "exit $?"
done
annogrind --format=folded one.cgout; echo "exit $?"
