#!/bin/sh
# Round trip through the Callgrind writer: every profile of the shared corpus
# is loaded, written with --format=callgrind, loaded again, and the function
# table, the whole call graph (--inclusive=yes --tree=both) and the
# annotated sources (line costs and calls under their lines) must come out
# byte for byte the same.  So must the report through the renamed copy
# that --mod-funcname makes, with a rule that changes no name.  Profiles
# annogrind rejects are skipped (counted).
#
# usage: tests/suites/40-diff-roundtrip.sh [CORPUS]
set -u
top=$(pwd)
bin=$top/annogrind
corpus=${1:-${ANNOGRIND_CORPUS:-$top/../shared/corpus}}
export LC_ALL=C
name=diff-roundtrip
if [ ! -f "$corpus/MANIFEST.tsv" ]; then
	echo "no corpus at $corpus"
	echo "$name: 0 passed, 0 failed, 1 skipped"
	exit 0
fi
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
pass=0 fail=0 skip=0
for f in $(awk -F'\t' 'NR > 1 { print $1 }' "$corpus/MANIFEST.tsv" | sort -u); do
	dir=$corpus/$(dirname "$f")
	base=$(basename "$f")
	if [ -e "$dir/$base-01" ] || [ -e "$dir/$base-01.gz" ]; then
		# thread files summed: one written file cannot say which thread
		# each stack started in (the man page, --format=callgrind)
		echo "skip $f (--separate-threads files: the thread roots are not written)"
		skip=$((skip + 1))
		continue
	fi
	if ! (cd "$dir" && "$bin" --format=callgrind "$base" >"$tmp/w" 2>/dev/null); then
		echo "skip $f (annogrind does not read it)"
		skip=$((skip + 1))
		continue
	fi
	# the same modification time: sources newer than the profile (to the
	# nanosecond) are so for the written copy too
	touch -r "$dir/$base" "$tmp/w"
	ok=1
	for set in "--auto=no --threshold=100" "--inclusive=yes --tree=both --auto=no --threshold=100" \
		"--auto=yes --threshold=100 --context=3"; do
		# shellcheck disable=SC2086
		# (a source newer than the profile is said of the original only: the
		# copy of the corpus may give a source a later time than its profile)
		(cd "$dir" && "$bin" $set "$base") 2>/dev/null | sed "2s|^Profile data file.*'|Profile data file 'FILE'|" |
			grep -v "^@ Source file .* is more recent than input file" >"$tmp/a"
		# shellcheck disable=SC2086
		(cd "$dir" && "$bin" $set "$tmp/w") 2>/dev/null |
			sed -e "2s|^Profile data file.*'|Profile data file 'FILE'|" -e "s|$tmp/w|$base|g" |
			grep -v "^@ Source file .* is more recent than input file" >"$tmp/b"
		if ! cmp -s "$tmp/a" "$tmp/b"; then
			[ $ok = 1 ] && echo "FAIL $f ($set)"
			ok=0
			diff -u "$tmp/a" "$tmp/b" | head -20 | sed 's/^/    /'
		fi
	done
	# a rename rule that changes no name (s/^$//: only empty names, into
	# empty) goes through the renamed copy: the report must not change
	set="--inclusive=yes --tree=both --threshold=100 --context=3"
	# shellcheck disable=SC2086
	(cd "$dir" && "$bin" $set "$base") >"$tmp/a" 2>/dev/null
	# shellcheck disable=SC2086
	(cd "$dir" && "$bin" $set --mod-funcname='s/^$//' --mod-filename='s/^$//' "$base") >"$tmp/b" 2>/dev/null
	if ! cmp -s "$tmp/a" "$tmp/b"; then
		[ $ok = 1 ] && echo "FAIL $f (renamed copy)"
		ok=0
		diff -u "$tmp/a" "$tmp/b" | head -20 | sed 's/^/    /'
	fi
	# the written file reads back with no warning the original did not give
	(cd "$dir" && "$bin" --auto=no "$base" 2>&1 >/dev/null) | sed "s|$base|FILE|" >"$tmp/ea"
	(cd "$dir" && "$bin" --auto=no "$tmp/w" 2>&1 >/dev/null) | sed "s|$tmp/w|FILE|" >"$tmp/eb"
	if [ -s "$tmp/eb" ] && grep -v -x -F -f "$tmp/ea" "$tmp/eb" >"$tmp/new"; then
		[ $ok = 1 ] && echo "FAIL $f (new warnings reading the written file)"
		ok=0
		head -5 "$tmp/new" | sed 's/^/    /'
	fi
	if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
echo "$name: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
