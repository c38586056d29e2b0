#!/bin/sh
# Wide rows on a terminal (issue 45): testdata/moved/x13.cg records 13
# events (Callgrind's --cache-sim=yes --branch-sim=yes).  On a
# pseudo-terminal (util-linux script) of 100 columns, the text report
# shows the primary sort event and the next ones while the cost columns
# leave 40 columns for the names (Ir Dr Dw: 18 + 17 + 17 = 52 of 60),
# names the others on a line "Events hidden:" of its header, and its
# table's cost columns stay within 60 columns; --show chooses as given;
# a pipe or --output gets every event, callgrind_annotate's report byte
# for byte; a comparison on the terminal is cut the same way (its
# source lines have 3 cells per event: Ir alone).  Skipped without script (Debian bsdutils).
set -u
top=$(pwd)
bin=$top/annogrind
name=wide
pass=0 fail=0
sh tests/deps.sh need $name bsdutils || exit 0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
cd "$top/testdata/moved" || exit 2
check() {	# check WHAT COMMAND...
	what=$1
	shift
	if "$@"; then pass=$((pass + 1)); else echo "FAIL $what"; fail=$((fail + 1)); fi
}
has() { grep -qF -- "$2" "$1"; }
lacks() { ! grep -qF -- "$2" "$1"; }
ontty() {	# ontty OUT COLUMNS ARGS...: annogrind ARGS on a terminal of COLUMNS
	out=$1 cols=$2
	shift 2
	script -q -c "stty cols $cols rows 50; $bin $*" /dev/null </dev/null | tr -d '\r' >"$tmp/$out"
}
ontty tty 100 --auto=no x13.cg
check "tty: three events shown" has "$tmp/tty" "Events shown:     Ir Dr Dw
"
check "tty: the others named" has "$tmp/tty" "Events hidden:    I1mr D1mr D1mw ILmr DLmr DLmw Bc Bcm Bi Bim (too wide for 100 columns"
check "tty: table fits" sh -c "sed -n '/file:function/,\$p' '$tmp/tty' | awk '{ n = index(\$0, \"  /\"); if (n > 61) bad = 1 } END { exit bad }'"
ontty show 100 --auto=no --show=Ir,Bcm,Bim,D1mr x13.cg
check "tty --show: as given" has "$tmp/show" "Events shown:     Ir Bcm Bim D1mr
"
check "tty --show: nothing hidden" lacks "$tmp/show" "Events hidden"
ontty wide 400 --auto=no x13.cg
check "tty 400 columns: all fit" lacks "$tmp/wide" "Events hidden"
"$bin" --auto=no x13.cg >"$tmp/pipe"
check "pipe: every event" has "$tmp/pipe" "Events shown:     Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw Bc Bcm Bi Bim
"
check "pipe: nothing hidden" lacks "$tmp/pipe" "Events hidden"
ontty out 100 --auto=no --output="$tmp/out.txt" x13.cg
check "--output: every event" cmp -s "$tmp/pipe" "$tmp/out.txt"
ontty diff 100 --diff x13.cg x13_3.cg
check "tty --diff: Ir alone" has "$tmp/diff" "Events shown:     Ir
"
check "tty --diff: the others named" has "$tmp/diff" "Events hidden:    Dr Dw I1mr"
if command -v callgrind_annotate >/dev/null 2>&1; then
	callgrind_annotate --auto=no x13.cg >"$tmp/want" 2>/dev/null
	cmp -s "$tmp/want" "$tmp/pipe" || diff "$tmp/want" "$tmp/pipe" | head -5
	cp "$tmp/pipe" "$tmp/got"
	check "pipe: callgrind_annotate's report" cmp -s "$tmp/want" "$tmp/got"
fi
echo "$name: $pass passed, $fail failed"
[ $fail = 0 ]
