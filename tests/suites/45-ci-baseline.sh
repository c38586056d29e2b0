#!/bin/sh
# CI use beyond the golden tests (issue 16): what needs files, pipes or
# other programs.  Each check below says what it shows; one that needs a
# program that is not installed is counted as skipped.
set -u
name=ci-baseline
top=$(pwd)
bin=$top/annogrind
export LC_ALL=C
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0 skip=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
skipped() { echo "skip $*"; skip=$((skip + 1)); }

# 1. The last dump of a run, read alone, gives callgrind_annotate's report
# byte for byte (the warning about the other dumps is on standard error only).
if command -v callgrind_annotate >/dev/null 2>&1; then
	for f in callgrind.out.4242 callgrind.out.4242.1; do
		(cd testdata/dumps && callgrind_annotate "$f" >"$tmp/want" 2>/dev/null &&
			"$bin" "$f" >"$tmp/got" 2>/dev/null)
		if cmp -s "$tmp/want" "$tmp/got"; then ok; else
			bad "dumps/$f: not callgrind_annotate's report"
			diff -u "$tmp/want" "$tmp/got" | head -10 | sed 's/^/    /'
		fi
	done
else
	skipped "dumps: no callgrind_annotate"
fi

if [ $skip -gt 0 ]; then
	echo "$name: $pass passed, $fail failed, $skip skipped"
else
	echo "$name: $pass passed, $fail failed"
fi
[ $fail = 0 ]
