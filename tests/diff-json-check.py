#!/usr/bin/env python3
"""diff-json-check.py BINARY SCHEMA TESTDATA: the --diff --format=json output of
the diff test pairs validates against SCHEMA and agrees with the TSV output:
same functions in the same order, same old and new costs, the TSV change
columns equal new - old, every cost has one entry per event, the status
matches the costs' presence, and the totals equal each profile's own JSON
report (--format=json without --diff).
Ends with "diff-json: N passed, N failed".
"""
import json
import subprocess
import sys

import jsonschema

PAIRS = [
    ("diff/old/callgrind.out.old", "diff/new/callgrind.out.new", []),
    ("diff/old/callgrind.out.old", "diff/new/callgrind.out.new", ["--inclusive=yes"]),
    ("diff/hash_old.cg", "diff/hash_new.cg",
     ["--mod-filename=s|^/build/[0-9a-f]+/||", "--mod-funcname=s/'[0-9]+$//"]),
    ("diff/hash_old.cg", "diff/hash_new.cg", ["--sort=Dr"]),
    ("regress/inlined_old.cg", "regress/inlined_new.cg", []),
]


def run(binary, cwd, args):
    p = subprocess.run([binary] + args, cwd=cwd, capture_output=True, check=True)
    return p.stdout.decode()


def check(binary, schema, cwd, old, new, extra):
    j = json.loads(run(binary, cwd, ["--diff", "--format=json"] + extra + [old, new]))
    jsonschema.validate(j, schema)
    n = len(j["events"])
    tsv = run(binary, cwd, ["--diff", "--format=tsv"] + extra + [old, new]).splitlines()
    rows = [r.split("\t") for r in tsv if r.startswith("fn\t")]
    assert len(rows) == len(j["functions"]), "tsv and json list different functions"
    for f, r in zip(j["functions"], rows):
        assert (r[3], r[4]) == (f["file"], f["name"]), (r, f["name"])
        assert r[1] == f["status"]
        nums = [int(x) for x in r[5:]]
        assert len(nums) == 6 * n
        for k, kind in enumerate(("self", "inclusive")):
            for e in range(n):
                o, nw, ch = nums[3 * (k * n + e): 3 * (k * n + e) + 3]
                assert o == f[kind]["old"][e] and nw == f[kind]["new"][e]
                assert ch == nw - o
        for kind in ("self", "inclusive"):
            assert len(f[kind]["old"]) == n and len(f[kind]["new"]) == n
        if f["status"] == "new":
            assert not any(f["self"]["old"]) and not any(f["inclusive"]["old"])
    for side, path in (("old", old), ("new", new)):
        own = json.loads(run(binary, cwd, ["--format=json"] + [path]))
        assert own["totals"] == j["totals"][side], (side, own["totals"])
    # a whole function's self cost is its own plus its pieces', each side
    for f in j["functions"]:
        assert (f["whole"] is None) != (f["inlined_into"] is None), f["name"]
        if f["whole"] is None:
            continue
        pieces = [g for g in j["functions"] if g["inlined_into"] == {"file": f["file"], "name": f["name"]}]
        for side in ("old", "new"):
            for e in range(n):
                s = f["self"][side][e] + sum(g["self"][side][e] for g in pieces)
                assert f["whole"]["self"][side][e] == s, (f["name"], side, s)


def main():
    binary, schema_path, cwd = sys.argv[1:4]
    schema = json.load(open(schema_path))
    ok = bad = 0
    for old, new, extra in PAIRS:
        try:
            check(binary, schema, cwd, old, new, extra)
            ok += 1
        except Exception as e:  # report and count
            print("FAIL %s %s %s: %s" % (old, new, " ".join(extra), e))
            bad += 1
    print("diff-json: %d passed, %d failed" % (ok, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
