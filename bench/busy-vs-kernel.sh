#!/usr/bin/env bash
# sbench's busy time against the device's. A trace (default the bundled light-2010) replayed onto a
# loop device over a sparse image in /dev/shm in recorded-qd mode (the default engine), then fixed-qd
# 32 through each engine (io_uring, libaio, sync) and fixed-qd 1 through io_uring, polling for
# completions (the default) and sleeping for them (--reap wait), while a tracefs instance on the mono clock
# captures block_rq_issue and block_rq_complete of the device. For each run: sbench's busy time
# (summary.busyNs of the result), the kernel's (the union of the requests' [issue, complete), the
# trace printing µs), their difference per IO and per kernel busy period (an idle-to-busy transition
# at the device; sbench's periods are as many or fewer, as each of them holds one or more of the
# device's), and the io_ticks of /sys/block/DEV/stat (ms, for reference). The signature checks'
# reads before the run are left out of the kernel's figure, not of io_ticks.
# Then the excess IO by IO, split into its two ends, per mode and engine (bench/StampGap.java).
# Needs root. Build first (mvn -B -ntp -q -DskipTests package; the test fixtures StampGap uses:
# mvn -B -ntp -q -pl benchmark-core test-compile), or give JAR=path/to/sbench.jar.
# Usage: [JAR=...] bench/busy-vs-kernel.sh [TRACE] [QD]   Writes bench/out/busy-vs-kernel.md.
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
trace="${1:-light-2010}"
qd="${2:-32}"
whole QD "$qd"
out=bench/out
mkdir -p "$out"
needs_root "creates a loop device, reads tracefs"
jar="${JAR:-replayer-cli/target/sbench.jar}"
[ -f "$jar" ] || { echo "build first: mvn -B -ntp -q -DskipTests package" >&2; exit 1; }
fixtures=benchmark-core/target/test-classes
[ -f "$fixtures/org/sbench/replay/KernelReplay.class" ] || { echo "compile the test fixtures first: mvn -B -ntp -q -pl benchmark-core test-compile" >&2; exit 1; }
cap=$(java -jar "$jar" inspect "$trace" --json | python3 -c "import json,sys;j=json.load(sys.stdin);print(-(-j['maxOffset']//1048576)*1048576)")
img=/dev/shm/sbench-busy-kernel-$$.img
tracing=/sys/kernel/tracing/instances/sbench-busy-kernel-$$
dev=
cleanup() {
  [ -d "$tracing" ] && { echo 0 > "$tracing/tracing_on"; rmdir "$tracing"; }
  [ -n "$dev" ] && losetup -d "$dev"
  rm -f "$img" "$out/busy-vs-kernel.json" "$out/busy-vs-kernel.trace" "$out/busy-vs-kernel.sbt"
}
trap cleanup EXIT
truncate -s "$cap" "$img"
dev=$(losetup --find --show --direct-io=off "$img")
udevadm settle 2>/dev/null || true   # udev's probe of the new device is over before the capture
. bench/block-events.sh
block_events "$tracing" "$dev" 65536 block_rq_issue block_rq_complete
echo mono > "$tracing/trace_clock"
ticks() { awk '{print $10}' "/sys/block/${dev#/dev/}/stat"; }
run() { # label replay-options...
  local label=$1 before; shift
  echo > "$tracing/trace"
  before=$(ticks)
  echo 1 > "$tracing/tracing_on"
  java -jar "$jar" replay "$trace" --target "$dev" --allow-write --progress none --out "$out/busy-vs-kernel.json" "$@" > /dev/null
  echo 0 > "$tracing/tracing_on"
  cp "$tracing/trace" "$out/busy-vs-kernel.trace"
  python3 - "$out/busy-vs-kernel.trace" "$out/busy-vs-kernel.json" "$(( $(ticks) - before ))" "$label" "$cap" <<'PY'
import json, re, sys
trace, result, ticks_ms, label, cap = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5])
pat = re.compile(r'\s(\d+)\.(\d{6}): block_rq_(issue|complete): \S+ (\S+) (?:\d+ )?\(.*?\) (\d+) \+ (\d+)')
issued, intervals = {}, []
for line in open(trace):
    m = pat.search(line)
    if not m:
        continue
    us = int(m.group(1)) * 1000000 + int(m.group(2))
    key = (m.group(4), m.group(5), m.group(6))
    if m.group(3) == 'issue':
        issued.setdefault(key, []).append(us)
    elif issued.get(key):
        intervals.append((issued[key].pop(0), us, key))
intervals.sort()
# The signature checks read the first and last 128 KiB before the run: reads there ahead of every other request.
probe = lambda k: 'R' in k[0] and k[1].isdigit() and (int(k[1]) < 256 or int(k[1]) >= cap // 512 - 256)
while intervals and probe(intervals[0][2]):
    intervals.pop(0)
busy, periods, end = 0, 0, None
for start, stop, _ in intervals:
    if end is None or start > end:
        periods += 1
        busy += stop - start
        end = stop
    elif stop > end:
        busy += stop - end
        end = stop
r = json.load(open(result))
s = r['summary']
ios = s['ios']
diff_us = s['busyNs'] / 1000 - busy
print('| %s | %d | %d | %.1f | %.1f | %.2f | %d | %.1f | %d |' % (label, ios, len(intervals), s['busyNs'] / 1e6, busy / 1e3,
      diff_us / ios, periods, diff_us / periods if periods else 0, ticks_ms))
PY
}
{
machine "$(java -version 2>&1 | head -1)"
echo "date: $(date -u +%FT%TZ); load average before: $(cut -d' ' -f1-3 /proc/loadavg); device: $dev, loop over $img ($cap bytes, sparse, tmpfs, direct-io off), scheduler $(cat /sys/block/${dev#/dev/}/queue/scheduler)"
echo "trace: $trace; replay: java -jar $jar replay $trace --target $dev --allow-write [mode options]"
echo
echo "| run | IOs | requests | sbench busy ms | kernel busy ms | difference µs/IO | kernel busy periods | difference µs/period | io_ticks ms |"
echo "|---|---|---|---|---|---|---|---|---|"
run "recorded-qd (default engine)"
for engine in io_uring libaio sync; do
  run "fixed-qd $qd, $engine" --mode fixed-qd --qd "$qd" --engine "$engine"
done
# At depth 1 every IO is a busy period of its own, for sbench and the device alike.
run "fixed-qd 1, io_uring" --mode fixed-qd --qd 1 --engine io_uring
run "fixed-qd 1, io_uring, --reap wait" --mode fixed-qd --qd 1 --engine io_uring --reap wait
echo
# The same runs IO by IO, each through every engine: bench/StampGap.java pairs each IO with its requests.
echo "Per IO: hand-over = first request's block_rq_issue - submit stamp; reap = done stamp - last request's block_rq_complete (bench/StampGap.java)"
echo
if [ -f "$trace" ]; then sbt=$trace; else sbt=$out/busy-vs-kernel.sbt; java -jar "$jar" synth "$trace" --out "$sbt" > /dev/null; fi
java -cp "$jar:$fixtures" bench/StampGap.java "$sbt" "$dev" "$qd"
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$out/busy-vs-kernel.md"
