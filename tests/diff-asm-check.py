#!/usr/bin/env python3
"""diff-asm-check.py BINARY DIR OLD NEW FUNCTION: the machine code of
"annogrind --diff --annotate=asm OLD NEW" (run in DIR) adds up.

From the two profiles' text (tests/cgtext.py: each instruction's cost by
object, fn= function and address), every row of FUNCTION's listing must
show, for the old and the new address it names, that instruction's cost
on that side ('.' where it names none), and their change; every
instruction with a record in either profile must be in a row; the rows'
totals must be the sums of the function's instructions on each side, and
their difference the function's self change in the table.  The text of
a row is objdump's at its address (objdump -d run here).
Prints "diff-asm: N passed, N failed".
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cgtext  # noqa: E402


def num(s):
    return int(s.replace(',', ''))


def objdump(obj):
    """{address: text} of objdump -d, as annogrind asks for it."""
    out = subprocess.run(['objdump', '-d', '-C', '-w', '--no-show-raw-insn', obj],
                         capture_output=True, text=True, check=True).stdout
    text = {}
    for ln in out.split('\n'):
        m = re.match(r'^\s*([0-9a-f]+):\s+(.*)$', ln)
        if m:
            text[int(m.group(1), 16)] = ' '.join(m.group(2).replace('\t', ' ').split())
    return text


def main():
    binary, folder, old, new, func = sys.argv[1:6]
    fails = []
    sides = [cgtext.read(os.path.join(folder, p)) for p in (old, new)]
    cost = []
    for s in sides:
        c = {}
        for (ob, fn, addr), v in s['instr'].items():
            if fn == func:
                c[addr] = c.get(addr, 0) + v[0]
                c.setdefault('ob', ob)
        cost.append(c)
    p = subprocess.run([binary, '--diff', '--annotate=asm', '--auto=no', '--context=1000000',
                        '--show-percs=no', old, new], cwd=folder, capture_output=True, text=True)
    if p.returncode != 0:
        fails.append('exit %d: %s' % (p.returncode, p.stderr[-300:]))
    lines = p.stdout.split('\n')
    table = [ln for ln in lines if re.search(r'\s\S*:%s( \[|$)' % re.escape(func), ln) and ln[:1] in ' +-0' and not ln.startswith('--')]
    start = [i for i, ln in enumerate(lines) if ln.endswith('-- Machine code (change): ' + ln.split(': ', 1)[-1])
             and ln.split(':')[-1] == func]
    if len(start) != 1:
        fails.append('%d listings of %s' % (len(start), func))
        start = [len(lines)]
    texts = [objdump(os.path.join(folder, c['ob'])) if 'ob' in c else {} for c in cost]
    seen = [set(), set()]
    tot = None
    nrows = 0
    for ln in lines[start[0] + 1:]:
        if ln.startswith('-- Machine code'):
            break
        m = re.match(r'^\s*([\d,]+|\.)\s+([\d,]+|\.)\s+([-+]?[\d,]+) ([-+ ]) +(0x[0-9a-f]+)? *(0x[0-9a-f]+)?:  (.*)$', ln)
        if not m:
            t = re.match(r'^\s*([\d,]+)\s+([\d,]+)\s+([-+]?[\d,]+)\s+total of the instructions shown', ln)
            if t:
                tot = [num(t.group(1)), num(t.group(2)), num(t.group(3))]
            continue
        nrows += 1
        cells = [m.group(1), m.group(2)]
        addrs = [m.group(5), m.group(6)]
        if m.group(4) == '+':     # a new-only row names one address, the new one
            addrs = [None, m.group(5) or m.group(6)]
        vals = []
        for k in (0, 1):
            if addrs[k] is None:
                if cells[k] != '.':
                    fails.append('%s: no %s address but a cost' % (ln, ('old', 'new')[k]))
                vals.append(0)
                continue
            a = int(addrs[k], 16)
            seen[k].add(a)
            want = cost[k].get(a, 0)
            got = 0 if cells[k] == '.' else num(cells[k])
            if got != want:
                fails.append('%s: %s cost %d, the profile says %d' % (ln.strip(), ('old', 'new')[k], got, want))
            vals.append(got)
        if num(m.group(3)) != vals[1] - vals[0]:
            fails.append('%s: the change is not new - old' % ln.strip())
        shown = addrs[1] if addrs[1] else addrs[0]
        k = 1 if addrs[1] else 0
        want_text = texts[k].get(int(shown, 16))
        if want_text is not None and ' '.join(m.group(7).split()) != want_text:
            fails.append('%s: objdump says %r' % (ln.strip(), want_text))
    for k in (0, 1):
        left = set(a for a in cost[k] if a != 'ob') - seen[k]
        if left:
            fails.append('%s instructions not shown: %s' % (('old', 'new')[k], sorted(hex(a) for a in left)))
    sums = [sum(v for a, v in c.items() if a != 'ob') for c in cost]
    if tot != [sums[0], sums[1], sums[1] - sums[0]]:
        fails.append('total %r, the profiles %r' % (tot, sums))
    if len(table) != 1 or num(table[0].split()[0]) != sums[1] - sums[0]:
        fails.append('table row %r, the profiles change by %d' % (table, sums[1] - sums[0]))
    for f in fails:
        print('FAIL %s' % f)
    print('%s %s %s: %d rows, %d -> %d (%+d)' % (old, new, func, nrows, sums[0], sums[1], sums[1] - sums[0]))
    print('diff-asm: %d passed, %d failed' % (0 if fails else 1, 1 if fails else 0))
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())
