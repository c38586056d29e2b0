#!/bin/sh
# The tokenizer reads cost lines byte by byte (./annogrind, the default) or
# from byte classes computed with SSE2 or AVX2 (load_tokenize.h).  Binaries
# built to always take one SIMD path must print exactly what ./annogrind
# prints, stdout, stderr and exit status, on every profile of testdata/
# and of the shared corpus.  A path this processor cannot run is skipped
# (and counted as skipped); the unit tests compare the paths block by
# block on generated input, under the sanitizers too.
set -u
top=$(pwd)
name=simd-equal
export LC_ALL=C
# The binary compared is built with AddressSanitizer and UBSan: a report
# exits 99 and prints on stderr, which the comparison catches.
export ASAN_OPTIONS=detect_leaks=1:exitcode=99:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:exitcode=99
pass=0 fail=0 skip=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM

run() { # BIN FILE OPTS...: all it says, and its exit status
	b=$1 f=$2
	shift 2
	(cd "$(dirname "$f")" && "$b" "$@" "$(basename "$f")" 2>&1; echo "exit $?")
}
run_a() { run "$top/annogrind" "$@"; }
run_b() { run "$top/$simd/annogrind" "$@"; }
. tests/same.sh
case $(uname -m) in
x86_64|amd64)
	for v in 1 2; do
		if [ $v = 2 ] && ! grep -qw avx2 /proc/cpuinfo 2>/dev/null; then
			echo "skip: this processor has no AVX2"
			skip=$((skip + 1))
			continue
		fi
		simd=build/simd$v
		if ! ${MAKE:-make} -s SANITIZE=address,undefined BUILD=$simd BIN=$simd/annogrind CFLAGS="-O1 -g -DLOAD_SIMD=$v" >/dev/null 2>&1; then
			echo "FAIL: cannot build the LOAD_SIMD=$v binary"
			fail=$((fail + 1))
			continue
		fi
		same_output "SIMD path $v changes the output" "--auto=no" \
			"--inclusive=yes --tree=both --auto=no --threshold=100"
	done ;;
*)
	echo "skip: SIMD paths are for x86-64 only"
	skip=$((skip + 1)) ;;
esac
echo "$name: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
