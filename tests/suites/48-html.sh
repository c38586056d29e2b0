#!/bin/sh
# The HTML report (--format=html, issues 28 and 43):
#  - src/html/report.js passes node --check, and the page holds it and
#    src/html/report.css byte for byte (embedded at build time);
#  - the page is self-contained: a Content-Security-Policy that allows
#    nothing but its inline script and style, no URL it would load;
#  - the same input gives the same bytes (no time, no address in it);
#  - its flame graph is the stacks of --format=folded (inlined code in its
#    function: a C++ -O2 program), its call graph the boxes of --format=dot,
#    its table every function whole with the self cost a reader of the
#    profile text sums for it (tests/html/check-data.py);
#  - --auto=no reads no source; a source newer than the profile is said;
#    a 100 KB name leaves the call graph drawn; when dot fails, its own
#    message is in the page; a <noscript> table of the top functions;
#  - the page of a 20 MB generated profile (bench/gen.c) stays under the
#    profile's size;
#  - headless Chromium (Debian's chromium) driven by puppeteer-core (npm,
#    installed by tests/html/setup.sh outside the checkout) on real
#    profiles (a C++ program, GCC's cc1, sort with 13 events, sort's two
#    --separate-threads files, a --diff) and
#    on hostile names (tests/html/check-html.js): sorting, search past row
#    500, the event and thread selectors, a flame frame opening its panel, the
#    sandwich, links by name, no request, nothing in a name runs or
#    reorders the page.  Skipped without chromium, node or npm.
set -u
top=$(pwd)
bin=$top/annogrind
name=html
sh tests/deps.sh need $name python3 || exit 0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT; trap 'exit 130' INT; trap 'exit 143' TERM
pass=0 fail=0 skip=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
# the checks of tests/html/check-data.py: its PASS and FAIL lines counted
data() {
	python3 "$top/tests/html/check-data.py" "$@" >"$tmp/why" 2>&1
	pass=$((pass + $(grep -c '^PASS ' "$tmp/why")))
	fail=$((fail + $(grep -c '^FAIL ' "$tmp/why")))
	grep -v '^PASS ' "$tmp/why"
	grep -q '^[PF][AI][SL][SL]* ' "$tmp/why" || bad "check-data.py $1 said nothing"
}

if sh tests/deps.sh has nodejs; then
	if node --check "$top/src/html/report.js" 2>"$tmp/err"; then ok; else bad "node --check report.js"; cat "$tmp/err"; fi
else
	echo "skip: missing Debian package nodejs: report.js not checked with node --check"
	skip=$((skip + 1))
fi

(cd "$top/testdata/demo" && "$bin" --format=html ../html/shapes.cg.gz) >"$tmp/shapes.html" || bad "--format=html shapes.cg.gz"
(cd "$top/testdata/demo" && "$bin" --format=html ../html/shapes.cg.gz) >"$tmp/shapes2.html"
if cmp -s "$tmp/shapes.html" "$tmp/shapes2.html"; then ok; else bad "two runs differ"; fi
data page "$tmp/shapes.html" "$top/src/html/report.js" "$top/src/html/report.css"

# the same stacks as --format=folded, the same boxes as --format=dot, whole functions
(cd "$top/testdata/demo" && "$bin" --format=folded ../html/shapes.cg.gz) >"$tmp/shapes.folded"
data folded "$tmp/shapes.html" "$tmp/shapes.folded"
(cd "$top/testdata/demo" && "$bin" --format=html --threshold=99.9 ../html/shapes.cg.gz) >"$tmp/shapes999.html"
(cd "$top/testdata/demo" && "$bin" --format=folded --threshold=99.9 ../html/shapes.cg.gz) >"$tmp/shapes999.folded"
data folded "$tmp/shapes999.html" "$tmp/shapes999.folded"
data whole "$tmp/shapes.html" "$top/testdata/html/shapes.cg.gz"
if sh tests/deps.sh has graphviz; then
	(cd "$top/testdata/demo" && "$bin" --format=dot ../html/shapes.cg.gz) | dot -Tsvg >"$tmp/shapes.svg"
	data graph "$tmp/shapes.html" "$tmp/shapes.svg"
else
	echo "skip: missing Debian package graphviz: the call graph not compared"
	skip=$((skip + 1))
fi

# --auto=no reads no file the profile names; without it the file is read
printf 'version: 1\ncreator: callgrind-3.19.0\ncmd: ./x\npositions: line\nevents: Ir\nfl=/etc/passwd\nfn=leak\n1 5\n' >"$tmp/passwd.cg"
"$bin" --format=html --auto=no "$tmp/passwd.cg" >"$tmp/auto-no.html"
"$bin" --format=html "$tmp/passwd.cg" >"$tmp/auto-yes.html"
line1=$(head -c 12 /etc/passwd)
if ! grep -qF "$line1" "$tmp/auto-no.html" && grep -qF "$line1" "$tmp/auto-yes.html"; then ok; else bad "--auto=no: the page holds /etc/passwd, or the page without it does not"; fi
cp "$tmp/passwd.cg" "$tmp/new.cg"
"$bin" --diff --format=html --auto=no "$tmp/passwd.cg" "$tmp/new.cg" >"$tmp/auto-no-diff.html"
if ! grep -qF "$line1" "$tmp/auto-no-diff.html"; then ok; else bad "--diff --auto=no: the page holds /etc/passwd"; fi

# a source newer than the profile is said, an older one is not
mkdir "$tmp/src"
printf 'int f(void)\n{\n\treturn 1;\n}\n' >"$tmp/src/a.c"
printf 'version: 1\ncreator: callgrind-3.19.0\ncmd: ./a\npositions: line\nevents: Ir\nfl=a.c\nfn=f\n1 5\n3 7\n' >"$tmp/src/a.cg"
touch -d '2001-01-01 00:00' "$tmp/src/a.cg"
(cd "$tmp/src" && "$bin" --format=html a.cg) >"$tmp/newer.html"
data newer "$tmp/newer.html" a.c
touch -d '2001-01-01 00:00' "$tmp/src/a.c"
touch -d '2002-01-01 00:00' "$tmp/src/a.cg"
(cd "$tmp/src" && "$bin" --format=html a.cg) >"$tmp/older.html"
data newer "$tmp/older.html" -

# hostile names: a right-to-left override, markup, javascript:, U+2028, a
# 100 KB name, and a source line with U+202E (tests/html/hostile.py)
mkdir "$tmp/h"
python3 "$top/tests/html/hostile.py" "$tmp/h"
(cd "$tmp/h" && "$bin" --format=html hostile.cg) >"$tmp/hostile.html" 2>"$tmp/err" || bad "--format=html hostile.cg"
data hostile "$tmp/hostile.html"
if sh tests/deps.sh has graphviz; then
	(cd "$tmp/h" && "$bin" --format=dot hostile.cg) | dot -Tsvg >/dev/null 2>"$tmp/err" && ok ||
		{ bad "dot refuses --format=dot of a 100 KB name"; head -c 300 "$tmp/err"; }
else
	echo "skip: missing Debian package graphviz: dot not run on a 100 KB name"
	skip=$((skip + 1))
fi
# dot's own message when it fails (a dot that fails stands in for it)
mkdir "$tmp/bin"
printf '#!/bin/sh\necho "Error: the stand-in dot fails on purpose" >&2\nexit 1\n' >"$tmp/bin/dot"
chmod +x "$tmp/bin/dot"
(cd "$tmp/h" && PATH="$tmp/bin:$PATH" "$bin" --format=html hostile.cg) >"$tmp/nodot.html"
data dotfail "$tmp/nodot.html"

# the size: a page for a 20 MB generated profile (16,000 functions) stays under the profile's
if cc -O2 -o "$tmp/gen" "$top/bench/gen.c" 2>"$tmp/err"; then
	"$tmp/gen" -s 20M >"$tmp/g20.out" 2>/dev/null
	"$bin" --format=html "$tmp/g20.out" >"$tmp/g20.html" || bad "--format=html on a 20 MB profile"
	size=$(wc -c <"$tmp/g20.html") psize=$(wc -c <"$tmp/g20.out")
	echo "html: a $((psize / 1048576)) MB profile gives a $((size / 1024)) KB page"
	if [ "$size" -lt "$psize" ]; then ok; else bad "the page of a 20 MB profile is $size bytes"; fi
	rm -f "$tmp/g20.out" "$tmp/g20.html"
else
	bad "cc bench/gen.c"; cat "$tmp/err"
fi

# the browser
modules=""
if sh "$top/tests/deps.sh" has chromium; then
	modules=$(sh "$top/tests/html/setup.sh" 2>"$tmp/err")
else
	echo "missing Debian package chromium" >"$tmp/err"
fi
if [ -n "$modules" ]; then
	"$bin" --format=html "$top/testdata/views/cc1.out.gz" >"$tmp/cc1.html"
	"$bin" --format=html "$top/testdata/html/sort-cache.cg.gz" >"$tmp/sort.html"
	(cd "$top/testdata/diff/new" && "$bin" --diff --format=html ../old/callgrind.out.old callgrind.out.new) >"$tmp/diff.html"
	"$bin" --format=html --threshold=100 "$top/testdata/escape/html.cg" >"$tmp/escape.html"
	(cd "$top/testdata/html/threads" && "$bin" --format=html callgrind.out.sort) >"$tmp/threads.html"
	shots=""
	[ -n "${HTML_SHOTS:-}" ] && shots="--shots $HTML_SHOTS"
	NODE_PATH=$modules node "$top/tests/html/check-html.js" $shots \
		profile "$tmp/shapes.html" "$top/testdata/html/shapes.cg.gz" \
		profile "$tmp/cc1.html" "$top/testdata/views/cc1.out.gz" \
		profile "$tmp/sort.html" "$top/testdata/html/sort-cache.cg.gz" \
		profile "$tmp/threads.html" "$top/testdata/html/threads/callgrind.out.sort" \
		diff "$tmp/diff.html" - \
		hostile "$tmp/hostile.html" - \
		hostile "$tmp/escape.html" - >"$tmp/why" 2>&1
	rc=$?
	pass=$((pass + $(grep -c '^PASS ' "$tmp/why")))
	fail=$((fail + $(grep -c '^FAIL ' "$tmp/why")))
	grep -v '^PASS ' "$tmp/why"
	[ $rc -le 1 ] || bad "check-html.js stopped (exit $rc)"
else
	echo "skip: no browser test: $(cat "$tmp/err")"
	skip=$((skip + 1))
fi

if [ $skip -gt 0 ]; then
	echo "$name: $pass passed, $fail failed, $skip skipped"
else
	echo "$name: $pass passed, $fail failed"
fi
[ $fail = 0 ]
