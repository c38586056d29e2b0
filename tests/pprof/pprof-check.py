"""pprof-check.py: --format=pprof checked with the real pprof (go tool pprof)
against the Callgrind profile read by a reader of its own (tests/cgtext.py,
tests/views/profread.py), never by annogrind's code.

usage: pprof-check.py CHECK PB [ARGS...]; prints "PASS what" or "FAIL what:
why" lines, exit status 1 when one failed.
  totals PB PROFILE...          -raw: each event's samples add up to the
                                program total (the sum of the self costs)
  flat PB EVENT PROFILE...      -top: each function's flat equals its own
                                cost, its pieces inlined from other files
                                summed (a profile cut by nothing)
  cum PB PROFILE...             -top: the cum of each outermost function
                                within 0.5% of the total of its exact
                                inclusive cost (first event)
  traces PB FOLDED              -traces: the stacks and their costs, name
                                for name, those of --format=folded
  list PB SRC PROFILE FUNC...   -list (run in SRC, where the sources are):
                                each line's flat equals the function's own
                                cost on it; then -list . summed over the
                                functions equals the annotated source
                                (ANNOTATED, in the environment, a file of
                                "file:line cost" lines)
  hostile PB PROFILE            strict protobuf reading, no control
                                character in a string, a 100 KB name
                                whole, pprof -top reads it
PROFILE is a Callgrind profile (several: the thread files of one run).
"""
import collections
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'views'))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cgtext    # noqa: E402
import pbread    # noqa: E402
import profread  # noqa: E402

failed = 0
WHAT = os.environ.get('CHECK_WHAT', '')     # what the suite checks, put before each line


def result(ok, what, why=''):
    global failed
    if WHAT:
        what = '%s: %s' % (WHAT, what)
    if ok:
        print('PASS %s' % what)
    else:
        failed += 1
        print('FAIL %s: %s' % (what, why))


BIDI = {0x061c, 0x200e, 0x200f} | set(range(0x202a, 0x202f)) | set(range(0x2066, 0x206a))


def clean(name):
    """A name as the man page says --format=pprof writes it: valid UTF-8,
    C0 controls and DEL '?', a byte that starts no UTF-8 sequence its
    Latin-1 character, C1 and bidi controls, encoded surrogates, U+FFFE
    and U+FFFF the text \\xHH of their bytes."""
    b = name.encode('utf-8', 'surrogateescape')
    out, i = [], 0
    while i < len(b):
        c = b[i]
        if c < 0x20 or c == 0x7f:
            out.append('?')
            i += 1
            continue
        if c < 0x80:
            out.append(chr(c))
            i += 1
            continue
        if c == 0xed and i + 2 < len(b) and 0xa0 <= b[i + 1] <= 0xbf and 0x80 <= b[i + 2] <= 0xbf:
            out.append(''.join('\\x%02x' % x for x in b[i:i + 3]))     # a surrogate's form
            i += 3
            continue
        n = 2 if 0xc2 <= c <= 0xdf else 3 if 0xe0 <= c <= 0xef else 4 if 0xf0 <= c <= 0xf4 else 0
        try:
            ch = b[i:i + n].decode('utf-8') if n and i + n <= len(b) else None
        except UnicodeDecodeError:
            ch = None
        if ch is None:
            out.append('\\x%02x' % c if c <= 0x9f else chr(c))
            i += 1
            continue
        cp = ord(ch)
        if cp <= 0x9f or cp in BIDI or cp in (0xfffe, 0xffff):
            out.append(''.join('\\x%02x' % x for x in b[i:i + n]))
        else:
            out.append(ch)
        i += n
    return ''.join(out)


def pprof(*args, cwd=None):
    r = subprocess.run(['go', 'tool', 'pprof'] + list(args), cwd=cwd,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode:
        raise RuntimeError('go tool pprof %s: exit %d: %s' % (' '.join(args), r.returncode,
                                                              r.stderr.decode(errors='replace')[:300]))
    return r.stdout.decode('utf-8', errors='surrogateescape')


def creator(path):
    opener = __import__('gzip').open if open(path, 'rb').read(2) == b'\x1f\x8b' else open
    with opener(path, 'rt', errors='surrogateescape') as fh:
        for line in fh:
            if line.startswith('creator:'):
                return line[8:].strip()
            if line.startswith(('fn=', 'fl=', 'ob=')):
                break
    return ''


def frame(name, by_callgrind):
    """The frame name of a function (the man page's rule): a Callgrind
    caller context f'g'h is left out, a recursion level f'2 kept."""
    q = name.find("'")
    if q < 0 or not by_callgrind:
        return name
    m = re.match(r"'(\d+)(?='|$)", name[q:])
    return name[:q + len(m.group(0))] if m else name[:q]


def self_by_frame(paths):
    """{event: {frame name: own cost}}, all pieces of a function summed."""
    out = collections.defaultdict(collections.Counter)
    for path in paths:
        cg = cgtext.read(path)
        byc = creator(path).startswith('callgrind')
        for (fl, fn), lines in cg['fnlines'].items():
            for costs in lines.values():
                for e, v in zip(cg['events'], costs):
                    out[clean(e)][clean(frame(fn, byc))] += v
    return out


def raw_samples(pb):
    """-raw: the sample types and each sample's values."""
    text = pprof('-raw', pb).split('\n')
    i = text.index('Samples:')
    types = [t.split('/')[0] for t in text[i + 1].split()]
    vals = []
    for line in text[i + 2:]:
        if not line.strip() or not re.match(r'^\s*-?\d', line):
            break
        vals.append([int(v) for v in line.split(':')[0].split()])
    return types, vals


def check_totals(pb, paths):
    types, vals = raw_samples(pb)
    want = collections.Counter()
    for path in paths:
        cg = cgtext.read(path)
        for lines in cg['lines'].values():
            for costs in lines.values():
                for e, v in zip(cg['events'], costs):
                    want[e] += v
    for k, e in enumerate(types):
        got = sum(v[k] for v in vals)
        result(got == want[e], 'raw %s sums to the total' % e, 'samples %d, profile %d' % (got, want[e]))


def top(pb, event, cum=False):
    """-top: {name: (flat, cum)}."""
    args = ['-top', '-nodecount=1000000000', '-nodefraction=0', '-edgefraction=0',
            '-sample_index=' + event]
    if cum:
        args.append('-cum')
    out = {}
    for line in pprof(*(args + [pb])).split('\n'):
        m = re.match(r'^\s*(-?\d+)\s+\S+%\s+\S+%\s+(-?\d+)\s+\S+%\s+(.*)$', line)
        if m:
            out[m.group(3)] = (int(m.group(1)), int(m.group(2)))
    return out


def check_flat(pb, event, paths):
    want = self_by_frame(paths)[event]
    got = top(pb, event)
    bad = [(n, got.get(n, (0, 0))[0], v) for n, v in want.items() if got.get(n, (0, 0))[0] != v]
    extra = [n for n in got if n not in want and got[n][0]]
    result(not bad and not extra, '-top -flat %s: %d functions equal their own cost' % (event, len(want)),
           '%d differ (first %r), %d unknown (%r)' % (len(bad), bad[:3], len(extra), extra[:3]))


def check_cum(pb, paths):
    prof = profread.Profile(paths)
    byc = creator(paths[0]).startswith('callgrind')
    types, _ = raw_samples(pb)
    got = top(pb, types[0], cum=True)
    names = collections.defaultdict(list)
    for f in prof.self:
        names[frame(f[1], byc)].append(f)
    worst, n, bad = 0.0, 0, []
    for name, fs in names.items():
        # outermost: a name with no quote at all, one function of that name
        if "'" in name or len(fs) != 1 or name not in got:
            continue
        d = abs(got[name][1] - prof.incl(fs[0])) / prof.total if prof.total else 0
        n += 1
        worst = max(worst, d)
        if d > 0.005:
            bad.append((name, got[name][1], prof.incl(fs[0])))
    result(n > 0 and not bad, '-top -cum of %d outermost functions within 0.5%% of their exact '
           'inclusive cost (largest off %.4f%%)' % (n, 100 * worst), '%d off: %r' % (len(bad), bad[:3]))


def traces(pb):
    """-traces: {stack, root first: cost}, zero costs left out."""
    out = collections.Counter()
    blocks = pprof('-traces', pb).split('-----------+-------------------------------------------------------')
    for b in blocks[1:]:
        lines = [l for l in b.split('\n') if l.strip()]
        if not lines:
            continue
        m = re.match(r'^\s*(-?\d+)\s+(.*)$', lines[0])
        stack = [m.group(2)] + [l.strip() for l in lines[1:]]
        out[tuple(reversed(stack))] += int(m.group(1))
    return +out


def folded_name(s):
    """A pprof name as folded text writes it: ';' is ':'."""
    return s.replace(';', ':')


def check_traces(pb, folded):
    got = collections.Counter()
    for stack, v in traces(pb).items():
        got[tuple(folded_name(s) for s in stack)] += v
    want = collections.Counter()
    with open(folded, encoding='utf-8', errors='surrogateescape') as fh:
        for line in fh:
            stack, _, v = line.rstrip('\n').rpartition(' ')
            want[tuple(stack.split(';'))] += int(v)
    diff = [(s, got.get(s), want.get(s)) for s in set(got) | set(want) if got.get(s) != want.get(s)]
    result(not diff, '-traces: %d stacks equal the folded stacks name for name' % len(want),
           '%d differ, first %r' % (len(diff), sorted(diff, key=repr)[:2]))


def listing(pb, regex, cwd):
    """-list: {(function, file): {line: flat}}."""
    out = {}
    cur = None
    for line in pprof('-list', regex, pb, cwd=cwd).split('\n'):
        m = re.match(r'^ROUTINE =+ (.*) in (.*)$', line)
        if m:
            cur = out.setdefault((m.group(1), m.group(2)), {})
            continue
        m = re.match(r'^\s*([\d.]+|\.)\s+([\d.]+|\.)\s+(\d+):', line)
        if m and cur is not None:
            flat = 0 if m.group(1) == '.' else int(m.group(1))
            if flat:
                cur[int(m.group(3))] = cur.get(int(m.group(3)), 0) + flat
    return out


def check_list(pb, src, path, funcs):
    cg = cgtext.read(path)
    byc = creator(path).startswith('callgrind')
    k = cg['events'].index(pbread.read(pb)['default'])
    want = collections.defaultdict(collections.Counter)
    here = os.path.abspath(src) + '/'
    for (fl, fn), lines in cg['fnlines'].items():
        # annogrind strips the folder it runs in (here, SRC) from file names
        fl = fl[len(here):] if fl.startswith(here) else fl
        for line, costs in lines.items():
            if costs[k]:
                want[(frame(fn, byc), fl)][line] += costs[k]
    for f in funcs:
        got = listing(pb, '^' + re.escape(f) + '$', src)
        exp = {key: dict(v) for key, v in want.items() if key[0] == f and os.path.exists(os.path.join(src, key[1]))}
        result(got and got == exp, '-list %s: %d lines equal its own cost on each' % (f, sum(len(v) for v in exp.values())),
               'pprof %r, profile %r' % (sorted(got.items())[:2], sorted(exp.items())[:2]))
    annotated = os.environ.get('ANNOTATED')
    if not annotated:
        return
    got = collections.Counter()
    for (fn, fl), lines in listing(pb, '.', src).items():
        for line, v in lines.items():
            got[(fl, line)] += v
    ann = collections.Counter()
    with open(annotated) as fh:
        for line in fh:
            where, v = line.split()
            fl, _, ln = where.rpartition(':')
            ann[(fl, int(ln))] += int(v)
    files = {fl for fl, _ in ann}
    got = +collections.Counter({key: v for key, v in got.items() if key[0] in files})
    diff = [(key, got.get(key), ann.get(key)) for key in set(got) | set(+ann) if got.get(key) != ann.get(key)]
    result(not diff and ann, '-list . summed over functions: %d lines of %s equal the annotated source'
           % (len(+ann), ', '.join(sorted(files))), '%d differ: %r' % (len(diff), sorted(diff)[:3]))


def check_hostile(pb, path):
    try:
        prof = pbread.read(pb)
    except (ValueError, UnicodeDecodeError) as e:
        result(False, 'hostile names: a valid profile.proto', str(e))
        return
    ctl = [s for s in prof['strings'] if re.search(r'[\x00-\x1f\x7f\x80-\x9f]', s)]
    result(not ctl, 'hostile names: no control character in %d strings' % len(prof['strings']), repr(ctl[:2]))
    longest = max(len(f['name_s']) for f in prof['functions'].values())
    result(longest >= 100000, 'hostile names: a name of %d characters, whole' % longest, 'cut')
    types, vals = raw_samples(pb)
    result(len(vals) == len(prof['samples']), 'hostile names: pprof -raw reads its %d samples' % len(vals),
           'pprof read %d' % len(vals))
    check_totals(pb, [path])


def main():
    check, pb, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    try:
        if check == 'totals':
            check_totals(pb, args)
        elif check == 'flat':
            check_flat(pb, args[0], args[1:])
        elif check == 'cum':
            check_cum(pb, args)
        elif check == 'traces':
            check_traces(pb, args[0])
        elif check == 'list':
            check_list(pb, args[0], args[1], args[2:])
        elif check == 'hostile':
            check_hostile(pb, args[0])
        else:
            sys.exit('pprof-check.py: unknown check %s' % check)
    except (RuntimeError, ValueError, OSError) as e:
        result(False, '%s %s' % (check, os.path.basename(pb)), str(e))
    sys.exit(1 if failed else 0)


main()
