#!/usr/bin/env python3
"""check-zoo.py BIN [NAME...]: annogrind (BIN) keeps every exact fact of
the man page on the zoo's real profiles (testdata/zoo, made by
tests/zoo/make-zoo.sh; NAME as in its MANIFEST, all by default).

The expected numbers come from the profile text, read by
tests/views/profread.py (no annogrind code); BIN is run only for the
output checked.  Each profile gets the checks of tests/views/check-views.py
(a. --focus, b. --ignore, c. --hide, d. summed thread files, e. single
calls, every event, f. folded stacks at --threshold=100, g. globs that
match nothing), and these:

 h. self: every function's self cost, every event, as the JSON's rows
    (summed by file and name) give it; totals: the program totals are the
    summary: lines (totals: for the columns they leave out), or the sum
    of the cost lines where that is larger;
 i. incl[F]: each outer function F (man page, "Inclusive costs": no
    recursion level, never calls itself, one object) has its exact
    inclusive cost in the first event, the JSON's whole function, and
    says inclusive_exact: self + calls out, or the calls made to it where
    they are more (a call that never returns: _Exit), see profread.incl;
    incl-events: the same in the other events (one check a profile);
    incl-ge-self: no row's inclusive cost is below its self cost;
 j. roots[F]: in a file of several threads (no --separate-threads), an
    outer F whose self cost and calls out pass the calls made to it (by
    more than 0.01% of the total) starts the stacks of a thread (clone):
    the folded stacks (--threshold=100) that start at F weigh the
    difference, within 0.1% of it or of the total (a thread that
    starts threads is a static cycle, whose stacks are fitted);
 k. folded-default: folded stacks at the default threshold: every box
    drawn (a prefix of the stacks) weighs what the same box weighs with
    --threshold=100 (whose outer functions f. checks against the
    profile), within 0.5% of the total: a stack cut gives its cost to its
    caller's own box, never to another stack;
 l. objects: functions named by an address (???:0x...) in two objects are
    two rows, each with its own self cost and callers;
 m. contexts (--separate-callers): --focus and --limit on a name mean all
    its contexts (f'g'h) summed.

The expected costs are cut to the program total.  A fact the issues say
is broken today is listed in KNOWN with its issue
and item: while it fails it counts as skipped; once it passes it counts as
a failure ("now passes: remove from KNOWN"), so the list empties as fixes
land.  Run from anywhere; it reads the profiles in testdata/zoo (the
thread files unpacked into a temporary folder, as annogrind finds them
only unpacked).  Prints one line per check, then "zoo: N passed, N
failed, N skipped"."""
import gzip
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
ZOO = os.path.join(TOP, "testdata", "zoo")
sys.path.insert(0, os.path.join(TOP, "tests", "views"))
from profread import add  # noqa: E402

_spec = importlib.util.spec_from_file_location("check_views", os.path.join(TOP, "tests", "views", "check-views.py"))
cv = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cv)

ADDR = re.compile(r"^0x[0-9a-fA-F]+$")

# "PROFILE CHECK" -> the issue and item that will make it pass.  The
# numbers are in the line the check prints.
CLONE = "./misc/../sysdeps/unix/sysv/linux/x86_64/clone.S:clone"
GOCLONE = "./runtime/sys_linux_amd64.s:runtime.clone.abi0"
T3_FOLD = "41.3 tail-jump dispatch: Builtins_CompileLazy's stacks far below its exact cost"
KNOWN = {
    "node-jitless f.folded": T3_FOLD,
    "node-sep f.folded": T3_FOLD,
}

results = []
evaluated = set()


def report(ok, prof, name, detail):
    """One check's result, through the KNOWN list."""
    key = "%s %s" % (prof, name)
    why = KNOWN.get(key)
    evaluated.add(key)
    if why and ok:
        results.append(False)
        print("FAIL %s %s: now passes: remove from KNOWN (%s): %s" % (prof, name, why, detail), flush=True)
    elif why:
        results.append(None)
        print("KNOWN %s %s: %s (%s)" % (prof, name, detail, why), flush=True)
    else:
        results.append(ok)
        print("%s %s %s: %s" % ("PASS" if ok else "FAIL", prof, name, detail), flush=True)


# check-views.py's checks report through the zoo's KNOWN list
cv.report = report


def report_each(prof, fact, bad, summary, limit=8):
    """A fact checked function by function: each function that fails is a
    check of its own (FACT[NAME]), as is each function KNOWN names for it
    (so that one that passes again is noticed); the rest is one check."""
    names = sorted(bad)
    for n in names[:limit]:
        report(False, prof, "%s[%s]" % (fact, n), bad[n])
    if len(names) > limit:
        report(False, prof, "%s[+%d more]" % (fact, len(names) - limit),
               "; ".join("%s: %s" % (n, bad[n]) for n in names[limit:limit + 5]))
    pre = "%s %s[" % (prof, fact)
    for key in sorted(KNOWN):
        if key.startswith(pre) and key[len(pre):-1] not in bad:
            report(True, prof, key[len(prof) + 1:], "as expected")
    report(True, prof, fact, summary)


def commas(n):
    return "{:,}".format(n) if isinstance(n, int) else str(n)


def vec(v):
    return "[" + ", ".join(commas(x) for x in v) + "]" if len(v) > 1 else commas(v[0])


class Stacks:
    """Folded stacks kept in a file and read again at each pass: node's
    are 300 MB of text (millions of frames), too many to hold as lists."""

    def __init__(self, path):
        self.path, self.n = path, None

    def __iter__(self):
        with open(self.path, encoding="utf-8", errors="surrogateescape") as fh:
            for line in fh:
                frames, _, w = line.rstrip("\n").rpartition(" ")
                if frames:
                    yield frames.split(";"), int(w)

    def __len__(self):
        if self.n is None:
            self.n = sum(1 for _ in self)
        return self.n


class ZooChecker(cv.Checker):
    def __init__(self, binary, label, paths, argv, tmp):
        cv.Checker.__init__(self, binary, label, paths, argv)
        self.tmp = tmp
        self.events = self.p.events
        self.totalv = self.p.wantv
        self.doc = None

    def stacks(self, args):
        """--format=folded with ARGS, as Stacks (or None) and an error."""
        key = tuple(args)
        if key not in self.folded_cache:
            path = os.path.join(self.tmp, "folded.%d" % len(self.folded_cache))
            with open(path, "wb") as out:
                p = subprocess.run([self.bin, "--format=folded"] + args + self.argv,
                                   stdout=out, stderr=subprocess.PIPE)
            err = p.stderr.decode("utf-8", "surrogateescape")
            self.folded_cache[key] = (None, "exit %d: %s" % (p.returncode, err.strip()[:200])) \
                if p.returncode else (Stacks(path), None)
        return self.folded_cache[key]

    def folded(self, args):
        return self.stacks(["--threshold=100"] + args)

    def full_json(self):
        if self.doc is None:
            rc, out, err = self.ag(["--format=json"])
            if rc:
                self.doc = "exit %d: %s" % (rc, err.strip()[:200])
            else:
                try:
                    self.doc = json.loads(out)
                except ValueError as e:
                    self.doc = "bad JSON: %s" % e
        return self.doc

    def rows(self):
        doc = self.full_json()
        if isinstance(doc, str):
            return None, doc
        return doc["functions"], None

    # ---- h. self costs, every event ----
    def check_self(self):
        fns, err = self.rows()
        if err:
            report(False, self.label, "h.self", err)
            return
        p, ne = self.p, len(self.events)
        got = {}
        for fn in fns:
            k = (fn["file"], fn["name"])
            got[k] = [a + (b or 0) for a, b in zip(got.get(k, [0] * ne), fn["self"])]
        bad, worst = [], None
        for k in set(got) | set(p.split_selfv):
            want = p.split_selfv.get(k, [0] * ne)
            have = got.get(k)
            if have is None and not any(want):
                continue
            if have != want:
                bad.append(k)
                if worst is None:
                    worst = "%s: %s, profile %s" % (cv.key_str(k), vec(have) if have else "no row", vec(want))
        report(not bad, self.label, "h.self",
               "%d of %d functions off, e.g. %s" % (len(bad), len(got), worst) if bad else
               "%d functions, %d events: every self cost as the profile's" % (len(got), ne))
        doc = self.full_json()
        tot = [x or 0 for x in doc["totals"]]
        ok = tot == self.totalv
        report(ok, self.label, "h.totals",
               "totals %s, %s%s" % (vec(tot), "as " if ok else "want ", vec(self.totalv)) +
               ("" if self.p.headerv == self.totalv else
                " (header lines %s, cost lines %s)" % (vec(self.p.headerv), vec(self.p.totalv))))

    # ---- i. exact inclusive costs of outer functions ----
    def check_incl(self):
        fns, err = self.rows()
        if err:
            report(False, self.label, "i.incl", err)
            return
        p = self.p
        whole = {}
        for fn in fns:
            if fn["inlined_into"] is not None:
                continue
            k = (fn["file"], fn["name"])
            whole.setdefault(k, []).append(fn)
        bad, n, other, ex = {}, 0, [], None
        for f in sorted(self.outer):
            if not any(p.selfv.get(f, ())) and f not in p.outv and f not in p.intov:
                continue
            want = [min(a, t) for a, t in zip(p.inclv(f), self.totalv)]
            rows = whole.get(f, [])
            n += 1
            if len(rows) != 1:
                bad[cv.key_str(f)] = "%d rows in the JSON" % len(rows)
                continue
            r = rows[0]
            got = [x or 0 for x in (r["whole"] or r)["inclusive"]]
            selfv = [x or 0 for x in (r["whole"] or r)["self"]]
            if got == want and r["inclusive_exact"]:
                continue
            why = "self %s, inclusive %s%s, expected %s (self + calls out %s, calls in %s)" % (
                vec(selfv), vec(got), "" if r["inclusive_exact"] else " (not marked exact)", vec(want),
                vec(add(p.selfv.get(f, [0] * len(want)), p.outv.get(f, [0] * len(want)))),
                vec(p.intov.get(f, [0] * len(want))))
            if got[0] != want[0] or not r["inclusive_exact"]:
                bad[cv.key_str(f)] = why
            else:
                # right in the first event, off in others: one check for all
                evs = [self.events[e] for e in range(len(want)) if got[e] != want[e]]
                other.append(f)
                ex = ex or "%s (%s): %s" % (cv.key_str(f), " ".join(evs), why)
        report_each(self.label, "i.incl", bad,
                    "%d outer functions: inclusive = self + calls out, first event, marked exact" % (n - len(bad)))
        if len(self.events) > 1:
            report(not other, self.label, "i.incl-events",
                   "%d of %d outer functions right in %s, off in other events, e.g. %s" %
                   (len(other), n, self.events[0], ex) if other else
                   "%d outer functions: inclusive = self + calls out in all %d events" % (n, len(self.events)))
        low, worst = 0, None
        for fn in fns:
            for e, (s, c) in enumerate(zip(fn["self"], fn["inclusive"])):
                s, c = s or 0, c or 0
                if c < s:
                    low += 1
                    if worst is None or s - c > worst[0]:
                        worst = (s - c, "%s:%s %s self %s, inclusive %s" % (
                            fn["file"], fn["name"], self.events[e], commas(s), commas(c)))
                    break
        report(not low, self.label, "i.incl-ge-self",
               "%d rows with an inclusive cost below the self cost, worst %s" % (low, worst[1]) if low else
               "%d rows: no inclusive cost below the self cost" % len(fns))

    # ---- j. thread roots in one file ----
    def thread_roots(self):
        """Outer functions some activations of which start without a call
        line: their self cost and calls out pass the calls made to them."""
        p = self.p
        out = {}
        if p.threaded:
            return out
        for f in self.outer:
            if f not in p.into:
                continue
            extra = p.incl(f) - p.into[f]
            if extra > max(self.tol, self.T // 10000):
                out[f] = extra
        return out

    def check_roots(self):
        roots = self.thread_roots()
        if not roots:
            return
        st, err = self.folded([])
        if err:
            report(False, self.label, "j.roots", err)
            return
        bad, info = {}, []
        for f, extra in sorted(roots.items(), key=lambda kv: -kv[1]):
            fr = cv.frame_of(f[1])
            start = sum(w for frames, w in st if frames[0] == fr)
            info.append("%s %s" % (cv.key_str(f), commas(start)))
            if abs(start - extra) > max(self.tol, extra // 1000, self.T // 1000):
                bad[cv.key_str(f)] = "stacks starting at it weigh %s, its thread(s) %s (self + calls out %s, " \
                    "calls in %s), off %s of the total" % (commas(start), commas(extra), commas(self.p.incl(f)),
                                                           commas(self.p.into[f]), cv.pct(start - extra, self.T))
        report_each(self.label, "j.roots", bad, "%d thread roots, stacks starting at them: %s" %
                    (len(roots), ", ".join(info)))

    # ---- k. folded stacks at the default threshold ----
    def check_folded_default(self):
        cut, err = self.stacks([])
        uncut, err2 = self.folded([])
        if err or err2:
            report(False, self.label, "k.folded-default", err or err2)
            return
        # the boxes drawn, as a trie of frames: [weight drawn, weight uncut, children]
        trie, nbox = {}, 0
        for frames, w in cut:
            t = trie
            for f in frames:
                if f not in t:
                    t[f] = [0, 0, {}]
                    nbox += 1
                t[f][0] += w
                t = t[f][2]
        for frames, w in uncut:
            t = trie
            for f in frames:
                if f not in t:
                    break
                t[f][1] += w
                t = t[f][2]
        worst, bad, path = None, 0, []

        def walk(t, path):
            nonlocal worst, bad
            for f, (d, u, ch) in t.items():
                path.append(f)
                off = d - u
                if abs(off) > max(self.tol, self.T // 200):
                    bad += 1
                if worst is None or abs(off) > abs(worst[0]):
                    worst = (off, d, u, ";".join(path[-3:]))
                walk(ch, path)
                path.pop()
        walk(trie, path)
        info = "%d boxes drawn of %d stacks, worst ...%s %s (%s of the total; drawn %s, uncut %s)" % (
            nbox, len(cut), worst[3], commas(worst[0]), cv.pct(worst[0], self.T), commas(worst[1]),
            commas(worst[2])) if worst else "no boxes"
        if bad:
            info = "%d boxes off more than 0.5%% of the total; %s" % (bad, info)
        report(nbox > 0 and not bad, self.label, "k.folded-default", info)

    # ---- l. address-named functions of different objects ----
    def check_objects(self):
        p = self.p
        multi = {}
        for (f, ob), c in p.obself.items():
            if ADDR.match(f[1]):
                multi.setdefault(f, {})[ob] = c
        multi = {f: obs for f, obs in multi.items() if len(obs) > 1}
        if not multi:
            return
        fns, err = self.rows()
        if err:
            report(False, self.label, "l.objects", err)
            return
        callers = {}
        for ((a, aob), (b, bob)), (n, c) in p.obcalls.items():
            callers.setdefault((b, bob), set()).add((a[1], aob))
        byid = {fn["id"]: fn for fn in fns}
        rows = {}
        for fn in fns:
            rows.setdefault((fn["file"], fn["name"]), []).append(fn)
        merged, wrongself, wrongcall, ex = 0, 0, 0, None
        # the costliest first: its example is the one printed
        for f, obs in sorted(multi.items(), key=lambda kv: (-sum(kv[1].values()), kv[0])):
            have = {r["object"]: r for r in rows.get(f, [])}
            for ob, c in sorted(obs.items()):
                r = have.get(ob)
                if r is None:
                    merged += 1
                    ex = ex or "%s: objects %s, rows for %s" % (cv.key_str(f), ", ".join(
                        "%s (self %s)" % (os.path.basename(o), commas(obs[o])) for o in sorted(obs)),
                        ", ".join(os.path.basename(o) for o in sorted(have)) or "none")
                    continue
                if (r["self"][0] or 0) != c:
                    wrongself += 1
                    ex = ex or "%s [%s]: self %s, profile %s" % (cv.key_str(f), ob, commas(r["self"][0]), commas(c))
                for call in r["callers"]:
                    cr = byid[call["id"]]
                    if (cr["name"], cr["object"]) not in callers.get((f, ob), set()):
                        wrongcall += 1
                        ex = ex or "%s [%s] called by %s [%s], a call the profile does not have" % (
                            cv.key_str(f), os.path.basename(ob), cr["name"], os.path.basename(cr["object"]))
        n = sum(len(o) for o in multi.values())
        ok = not (merged or wrongself or wrongcall)
        report(ok, self.label, "l.objects",
               "%d address names in several objects (%d functions): %d without a row of their own, "
               "%d with another self cost, %d callers that never called them; e.g. %s" %
               (len(multi), n, merged, wrongself, wrongcall, ex) if not ok else
               "%d address names in several objects: %d rows, each with its own self cost and callers" %
               (len(multi), n))

    # ---- m. --separate-callers: a name means all its contexts ----
    def check_contexts(self):
        p = self.p
        ctx = {}
        for f in self.outer:
            base = f[1].split("'")[0]
            if "'" in f[1] and not cv.LEVEL.search(f[1]):
                ctx.setdefault((f[0], base), []).append(f)
        if not ctx:
            return
        # the function of most self cost over two contexts or more
        multi = [(sum(p.self[g] for g in fs), k) for k, fs in ctx.items() if len(fs) > 1]
        if not multi:
            return
        s, (fl, base) = max(multi)
        fs = ctx[(fl, base)]
        names = {g[1].split("'")[0] for g in p.self if g[1].split("'")[0] == base}
        incl = sum(self.I[g] for g in fs)
        msgs = []
        rc, out, err = self.ag(["--format=json", "--focus=" + base])
        if rc:
            msgs.append("--focus=%s: exit %d: %s" % (base, rc, err.strip()[:160]))
        else:
            tot = json.loads(out)["totals"][0]
            if abs(tot - incl) > self.tol:
                msgs.append("--focus=%s: total %s, its %d contexts' inclusive costs sum to %s" %
                            (base, commas(tot), len(fs), commas(incl)))
        for lim, want in ((s - 1, 1), (s, 0)):
            rc, out, err = self.ag(["--format=json", "--limit=%s:self:%s=%d" % (self.events[0], base, lim)])
            if rc != want:
                msgs.append("--limit=%s:self:%s=%d: exit %d, want %d (its %d contexts' self costs sum to %s)" %
                            (self.events[0], base, lim, rc, want, len(fs), commas(s)))
        report(not msgs, self.label, "m.contexts[%s]" % base, "; ".join(msgs) or
               "%s (%d contexts, %d names): --focus total %s, --limit at self %s" %
               (base, len(fs), len(names), commas(incl), commas(s)))

    def check_all(self):
        cv.Checker.check_all(self)
        self.check_self()
        self.check_incl()
        self.check_roots()
        self.check_folded_default()
        self.check_objects()
        self.check_contexts()


def manifest():
    """NAME -> the files of the profile, from testdata/zoo/MANIFEST."""
    out = {}
    with open(os.path.join(ZOO, "MANIFEST")) as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            name, _pkg, files, _cmd = line.rstrip("\n").split("\t")
            out[name] = files.split()
    return out


def dump_order(f):
    """P.out.N.gz before P.out.gz (the last dump), N in order."""
    m = re.search(r"\.out\.(\d+)\.gz$", f)
    return (0, int(m.group(1))) if m else (1, 0)


def check_profile(binary, name, files, tmp):
    paths = [os.path.join(ZOO, f) for f in files]
    missing = [f for f in paths if not os.path.isfile(f)]
    if missing:
        report(False, name, "read", "missing %s" % ", ".join(missing))
        return
    threads = [f for f in files if re.search(r"\.out-\d+\.gz$", f)]
    if threads:
        # annogrind finds BASE-N beside BASE unpacked only
        base = os.path.join(tmp, name + ".out")
        for f in threads:
            n = re.search(r"-(\d+)\.gz$", f).group(1)
            with gzip.open(os.path.join(ZOO, f), "rb") as i, open(base + "-" + n, "wb") as o:
                shutil.copyfileobj(i, o)
        ZooChecker(binary, name, sorted(paths), [base], tmp).check_all()
    else:
        paths = sorted(paths, key=dump_order)
        ZooChecker(binary, name, paths, paths, tmp).check_all()
    for f in os.listdir(tmp):
        os.unlink(os.path.join(tmp, f))


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: check-zoo.py BIN [NAME...]")
    binary = os.path.abspath(sys.argv[1])
    zoo = manifest()
    names = sys.argv[2:] or sorted(zoo)
    if not sys.argv[2:]:
        listed = {f for files in zoo.values() for f in files}
        extra = sorted(f for f in os.listdir(ZOO) if f.endswith(".gz") and f not in listed)
        report(not extra and len(zoo) >= 20, "MANIFEST", "files",
               "%d profiles, %d files listed%s" % (len(zoo), len(listed),
                                                   "; not listed: " + ", ".join(extra) if extra else ""))
    tmp = tempfile.mkdtemp(prefix="zoo.")
    os.chdir(ZOO)
    try:
        for name in names:
            if name not in zoo:
                report(False, name, "read", "not in testdata/zoo/MANIFEST")
                continue
            check_profile(binary, name, zoo[name], tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    for key in sorted(KNOWN):
        if key.split(" ", 1)[0] in names and key not in evaluated:
            results.append(False)
            print("FAIL %s: in KNOWN but not checked (%s)" % (key, KNOWN[key]))
    print("zoo: %d passed, %d failed, %d skipped" % (results.count(True), results.count(False),
                                                    results.count(None)))
    return 1 if False in results else 0


if __name__ == "__main__":
    sys.exit(main())
