"""pbdump.py: a profile.proto (--format=pprof) as text, for the golden tests:
every table in id order and every sample as its stack, root first, each
frame "function (file:line) [object @address]".  Reads the file named, or
standard input; decoded by pbread.py, so no annogrind or protobuf code.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pbread  # noqa: E402


def frame(p, loc_id):
    loc = p['locations'][loc_id]
    out = []
    for ln in reversed(loc.get('line', [])):
        f = p['functions'][ln['function_id']]
        where = '%s:%d' % (f['file'], ln.get('line', 0)) if f['file'] else 'line %d' % ln.get('line', 0)
        out.append('%s (%s)' % (f['name_s'], where))
    text = ' inlined '.join(out)
    if loc.get('mapping_id'):
        text += ' [%s @%#x]' % (p['mappings'][loc['mapping_id']]['file'], loc.get('address', 0))
    return text


def main():
    sys.stdout.reconfigure(encoding='utf-8')    # the strings are UTF-8, whatever the locale
    path = sys.argv[1] if len(sys.argv) > 1 else '/dev/stdin'
    p = pbread.read(path)
    print('sample types: %s' % ' '.join('%s/%s' % t for t in p['types']))
    print('default: %s' % p['default'])
    for c in p['comments']:
        print('comment: %s' % c)
    for k, m in sorted(p['mappings'].items()):
        flags = [n for n in ('has_functions', 'has_filenames', 'has_line_numbers', 'has_inline_frames')
                 if m.get(n)]
        print('mapping %d: %s start %#x limit %#x offset %#x %s' % (
            k, m['file'], m.get('memory_start', 0), m.get('memory_limit', 0), m.get('file_offset', 0),
            ' '.join(flags)))
    for k, f in sorted(p['functions'].items()):
        print('function %d: %s [%s]%s' % (k, f['name_s'], f['file'],
                                          ' system name %s' % f['system_name_s'] if f['system_name_s'] and
                                          f['system_name_s'] != f['name_s'] else ''))
    for k in sorted(p['locations']):
        print('location %d: %s' % (k, frame(p, k)))
    for s in p['samples']:
        print('sample %s: %s' % (' '.join(str(v) for v in s['values']),
                                 '; '.join(frame(p, k) for k in reversed(s['locations']))))
    print('%d strings, %d samples' % (len(p['strings']), len(p['samples'])))


main()
