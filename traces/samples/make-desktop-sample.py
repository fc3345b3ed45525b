#!/usr/bin/env python3
"""Writes desktop-sample.msr.csv: a small SYNTHETIC trace in MSR Cambridge CSV layout (not a recording).

Deterministic (fixed seed). Bursts of IOs separated by idle gaps; sequential file reads and writes of
4K-128K requests; small random metadata reads and writes; response times grow with request size and
with the number of IOs already outstanding, so the recorded queue depth varies. Used as the embedded
example for `sbench inspect` / `sbench convert` until the bundled workloads exist.
Usage: python3 make-desktop-sample.py > desktop-sample.msr.csv
"""
import random

rnd = random.Random(2010)
FILETIME_START = 128166372000000000  # 2007-02-22, as in the MSR traces
TICKS_PER_US = 10
t_us = 0.0
outstanding = []  # completion times (us)
lines = []
for burst in range(120):
    t_us += rnd.expovariate(1 / 40000.0)  # idle gap, mean 40 ms
    kind = rnd.random()
    n = rnd.randint(5, 80)
    offset = rnd.randrange(0, 60 * 2**30 // 4096) * 4096
    for i in range(n):
        if kind < 0.45:    # sequential file read
            op, size = "Read", rnd.choice([4096, 16384, 32768, 65536, 65536, 131072])
        elif kind < 0.7:   # sequential file write
            op, size = "Write", rnd.choice([4096, 4096, 32768, 65536, 131072, 262144])
        else:              # metadata / log: random small IOs
            op = "Write" if rnd.random() < 0.5 else "Read"
            size = rnd.choice([512, 4096, 4096, 8192, 16384])
            offset = rnd.randrange(0, 2**30 // 4096) * 4096
        outstanding = [c for c in outstanding if c > t_us]
        service_us = 60 + size / 400.0 + 40 * len(outstanding) + rnd.expovariate(1 / 50.0)
        outstanding.append(t_us + service_us)
        lines.append((t_us, "%d,desktop,0,%s,%d,%d,%d" % (
            FILETIME_START + int(t_us * TICKS_PER_US), op, offset, size, int(service_us * TICKS_PER_US))))
        if kind < 0.7:
            offset += size
        t_us += rnd.expovariate(1 / 120.0)
for _, line in lines:
    print(line)
