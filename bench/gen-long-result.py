#!/usr/bin/env python3
"""A long replay result made from a short one, to measure report and compare at scale.

Usage: bench/gen-long-result.py IN.json OUT.json seconds N [PATH]   a per-second series of N seconds
       bench/gen-long-result.py IN.json OUT.json phases N [PATH]    N phases of 10 IOs each
PATH, when given, replaces the target's path (compare labels its columns by it).
"""
import json
import random
import sys

src, dst, what, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
r = json.load(open(src))
if what == "seconds":
    rnd = random.Random(1)
    r["timeSeries"] = [{"second": i, "readIops": 0, "writeIops": 30000 + rnd.randint(0, 2000), "readMbps": 0.0,
                        "writeMbps": 128.6 + rnd.random(), "meanUs": 0.065, "maxUs": 23.6} for i in range(n)]
    r["summary"]["wallNs"] = n * 10**9
elif what == "phases":
    latency = next(iter(r["summary"]["latency"].values()))
    r["phases"] = [{"name": "p%d" % i, "ios": 10, "bytesRead": 0, "bytesWritten": 40960, "wallNs": 1000000,
                    "busyNs": 500000, "mbps": 81.9, "latency": latency} for i in range(n)]
else:
    sys.exit("seconds or phases, not " + what)
if len(sys.argv) > 5:
    r["target"]["path"] = sys.argv[5]
json.dump(r, open(dst, "w"))
