#!/bin/sh
# The HTML report (--format=html, issue 28):
#  - src/html/report.js passes node --check, and the page holds it and
#    src/html/report.css byte for byte (embedded at build time);
#  - the page is self-contained: a Content-Security-Policy that allows
#    nothing but its inline script and style, no URL it would load;
#  - the same input gives the same bytes (no time, no address in it);
#  - the report of a 20 MB generated profile (bench/gen.c) stays small:
#    bounded by the functions shown, not by the profile;
#  - headless Chromium (python3-selenium, chromium-driver) on the reports
#    of real profiles committed here (a C++ program, testdata/html/shapes.cg.gz;
#    GCC's cc1; with machine code, testdata/asm) and of a --diff of two real profiles
#    (testdata/diff/old, new): rows and totals are those of --format=json,
#    sorting, the filter, the function panel with its callers, callees and
#    source, back, the flame graph, no console error (tests/html/check-html.py);
#    and a profile of hostile names (testdata/escape/html.cg): nothing in
#    them runs.  Skipped without chromium.
set -u
top=$(pwd)
bin=$top/annogrind
name=html
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0 fail=0 skip=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

if command -v node >/dev/null 2>&1; then
	if node --check "$top/src/html/report.js" 2>"$tmp/err"; then ok; else bad "node --check report.js"; cat "$tmp/err"; fi
else
	echo "node (Debian nodejs) is not installed: report.js not checked"
	skip=$((skip + 1))
fi

(cd "$top/testdata/demo" && "$bin" --format=html ../html/shapes.cg.gz) >"$tmp/shapes.html" || bad "--format=html shapes.cg.gz"
(cd "$top/testdata/demo" && "$bin" --format=html ../html/shapes.cg.gz) >"$tmp/shapes2.html"
if cmp -s "$tmp/shapes.html" "$tmp/shapes2.html"; then ok; else bad "two runs differ"; fi
python3 - "$tmp/shapes.html" "$top/src/html/report.js" "$top/src/html/report.css" >"$tmp/why" 2>&1 <<'PY'
import re, sys
page = open(sys.argv[1], encoding="utf-8").read()
js = open(sys.argv[2], encoding="utf-8").read()
css = open(sys.argv[3], encoding="utf-8").read()
bad = []
if js not in page: bad.append("report.js is not in the page as it is")
if css not in page: bad.append("report.css is not in the page as it is")
csp = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', page)
if not csp or "default-src 'none'" not in csp.group(1): bad.append("no CSP default-src 'none'")
# outside the JSON data block, nothing that loads: no src=, no <link>, no url(), no http
data = re.search(r'<script type="application/json" id="ag-data">.*?</script>', page, re.S)
rest = page[:data.start()] + page[data.end():] if data else page
for pat in (r'<link\b', r'\bsrc=', r'url\(', r'@import', r'https?://(?!www\.w3\.org/)'):
    if re.search(pat, rest): bad.append("the page loads something: " + pat)
print("\n".join(bad) or "ok")
PY
if [ "$(cat "$tmp/why")" = ok ]; then ok; else bad "self-contained page"; cat "$tmp/why"; fi

# the size: bounded by what is shown (HTML_ROWS_MAX functions), not by the profile
if cc -O2 -o "$tmp/gen" "$top/bench/gen.c" 2>"$tmp/err"; then
	"$tmp/gen" -s 20M >"$tmp/g20.out" 2>/dev/null
	"$bin" --format=html "$tmp/g20.out" >"$tmp/g20.html" || bad "--format=html on a 20 MB profile"
	size=$(wc -c <"$tmp/g20.html")
	echo "html: a $(($(wc -c <"$tmp/g20.out") / 1048576)) MB profile gives a $((size / 1024)) KB page"
	if [ "$size" -lt 4000000 ]; then ok; else bad "the page of a 20 MB profile is $size bytes"; fi
	rm -f "$tmp/g20.out"
else
	bad "cc bench/gen.c"; cat "$tmp/err"
fi

chrome=$(command -v chromium || true)
py=/usr/bin/python3
[ -x "$py" ] || py=python3
if [ -n "$chrome" ] && command -v chromedriver >/dev/null 2>&1 && "$py" -c 'import selenium' 2>/dev/null; then
	(cd "$top/testdata/demo" && "$bin" --format=json ../html/shapes.cg.gz) >"$tmp/shapes.json"
	"$bin" --format=html "$top/testdata/views/cc1.out.gz" >"$tmp/cc1.html"
	"$bin" --format=json "$top/testdata/views/cc1.out.gz" >"$tmp/cc1.json"
	(cd "$top/testdata/asm" && "$bin" --format=html callgrind.out.loop) >"$tmp/loop.html"
	(cd "$top/testdata/asm" && "$bin" --format=json callgrind.out.loop) >"$tmp/loop.json"
	(cd "$top/testdata/diff/new" && "$bin" --diff --format=html ../old/callgrind.out.old callgrind.out.new) >"$tmp/diff.html"
	(cd "$top/testdata/diff/new" && "$bin" --diff --format=json ../old/callgrind.out.old callgrind.out.new) >"$tmp/diff.json"
	"$bin" --format=html --threshold=100 "$top/testdata/escape/html.cg" >"$tmp/hostile.html"
	shots=""
	[ -n "${HTML_SHOTS:-}" ] && shots="--shots $HTML_SHOTS"
	"$py" "$top/tests/html/check-html.py" $shots \
		profile "$tmp/shapes.html" "$tmp/shapes.json" \
		profile "$tmp/cc1.html" "$tmp/cc1.json" \
		profile "$tmp/loop.html" "$tmp/loop.json" \
		diff "$tmp/diff.html" "$tmp/diff.json" \
		hostile "$tmp/hostile.html" none >"$tmp/why" 2>&1
	rc=$?
	pass=$((pass + $(grep -c '^PASS ' "$tmp/why")))
	fail=$((fail + $(grep -c '^FAIL ' "$tmp/why")))
	grep -v '^PASS ' "$tmp/why"
	[ $rc -le 1 ] || bad "check-html.py stopped (exit $rc)"
else
	echo "chromium, chromium-driver or python3-selenium is not installed: no browser test"
	skip=$((skip + 1))
fi

if [ $skip -gt 0 ]; then
	echo "$name: $pass passed, $fail failed, $skip skipped"
else
	echo "$name: $pass passed, $fail failed"
fi
[ $fail = 0 ]
