#!/bin/sh
# Render the DOT output of every corpus profile (and three test profiles)
# with Graphviz's dot: it must accept it without a message and write an SVG.
# Skipped, and counted as skipped, when dot is not installed.
set -u
top=$(pwd)
bin=$top/annogrind
corpus=${ANNOGRIND_CORPUS:-$top/../shared/corpus}
name=diff-dot
sh tests/deps.sh need $name graphviz || exit 0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
pass=0 fail=0
for f in "$top"/testdata/tree/mutual.cg "$top"/testdata/diff/callgrind.out.qsort_hanoi_default \
	"$top"/testdata/diff/utf8_new.cg \
	$(awk -F'\t' -v c="$corpus" 'NR > 1 { print c "/" $1 }' "$corpus/MANIFEST.tsv" 2>/dev/null | sort -u); do
	if ! "$bin" --format=dot "$f" >"$tmp/g.dot" 2>/dev/null; then
		continue	# a profile annogrind does not read (tested elsewhere)
	fi
	if dot -Tsvg "$tmp/g.dot" >"$tmp/g.svg" 2>"$tmp/err" && grep -q "<svg" "$tmp/g.svg" && ! [ -s "$tmp/err" ]; then
		pass=$((pass + 1))
	else
		echo "FAIL $f"
		head -5 "$tmp/err" | sed 's/^/    /'
		fail=$((fail + 1))
	fi
done
echo "$name: $pass passed, $fail failed"
[ $fail = 0 ]
