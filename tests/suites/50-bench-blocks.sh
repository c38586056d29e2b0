#!/bin/sh
# The loader reads in blocks, cut at line ends, in a second thread: where the
# blocks end must not change anything.  A binary built with 7-byte blocks
# (lines split across blocks, lines longer than a block, a block per line)
# must print exactly what ./annogrind prints, stdout, stderr and exit status,
# on every profile of testdata/ and of the shared corpus.  And a profile of
# bench/gen must load without a word and with the total the generator
# worked out.
set -u
top=$(pwd)
name=bench-blocks
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
run_a() { run "$top/annogrind" "$@"; }
run_b() { run "$top/$tiny/annogrind" "$@"; }
. tests/same.sh
same_output "7-byte blocks change the output" "--auto=no" "--inclusive=yes --tree=both --auto=no"

# a generated profile: no warning, and the generator's program total
if cc -O2 -std=c11 -D_GNU_SOURCE -o "$tmp/gen" bench/gen.c 2>/dev/null; then
	"$tmp/gen" -f 400 -r 2 -e 3 >"$tmp/g.cg" 2>"$tmp/g.gen"
	want=$(sed -n 's/^total: //p' "$tmp/g.gen")
	for b in "$top/annogrind" "$top/$tiny/annogrind"; do
		"$b" --auto=no --inclusive=yes --tree=both "$tmp/g.cg" >"$tmp/g.out" 2>"$tmp/g.err"
		rc=$?
		got=$(sed -n 's/  PROGRAM TOTALS$//p' "$tmp/g.out" | sed 's/([^)]*)//g' | tr -d ',' | tr -s ' ' | sed 's/^ //; s/ $//')
		if [ $rc = 0 ] && [ ! -s "$tmp/g.err" ] && [ "$got" = "$want" ]; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL: generated profile with $b: exit $rc, total '$got', want '$want'"
			head -3 "$tmp/g.err"
		fi
	done
else
	fail=$((fail + 1))
	echo "FAIL: cannot build bench/gen.c"
fi
echo "$name: $pass passed, $fail failed"
[ $fail = 0 ]
