#!/usr/bin/env python3
# Watches a running sbench record every 20 ms until it exits, to find where events are lost: its
# instance's per-CPU ring-buffer stats (entries waiting, overrun) and its reading thread
# sbench-record (state, wait channel, CPU run and run-queue wait from schedstat). Prints one line
# per sample: ms since start, then per CPU "entries/overrun", then the thread's state, wchan,
# ms run and ms waited for a CPU in that sample.
# Needs root. Usage: bench/record-watch.py PID [TRACEFS] > OUT   (TRACEFS: where tracefs is mounted, /sys/kernel/tracing)
import glob
import os
import sys
import time

pid = sys.argv[1]
tracefs = sys.argv[2] if len(sys.argv) > 2 else "/sys/kernel/tracing"


def text(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def stats(cpu_dir):
    fields = {}
    for line in (text(cpu_dir + "/stats") or "").splitlines():
        key, _, value = line.partition(":")
        fields[key.strip()] = value.strip()
    return fields.get("entries", "?") + "/" + fields.get("overrun", "?")


def thread():
    for comm in glob.glob(f"/proc/{pid}/task/*/comm"):
        if (text(comm) or "").strip() == "sbench-record":
            return os.path.dirname(comm)
    return None


start = time.monotonic()
instance = f"{tracefs}/instances/sbench-{pid}"
task = None
last = None
while os.path.exists(f"/proc/{pid}"):
    task = task or thread()
    cpus = sorted(glob.glob(instance + "/per_cpu/cpu*"), key=lambda d: int(d.rsplit("cpu", 1)[1]))
    state = wchan = "-"
    run = wait = 0.0
    if task:
        stat = text(task + "/stat")
        sched = text(task + "/schedstat")
        if stat and sched:
            state = stat.rsplit(")", 1)[1].split()[0]
            wchan = (text(task + "/wchan") or "-").strip() or "-"
            now = [int(v) for v in sched.split()[:2]]
            if last:
                run, wait = (now[0] - last[0]) / 1e6, (now[1] - last[1]) / 1e6
            last = now
    print(f"{(time.monotonic() - start) * 1000:.0f} {' '.join(stats(c) for c in cpus)} {state} {wchan}"
          f" {run:.1f} {wait:.1f}", flush=True)
    time.sleep(0.02)
