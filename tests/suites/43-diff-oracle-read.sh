#!/bin/sh
# A second reader for the writer: callgrind_annotate (Valgrind's, when
# installed) reads every corpus profile and its --format=callgrind copy and
# must print the same function table, self and inclusive (compared as sets
# of lines: callgrind_annotate orders equal costs by hash order), with the
# A profile and option set callgrind_annotate fails on, or misreads
# (MANIFEST.tsv notes "ORACLE-BUG" or "ORACLE quirks" for the row of that
# option set: it then misreads the original and the copy differently), is
# left out, and so is a profile whose total the copy writes as the sum of
# its cost lines; a profile with no set left counts as skipped.  Without
# callgrind_annotate the suite is skipped.
set -u
top=$(pwd)
bin=$top/annogrind
corpus=${ANNOGRIND_CORPUS:-$top/../shared/corpus}
name=diff-oracle-read
if [ ! -f "$corpus/MANIFEST.tsv" ]; then
	echo "no corpus at $corpus"
	echo "$name: 0 passed, 0 failed, 1 skipped"
	exit 0
fi
sh tests/deps.sh need $name valgrind || exit 0
export LC_ALL=C PERL_HASH_SEED=0 PERL_PERTURB_KEYS=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
pass=0 fail=0 skip=0
for f in $(awk -F'\t' 'NR > 1 { print $1 }' "$corpus/MANIFEST.tsv" | sort -u); do
	dir=$corpus/$(dirname "$f")
	base=$(basename "$f")
	if ! (cd "$dir" && "$bin" --format=callgrind "$base" >"$tmp/w" 2>"$tmp/werr"); then
		skip=$((skip + 1))
		continue
	fi
	# a total that says less than its cost lines is written as their sum
	# (annogrind(1), DESCRIPTION): callgrind_annotate's percentages of the
	# two differ on purpose (xdebug's 2.php.cg)
	if grep -q "line is below the cost lines" "$tmp/werr"; then
		echo "skip $f (its total is below its cost lines: the copy's is their sum)"
		skip=$((skip + 1))
		continue
	fi
	# the copy as old as the original: a source newer than one is newer
	# than the other (the corpus's files may be copied a second apart)
	touch -r "$dir/$base" "$tmp/w"
	ok=1 ran=0
	# inputs callgrind_annotate reads wrongly whatever the options: CRLF
	# (it keeps the CR in names; the copy has none), costs that are not
	# plain numbers
	if awk -F'\t' -v f="$f" '$1 == f && $8 ~ /CRLF|not valid per spec/ { bad = 1 } END { exit !bad }' \
		"$corpus/MANIFEST.tsv"; then
		skip=$((skip + 1))
		continue
	fi
	for tagset in "thr100-noauto:--threshold=100 --auto=no" \
		"inclusive:--inclusive=yes --threshold=100 --auto=no" \
		"default:--auto=yes"; do
		tag=${tagset%%:*}
		set=${tagset#*:}
		# the oracle's notes for this profile and option set
		if awk -F'\t' -v f="$f" -v t=".ann.$tag.txt" \
			'$1 == f && substr($5, length($5) - length(t) + 1) == t && $8 ~ /ORACLE-BUG|ORACLE quirks/ { bad = 1 }
			 END { exit !bad }' "$corpus/MANIFEST.tsv"; then
			continue
		fi
		# shellcheck disable=SC2086
		if ! (cd "$dir" && callgrind_annotate $set "$base") >"$tmp/a" 2>/dev/null; then
			continue
		fi
		ran=1
		# shellcheck disable=SC2086
		(cd "$dir" && callgrind_annotate $set "$tmp/w") 2>/dev/null >"$tmp/b"
		# (a source newer than the profile is said of the original only: the
		# copy of the corpus may give a source a later time than its profile)
		sed 2d "$tmp/a" | grep -v "^@ Source file .* is more recent than input file" | sort >"$tmp/as"
		sed -e 2d -e "s|$tmp/w|$base|g" "$tmp/b" | grep -v "^@ Source file .* is more recent than input file" | sort >"$tmp/bs"
		if ! cmp -s "$tmp/as" "$tmp/bs"; then
			[ $ok = 1 ] && echo "FAIL $f ($set)"
			ok=0
			diff "$tmp/as" "$tmp/bs" | head -10 | sed 's/^/    /'
		fi
	done
	if [ $ran = 0 ]; then
		skip=$((skip + 1))
	elif [ $ok = 1 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
	fi
done
echo "$name: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ]
