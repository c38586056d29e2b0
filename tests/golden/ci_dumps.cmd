# Callgrind's --dump-after wrote three dumps of one run (testdata/dumps):
# callgrind.out.4242 is the last, 700 Ir of the run's 8,700.  By default
# it stands for the whole run, its dumps summed (8,700 Ir, the header names
# the three files, no warning).  With --parts=last its report is of that
# file alone, byte for byte callgrind_annotate's (same stdout, checked by
# tests/suites/45-ci-baseline.sh when callgrind_annotate is installed);
# standard error says that .1 and .2 are not read and how to sum them.
# Exit 0.
cd dumps && annogrind --auto=no callgrind.out.4242 | sed -n '2p;/TOTALS/p'
annogrind --auto=no --parts=last callgrind.out.4242
