#!/usr/bin/env python3
"""Writes N lines of MSR Cambridge CSV to stdout: a synthetic benchmark input (not a recording).
About 1% of lines are slightly out of time order, as in the real MSR traces. Disk numbers take turns over
STREAMS disks (default 4; as many as N gives every line a disk of its own).
Usage: python3 gen-msr.py N [STREAMS] > trace.csv"""
import random, sys

n = int(sys.argv[1])
streams = int(sys.argv[2]) if len(sys.argv) > 2 else 4
rnd = random.Random(7)
t = 128166372000000000
out = sys.stdout
buf = []
sizes = [512, 4096, 4096, 4096, 8192, 16384, 32768, 65536, 131072]
ops = ["Read", "Write"]
for i in range(n):
    t += rnd.randrange(0, 2000)
    ts = t - rnd.randrange(0, 5000) if rnd.random() < 0.01 else t
    buf.append("%d,bench,%d,%s,%d,%d,%d\n" % (ts, i % streams, ops[rnd.random() < 0.4], rnd.randrange(0, 1 << 26) * 4096,
                                          sizes[rnd.randrange(9)], rnd.randrange(50, 20000)))
    if len(buf) == 100000:
        out.write("".join(buf))
        buf = []
out.write("".join(buf))
