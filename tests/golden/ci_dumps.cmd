# Callgrind's --dump-after wrote three dumps of one run (testdata/dumps):
# callgrind.out.4242 is the last, 700 Ir of the run's 8,700.  Its report is
# of that file alone, byte for byte callgrind_annotate's (same stdout,
# checked by tests/suites/45-ci-baseline.sh when callgrind_annotate is
# installed); standard error says that .1 and .2 are not read and how to
# sum them.  Exit 0.
cd dumps && annogrind --auto=no callgrind.out.4242
