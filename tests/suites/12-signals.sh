#!/bin/sh
# make check stops at once on SIGTERM or SIGINT, with its children:
# tests/run.sh on a slow suite (60-hash-seed) in a process group of its
# own, the signal sent to that group once the suite runs annogrind (as
# timeout and a terminal's ^C do), or SIGTERM to run.sh alone (as make
# passes it on).  The run must exit with 143 (130), say where it stopped
# and not go on, and
# within 15 s no process of it may remain (found by a mark in their
# environment) nor any of its temporary files (TMPDIR is a folder of its
# own).  SIGINT needs env --default-signal (coreutils 8.31): a shell
# ignores it in what it starts in the background.
set -u
name=signals
tmp=$(mktemp -d) || exit 2
pid=""
trap 'rm -rf "$tmp"; [ -n "$pid" ] && kill -KILL -"$pid" 2>/dev/null' EXIT
trap 'exit 130' INT; trap 'exit 143' TERM
pass=0 fail=0 skip=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
${MAKE:-make} -s annogrind >/dev/null || { echo "$name: 0 passed, 1 failed (build)"; exit 1; }

# marked MARK: the processes whose environment holds MARK, one a line
marked() {
	grep -lsz -x "ANNOGRIND_SIGNAL_MARK=$1" /proc/[0-9]*/environ | sed 's|/proc/\([0-9]*\)/environ|\1|'
}

# stop SIGNAL TO STATUS [ENV-ARGS]: the run stopped by SIGNAL sent TO its
# process group (group) or to run.sh (run) exits STATUS
stop() {
	sig=$1 to=$2 want=$3 envargs=${4:-}
	mark=$$-$sig-$to
	what="SIG$sig to the process group"; [ "$to" = run ] && what="SIG$sig to run.sh alone"
	mkdir "$tmp/$sig-$to"
	# shellcheck disable=SC2086
	ANNOGRIND_SIGNAL_MARK=$mark TMPDIR=$tmp/$sig-$to env $envargs setsid sh tests/run.sh 60-hash-seed \
		>"$tmp/out" 2>&1 &
	pid=$!
	# the suite has started annogrind: run.sh, the suite, a subshell, annogrind
	i=0
	while [ "$(marked "$mark" | wc -l)" -lt 4 ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
	sleep 1
	if [ "$to" = group ]; then kill -"$sig" -"$pid"; else kill -"$sig" "$pid"; fi
	wait "$pid"
	st=$?
	pid=""
	i=0
	while [ -n "$(marked "$mark")" ] && [ $i -lt 150 ]; do sleep 0.1; i=$((i + 1)); done
	left=$(marked "$mark")
	if [ $st = "$want" ]; then ok; else bad "$what: exit $st, want $want"; fi
	if [ -z "$left" ]; then ok; else
		bad "$what: processes left after 15 s:"
		for p in $left; do tr '\0' ' ' <"/proc/$p/cmdline" | sed 's/^/    /'; echo; kill -KILL "$p"; done
	fi
	if [ -z "$(ls -A "$tmp/$sig-$to")" ]; then ok; else bad "$what: files left: $(ls -A "$tmp/$sig-$to")"; fi
	if grep -qx "stopped by a signal in 60-hash-seed" "$tmp/out" && ! grep -q "passed, " "$tmp/out"; then
		ok
	else
		bad "$what: the run did not say where it stopped, or went on:"
		sed 's/^/    /' "$tmp/out" | tail -5
	fi
}

if ! command -v setsid >/dev/null 2>&1; then
	echo "skip: missing Debian package util-linux (setsid)"
	skip=$((skip + 3))
else
	stop TERM group 143
	stop TERM run 143
	if env --default-signal=INT true 2>/dev/null; then
		stop INT group 130 --default-signal=INT
	else
		echo "skip SIGINT: env has no --default-signal (coreutils 8.31)"
		skip=$((skip + 1))
	fi
fi
echo "$name: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
