#!/bin/sh
# The text report makes the loader keep less (no calls without --inclusive
# or --tree, no per-line costs for sources it cannot annotate) and sum runs
# of cost lines in one go.  None of that may change a number or a message:
# on every profile of testdata/ and of the shared corpus, the lean report
# must print exactly what the report of a fully kept profile prints
# (a rename rule that matches nothing makes annogrind keep everything),
# stdout, stderr and exit status, but for the warning about inclusive costs
# cut to the total, which only a report that computes them gives.
set -u
top=$(pwd)
name=lean-equal
export LC_ALL=C
# Both reports come from a build with AddressSanitizer and UBSan: a report
# exits 99 and prints on stderr, which the comparison catches.
export ASAN_OPTIONS=detect_leaks=1:exitcode=99:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:exitcode=99
asan=build/asan/annogrind
if ! ${MAKE:-make} -s SANITIZE=address,undefined BUILD=build/asan BIN=$asan >/dev/null 2>&1; then
	echo "cannot build the sanitized binary"
	echo "$name: 0 passed, 1 failed"
	exit 1
fi
pass=0 fail=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM

run() { # FILE OPTS...: all it says but the inclusive-cost warning, and its exit status
	f=$1
	shift
	(cd "$(dirname "$f")" && "$top/$asan" "$@" "$(basename "$f")" 2>&1; echo "exit $?") |
		grep -v "warning: inclusive cost of .* above the program total"
}

run_a() { run "$@"; }
# a rename rule that matches nothing makes annogrind keep everything
run_b() { run "$@" --mod-funcname='s/^annogrind-matches-nothing$//'; }
. tests/same.sh
same_output "the lean report differs from the fully kept one" \
	"--auto=no --threshold=100" "--threshold=100 --show-percs=no"
echo "$name: $pass passed, $fail failed"
[ $fail = 0 ]
