#!/bin/sh
# Markdown that fits a pull-request comment (65,536 characters): a real
# C++ program (testdata/demo/shapes.cpp, g++ -g -O2) profiled with
# --cache-sim=yes --branch-sim=yes (13 events) at 2,000 and 4,000 shapes.
# Its --diff --format=markdown is well over the limit whole
# (--markdown-max=none); by default it stays under it, keeps the table
# whole and the first folded blocks as they are, ends with the note that
# says what was cut, and renders with GitHub's renderer (cmark-gfm) with
# every <details> and code fence closed.  The same for the report of one
# profile with --top=500, whose table is cut.  Skipped without g++ or
# valgrind (and the rendering without cmark-gfm).
set -u
top=$(pwd)
bin=$top/annogrind
name=md-fit
for t in g++ valgrind python3; do
	if ! command -v $t >/dev/null 2>&1; then
		echo "$t is not installed"
		echo "$name: 0 passed, 0 failed, 1 skipped"
		exit 0
	fi
done
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
cp "$top/testdata/demo/shapes.cpp" "$tmp/"
(cd "$tmp" && g++ -g -O2 -o shapes shapes.cpp &&
	valgrind --tool=callgrind --cache-sim=yes --branch-sim=yes --callgrind-out-file=cg.old ./shapes 2000 &&
	valgrind --tool=callgrind --cache-sim=yes --branch-sim=yes --callgrind-out-file=cg.new ./shapes 4000) \
	>/dev/null 2>&1 || {
	echo "FAIL: building or profiling testdata/demo/shapes.cpp"
	echo "$name: 0 passed, 1 failed"
	exit 1
}
cd "$tmp" || exit 2
"$bin" --diff --format=markdown cg.old cg.new >diff.md &&
	"$bin" --diff --format=markdown --markdown-max=none cg.old cg.new >whole.md &&
	"$bin" --format=markdown --top=500 cg.new >one.md &&
	"$bin" --format=markdown --top=500 --markdown-max=none cg.new >onewhole.md || {
	echo "FAIL: annogrind --format=markdown"
	echo "$name: 0 passed, 1 failed"
	exit 1
}
render=0
command -v cmark-gfm >/dev/null 2>&1 && render=1
python3 - "$render" <<'PY'
import re
import subprocess
import sys

render = sys.argv[1] == "1"
passed = failed = skipped = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL", what)


def text(name):
    return open(name, encoding="utf-8", errors="replace").read()


for cut, whole, what in (("diff.md", "whole.md", "the diff"), ("one.md", "onewhole.md", "one profile")):
    c, w = text(cut), text(whole)
    events = re.search(r"\| Events? \|[^\n]*", w)
    check(len(w) > 65536, "%s: whole only %d characters: nothing to cut" % (what, len(w)))
    check(len(c.encode()) <= 65536, "%s: %d bytes, more than a comment holds" % (what, len(c.encode())))
    check(c.rstrip().endswith("`--markdown-max=none` writes it all.*"), "%s: no note at the end" % what)
    # what is kept is the whole's, up to the first cut
    table = w.split("</details>")[0] if "diff" in cut else w.split("\n\n<details>")[0]
    if "diff" in cut:
        check(c.startswith(table), "%s: the table or first block differ from the whole's" % what)
    else:
        rows = [ln for ln in c.split("\n") if ln.startswith("| `")]
        wrows = [ln for ln in w.split("\n") if ln.startswith("| `")]
        check(0 < len(rows) < len(wrows) and rows == wrows[:len(rows)],
              "%s: %d rows kept of %d, not the first" % (what, len(rows), len(wrows)))
    check(c.count("<details>") == c.count("</details>"), "%s: <details> not closed" % what)
    if render:
        html = subprocess.run(["cmark-gfm", "--unsafe", "-e", "table", cut], capture_output=True,
                              text=True).stdout
        check(html.count("<pre") == c.count("```text"), "%s: a code fence is not closed" % what)
        check(html.count("<details>") == html.count("</details>"), "%s: rendered <details> unbalanced" % what)
    else:
        skipped += 1
        print("skip %s: no cmark-gfm" % what)
print("md-fit: %d passed, %d failed%s" % (passed, failed, ", %d skipped" % skipped if skipped else ""))
sys.exit(1 if failed else 0)
PY
