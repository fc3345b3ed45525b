#!/usr/bin/env python3
"""A long replay result made from a short one, to measure report and compare at scale.

Usage: bench/gen-long-result.py IN.json OUT.json seconds N [PATH]   a per-second series of N seconds
       bench/gen-long-result.py IN.json OUT.json phases N [PATH]    N phases of 10 IOs each (IN.json needs 10 N IOs)
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
    # Each phase a part of the run, as a replay writes them: 10 IOs with the run's bytes per IO, its
    # latency counted 10, busy half its wall time, MB/s by the writer's formula (ReplayResults.mbps).
    s = r["summary"]
    if s["ios"] < 10 * n:
        sys.exit("%s has %d IOs: %d phases of 10 IOs need %d" % (src, s["ios"], n, 10 * n))
    read, written = s["bytesRead"] * 10 // s["ios"], s["bytesWritten"] * 10 // s["ios"]
    wall = min(1000000, s["wallNs"])
    busy = min(wall // 2, s["busyNs"])
    latency = dict(s["latency"]["all"], count=10)
    mbps = (read + written) / 1e6 * 1e9 / busy if busy else 0
    r["phases"] = [{"name": "p%d" % i, "ios": 10, "bytesRead": read, "bytesWritten": written, "wallNs": wall,
                    "busyNs": busy, "mbps": mbps, "latency": latency} for i in range(n)]
else:
    sys.exit("seconds or phases, not " + what)
if len(sys.argv) > 5:
    r["target"]["path"] = sys.argv[5]
json.dump(r, open(dst, "w"))
