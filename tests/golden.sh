#!/bin/sh
# golden.sh: run the golden CLI tests of tests/golden/.
#
# Each test is tests/golden/NAME.cmd, one shell command run from testdata/
# in which "annogrind" means the binary under test.  Its expected standard
# output, standard error and exit status are NAME.stdout, NAME.stderr and
# NAME.exit, compared byte for byte.
#
# usage: tests/golden.sh [--regen] [BINARY]
#   --regen   rewrite the expected files from what the binary prints now
#             (read the diff before committing it)
#   WRAP      environment: a command put before the binary (e.g. valgrind)
#   SKIP      environment: names of tests not to run (counted as skipped)
set -u
regen=0
if [ "${1:-}" = --regen ]; then regen=1; shift; fi
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$top/annogrind}
case $bin in /*) ;; *) bin=$top/$bin ;; esac
export LC_ALL=C
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
pass=0 fail=0 skip=0
# WRAP's command found now, by its full path: a test may empty PATH (to keep
# Graphviz's dot out of sight) and still run under valgrind.
if [ -n "${WRAP:-}" ]; then
	set -- $WRAP
	w=$(command -v "$1") || { echo "golden: $1 not found" >&2; exit 2; }
	shift
	WRAP="$w $*"
fi
annogrind() { ${WRAP:-} "$bin" "$@"; }
for cmd in "$top"/tests/golden/*.cmd; do
	name=${cmd%.cmd}
	t=$(basename "$name")
	case " ${SKIP:-} " in *" $t "*) skip=$((skip + 1)); continue ;; esac
	( cd "$top/testdata" && . "$cmd" ) >"$tmp/out" 2>"$tmp/err" </dev/null
	echo $? >"$tmp/exit"
	if [ $regen = 1 ]; then
		cp "$tmp/out" "$name.stdout"
		cp "$tmp/err" "$name.stderr"
		cp "$tmp/exit" "$name.exit"
		pass=$((pass + 1))
		continue
	fi
	ok=1
	for k in stdout:out stderr:err exit:exit; do
		want=$name.${k%%:*}
		got=$tmp/${k##*:}
		if ! cmp -s "$want" "$got"; then
			[ $ok = 1 ] && echo "FAIL $t"
			ok=0
			diff -u "$want" "$got" 2>&1 | head -20 | sed 's/^/    /'
		fi
	done
	if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
if [ $skip -gt 0 ]; then
	echo "golden: $pass passed, $fail failed, $skip skipped"
else
	echo "golden: $pass passed, $fail failed"
fi
[ $fail = 0 ]
