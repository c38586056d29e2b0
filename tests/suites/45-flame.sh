#!/bin/sh
# Folded stacks and flame graphs (issue 17) on every profile we have:
#  - folded (--threshold=100) checked by tests/folded-check.py, which reads
#    the profile with its own reader: stacks add up to the total, each
#    function's self cost is spread exactly over its stacks, each pair of
#    frames is a call of the profile; with the default threshold (cut
#    stacks in their callers), the sum and the calls;
#  - on two real profiles (python3, sqlite3), the stacks through each
#    outermost function against the calls made to it (tests/flame-exact.py);
#  - the flame graph SVG well-formed (xmllint; skipped when absent);
#  - two SVGs opened in headless Chromium (skipped when absent): a
#    screenshot, and the DOM after the script ran: frames, tooltips, the
#    search box, and a search given in the address (#search=RE) saying
#    how much it matched.
set -u
top=$(pwd)
bin=$top/annogrind
corpus=${ANNOGRIND_CORPUS:-$top/../shared/corpus}
name=flame
sh tests/deps.sh need $name python3 || exit 0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
pass=0 fail=0 skip=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

profiles=$( (find "$top/testdata" -type f \( -name '*.cg' -o -name '*.cg.gz' -o -name 'callgrind.out.*' \)
	awk -F'\t' -v c="$corpus" 'NR > 1 { print c "/" $1 }' "$corpus/MANIFEST.tsv" 2>/dev/null) | sort -u)
n=0
: >"$tmp/list"
for f in $profiles; do
	n=$((n + 1))
	"$bin" --format=folded --threshold=100 "$f" >"$tmp/full.$n" 2>/dev/null || continue	# unreadable: tested elsewhere
	"$bin" --format=folded "$f" >"$tmp/pruned.$n" 2>/dev/null
	printf 'full\t%s\t%s\npruned\t%s\t%s\n' "$f" "$tmp/full.$n" "$f" "$tmp/pruned.$n" >>"$tmp/list"
done
# one python3 for all of them
python3 "$top/tests/folded-check.py" --list "$tmp/list" >"$tmp/why" 2>&1
rc=$?
[ $rc -le 1 ] || bad "folded-check.py stopped (exit $rc)"
pass=$((pass + $(grep -c '^PASS ' "$tmp/why")))
fail=$((fail + $(grep -c '^FAIL ' "$tmp/why")))
grep -v '^PASS ' "$tmp/why"
n=$(($(grep -c . "$tmp/list") / 2))
echo "folded: $n profiles checked"
[ "$n" -gt 20 ] && ok || bad "only $n profiles could be read"

# the stacks against the inclusive costs the profile gives exactly
# (tests/flame-exact.py: limits a little above what is measured now)
for spec in "python3-json 0.05 0.002" "sqlite3 0.01 0.0005"; do
	set -- $spec
	if python3 "$top/tests/flame-exact.py" "$bin" "$top/testdata/levels/real/$1.cg.gz" "$2" "$3" >"$tmp/exact" 2>&1 &&
	   tail -1 "$tmp/exact" | grep -qx PASS; then
		ok
	else
		bad "stacks of $1 far from its exact inclusive costs"
	fi
	sed '$d' "$tmp/exact"
done

if sh tests/deps.sh has libxml2-utils; then
	for f in $profiles; do
		"$bin" --format=flamegraph --threshold=99.9 "$f" >"$tmp/g.svg" 2>/dev/null || continue
		if xmllint --noout "$tmp/g.svg" 2>"$tmp/err"; then ok; else bad "svg $f"; head -3 "$tmp/err"; fi
	done
else
	echo "skip: missing Debian package libxml2-utils: the SVG is not checked with xmllint"
	skip=$((skip + 1))
fi

chrome=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$chrome" ]; then
	# one profile of our own with names to escape, one differential graph
	"$bin" --format=flamegraph --threshold=100 "$top/testdata/flame/prog.cg" >"$tmp/a.svg"
	(cd "$top/testdata/diff" && "$bin" --diff --format=flamegraph old/callgrind.out.old new/callgrind.out.new) >"$tmp/b.svg"
	for g in a b; do
		want=main; [ $g = b ] && want=partition
		"$chrome" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
			--disable-background-networking --disable-component-update --disable-sync \
			--user-data-dir="$tmp/profile-$g" --window-size=1200,600 \
			--screenshot="$tmp/$g.png" "file://$tmp/$g.svg" >/dev/null 2>&1
		"$chrome" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
			--disable-background-networking --disable-component-update --disable-sync \
			--user-data-dir="$tmp/profile-$g" --virtual-time-budget=3000 \
			--dump-dom "file://$tmp/$g.svg#search=$want" >"$tmp/$g.dom" 2>/dev/null
		frames=$(grep -c '<g class="frame"' "$tmp/$g.dom")
		titles=$(grep -c '<title>' "$tmp/$g.dom")
		if [ -s "$tmp/$g.png" ] && [ "$(head -c 4 "$tmp/$g.png" | tail -c 3)" = PNG ]; then ok; else bad "chromium screenshot of $g.svg"; fi
		if [ "$frames" -gt 3 ] && [ "$titles" -eq "$frames" ] && grep -q 'id="searchbox"' "$tmp/$g.dom" &&
			grep -q 'id="search"' "$tmp/$g.dom" && grep -q 'id="matched"[^>]*>Matched: [1-9][0-9.]*%' "$tmp/$g.dom"; then
			ok
		else
			bad "chromium DOM of $g.svg: $frames frames, $titles titles"
			grep -o 'id="matched"[^<]*' "$tmp/$g.dom" | sed 's/^/    /'
		fi
	done
else
	echo "skip: missing Debian package chromium: the SVG is not opened in a browser"
	skip=$((skip + 1))
fi

if [ $skip -gt 0 ]; then
	echo "$name: $pass passed, $fail failed, $skip skipped"
else
	echo "$name: $pass passed, $fail failed"
fi
[ $fail = 0 ]
