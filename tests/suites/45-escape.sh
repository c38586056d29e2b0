#!/bin/sh
# Hostile names on a terminal (issue 15, item 8): what --escape does.
#
# testdata/escape/evil.cg holds an OSC title (ESC ] 0 ; pwned BEL) in the
# function name main, ESC[2J in a file name, an OSC 8 link in the object,
# RLO (U+202E) in cmd and a function name, and ESC[8m in the event Dr.
# On a pseudo-terminal (util-linux script) the report must show them as
# \xHH and hold no ESC byte at all; in a pipe the bytes stay; --escape
# forces either way; standard error is escaped always.  The pseudo-terminal
# turns "\n" into "\r\n": CRs are dropped before comparing.  Without script
# the terminal checks are skipped (counted).  tests/hostile/escape-tty.sh
# runs many such names on a terminal, and tests/hostile/dot-inject.sh
# renders names that try to end a DOT label with Graphviz.
set -u
top=$(pwd)
bin=${BIN:-$top/annogrind}
name=escape
pass=0 fail=0 skip=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
cd "$top/testdata" || exit 2
ESC=$(printf '\033')
RLO=$(printf '\342\200\256')

check() {	# check NAME CONDITION-COMMAND...
	what=$1
	shift
	if "$@"; then
		pass=$((pass + 1))
	else
		echo "FAIL $what"
		fail=$((fail + 1))
	fi
}
has() { grep -qF -- "$2" "$1"; }
lacks() { ! grep -qF -- "$2" "$1"; }
# run a command line on a pseudo-terminal; its output (stdout and stderr) in $tmp/$1
ontty() {
	out=$1
	shift
	script -q -c "$*" /dev/null </dev/null | tr -d '\r' >"$tmp/$out"
}

escaped='main\x1b]0;pwned\x07'
raw="main${ESC}]0;pwned"

if command -v script >/dev/null 2>&1; then
	ontty tty_text "$bin --auto=no --tree=both escape/evil.cg"
	check "tty: names escaped" has "$tmp/tty_text" "$escaped"
	check "tty: RLO escaped" has "$tmp/tty_text" './prog \xe2\x80\xaetxt.exe'
	check "tty: the event column escaped" has "$tmp/tty_text" 'Dr\x1b[8m'
	check "tty: no ESC byte" lacks "$tmp/tty_text" "$ESC"
	check "tty: no RLO" lacks "$tmp/tty_text" "$RLO"

	ontty tty_never "$bin --escape=never --auto=no escape/evil.cg"
	check "tty --escape=never: raw bytes" has "$tmp/tty_never" "$raw"

	# only standard error reaches the terminal here: escaped, even with never
	ontty tty_err "$bin --escape=never --auto=no --limit='Ir:self:*main*=5' escape/evil.cg >/dev/null"
	check "tty stderr: the message" has "$tmp/tty_err" "has self Ir 10"
	check "tty stderr: escaped" has "$tmp/tty_err" "$escaped"
	check "tty stderr: no ESC byte" lacks "$tmp/tty_err" "$ESC"

	ontty tty_diff "$bin --diff escape/evil.cg escape/evil2.cg"
	check "tty --diff: escaped" has "$tmp/tty_diff" "$escaped"
	check "tty --diff: no ESC byte" lacks "$tmp/tty_diff" "$ESC"

	ontty tty_tsv "$bin --format=tsv escape/evil.cg"
	check "tty tsv: escaped" has "$tmp/tty_tsv" "$escaped"
	check "tty tsv: no ESC byte" lacks "$tmp/tty_tsv" "$ESC"

	for f in json dot; do
		ontty tty_$f "$bin --format=$f --threshold=100 escape/evil.cg"
		check "tty $f: no ESC byte" lacks "$tmp/tty_$f" "$ESC"
		check "tty $f: no RLO" lacks "$tmp/tty_$f" "$RLO"
	done
else
	echo "skip: missing Debian package bsdutils (script): terminal checks skipped"
	skip=$((skip + 1))
fi

# a pipe keeps the bytes; --escape=always escapes them there too
"$bin" --auto=no escape/evil.cg >"$tmp/pipe" 2>&1
check "pipe: raw bytes" has "$tmp/pipe" "$raw"
check "pipe: not escaped" lacks "$tmp/pipe" "$escaped"
"$bin" --escape=always --auto=no escape/evil.cg >"$tmp/pipe_always" 2>&1
check "pipe --escape=always: escaped" has "$tmp/pipe_always" "$escaped"
check "pipe --escape=always: no ESC byte" lacks "$tmp/pipe_always" "$ESC"
"$bin" --auto=no --limit='Ir:self:*main*=5' escape/evil.cg >/dev/null 2>"$tmp/pipe_err"
check "stderr to a file: escaped" has "$tmp/pipe_err" "$escaped"

if [ $skip -gt 0 ]; then
	echo "$name: $pass passed, $fail failed, $skip skipped"
else
	echo "$name: $pass passed, $fail failed"
fi
[ $fail = 0 ]
