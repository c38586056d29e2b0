# Dumps of one run summed (testdata/dumps): all three, 3,000 + 5,000 + 700
# = 8,700 Ir, with no warning; the last and .2 only (700 + 5,000 = 5,700,
# the warning names the one left out, .1); .1 alone: no dumps .1.N beside
# it, no warning (3,000).
cd dumps && annogrind --auto=no callgrind.out.4242 callgrind.out.4242.[0-9]* | grep TOTALS
annogrind --auto=no callgrind.out.4242 callgrind.out.4242.2 | grep TOTALS
annogrind --auto=no callgrind.out.4242.1 | grep TOTALS
