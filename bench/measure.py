#!/usr/bin/env python3
"""Runs one benchmark command and measures it from outside, the same way for every tool: IOPS and
MB/s from the block device's own counters (/sys/block/DEV/stat: sectors read and written), CPU
time per IO from the user + system time of the command's process and its descendants
(/proc/PID/stat utime + stime, which cover all threads). Both are sampled every 50 ms over a
steady window, so that neither start-up nor tear-down counts: from WARMUP seconds after the device
became busy (IO in every sample for 0.2 s: a tool's one-off reads at start-up, such as sbench
looking for a partition table before it writes, do not count) (and, with --quiet, once the named threads have used no CPU for a second, e.g. a
JVM's JIT compilers done with the hot loop; at most MAX_WARMUP seconds) to the last sample at
which the device was still busy.

Usage: measure.py DEV IO_BYTES WARMUP [--quiet NAMES --max-warmup S] [--window S] -- COMMAND...
  --quiet NAMES  comma-separated thread names (as /proc shows them) that must be idle first
  --window S     end the run (SIGTERM: a background job of a script ignores SIGINT) S seconds into the
                 window, for a command that runs longer
Prints one JSON line: iops, mbps, cpu_us_per_io (usr_ and sys_ parts), quiet_us_per_io (the
named threads' share, included in cpu), warmup_s (from first IO to the window), window_s, ios, rc.
"""
import json, os, signal, subprocess, sys, tempfile, time

SAMPLE_S = 0.05
QUIET_S = 1.0
BUSY_SAMPLES = 4
TICK = os.sysconf("SC_CLK_TCK")


def device_sectors(stat_path):
    f = open(stat_path).read().split()
    return int(f[2]) + int(f[6])  # sectors read + sectors written


def tree_ticks(pid, quiet):
    """(user, system, quiet threads' user + system) clock ticks of pid and every live descendant."""
    user = system = named = 0
    stack = [pid]
    while stack:
        p = stack.pop()
        try:
            with open("/proc/%d/stat" % p) as s:
                fields = s.read().rsplit(")", 1)[1].split()
            user += int(fields[11])
            system += int(fields[12])
            for task in os.listdir("/proc/%d/task" % p):
                if quiet:
                    with open("/proc/%d/task/%s/stat" % (p, task)) as t:
                        text = t.read()
                    if text[text.index("(") + 1:text.rindex(")")] in quiet:
                        f = text.rsplit(")", 1)[1].split()
                        named += int(f[11]) + int(f[12])
                with open("/proc/%d/task/%s/children" % (p, task)) as c:
                    stack.extend(int(x) for x in c.read().split())
        except (FileNotFoundError, ProcessLookupError):
            pass
    return user, system, named


def option(opts, name, default, kind=float):
    return kind(opts[opts.index(name) + 1]) if name in opts else default


def main():
    args = sys.argv[1:]
    sep = args.index("--")
    opts, command = args[:sep], args[sep + 1:]
    dev, io_bytes, warmup = opts[0], int(opts[1]), float(opts[2])
    quiet = set(option(opts, "--quiet", "", str).split(",")) - {""}
    max_warmup = option(opts, "--max-warmup", warmup)
    window = option(opts, "--window", None)
    stat_path = "/sys/block/%s/stat" % os.path.basename(dev)
    errors = tempfile.TemporaryFile()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors)
    samples = []  # (time, sectors, user ticks, system ticks, quiet threads' ticks)
    first_io = start = None
    streak = 0
    stopped = False
    while child.poll() is None:
        now = time.monotonic()
        sectors = device_sectors(stat_path)
        user, system, named = tree_ticks(child.pid, quiet)
        if child.poll() is not None:
            break  # the sample may have missed exited threads: drop it
        streak = streak + 1 if samples and sectors > samples[-1][1] else 0
        samples.append((now, sectors, user, system, named))
        if first_io is None and streak == BUSY_SAMPLES:
            first_io = samples[-1 - BUSY_SAMPLES][0]
        if first_io is not None and start is None and now - first_io >= warmup:
            back = [s for s in samples if s[0] >= now - QUIET_S]
            if now - first_io >= max_warmup or (samples[0][0] <= now - QUIET_S and back[0][4] == named):
                start = len(samples) - 1
        if window is not None and start is not None and not stopped and now - samples[start][0] >= window:
            child.send_signal(signal.SIGTERM)
            stopped = True
        time.sleep(SAMPLE_S)
    rc = child.wait()
    errors.seek(0)
    err = errors.read().decode(errors="replace")[-500:]
    busy = [i for i in range(1, len(samples)) if samples[i][1] > samples[i - 1][1]]
    if first_io is None or start is None or not busy:
        print(json.dumps({"error": "no steady window (no IO, or the run ended in its warm-up)", "rc": rc, "stderr": err}))
        return 1
    end = busy[-1] - 1  # the interval ending there was still fully busy
    if end <= start:
        print(json.dumps({"error": "the run ended in its warm-up", "rc": rc, "stderr": err}))
        return 1
    t0, s0, u0, y0, q0 = samples[start]
    t1, s1, u1, y1, q1 = samples[end]
    seconds = t1 - t0
    nbytes = (s1 - s0) * 512
    ios = nbytes / io_bytes
    us = 1e6 / TICK
    print(json.dumps({
        "iops": ios / seconds, "mbps": nbytes / seconds / 1e6,
        "cpu_us_per_io": ((u1 - u0) + (y1 - y0)) * us / ios,
        "usr_us_per_io": (u1 - u0) * us / ios, "sys_us_per_io": (y1 - y0) * us / ios,
        "quiet_us_per_io": (q1 - q0) * us / ios,
        "warmup_s": t0 - first_io, "window_s": seconds, "ios": ios, "rc": rc}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
