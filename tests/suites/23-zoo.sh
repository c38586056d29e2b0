#!/bin/sh
# The zoo: the exact facts of the man page on real programs of distinct
# shapes (testdata/zoo, made by tests/zoo/make-zoo.sh: threads in one file
# and separated, stripped objects and plugins, interpreters, a compiler,
# C++, Rust and Go binaries, and Callgrind's options that change what a
# profile says), checked by tests/zoo/check-zoo.py against the profile
# text read by tests/views/profread.py, never against annogrind's own
# code.  A fact an open issue says is broken (check-zoo.py's KNOWN) counts
# as skipped while it fails and as a failure once it passes.  Prints the
# lines that are not PASS, then "zoo: N passed, N failed, N skipped".
# ANNOGRIND=path runs another binary.
top=$(cd "$(dirname "$0")/../.." && pwd)
sh "$top/tests/deps.sh" need zoo python3 || exit 0
bin=${ANNOGRIND:-$top/annogrind}
pass=0 fail=0 skip=0
tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
count() { # the counts of check-zoo.py's last line
	last=$(grep -E '^zoo: [0-9]+ passed, [0-9]+ failed' "$tmp" | tail -1)
	p=$(printf '%s\n' "$last" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+')
	f=$(printf '%s\n' "$last" | grep -oE '[0-9]+ failed' | grep -oE '[0-9]+')
	k=$(printf '%s\n' "$last" | grep -oE '[0-9]+ skipped' | grep -oE '[0-9]+')
}
# the checker can fail: a binary that prints nothing fails every check
python3 "$top/tests/zoo/check-zoo.py" /bin/true gzip >"$tmp" 2>&1
rc=$?
count
if [ $rc = 1 ] && [ "${p:-x}" = 0 ] && [ "${f:-0}" -gt 10 ]; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "FAIL check-zoo.py with /bin/true: exit $rc, $last"
fi
# make-zoo.sh is a valid script, and every profile of MANIFEST is there
if sh -n "$top/tests/zoo/make-zoo.sh"; then
	pass=$((pass + 1))
else
	fail=$((fail + 1))
	echo "FAIL make-zoo.sh: sh -n"
fi
python3 "$top/tests/zoo/check-zoo.py" "$bin" >"$tmp" 2>&1
grep -v '^PASS ' "$tmp" | grep -v '^zoo: '
count
pass=$((pass + ${p:-0})); fail=$((fail + ${f:-1})); skip=$((skip + ${k:-0}))
echo "zoo: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
