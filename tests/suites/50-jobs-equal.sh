#!/bin/sh
# Blocks are read and tokenized by --jobs threads and applied in file
# order, so the number of threads must change nothing.  On every profile
# of testdata/ and of the shared corpus, a binary built with 7-byte blocks
# (a block per line or so: threads take turns line by line) with --jobs=4
# must print exactly what ./annogrind --jobs=1 prints, stdout, stderr and
# exit status; and a profile of bench/gen (hundreds of blocks of the
# normal size) must give the same report with --jobs=1, 2, 3 and 8.
set -u
top=$(pwd)
name=jobs-equal
export LC_ALL=C
# The binary compared is built with AddressSanitizer and UBSan: a report
# exits 99 and prints on stderr, which the comparison catches.
export ASAN_OPTIONS=detect_leaks=1:exitcode=99:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:exitcode=99
tiny=build/blocks7
pass=0 fail=0
if ! ${MAKE:-make} -s SANITIZE=address,undefined BUILD=$tiny BIN=$tiny/annogrind CFLAGS="-O1 -g -DLOAD_READ_BLOCK=7" >/dev/null 2>&1; then
	echo "cannot build the 7-byte-block binary"
	echo "$name: 0 passed, 1 failed"
	exit 1
fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM

run() { # BIN FILE OPTS...: all it says, and its exit status
	b=$1 f=$2
	shift 2
	(cd "$(dirname "$f")" && "$b" "$@" "$(basename "$f")" 2>&1; echo "exit $?")
}
run_a() { run "$top/annogrind" "$@" --jobs=1; }
run_b() { run "$top/$tiny/annogrind" "$@" --jobs=4; }
. tests/same.sh
same_output "--jobs=4 with 7-byte blocks changes the output" "--auto=no" \
	"--inclusive=yes --tree=both --auto=no" "--format=json"

# a generated profile of many blocks, default and inclusive reports
if cc -O2 -std=c11 -D_GNU_SOURCE -o "$tmp/gen" bench/gen.c 2>/dev/null; then
	"$tmp/gen" -f 2000 -r 2 -e 2 >"$tmp/g.cg" 2>/dev/null
	for o in "--auto=no" "--inclusive=yes --tree=both --auto=no"; do
		# shellcheck disable=SC2086
		"$top/annogrind" $o --jobs=1 "$tmp/g.cg" >"$tmp/g1" 2>&1
		for j in 2 3 8; do
			# shellcheck disable=SC2086
			"$top/annogrind" $o --jobs=$j "$tmp/g.cg" >"$tmp/gj" 2>&1
			if cmp -s "$tmp/g1" "$tmp/gj"; then
				pass=$((pass + 1))
			else
				fail=$((fail + 1))
				echo "FAIL: generated profile, $o --jobs=$j differs from --jobs=1"
				diff "$tmp/g1" "$tmp/gj" | head -5
			fi
		done
	done
else
	fail=$((fail + 1))
	echo "FAIL: cannot build bench/gen.c"
fi
echo "$name: $pass passed, $fail failed"
[ $fail = 0 ]
