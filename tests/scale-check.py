#!/usr/bin/env python3
"""scale-check.py BIN OLD NEW [OLD13 NEW13]: a comparison of a larger input.

OLD and NEW are profiles of one C++ program (testdata/demo/shapes.cpp,
g++ -O2 -g) run on a small and a larger input (tests/suites/46-diff-scale.sh).
Both are read here by tests/cgtext.py and their summary: lines, not by
annogrind: NEW's costs times OLD's total over NEW's, rounded, must be
the "new" self costs of --format=json --scale=total (whose "scale" is
that factor), the changes and percentages of the text table, the new
costs of the annotated lines of shapes.cpp, and the Markdown note says
the factor.  A limit still reads the counts as measured.

OLD13 and NEW13, the same runs with --cache-sim=yes --branch-sim=yes (13
events), check the Markdown that fits a pull-request comment: whole
(--markdown-max=none) it is well over 65,536 bytes, by default under;
the table and first block are the whole's, a note ends it, and GitHub's
renderer (cmark-gfm, when there) closes every <details> and code fence.
The same for the report of one profile with --top=500, whose table is
cut.  Ends with "diff-scale: N passed, N failed".
"""
import json
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cgtext  # noqa: E402

BIN, OLD, NEW = sys.argv[1:4]
WIDE = sys.argv[4:6]
HERE = os.path.dirname(os.path.abspath(OLD))   # annogrind runs here: it strips this folder from names
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL", what)


def summary(path):
    with open(path) as f:
        for ln in f:
            if ln.startswith("summary:"):
                return int(ln.split()[1])
    raise SystemExit("no summary: line in " + path)


def selfs(path):
    d = cgtext.read(path, lambda f: f[len(HERE) + 1:] if f.startswith(HERE + "/") else f)
    out = {}
    for (fl, fn), lines in d["fnlines"].items():
        out[(fl, fn)] = out.get((fl, fn), 0) + sum(v[0] for v in lines.values())
    return out, d["lines"]


def run(*args):
    r = subprocess.run([BIN] + list(args), capture_output=True, text=True, cwd=HERE)
    return r.returncode, r.stdout, r.stderr


told, tnew = summary(OLD), summary(NEW)
factor = told / tnew
old, oldlines = selfs(OLD)
new, newlines = selfs(NEW)

rc, out, err = run("--diff", "--format=json", "--scale=total", OLD, NEW)
j = json.loads(out)
check(rc == 0, "json: exit %d %s" % (rc, err))
check(abs(j["scale"][0] - factor) < 1e-12, "scale %r, want %r" % (j["scale"], factor))
check(j["totals"]["old"][0] == told and j["totals"]["new"][0] == tnew,
      "totals %r: not as measured (%d, %d)" % (j["totals"], told, tnew))
bad = []
for f in j["functions"]:
    k = (f["file"], f["name"])
    want_old, want_new = old.get(k, 0), round(new.get(k, 0) * factor)
    if f["self"]["old"][0] != want_old or abs(f["self"]["new"][0] - want_new) > 0:
        bad.append((k, f["self"], want_old, want_new))
check(len(j["functions"]) > 50 and not bad, "json self costs not scaled: %r" % bad[:3])
# a function the program runs a fixed number of times (the loader's) shrinks by the factor
fixed = [f for f in j["functions"] if f["name"] == "_dl_relocate_object"]
check(fixed and fixed[0]["self"]["old"][0] == old[(fixed[0]["file"], "_dl_relocate_object")],
      "no _dl_relocate_object")

# the text table: each row's self change and its percentage of the old cost
rc, out, err = run("--diff", "--auto=no", "--scale=total", "--top=8", OLD, NEW)
CELL = r"(?:[-+]?[0-9,]+(?: \((?:[-+][0-9.]+%|new)\))?)"
table = out.split(" file:function\n", 1)[1].split("\n", 1)[1].split("\n\n", 1)[0]
rows = table.split("\n")
check(len(rows) == 8, "text: %d rows" % len(rows))
check(("Scaled (new):     to the old total, x%.6g Ir" % factor) in out, "text: no scale line")
bad = []
byname = {}
for f in j["functions"]:
    byname.setdefault(f["file"] + ":" + f["name"], f)
for ln in rows:
    m = re.match(r"^ *(" + CELL + r") +(" + CELL + r")  (.*)$", ln)
    if not m:
        bad.append(ln[:80])
        continue
    name = re.sub(r" \[[^]]*\]$", "", re.sub(r" \((new|gone)\)$", "", m.group(3)))
    cm = re.match(r"^([-+]?[0-9,]+)(?: \(([-+][0-9.]+)%\))?$", m.group(1))
    f = byname.get(name)
    if not f:
        bad.append("no " + name[:60])
        continue
    a, b = f["self"]["old"][0], f["self"]["new"][0]
    if not cm or int(cm.group(1).replace(",", "")) != b - a or \
            (a and abs(float(cm.group(2)) - (b - a) * 100.0 / a) > 0.005):
        bad.append((name[:60], m.group(1), a, b))
check(not bad, "text rows: %r" % bad[:3])

# the annotated source of shapes.cpp: each line's new cost scaled
rc, out, err = run("--diff", "--scale=total", OLD, NEW)
src = out.split("-- Auto-annotated source (change): ")
shapes = [b for b in src if b.startswith("shapes.cpp\n")]
check(len(shapes) == 1, "source: %d blocks of shapes.cpp" % len(shapes))
fname = "shapes.cpp"
want = {n: (oldlines.get(fname, {}).get(n, [0])[0], round(newlines.get(fname, {}).get(n, [0])[0] * factor))
        for n in set(oldlines.get(fname, {})) | set(newlines.get(fname, {})) if n}
seen = bad = 0
lineno = 0
body = shapes[0].split("\n\n", 1)[1].split("\n\n", 1)[0].split("\n") if shapes else []
for ln in body:
    m = re.match(r"^-- line (\d+) -", ln)
    if m:
        lineno = int(m.group(1)) - 1
        continue
    m = re.match(r"^ *([0-9,]+) +([0-9,]+) +([-+]?[0-9,]+)(?: \(([-+][0-9.]+%|new)\))? ", ln)
    if m and ln[m.end():].lstrip().startswith("=> "):
        continue    # the calls made from the line above
    lineno += 1
    if not m:
        continue
    a, b = int(m.group(1).replace(",", "")), int(m.group(2).replace(",", ""))
    seen += 1
    if want.get(lineno) != (a, b):
        bad += 1
        print("   line %d: %d %d, want %r" % (lineno, a, b, want.get(lineno)))
check(seen > 10 and not bad, "source lines: %d seen, %d wrong" % (seen, bad))

# Markdown says so; a limit on the total still reads the counts as measured
rc, out, err = run("--diff", "--format=markdown", "--scale=total", "--limit=Ir=+1%", OLD, NEW)
check(("**Scaled:** below, the new costs are scaled to the old total (Ir x%.6g)" % factor) in out,
      "markdown: no note")
check(rc == 1 and "limit 'Ir=+1%' exceeded" in err, "limit with --scale: exit %d %s" % (rc, err))



def fits(old, new):
    """The Markdown of the 13-event runs cut to a comment, against it whole."""
    global skipped
    render = shutil.which("cmark-gfm") is not None
    for what, args in (("the diff", ["--diff", "--format=markdown", old, new]),
                       ("one profile", ["--format=markdown", "--top=500", new])):
        rc, c, err = run(*args)
        check(rc == 0, "%s: exit %d %s" % (what, rc, err))
        rc, w, err = run(*(args[:-2] + ["--markdown-max=none"] + args[-2:]))
        check(len(w) > 65536, "%s: whole only %d characters: nothing to cut" % (what, len(w)))
        check(len(c.encode()) <= 65536, "%s: %d bytes, more than a comment holds" % (what, len(c.encode())))
        check(c.rstrip().endswith("`--markdown-max=none` writes it all."), "%s: no note at the end" % what)
        # what is kept is the whole's, up to the first cut
        if args[0] == "--diff":
            check(c.startswith(w.split("</details>")[0]), "%s: the table or first block differ" % what)
        else:
            rows = [ln for ln in c.split("\n") if ln.startswith("| `")]
            wrows = [ln for ln in w.split("\n") if ln.startswith("| `")]
            check(0 < len(rows) < len(wrows) and rows == wrows[:len(rows)],
                  "%s: %d rows kept of %d, not the first" % (what, len(rows), len(wrows)))
        check(c.count("<details>") == c.count("</details>"), "%s: <details> not closed" % what)
        if not render:
            skipped += 1
            print("skip %s: no cmark-gfm" % what)
            continue
        html = subprocess.run(["cmark-gfm", "--unsafe", "-e", "table"], input=c, capture_output=True,
                              text=True).stdout
        check(html.count("<pre") == c.count("```text"), "%s: a code fence is not closed" % what)
        check(html.count("<details>") == html.count("</details>"), "%s: rendered <details> unbalanced" % what)


skipped = 0
if WIDE:
    fits(*WIDE)
print("diff-scale: %d passed, %d failed%s" % (passed, failed, ", %d skipped" % skipped if skipped else ""))
sys.exit(1 if failed else 0)
