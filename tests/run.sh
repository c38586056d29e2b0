#!/bin/sh
# run.sh: run every suite of tests/suites/ (in name order) and sum their counts.
#
# A suite is a shell script run from the top folder with MAKE set; it prints
# what it likes and ends with a line "NAME: N passed, N failed" (", N skipped"
# may follow).  A suite that exits non-zero without such a line counts as one
# failure.  run.sh ends with the suites that skipped tests, the Debian
# packages missing (tests/deps.sh missing) and "N passed, N failed"
# (", N skipped"), and exits 1 on any failure.
#
# Each suite runs in a session of its own (setsid): on SIGINT or SIGTERM
# run.sh stops it with all its children (SIGTERM to its process group,
# SIGKILL to what is left after 5 s) and exits 130 or 143.
#
# usage: tests/run.sh [SUITE ...]   (names without .sh; default: all)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
export MAKE=${MAKE:-make}
tmp=$(mktemp) || exit 2
pid="" name=""
# stop STATUS: end the running suite's process group, then the run
stop() {
	if [ -n "$pid" ]; then
		kill -TERM -"$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null
		i=0
		while kill -0 -"$pid" 2>/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
		kill -KILL -"$pid" 2>/dev/null
		cat "$tmp"
	fi
	echo "stopped by a signal${name:+ in $name}"
	exit "$1"
}
trap 'rm -f "$tmp"' EXIT
trap 'stop 130' INT
trap 'stop 143' TERM
session=""
command -v setsid >/dev/null 2>&1 && session=setsid
if [ $# -gt 0 ]; then
	suites=""
	for s in "$@"; do suites="$suites tests/suites/$s.sh"; done
else
	suites=$(ls tests/suites/*.sh | sort)
fi
pass=0 fail=0 skip=0 bad="" skipped=""
for s in $suites; do
	name=$(basename "$s" .sh)
	echo "== $name"
	# in the background, so that wait returns at once on a signal
	$session sh "$s" >"$tmp" 2>&1 &
	pid=$!
	wait "$pid"
	rc=$?
	pid=""
	cat "$tmp"
	last=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$tmp" | tail -1)
	if [ -z "$last" ]; then
		fail=$((fail + 1)); bad="$bad $name"
		echo "$name: no counts printed (exit $rc): 1 failure"
		continue
	fi
	p=$(printf '%s\n' "$last" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+')
	f=$(printf '%s\n' "$last" | grep -oE '[0-9]+ failed' | grep -oE '[0-9]+')
	k=$(printf '%s\n' "$last" | grep -oE '[0-9]+ skipped' | grep -oE '[0-9]+' || true)
	pass=$((pass + p)); fail=$((fail + f)); skip=$((skip + ${k:-0}))
	[ "${k:-0}" -gt 0 ] && skipped="$skipped${skipped:+,} $name ($k)"
	if [ "$f" -gt 0 ] || [ $rc -ne 0 ]; then
		[ "$f" -gt 0 ] || fail=$((fail + 1))
		bad="$bad $name"
	fi
done
[ -n "$skipped" ] && echo "suites with skipped tests:$skipped"
sh tests/deps.sh missing
[ -n "$bad" ] && echo "failing suites:$bad"
if [ $skip -gt 0 ]; then
	echo "$pass passed, $fail failed, $skip skipped"
else
	echo "$pass passed, $fail failed"
fi
[ $fail = 0 ]
