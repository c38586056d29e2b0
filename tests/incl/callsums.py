#!/usr/bin/env python3
"""callsums.py PROFILE: for every function called in a Callgrind profile, the
count and first-event cost summed over the calls made to it, read straight
from the profile text (no annogrind code): one line per function,
"COST<TAB>CALLS<TAB>file:function", sorted by name.

A function is "file:function" as the reports name it: the file is the one of
the last fl=/fi=/fe= line (or cfi=/cfl= for a callee), with the current
folder stripped.  Name compression "(id) name" is shared by fl/fi/fe/cfi/cfl,
by fn/cfn, and holds to the end of the file (across parts)."""
import os
import sys


def main(path):
    pwd = os.getcwd() + "/"
    names = {"fl": {}, "fn": {}}
    npos = 1
    cur_file = cur_fn = None
    cfile = None
    callee = None
    pending = False
    sums = {}
    opener = open
    if path.endswith(".gz"):
        import gzip
        opener = gzip.open
    with opener(path, "rt", errors="surrogateescape") as fh:
        for line in fh:
            line = line.rstrip("\n").rstrip("\r")
            if pending:
                if line[:1].isdigit() or line[:1] in "+-*":
                    tok = line.split()
                    cost = int(tok[npos], 0) if len(tok) > npos else 0
                    s = sums.setdefault(callee, [0, 0])
                    s[0] += cost
                    s[1] += count
                    pending = False
                    continue
            key, eq, val = line.partition("=")
            if line.startswith("positions:"):
                npos = len(line.split()[1:])
            elif not eq:
                continue
            elif key in ("fl", "fi", "fe", "cfi", "cfl", "fn", "cfn"):
                table = names["fn" if key in ("fn", "cfn") else "fl"]
                val = val.strip() if key in ("fn", "cfn") else val
                if val.startswith("("):
                    num, _, rest = val[1:].partition(")")
                    rest = rest.strip()
                    if rest:
                        table[num] = rest
                    val = table[num]
                if key not in ("fn", "cfn") and val.startswith(pwd):
                    val = val[len(pwd):]
                if key in ("fl", "fi", "fe"):
                    cur_file = val
                    cfile = None
                elif key in ("cfi", "cfl"):
                    cfile = val
                elif key == "fn":
                    cur_fn = val
                    cfile = None
                else:
                    callee = "%s:%s" % (cfile if cfile is not None else cur_file, val)
                    cfile = None
            elif key == "calls":
                count = int(val.split()[0])
                pending = True
    for name in sorted(sums):
        print("%d\t%d\t%s" % (sums[name][0], sums[name][1], name))


main(sys.argv[1])
