#!/usr/bin/env python3
"""Writes a synthetic trace in sbench's CSV form for timed replay: N IOs arriving as a Poisson
process at RATE IOs/s (exponential gaps, so short and long waits both occur), 60% reads, 40%
writes, 4-64 KiB at random 4 KiB-aligned offsets below 4 GiB, without completion times.
Usage: gen-timed.py N RATE > trace.csv"""
import random, sys

n, rate = int(sys.argv[1]), float(sys.argv[2])
rnd = random.Random(17)
out = sys.stdout
out.write("issue_ns,complete_ns,offset,length,op,stream,qd,process\n")
t = 0
buf = []
for i in range(n):
    t += max(1, int(rnd.expovariate(rate) * 1e9))
    op = "R" if rnd.random() < 0.6 else "W"
    buf.append("%d,,%d,%d,%s,,,\n" % (t, rnd.randrange(1 << 20) * 4096, 4096 * rnd.choice((1, 1, 1, 2, 4, 16)), op))
    if len(buf) == 100000:
        out.write("".join(buf)); buf = []
out.write("".join(buf))
