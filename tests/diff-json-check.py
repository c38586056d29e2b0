#!/usr/bin/env python3
"""diff-json-check.py BINARY SCHEMA TESTDATA: the --diff --format=json output of
the diff test pairs validates against SCHEMA and agrees with the TSV output:
same functions in the same order, same old and new costs, the TSV change
columns equal new - old, every cost has one entry per event, the status
matches the costs' presence, and the totals equal each profile's own JSON
report (--format=json without --diff).  Each annotated source line in
"sources" holds the old and new sums of that line over the profiles' own
text (tests/cgtext.py, not annogrind's reader), every such line of the file
is listed, its change is new - old, and so are its calls'.
Ends with "diff-json: N passed, N failed".
"""
import json
import os
import re
import subprocess
import sys

import jsonschema

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cgtext  # noqa: E402

PAIRS = [
    ("diff/old/callgrind.out.old", "diff/new/callgrind.out.new", []),
    ("diff/old/callgrind.out.old", "diff/new/callgrind.out.new", ["--inclusive=yes"]),
    ("diff/hash_old.cg", "diff/hash_new.cg",
     ["--mod-filename=s|^/build/[0-9a-f]+/||", "--mod-funcname=s/'[0-9]+$//"]),
    ("diff/hash_old.cg", "diff/hash_new.cg", ["--sort=Dr"]),
    ("regress/inlined_old.cg", "regress/inlined_new.cg", []),
    ("regress/calc_old.cg", "regress/calc_new.cg", ["regress/calc.c"]),
    ("regress/calc_old.cg", "regress/calc_new.cg", ["--auto=no", "regress/calc.c"]),
]


def rules(extra, opt):
    """The s|regex|replacement| rules of --mod-filename or --mod-funcname, as a function."""
    subs = []
    for x in extra:
        if x.startswith(opt + "="):
            r = x[len(opt) + 1:]
            d = r[1]
            _, rx, rep, _ = r.split(d)
            subs.append((re.compile(rx), rep.replace("&", "\\g<0>")))

    def apply(name):
        for rx, rep in subs:
            name = rx.sub(rep, name, count=1)
        return name
    return apply


def profile_file(lines, name):
    """The profile's file a source entry names: itself, or ending it after a '/' (or ended so)."""
    hits = [f for f in lines if f == name or name.endswith("/" + f) or f.endswith("/" + name)]
    return hits[0] if len(hits) == 1 else name


def check_sources(j, sides, funcs, n):
    """Every annotated line against the sums of the profiles' text."""
    nlines = 0
    for src in j["sources"]:
        want = {}
        calls = {}
        for k, side in enumerate(sides):
            f = profile_file(side["lines"], src["file"])
            for line, cost in side["lines"].get(f, {}).items():
                want.setdefault(line, [[0] * n, [0] * n])[k] = cost[:n]
            for (cf, line, caller, callee), (count, cost) in side["calls"].items():
                if cf != f:
                    continue
                c = calls.setdefault((line, funcs(caller), funcs(callee)), [[0, 0], [[0] * n, [0] * n]])
                c[0][k] += count
                c[1][k] = [a + b for a, b in zip(c[1][k], cost[:n])]
        got = {}
        for ln in src["lines"]:
            assert ln["line"] not in got, ("line listed twice", src["file"], ln["line"])
            old, new = ln["old"][:n], ln["new"][:n]
            assert ln["change"] == [b - a for a, b in zip(ln["old"], ln["new"])], (src["file"], ln)
            if any(old) or any(new) or ln["line"] in want:
                got[ln["line"]] = [old, new]
            for c in ln["calls"]:
                key = (ln["line"], c["caller"]["name"], c["name"])
                assert key in calls, ("a call the profiles do not make", src["file"], key)
                assert [c["count"]["old"], c["count"]["new"]] == calls[key][0], (key, c["count"])
                assert [c["old"][:n], c["new"][:n]] == calls[key][1], (key, c)
                assert c["change"] == [b - a for a, b in zip(c["old"], c["new"])], (key, c)
                del calls[key]
        assert got == want, ("lines of %s" % src["file"], sorted(got.items()), sorted(want.items()))
        assert not calls, ("calls left out", src["file"], calls)
        nlines += len(got)
    return nlines


def run(binary, cwd, args):
    p = subprocess.run([binary] + args, cwd=cwd, capture_output=True, check=True)
    return p.stdout.decode()


def check(binary, schema, cwd, old, new, extra):
    files = [x for x in extra if not x.startswith("-")]
    extra = [x for x in extra if x.startswith("-")]
    j = json.loads(run(binary, cwd, ["--diff", "--format=json"] + extra + [old, new] + files))
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
    sides = [cgtext.read(os.path.join(cwd, p), rules(extra, "--mod-filename")) for p in (old, new)]
    nlines = check_sources(j, sides, rules(extra, "--mod-funcname"), n)
    if files:
        assert [s_["file"] for s_ in j["sources"]][:len(files)] == files
        assert all(s_["user"] for s_ in j["sources"][:len(files)])
    if "--auto=no" in extra:
        assert len(j["sources"]) == len(files)
    return len(j["sources"]), nlines


def main():
    binary, schema_path, cwd = sys.argv[1:4]
    schema = json.load(open(schema_path))
    ok = bad = 0
    for old, new, extra in PAIRS:
        try:
            nf, nl = check(binary, schema, cwd, old, new, extra)
            print("ok %s %s %s: %d files, %d lines checked" % (old, new, " ".join(extra), nf, nl))
            ok += 1
        except Exception as e:  # report and count
            print("FAIL %s %s %s: %s" % (old, new, " ".join(extra), e))
            bad += 1
    print("diff-json: %d passed, %d failed" % (ok, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
