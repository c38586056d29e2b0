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
# A recursion level's row under a view is at most its row without one:
# perl's Perl_newATTRSUB_x'2 under --focus=Perl_pp_sort (issue 42: its
# inclusive cost was 403,738, the report's 338,286), every row, every event.
rows_le() { # FILE ARG
	if (cd "$(dirname "$1")" && python3 - "$bin" "$(basename "$1")" "$2" <<'EOF'
import json, subprocess, sys
b, prof, arg = sys.argv[1:]
def rows(extra):
    out = subprocess.run([b, "--format=json"] + extra + [prof], capture_output=True, check=True).stdout
    return {(f["object"], f["file"], f["name"]): f["inclusive"] for f in json.loads(out)["functions"]}
full, view = rows([]), rows([arg])
bad = ["%s %s > %s" % (k[2], v, full.get(k)) for k, v in view.items()
       if k not in full or any((x or 0) > (y or 0) for x, y in zip(v, full[k]))]
print("%d of %d rows above the report's%s" % (len(bad), len(view), ", e.g. " + bad[0] if bad else ""))
sys.exit(1 if bad else 0)
EOF
	); then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $(basename "$1") $2: a row above the report's"
	fi
}
rows_le "$top/testdata/zoo/perl.out.gz" --focus=Perl_pp_sort
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
# A view is a function of the profile and the options: the same bytes
# from builds with gcc -O0, clang -O2 and AddressSanitizer+UBSan (shared
# with 50-lean-equal's build/asan), and with --jobs=1 and --jobs=2, on the
# views that never settle (issue 42: python3's --ignore='*alloc*' and
# --focus=_PyEval_EvalFrameDefault'2, which lost 1.2e8 counts a round)
# and the 13 events of sqlite3 with --cache-sim and --branch-sim.
export ASAN_OPTIONS=detect_leaks=1:exitcode=99:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:exitcode=99
builds=""
build() { # DIR MAKE-ARGS...: add DIR/annogrind to builds, or count a failure
	d=$1
	shift
	if (cd "$top" && ${MAKE:-make} -s BUILD="$d" BIN="$d/annogrind" "$@" >/dev/null 2>&1); then
		builds="$builds $top/$d/annogrind"
	else
		fail=$((fail + 1))
		echo "FAIL cannot build $d ($*)"
	fi
}
build build/views-O0 CFLAGS="-O0 -g"
if sh "$top/tests/deps.sh" has clang; then
	build build/views-clang CC=clang CFLAGS="-O2 -g"
else
	skip=$((skip + 1))
	echo "skip: no clang for the same-bytes check"
fi
build build/asan SANITIZE=address,undefined
same_bytes() { # FILE ARG
	want=$(cd "$(dirname "$1")" && "$bin" --format=json "$2" "$(basename "$1")" 2>&1; echo "exit $?")
	bad=""
	for b in $builds "$bin --jobs=1" "$bin --jobs=2"; do
		got=$(cd "$(dirname "$1")" && $b --format=json "$2" "$(basename "$1")" 2>&1; echo "exit $?")
		[ "$got" = "$want" ] || bad="$bad ${b#$top/}"
	done
	if [ -z "$bad" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL $(basename "$1") $2: other bytes from$bad"
	fi
}
for arg in "--ignore=*alloc*" "--focus=_PyEval_EvalFrameDefault'2"; do
	same_bytes "$top/testdata/levels/real/python3-json.cg.gz" "$arg"
done
same_bytes "$top/testdata/zoo/sqlite3-sim.out.gz" "--ignore=*alloc*"
same_bytes "$top/testdata/zoo/sqlite3-sim.out.gz" --focus=sqlite3_step
echo "views: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
