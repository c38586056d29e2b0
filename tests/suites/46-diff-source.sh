#!/bin/sh
# The annotated source of --diff on two real builds of one C program: the
# program of testdata/regress/build is built (gcc -g -O1 -fno-inline) and
# profiled under valgrind with the first work.c, then again in the same
# folder with the second, as a CI job builds in place.  tests/diff-source-check.py
# reads both profiles itself and checks that the annotated lines of work.c
# show each line's old and new self cost of work(), and that their changes
# add up to work's self change in the function table.  Skipped without gcc
# or valgrind.
set -u
top=$(pwd)
bin=$top/annogrind
name=diff-source
sh tests/deps.sh need $name gcc valgrind python3 || exit 0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
cp "$top"/testdata/regress/build/main.c "$tmp"/
for v in old new; do
	cp "$top/testdata/regress/build/work_$v.c" "$tmp/work.c"
	(cd "$tmp" && gcc -g -O1 -fno-inline -o prog main.c work.c &&
		valgrind --tool=callgrind --callgrind-out-file="cg.$v" ./prog >/dev/null 2>&1) || {
		echo "FAIL: building or profiling the $v program"
		echo "$name: 0 passed, 1 failed"
		exit 1
	}
done
python3 "$top/tests/diff-source-check.py" "$bin" "$tmp/cg.old" "$tmp/cg.new" "$tmp/work.c" work
