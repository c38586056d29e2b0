#!/usr/bin/env python3
"""check-views.py BIN PROFILE...: every view of annogrind (--focus,
--ignore, --hide, summed thread files, single calls, folded stacks) keeps
the facts the profile states exactly.  The expected numbers come from the
profile text (profread.py, no annogrind code); BIN is run only for the
output checked.  A PROFILE is a file (gzip or not) or the base name of the
thread files of one run (BASE-01, BASE-02, ... gzip or not), summed as
annogrind sums them when given BASE.

An outer function: its name carries no recursion level 'N, it never calls
itself and it has one object; it is never re-entered, so its exact
inclusive cost I is the sum of the calls made to it (its self cost and
calls out when nobody calls it), file by file.  The tolerance is
max(16, 1e-6 of the program total) unless a check says otherwise.

The checks, per profile:
 a. --focus=M for the largest, the middle and the smallest outer function
    (not a root) of at least 1% of the total, and one near 0.1%: the
    view's total and M's inclusive cost are I(M); no function has more
    self cost than in the profile, nor more inclusive cost than its self
    cost and calls out (a bound of any function's inclusive cost); every
    stack of --format=folded starts at M (not for the largest: its stacks
    are nearly all the program's, which f reads);
 b. --ignore=M for the same: the total is T - I(M); M's caller, when it
    has one and it is outer, costs I(C) - I(M);
 c. --hide=malloc, --hide of an outer function near 3% of the total,
    --hide-object='*/ld-linux*' (the first and last when the profile has
    such functions): the total is T exactly; every outer function that is
    called and not hidden keeps I (within 4 counts);
 d. (thread files) each root of a file (a function no call line of that
    file calls) costs the sum over the files of its cost there; folded
    stacks start at such roots;
 e. each call line with calls=1 and cost c from a to b: the JSON inclusive
    cost of a and of b is at least c, every event, and --tree=both shows
    the pair's summed cost (not '.', first event);
 f. --format=folded --threshold=100: for each outer function of at least
    1% (its frame name shared by no other function), the stacks holding
    it weigh I within 0.5% of T, 0.1% of T on average;
 g. --focus, --ignore, --hide with a glob matching nothing: exit 2 and a
    message, nothing on stdout;
 r. the rows of every view of a-c are the report's rows (code inlined
    from another file a row of its own, as the report and callgrind_annotate
    name it): each is a row (object, file, function) of the JSON without a
    view; under --focus and --ignore its self cost, every event, is at most
    what the profile text gives that row (cost lines under its file and
    function, summed over objects); and its inclusive cost, every event, is
    at most that row's in the JSON without a view (--hide moves a hidden
    function's cost into its callers' rows, so their self costs grow).

Each check prints one line PASS or FAIL with its numbers; the last line
is "views: N passed, N failed"."""
import glob
import gzip
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from profread import Profile  # noqa: E402

LEVEL = re.compile(r"'\d+(?:'|$)")
ROW = re.compile(r"^ *([\d,]+|\.) +(\S.*)$")
NOMATCH = "no-such-function-views-*"

results = []


# Failures known and documented (the man page says why these facts are not
# met): "PROFILE CHECK" -> why.  Such a check that fails is counted as
# skipped with its reason, never as passed; once it passes it counts so.
KNOWN = {
}


def report(ok, prof, name, detail):
    why = KNOWN.get("%s %s" % (prof, name))
    if not ok and why:
        results.append(None)
        print("KNOWN %s %s: %s (%s)" % (prof, name, detail, why), flush=True)
        return
    results.append(ok)
    print("%s %s %s: %s" % ("PASS" if ok else "FAIL", prof, name, detail), flush=True)


def run(binary, args):
    p = subprocess.run([binary] + args, capture_output=True)
    return p.returncode, p.stdout.decode("utf-8", "surrogateescape"), \
        p.stderr.decode("utf-8", "surrogateescape")


def key_str(f):
    return "%s:%s" % f


def glob_of(f):
    """A glob matching exactly "file:function" (fnmatch escapes with \\)."""
    return re.sub(r"([*?\[\]\\])", r"\\\1", key_str(f))


ADDR = re.compile(r"^0x[0-9a-fA-F]+(?:'|$)")


def frame_of(name, objs=None):
    """The frame name of a function in folded stacks: a --separate-callers
    context left out (f'g'h -> f, fib'2'main -> fib'2), a recursion level
    kept, an address followed by its object's file name (objs: the
    objects of its fn= lines; of two, no frame is its alone: None), ';'
    written ':' and control bytes '?'."""
    parts = name.split("'")
    keep = [parts[0]]
    for p in parts[1:]:
        if not p.isdigit():
            break
        keep.append(p)
    s = "'".join(keep)
    if ADDR.match(name) and objs:
        if len(objs) > 1:
            return None
        o = next(iter(objs))
        if o:
            s += " [%s]" % o.rsplit("/", 1)[-1]
    s = s.replace(";", ":")
    return "".join("?" if ord(c) < 32 or ord(c) == 127 else c for c in s)


def folded(text):
    stacks = []
    for line in text.splitlines():
        frames, _, w = line.rpartition(" ")
        if frames:
            stacks.append((frames.split(";"), int(w)))
    return stacks


def name_of(rest):
    rest = re.sub(r" <cycle \d+>$", "", rest)
    if rest.endswith("]") and " [" in rest:
        rest = rest[:rest.rindex(" [")]
    return re.sub(r" \([\d,]+x\)$", "", rest)


def pct(x, total):
    return "%.4f%%" % (100.0 * x / total) if total else "-"


class Checker:
    def __init__(self, binary, label, paths, argv):
        self.bin, self.label, self.argv = binary, label, argv
        self.p = Profile(paths)
        p = self.p
        self.T = p.total
        self.tol = max(16, int(1e-6 * self.T))
        self.outer = [f for f in p.self
                      if not LEVEL.search(f[1]) and f not in p.selfcall and len(p.objs.get(f, ())) < 2]
        self.I = {f: p.incl(f) for f in self.outer}
        self.roots = {f for f in p.self if f not in p.into}
        self.folded_cache = {}
        self.views = []     # (args, JSON) of every view run, for r.rows

    def ag(self, args):
        return run(self.bin, args + self.argv)

    def json(self, args):
        rc, out, err = self.ag(["--format=json"] + args)
        if rc:
            return None, "exit %d: %s" % (rc, err.strip()[:200])
        try:
            doc = json.loads(out)
        except ValueError as e:
            return None, "bad JSON: %s" % e
        view = {"total": doc["totals"][0], "self": {}, "incl": {}, "names": {}, "inclv": {}, "doc": doc}
        if args:
            self.views.append((args, doc))
        for fn in doc["functions"]:
            k = (fn["file"], fn["name"])
            view["self"][k] = view["self"].get(k, 0) + fn["self"][0]
            view["incl"][k] = max(view["incl"].get(k, 0), fn["inclusive"][0])
            v = [x or 0 for x in fn["inclusive"]]
            view["inclv"][k] = [max(a, b) for a, b in zip(view["inclv"][k], v)] if k in view["inclv"] else v
        return view, None

    def folded(self, args):
        key = tuple(args)
        if key not in self.folded_cache:
            rc, out, err = self.ag(["--format=folded", "--threshold=100"] + args)
            if rc:
                self.folded_cache[key] = None, "exit %d: %s" % (rc, err.strip()[:200])
            else:
                self.folded_cache[key] = folded(out), None
        return self.folded_cache[key]

    def ok(self, got, want, tol=None):
        return abs(got - want) <= (self.tol if tol is None else tol)

    # ---- picking the functions the views are checked on ----
    def picks(self):
        big = sorted((f for f in self.outer if f not in self.roots and self.I[f] >= self.T / 100),
                     key=lambda f: (-self.I[f], key_str(f)))
        chosen = []
        for i in (0, len(big) // 2, len(big) - 1):
            if 0 <= i < len(big) and big[i] not in chosen:
                chosen.append(big[i])
        small = [f for f in self.outer if f not in self.roots and f in self.p.out
                 and 0 < self.I[f] < self.T / 100 and f not in chosen]
        if small:
            chosen.append(min(small, key=lambda f: (abs(self.I[f] - self.T / 1000), key_str(f))))
        return chosen

    def over_full(self, view):
        """Functions of the view above their full self or inclusive cost."""
        worst, bad = 0, []
        p = self.p
        for k, s in view["self"].items():
            if k not in p.self and k not in p.merged_of:
                bad.append("%s not in the profile" % key_str(k))
                continue
            # a view counts code inlined from another file in its function,
            # the full JSON by that file: either is a bound
            full = max(p.self.get(k, 0), p.split_self.get(k, 0))
            lim = max(p.bound(k) if k in p.self else 0, p.split_bound(k))
            for got, lim in ((s, full), (view["incl"][k], lim)):
                if got - lim > self.tol:
                    bad.append("%s %d > %d" % (key_str(k), got, lim))
                worst = max(worst, got - lim)
        return bad, worst

    # ---- a. --focus ----
    def check_focus(self, M, stacks=True):
        I, g = self.I[M], glob_of(M)
        view, err = self.json(["--focus=" + g])
        name = "a.focus[%s]" % key_str(M)
        if err:
            report(False, self.label, name, err)
            return
        got_incl = view["incl"].get(M)
        bad, worst = self.over_full(view)
        msgs = []
        if not self.ok(view["total"], I):
            msgs.append("view total %d, I(M) %d (off %d)" % (view["total"], I, view["total"] - I))
        if got_incl is None or not self.ok(got_incl, I):
            msgs.append("M inclusive %s, I(M) %d" % (got_incl, I))
        if bad:
            msgs.append("%d functions above their full cost, worst +%d, e.g. %s" % (len(bad), worst, bad[0]))
        st, err = self.folded(["--focus=" + g]) if stacks else ([], None)
        if not stacks:
            pass
        elif err:
            msgs.append("folded: " + err)
        else:
            fr = frame_of(M[1], self.p.objs.get(M))
            wrong = [s for s in st if s[0][0] != fr]
            if wrong:
                msgs.append("%d of %d folded stacks do not start at %s (e.g. %s, weight %d)" %
                            (len(wrong), len(st), fr, ";".join(wrong[0][0][:3]), wrong[0][1]))
        report(not msgs, self.label, name,
               "; ".join(msgs) or "total %d = I(M) %d (%s of the program), %d functions within full costs, %s"
               % (view["total"], I, pct(I, self.T), len(view["self"]),
                  "%d stacks start at M" % len(st) if stacks else "stacks not checked (the largest: f checks them)"))

    # ---- b. --ignore ----
    def check_ignore(self, M):
        I, g = self.I[M], glob_of(M)
        name = "b.ignore[%s]" % key_str(M)
        view, err = self.json(["--ignore=" + g])
        if err:
            report(False, self.label, name, err)
            return
        want = self.T - I
        msgs, info = [], "total %d = %d - %d" % (view["total"], self.T, I)
        if not self.ok(view["total"], want):
            msgs.append("view total %d, want %d - %d = %d (off %d)" %
                        (view["total"], self.T, I, want, view["total"] - want))
        callers = {a for (a, b) in self.p.calls if b == M}
        if len(callers) == 1:
            C = callers.pop()
            if C in self.I:
                # what C loses is what its calls to M cost: all of I(M),
                # unless M also starts stacks of other threads (summed
                # --separate-threads files), which C does not run
                drop = self.p.calls[(C, M)][1]
                wc = self.I[C] - drop
                got = view["incl"].get(C)
                info += "; caller %s %s = %d - %d" % (key_str(C), got, self.I[C], drop)
                if got is None or not self.ok(got, wc):
                    msgs.append("single caller %s inclusive %s, want %d - %d = %d" %
                                (key_str(C), got, self.I[C], drop, wc))
        report(not msgs, self.label, name, "; ".join(msgs) or info)

    # ---- c. --hide ----
    def check_hide(self, opt, glob_, hidden):
        name = "c.hide[%s=%s]" % (opt, glob_)
        view, err = self.json(["--%s=%s" % (opt, glob_)])
        if err:
            report(False, self.label, name, err)
            return
        msgs = []
        if view["total"] != self.T:
            msgs.append("total %d, program total %d (off %d)" % (view["total"], self.T, view["total"] - self.T))
        worst, wf, n, nbad = 0, None, 0, 0
        for f in self.outer:
            # a root's own line in the JSON leaves out its inlined parts
            if f in hidden or f in self.roots or f not in view["incl"]:
                continue
            n += 1
            d = view["incl"][f] - self.I[f]
            if abs(d) > 4:
                nbad += 1
            if abs(d) > abs(worst):
                worst, wf = d, f
        if nbad:
            msgs.append("%d of %d outer functions changed inclusive cost (tolerance 4), worst %s %+d (%d -> %d)" %
                        (nbad, n, key_str(wf), worst, self.I[wf], view["incl"][wf]))
        report(not msgs, self.label, name, "; ".join(msgs) or
               "total %d unchanged, %d outer functions unchanged (worst %+d)" % (self.T, n, worst))

    # ---- d. summed thread files ----
    def check_threads(self):
        parts = self.p.parts
        roots = set()
        msgs, info = [], []
        for part in parts:
            live = [f for f in part.roots() if part.self.get(f, 0) + part.out.get(f, 0) > 0]
            roots.update(part.roots())
            for R in live:
                want = sum(self.p.part_incl(q, R) for q in parts)
                info.append("%s %d" % (key_str(R), want))
        view, err = self.json([])
        if err:
            report(False, self.label, "d.threads", err)
            return
        # the summary: lines summed (each never below its cost lines)
        want = self.p.wantv[0] if self.p.wantv else self.T
        if view["total"] != want:
            msgs.append("total %d, sum of the %d thread files %d" % (view["total"], len(parts), want))
        seen = set()
        for part in parts:
            for R in part.roots():
                w = sum(self.p.part_incl(q, R) for q in parts)
                if R in seen or w == 0:
                    continue
                seen.add(R)
                got = view["incl"].get(R)
                if got is None or not self.ok(got, w):
                    msgs.append("root %s inclusive %s, sum over the thread files %d" % (key_str(R), got, w))
        st, err = self.folded([])
        if err:
            msgs.append("folded: " + err)
        else:
            frames = {frame_of(f[1], self.p.objs.get(f)) for f in roots}
            wrong = [s for s in st if s[0][0] not in frames]
            if wrong:
                msgs.append("%d of %d folded stacks start at no thread root (e.g. %s, weight %d)" %
                            (len(wrong), len(st), ";".join(wrong[0][0][:3]), wrong[0][1]))
        report(not msgs, self.label, "d.threads", "; ".join(msgs) or
               "%d files, total %d, roots %s; %d stacks start at roots" %
               (len(parts), self.T, ", ".join(info), len(st)))

    # ---- e. single calls (every event) ----
    def check_single(self):
        view, err = self.json([])
        if err:
            report(False, self.label, "e.single-calls", err)
            return
        multi = {f for f, o in self.p.objs.items() if len(o) > 1}
        # the JSON and the trees name a call made from code inlined from
        # another file by that file, as callgrind_annotate does
        alllines = [ln for part in self.p.parts for ln in part.lines]
        lines = [(sa, b, c) for (a, b, n, c, sa) in (ln for part in self.p.parts for ln in part.linesv)
                 if n == 1 and any(c) and a not in multi and b not in multi]
        pair_cost = {}
        for (a, b, n, c, sa) in alllines:
            pair_cost[(sa, b)] = pair_cost.get((sa, b), 0) + c
        low, worst, wl = 0, 0, None
        events = self.p.events or ["event 1"]
        for a, b, cv in lines:
            for f in (a, b):
                gotv = view["inclv"].get(f)
                for e, c in enumerate(cv):
                    got = gotv[e] if gotv is not None else None
                    if got is None or got < c:
                        low += 1
                        short = c - (got or 0)
                        if short > worst:
                            worst, wl = short, (f, got, c, a, b, events[e])
        lines = [(a, b, c[0]) for a, b, c in lines if c[0] > 0]
        rc, out, err = self.ag(["--tree=both", "--inclusive=yes", "--auto=no", "--threshold=100",
                                "--show-percs=no"] + (["--show=" + self.p.events[0]] if len(self.p.events) > 1 else []))
        tree, callers, fn = {}, [], None
        for line in (out.split("file:function", 1)[1] if "file:function" in out else "").splitlines():
            m = ROW.match(line)
            if not m:
                callers, fn = [], None
                continue
            cost, rest = m.group(1), m.group(2)
            if rest.startswith("< "):
                callers.append((name_of(rest[2:].strip()), cost))
            elif rest.startswith("*  "):
                fn = name_of(rest[3:])
                for cn, cc in callers:
                    tree.setdefault((cn, fn), []).append(cc)
            elif rest.startswith(">   ") and fn is not None:
                tree.setdefault((fn, name_of(rest[4:])), []).append(cost)
        # a pair's summed cost is exact when it is one activation in all
        # (two single calls of one pair can nest, f'2 -> f'2 from two
        # lines): those pairs must show their cost
        pair_count = {}
        for (a, b, n, c, sa) in alllines:
            pair_count[(sa, b)] = pair_count.get((sa, b), 0) + n
        pairs = {(a, b) for a, b, c in lines if pair_count[(a, b)] == 1}
        dots, wrong, missing, ex = 0, 0, 0, None
        for a, b in sorted(pairs):
            want = pair_cost[(a, b)]
            shown = tree.get((key_str(a), key_str(b)))
            if not shown:
                missing += 1
                continue
            for s in shown:
                if s == ".":
                    dots += 1
                    ex = ex or "%s -> %s shows '.', cost %d" % (key_str(a), key_str(b), want)
                elif int(s.replace(",", "")) != want:
                    wrong += 1
                    ex = ex or "%s -> %s shows %s, cost %d" % (key_str(a), key_str(b), s, want)
        msgs = []
        if rc:
            msgs.append("--tree: exit %d: %s" % (rc, err.strip()[:200]))
        if low:
            f, got, c, a, b, ev = wl
            msgs.append("%d inclusive costs below a single call's cost, worst %s %s %s < %d (call %s -> %s)" %
                        (low, key_str(f), ev, got, c, key_str(a), key_str(b)))
        if dots or wrong or missing:
            msgs.append("tree: of %d call pairs, %d lines '.', %d lines wrong, %d pairs not shown%s" %
                        (len(pairs), dots, wrong, missing, " (e.g. %s)" % ex if ex else ""))
        report(not msgs, self.label, "e.single-calls", "; ".join(msgs) or
               "%d calls=1 lines (%d pairs): inclusive of both ends >= cost, tree shows each cost" %
               (len(lines), len(pairs)))

    # ---- f. folded stacks against the exact inclusive costs ----
    def check_folded(self, name="f.folded", got=None, average=True):
        """The stacks of GOT (stacks and an error; the --threshold=100
        ones by default) against I: each within 0.5% of T and, with
        AVERAGE, 0.1% of T on average."""
        st, err = got or self.folded([])
        if err:
            report(False, self.label, name, err)
            return
        byframe = {}
        for f in self.p.self:
            if self.p.self[f] or f in self.p.into or f in self.p.out:
                byframe.setdefault(frame_of(f[1], self.p.objs.get(f)), []).append(f)
        cands = [f for f in self.outer if self.I[f] >= self.T / 100]
        check = [f for f in cands if frame_of(f[1], self.p.objs.get(f)) is not None and
                 len(byframe[frame_of(f[1], self.p.objs.get(f))]) == 1]
        sums = {frame_of(f[1], self.p.objs.get(f)): 0 for f in check}
        for frames, w in st:
            for fr in set(frames):
                if fr in sums:
                    sums[fr] += w
        total = sum(w for _, w in st)
        errs = sorted(((sums[frame_of(f[1], self.p.objs.get(f))] - self.I[f], f) for f in check),
                      key=lambda e: (-abs(e[0]), key_str(e[1])))
        msgs = []
        if total != self.T:
            msgs.append("stacks sum to %d, program total %d" % (total, self.T))
        avg = sum(abs(e) for e, _ in errs) / len(errs) if errs else 0
        bad = [(e, f) for e, f in errs if abs(e) > self.T * 0.005]
        if bad:
            e, f = bad[0]
            msgs.append("%d of %d functions off more than 0.5%%, worst %s %+d (%s of the total; stacks %d, I %d)" %
                        (len(bad), len(errs), key_str(f), e, pct(e, self.T), self.I[f] + e, self.I[f]))
        if average and avg > self.T * 0.001:
            msgs.append("average error %.0f (%s of the total, limit 0.1%%)" % (avg, pct(avg, self.T)))
        worst = "worst %s %+d (%s)" % (key_str(errs[0][1]), errs[0][0], pct(errs[0][0], self.T)) if errs else "none"
        report(not msgs, self.label, name, "; ".join(msgs + [
            "%d outer functions >= 1%% checked (%d skipped: frame name shared), average error %s, %s" %
            (len(errs), len(cands) - len(check), pct(avg, self.T), worst)]))

    # ---- g. a glob that matches nothing ----
    def check_nomatch(self):
        msgs = []
        for opt in ("focus", "ignore", "hide"):
            rc, out, err = self.ag(["--%s=%s" % (opt, NOMATCH)])
            if rc != 2 or not err.strip() or out:
                msgs.append("--%s: exit %d, stderr %r, %d bytes on stdout" % (opt, rc, err.strip()[:120], len(out)))
        report(not msgs, self.label, "g.no-match", "; ".join(msgs) or
               "--focus, --ignore, --hide=%s: exit 2 with a message" % NOMATCH)

    # ---- r. a view's rows are the report's ----
    def check_rows(self):
        full, err = self.json([])
        if err:
            report(False, self.label, "r.rows", err)
            return
        rows = {(f["object"], f["file"], f["name"]): f for f in full["doc"]["functions"]}
        split = self.p.split_selfv
        new, over, n, worst = [], [], 0, None
        for args, doc in self.views:
            kind = args[0].split("=", 1)[0]
            own = {}
            for f in doc["functions"]:
                k = (f["object"], f["file"], f["name"])
                n += 1
                if k not in rows:
                    new.append("%s %s:%s" % (args[0], f["file"], f["name"]))
                    continue
                s = own.setdefault((f["file"], f["name"]), [0] * len(f["self"]))
                for e, x in enumerate(f["self"]):
                    s[e] += x or 0
                for e, (x, y) in enumerate(zip(f["inclusive"], rows[k]["inclusive"])):
                    if (x or 0) - (y or 0) > self.tol:
                        over.append((x - y, "%s %s:%s inclusive %d > %d (event %d)" %
                                     (args[0], f["file"], f["name"], x, y, e)))
            if kind == "--hide" or kind == "--hide-object":
                continue
            for k, s in own.items():
                want = split.get(k, [0] * len(s))
                for e, (x, y) in enumerate(zip(s, want)):
                    if x - y > self.tol:
                        over.append((x - y, "%s %s:%s self %d > %d (event %d)" % (args[0], k[0], k[1], x, y, e)))
        msgs = []
        if new:
            msgs.append("%d rows not in the report, e.g. %s" % (len(new), new[0]))
        if over:
            worst = max(over)
            msgs.append("%d rows above the profile's, worst +%d: %s" % (len(over), worst[0], worst[1]))
        report(not msgs, self.label, "r.rows", "; ".join(msgs) or
               "%d views, %d rows: each a row of the report, none above it" % (len(self.views), n))

    def check_all(self):
        p = self.p
        print("== %s: %d file(s), total %d, %d functions, %d outer, %d calls=1 lines; tolerance %d" %
              (self.label, len(p.parts), self.T, len(p.self), len(self.outer),
               sum(1 for q in p.parts for ln in q.lines if ln[2] == 1), self.tol), flush=True)
        for q in p.parts:
            if q.totals is not None and q.totals != sum(q.self.values()):
                print("note: %s: totals line %d, self costs sum to %d" % (q.path, q.totals, sum(q.self.values())))
        picks = self.picks()
        for i, M in enumerate(picks):
            # the stacks under the largest are nearly all of them, and deep
            # profiles give hundreds of MB of folded text: f reads those once
            self.check_focus(M, stacks=i > 0)
        for M in picks:
            self.check_ignore(M)
        malloc = {f for f in p.self if f[1] == "malloc"}
        hides = [("hide", "malloc", malloc)] if malloc else []
        mid = [f for f in self.outer if f not in self.roots and f in p.out and f[1] != "malloc"]
        if mid:
            M = min(mid, key=lambda f: (abs(self.I[f] - self.T * 0.03), key_str(f)))
            hides.append(("hide", glob_of(M), {M}))
        ld = {f for f, o in p.objs.items() if any("/ld-linux" in x for x in o)}
        if ld:
            hides.append(("hide-object", "*/ld-linux*", ld))
        for opt, g, hidden in hides:
            self.check_hide(opt, g, hidden)
        if p.threaded:
            self.check_threads()
        self.check_single()
        self.check_folded()
        self.check_nomatch()
        self.check_rows()


def thread_files(base):
    files = [f for f in glob.glob(glob.escape(base) + "-*")
             if re.fullmatch(r"-\d+(\.gz)?", f[len(base):])]
    return sorted(files, key=lambda f: int(re.match(r"-(\d+)", f[len(base):]).group(1)))


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: check-views.py BIN PROFILE...")
    binary = os.path.abspath(sys.argv[1])
    tmp = tempfile.mkdtemp(prefix="views.")
    try:
        for prof in sys.argv[2:]:
            threads = [] if os.path.isfile(prof) and os.path.getsize(prof) else thread_files(prof)
            if threads:
                # annogrind finds BASE-N beside BASE (N all digits): unpack
                # gzip'ed thread files so that it sums them itself
                base = os.path.join(tmp, os.path.basename(prof))
                for f in threads:
                    opener = gzip.open if f.endswith(".gz") else open
                    with opener(f, "rb") as i, open(base + re.match(r"-\d+", f[len(prof):]).group(0), "wb") as o:
                        shutil.copyfileobj(i, o)
                Checker(binary, prof, threads, [base]).check_all()
            elif os.path.isfile(prof):
                Checker(binary, prof, [prof], [prof]).check_all()
            else:
                report(False, prof, "read", "no such profile or thread files")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("views: %d passed, %d failed, %d skipped" % (results.count(True), results.count(False),
                                                      results.count(None)))
    return 1 if False in results else 0


if __name__ == "__main__":
    sys.exit(main())
