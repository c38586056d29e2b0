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

The same comparison with --format=json --disasm=yes: FUNCTION's entry of
"machine_code" (valid against doc/annogrind-diff.schema.json when
python3-jsonschema is installed) must hold the rows of the text listing
that have a cost, in its order and with its pairing of old and new
addresses, each with the profiles' cost on each side per event, the
change, objdump's text, and every instruction of the profiles.  With
--format=markdown, FUNCTION's block under "Machine code" must be the text
listing without its title.
Prints "diff-asm: N passed, N failed".
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cgtext  # noqa: E402

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'doc',
                      'annogrind-diff.schema.json')


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
    full = []      # {address: [cost per event name]} of each side
    for s in sides:
        c = {}
        e = {}
        for (ob, fn, addr), v in s['instr'].items():
            if fn == func:
                c[addr] = c.get(addr, 0) + v[0]
                c.setdefault('ob', ob)
                w = e.setdefault(addr, {})
                for name, x in zip(s['events'], v):
                    w[name] = w.get(name, 0) + x
        cost.append(c)
        full.append(e)
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
    pairs = []     # (old address, new address) of each row, in order
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
        pairs.append(tuple(addrs))
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
    fails += check_json(binary, folder, old, new, func, full, texts, pairs, sums)
    fails += check_md(binary, folder, old, new, func, lines, start[0])
    for f in fails:
        print('FAIL %s' % f)
    print('%s %s %s: %d rows, %d -> %d (%+d)' % (old, new, func, nrows, sums[0], sums[1], sums[1] - sums[0]))
    print('diff-asm: %d passed, %d failed' % (0 if fails else 1, 1 if fails else 0))
    return 1 if fails else 0


def check_json(binary, folder, old, new, func, full, texts, pairs, sums):
    """FUNCTION's "machine_code" entry against the profiles, objdump and the text rows."""
    fails = []
    p = subprocess.run([binary, '--diff', '--annotate=asm', '--format=json', '--disasm=yes',
                        '--auto=no', old, new], cwd=folder, capture_output=True, text=True)
    if p.returncode != 0:
        return ['json: exit %d: %s' % (p.returncode, p.stderr[-300:])]
    doc = json.loads(p.stdout)
    try:
        import jsonschema
    except ImportError:
        jsonschema = None
    if jsonschema:
        try:
            jsonschema.validate(doc, json.load(open(SCHEMA)))
        except jsonschema.ValidationError as e:
            fails.append('json: not valid: %s' % e.message[:200])
    events = [e['name'] for e in doc['events']]
    entries = [m for m in doc.get('machine_code', []) if m['name'] == func]
    if len(entries) != 1:
        return fails + ['json: %d entries of %s' % (len(entries), func)]
    m = entries[0]
    objs = [m[k]['object'] if m[k] else None for k in ('old', 'new')]
    want = 'address' if objs[0] == objs[1] else 'text'
    if m['pairing'] != want:
        fails.append('json: pairing %r, the objects %r' % (m['pairing'], objs))
    seen = [set(), set()]
    got_sums = [0, 0]
    at = 0
    for row in m['instructions']:
        addrs = (row['old_address'], row['new_address'])
        # the same rows as the text listing, in its order
        while at < len(pairs) and pairs[at] != addrs:
            at += 1
        if at == len(pairs):
            fails.append('json: row %r is not a row of the text listing (or not in its order)' % (addrs,))
            at = 0
        else:
            at += 1
        vals = []
        for k, key in ((0, 'old'), (1, 'new')):
            a = int(addrs[k], 16) if addrs[k] else None
            if a is not None:
                seen[k].add(a)
            c = full[k].get(a, {}) if a is not None else {}
            want = [c.get(e, 0) for e in events]
            if row[key] != want:
                fails.append('json: %r: %s %r, the profile says %r' % (addrs, key, row[key], want))
            vals.append(row[key])
        if row['change'] != [b - a for a, b in zip(vals[0], vals[1])]:
            fails.append('json: %r: the change is not new - old' % (addrs,))
        got_sums = [got_sums[0] + vals[0][0], got_sums[1] + vals[1][0]]
        k = 1 if addrs[1] else 0
        want_text = texts[k].get(int(addrs[k], 16))
        if want_text is not None and ' '.join((row['text'] or '').split()) != want_text:
            fails.append('json: %r: text %r, objdump says %r' % (addrs, row['text'], want_text))
        if row['file'] is not None and row['line'] < 1:
            fails.append('json: %r: a file and no line' % (addrs,))
    for k in (0, 1):
        left = set(full[k]) - seen[k]
        if left:
            fails.append('json: %s instructions not listed: %s' % (('old', 'new')[k], sorted(hex(a) for a in left)))
    if got_sums != sums:
        fails.append('json: rows sum to %r, the profiles %r' % (got_sums, sums))
    return fails


def check_md(binary, folder, old, new, func, lines, start):
    """FUNCTION's Markdown block: the text listing without its title."""
    p = subprocess.run([binary, '--diff', '--annotate=asm', '--format=markdown', '--auto=no',
                        '--context=1000000', old, new], cwd=folder, capture_output=True, text=True)
    if p.returncode != 0:
        return ['markdown: exit %d: %s' % (p.returncode, p.stderr[-300:])]
    md = p.stdout.split('\n')
    if '### Machine code' not in md:
        return ['markdown: no "Machine code" section']
    md = md[md.index('### Machine code'):]
    at = [i for i, ln in enumerate(md) if ln.startswith('<summary><code>') and
          re.match(r'<summary><code>[^<]*:%s</code>' % re.escape(func), ln)]
    if len(at) != 1:
        return ['markdown: %d blocks of %s' % (len(at), func)]
    body = []
    for ln in md[at[0] + 3:]:
        if ln.startswith('```'):
            break
        if ln:
            body.append(ln)
    want = []
    for ln in lines[start + 2:]:
        if ln.startswith('-----'):
            break
        if ln:
            want.append(ln)
    if body != want:
        return ['markdown: the block of %s (%d lines) is not the text listing (%d lines)' % (func, len(body), len(want))]
    return []


if __name__ == '__main__':
    sys.exit(main())
