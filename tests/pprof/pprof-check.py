"""pprof-check.py: --format=pprof checked with the real pprof (go tool pprof)
against the Callgrind profile read by a reader of its own (tests/cgtext.py,
tests/views/profread.py), never by annogrind's code.

usage: pprof-check.py JOBS: JOBS has a check a line, its fields separated
by tabs: WHAT (put before each result), CHECK, PB (the --format=pprof
output) and the check's arguments.  Each profile and each pprof output
is read once for all the checks (PPROF, in the environment, is the
command, "go tool pprof" unless set).  Prints "PASS what" or "FAIL what:
why" lines; exit status 1 when one failed.  The checks:
  totals PB PROFILE...          -raw: each event's samples add up to the
                                program total (the sum of the self costs)
  flat PB EVENT PROFILE...      -top: each function's flat equals its own
                                cost, its pieces inlined from other files
                                summed (a profile cut by nothing)
  cum PB PROFILE...             -top: the cum of each outermost function
                                within 0.5% of the total of its exact
                                inclusive cost (first event)
  traces PB FOLDED [EVENT]      -traces (-sample_index=EVENT): the stacks
                                and their costs, name for name, those of
                                --format=folded
  list PB SRC ANNOTATED PROFILE FUNC...
                                -list (run in SRC, where the sources are):
                                each line's flat equals the function's own
                                cost on it; then -list . summed over the
                                functions equals the annotated source
                                (ANNOTATED: a file of "file:line cost")
  sites PB SRC PROFILE          -raw: each caller's frame is at a line
                                where it calls the frame below it; in the
                                program's code (files found from SRC, the
                                folder annogrind ran in, which it strips
                                from file names), the site of the call
                                of most cost of the default event
  mappings PB PROFILE           -raw: one mapping per object, named as
                                ob=; each location's address one of its
                                function's instructions in that object
  head PB PROFILE EVENTS DEFAULT VERSION
                                -raw: the sample types EVENTS (a,b,...)
                                of unit count, DEFAULT marked the
                                default; the comments cmd:, creator: of
                                the profile and "annogrind VERSION"
  hostile PB PROFILE            strict protobuf reading, no control
                                character in a string, a 100 KB name
                                whole, pprof -raw reads it
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


PPROF = os.environ.get('PPROF', 'go tool pprof').split()
_pprof_out = {}


def pprof(*args, cwd=None):
    """pprof's output for args, run once for every check that asks."""
    key = (cwd,) + args
    if key not in _pprof_out:
        r = subprocess.run(PPROF + list(args), cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if r.returncode:
            raise RuntimeError('%s %s: exit %d: %s' % (' '.join(PPROF), ' '.join(args), r.returncode,
                                                       r.stderr.decode(errors='replace')[:300]))
        _pprof_out[key] = r.stdout.decode('utf-8', errors='surrogateescape')
    return _pprof_out[key]


_read = {}


def cgread(path):
    """cgtext.read(path), once."""
    if path not in _read:
        _read[path] = cgtext.read(path, addr_obj=True)
    return _read[path]


def creator(path):
    opener = __import__('gzip').open if open(path, 'rb').read(2) == b'\x1f\x8b' else open
    with opener(path, 'rt', errors='surrogateescape') as fh:
        for line in fh:
            if line.startswith('creator:'):
                return line[8:].strip()
            if line.startswith(('fn=', 'fl=', 'ob=')):
                break
    return ''


ADDR_OBJ = re.compile(r"^(0x[0-9a-fA-F]+(?:'.*)?)( \[[^\[\]]*\])$")


def frame(name, by_callgrind):
    """The frame name of a function (the man page's rule): a Callgrind
    caller context f'g'h is left out, a recursion level f'2 kept; an
    address keeps its object after it (cgtext's addr_obj)."""
    m = ADDR_OBJ.match(name)
    if m:
        return frame(m.group(1), by_callgrind) + m.group(2)
    q = name.find("'")
    if q < 0 or not by_callgrind:
        return name
    m = re.match(r"'(\d+)(?='|$)", name[q:])
    return name[:q + len(m.group(0))] if m else name[:q]


def self_by_frame(paths):
    """{event: {frame name: own cost}}, all pieces of a function summed."""
    out = collections.defaultdict(collections.Counter)
    for path in paths:
        cg = cgread(path)
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
        cg = cgread(path)
        for lines in cg['lines'].values():
            for costs in lines.values():
                for e, v in zip(cg['events'], costs):
                    want[e] += v
    for k, e in enumerate(types):
        got = sum(v[k] for v in vals)
        result(got == want[e], 'raw %s sums to the total' % e, 'samples %d, profile %d' % (got, want[e]))


def top(pb, event):
    """-top: {name: (flat, cum)} (the flat and cum checks share it)."""
    args = ['-top', '-nodecount=1000000000', '-nodefraction=0', '-edgefraction=0',
            '-sample_index=' + event]
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
    got = top(pb, types[0])
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


def traces(pb, event=None):
    """-traces: {stack, root first: cost}, zero costs left out."""
    out = collections.Counter()
    args = ['-traces'] + (['-sample_index=' + event] if event else [])
    blocks = pprof(*(args + [pb])).split('-----------+-------------------------------------------------------')
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


def check_traces(pb, folded, event=None):
    got = collections.Counter()
    for stack, v in traces(pb, event).items():
        got[tuple(folded_name(s) for s in stack)] += v
    want = collections.Counter()
    with open(folded, encoding='utf-8', errors='surrogateescape') as fh:
        for line in fh:
            stack, _, v = line.rstrip('\n').rpartition(' ')
            want[tuple(stack.split(';'))] += int(v)
    diff = [(s, got.get(s), want.get(s)) for s in set(got) | set(want) if got.get(s) != want.get(s)]
    result(not diff, '-traces%s: %d stacks equal the folded stacks name for name'
           % (' -sample_index=' + event if event else '', len(want)),
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


def check_list(pb, src, annotated, path, funcs):
    cg = cgread(path)
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


LOC = re.compile(r'^\s*(\d+): 0x([0-9a-f]+)(?: M=(\d+))? (.*) (\S*):(\d+) s=\d+\(.*\)$')


def raw(pb):
    """-raw, parsed: comments, sample types (the default marked), samples
    (values, location ids leaf first), locations {id: (address, mapping,
    function, file, line)}, mappings {id: (start, limit, file)}."""
    out = {'comments': [], 'types': [], 'default': None, 'samples': [], 'locations': {}, 'mappings': {}}
    part = None
    for line in pprof('-raw', pb).split('\n'):
        if line.startswith('Comment: '):
            out['comments'].append(line[9:])
            continue
        if line in ('Samples:', 'Locations', 'Mappings'):
            part = line
            continue
        if part == 'Samples:' and not out['types']:
            for t in line.split():
                name = t.split('[')[0]
                out['types'].append(name)
                if t.endswith('[dflt]'):
                    out['default'] = name.split('/')[0]
            continue
        if part == 'Samples:' and ':' in line and re.match(r'^\s*-?\d', line):
            vals, _, locs = line.partition(':')
            out['samples'].append(([int(v) for v in vals.split()], [int(x) for x in locs.split()]))
        elif part == 'Locations':
            m = LOC.match(line)
            if m:
                out['locations'][int(m.group(1))] = (int(m.group(2), 16), int(m.group(3) or 0), m.group(4),
                                                      m.group(5), int(m.group(6)))
        elif part == 'Mappings':
            m = re.match(r'^(\d+): 0x([0-9a-f]+)/0x([0-9a-f]+)/0x[0-9a-f]+ (.*?)(?:  \S*)?$', line)
            if m:
                out['mappings'][int(m.group(1))] = (int(m.group(2), 16), int(m.group(3), 16), m.group(4))
    return out


def check_sites(pb, src, path):
    cg = cgread(path)
    byc = creator(path).startswith('callgrind')
    r = raw(pb)
    k = cg['events'].index(r['default'])
    here = os.path.abspath(src) + '/'
    sites = collections.defaultdict(set)     # (caller frame, callee frame) -> its sites (file, line)
    per = {}                                 # (object, caller, callee) -> (cost, site) of most cost
    for key, (count, cost) in cg['calls'].items():
        fl, line, fn, cfn = key
        # annogrind strips the folder it ran in; "???" (no debugging information) is no file
        fl = fl[len(here):] if fl.startswith(here) else '' if fl == '???' else fl
        sites[(clean(frame(fn, byc)), clean(frame(cfn, byc)))].add((fl, line))
        one = (clean(cg['callob'][key] or ''), fn, cfn)
        if one not in per or cost[k] > per[one][0]:     # the first of equals
            per[one] = (cost[k], (fl, line))
    best = collections.defaultdict(set)      # (object, caller frame, callee frame) -> those sites
    for (ob, fn, cfn), (_, at) in per.items():
        best[(ob, clean(frame(fn, byc)), clean(frame(cfn, byc)))].add(at)
        best[(None, clean(frame(fn, byc)), clean(frame(cfn, byc)))].add(at)
    n, m, wrong, notbest = 0, 0, [], []
    for below, here_id in sorted({p for _, locs in r['samples'] for p in zip(locs, locs[1:])}):
        a, b = r['locations'][here_id], r['locations'][below]
        key, at = (a[2], b[2]), (a[3], a[4])
        ob = r['mappings'][a[1]][2] if a[1] in r['mappings'] else None
        n += 1
        if at not in sites.get(key, ()):
            wrong.append((key, at))
        elif all(f and os.path.exists(os.path.join(src, f)) for f, _ in sites[key]):
            # the program's own code (its files found from SRC), where a name is one
            # function: in library code annogrind can have two of a name that this
            # reader cannot tell apart (one file's in two objects, or a piece of
            # inlined code the stacks keep apart)
            m += 1
            if at not in best[(ob,) + key]:
                notbest.append((ob, key, at, sorted(best[(ob,) + key])[:2]))
    result(n > 0 and not wrong, 'sites: %d callers\' frames at a line where they call the frame below' % n,
           '%d not: %r' % (len(wrong), wrong[:3]))
    result(not notbest, 'sites: %d callers\' frames of the program\'s code at the site of most %s'
           % (m, r['default']),
           '%d not: %r' % (len(notbest), notbest[:3]))


def check_mappings(pb, path):
    cg = cgread(path)
    byc = creator(path).startswith('callgrind')
    r = raw(pb)
    objs = {clean(ob) for (ob, fn, addr) in cg['instr']}
    names = [m[2] for m in r['mappings'].values()]
    result(sorted(names) == sorted(objs), 'mappings: one for each of the %d objects, named as ob=' % len(objs),
           'pprof %r, profile %r' % (sorted(names)[:4], sorted(objs)[:4]))
    instr = collections.defaultdict(set)
    for (ob, fn, addr) in cg['instr']:
        instr[(clean(ob), clean(frame(fn, byc)))].add(addr)
    bad, n, none = [], 0, 0
    for lid, (addr, mid, fn, fl, line) in r['locations'].items():
        n += 1
        m = r['mappings'].get(mid)
        if not m and not addr:
            none += 1   # code merged into a function of another object: no address
            continue
        if not m or addr not in instr.get((m[2], fn), ()) or not m[0] <= addr < m[1]:
            bad.append((lid, hex(addr), fn, m and m[2]))
    result(n > 0 and not bad and none * 100 < n, 'mappings: %d locations at an instruction of their '
           'function in its mapping (%d with none)' % (n - none, none), '%d not: %r' % (len(bad), bad[:3]))


def check_head(pb, path, events, default, version):
    r = raw(pb)
    want = ['%s/count' % e for e in events.split(',')]
    result(r['types'] == want and r['default'] == default,
           'sample types %s, the default %s' % (' '.join(want), default), 'pprof: %r, default %r'
           % (r['types'], r['default']))
    cmd = creator_line = None
    opener = __import__('gzip').open if open(path, 'rb').read(2) == b'\x1f\x8b' else open
    with opener(path, 'rt', errors='surrogateescape') as fh:
        for line in fh:
            if line.startswith('cmd:'):
                cmd = line[4:].strip()
            elif line.startswith('creator:'):
                creator_line = line[8:].strip()
            elif line.startswith(('fn=', 'fl=', 'ob=')):
                break
    want = ['cmd: ' + clean(cmd), 'creator: ' + clean(creator_line)]
    ok = all(w in r['comments'] for w in want) and \
        any(c.startswith('annogrind %s:' % version) for c in r['comments'])
    result(ok, 'comments: the command, the creator, annogrind %s' % version, repr(r['comments'][:4]))


def run(what, check, pb, args):
    global WHAT
    WHAT = what
    try:
        if check == 'totals':
            check_totals(pb, args)
        elif check == 'flat':
            check_flat(pb, args[0], args[1:])
        elif check == 'cum':
            check_cum(pb, args)
        elif check == 'traces':
            check_traces(pb, args[0], args[1] if len(args) > 1 else None)
        elif check == 'list':
            check_list(pb, args[0], args[1], args[2], args[3:])
        elif check == 'sites':
            check_sites(pb, args[0], args[1])
        elif check == 'mappings':
            check_mappings(pb, args[0])
        elif check == 'head':
            check_head(pb, *args)
        elif check == 'hostile':
            check_hostile(pb, args[0])
        else:
            result(False, check, 'pprof-check.py: unknown check')
    except (RuntimeError, ValueError, OSError, KeyError, IndexError) as e:
        result(False, '%s %s' % (check, os.path.basename(pb)), '%s: %s' % (type(e).__name__, e))


def main():
    with open(sys.argv[1]) as fh:
        for line in fh:
            f = line.rstrip('\n').split('\t')
            if len(f) >= 3:
                run(f[0], f[1], f[2], f[3:])
    sys.exit(1 if failed else 0)


main()
