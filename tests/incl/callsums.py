#!/usr/bin/env python3
"""callsums.py PROFILE: what the calls into each function of a Callgrind
profile cost, read straight from the profile text (no annogrind code).
Prints one line per called function, sorted by name:
    COST<TAB>CALLS<TAB>FLAGS<TAB>file:function
COST and CALLS are the first event's cost and the count summed over the
calls made to it; FLAGS has "s" when it calls itself and "o" when fn=
lines gave it more than one object ("-" for neither).

A function is "file:function" as the reports name it: the file is the one of
the last fl=/fi=/fe= line (cfi=/cfl= for a callee), the current folder
stripped.  Name compression "(id) name" is shared by fl/fi/fe/cfi/cfl and by
fn/cfn, and holds to the end of the file."""
import gzip
import os
import sys


def callsums(path, own=None):
    """{name: [cost, calls, calls_itself, objects]}; own, a dict, gets
    {name: [self cost, cost of the calls it makes]} (the first event)."""
    pwd = os.getcwd() + "/"
    names = {"fl": {}, "fn": {}, "ob": {}}
    npos, cur_file, cur_fn, cur_ob, cfile, callee, count = 1, None, None, "", None, None, 0
    pending = False
    sums = {}
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", errors="surrogateescape") as fh:
        for line in fh:
            line = line.rstrip("\r\n")
            if pending and (line[:1].isdigit() or line[:1] in "+-*"):
                tok = line.split()
                s = sums.setdefault(callee, [0, 0, False, set()])
                cost = int(tok[npos], 0) if len(tok) > npos else 0
                s[0] += cost
                s[1] += count
                s[2] |= callee == "%s:%s" % (cur_file, cur_fn)
                if own is not None:
                    own.setdefault("%s:%s" % (cur_file, cur_fn), [0, 0])[1] += cost
                pending = False
                continue
            if own is not None and cur_fn is not None and (line[:1].isdigit() or line[:1] in "+-*"):
                tok = line.split()
                own.setdefault("%s:%s" % (cur_file, cur_fn), [0, 0])[0] += \
                    int(tok[npos], 0) if len(tok) > npos else 0
                continue
            key, eq, val = line.partition("=")
            if line.startswith("positions:"):
                npos = len(line.split()[1:])
            if not eq or key not in ("fl", "fi", "fe", "cfi", "cfl", "fn", "cfn", "ob",
                                     "cob", "calls", "jfi", "jfn"):
                continue
            if key == "calls":
                count, pending = int(val.split()[0]), True
                continue
            table = names["fn" if key in ("fn", "cfn", "jfn") else "ob" if key in ("ob", "cob") else "fl"]
            if val.startswith("(") and val[1:].partition(")")[0].isdigit():
                num, _, rest = val[1:].partition(")")
                if rest.strip():
                    table[num] = rest.strip()
                val = table[num]
            if key in ("fl", "fi", "fe", "cfi", "cfl") and val.startswith(pwd):
                val = val[len(pwd):]
            if key in ("jfi", "jfn"):
                pass    # (only names a jump's target)
            elif key in ("ob", "cob"):
                cur_ob = val if key == "ob" else cur_ob
            elif key in ("fl", "fi", "fe"):
                cur_file, cfile = val, None
            elif key in ("cfi", "cfl"):
                cfile = val
            elif key == "fn":
                cur_fn, cfile = val, None
                sums.setdefault("%s:%s" % (cur_file, val), [0, 0, False, set()])[3].add(cur_ob)
            else:
                callee = "%s:%s" % (cfile if cfile is not None else cur_file, val)
                cfile = None
    return sums


if __name__ == "__main__":
    for name, (cost, calls, selfcall, objs) in sorted(callsums(sys.argv[1]).items()):
        if calls:
            flags = ("s" if selfcall else "") + ("o" if len(objs) > 1 else "")
            print("%d\t%d\t%s\t%s" % (cost, calls, flags or "-", name))
