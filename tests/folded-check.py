#!/usr/bin/env python3
"""folded-check.py [--pruned] PROFILE FOLDED [EVENT]
   folded-check.py --list FILE   (lines "full|pruned<TAB>PROFILE<TAB>FOLDED": one
                                 "PASS/FAIL PROFILE" line each, exit 1 on any FAIL)
Check annogrind
--format=folded --threshold=100 output against the profile, read here
with a reader of its own (none of annogrind's code):

  1. the stack values add up to the program total (the sum of the self
     costs; the summary:/totals: line too when it gives the same);
  2. each frame name's self cost (summed over the functions of that name,
     as folded text names frames) is the sum of the stacks ending in it;
  3. each pair of neighbouring frames is a call the profile records.

With --pruned (output of a lower --threshold, whose cut stacks went into
their callers' own costs) only 1 and 3 are checked.

Frame names are function names with Callgrind's caller contexts
(--separate-callers, f'g'h) left out and a recursion level (f'2) kept,
an address followed by its object's file name ("0x...1130 [loop]"),
';' written ':' and control bytes '?', as annogrind(1) says.  Exit 0 when
all hold, 1 with the first few failures on stdout.
"""
import gzip
import re
import sys


ADDR = re.compile(r"0x[0-9a-fA-F]+(?:'|$)")


def frame_name(fn, callgrind):
    name, ob = fn
    q = name.find("'")
    addr = ADDR.match(name) and ob
    if q >= 0 and callgrind:
        m = re.match(r"'([0-9]+)(?='|$)", name[q:])
        name = name[:q + len(m.group(0))] if m else name[:q]
    if addr:
        name += ' [%s]' % ob.rsplit('/', 1)[-1]
    out = []
    for ch in name:
        o = ord(ch)
        out.append(':' if ch == ';' else '?' if o < 0x20 or o == 0x7f else ch)
    return ''.join(out)


def read_profile(path, event):
    # a --separate-threads base name stands for its files P-01, P-02, ...
    # (and itself unless empty), and the base name of a run in dumps for
    # its dumps P.1, P.2, ... (each with its threads P.1-01, ...) before
    # them, as annogrind(1) reads it
    import glob
    import os
    threads = sorted((p for p in glob.glob(glob.escape(path) + '-*')
                      if re.fullmatch(r'-[0-9]+', p[len(path):])),
                     key=lambda p: int(p[len(path) + 1:]))
    dumps = []
    for p in glob.glob(glob.escape(path) + '.*'):
        m = re.fullmatch(r'\.([0-9]+)(?:-([0-9]+))?', p[len(path):])
        if m:
            dumps.append((int(m.group(1)), int(m.group(2) or 0), p))
    dumps = [p for _, _, p in sorted(dumps)]
    if threads or dumps:
        parts = dumps + ([path] if os.path.getsize(path) else []) + threads
        by_frame, pairs, totals = {}, set(), []
        for t in parts:
            b, p, tot = read_one(t, event)
            for k, v in b.items():
                by_frame[k] = by_frame.get(k, 0) + v
            pairs |= p
            totals += tot
        return by_frame, pairs, totals
    return read_one(path, event)


def read_one(path, event):
    opener = gzip.open if open(path, 'rb').read(2) == b'\x1f\x8b' else open
    with opener(path, 'rb') as f:
        data = f.read().decode('latin-1')
    ids = {'fl': {}, 'fn': {}, 'ob': {}}
    kind = {'fl': 'fl', 'fi': 'fl', 'fe': 'fl', 'cfi': 'fl', 'cfl': 'fl',
            'fn': 'fn', 'cfn': 'fn', 'ob': 'ob', 'cob': 'ob'}
    creator = None
    events = None
    evi = 0
    npos = 1
    cur_fn = None       # (name, object): an address names a function of its object
    callee = None
    ob, cob = '', None
    in_call = False
    self_cost = {}
    calls = set()
    totals = []
    seen_summary = False
    prev = {}  # column -> last count given (speedscope writes "+N", "-N", "*")

    def name_of(key, value):
        value = value.lstrip()  # spaces after "=" are not part of a name; trailing ones are
        m = re.match(r'\((\d+)\)\s*(.*)$', value)
        table = ids[kind[key]]
        if m:
            if m.group(2):
                table[m.group(1)] = m.group(2)
            return table.get(m.group(1), '')
        return value

    for raw in data.split('\n'):
        line = raw.rstrip('\r')
        if not line or line[0] == '#':
            continue
        m = re.match(r'([a-z]+)[=:]\s?(.*)$', line)
        if m and m.group(1) in kind and line[len(m.group(1))] == '=':
            key, value = m.group(1), m.group(2)
            name = name_of(key, value)
            if key == 'fn':
                cur_fn = (name, ob)
            elif key == 'cfn':
                callee = (name, cob if cob is not None else ob)
                cob = None
            elif key == 'ob':
                ob = name
            elif key == 'cob':
                cob = name
            continue
        if m and line[len(m.group(1))] == ':':
            key, value = m.group(1), m.group(2).strip()
            if key == 'creator':
                creator = creator or value
            elif key == 'events':
                events = value.split()
                evi = events.index(event) if event else 0
            elif key == 'part':
                prev = {}
            elif key == 'positions':
                npos = len(value.split())
            elif key in ('summary', 'totals'):
                v = value.split()
                if key == 'summary' or not seen_summary:
                    totals.append(int(v[evi], 0) if evi < len(v) else 0)
                seen_summary = seen_summary or key == 'summary'
            continue
        if line.startswith('calls='):
            in_call = True
            continue
        if re.match(r'(jump|jcnd|jfi|jfn)=', line):
            continue
        if line[0] in '0123456789+-*' or line.startswith('0x'):
            fields = line.split()
            costs = fields[npos:]
            for i, c in enumerate(costs):
                base = prev.get(i, 0)
                if c == '*':
                    prev[i] = base
                elif c[0] == '+':
                    prev[i] = base + int(c[1:], 0)
                elif c[0] == '-':
                    prev[i] = base - int(c[1:], 0)
                else:
                    prev[i] = int(c, 0)
            v = prev[evi] if evi < len(costs) else 0
            if in_call:
                calls.add((cur_fn, callee))
                in_call = False
            elif cur_fn is not None:
                self_cost[cur_fn] = self_cost.get(cur_fn, 0) + v
    callgrind = creator is not None and creator.startswith('callgrind')
    by_frame = {}
    for fn, v in self_cost.items():
        k = frame_name(fn, callgrind)
        by_frame[k] = by_frame.get(k, 0) + v
    pairs = {(frame_name(a, callgrind), frame_name(b, callgrind)) for a, b in calls}
    return by_frame, pairs, totals


def check(prof, folded, event, pruned):
    """The failures, as lines (none: all hold)."""
    by_frame, pairs, totals = read_profile(prof, event)
    bad = []
    ends = {}
    total = 0
    with open(folded, 'rb') as f:
        for n, raw in enumerate(f.read().decode('latin-1').split('\n'), 1):
            if not raw:
                continue
            stack, _, value = raw.rpartition(' ')
            frames = stack.split(';')
            v = int(value)
            total += v
            ends[frames[-1]] = ends.get(frames[-1], 0) + v
            for a, b in zip(frames, frames[1:]):
                if (a, b) not in pairs:
                    bad.append('line %d: %s -> %s is not a call of the profile' % (n, a, b))
    want = sum(by_frame.values())
    if total != want:
        bad.append('stacks add up to %d, self costs to %d' % (total, want))
    if totals and sum(totals) == want and total != sum(totals):
        bad.append('stacks add up to %d, the program total is %d' % (total, sum(totals)))
    for k in [] if pruned else sorted(set(by_frame) | set(ends)):
        if by_frame.get(k, 0) != ends.get(k, 0):
            bad.append("self cost of '%s' is %d, its stacks give %d" % (k, by_frame.get(k, 0), ends.get(k, 0)))
    if len(bad) > 5:
        bad = bad[:5] + ['... %d more' % (len(bad) - 5)]
    return bad


def main():
    args = sys.argv[1:]
    if args[:1] == ['--list']:
        failed = 0
        with open(args[1]) as f:
            for line in f:
                kind, prof, folded = line.rstrip('\n').split('\t')
                bad = check(prof, folded, None, kind == 'pruned')
                print('%s %s %s' % ('FAIL' if bad else 'PASS', kind, prof))
                for b in bad:
                    print('    ' + b)
                failed += bool(bad)
        sys.exit(1 if failed else 0)
    pruned = args[:1] == ['--pruned']
    if pruned:
        args = args[1:]
    bad = check(args[0], args[1], args[2] if len(args) > 2 else None, pruned)
    for b in bad:
        print('  ' + b)
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
