#!/usr/bin/env python3
"""Replays `Recovery::described_dates` on a logged BFCL run: in every executed call, each string
argument with no `format` whose description asks for YYYY-MM-DD and no time of day is read as
`agents_json::read_described_dates` reads it (a timestamp's date; a date with a month name and
a year), and the log is written again. Score both logs with pair.py (docs/EVAL.md).

A mirror of the Rust rule for the top-level arguments BFCL's dates are, not the rule itself:
the Rust tests are what hold the rule.

Usage: replay_dates.py DATA.json LOG.jsonl OUT.jsonl
"""
import json, re, sys
MONTHS = ['january','february','march','april','may','june','july','august','september','october','november','december']
def describes_date_only(d):
    low = d.lower(); rest = low; found = False
    while 'yyyy-mm-dd' in rest:
        at = rest.index('yyyy-mm-dd'); after = rest[at+10:].lstrip(' t')
        if after.startswith('hh'): return False
        found = True; rest = rest[at+10:]
    return found
def timestamp_date(t):
    m = re.fullmatch(r'(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2})(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})?', t.strip())
    return m.group(1) if m else None
def named_date(t):
    words = [w for w in re.split(r'[\s,]+', t.lower()) if w and w not in ('the','of','on')]
    y = mo = d = None
    for w in words:
        w2 = re.sub(r'(st|nd|rd|th)$', '', w)
        if re.fullmatch(r'\d{4}', w): y = int(w)
        elif any(m.startswith(w[:3]) and len(w) >= 3 for m in MONTHS) and not w.isdigit():
            mo = [i for i, m in enumerate(MONTHS) if m.startswith(w[:3])][0] + 1
        elif re.fullmatch(r'\d{1,2}', w2): d = int(w2)
        elif w in ('monday','tuesday','wednesday','thursday','friday','saturday','sunday'): pass
        else: return None
    return f'{y:04d}-{mo:02d}-{d:02d}' if y and mo and d else None
data, log, out = sys.argv[1:4]
specs = {}
for l in open(data):
    q = json.loads(l); specs[q['id']] = q['function']
changed = 0
with open(out, 'w') as w:
    for l in open(log):
        r = json.loads(l)
        for c in r['calls']:
            fn = next((f for f in specs[r['id']] if f['name'].replace('.', '_') == c['name'].replace('.', '_')), None)
            if not fn: continue
            props = fn['parameters'].get('properties', {})
            for k, v in list(c['arguments'].items()):
                p = props.get(k, {})
                if isinstance(v, str) and 'format' not in p and describes_date_only(p.get('description', '')):
                    new = named_date(v) or timestamp_date(v)
                    if new and new != v:
                        c['arguments'][k] = new; changed += 1
        w.write(json.dumps(r) + '\n')
print('values changed', changed, file=sys.stderr)
