#!/bin/sh
# Inclusive costs from Callgrind's recursion levels (issue 14).
#  - real-check.py: on real profiles (testdata/levels/real: python3, sqlite3),
#    every outer function costs the sum of the calls made to it, as
#    callsums.py reads them from the profile text, in the --inclusive
#    table, in --tree=caller and in the JSON;
#  - oracle-outer.py: on every inclusive/tree row of ../shared/corpus
#    written by Callgrind, the numbers of outer functions and of calls with
#    an outer end are callgrind_annotate's, byte for byte (ORACLE-BUG rows
#    too: callgrind_annotate is right exactly there).
top=$(cd "$(dirname "$0")/../.." && pwd)
sh "$top/tests/deps.sh" need levels python3 || exit 0
bin=$top/annogrind
pass=0 fail=0 skip=0
tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
count() {
	last=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$tmp" | tail -1)
	p=$(printf '%s\n' "$last" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+')
	f=$(printf '%s\n' "$last" | grep -oE '[0-9]+ failed' | grep -oE '[0-9]+')
	k=$(printf '%s\n' "$last" | grep -oE '[0-9]+ skipped' | grep -oE '[0-9]+')
	pass=$((pass + ${p:-0})); fail=$((fail + ${f:-1})); skip=$((skip + ${k:-0}))
}
for f in "$top"/testdata/levels/real/*.cg.gz; do
	(cd "$(dirname "$f")" && python3 "$top/tests/incl/real-check.py" "$bin" "$(basename "$f")") >"$tmp" 2>&1
	grep -v 'passed, ' "$tmp"
	count
done
if [ -f "$top/../shared/corpus/MANIFEST.tsv" ]; then
	python3 "$top/tests/incl/oracle-outer.py" "$bin" "$top/../shared/corpus" >"$tmp" 2>&1
	grep -v 'passed, ' "$tmp"
	count
else
	skip=$((skip + 1))
fi
echo "levels: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
