#!/bin/sh
# --diff --scale=total on a real C++ program whose second run has a larger
# input: testdata/demo/shapes.cpp (g++ -g -O2) sorts 2,000 then 4,000
# shapes under valgrind.  tests/scale-check.py reads both profiles itself
# and checks the scaled costs of the JSON, the text table and the
# annotated source, the Markdown note, and that limits read the counts as
# measured.  Skipped without g++ or valgrind.
set -u
top=$(pwd)
bin=$top/annogrind
name=diff-scale
for t in g++ valgrind python3; do
	if ! command -v $t >/dev/null 2>&1; then
		echo "$t is not installed"
		echo "$name: 0 passed, 0 failed, 1 skipped"
		exit 0
	fi
done
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
cp "$top/testdata/demo/shapes.cpp" "$tmp/"
(cd "$tmp" && g++ -g -O2 -o shapes shapes.cpp &&
	valgrind --tool=callgrind --callgrind-out-file=cg.old ./shapes 2000 &&
	valgrind --tool=callgrind --callgrind-out-file=cg.new ./shapes 4000) >/dev/null 2>&1 || {
	echo "FAIL: building or profiling testdata/demo/shapes.cpp"
	echo "$name: 0 passed, 1 failed"
	exit 1
}
python3 "$top/tests/scale-check.py" "$bin" "$tmp/cg.old" "$tmp/cg.new"
