#!/bin/sh
# Runs in parts (Callgrind's --dump-before): testdata/dumps/steps.c is
# built and run twice under valgrind with --dump-before=step, the second
# time with --separate-threads=yes too (files P.N-T).  tests/parts-check.py
# sums every part with a reader of its own (tests/cgtext.py) and checks
# that annogrind reads a run as that sum, its last part alone with
# --parts=last, and each side of --diff as its run.  Skipped without gcc
# or valgrind.
set -u
top=$(pwd)
bin=$top/annogrind
name=parts
sh tests/deps.sh need $name gcc valgrind python3 || exit 0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
(cd "$tmp" && gcc -g -O1 -pthread -o steps "$top/testdata/dumps/steps.c" &&
	valgrind --tool=callgrind --dump-before=step --callgrind-out-file=cg.a ./steps 1000 &&
	valgrind --tool=callgrind --dump-before=step --separate-threads=yes \
		--callgrind-out-file=cg.b ./steps 3000) >/dev/null 2>&1 || {
	echo "FAIL: building or profiling testdata/dumps/steps.c"
	echo "$name: 0 passed, 1 failed"
	exit 1
}
python3 "$top/tests/parts-check.py" "$bin" "$tmp"
