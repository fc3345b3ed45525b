#!/usr/bin/env python3
"""Where a replay thread waited for a CPU, from `perf sched record -a` turned into text with
`perf script -F comm,pid,tid,cpu,time,event,trace` (sched_switch and sched_waking lines).
The replay thread is the thread named "java" of process PID that was switched in most often (the
JVM's main thread, which runs the replay). A wait is the time from its wake-up (or from being
preempted) until it ran again; for the waits of at least MIN_US, prints how many, their total and
the longest, and what ran on every CPU meanwhile, by thread name ("sbench" for the JVM's own
threads, digits dropped), in CPU time and share. FROM and TO (seconds on the trace's clock, e.g.
CLOCK_MONOTONIC with `perf sched record -k CLOCK_MONOTONIC`) keep the waits that began between them.
Usage: sched-waits.py SCHED.txt PID [MIN_US [FROM TO]]"""
import bisect
import collections
import re
import sys

path, pid = sys.argv[1], sys.argv[2]
min_us = float(sys.argv[3]) if len(sys.argv) > 3 else 100
window = (float(sys.argv[4]), float(sys.argv[5])) if len(sys.argv) > 5 else (float('-inf'), float('inf'))
line_re = re.compile(r'^\s*(.+?)\s+(\d+)/(\d+)\s+\[(\d+)\]\s+([\d.]+):\s+sched:(\w+):\s+(.*)$')
switch_re = re.compile(r'prev_comm=(.*) prev_pid=(\d+) prev_prio=\d+ prev_state=(\S+) ==> next_comm=(.*) next_pid=(\d+) next_prio=\d+')
waking_re = re.compile(r'comm=.* pid=(\d+) prio=')

events = []
process_of = {}
for line in open(path):
    m = line_re.match(line)
    if m:
        comm, tgid, tid, cpu, ts, event, rest = m.groups()
        process_of[tid] = tgid
        events.append((float(ts), cpu, event, rest))

switched_in = collections.Counter()
for ts, cpu, event, rest in events:
    s = switch_re.match(rest) if event == 'sched_switch' else None
    if s and s.group(4).strip() == 'java' and process_of.get(s.group(5)) == pid and s.group(5) != pid:
        switched_in[s.group(5)] += 1
if not switched_in:
    sys.exit("no thread named java of process %s in %s" % (pid, path))
replay = switched_in.most_common(1)[0][0]


def name(comm, tid):
    n = re.sub(r'[#/:-]?\d+$', '', comm.strip())
    return ('sbench ' if process_of.get(tid) == pid else '') + n


running = {}  # cpu -> (name, since)
ran = collections.defaultdict(list)  # cpu -> [(start, end, name)]
waiting_since = None
on_cpu = False
waits = []
for ts, cpu, event, rest in events:
    if event == 'sched_waking':
        w = waking_re.search(rest)
        if w and w.group(1) == replay and not on_cpu and waiting_since is None:
            waiting_since = ts
        continue
    s = switch_re.match(rest)
    if not s:
        continue
    prev_comm, prev, state, next_comm, nxt = s.groups()
    if cpu in running:
        ran[cpu].append((running[cpu][1], ts, running[cpu][0]))
    running[cpu] = (name(next_comm, nxt), ts)
    if prev == replay:
        on_cpu = False
        waiting_since = ts if state.startswith('R') else None
    if nxt == replay:
        on_cpu = True
        if waiting_since is not None and window[0] <= waiting_since <= window[1]:
            waits.append((waiting_since, ts))
        waiting_since = None

long_waits = [(a, b) for a, b in waits if (b - a) * 1e6 >= min_us]
print("replay thread %s: ran %d times after waking or being preempted; waited >= %.0f us %d times, %.1f ms in all, at most %.2f ms"
      % (replay, len(waits), min_us, len(long_waits), 1e3 * sum(b - a for a, b in long_waits),
         1e3 * max((b - a for a, b in waits), default=0)))
meanwhile = collections.Counter()
for cpu, spans in ran.items():
    starts = [s[0] for s in spans]
    for a, b in long_waits:
        i = max(0, bisect.bisect_right(starts, a) - 1)
        while i < len(spans) and spans[i][0] < b:
            overlap = min(spans[i][1], b) - max(spans[i][0], a)
            if overlap > 0:
                meanwhile[spans[i][2]] += overlap
            i += 1
total = sum(meanwhile.values()) or 1
print("ran on the CPUs meanwhile (CPU time, share):")
for who, t in meanwhile.most_common(12):
    print("  %-30s %9.2f ms %5.1f%%" % (who, 1e3 * t, 100 * t / total))
