#!/bin/sh
# corpus-incl.sh: no inclusive cost may pass the program total, on every
# profile of testdata/ and of every profile listed in ../shared/corpus's
# MANIFEST.tsv (when present).
#
# Each profile is run with --inclusive=yes --tree=both --threshold=100
# --show-percs=no, and every number of every row (functions, cycles, their
# members, callers and callees) is compared, column by column, with the
# PROGRAM TOTALS line.  A profile annogrind rejects (exit 3: bad input; 2: a
# text file beside a profile, refused as a source file given first), or
# one with negative counts (Cachegrind's differences), is counted as skipped.  Ends with "corpus-incl: N passed, N failed, N skipped".
top=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$top/annogrind}
if [ ! -x "$bin" ]; then echo "corpus-incl: no binary at $bin"; echo "corpus-incl: 0 passed, 1 failed"; exit 1; fi
corpus=$top/../shared/corpus
pass=0 fail=0 skip=0
list=$(mktemp) || exit 2
trap 'rm -f "$list" "$list.err"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM

find "$top/testdata" -type f ! -name '*.c' ! -name '*.h' ! -name '*.cc' | sort >"$list"
if [ -f "$corpus/MANIFEST.tsv" ]; then
	tail -n +2 "$corpus/MANIFEST.tsv" | cut -f1 | sort -u | sed "s|^|$corpus/|" >>"$list"
fi

# Prints the first row with a number above the total, or nothing.
check() {
	awk '
	function num(s) { gsub(/,/, "", s); return s }
	/PROGRAM TOTALS/ {
		n = 0
		for (i = 1; i <= NF && $i ~ /^([0-9,]+|\.)$/; i++) tot[++n] = num($i)
		next
	}
	n && /^ *([0-9,]+|\.) / {
		for (i = 1; i <= n && i <= NF; i++) {
			if ($i !~ /^([0-9,]+|\.)$/) break
			v = num($i)
			# compare as decimal strings: costs may pass 2^53
			if (v != "." && tot[i] != "." && (length(v) > length(tot[i]) ||
			    (length(v) == length(tot[i]) && v > tot[i]))) {
				print; exit
			}
		}
	}'
}

while read -r f; do
	[ -f "$f" ] || continue
	out=$(cd "$(dirname "$f")" && "$bin" --inclusive=yes --tree=both --threshold=100 \
		--show-percs=no --auto=no "$(basename "$f")" 2>"$list.err")
	rc=$?
	if [ $rc = 3 ] || { [ $rc = 2 ] && grep -q 'give the profile first' "$list.err"; }; then
		skip=$((skip + 1))
		continue
	fi
	if [ $rc != 0 ]; then
		echo "FAIL $f: exit $rc"
		fail=$((fail + 1))
		continue
	fi
	# Cachegrind's differences (signed counts): rows of either sign sum to
	# the total, so no row is bounded by it
	if printf '%s\n' "$out" | grep -qE '(^| )-[0-9]'; then
		skip=$((skip + 1))
		continue
	fi
	bad=$(printf '%s\n' "$out" | check)
	if [ -n "$bad" ]; then
		echo "FAIL $f: $bad"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
done <"$list"
echo "corpus-incl: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
