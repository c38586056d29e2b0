# Dumps of one run summed (testdata/dumps): P and P.[0-9]* names each dump
# once (3,000 + 5,000 + 700 = 8,700 Ir, no warning), as P alone does; P
# and .2 with --parts=last: 700 + 5,000 = 5,700, the warning names the one
# left out, .1; .1 alone: no dumps .1.N beside it, no warning (3,000).
cd dumps && annogrind --auto=no callgrind.out.4242 callgrind.out.4242.[0-9]* | grep TOTALS
annogrind --auto=no --parts=last callgrind.out.4242 callgrind.out.4242.2 | grep TOTALS
annogrind --auto=no callgrind.out.4242.1 | grep TOTALS
