"""profread.py: what a Callgrind profile says, read straight from its text
for the view checks (tests/views/check-views.py), with no annogrind code.

Only the first event is kept.  A function is (file, name): the file is the
one of the last fl=/fi=/fe= line when its fn= line is read, the current
folder stripped; a callee's is its cfi=/cfl= line's, else the current
file.  Code inlined from another file (fi=/fe= inside a function) counts
in its function here, as in annogrind's graphs; its table, trees and JSON
name it as callgrind_annotate does, by the current file ("split" keys:
cost lines and call lines under fi=h.h of f are h.h:f's), so those are
kept too.  Name compression "(id) name" is shared by fl/fi/fe/cfi/cfl, by
fn/cfn and by ob/cob, and holds to the end of each file (each thread file
has its own).  The cost line after calls= is the inclusive cost of the
call, not self cost; jump=/jcnd= lines carry their own numbers and are
skipped.  Several files (the thread files of one run) are summed, function
by function, with what each file says kept apart too (roots differ by
thread); files of one thread (the dumps of --dump-before, which share a
"thread:" line) are summed as one.

Beside the first event (self, calls, lines, ...: what the view checks
read), every event is kept: selfv, split_selfv, callsv, linesv and the
summary: line (summaryv), a list per function, call or line.  Objects:
obself and obcalls key a function by (fn, object) too, a callee's object
being its cob= line's (that call only), else the caller's; jfi=/jfn=
lines (--collect-jumps=yes) only define compressed names."""
import gzip
import os


def number(tok):
    return int(tok, 16) if tok[:2] in ("0x", "0X") else int(tok)


def add(a, b):
    """Two costs (lists of one count per event) summed; None is nothing."""
    if a is None:
        return list(b)
    return [x + y for x, y in zip(a, b)]


class Part:
    """One file: self costs, calls, call lines, header totals."""

    def __init__(self, path):
        self.path = path
        self.self = {}          # fn -> self cost
        self.objs = {}          # fn -> set of objects its fn= lines gave
        self.calls = {}         # (caller, callee) -> [count, cost]
        self.lines = []         # (caller, callee, count, cost, split caller), one per call line
        self.split_self = {}    # split key -> self cost
        self.merged_of = {}     # split key -> the functions it is part of
        self.totals = None      # the totals:/summary: line, if any
        self.events = []        # the events: line's names
        self.selfv, self.split_selfv = {}, {}   # as self, split_self: every event
        self.callsv = {}        # (caller, callee) -> [count, cost per event]
        self.linesv = []        # (caller, callee, count, cost per event, split caller)
        self.summaryv = None    # the summary: line, every event
        self.totalsv = None     # the totals: line, every event
        self.obself = {}        # (fn, object) -> self cost, first event
        self.obcalls = {}       # ((fn, object), (callee, object)) -> [count, cost]
        self.thread = None      # the thread: line
        self.read()
        self.into, self.out = {}, {}
        for (a, b), (n, c) in self.calls.items():
            self.out[a] = self.out.get(a, 0) + c
            self.into[b] = self.into.get(b, 0) + c
        self.intov, self.outv = {}, {}
        for (a, b), (n, v) in self.callsv.items():
            self.outv[a] = add(self.outv.get(a), v)
            self.intov[b] = add(self.intov.get(b), v)

    def header_totals(self):
        """The file's program totals as the man page says annogrind takes
        them, every event: the summary: line, the totals: line for the
        columns it leaves out, the sum of the self costs for the rest."""
        sums = [sum(c) for c in zip(*self.selfv.values())] if self.selfv else [0] * len(self.events)
        out = []
        for e in range(len(self.events)):
            if self.summaryv is not None and e < len(self.summaryv):
                out.append(self.summaryv[e])
            elif self.totalsv is not None and e < len(self.totalsv):
                out.append(self.totalsv[e])
            else:
                out.append(sums[e])
        return out, sums

    def costs(self, tok, npos):
        v = [number(t) for t in tok[npos:npos + len(self.events)]]
        return v + [0] * (len(self.events) - len(v))

    def read(self):
        pwd = os.getcwd() + "/"
        names = {"fl": {}, "fn": {}, "ob": {}}
        table_of = {"fl": "fl", "fi": "fl", "fe": "fl", "cfi": "fl", "cfl": "fl", "jfi": "fl",
                    "fn": "fn", "cfn": "fn", "jfn": "fn", "ob": "ob", "cob": "ob"}
        npos = 1
        cur_file, cur_fn, cur_ob = "???", None, "???"
        cfile = None
        callee, count, pending = None, 0, False
        cob = None
        opener = gzip.open if self.path.endswith(".gz") else open
        with opener(self.path, "rt", errors="surrogateescape") as fh:
            for line in fh:
                line = line.rstrip("\r\n")
                head = line[:1]
                if head.isdigit() or head in "+-*":
                    tok = line.split()
                    cost = number(tok[npos]) if len(tok) > npos else 0
                    vec = self.costs(tok, npos)
                    if pending:
                        key = (cur_fn, callee)
                        c = self.calls.setdefault(key, [0, 0])
                        c[0] += count
                        c[1] += cost
                        cv = self.callsv.setdefault(key, [0, [0] * len(vec)])
                        cv[0] += count
                        cv[1] = add(cv[1], vec)
                        sk = (cur_file, cur_fn[1])
                        self.lines.append((cur_fn, callee, count, cost, sk))
                        self.linesv.append((cur_fn, callee, count, vec, sk))
                        self.merged_of.setdefault(sk, set()).add(cur_fn)
                        ok = (callee, cob if cob is not None else cur_ob)
                        oc = self.obcalls.setdefault(((cur_fn, cur_ob), ok), [0, 0])
                        oc[0] += count
                        oc[1] += cost
                        pending, cob = False, None
                    elif cur_fn is not None:
                        self.self[cur_fn] = self.self.get(cur_fn, 0) + cost
                        sk = (cur_file, cur_fn[1])
                        self.split_self[sk] = self.split_self.get(sk, 0) + cost
                        self.selfv[cur_fn] = add(self.selfv.get(cur_fn), vec)
                        self.split_selfv[sk] = add(self.split_selfv.get(sk), vec)
                        ok = (cur_fn, cur_ob)
                        self.obself[ok] = self.obself.get(ok, 0) + cost
                        self.merged_of.setdefault(sk, set()).add(cur_fn)
                    continue
                if line.startswith("positions:"):
                    npos = len(line.split()[1:])
                    continue
                if line.startswith("events:"):
                    self.events = line.split()[1:]
                    continue
                if line.startswith("thread:"):
                    self.thread = line.split(":", 1)[1].strip()
                    continue
                if line.startswith("totals:") or line.startswith("summary:"):
                    tok = line.split()
                    if len(tok) > 1:
                        self.totals = number(tok[1])
                        if line.startswith("summary:"):
                            self.summaryv = [number(t) for t in tok[1:]]
                        else:
                            self.totalsv = [number(t) for t in tok[1:]]
                    continue
                key, eq, val = line.partition("=")
                if not eq:
                    continue
                if key == "calls":
                    count, pending = number(val.split()[0]), True
                    continue
                if key not in table_of:
                    continue
                val = val.strip()
                table = names[table_of[key]]
                if val.startswith("("):
                    num, _, rest = val[1:].partition(")")
                    if rest.strip():
                        table[num] = rest.strip()
                    val = table[num]
                if table_of[key] == "fl" and val.startswith(pwd):
                    val = val[len(pwd):]
                if key in ("jfi", "jfn"):
                    pass            # a jump's target: names defined, nothing else
                elif key == "ob":
                    cur_ob = val
                elif key == "cob":
                    cob = val
                elif key in ("fl", "fi", "fe"):
                    cur_file, cfile = val, None
                elif key in ("cfi", "cfl"):
                    cfile = val
                elif key == "fn":
                    cur_fn, cfile = (cur_file, val), None
                    self.self.setdefault(cur_fn, 0)
                    self.split_self.setdefault(cur_fn, 0)
                    self.merged_of.setdefault(cur_fn, set()).add(cur_fn)
                    self.objs.setdefault(cur_fn, set()).add(cur_ob)
                    self.obself.setdefault((cur_fn, cur_ob), 0)
                else:  # cfn
                    callee = (cfile if cfile is not None else cur_file, val)
                    self.merged_of.setdefault(callee, set()).add(callee)
                    cfile = None

    def roots(self):
        """Functions this file has that no call line of it calls."""
        return [f for f in self.self if f not in self.into]


class Profile:
    """One profile, or the sum of the thread files of one run (or of the
    dumps of one thread)."""

    def __init__(self, paths):
        self.parts = [Part(p) for p in paths]
        # thread files: several files, no two of one thread (two files of
        # one thread are dumps, summed as one as annogrind sums them)
        tids = [q.thread for q in self.parts]
        self.threaded = len(self.parts) > 1 and None not in tids and len(set(tids)) == len(tids)
        self.events = self.parts[0].events if self.parts else []
        self.self, self.objs, self.calls = {}, {}, {}
        self.split_self, self.merged_of = {}, {}
        self.into, self.out = {}, {}        # fn -> summed cost of the calls into it / out of it
        self.selfv, self.split_selfv, self.callsv = {}, {}, {}
        self.intov, self.outv = {}, {}
        self.obself, self.obcalls = {}, {}
        for p in self.parts:
            for f, c in p.self.items():
                self.self[f] = self.self.get(f, 0) + c
            for f, c in p.split_self.items():
                self.split_self[f] = self.split_self.get(f, 0) + c
            for f, m in p.merged_of.items():
                self.merged_of.setdefault(f, set()).update(m)
            for f, o in p.objs.items():
                self.objs.setdefault(f, set()).update(o)
            for k, (n, c) in p.calls.items():
                s = self.calls.setdefault(k, [0, 0])
                s[0] += n
                s[1] += c
            for src, dst in ((p.selfv, self.selfv), (p.split_selfv, self.split_selfv)):
                for f, v in src.items():
                    dst[f] = add(dst.get(f), v)
            for k, (n, v) in p.callsv.items():
                s = self.callsv.setdefault(k, [0, None])
                s[0] += n
                s[1] = add(s[1], v)
            for k, c in p.obself.items():
                self.obself[k] = self.obself.get(k, 0) + c
            for k, (n, c) in p.obcalls.items():
                s = self.obcalls.setdefault(k, [0, 0])
                s[0] += n
                s[1] += c
        for (a, b), (n, c) in self.calls.items():
            self.self.setdefault(a, 0)
            self.self.setdefault(b, 0)
            self.out[a] = self.out.get(a, 0) + c
            self.into[b] = self.into.get(b, 0) + c
        zero = [0] * len(self.events)
        for (a, b), (n, v) in self.callsv.items():
            self.selfv.setdefault(a, zero)
            self.selfv.setdefault(b, zero)
            self.outv[a] = add(self.outv.get(a), v)
            self.intov[b] = add(self.intov.get(b), v)
        self.total = sum(self.self.values())
        self.totalv = [sum(col) for col in zip(*self.selfv.values())] if self.selfv else zero
        # the program totals, every event, summed over the files: as the
        # header lines give them (headerv), and never below the sum of the
        # cost lines (wantv: a summary: line of --cacheuse=yes may say 0
        # for an event its cost lines count)
        self.headerv, self.wantv = list(zero), list(zero)
        for p in self.parts:
            h, sums = p.header_totals()
            self.headerv = [a + b for a, b in zip(self.headerv, h)]
            self.wantv = [a + max(b, c) for a, b, c in zip(self.wantv, h, sums)]
        self.selfcall = {a for (a, b) in self.calls if a == b}

    def part_incl(self, part, f):
        """f's exact inclusive cost in one file, f outer: the calls made to
        it there, or its self cost and calls out when nobody calls it."""
        if f in part.into:
            return part.into[f]
        return part.self.get(f, 0) + part.out.get(f, 0)

    def incl(self, f):
        """Exact inclusive cost of an outer function: it is never re-entered,
        so what runs while it is on the stack is its own code and its calls,
        as its self cost and calls out say, and as the calls made to it say
        when every activation has one.  The two differ in two cases only,
        where the larger is right: activations that start without a call
        line (the child side of clone() in a profile of several threads in
        one file, which the calls made to it leave out) and a call that
        never returns (_Exit: its call line counts the exit, its own lines
        do not).  Thread files: summed over the files, each taken on its own;
        dumps of one thread: taken summed."""
        return sum(max(q.self.get(f, 0) + q.out.get(f, 0), q.into.get(f, 0)) for q in self.groups())

    def inclv(self, f):
        """incl() for every event."""
        z = [0] * len(self.events)
        out = z
        for q in self.groups():
            out = add(out, [max(a, b) for a, b in zip(add(q.selfv.get(f, z), q.outv.get(f, z)), q.intov.get(f, z))])
        return out

    def groups(self):
        """What incl() takes on its own: each thread file, or the whole."""
        return self.parts if self.threaded else [self]

    def bound(self, f):
        """An upper bound of any function's inclusive cost: every activation
        is its self cost plus its calls out, and the nested ones lie inside
        an outer one's calls out."""
        return min(self.total, self.self.get(f, 0) + self.out.get(f, 0))

    def split_bound(self, k):
        """An upper bound of the inclusive cost of a split key: that of the
        function(s) it is part of."""
        return max((self.bound(m) for m in self.merged_of.get(k, ())), default=self.total)
