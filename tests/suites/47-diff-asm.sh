#!/bin/sh
# --diff --annotate=asm on real profiles committed with their binaries
# (testdata/asm/diff: sum.c built -O1 and -O2, profiled under valgrind
# --dump-instr=yes, and the -O2 build at two sizes): tests/diff-asm-check.py
# checks every row against its own sum of the profiles' text and objdump's
# text, the JSON's "machine_code" rows against the same and the text rows,
# and the Markdown block against the text listing.  Skipped without
# objdump or python3.
set -u
sh tests/deps.sh need diff-asm binutils python3 || exit 0
${MAKE:-make} -s annogrind >/dev/null || { echo "diff-asm: 0 passed, 1 failed (build)"; exit 1; }
pass=0 fail=0
for args in "cg.O1 cg.O2 total" "cg.O1 cg.O2 main" "cg.O2 cg.big total" "cg.O2 cg.big main"; do
	# shellcheck disable=SC2086
	out=$(python3 tests/diff-asm-check.py "$PWD/annogrind" testdata/asm/diff $args)
	echo "$out" | grep -v '^diff-asm:'
	case $out in
	*"diff-asm: 1 passed"*) pass=$((pass + 1)) ;;
	*) fail=$((fail + 1)) ;;
	esac
done
echo "diff-asm: $pass passed, $fail failed"
[ $fail = 0 ]
