#!/usr/bin/env python3
"""json-check.py BINARY SCHEMA CORPUS: every profile of CORPUS/MANIFEST.tsv, in
--format=json, validates against SCHEMA and has the totals of the text report.

For each profile (run from its folder, as the oracle was):
  - the text report (--auto=no --show-percs=no) and the JSON exit with the same
    status; when it is not 0, the JSON output must be empty;
  - the JSON validates against the schema;
  - its "totals" equal the PROGRAM TOTALS line of the text report, number by
    number ("." in the text is null in the JSON);
  - every cost has one entry per event, every caller/callee id names a
    function, and a function's "calls" is the sum of its callers' counts;
  - --format=tsv has the same totals, one "fn" row per function with the
    JSON's self and inclusive costs, and one "call" row per callee edge.
Ends with "json-check: N passed, N failed".
"""
import json
import os
import subprocess
import sys

import jsonschema


def run(binary, cwd, args):
    p = subprocess.run([binary] + args, cwd=cwd, capture_output=True)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def text_totals(out):
    for line in out.splitlines():
        if line.endswith("PROGRAM TOTALS") or "PROGRAM TOTALS (calculated)" in line:
            cols = line.split("PROGRAM TOTALS")[0].split()
            return [None if c == "." else int(c.replace(",", "")) for c in cols]
    return None


def check(binary, validator, path):
    cwd, base = os.path.split(path)
    trc, text = run(binary, cwd, ["--auto=no", "--show-percs=no", base])
    jrc, js = run(binary, cwd, ["--format=json", base])
    if trc != jrc:
        return "exit %d for text, %d for json" % (trc, jrc)
    if trc != 0:
        return "json printed on error" if js else None
    doc = json.loads(js)
    errors = sorted(validator.iter_errors(doc), key=str)
    if errors:
        return "schema: %s" % errors[0].message[:200]
    want = text_totals(text)
    if doc["totals"] != want:
        return "totals %r, text says %r" % (doc["totals"], want)
    n = len(doc["events"])
    ids = {f["id"] for f in doc["functions"]}
    for f in doc["functions"]:
        costs = [f["self"], f["inclusive"]] + [c["inclusive"] for c in f["callers"] + f["callees"]]
        if any(len(c) != n for c in costs):
            return "%s: a cost without %d entries" % (f["name"], n)
        if any(c["id"] not in ids for c in f["callers"] + f["callees"]):
            return "%s: a call to an unknown id" % f["name"]
        if f["calls"] != sum(c["count"] for c in f["callers"]):
            return "%s: calls is not the sum of its callers' counts" % f["name"]
    why = check_whole(doc)
    if why:
        return why
    return check_tsv(binary, cwd, base, doc)


def check_whole(doc):
    """A whole function's self cost is the sum of its pieces' (every event);
    each piece but the function itself says it was inlined into it; every
    function is a piece of exactly one whole function."""
    fns = {f["id"]: f for f in doc["functions"]}
    seen = {}
    for f in doc["functions"]:
        w = f["whole"]
        if (w is None) == (f["inlined_into"] is None):
            return "%s: whole and inlined_into both set or both null" % f["name"]
        if w is None:
            continue
        if w["pieces"][0] != f["id"]:
            return "%s: the first piece is not the function itself" % f["name"]
        for e in range(len(doc["events"])):
            s = sum(fns[k]["self"][e] or 0 for k in w["pieces"])
            if (w["self"][e] or 0) != s:
                return "%s: whole self %r is not the sum of its pieces' %d" % (
                    f["name"], w["self"][e], s)
        for k in w["pieces"]:
            if k in seen:
                return "function %d is a piece of two functions" % k
            seen[k] = f["id"]
            if k != f["id"] and fns[k]["inlined_into"] != f["id"]:
                return "%s: piece %d is not inlined into it" % (f["name"], k)
    if set(seen) != set(fns):
        return "%d functions are pieces of no whole function" % len(set(fns) - set(seen))
    return None


def tsv_costs(fields):
    return [None if x == "" else int(x) for x in fields]


def check_tsv(binary, cwd, base, doc):
    rc, tsv = run(binary, cwd, ["--format=tsv", base])
    if rc != 0:
        return "tsv exit %d" % rc
    n = len(doc["events"])
    fns = {f["id"]: f for f in doc["functions"]}
    nfn = ncall = 0
    for line in tsv.split("\n"):
        if not line or line.startswith("#") or line.startswith("kind\t"):
            continue
        cols = line.split("\t")
        if len(cols) != 7 + 2 * n:
            return "tsv row with %d columns, want %d" % (len(cols), 7 + 2 * n)
        self_, incl = tsv_costs(cols[7:7 + n]), tsv_costs(cols[7 + n:])
        if cols[0] == "total":
            if self_ != doc["totals"] or incl != doc["totals"]:
                return "tsv totals %r, json %r" % (self_, doc["totals"])
        elif cols[0] == "fn":
            f = fns.get(int(cols[1]))
            nfn += 1
            if not f or self_ != f["self"] or incl != f["inclusive"]:
                return "tsv fn row %s differs from the json" % cols[1]
        elif cols[0] == "call":
            ncall += 1
        else:
            return "tsv row of kind %r" % cols[0]
    if nfn != len(fns) or ncall != sum(len(f["callees"]) for f in fns.values()):
        return "tsv has %d fn and %d call rows" % (nfn, ncall)
    return None


def main():
    binary, schema_path, corpus = sys.argv[1:4]
    with open(schema_path) as fh:
        schema = json.load(fh)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    with open(os.path.join(corpus, "MANIFEST.tsv")) as fh:
        rows = [line.split("\t")[0] for line in fh.read().splitlines()[1:] if line]
    passed = failed = 0
    for rel in sorted(set(rows)):
        why = check(binary, validator, os.path.join(corpus, rel))
        if why:
            print("FAIL %s: %s" % (rel, why))
            failed += 1
        else:
            passed += 1
    print("json-check: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
