#!/bin/sh
# The tokenizer cuts plain lines for the applying stage (runs of cost lines
# summed, name lines and calls= lines taken apart); a line that ends in
# "\r\n" is none of those and goes the line-by-line way, which alone words
# diagnostics.  So every profile of testdata/ and of the shared corpus,
# with each "\n" made "\r\n", must print exactly what it prints as it is:
# stdout, stderr and exit status, the fast paths against the slow one.
# Profiles that hold a '\r' already are left out.
set -u
top=$(pwd)
name=crlf-equal
export LC_ALL=C
pass=0 fail=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
mkdir "$tmp/lf" "$tmp/crlf"
cr=$(printf '\r')

run() { # DIR FILE OPTS...: all it says, and its exit status
	d=$1 f=$2
	shift 2
	(cd "$d" && "$top/annogrind" "$@" "$f" 2>&1; echo "exit $?")
}
. tests/same.sh
for f in $(same_profiles); do
	case $f in *.gz) continue ;; esac
	grep -q "$cr" "$f" && continue
	b=$(basename "$f")
	cp "$f" "$tmp/lf/$b"
	sed "s/\$/$cr/" "$f" >"$tmp/crlf/$b"
	ok=1
	for o in "--auto=no" "--inclusive=yes --tree=both --auto=no"; do
		# shellcheck disable=SC2086
		run "$tmp/lf" "$b" $o >"$tmp/a"
		# shellcheck disable=SC2086
		run "$tmp/crlf" "$b" $o >"$tmp/b"
		cmp -s "$tmp/a" "$tmp/b" || ok=0
	done
	if [ $ok = 1 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $f: its CRLF copy prints something else"
		diff "$tmp/a" "$tmp/b" | head -5
	fi
	rm -f "$tmp/lf/$b" "$tmp/crlf/$b"
done
echo "$name: $pass passed, $fail failed"
[ $fail = 0 ]
