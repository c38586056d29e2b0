# --jobs=1 and --jobs=3 give the same report (tests/suites/50-jobs-equal.sh
# compares every profile); this pins one: a.cg read by three threads.
annogrind --jobs=3 --auto=no ci/a.cg
