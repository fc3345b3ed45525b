#!/usr/bin/env python3
# A tracefs trace of RECORDS 4 KiB reads in issue order, each naming a process of NAME_BYTES bytes
# ("www...w-K"): its own (K its number) or, with NAMES, one of that many drawn at random (seed 1).
# Usage: gen-named-tracefs.py RECORDS NAME_BYTES [NAMES] > OUT.tracefs
import random
import sys

records, name_bytes = int(sys.argv[1]), int(sys.argv[2])
names = int(sys.argv[3]) if len(sys.argv) > 3 else 0
rnd = random.Random(1)
out = sys.stdout
buf = []
for i in range(records):
    k = rnd.randrange(names) if names else i
    us, tail = 1_000_000 + 10 * i, "-%d" % k
    name = "w" * (name_bytes - len(tail)) + tail
    buf.append("  fio-4242 [000] ..... %d.%06d: block_rq_issue: 7,0 R 4096 () %d + 8 be,0,4 [%s]\n"
               % (us // 1_000_000, us % 1_000_000, 8 * i, name))
    buf.append("  kworker/0:1H-90 [000] ..... %d.%06d: block_rq_complete: 7,0 R () %d + 8 be,0,4 [0]\n"
               % ((us + 5) // 1_000_000, (us + 5) % 1_000_000, 8 * i))
    if len(buf) > 100_000:
        out.write("".join(buf))
        buf = []
out.write("".join(buf))
