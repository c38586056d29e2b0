#!/usr/bin/env python3
"""parts-check.py BIN DIR: the runs in parts of tests/suites/46-parts.sh.

DIR holds two runs of testdata/dumps/steps.c made with valgrind
--dump-before=step: cg.a (one file per dump: cg.a.1, cg.a.2, ..., cg.a)
and cg.b (with --separate-threads=yes too: cg.b.1-01, ..., cg.b-02).
Each file is read by tests/cgtext.py, not by annogrind, and summed here;
annogrind must report each run as that sum (the self cost of every
function, and the total), read alone with --parts=last, and compare the
two runs' sums with --diff.  Prints one line per failure and ends with
"parts: N passed, N failed".
"""
import glob
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cgtext  # noqa: E402

BIN, DIR = sys.argv[1], sys.argv[2]
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL", what)


def parts(base):
    """The files of a run: BASE.N and BASE.N-T, then BASE and BASE-T."""
    names = [os.path.basename(p) for p in glob.glob(os.path.join(DIR, base + "*"))]
    key = re.compile(re.escape(base) + r"(?:\.(\d+))?(?:-(\d+))?$")
    found = []
    for n in names:
        m = key.match(n)
        if not m or os.path.getsize(os.path.join(DIR, n)) == 0:
            continue
        part = int(m.group(1)) if m.group(1) else 1 << 62
        found.append((part, int(m.group(2) or 0), n))
    return [n for _, _, n in sorted(found)]


def self_costs(files):
    """{(file, fn): Ir} and the total, summed over files."""
    fns, total = {}, 0
    for f in files:
        d = cgtext.read(os.path.join(DIR, f))
        for key, lines in d["fnlines"].items():
            c = sum(v[0] for v in lines.values())
            fns[key] = fns.get(key, 0) + c
            total += c
    return fns, total


def annogrind(*args):
    r = subprocess.run([BIN] + list(args), cwd=DIR, capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


runs = {}
for base, nparts in (("cg.a", 5), ("cg.b", 6)):
    files = parts(base)
    check(len(files) >= nparts, "%s: %d files, want at least %d: %s" % (base, len(files), nparts, files))
    fns, total = self_costs(files)
    runs[base] = fns
    rc, out, err = annogrind("--format=json", base)
    j = json.loads(out)
    check(rc == 0 and err == "", "%s: exit %d, %s" % (base, rc, err))
    check(j["profiles"] == files, "%s: read %s, want %s" % (base, j["profiles"], files))
    check(j["totals"][0] == total, "%s: total %d, the parts sum to %d" % (base, j["totals"][0], total))
    got = {(f["file"], f["name"]): f["self"][0] for f in j["functions"]}
    bad = [(k, got.get(k), v) for k, v in fns.items() if v and got.get(k) != v]
    check(not bad, "%s: self costs differ from the parts' sum: %s" % (base, bad[:3]))
    # the step function ran 1+2+3 times n, and a half n in the worker
    steps = [v for (fl, fn), v in fns.items() if fn == "step"]
    check(len(steps) == 1, "%s: step found %d times" % (base, len(steps)))
    # --parts=last: the file itself (and its threads), with a warning naming the others
    last = [f for f in files if re.fullmatch(re.escape(base) + r"(-\d+)?", f)]
    _, ltotal = self_costs(last)
    rc, out, err = annogrind("--format=json", "--parts=last", base)
    check(json.loads(out)["totals"][0] == ltotal, "%s --parts=last: not the last part's %d" % (base, ltotal))
    check("other dumps of the same run beside it are not read" in err,
          "%s --parts=last: no warning: %r" % (base, err))

# --diff: each side is its run's sum
rc, out, err = annogrind("--diff", "--format=json", "cg.a", "cg.b")
j = json.loads(out)
check(rc == 0 and err == "", "diff: exit %d, %s" % (rc, err))
a, b = runs["cg.a"], runs["cg.b"]
check(j["totals"]["old"][0] == sum(a.values()) and j["totals"]["new"][0] == sum(b.values()),
      "diff totals %s, the parts sum to %d and %d" % (j["totals"], sum(a.values()), sum(b.values())))
bad = [(f["file"], f["name"], f["self"]) for f in j["functions"]
       if f["self"]["old"][0] != a.get((f["file"], f["name"]), 0)
       or f["self"]["new"][0] != b.get((f["file"], f["name"]), 0)]
check(len(j["functions"]) > 20 and not bad, "diff: self costs not the parts' sums: %s" % bad[:3])
print("parts: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
