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
pass=0 fail=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM

run() { # FILE OPTS...: all it says but the inclusive-cost warning, and its exit status
	f=$1
	shift
	(cd "$(dirname "$f")" && "$top/annogrind" "$@" "$(basename "$f")" 2>&1; echo "exit $?") |
		grep -v "warning: inclusive cost of .* above the program total"
}

for f in $(find testdata ../shared/corpus -type f 2>/dev/null | sort); do
	case $f in *.txt|*.err|*.c|*.cc|*.cpp|*.h|*.cmd|*.tsv|*.md|*.json|*.stdout|*.stderr|*.exit|*/README) continue ;; esac
	f=$top/$f
	ok=1
	for o in "--auto=no --threshold=100" "--threshold=100 --show-percs=no"; do
		# shellcheck disable=SC2086
		run "$f" $o >"$tmp/a"
		# shellcheck disable=SC2086
		run "$f" $o --mod-funcname='s/^annogrind-matches-nothing$//' >"$tmp/b"
		cmp -s "$tmp/a" "$tmp/b" || ok=0
	done
	if [ $ok = 1 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $f: the lean report differs from the fully kept one"
		diff "$tmp/a" "$tmp/b" | head -5
	fi
done
echo "$name: $pass passed, $fail failed"
[ $fail = 0 ]
