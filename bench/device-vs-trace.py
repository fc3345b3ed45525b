#!/usr/bin/env python3
"""Compares what a block device saw (a trace recorded by `sbench record` while sbench replayed,
converted to CSV) with the trace that was replayed (converted to CSV).

Usage: device-vs-trace.py TRACE.csv CAPTURE.csv [--json OUT.json] [--timing]

Reports, as markdown on stdout (and as one JSON object with --json):
- the queue-depth distribution the device saw (the capture's recorded qd column, computed by the
  recorder from block_rq_issue/complete alone) against the trace's recorded qd: total variation
  distance over exact depths and over the buckets 1, 2, 3, 4-5, 6-10, 11-20, 21-32, >32;
- matching: each trace IO (offset, length, op) against the device's IOs; in order (a two-pointer
  walk that matches device IO j to trace IO i when they are equal) and as a multiset (the first
  unused trace IO with that key, in device order);
- out-of-order: device IOs whose matched trace index is lower than that of an IO the device saw
  before it (each such IO counted once), and the number of adjacent inversions;
- device IOs not in the trace (e.g. udev probing), and trace IOs the device saw split;
- with --timing: each matched IO's issue time at the device against its time in the trace, both
  relative to the first trace IO (lateness at the block layer), and the first-to-last issue span.
"""
import csv, json, sys
from collections import Counter, defaultdict, deque

BUCKETS = [(1, 1, "1"), (2, 2, "2"), (3, 3, "3"), (4, 5, "4-5"), (6, 10, "6-10"), (11, 20, "11-20"),
           (21, 32, "21-32"), (33, 1 << 62, ">32")]


def read(path):
    rows = []
    with open(path, newline="") as f:
        lines = (l for l in f if not l.startswith("#"))
        for r in csv.DictReader(lines):
            rows.append((int(r["issue_ns"]), int(r["offset"]), int(r["length"]), r["op"],
                         int(r["qd"]) if r.get("qd") else None, r.get("process") or ""))
    return rows


def bucket(q):
    for lo, hi, name in BUCKETS:
        if lo <= q <= hi:
            return name
    return "0"


def tvd(a, b):
    na, nb = sum(a.values()), sum(b.values())
    keys = set(a) | set(b)
    return 0.5 * sum(abs(a.get(k, 0) / na - b.get(k, 0) / nb) for k in keys)


def main():
    args = [a for a in sys.argv[1:] if a != "--timing"]
    out_json = None
    if "--json" in args:
        i = args.index("--json")
        out_json = args[i + 1]
        del args[i:i + 2]
    trace, cap = read(args[0]), read(args[1])
    # The capture is in the recorder's order: sort by issue time (stable) to get the device's order.
    cap.sort(key=lambda r: r[0])
    key = lambda r: (r[1], r[2], r[3])

    # QD distributions.
    tq = Counter(r[4] for r in trace if r[4] is not None)
    cq = Counter(r[4] for r in cap if r[4] is not None)
    tb = Counter(bucket(q) for q in tq.elements())
    cb = Counter(bucket(q) for q in cq.elements())

    # Multiset match in device order.
    pending = defaultdict(deque)
    for i, r in enumerate(trace):
        pending[key(r)].append(i)
    idx = []          # matched trace index per device IO, in device order
    dev_t = []        # the device's issue time of each matched IO
    qd_cmp = Counter()  # per matched IO: device QD above, equal to, below the trace's recorded QD
    extra = []        # device IOs not in the trace
    for r in cap:
        q = pending.get(key(r))
        if q:
            idx.append(q.popleft())
            dev_t.append(r[0])
            tqd = trace[idx[-1]][4]
            if tqd is not None and r[4] is not None:
                qd_cmp["above" if r[4] > tqd else "equal" if r[4] == tqd else "below"] += 1
        else:
            extra.append(r)
    unmatched_trace = sorted(i for q in pending.values() for i in q)
    # Out of order: device IOs whose trace index is below the running maximum.
    late, inversions, mx, prev = 0, 0, -1, -1
    first_ooo = []
    for pos, i in enumerate(idx):
        if i < mx:
            late += 1
            if len(first_ooo) < 5:
                first_ooo.append((pos, i, mx))
        if i < prev:
            inversions += 1
        mx = max(mx, i)
        prev = i
    # In-order match (two pointers, skipping device IOs that are not the next trace IO).
    in_order, i = 0, 0
    for r in cap:
        if i < len(trace) and key(r) == key(trace[i]):
            in_order += 1
            i += 1
    # Splits: an unmatched trace IO covered exactly by extra device IOs of the same op.
    extra_by_op = defaultdict(list)
    for r in extra:
        extra_by_op[r[3]].append((r[1], r[1] + r[2]))
    split = 0
    for ti in unmatched_trace:
        t = trace[ti]
        parts = sorted(p for p in extra_by_op[t[3]] if t[1] <= p[0] and p[1] <= t[1] + t[2])
        pos = t[1]
        for s, e in parts:
            if s == pos:
                pos = e
        if pos == t[1] + t[2] and parts:
            split += 1

    # Timing: device issue time against the trace's, both relative to the first trace IO.
    timing = None
    if idx:
        # reference: the first trace IO that is a read or write (a flush's own path is slower)
        ref = min(range(len(idx)), key=lambda k: (trace[idx[k]][3] == "F", idx[k]))
        d0, t0 = dev_t[ref], trace[idx[ref]][0]
        late_us = sorted(((dt - d0) - (trace[i][0] - t0)) / 1e3 for dt, i in zip(dev_t, idx))
        pct = lambda p: late_us[min(len(late_us) - 1, int(p / 100.0 * len(late_us)))]
        tspan = (trace[-1][0] - trace[0][0]) / 1e9
        dspan = (max(dev_t) - d0) / 1e9
        late_f = sorted(((dt - d0) - (trace[i][0] - t0)) / 1e3 for dt, i in zip(dev_t, idx) if trace[i][3] == "F")
        late_rw = sorted(((dt - d0) - (trace[i][0] - t0)) / 1e3 for dt, i in zip(dev_t, idx) if trace[i][3] != "F")
        p99rw = late_rw[min(len(late_rw) - 1, int(0.99 * len(late_rw)))] if late_rw else 0
        p99f = late_f[min(len(late_f) - 1, int(0.99 * len(late_f)))] if late_f else 0
        timing = {"p99ReadWriteUs": p99rw, "p99FlushUs": p99f, "over1msReadWrite": sum(1 for x in late_rw if x > 1000),
                  "over1msFlush": sum(1 for x in late_f if x > 1000), "p1Us": pct(1), "p50Us": pct(50), "p99Us": pct(99), "maxUs": late_us[-1], "minUs": late_us[0],
                  "traceSpanS": tspan, "deviceSpanS": dspan, "spanErrorPct": 100.0 * (dspan - tspan) / tspan if tspan else 0}
    res = {
        "traceIos": len(trace), "deviceIos": len(cap),
        "matched": len(idx), "matchedInOrder": in_order, "matchedPct": 100.0 * len(idx) / len(trace),
        "unmatchedTraceIos": len(unmatched_trace), "deviceIosNotInTrace": len(extra),
        "traceIosSplitAtDevice": split,
        "qdPerIo": dict(qd_cmp),
        "timing": timing,
        "outOfOrder": late, "adjacentInversions": inversions,
        "qdTraceAvg": sum(q * c for q, c in tq.items()) / max(1, sum(tq.values())),
        "qdDeviceAvg": sum(q * c for q, c in cq.items()) / max(1, sum(cq.values())),
        "tvdExact": tvd(tq, cq), "tvdBuckets": tvd(tb, cb),
        "bucketsTracePct": {n: 100.0 * tb.get(n, 0) / sum(tb.values()) for _, _, n in BUCKETS},
        "bucketsDevicePct": {n: 100.0 * cb.get(n, 0) / sum(cb.values()) for _, _, n in BUCKETS},
        "extraSample": [list(r) for r in extra[:5]],
        "unmatchedSample": [list(trace[i]) for i in unmatched_trace[:5]],
        "outOfOrderSample": first_ooo,
        "deviceProcesses": Counter(r[5] for r in cap).most_common(5),
    }
    print("| measure | trace | device |")
    print("|---|---|---|")
    print("| IOs | %d | %d |" % (len(trace), len(cap)))
    print("| average QD | %.2f | %.2f |" % (res["qdTraceAvg"], res["qdDeviceAvg"]))
    for _, _, n in BUCKETS:
        print("| QD %s | %.1f%% | %.1f%% |" % (n, res["bucketsTracePct"][n], res["bucketsDevicePct"][n]))
    print()
    print("- QD total variation distance: %.4f over exact depths, %.4f over buckets" % (res["tvdExact"], res["tvdBuckets"]))
    print("- per matched IO, device QD vs the trace's recorded QD: %d equal, %d below, %d above (above would break the ceiling)"
          % (qd_cmp["equal"], qd_cmp["below"], qd_cmp["above"]))
    print("- matched (offset, size, op): %d / %d (%.3f%%); in trace order: %d" % (len(idx), len(trace), res["matchedPct"], in_order))
    print("- out of order at the device: %d IOs (adjacent inversions %d)" % (late, inversions))
    print("- device IOs not in the trace: %d; trace IOs split at the device: %d" % (len(extra), split))
    if extra:
        print("  - first extra device IOs (issue_ns, offset, length, op, qd, process): %s" % res["extraSample"])
    if unmatched_trace:
        print("  - first unmatched trace IOs: %s" % res["unmatchedSample"])
    if first_ooo:
        print("  - first out-of-order (device position, trace index, max trace index before): %s" % first_ooo)
    if timing and "--timing" in sys.argv:
        print("- device issue time vs trace issue time (relative to the first trace IO): p1 %.1f us, p50 %.1f us, p99 %.1f us, max %.1f us;"
              " first-to-last issue %.4f s at the device vs %.4f s in the trace (%+.3f%%)"
              % (timing["p1Us"], timing["p50Us"], timing["p99Us"], timing["maxUs"], timing["deviceSpanS"], timing["traceSpanS"], timing["spanErrorPct"]))
        print("- reads and writes: p99 %.1f us, %d over 1 ms late; flushes: p99 %.1f us, %d over 1 ms late"
              % (timing["p99ReadWriteUs"], timing["over1msReadWrite"], timing["p99FlushUs"], timing["over1msFlush"]))
    print("- device-side processes (comm at issue): %s" % res["deviceProcesses"])
    if out_json:
        with open(out_json, "w") as f:
            json.dump(res, f, indent=1)


if __name__ == "__main__":
    main()
