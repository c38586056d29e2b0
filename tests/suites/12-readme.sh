#!/bin/sh
# Every command of the README runs (tests/readme-run.py says how): the
# install steps, the first profile and each recipe, against a copy of
# testdata/demo/qsort_hanoi.c as "your program".
set -u
${MAKE:-make} -s annogrind >/dev/null || { echo "readme: 0 passed, 1 failed"; exit 1; }
python3 tests/readme-run.py
