#!/usr/bin/env python3
"""real-check.py BINARY PROFILE: on a real Callgrind profile, every outer
function (called, no recursion level such as f'2 in its name, not calling
itself, one object) must cost exactly the sum of the calls made to it, as
callsums.py reads them from the profile text, in the --inclusive table, in
--tree=caller (its own line and the sum of its caller lines) and in the
JSON (inclusive, inclusive_exact, callers).  Prints what it checked and a
line "real-check: N passed, N failed" (one test per view)."""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from callsums import callsums  # noqa: E402

LEVEL = re.compile(r"'\d+(?:'|$)")
ROW = re.compile(r"^ *([\d,]+|\.) +(\S.*)$")


def name_of(rest):
    rest = re.sub(r" <cycle \d+>$", "", rest)
    if rest.endswith("]") and " [" in rest:
        rest = rest[:rest.rindex(" [")]
    return re.sub(r" \([\d,]+x\)$", "", rest)


def num(s):
    return None if s == "." else int(s.replace(",", ""))


def run(binary, args):
    p = subprocess.run([binary] + args, capture_output=True)
    if p.returncode:
        sys.exit("annogrind %s: exit %d: %s" % (" ".join(args), p.returncode, p.stderr[:300]))
    return p.stdout.decode("utf-8", "replace")


def main():
    binary, profile = os.path.abspath(sys.argv[1]), sys.argv[2]
    sums = callsums(profile)
    outer = {n: s[0] for n, s in sums.items()
             if s[1] and not LEVEL.search(n.split(":", 1)[1]) and not s[2] and len(s[3]) < 2}
    common = ["--threshold=100", "--auto=no", "--show-percs=no", profile]
    failed = []

    table = {}
    text = run(binary, ["--inclusive=yes"] + common).split("file:function", 1)[1]
    for line in text.splitlines():
        m = ROW.match(line)
        if m and not m.group(2).startswith("<cycle"):
            table[name_of(m.group(2))] = num(m.group(1))
    bad = [n for n in outer if table.get(n) != outer[n]]
    if bad:
        failed.append("table: %d of %d differ, e.g. %s: %s, calls %s" %
                      (len(bad), len(outer), bad[0], table.get(bad[0]), outer[bad[0]]))

    tree, callers, fn = {}, [], None
    text = run(binary, ["--inclusive=yes", "--tree=caller"] + common).split("file:function", 1)[1]
    for line in text.splitlines() + [""]:
        m = ROW.match(line)
        if not m:
            callers = []
            continue
        rest = m.group(2)
        if rest.startswith("< "):
            callers.append(num(m.group(1)))
        elif rest.startswith("*  "):
            fn = name_of(rest[3:])
            tree[fn] = (num(m.group(1)), None if None in callers else sum(callers))
    bad = [n for n in outer if tree.get(n) != (outer[n], outer[n])]
    if bad:
        failed.append("tree: %d of %d differ, e.g. %s: own line and callers %s, calls %s" %
                      (len(bad), len(outer), bad[0], tree.get(bad[0]), outer[bad[0]]))

    doc = json.loads(run(binary, ["--format=json", profile]))
    js = {}
    for f in doc["functions"]:
        cin = [c["inclusive"][0] for c in f["callers"] if not c["recursive"]]
        js["%s:%s" % (f["file"], f["name"])] = (
            f["inclusive"][0], f.get("inclusive_exact"),
            sum(cin) if len(cin) == len(f["callers"]) else None)
    bad = [n for n in outer if js.get(n) != (outer[n], True, outer[n])]
    if bad:
        failed.append("json: %d of %d differ, e.g. %s: %s, calls %s" %
                      (len(bad), len(outer), bad[0], js.get(bad[0]), outer[bad[0]]))

    print("%s: %d outer functions of %d called; table, tree and json checked" %
          (profile, len(outer), sum(1 for s in sums.values() if s[1])))
    for f in failed:
        print("FAIL " + f)
    print("real-check: %d passed, %d failed" % (3 - len(failed), len(failed)))
    return 1 if failed else 0


sys.exit(main())
