#!/usr/bin/env python3
"""asm-check.py BINARY DIR SCHEMA: check --annotate=asm on programs profiled here.

DIR holds testdata/asm/loop.c built -O2 -g as loop-nopie (-no-pie) and
loop-pie (PIE), and their Callgrind profiles (--dump-instr=yes
--collect-jumps=yes): cg.nopie of "./loop-nopie", cg.pie of "./loop-pie
random" (which also calls libc's random() RANDOMS times).  Every number
annogrind prints is checked against one worked out without annogrind:

  - the self cost of hash() summed here from the profile's text equals the
    sum of the per-instruction costs annogrind lists, its "total of the
    instructions shown" and its "self cost" line;
  - the loop's back edge (the "back to" jump of most executions) ran
    TRIP = CALLS * LEN - CALLS * (CALLS - 1) / 2 times (loop.c's #defines)
    and was taken TRIP - CALLS times (once less per call), and as many
    arrivals are counted at its target;
  - the block's symbol range is nm's (start, start + size), the first
    instruction listed is at the start, and the last is the last one
    objdump -d shows in that range (no instruction is listed without text);
  - the same for the PIE; for libc's random_r (nm -D), the range, the sum
    of costs against the profile's self cost, and the cost of its first
    instruction, RANDOMS: one per call, so the address is mapped right;
  - the JSON (--format=json --annotate=asm) validates against SCHEMA and
    its instructions of hash sum to the same self cost.
Ends with "asm: N passed, N failed, N skipped".
"""
import json
import os
import re
import subprocess
import sys

binary, tmp, schema_path = sys.argv[1], sys.argv[2], sys.argv[3]
src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "testdata", "asm", "loop.c")
passed = failed = skipped = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL %s %s" % (name, detail))


def skip(name, why):
    global skipped
    skipped += 1
    print("skip %s: %s" % (name, why))


defines = dict(re.findall(r"^#define (\w+) (\d+)", open(src).read(), re.M))
LEN, CALLS, RANDOMS = int(defines["LEN"]), int(defines["CALLS"]), int(defines["RANDOMS"])
TRIP = CALLS * LEN - CALLS * (CALLS - 1) // 2

NAME = re.compile(r"^(ob|fl|fi|fe|fn|cob|cfi|cfl|cfn|jfi|jfn)=(?:\((\d+)\))?\s*(.*)$")
KIND = {"ob": "ob", "cob": "ob", "fl": "fl", "fi": "fl", "fe": "fl", "cfi": "fl", "cfl": "fl",
        "jfi": "fl", "fn": "fn", "cfn": "fn", "jfn": "fn"}


def self_costs(path):
    """(object, function) -> the sum of the first event over its cost lines (not calls)."""
    names, sums = {}, {}
    ob = fn = None
    after_calls = False
    for line in open(path, encoding="latin-1"):
        line = line.rstrip("\n")
        m = NAME.match(line)
        if m:
            key, ident, text = m.groups()
            kind = KIND[key]
            if ident is not None and text:
                names[(kind, ident)] = text
            value = names[(kind, ident)] if ident is not None and not text else text
            if key == "ob":
                ob = value
            elif key == "fn":
                fn = value
            continue
        if line.startswith("calls="):
            after_calls = True
            continue
        if line[:1].isdigit() or line[:1] in "+-*":
            parts = line.split()
            if not after_calls and len(parts) > 2:
                v = int(parts[2], 0)
                sums[(ob, fn)] = sums.get((ob, fn), 0) + v
            after_calls = False
    return sums


def call_counts(path, callee):
    """The calls= counts to the function named callee."""
    names, n, target = {}, 0, None
    for line in open(path, encoding="latin-1"):
        m = NAME.match(line.rstrip("\n"))
        if m:
            key, ident, text = m.groups()
            if ident is not None and text:
                names[(KIND[key], ident)] = text
            if key == "cfn":
                target = names[("fn", ident)] if ident is not None and not text else text
        elif line.startswith("calls=") and target == callee:
            n += int(line.split("=")[1].split()[0])
    return n


def blocks(text):
    """The machine-code blocks of a report: header name -> list of lines."""
    out, cur = {}, None
    for line in text.splitlines():
        if line.startswith("-- Machine code: "):
            cur = line[len("-- Machine code: "):]
            out[cur] = []
        elif cur is not None:
            out[cur].append(line)
    return out


INSN = re.compile(r"^\s*([\d,]+|\.)\s+0x([0-9a-f]+)(:\s+(.*))?$")
NUM = r"([\d,]+)"


def num(s):
    return int(s.replace(",", ""))


def symbol(nm_args, path, name):
    """(start, size) of the function symbol name from nm -S."""
    out = subprocess.run(["nm", "-S"] + nm_args + [path], capture_output=True, text=True).stdout
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[2] in "TtWw" and f[3].split("@")[0] == name:
            return int(f[0], 16), int(f[1], 16)
    return None


def objdump_last(path, start, stop):
    out = subprocess.run(["objdump", "-d", "--start-address=0x%x" % start,
                          "--stop-address=0x%x" % stop, path], capture_output=True, text=True).stdout
    addrs = [int(m.group(1), 16) for m in re.finditer(r"^\s*([0-9a-f]+):\t", out, re.M)]
    return addrs[-1] if addrs else None


def check_block(tag, lines, want_self, sym, objpath):
    insns = [INSN.match(l) for l in lines]
    insns = [m for m in insns if m]
    costs = sum(num(m.group(1)) for m in insns if m.group(1) != ".")
    check(tag + " per-instruction costs sum to the self cost", costs == want_self,
          "(%d listed, %d in the profile)" % (costs, want_self))
    shown = [l for l in lines if l.endswith(" total of the instructions shown")]
    check(tag + " total shown", shown and num(shown[0].split()[0]) == want_self, repr(shown[:1]))
    selfl = [l for l in lines if " self cost of " in l]
    check(tag + " self cost line", selfl and num(selfl[0].split()[0]) == want_self, repr(selfl[:1]))
    check(tag + " every costly address is an instruction",
          not any("no instruction of the object starts" in l for l in lines))
    if sym is None:
        skip(tag + " symbol range", "no symbol in nm")
        return insns
    start, size = sym
    rng = [re.match(r"^  0x([0-9a-f]+)-0x([0-9a-f]+): symbol ", l) for l in lines]
    rng = [m for m in rng if m]
    check(tag + " symbol range is nm's", rng and int(rng[0].group(1), 16) == start and
          int(rng[0].group(2), 16) == start + size,
          "(%s, nm says 0x%x-0x%x)" % (rng[0].group(0) if rng else None, start, start + size))
    addrs = [int(m.group(2), 16) for m in insns]
    check(tag + " first instruction at the symbol", addrs and addrs[0] == start,
          "(0x%x, symbol 0x%x)" % (addrs[0] if addrs else 0, start))
    last = objdump_last(objpath, start, start + size)
    check(tag + " last instruction is objdump's last", addrs and addrs[-1] == last,
          "(0x%x, objdump 0x%x)" % (addrs[-1] if addrs else 0, last or 0))
    check(tag + " every instruction has its text", all(m.group(3) for m in insns))
    return insns


def run(args, cwd):
    p = subprocess.run([binary] + args, cwd=cwd, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


def is_pie(path):
    with open(path, "rb") as f:
        head = f.read(18)
    return head[:4] == b"\x7fELF" and head[16] == 3       # ET_DYN


for kind in ("nopie", "pie"):
    exe = os.path.join(tmp, "loop-" + kind)
    prof = "cg." + kind
    check(kind + " is%s a PIE" % ("" if kind == "pie" else " not"), is_pie(exe) == (kind == "pie"))
    sums = self_costs(os.path.join(tmp, prof))
    obj = [o for (o, f) in sums if o and o.endswith("/loop-" + kind)]
    want = sums.get((obj[0], "hash")) if obj else None
    check(kind + " hash in the profile", want is not None)
    if want is None:
        continue
    rc, out, err = run(["--annotate=asm", "--auto=no", "--show-percs=no", "--context=100000",
                        "--top=12", prof], tmp)
    check(kind + " exit 0, nothing on stderr", rc == 0 and not err, err[:200])
    bl = blocks(out)
    hb = [k for k in bl if re.match(r".*:hash \[.*/loop-%s\]$" % kind, k)]
    check(kind + " a block for hash", len(hb) == 1, repr(list(bl)))
    if not hb:
        continue
    lines = bl[hb[0]]
    check_block(kind + " hash:", lines, want, symbol([], exe, "hash"), exe)
    back = [re.search(r"-> taken %s of %s times \([\d.]+%%\) back to 0x([0-9a-f]+)" % (NUM, NUM), l)
            for l in lines]
    back = [m for m in back if m]
    back.sort(key=lambda m: -num(m.group(2)))
    check(kind + " a back edge in hash", back)
    if back:
        taken, execd, target = num(back[0].group(1)), num(back[0].group(2)), back[0].group(3)
        check(kind + " back edge ran the trip count", execd == TRIP, "(%d, want %d)" % (execd, TRIP))
        check(kind + " back edge taken once less per call", taken == TRIP - CALLS,
              "(%d, want %d)" % (taken, TRIP - CALLS))
        arr = [l for l in lines if re.search(r"<- arrives %s times? from " % NUM, l)]
        at = [i for i, l in enumerate(lines) if re.match(r"^\s*[\d,.]+\s+0x%s:" % target, l)]
        ok = at and re.search(r"<- arrives %s times? from" % NUM, lines[at[0] - 1])
        check(kind + " arrivals at the loop head", ok and num(ok.group(1)) == taken,
              repr(lines[at[0] - 1] if at else arr[:1]))
    if kind != "pie":
        continue
    # libc: random_r, called RANDOMS times through random()
    libc = [o for (o, f) in sums if f == "random_r"]
    if not libc:
        skip("libc random_r", "not in the profile (not glibc?)")
        continue
    lb = [k for k in bl if re.match(r".*:random_r \[%s\]$" % re.escape(libc[0]), k)]
    check("libc a block for random_r", len(lb) == 1, repr(list(bl)))
    check("libc random_r called RANDOMS times", call_counts(os.path.join(tmp, prof), "random_r") == RANDOMS)
    if lb:
        sym = symbol(["-D"], libc[0], "random_r")
        insns = check_block("libc random_r:", bl[lb[0]], sums[(libc[0], "random_r")], sym, libc[0])
        costly = [m for m in insns if m.group(1) != "."]
        check("libc random_r's entry runs once per call", costly and
              int(costly[0].group(2), 16) == (sym[0] if sym else -1) and
              num(costly[0].group(1)) == RANDOMS,
              repr(costly[0].group(0) if costly else None))
    # JSON
    rc, out, err = run(["--format=json", "--annotate=asm", "--top=3", prof], tmp)
    doc = json.loads(out) if rc == 0 else None
    check("json exit 0", doc is not None, err[:200])
    if doc is None:
        continue
    try:
        import jsonschema
        errors = list(jsonschema.Draft7Validator(json.load(open(schema_path))).iter_errors(doc))
        check("json validates against the schema", not errors, errors[0].message[:200] if errors else "")
    except ImportError:
        skip("json schema", "python3-jsonschema is missing")
    ids = {f["id"]: f for f in doc["functions"]}
    units = [u for u in doc["machine_code"] if ids.get(u["function"], {}).get("name") == "hash"]
    check("json hash's instructions sum to its self cost",
          len(units) == 1 and sum(i["cost"][0] for i in units[0]["instructions"]) == want)

print("asm: %d passed, %d failed, %d skipped" % (passed, failed, skipped))
sys.exit(1 if failed else 0)
