"""cgtext.py: a Callgrind profile's text summed by hand, for the tests that
check annogrind against numbers it did not compute (diff-json-check.py,
diff-source-check.py, diff-asm-check.py).

read(path, rename) returns a dict:
  events   the event names;
  lines    {file: {line: [cost per event]}}, self costs of every function;
  fnlines  {(file, fn): {line: [...]}};
  instr    {(object, fn, addr): [...]} when the positions include instr
           (fn is the fn= name: code inlined from another file stays in it);
  calls    {(file, line, caller, callee): [count, [inclusive cost per event]]};
  callob   {(file, line, caller, callee): the caller's object}.
It reads name compression (jfi= and jfn= too, whose jumps it skips),
relative and '*' positions, hex addresses, and
the cost line after calls= as the call's, not the function's.  rename maps
a file name (the --mod-filename rules of a test).  With addr_obj, a name
that is an address (a stripped object's function) is a function of its
object, named as annogrind writes it where the object is not shown:
"0x...db70 [libfoo.so.6]" (fn='s object ob=, cfn='s cob= or ob=).
"""
import gzip
import re

NAME = re.compile(r'^(ob|cob|fl|fi|fe|cfi|cfl|fn|cfn|jfi|jfn)=(.*)$')
ADDR = re.compile(r"0x[0-9a-fA-F]+(?:'|$)")
KIND = {'cob': 'ob', 'fi': 'fl', 'fe': 'fl', 'cfi': 'fl', 'cfl': 'fl', 'cfn': 'fn', 'jfi': 'fl', 'jfn': 'fn'}


def _num(tok, prev):
    if tok == '*':
        return prev
    if tok[0] in '+-':
        return prev + int(tok, 0)
    return int(tok, 0)


def _with_obj(name, ob):
    """name, and " [OBJECT]" (its file name) after an address of an object."""
    return '%s [%s]' % (name, ob.rsplit('/', 1)[-1]) if ob and ADDR.match(name) else name


def read(path, rename=lambda f: f, addr_obj=False):
    opener = gzip.open if open(path, 'rb').read(2) == b'\x1f\x8b' else open
    names = {}
    positions = ['line']
    events = []
    out = {'events': events, 'lines': {}, 'fnlines': {}, 'instr': {}, 'calls': {}, 'callob': {}}
    ob = fl = fn = None
    cfn = cob = None
    pos = [0, 0]
    call = None

    def name(kind, rest):
        m = re.match(r'\((\d+)\)(?: (.*))?$', rest)
        if not m:
            return rest
        if m.group(2) is not None:
            names[(kind, m.group(1))] = m.group(2)
        return names[(kind, m.group(1))]

    with opener(path, 'rt', errors='surrogateescape') as fh:
        for text in fh:
            text = text.rstrip('\n')
            if text.startswith('positions:'):
                positions = text.split()[1:]
                pos = [0] * len(positions)
                continue
            if text.startswith('events:'):
                events[:] = text.split()[1:]
                continue
            m = NAME.match(text)
            if m:
                k, rest = m.groups()
                v = name(KIND.get(k, k), rest)
                if k == 'ob':
                    ob = v
                elif k == 'cob':
                    cob = v
                elif k in ('fl', 'fi', 'fe'):
                    fl = rename(v)     # as annogrind reads it, fn= stays in the last of them
                elif k == 'fn':
                    fn = _with_obj(v, ob) if addr_obj else v
                elif k == 'cfn':
                    cfn = _with_obj(v, cob if cob is not None else ob) if addr_obj else v
                    cob = None
                continue
            if text.startswith('calls='):
                call = int(text[6:].split()[0])
                continue
            toks = text.split()
            if not toks or not re.match(r'^([+-]?(0x)?[0-9a-fA-F]+|\*)$', toks[0]):
                continue
            if len(toks) < len(positions):
                continue
            for i in range(len(positions)):
                pos[i] = _num(toks[i], pos[i])
            cost = [int(t) for t in toks[len(positions):]]
            cost += [0] * (len(events) - len(cost))
            line = pos[positions.index('line')] if 'line' in positions else 0
            where = fl
            if call is not None:
                c = out['calls'].setdefault((where, line, fn, cfn), [0, [0] * len(events)])
                out['callob'][(where, line, fn, cfn)] = ob
                c[0] += call
                c[1] = [a + b for a, b in zip(c[1], cost)]
                call = None
                continue
            for d in (out['lines'].setdefault(where, {}),
                      out['fnlines'].setdefault((where, fn), {})):
                d[line] = [a + b for a, b in zip(d.get(line, [0] * len(events)), cost)]
            if 'instr' in positions:
                key = (ob, fn, pos[positions.index('instr')])
                out['instr'][key] = [a + b for a, b in zip(out['instr'].get(key, [0] * len(events)), cost)]
    return out
