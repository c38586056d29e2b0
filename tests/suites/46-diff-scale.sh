#!/bin/sh
# A comparison of a real C++ program whose second run has a larger input:
# testdata/demo/shapes.cpp (g++ -g -O2) sorts 2,000 then 4,000 shapes
# under valgrind, once counting instructions, once with --cache-sim=yes
# --branch-sim=yes (13 events).  tests/scale-check.py reads the profiles
# itself and checks --scale=total (the scaled costs of the JSON, the text
# table and the annotated source, the Markdown note, limits read as
# measured) and the Markdown of 13 events cut to a pull-request comment
# (under 65,536 bytes where it is well over whole, its first parts the
# whole's, rendered with every block closed).  Skipped without g++ or
# valgrind.
set -u
top=$(pwd)
bin=$top/annogrind
name=diff-scale
sh tests/deps.sh need $name g++ valgrind python3 || exit 0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
cp "$top/testdata/demo/shapes.cpp" "$tmp/"
(cd "$tmp" && g++ -g -O2 -o shapes shapes.cpp &&
	valgrind --tool=callgrind --callgrind-out-file=cg.old ./shapes 2000 &&
	valgrind --tool=callgrind --callgrind-out-file=cg.new ./shapes 4000 &&
	valgrind --tool=callgrind --cache-sim=yes --branch-sim=yes --callgrind-out-file=cg13.old ./shapes 2000 &&
	valgrind --tool=callgrind --cache-sim=yes --branch-sim=yes --callgrind-out-file=cg13.new ./shapes 4000) \
	>/dev/null 2>&1 || {
	echo "FAIL: building or profiling testdata/demo/shapes.cpp"
	echo "$name: 0 passed, 1 failed"
	exit 1
}
python3 "$top/tests/scale-check.py" "$bin" "$tmp/cg.old" "$tmp/cg.new" "$tmp/cg13.old" "$tmp/cg13.new"
