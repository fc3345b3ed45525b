#!/usr/bin/env python3
"""A complete scenario bundle of N steps made from a shorter one, to measure a run's end (its table and
report.html) at scale without running N steps.

Usage: bench/gen-bundle.py SRC N DST

SRC: a complete bundle of one group of torture rounds (sbench run s1000.yaml --target null --size 1G --out SRC,
s1000.yaml one group of `rounds: 1000` of `torture: {duration: 10ms, bs: 4K, qd: 1}`). DST gets SRC's step lines
and run files cycled to N steps, renumbered (labels, state-log steps, steps/NN-KIND/), each cycle's times shifted
by SRC's span so that the over-time charts span N steps as a run would; its scenario's rounds set to N (SHA-256
again) and its head complete. `sbench run --resume DST --target null --size 1G` then passes every step and writes
the end table and report.html.
"""
import json, sys, os, re, hashlib, datetime
src, n, dst = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = [json.loads(l) for l in open(os.path.join(src, 'steps.jsonl'))]
k = len(lines)
def parse(t):
    m = re.match(r'(.*T\d\d:\d\d:\d\d)(\.(\d+))?Z', t)
    base = datetime.datetime.fromisoformat(m.group(1)).replace(tzinfo=datetime.timezone.utc)
    frac = (m.group(3) or '0')
    ns = int(frac.ljust(9, '0')[:9])
    return int(base.timestamp()) * 10**9 + ns
def fmt(ns, digits):
    s, r = divmod(ns, 10**9)
    base = datetime.datetime.fromtimestamp(s, datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%S')
    if digits == 0 and r == 0:
        return base + 'Z'
    return base + '.' + str(r).rjust(9, '0')[:max(digits, 1)] + 'Z'
def shift(t, d):
    m = re.match(r'.*\.(\d+)Z', t)
    return fmt(parse(t) + d, len(m.group(1)) if m else 0)
span = parse(lines[-1]['state']['at']) - parse(lines[0]['step']['startedAt']) + 10**8
os.makedirs(os.path.join(dst, 'steps'))
runtexts = {}
with open(os.path.join(dst, 'steps.jsonl'), 'w') as out:
    for i in range(n):
        c, j = divmod(i, k)
        rec = json.loads(json.dumps(lines[j]))
        d = c * span
        st = rec['step']
        st['label'] = re.sub(r'round \d+ of \d+', 'round %d of %d' % (i + 1, n), st['label'])
        rec['state']['action'] = st['label']
        st['startedAt'] = shift(st['startedAt'], d)
        rec['state']['at'] = shift(rec['state']['at'], d)
        rec['state']['step'] = i
        stepdir = 'steps/%02d-%s' % (i + 1, st['kind'])
        os.makedirs(os.path.join(dst, stepdir))
        for run in st['runs']:
            f = run['file']
            if f not in runtexts:
                runtexts[f] = open(os.path.join(src, f)).read()
            text = runtexts[f]
            m = re.search(r'"startedAt" : "([^"]+)"', text)
            text = text.replace(m.group(0), '"startedAt" : "%s"' % shift(m.group(1), d), 1)
            nf = stepdir + '/' + os.path.basename(f)
            open(os.path.join(dst, nf), 'w').write(text)
            run['file'] = nf
        out.write(json.dumps(rec, separators=(',', ':')) + '\n')
sc = json.load(open(os.path.join(src, 'scenario.json')))
sc['text'] = re.sub(r'rounds: \d+', 'rounds: %d' % n, sc['text'])
sc['sha256'] = hashlib.sha256(sc['text'].encode()).hexdigest()
json.dump(sc, open(os.path.join(dst, 'scenario.json'), 'w'), indent=2)
head = json.load(open(os.path.join(src, 'bundle.json')))
head['plannedSteps'] = n
head['complete'] = True
head.pop('stopReason', None)
json.dump(head, open(os.path.join(dst, 'bundle.json'), 'w'), indent=2)
