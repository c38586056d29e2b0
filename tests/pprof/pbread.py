"""pbread.py: a profile.proto (google/pprof's proto/profile.proto) read by a
protobuf decoder of its own, for the pprof tests: no annogrind code and no
protobuf library.  read(path) takes the gzip-compressed file and returns a
dict with the profile's fields by name (strings resolved), and raises
ValueError on anything malformed: a truncated varint or field, a wire type
the schema does not use, an id that is 0 or given twice, a string index
past the table, a sample whose values do not match the sample types.
"""
import gzip

# field number -> (name, kind); kind: 'u' varint, 'm:NAME' message, 's' string,
# 'pu' packed/repeated varints
SCHEMA = {
    'Profile': {1: ('sample_type', 'm:ValueType'), 2: ('sample', 'm:Sample'),
                3: ('mapping', 'm:Mapping'), 4: ('location', 'm:Location'),
                5: ('function', 'm:Function'), 6: ('string_table', 's'),
                7: ('drop_frames', 'u'), 8: ('keep_frames', 'u'), 9: ('time_nanos', 'u'),
                10: ('duration_nanos', 'u'), 11: ('period_type', 'm:ValueType'),
                12: ('period', 'u'), 13: ('comment', 'pu'), 14: ('default_sample_type', 'u')},
    'ValueType': {1: ('type', 'u'), 2: ('unit', 'u')},
    'Sample': {1: ('location_id', 'pu'), 2: ('value', 'pu'), 3: ('label', 'm:Label')},
    'Label': {1: ('key', 'u'), 2: ('str', 'u'), 3: ('num', 'u'), 4: ('num_unit', 'u')},
    'Mapping': {1: ('id', 'u'), 2: ('memory_start', 'u'), 3: ('memory_limit', 'u'),
                4: ('file_offset', 'u'), 5: ('filename', 'u'), 6: ('build_id', 'u'),
                7: ('has_functions', 'u'), 8: ('has_filenames', 'u'),
                9: ('has_line_numbers', 'u'), 10: ('has_inline_frames', 'u')},
    'Location': {1: ('id', 'u'), 2: ('mapping_id', 'u'), 3: ('address', 'u'),
                 4: ('line', 'm:Line'), 5: ('is_folded', 'u')},
    'Line': {1: ('function_id', 'u'), 2: ('line', 'u')},
    'Function': {1: ('id', 'u'), 2: ('name', 'u'), 3: ('system_name', 'u'),
                 4: ('filename', 'u'), 5: ('start_line', 'u')},
}
REPEATED = {('Profile', n) for n in ('sample_type', 'sample', 'mapping', 'location', 'function',
                                     'string_table', 'comment')} | \
    {('Sample', 'location_id'), ('Sample', 'value'), ('Sample', 'label'), ('Location', 'line')}


def varint(b, i):
    v = shift = 0
    while True:
        if i >= len(b):
            raise ValueError('truncated varint')
        c = b[i]
        i += 1
        v |= (c & 0x7f) << shift
        if not c & 0x80:
            if v >= 1 << 64:
                raise ValueError('varint past 64 bits')
            return v, i
        shift += 7
        if shift > 63:
            raise ValueError('varint of more than 10 bytes')


def message(kind, b):
    out = {}
    i = 0
    while i < len(b):
        tag, i = varint(b, i)
        field, wire = tag >> 3, tag & 7
        if field not in SCHEMA[kind]:
            raise ValueError('%s: unknown field %d' % (kind, field))
        name, t = SCHEMA[kind][field]
        if wire == 0:
            if t not in ('u', 'pu'):
                raise ValueError('%s.%s: varint for a %s' % (kind, name, t))
            v, i = varint(b, i)
            vals = [v]
        elif wire == 2:
            n, i = varint(b, i)
            if i + n > len(b):
                raise ValueError('%s.%s: truncated' % (kind, name))
            body, i = b[i:i + n], i + n
            if t == 's':
                vals = [body.decode('utf-8')]      # strict: protobuf strings are UTF-8
            elif t == 'pu':
                vals, k = [], 0
                while k < len(body):
                    v, k = varint(body, k)
                    vals.append(v)
            elif t.startswith('m:'):
                vals = [message(t[2:], body)]
            else:
                raise ValueError('%s.%s: bytes for a varint' % (kind, name))
        else:
            raise ValueError('%s.%s: wire type %d' % (kind, name, wire))
        if (kind, name) in REPEATED:
            out.setdefault(name, []).extend(vals)
        else:
            out[name] = vals[-1]
    return out


def signed(v):
    return v - (1 << 64) if v >= 1 << 63 else v


def read(path):
    with open(path, 'rb') as fh:
        raw = fh.read()
    if raw[:2] != b'\x1f\x8b':
        raise ValueError('not gzip-compressed')
    p = message('Profile', gzip.decompress(raw))
    st = p.get('string_table', [])
    if not st or st[0] != '':
        raise ValueError('string_table[0] is not ""')

    def s(k):
        if k >= len(st):
            raise ValueError('string index %d past the table (%d)' % (k, len(st)))
        return st[k]

    def table(items, what):
        d = {}
        for x in items:
            if not x.get('id'):
                raise ValueError('%s with id 0' % what)
            if x['id'] in d:
                raise ValueError('%s id %d given twice' % (what, x['id']))
            d[x['id']] = x
        return d
    types = [(s(t.get('type', 0)), s(t.get('unit', 0))) for t in p.get('sample_type', [])]
    maps = table(p.get('mapping', []), 'mapping')
    funcs = table(p.get('function', []), 'function')
    locs = table(p.get('location', []), 'location')
    for m in maps.values():
        m['file'] = s(m.get('filename', 0))
    for f in funcs.values():
        f['name_s'] = s(f.get('name', 0))
        f['system_name_s'] = s(f.get('system_name', 0))
        f['file'] = s(f.get('filename', 0))
    for l in locs.values():
        if l.get('mapping_id') and l['mapping_id'] not in maps:
            raise ValueError('location %d: no mapping %d' % (l['id'], l['mapping_id']))
        for ln in l.get('line', []):
            if ln.get('function_id') not in funcs:
                raise ValueError('location %d: no function %s' % (l['id'], ln.get('function_id')))
    samples = []
    for x in p.get('sample', []):
        v = [signed(k) for k in x.get('value', [])]
        if len(v) != len(types):
            raise ValueError('a sample has %d values for %d types' % (len(v), len(types)))
        for k in x.get('location_id', []):
            if k not in locs:
                raise ValueError('a sample names location %d, which is not there' % k)
        samples.append({'locations': x.get('location_id', []), 'values': v})
    return {'types': types, 'default': s(p.get('default_sample_type', 0)),
            'comments': [s(k) for k in p.get('comment', [])], 'strings': st,
            'mappings': maps, 'functions': funcs, 'locations': locs, 'samples': samples}


def frames(prof, sample):
    """The sample's stack, leaf first: (function name, file, line) of each
    location (its last Line: the function the others were inlined into)."""
    out = []
    for k in sample['locations']:
        lines = prof['locations'][k].get('line', [])
        for ln in lines:
            f = prof['functions'][ln['function_id']]
            out.append((f['name_s'], f['file'], ln.get('line', 0)))
    return out
