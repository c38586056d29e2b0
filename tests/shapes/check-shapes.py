#!/usr/bin/env python3
"""check-shapes.py BIN: on the real profiles of testdata/shapes (made as its
README says), the facts of issue 41's seams hold in annogrind's output,
checked against the profile text read here (no annogrind code):

 dot-threads (dot -Tsvg, one file, a thread from pango; stripped plugins)
   a. every function keyed by file and name, and by object too where the
      name is an address, has the self cost (every event) and the callers
      (counts and costs) that the text gives it, in --format=json: two
      objects' functions at one offset are two, each with its own callers;
   b. every outer function costs its self cost plus the calls it makes,
      or the calls made to it where that is more (clone: all the thread),
      and --focus on clone totals the same;
 cacheuse-threads (--cacheuse=yes --separate-threads=yes, summed)
   c. no inclusive cost is below its self cost, and each total is at
      least the sum of its cost lines;
 cmark-callers2 (cmark-gfm, --separate-callers=2)
   d. a limit on a function sums its names (contexts, levels): for the
      three costliest, --limit at the summed self share breaks, and just
      above it holds; --focus on the name totals the sum of the inclusive
      costs of its names without a level;
 sed-stripped (GNU sed, stripped)
   e. --focus=main names, first, the address that "(below main)" calls.

Each check prints PASS or FAIL with its numbers; the last line is
"shapes: N passed, N failed"."""
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ADDR = re.compile(r"^0x[0-9a-fA-F]+(?:'|$)")
LEVEL = re.compile(r"^[^']*'\d+(?:'|$)")
results = []


def report(ok, name, detail):
    results.append(ok)
    print("%s %s: %s" % ("PASS" if ok else "FAIL", name, detail), flush=True)


def run(binary, args, cwd, ok=(0,)):
    p = subprocess.run([binary] + args, cwd=cwd, capture_output=True)
    if p.returncode not in ok:
        raise SystemExit("annogrind %s: exit %d: %s" % (" ".join(args), p.returncode, p.stderr[:400]))
    return p


def base(name):
    """A Callgrind name without caller context and recursion level."""
    return name.split("'", 1)[0]


class Text:
    """What profile files say, summed: self costs per function and calls
    per (caller, callee), a function being (file, name, object), object
    None unless the name is an address."""

    def __init__(self, paths):
        self.events, self.self, self.calls, self.sums, self.totals = None, {}, {}, None, []
        for path in paths:
            self.read(path)

    def key(self, fl, fn, ob):
        return (fl, fn, ob if ADDR.match(fn) else None)

    def read(self, path):
        names = {"fl": {}, "fn": {}, "ob": {}}
        table = {"fl": "fl", "fi": "fl", "fe": "fl", "cfi": "fl", "cfl": "fl", "fn": "fn",
                 "cfn": "fn", "ob": "ob", "cob": "ob", "jfi": "fl", "jfn": "fn"}
        npos, fl, fn, ob, cfl, cob, callee, count = 1, "???", None, "", None, None, None, None
        summary = totals = None
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", errors="surrogateescape") as fh:
            for line in fh:
                line = line.rstrip("\n")
                c = line[:1]
                if c.isdigit() or c in "+-*":
                    tok = line.split()
                    v = [int(t, 0) for t in tok[npos:]]
                    if count is not None:
                        k = (self.key(fl, fn, ob), callee)
                        s = self.calls.setdefault(k, [0, [0] * len(self.events)])
                        s[0] += count
                        for i, x in enumerate(v):
                            s[1][i] += x
                        count = None
                    elif fn is not None:
                        s = self.self.setdefault(self.key(fl, fn, ob), [0] * len(self.events))
                        for i, x in enumerate(v):
                            s[i] += x
                            self.sums[i] += x
                    continue
                if line.startswith("positions:"):
                    npos = len(line.split()) - 1
                elif line.startswith("events:"):
                    self.events = line.split()[1:]
                    if self.sums is None:
                        self.sums = [0] * len(self.events)
                elif line.startswith("summary:"):
                    summary = [int(t) for t in line.split()[1:]]
                elif line.startswith("totals:"):
                    totals = [int(t) for t in line.split()[1:]]
                elif line.startswith("calls="):
                    count = int(line[6:].split()[0])
                elif line.startswith("jump=") or line.startswith("jcnd="):
                    pass
                else:
                    k, eq, v = line.partition("=")
                    if not eq or k not in table:
                        continue
                    t = names[table[k]]
                    if v.startswith("(") and v[1:].partition(")")[0].isdigit():
                        num, _, rest = v[1:].partition(")")
                        if rest.strip():
                            t[num] = rest.strip()
                        v = t[num]
                    if k == "ob":
                        ob = v
                    elif k == "cob":
                        cob = v
                    elif k in ("fl", "fi", "fe"):
                        fl = v
                    elif k in ("cfi", "cfl"):
                        cfl = v
                    elif k == "fn":
                        fn = v
                        self.self.setdefault(self.key(fl, fn, ob), [0] * len(self.events))
                    elif k == "cfn":
                        callee = self.key(cfl if cfl is not None else fl, v, cob if cob is not None else ob)
                        cfl = cob = None
        self.totals.append((summary, totals))

    def out(self, f):
        """The summed cost of the calls f makes (first event)."""
        return sum(c[1][0] for (a, b), c in self.calls.items() if a == f)

    def into(self, f):
        return sum(c[1][0] for (a, b), c in self.calls.items() if b == f)


def json_fns(doc):
    """{(file, name, object of an address): function} of annogrind's JSON."""
    out = {}
    for f in doc["functions"]:
        k = (f["file"], f["name"], f["object"] if ADDR.match(f["name"]) else None)
        if k in out:
            raise SystemExit("two functions of the JSON are %r" % (k,))
        out[k] = f
    return out


def check_dot(binary, top):
    d = os.path.join(top, "testdata", "shapes")
    t = Text([os.path.join(d, "dot-threads.out.gz")])
    doc = json.loads(run(binary, ["--format=json", "dot-threads.out.gz"], d).stdout)
    js = json_fns(doc)
    byid = {f["id"]: f for f in doc["functions"]}
    bad = [k for k, v in t.self.items() if k not in js or js[k]["self"][:len(v)] != v]
    shared = {}
    for k in t.self:
        if k[2] is not None:
            shared.setdefault((k[0], k[1]), set()).add(k[2])
    shared = {k: v for k, v in shared.items() if len(v) > 1}
    report(not bad and shared, "dot a.self",
           "%d functions, %d addresses in two or more objects (e.g. %s); %d differ%s" %
           (len(t.self), len(shared), sorted(shared)[0][1] if shared else None, len(bad),
            ": %r" % (bad[:2],) if bad else ""))
    callers = {}
    for (a, b), (n, c) in t.calls.items():
        callers.setdefault(b, {})[a] = (n, c[0])
    bad = []
    for k, want in callers.items():
        got = {}
        for c in js[k]["callers"] if k in js else []:
            g = byid[c["id"]]
            gk = (g["file"], g["name"], g["object"] if ADDR.match(g["name"]) else None)
            got[gk] = (c["count"], c["inclusive"][0])
        if got != want:
            bad.append(k)
    report(not bad, "dot a.callers", "%d called functions; %d with other callers%s" %
           (len(callers), len(bad), ": %r" % (bad[:2],) if bad else ""))
    bad, clone = [], None
    for k, f in js.items():
        if LEVEL.match(k[1]) or k not in t.self:
            continue
        if any(a == k for (a, b) in t.calls if b == k):
            continue        # calls itself: may nest
        want = max(t.into(k), t.self[k][0] + t.out(k))
        if f["inclusive"][0] != want and f["inclusive_exact"]:
            bad.append((k, f["inclusive"][0], want))
        if k[1] == "clone":
            clone = (k, f["inclusive"][0], t.self[k][0], t.out(k), t.into(k))
    report(not bad and clone and clone[1] == clone[2] + clone[3],
           "dot b.outer", "%d of the outer differ%s; clone %s = self %s + calls out %s (calls in %s)" %
           (len(bad), ": %r" % (bad[:2],) if bad else "", clone and clone[1], clone and clone[2],
            clone and clone[3], clone and clone[4]))
    out = run(binary, ["--auto=no", "--focus=clone", "dot-threads.out.gz"], d).stdout.decode()
    m = re.search(r"^([\d,]+) .*PROGRAM TOTALS", out, re.M)
    got = int(m.group(1).replace(",", "")) if m else None
    report(clone and got == clone[1], "dot b.focus", "--focus=clone total %s, clone %s" %
           (got, clone and clone[1]))


def check_cacheuse(binary, top):
    d = os.path.join(top, "testdata", "shapes")
    tmp = tempfile.mkdtemp(prefix="shapes.")
    try:
        parts = []
        for i in (1, 2, 3):
            name = "cacheuse-threads.out-%02d" % i
            with gzip.open(os.path.join(d, name + ".gz"), "rb") as fh, open(os.path.join(tmp, name), "wb") as o:
                shutil.copyfileobj(fh, o)
            parts.append(os.path.join(tmp, name))
        t = Text(parts)
        doc = json.loads(run(binary, ["--format=json", "cacheuse-threads.out"], tmp).stdout)
    finally:
        shutil.rmtree(tmp)
    below = []
    for f in doc["functions"]:
        for e, (s, i) in enumerate(zip(f["self"], f["inclusive"])):
            if s is not None and (i is None or i < s):
                below.append((f["name"], doc["events"][e]["name"], s, i))
    report(not below, "cacheuse c.self", "%d functions, %d inclusive costs below self%s" %
           (len(doc["functions"]), len(below), ": %r" % (below[:3],) if below else ""))
    low = [(e, tot, s) for e, tot, s in zip(doc["events"], doc["totals"], t.sums)
           if tot is not None and tot < s]
    report(not low, "cacheuse c.totals", "totals %s, cost lines %s" % (doc["totals"], t.sums))


def check_cmark(binary, top):
    d = os.path.join(top, "testdata", "shapes")
    prof = "cmark-callers2.out.gz"
    t = Text([os.path.join(d, prof)])
    total = sum(v[0] for v in t.self.values())
    whole = {}
    for k, v in t.self.items():
        whole[base(k[1])] = whole.get(base(k[1]), 0) + v[0]
    names = {}
    for k in t.self:
        names.setdefault(base(k[1]), []).append(k)
    top3 = sorted((b for b in whole if len(names[b]) > 1 and not ADDR.match(b)),
                  key=lambda b: (-whole[b], b))[:3]
    for b in top3:
        pct = 100.0 * whole[b] / total
        most = max(t.self[k][0] for k in names[b])
        under, over = "%.4f%%" % (pct - 0.001), "%.4f%%" % (pct + 0.001)
        p1 = run(binary, ["--auto=no", "--limit=Ir:self:%s=%s" % (b, under), prof], d, ok=(0, 1))
        p2 = run(binary, ["--auto=no", "--limit=Ir:self:%s=%s" % (b, over), prof], d, ok=(0, 1))
        said = "has self Ir {:,} ".format(whole[b]) in p1.stderr.decode()
        report(p1.returncode == 1 and said and p2.returncode == 0, "cmark d.limit[%s]" % b,
               "%d names, self %d (%.2f%% of %d; the costliest name alone %.2f%%): %s breaks (%s), %s holds (exit %d)" %
               (len(names[b]), whole[b], pct, total, 100.0 * most / total, under,
                "said" if said else "not said", over, p2.returncode))
        want = sum(max(t.into(k), t.self[k][0] + t.out(k)) for k in names[b] if not LEVEL.match(k[1]))
        out = run(binary, ["--auto=no", "--focus=%s" % b, prof], d).stdout.decode()
        m = re.search(r"^([\d,]+) .*PROGRAM TOTALS", out, re.M)
        got = int(m.group(1).replace(",", "")) if m else None
        report(got == want, "cmark d.focus[%s]" % b, "total %s, its names without a level %d" % (got, want))


def check_sed(binary, top):
    d = os.path.join(top, "testdata", "shapes")
    t = Text([os.path.join(d, "sed-stripped.out.gz")])
    main = [b for (a, b) in t.calls if a[1] == "(below main)" and b[2] and b[2].endswith("/sed")]
    p = run(binary, ["--auto=no", "--focus=main", "sed-stripped.out.gz"], d, ok=(2,))
    err = p.stderr.decode()
    want = "closest: '%s [sed]'" % main[0][1] if len(main) == 1 else None
    report(want and want in err, "sed e.main", "%s; (below main) calls %r" % (err.strip(), main))


def main():
    binary = os.path.abspath(sys.argv[1])
    top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    for check in (check_dot, check_cacheuse, check_cmark, check_sed):
        check(binary, top)
    print("shapes: %d passed, %d failed" % (sum(1 for r in results if r),
                                            sum(1 for r in results if not r)))
    return 0 if all(results) else 1


sys.exit(main())
