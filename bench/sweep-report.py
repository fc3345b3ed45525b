#!/usr/bin/env python3
"""Summarises bench/sweep.sh's runs: per point (workload x depth) the median over rounds of each
tool variant's IOPS, MB/s and CPU us per IO, and each sbench variant's ratios: IOPS over fio's best
engine's (the higher median of fio's engines), and CPU per IO over fio's lowest.

Usage: sweep-report.py HEADER RAW.jsonl        markdown on standard output
       sweep-report.py --chart-data RAW.jsonl  TSV for bench/SweepChart.java: workload, qd,
                                               variant, IOPS ratio, CPU ratio"""
import json, statistics, sys


def load(path):
    points = {}
    for line in open(path):
        r = json.loads(line)
        m = r["m"]
        if "error" in m:
            continue
        key = (r["workload"], r["qd"])
        points.setdefault(key, {}).setdefault((r["tool"], r["variant"]), []).append((m, r["load1"]))
    return points


def med(runs, field):
    return statistics.median(m[field] for m, _ in runs)


def ratios(variants):
    """{sbench variant: (iops ratio, cpu ratio)} against fio's best IOPS and lowest CPU per IO."""
    fio = [runs for (tool, _), runs in variants.items() if tool == "fio"]
    if not fio:
        return {}
    best = max(med(r, "iops") for r in fio)
    cheapest = min(med(r, "cpu_us_per_io") for r in fio)
    return {v: (med(runs, "iops") / best, med(runs, "cpu_us_per_io") / cheapest)
            for (tool, v), runs in variants.items() if tool == "sbench"}


def order(points):
    workloads = []
    for w, _ in points:
        if w not in workloads:
            workloads.append(w)
    return sorted(points, key=lambda k: (workloads.index(k[0]), k[1]))


def kilo(x):
    return "%.1f k" % (x / 1e3) if x < 1e5 else "%.0f k" % (x / 1e3)


def markdown(header, points):
    tools = []
    for variants in points.values():
        for t in variants:
            if t not in tools:
                tools.append(t)
    tools.sort(key=lambda t: (t[0] != "sbench", t[1]))
    sb = [v for t, v in tools if t == "sbench"]
    out = ["```"] + [l.rstrip("\n") for l in open(header)] + ["```", ""]
    out.append("IOPS and MB/s from the device's sector counters, CPU from /proc/PID/stat (user + system, "
               "all threads), each over the run's steady window; medians of the rounds (min-max of IOPS). "
               "Ratios: sbench's IOPS over fio's best engine's, sbench's CPU per IO over fio's lowest.")
    out.append("")
    cols = ["workload", "QD"] + ["%s %s IOPS" % t for t in tools] + ["%s %s CPU us/IO" % t for t in tools]
    cols += ["IOPS ratio" + ("" if len(sb) == 1 else " " + v) for v in sb]
    cols += ["CPU ratio" + ("" if len(sb) == 1 else " " + v) for v in sb]
    cols += ["sbench MB/s", "load"]
    out.append("| " + " | ".join(cols) + " |")
    out.append("|" + "---|" * len(cols))
    tally = {v: Tally() for v in sb}
    for key in order(points):
        variants = points[key]
        cells = [key[0], str(key[1])]
        for t in tools:
            runs = variants.get(t)
            cells.append("%s (%s-%s)" % (kilo(med(runs, "iops")), kilo(min(m["iops"] for m, _ in runs)),
                                         kilo(max(m["iops"] for m, _ in runs))) if runs else "")
        for t in tools:
            runs = variants.get(t)
            cells.append("%.2f" % med(runs, "cpu_us_per_io") if runs else "")
        rs = ratios(variants)
        # Bold where the goal is met: IOPS at least fio's best, CPU per IO at most fio's lowest.
        cells += [goal(rs[v][0], rs[v][0] >= 1.0) if v in rs else "" for v in sb]
        cells += [goal(rs[v][1], rs[v][1] <= 1.0) if v in rs else "" for v in sb]
        first = variants.get(("sbench", sb[0])) if sb else None
        cells.append("%.0f" % med(first, "mbps") if first else "")
        loads = [l for runs in variants.values() for _, l in runs]
        cells.append("%.1f-%.1f" % (min(loads), max(loads)))
        out.append("| " + " | ".join(cells) + " |")
        for v in sb:
            if v in rs:
                tally[v].add(key, *rs[v])
    out.append("")
    out += [t.line(v) for v, t in tally.items() if t.total]
    return "\n".join(out)


class Tally:
    """How many points of one sbench variant meet each goal, and the worst of each."""

    def __init__(self):
        self.total = self.met_iops = self.met_cpu = 0
        self.worst_iops, self.worst_cpu = (9e9, None), (0, None)

    def add(self, key, iops_ratio, cpu_ratio):
        self.total += 1
        self.met_iops += iops_ratio >= 1.0
        self.met_cpu += cpu_ratio <= 1.0
        self.worst_iops = min(self.worst_iops, (iops_ratio, key))
        self.worst_cpu = max(self.worst_cpu, (cpu_ratio, key))

    def line(self, variant):
        (wi, (wiw, wiq)), (wc, (wcw, wcq)) = self.worst_iops, self.worst_cpu
        return ("sbench %s: IOPS >= fio's best at %d of %d points (lowest %.2f at %s QD %d); "
                "CPU per IO <= fio's lowest at %d of %d (highest %.2f at %s QD %d)."
                % (variant, self.met_iops, self.total, wi, wiw, wiq, self.met_cpu, self.total, wc, wcw, wcq))


def goal(ratio, met):
    return ("**%.2f**" if met else "%.2f") % ratio


def chart_data(points):
    rows = []
    for key in order(points):
        for v, (i, c) in ratios(points[key]).items():
            rows.append("%s\t%d\t%s\t%.4f\t%.4f" % (key[0], key[1], v, i, c))
    return "\n".join(rows)


def main():
    if sys.argv[1] == "--chart-data":
        print(chart_data(load(sys.argv[2])))
    else:
        print(markdown(sys.argv[1], load(sys.argv[2])))


if __name__ == "__main__":
    main()
