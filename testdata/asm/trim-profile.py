#!/usr/bin/env python3
"""trim-profile.py OBJECT NEWNAME < callgrind.out.full > callgrind.out.loop

Keep, of a Callgrind profile, only the functions of one object (the cost
lines of its fn= blocks, with their calls and jumps), renamed NEWNAME in
ob=/cob= lines; compressed names are written out in full where the kept
lines first use them; summary: and totals: become the sum of the kept self
costs.  How testdata/asm/callgrind.out.loop was made from a real profile.
"""
import re
import sys

obj, newname = sys.argv[1], sys.argv[2]
lines = sys.stdin.read().split("\n")
names = {}          # (kind, id) -> name, from every line of the input
KIND = {"ob": "ob", "cob": "ob", "fl": "fl", "fi": "fl", "fe": "fl", "cfi": "fl",
        "cfl": "fl", "jfi": "fl", "fn": "fn", "cfn": "fn", "jfn": "fn"}
name_re = re.compile(r"^(\w+)=\((\d+)\)(?: (.*))?$")
for ln in lines:
    m = name_re.match(ln)
    if m and m.group(1) in KIND and m.group(3) is not None:
        names[(KIND[m.group(1)], m.group(2))] = m.group(3)

out, written, pending = [], set(), []
keep = False
totals = None
cur_ob = None


def emit(ln):
    m = name_re.match(ln)
    if m and m.group(1) in KIND:
        kind, ident = KIND[m.group(1)], m.group(2)
        full = names[(kind, ident)]
        if kind == "ob" and full == obj:
            full = newname
        if (kind, ident) in written:
            ln = "%s=(%s)" % (m.group(1), ident)
        else:
            ln = "%s=(%s) %s" % (m.group(1), ident, full)
            written.add((kind, ident))
    out.append(ln)


for ln in lines:
    if ln.startswith("totals:"):
        totals = ln
        continue
    if ln.startswith("summary:"):
        continue
    m = name_re.match(ln)
    key = m.group(1) if m else ln.split("=", 1)[0] if "=" in ln else None
    if key == "ob":
        cur_ob = names[("ob", m.group(2))]
    if key in ("ob", "fl"):
        pending.append(ln)      # before an fn= line: kept with its block
        continue
    if key == "fn":
        keep = cur_ob == obj
        if keep:
            for p in pending:
                emit(p)
        pending = []
    if not keep:
        continue
    emit(ln)

header = []
for ln in lines:
    if ln.startswith(("ob=", "fl=", "fn=")):
        break
    header.append(ln)
sys.stdout.write("\n".join(header + out).rstrip("\n") + "\n\n" + totals + "\n")
