#!/bin/sh
# Every command of the README runs (tests/readme-run.py says how): the
# install steps, the first profile and each recipe, against a copy of
# testdata/demo/qsort_hanoi.c as "your program".  Skipped without the
# programs the README runs.
set -u
sh tests/deps.sh need readme python3 gcc g++ valgrind graphviz || exit 0
${MAKE:-make} -s annogrind >/dev/null || { echo "readme: 0 passed, 1 failed"; exit 1; }
python3 tests/readme-run.py
