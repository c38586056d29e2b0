#!/usr/bin/env python3
"""diff-source-check.py BINARY OLD NEW FILE FUNCTION: the annotated source
of annogrind --diff adds up.

From the two Callgrind profiles, read here with a parser of their own
(fl=/fi=/fe=/fn= with name compression, relative positions, and the cost
line after calls= left out, as it is a call's and not the function's), the
self cost of the first event of FUNCTION on each line of FILE, old and new.
Then, from "annogrind --diff --auto=no OLD NEW FILE" run in FILE's folder:
  - every annotated line of FILE shows those two numbers and their
    difference, and no other line has a cost;
  - the changes of the lines add up to the change of FUNCTION's self cost
    in the function table, and to the difference of the two sums above.
The same of "--diff --format=json" ("sources": FILE's lines) and of
"--diff --format=markdown" (the <details> block of FUNCTION: its lines
only, and their changes add up to the self change in its summary).
Prints "diff-source: N passed, N failed".
"""
import json
import os
import re
import subprocess
import sys


def self_costs(path, want_file, want_fn):
    """{line: cost} of the first event of want_fn's lines in want_file."""
    names = {}
    fl = fi = fn = None
    line = 0
    skip = False
    out = {}

    def name(kind, rest):
        m = re.match(r'\((\d+)\)(?: (.*))?$', rest)
        if not m:
            return rest
        key = (kind, m.group(1))
        if m.group(2) is not None:
            names[key] = m.group(2)
        return names[key]

    with open(path) as fh:
        for text in fh:
            text = text.rstrip('\n')
            m = re.match(r'(fl|fi|fe|fn|cfl|cfi|cfn|ob|cob)=(.*)$', text)
            if m:
                k, rest = m.groups()
                kind = {'fi': 'fl', 'fe': 'fl', 'cfl': 'fl', 'cfi': 'fl', 'cfn': 'fn', 'cob': 'ob'}.get(k, k)
                v = name(kind, rest)
                if k == 'fl':
                    fl, fi = v, None
                elif k in ('fi', 'fe'):
                    fi = v
                elif k == 'fn':
                    fn, fi = v, None
                continue
            if text.startswith('calls='):
                skip = True
                continue
            m = re.match(r'([+-]\d+|\d+|\*)\s+(\d+)', text)
            if not m:
                continue
            pos = m.group(1)
            if pos == '*':
                pass
            elif pos[0] in '+-':
                line += int(pos)
            else:
                line = int(pos)
            if skip:
                skip = False
                continue
            if fn == want_fn and (fi or fl) == want_file:
                out[line] = out.get(line, 0) + int(m.group(2))
    return out


def num(s):
    return int(s.replace(',', ''))


def annotated(lines, fails):
    """{line: (old, new)} of annotated lines ("OLD NEW CHANGE text"), up to the
    next title or the end of a fenced block; "-- line N" markers say where."""
    got = {}
    n = 0
    for l in lines:
        if (l.startswith('--') and 'line' not in l) or l.startswith('```'):
            break
        if l.startswith('-- line'):
            n = int(l.split()[2]) - 1
            continue
        m = re.match(r'\s*([\d,]+)\s+([\d,]+)\s+([-+]?[\d,]+) (?!=>)', l)
        if re.match(r'\s*[\d,]+\s+[\d,]+\s+[-+]?[\d,]+ =>', l):
            continue    # a call line: not the line's own cost
        n += 1
        if m:
            o_, n_, c_ = num(m.group(1)), num(m.group(2)), num(m.group(3))
            if n_ - o_ != c_:
                fails.append('line %d: %d -> %d is not %d' % (n, o_, n_, c_))
            got[n] = (o_, n_)
    return got


def main():
    binary, old, new, path, func = sys.argv[1:6]
    folder, base = os.path.split(os.path.abspath(path))
    fails = []
    a = self_costs(old, path, func)
    b = self_costs(new, path, func)
    if not a or not b:
        fails.append('no cost of %s in %s in a profile' % (func, path))
    p = subprocess.run([binary, '--diff', '--auto=no', '--show-percs=no', os.path.abspath(old),
                        os.path.abspath(new), base], cwd=folder, capture_output=True, text=True)
    if p.returncode != 0:
        fails.append('exit %d: %s' % (p.returncode, p.stderr[-300:]))
    lines = p.stdout.split('\n')
    # the table's row of the function: its self change is the first cell
    # (annogrind strips the folder it runs in from file names: work.c)
    row = [l for l in lines if re.search(r'\s(\./)?%s:%s( \[|$)' % (re.escape(base), re.escape(func)), l)]
    if len(row) != 1:
        fails.append('%d table rows for %s:%s' % (len(row), path, func))
        table = None
    else:
        table = num(row[0].split()[0])
    # the annotated source: after its header, "OLD NEW CHANGE text" lines
    try:
        start = next(i for i, l in enumerate(lines) if l.startswith('-- User-annotated source (change): '))
    except StopIteration:
        start = None
        fails.append('no annotated source')
    got = annotated(lines[start + 4:], fails) if start is not None else {}
    want = {k: (a.get(k, 0), b.get(k, 0)) for k in set(a) | set(b)}
    if got != want:
        fails.append('annotated lines %r, the profiles say %r' % (sorted(got.items()), sorted(want.items())))
    change = sum(n_ - o_ for o_, n_ in got.values())
    direct = sum(b.values()) - sum(a.values())
    if change != direct:
        fails.append('the lines change by %d, the profiles by %d' % (change, direct))
    if table is not None and table != direct:
        fails.append('the table says %d, the profiles %d' % (table, direct))

    # JSON: the lines of FILE in "sources" (every function's, as the text shows them)
    p = subprocess.run([binary, '--diff', '--format=json', os.path.abspath(old), os.path.abspath(new), base],
                       cwd=folder, capture_output=True, text=True)
    src = [x for x in json.loads(p.stdout)['sources'] if x['file'] == base] if p.returncode == 0 else []
    if len(src) != 1:
        fails.append('json: %d sources for %s (exit %d)' % (len(src), base, p.returncode))
    else:
        jgot = {ln['line']: (ln['old'][0], ln['new'][0]) for ln in src[0]['lines']
                if ln['old'][0] or ln['new'][0]}
        if jgot != want:
            fails.append('json lines %r, the profiles say %r' % (sorted(jgot.items()), sorted(want.items())))
        bad = [ln['line'] for ln in src[0]['lines'] if ln['change'][0] != ln['new'][0] - ln['old'][0]]
        if bad:
            fails.append('json: change is not new - old on lines %r' % bad)

    # Markdown: FUNCTION's block has its lines only, summing to the summary's self change
    p = subprocess.run([binary, '--diff', '--format=markdown', os.path.abspath(old), os.path.abspath(new)],
                       cwd=folder, capture_output=True, text=True)
    md = p.stdout.split('\n')
    summ = [i for i, l in enumerate(md) if l.startswith('<summary><code>%s:%s</code>' % (base, func))]
    mgot = {}
    if p.returncode != 0 or len(summ) != 1:
        fails.append('markdown: %d blocks of %s:%s (exit %d)' % (len(summ), base, func, p.returncode))
    else:
        i = summ[0]
        m = re.search(r'self ([-+]?[\d,]+) ', md[i])
        if md[i + 2] != '```text' or md[i + 3] != '-- ' + base or not m:
            fails.append('markdown: block of %s:%s starts %r' % (base, func, md[i:i + 4]))
        else:
            mgot = annotated(md[i + 6:], fails)
            if num(m.group(1)) != direct:
                fails.append('markdown: the summary says %s, the profiles %d' % (m.group(1), direct))
        if mgot != want:
            fails.append('markdown lines %r, the profiles say %r' % (sorted(mgot.items()), sorted(want.items())))
    for f in fails:
        print('FAIL %s' % f)
    print('%s:%s self %d -> %d (%+d), %d lines, their changes sum to %+d; json %d lines, markdown %d lines (%+d)' % (
        path, func, sum(a.values()), sum(b.values()), direct, len(got), change,
        len(src[0]['lines']) if len(src) == 1 else 0, len(mgot), sum(n_ - o_ for o_, n_ in mgot.values())))
    print('diff-source: %d passed, %d failed' % (0 if fails else 1, 1 if fails else 0))
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main())
