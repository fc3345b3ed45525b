#!/usr/bin/env bash
# Issue 12 point 3: reads and writes longer than the device takes whole (queue/max_sectors_kb), and
# the block layer's order. Two traces onto a loop device over /dev/shm, under a tracefs capture
# (block_bio_queue, block_rq_issue): 400 IOs (each in a 2 MiB slot of its own, so that every
# request the device gets belongs to one IO) of which one in four is 2 MiB and the rest 4 KiB with
# max_sectors_kb 1280, and 256 KiB reads every fourth among 4 KiB reads with max_sectors_kb 128; each
# in recorded-qd (depth 32), fixed-qd 8 and timed mode, io_uring and libaio. For each run: the IOs
# that reached the device after an IO later in the trace (block_rq_issue), the bios an io_uring
# worker (iou-wrk-PID) queued, and what sbench says it split.
# Needs root. Build first (mvn -B -ntp -q -DskipTests package), or give JAR=path/to/sbench.jar.
# Usage: [JAR=...] bench/split-order.sh   Writes bench/out/split-order.md.
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
out=bench/out
mkdir -p "$out"
needs_root "creates a loop device, reads tracefs"
jar="${JAR:-replayer-cli/target/sbench.jar}"
[ -f "$jar" ] || { echo "build first: mvn -B -ntp -q -DskipTests package" >&2; exit 1; }
img=/dev/shm/sbench-split-bench.img
rm -f "$img"
truncate -s $((1 << 30)) "$img"
dev=$(losetup --find --show "$img")
queue=/sys/block/${dev#/dev/}/queue
tracing=/sys/kernel/tracing/instances/sbench-split-bench-$$
max0=$(cat "$queue/max_sectors_kb")
cleanup() {
  [ -d "$tracing" ] && { echo 0 > "$tracing/tracing_on"; rmdir "$tracing"; }
  echo "$max0" > "$queue/max_sectors_kb"; losetup -d "$dev"; rm -f "$img"
}
trap cleanup EXIT
. bench/block-events.sh
block_events "$tracing" "$dev" 65536
make_trace() { # name large-bytes ops(R or RW)
  python3 - "$2" "$3" > "$out/$1.csv" <<'PY'
import random, sys
large, ops = int(sys.argv[1]), sys.argv[2]
rnd = random.Random(12)
# Each IO in a 2 MiB slot of its own, so that every request the device gets belongs to one IO.
slots = rnd.sample(range(400), 400)
print('# fields: complete')
print('issue_ns,complete_ns,offset,length,op,stream,qd,process')
for i in range(400):
    length = large if i % 4 == 0 else 4096
    offset = (slots[i] << 21) + rnd.randrange(0, ((2 << 20) - length) // 4096 + 1) * 4096
    print('%d,%d,%d,%d,%s,,,' % (i * 20000, i * 20000 + 32 * 20000 - 1, offset, length, rnd.choice(ops)))
PY
}
make_trace mixed-2m $((2 << 20)) RW
make_trace reads-256k $((256 << 10)) R
run() { # trace max_sectors_kb engine mode-options...
  local trace=$1 kb=$2 engine=$3; shift 3
  echo "$kb" > "$queue/max_sectors_kb"
  echo > "$tracing/trace"
  echo 1 > "$tracing/tracing_on"
  rm -f "$out/r.json"
  java -jar "$jar" replay "$out/$trace.csv" --target "$dev" --engine "$engine" --progress none --out "$out/r.json" "$@" > /dev/null
  echo 0 > "$tracing/tracing_on"
  cp "$tracing/trace" "$out/capture.txt"
  python3 - "$out/capture.txt" "$out/$trace.csv" "$out/r.json" "$((kb * 1024))" "$trace, max_sectors_kb $kb, $engine $*" <<'PY'
import json, re, sys
whole = int(sys.argv[4])
ios = []  # (first sector, end sector, op)
for line in open(sys.argv[2]):
    if line[0].isdigit():
        f = line.split(',')
        ios.append((int(f[2]) // 512, (int(f[2]) + int(f[3])) // 512, f[4]))
large = {i for i, io in enumerate(ios) if (io[1] - io[0]) * 512 > whole}
pat = re.compile(r'^\s*(\S+)-\d+\s.*?block_rq_issue: \S+ (\S+) (?:\d+ \(.*?\) )?(\d+) \+ (\d+)')
top, late = -1, set()
for line in open(sys.argv[1]):
    m = pat.match(line)
    if not m:
        continue
    op, sector, n = m.group(2)[0], int(m.group(3)), int(m.group(4))
    i = next((i for i, io in enumerate(ios) if io[2] == op and io[0] <= sector and sector + n <= io[1]), None)
    if i is None:
        continue  # not the replay's: the signature probes
    if i < top:
        late.add(i)
    top = max(top, i)
workers = sum(1 for line in open(sys.argv[1]) if 'block_bio_queue' in line and re.match(r'^\s*iou-wrk', line))
mp = json.load(open(sys.argv[3]))['mapping']
print('| %s | %d of %d (%d of the %d large) | %d | %s into %s |' % (sys.argv[5], len(late), len(ios), len(late & large), len(large),
      workers, mp.get('splitIos', '-'), mp.get('splitParts', '-')))
PY
}
{
echo "$jar ($(java -jar "$jar" --version)), $(uname -r), loop device over /dev/shm"
echo
echo "| trace, device, engine, mode | IOs after a later IO (block_rq_issue) | bios queued by iou-wrk | sbench split (IOs into device IOs) |"
echo "|---|---|---|---|"
for engine in io_uring libaio; do
  for mode in "--mode recorded-qd" "--mode fixed-qd --qd 8" "--mode timed"; do
    # shellcheck disable=SC2086
    run mixed-2m 1280 "$engine" $mode --allow-write
  done
done
for engine in io_uring libaio; do
  for mode in "--mode recorded-qd" "--mode fixed-qd --qd 8" "--mode timed"; do
    # shellcheck disable=SC2086
    run reads-256k 128 "$engine" $mode --read-only
  done
done
} | tee "$out/split-order.md"
