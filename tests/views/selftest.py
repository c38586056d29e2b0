#!/usr/bin/env python3
"""selftest.py [BIN]: the reader of check-views.py (profread.py) on two
thread files written here, every number worked out by hand below; then,
given BIN, that check-views.py fails (exit 1, FAIL lines) when the binary
prints nothing useful (/bin/true stands for a broken annogrind).  Prints
"selftest: N passed, N failed"."""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from profread import Profile  # noqa: E402

# Thread 1: main (a.c) calls work once (100) and helper (b.h) twice (30),
# and once more (12) from code inlined from b.h, where its 6 of self cost
# lie too; work (self 30 + 10 on the same line) calls helper 3 times (60).
T1 = """version: 1
creator: by hand
pid: 7
thread: 1
positions: line
events: Ir Dr
# a comment
fl=(1) a.c
fn=(1) main
1 10 1
cfn=(2) work
calls=1 5
2 100 9
cfi=(2) b.h
cfn=(3) helper
calls=2 7
3 30
fi=(2)
4 6
cfn=(3)
calls=1 8
+0 12
fe=(1)
5 4
fn=(2)
6 30
* 10
cfi=(2)
cfn=(3)
calls=3 9
6 60
fl=(2)
fn=(3)
7 102
"""
# Thread 2: start (b.h, never called) runs helper once (50).
T2 = """version: 1
creator: by hand
pid: 7
thread: 2
positions: line
events: Ir
fl=(1) b.h
fn=(1) start
1 5
cfn=(2) helper
calls=1 7
2 50
fn=(2)
7 50
"""

# Two dumps of one thread (--dump-before: the same "thread:" line), with
# instruction positions, jumps and two events.  D1: 0x10 of a.so (5 1)
# calls 0x10 of b.so once (cob=, that call only: 40 3) and target twice
# (20 2), whose file x.c is first named by a jfi= line; b.so's 0x10 costs
# 40 3, target 20 2.  Its summary gives both events.  D2 (the last dump):
# target 10 5; summary: gives Ir only, totals: Dr (4, below the cost
# lines' 5).
D1 = """version: 1
creator: by hand
pid: 8
part: 1
thread: 1
positions: instr line
events: Ir Dr
summary: 100 7
ob=(1) /lib/a.so
fl=(1) ???
fn=(1) 0x10
0x1 0 5 1
jfi=(2) x.c
jfn=(2) target
jump=3 0x20 0
* 0
jcnd=1/2 0x20 0
* 0
cob=(2) /lib/b.so
cfn=(3) 0x10
calls=1 0x30 0
* 0 40 3
cfi=(2)
cfn=(2)
calls=2 0x40 0
* 0 20 2
ob=(2)
fn=(3)
0x30 0 40 3
ob=(1)
fl=(2)
fn=(2)
0x40 0 20 2
"""
D2 = """version: 1
creator: by hand
pid: 8
part: 2
thread: 1
positions: instr line
events: Ir Dr
summary: 10
totals: 10 4
ob=(1) /lib/a.so
fl=(1) x.c
fn=(1) target
0x40 3 10 5
"""

results = []


def eq(what, got, want):
    ok = got == want
    results.append(ok)
    print("%s %s: %r%s" % ("PASS" if ok else "FAIL", what, got, "" if ok else ", want %r" % (want,)))


def main():
    tmp = tempfile.mkdtemp(prefix="views-self.")
    for n, text in (("01", T1), ("02", T2)):
        with open(os.path.join(tmp, "p-" + n), "w") as fh:
            fh.write(text)
    p = Profile([os.path.join(tmp, "p-01"), os.path.join(tmp, "p-02")])
    main_, work, helper, start = ("a.c", "main"), ("a.c", "work"), ("b.h", "helper"), ("b.h", "start")
    # self: main 10 + 6 (inlined b.h) + 4; work 30 + 10; helper 102 + 50; start 5
    eq("self costs", p.self, {main_: 20, work: 40, helper: 152, start: 5})
    # as the JSON names them: main's 6 under fi=b.h are b.h:main's
    eq("split self", {k: v for k, v in p.split_self.items() if k[1] == "main"},
       {main_: 14, ("b.h", "main"): 6})
    # 20 + 40 + 152 + 5
    eq("total", p.total, 217)
    # main -> helper: 2 calls of 30, 1 of 12 (callee file: the inlined b.h)
    eq("calls", p.calls, {(main_, work): [1, 100], (main_, helper): [3, 42],
                          (work, helper): [3, 60], (start, helper): [1, 50]})
    eq("caller of the inlined call", [ln[4] for ln in p.parts[0].lines if ln[3] == 12], [("b.h", "main")])
    eq("roots by file", [p.parts[0].roots(), p.parts[1].roots()], [[main_], [start]])
    # main: 20 + 100 + 42 (nobody calls it); work: its call, 100;
    # helper: 30 + 12 + 60 in thread 1, 50 in thread 2; start: 5 + 50
    eq("inclusive", [p.incl(f) for f in (main_, work, helper, start)], [162, 100, 152, 55])
    eq("bound", [p.bound(main_), p.split_bound(("b.h", "main"))], [162, 162])
    eq("header totals", [q.totals for q in p.parts], [None, None])
    eq("thread files", p.threaded, True)
    for n, text in (("d.1", D1), ("d", D2)):
        with open(os.path.join(tmp, n), "w") as fh:
            fh.write(text)
    d = Profile([os.path.join(tmp, "d.1"), os.path.join(tmp, "d")])
    addr, target = ("???", "0x10"), ("x.c", "target")
    eq("dumps of one thread: not thread files", d.threaded, False)
    # every event: 0x10 is a.so's 5 1 and b.so's 40 3; target 20 2 + 10 5
    eq("self costs, every event", d.selfv, {addr: [45, 4], target: [30, 7]})
    eq("objects", d.objs, {addr: {"/lib/a.so", "/lib/b.so"}, target: {"/lib/a.so"}})
    # cob= names the object of one call: the call to target is in a.so
    eq("self by object", d.obself, {(addr, "/lib/a.so"): 5, (addr, "/lib/b.so"): 40, (target, "/lib/a.so"): 30})
    eq("calls by object", d.obcalls, {((addr, "/lib/a.so"), (addr, "/lib/b.so")): [1, 40],
                                      ((addr, "/lib/a.so"), (target, "/lib/a.so")): [2, 20]})
    eq("calls, every event", d.callsv, {(addr, addr): [1, [40, 3]], (addr, target): [2, [20, 2]]})
    # target: self 30 7 and no calls out, above the 20 2 of the calls to it
    # (its last dump's activation has no call line: it began before)
    eq("inclusive, every event", d.inclv(target), [30, 7])
    # summary 100 7, then summary 10 and totals 4; never below the cost
    # lines (10 5 in the second dump)
    eq("header totals, every event", [d.headerv, d.wantv], [[110, 11], [110, 12]])
    for n in ("d.1", "d"):
        os.unlink(os.path.join(tmp, n))
    if len(sys.argv) > 1:
        check = os.path.join(os.path.dirname(os.path.abspath(__file__)), "check-views.py")
        r = subprocess.run([sys.executable, check, sys.argv[1], os.path.join(tmp, "p")],
                           capture_output=True, text=True)
        last = r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ""
        eq("check-views.py with a binary that prints nothing: exit, passed",
           (r.returncode, last.startswith("views: 0 passed,") and " 0 failed" not in last), (1, True))
    for n in ("01", "02"):
        os.unlink(os.path.join(tmp, "p-" + n))
    os.rmdir(tmp)
    print("selftest: %d passed, %d failed" % (results.count(True), results.count(False)))
    return 1 if False in results else 0


sys.exit(main())
