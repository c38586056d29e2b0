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
thread)."""
import gzip
import os


def number(tok):
    return int(tok, 16) if tok[:2] in ("0x", "0X") else int(tok)


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
        self.read()
        self.into, self.out = {}, {}
        for (a, b), (n, c) in self.calls.items():
            self.out[a] = self.out.get(a, 0) + c
            self.into[b] = self.into.get(b, 0) + c

    def read(self):
        pwd = os.getcwd() + "/"
        names = {"fl": {}, "fn": {}, "ob": {}}
        table_of = {"fl": "fl", "fi": "fl", "fe": "fl", "cfi": "fl", "cfl": "fl",
                    "fn": "fn", "cfn": "fn", "ob": "ob", "cob": "ob"}
        npos = 1
        cur_file, cur_fn, cur_ob = "???", None, "???"
        cfile = None
        callee, count, pending = None, 0, False
        opener = gzip.open if self.path.endswith(".gz") else open
        with opener(self.path, "rt", errors="surrogateescape") as fh:
            for line in fh:
                line = line.rstrip("\r\n")
                head = line[:1]
                if head.isdigit() or head in "+-*":
                    tok = line.split()
                    cost = number(tok[npos]) if len(tok) > npos else 0
                    if pending:
                        key = (cur_fn, callee)
                        c = self.calls.setdefault(key, [0, 0])
                        c[0] += count
                        c[1] += cost
                        sk = (cur_file, cur_fn[1])
                        self.lines.append((cur_fn, callee, count, cost, sk))
                        self.merged_of.setdefault(sk, set()).add(cur_fn)
                        pending = False
                    elif cur_fn is not None:
                        self.self[cur_fn] = self.self.get(cur_fn, 0) + cost
                        sk = (cur_file, cur_fn[1])
                        self.split_self[sk] = self.split_self.get(sk, 0) + cost
                        self.merged_of.setdefault(sk, set()).add(cur_fn)
                    continue
                if line.startswith("positions:"):
                    npos = len(line.split()[1:])
                    continue
                if line.startswith("totals:") or line.startswith("summary:"):
                    tok = line.split()
                    if len(tok) > 1:
                        self.totals = number(tok[1])
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
                if key == "ob":
                    cur_ob = val
                elif key == "cob":
                    pass
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
                else:  # cfn
                    callee = (cfile if cfile is not None else cur_file, val)
                    self.merged_of.setdefault(callee, set()).add(callee)
                    cfile = None

    def roots(self):
        """Functions this file has that no call line of it calls."""
        return [f for f in self.self if f not in self.into]


class Profile:
    """One profile, or the sum of the thread files of one run."""

    def __init__(self, paths):
        self.parts = [Part(p) for p in paths]
        self.self, self.objs, self.calls = {}, {}, {}
        self.split_self, self.merged_of = {}, {}
        self.into, self.out = {}, {}        # fn -> summed cost of the calls into it / out of it
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
        for (a, b), (n, c) in self.calls.items():
            self.self.setdefault(a, 0)
            self.self.setdefault(b, 0)
            self.out[a] = self.out.get(a, 0) + c
            self.into[b] = self.into.get(b, 0) + c
        self.total = sum(self.self.values())
        self.selfcall = {a for (a, b) in self.calls if a == b}

    def part_incl(self, part, f):
        """f's exact inclusive cost in one file, f outer: the calls made to
        it there, or its self cost and calls out when nobody calls it."""
        if f in part.into:
            return part.into[f]
        return part.self.get(f, 0) + part.out.get(f, 0)

    def incl(self, f):
        """Exact inclusive cost of an outer function, summed over the files."""
        if len(self.parts) == 1:
            if f in self.into:
                return self.into[f]
            return self.self.get(f, 0) + self.out.get(f, 0)
        return sum(self.part_incl(p, f) for p in self.parts)

    def bound(self, f):
        """An upper bound of any function's inclusive cost: every activation
        is its self cost plus its calls out, and the nested ones lie inside
        an outer one's calls out."""
        return min(self.total, self.self.get(f, 0) + self.out.get(f, 0))

    def split_bound(self, k):
        """An upper bound of the inclusive cost of a split key: that of the
        function(s) it is part of."""
        return max((self.bound(m) for m in self.merged_of.get(k, ())), default=self.total)
