#!/bin/sh
# Every view keeps the exact facts of the profile: tests/views/check-views.py
# on the real profiles of testdata/views (perl, lua with --separate-recs=5,
# gcc's cc1, the three thread files of xz -T2) and testdata/levels/real
# (python3, sqlite3): --focus, --ignore, --hide, summed thread files, single
# calls, folded stacks and globs that match nothing, checked against what
# the profile text says (profread.py), never against annogrind's own code;
# and the solves of static cycles from plans against full solves.
# Each profile's check runs in its folder (names are read as annogrind
# reads them there).  ANNOGRIND=path runs another binary.  A fact the man
# page says is not met (check-views.py's KNOWN, with its reason) counts as
# skipped while it fails.
top=$(cd "$(dirname "$0")/../.." && pwd)
sh "$top/tests/deps.sh" need views python3 || exit 0
bin=${ANNOGRIND:-$top/annogrind}
pass=0 fail=0 skip=0
tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
count() {
	last=$(grep -E '^views: [0-9]+ passed, [0-9]+ failed' "$tmp" | tail -1)
	p=$(printf '%s\n' "$last" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+')
	f=$(printf '%s\n' "$last" | grep -oE '[0-9]+ failed' | grep -oE '[0-9]+')
	k=$(printf '%s\n' "$last" | grep -oE '[0-9]+ skipped' | grep -oE '[0-9]+')
	pass=$((pass + ${p:-0})); fail=$((fail + ${f:-1})); skip=$((skip + ${k:-0}))
}
# the reader's numbers worked out by hand, and the checker able to fail
python3 "$top/tests/views/selftest.py" /bin/true >"$tmp" 2>&1
grep -v '^PASS ' "$tmp" | grep -v '^selftest: '
last=$(grep -E '^selftest: [0-9]+ passed, [0-9]+ failed' "$tmp")
p=$(printf '%s\n' "$last" | grep -oE '[0-9]+ passed' | grep -oE '[0-9]+')
f=$(printf '%s\n' "$last" | grep -oE '[0-9]+ failed' | grep -oE '[0-9]+')
pass=$((pass + ${p:-0})); fail=$((fail + ${f:-1}))
for f in "$top"/testdata/views/*.out.gz "$top"/testdata/views/xz-threads.out \
	"$top"/testdata/levels/real/*.cg.gz; do
	(cd "$(dirname "$f")" && python3 "$top/tests/views/check-views.py" "$bin" "$(basename "$f")") >"$tmp" 2>&1
	grep -v '^views: ' "$tmp"
	count
done
# A static cycle solved again from the plan of its first solve (view.c)
# gives the same bytes as solved in full each time: the plan is the same
# arithmetic in the same order.  python3's 644-member cycle solves seven
# times in --ignore, five of them from a plan.
plans() { # FILE ARG: one check
	a=$(cd "$(dirname "$1")" && "$bin" "$2" "$(basename "$1")" 2>&1 | cksum)
	b=$(cd "$(dirname "$1")" && ANNOGRIND_SOLVE_PLANS=0 "$bin" "$2" "$(basename "$1")" 2>&1 | cksum)
	if [ "$a" = "$b" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $(basename "$1") $2: from plans, not the bytes of full solves"
	fi
}
py=$top/testdata/levels/real/python3-json.cg.gz
for arg in --focus=PyRun_StringFlags --ignore=PyRun_StringFlags "--focus=_PyEval_EvalFrameDefault'2" \
	"--ignore=*alloc*"; do
	plans "$py" "$arg"
done
plans "$top/testdata/views/cc1.out.gz" "--ignore=cgraph_node::expand()"
echo "views: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
