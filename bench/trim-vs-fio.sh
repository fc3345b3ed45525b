#!/usr/bin/env bash
# Issue 17, TRIM at depth: discard IOPS and MB/s of sbench replaying all-TRIM traces (4 KiB and 1 MiB
# trims at random size-aligned offsets) in fixed-qd mode at QD 1 and 32, with io_uring's queued
# discards (BLOCK_URING_CMD_DISCARD) and with the BLKDISCARD ioctl in commit (--engine libaio, which
# has no queued discard: the path io_uring takes on a kernel before 6.12), against fio --rw=randtrim
# on the same loop device over /dev/shm: Debian's fio, whose io_uring and libaio engines both trim by
# the ioctl, and with FIO_QUEUED=PATH a fio from 3.38 on, whose io_uring engine queues trims as
# sbench does. The device's pages are allocated again before every run, so every trim frees memory.
# Rounds alternate all cases; medians (min-max). Then one queued replay at QD 32 under a tracefs
# capture: the discards the block layer saw, in trace order or not, and which task issued them.
# Needs root. Build first (mvn -B -ntp -q -DskipTests package).
# Usage: [FIO_QUEUED=path/to/fio] [CAPTURE_ONLY=1] bench/trim-vs-fio.sh [ROUNDS]   Writes bench/out/trim-vs-fio.md.
# (CAPTURE_ONLY=1: only the tracefs captures.)
# (A fio that queues trims: a checkout of https://github.com/axboe/fio at 3.38 or later,
# ./configure --disable-native && make fio.)
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
rounds="${1:-3}"
whole ROUNDS "$rounds"
out=bench/out
mkdir -p "$out"
needs_root "creates a loop device, reads tracefs"
installed fio
jar=replayer-cli/target/sbench.jar
[ -f "$jar" ] || { echo "build first: mvn -B -ntp -q -DskipTests package" >&2; exit 1; }
sbench() { java -jar "$jar" "$@"; }
fio_queued="${FIO_QUEUED:-}"
img=/dev/shm/sbench-trim-bench.img
span=$((1024 * 1024 * 1024))
rm -f "$img"
truncate -s "$span" "$img"
dev=$(losetup --find --show --direct-io=off "$img")
tracing=/sys/kernel/tracing/instances/sbench-trim-bench-$$
queue=/sys/block/${dev#/dev/}/queue
# Every case runs with the queue settings an sbench run that writes uses: no merging, no writeback
# throttling (which holds discards back; docs/targets.md). The loop device keeps them: put back at exit.
nomerges0=$(cat "$queue/nomerges"); wbt_found=$(cat "$queue/wbt_lat_usec")
# A loop device keeps what an earlier run set (0 left by one made the "throttled" case unthrottled):
# -1 asks the kernel for its default throttling latency, the case that measures it.
echo -1 > "$queue/wbt_lat_usec"; wbt0=$(cat "$queue/wbt_lat_usec")
cleanup() {
  [ -d "$tracing" ] && { echo 0 > "$tracing/tracing_on"; rmdir "$tracing"; }
  echo "$nomerges0" > "$queue/nomerges"; echo "$wbt_found" > "$queue/wbt_lat_usec"; losetup -d "$dev"; rm -f "$img"
}
trap cleanup EXIT
echo 2 > "$queue/nomerges"; echo 0 > "$queue/wbt_lat_usec"
# Trace lengths chosen so that every run lasts seconds on this machine, as fio's 5 s do: a run of
# less than a second is mostly sbench's JIT warming up (20,000 queued 1 MiB trims at QD 32 took
# 0.45 s at 44 k IOPS; 600,000 ran at 150-215 k). The ioctl path and QD 1 run the shorter traces.
make_trace() { # name records size
  [ -f "$out/$1.sbt" ] || { python3 bench/gen-randread.py "$2" "$span" "$3" --trim > "$out/$1.csv"; sbench convert "$out/$1.csv" "$out/$1.sbt" >/dev/null; }
}
make_trace trim-4k 60000 4096
make_trace trim-4k-400000 400000 4096
make_trace trim-1m-60000 60000 1048576
make_trace trim-1m-600000 600000 1048576
# The trace of a case: trims of SIZE, queued at QD 32 or not.
trace_of() { # bs qd engine
  case "$1/$2/$3" in
    4k/32/io_uring*) echo "$out/trim-4k-400000.sbt" ;; 4k/*) echo "$out/trim-4k.sbt" ;;
    1m/32/io_uring*) echo "$out/trim-1m-600000.sbt" ;; 1m/*) echo "$out/trim-1m-60000.sbt" ;;
  esac
}
refill() { fallocate -l "$span" "$img"; }

sbench_rate() { # trace qd "engine [options]" size how-file -> "IOPS MB/s"; how the trims went into how-file
  refill
  sbench replay "$1" --target "$dev" --allow-write --mode fixed-qd --qd "$2" --engine $3 --progress none \
      --out "$out/r.json" >/dev/null
  python3 - "$out/r.json" "$4" "$5" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); s = r['summary']; iops = s['trims'] * 1e9 / s['wallNs']
assert s['trims'] == r['fidelity']['inTrace'] and s['errors'] == 0, 'every trim completed'
open(sys.argv[3], 'w').write(r['settings']['discards'])
print('%.0f %.1f' % (iops, iops * int(sys.argv[2]) / 1e6))
PY
}
fio_rate() { # fio bs qd engine [wbt] -> "IOPS MB/s"
  refill
  [ -n "${5:-}" ] && echo "$5" > "$queue/wbt_lat_usec"
  "$1" --name=t --filename="$dev" --rw=randtrim --bs="$2" --iodepth="$3" --ioengine="$4" --direct=1 --size=1g \
      --runtime=5 --time_based --output-format=json --output="$out/f.json" >/dev/null
  echo 0 > "$queue/wbt_lat_usec"
  python3 -c "import json;j=json.load(open('$out/f.json'))['jobs'][0];t=j['trim'];assert j['error']==0;print('%.0f %.1f' % (t['iops'], t['bw_bytes']/1e6))"
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)] " (" a[1] "-" a[NR] ")"}'; }

# sbench polls for completions by default; on a loaded 2-core machine a poller can delay the very
# completions it waits for, so the queued case also runs sleeping in the kernel (--reap wait), as fio does.
cases=("sbench io_uring|s|io_uring" "sbench io_uring --reap wait|s|io_uring --reap wait" "sbench ioctl (libaio)|s|libaio"
       "fio $(fio --version) io_uring|f|fio io_uring" "fio $(fio --version) libaio|f|fio libaio")
[ -n "$fio_queued" ] && cases+=("fio $("$fio_queued" --version) io_uring (queued)|f|$fio_queued io_uring"
    "fio $("$fio_queued" --version) io_uring (queued), writeback throttling at the kernel's $wbt0 us|f|$fio_queued io_uring $wbt0")
{
machine "$(java -version 2>&1 | head -1)"
echo "device: $dev, loop over $img (1 GiB on tmpfs, direct-io off, pages allocated again before each run: every trim frees memory)"
echo "queue: discard_granularity $(cat "$queue/discard_granularity"), discard_max_bytes $(cat "$queue/discard_max_bytes"), nr_requests $(cat "$queue/nr_requests"), nomerges 2 and wbt_lat_usec 0 for every case (the kernel's: $nomerges0 and $wbt0)"
echo "$rounds rounds alternating every case; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
if [ -z "${CAPTURE_ONLY:-}" ]; then
: > "$out/ratios.txt"
echo "| trims | QD | case | IOPS | MB/s | how sbench trimmed |"
echo "|---|---|---|---|---|---|"
for t in "4096 4k" "1048576 1m"; do
  set -- $t; size=$1; bs=$2
  for qd in 1 32; do
    for k in "${!cases[@]}"; do : > "$out/iops-$k.txt"; : > "$out/mbps-$k.txt"; done
    for i in $(seq "$rounds"); do
      # Every other round runs the cases in reverse, so no case always follows the same one.
      order=("${!cases[@]}"); [ $((i % 2)) = 0 ] && order=($(printf '%s\n' "${order[@]}" | tac))
      for k in "${order[@]}"; do
        IFS='|' read -r label kind how <<< "${cases[$k]}"
        if [ "$kind" = s ]; then line=$(sbench_rate "$(trace_of "$bs" "$qd" "$how")" "$qd" "$how" "$size" "$out/how-$k.txt")
        else set -- $how; line=$(fio_rate "$(command -v "$1")" "$bs" "$qd" "$2" "${3:-}"); fi
        echo "$line" | cut -d' ' -f1 >> "$out/iops-$k.txt"; echo "$line" | cut -d' ' -f2 >> "$out/mbps-$k.txt"
      done
    done
    for k in "${!cases[@]}"; do
      IFS='|' read -r label kind how <<< "${cases[$k]}"
      note=""; [ "$kind" = s ] && note=$(cat "$out/how-$k.txt")
      echo "| $bs | $qd | $label | $(median < "$out/iops-$k.txt") | $(median < "$out/mbps-$k.txt") | $note |"
      median < "$out/iops-$k.txt" | cut -d' ' -f1 > "$out/median-$k.txt"
    done
    m() { cat "$out/median-$1.txt"; }
    queued=$(python3 -c "print(max($(m 0), $(m 1)))"); fio_best=$(python3 -c "print(max($(m 3), $(m 4)))")
    ratios="$bs QD $qd: sbench queued (better of poll, wait) / sbench ioctl $(python3 -c "print('%.2f' % ($queued / $(m 2)))"), / best fio $(fio --version) $(python3 -c "print('%.2f' % ($queued / $fio_best))")"
    [ -n "$fio_queued" ] && ratios="$ratios, / fio queued $(python3 -c "print('%.2f' % ($queued / $(m 5)))")"
    echo "$ratios" >> "$out/ratios.txt"
  done
done
echo
echo "ratios of the medians (IOPS):"
sed 's/^/- /' "$out/ratios.txt"
echo
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
fi
# The block layer's view of one queued replay: block_bio_queue names the task that issued each discard
# (the replay thread, or an io-wq worker \`iou-wrk-PID\` for a command the kernel could not issue inline),
# block_rq_issue the order the device got them in. The same capture of a replay of 4 KiB random reads
# at the same depth shows what blk-mq's dispatch does to reads.
make_read_trace() { [ -f "$out/read-4k.sbt" ] || { python3 bench/gen-randread.py 60000 "$span" 4096 > "$out/read-4k.csv"; sbench convert "$out/read-4k.csv" "$out/read-4k.sbt" >/dev/null; }; }
make_read_trace
. bench/block-events.sh
block_events "$tracing" "$dev" 131072
capture() { # name rwbs-letter replay-options...
  local name=$1 letter=$2; shift 2
  refill
  echo > "$tracing/trace"
  echo 1 > "$tracing/tracing_on"
  sbench replay "$out/$name.sbt" --target "$dev" --mode fixed-qd --qd 32 --engine io_uring --progress none --out "$out/r.json" "$@" >/dev/null
  echo 0 > "$tracing/tracing_on"
  cp "$tracing/trace" "$out/capture-$name.txt"
  python3 - "$out/capture-$name.txt" "$out/$name.csv" "$out/r.json" "$letter" "$name" <<'PY'
import collections, json, re, sys
letter = sys.argv[4]
expected = []
for line in open(sys.argv[2]).readlines()[1:]:
    f = line.split(',')
    expected.append((int(f[2]) // 512, int(f[3]) // 512))
queued, issued, tasks = [], [], collections.Counter()
pat = re.compile(r'^\s*(\S+)-\d+\s.*?(block_bio_queue|block_rq_issue): \S+ (\S+) (?:\d+ \(.*?\) )?(\d+) \+ (\d+)')
for line in open(sys.argv[1]):
    m = pat.match(line)
    if not m or not m.group(3).startswith(letter):
        continue
    io = (int(m.group(4)), int(m.group(5)))
    if m.group(2) == 'block_bio_queue':
        queued.append(io)
        tasks[re.sub(r'-\d+$', '', m.group(1))] += 1
    else:
        issued.append(io)
def late(seen):
    """IOs that went after an IO later in the trace, and by how many trace positions at most."""
    where = collections.defaultdict(collections.deque)
    for i, io in enumerate(expected):
        where[io].append(i)
    n, worst, top = 0, 0, -1
    for io in seen:
        i = where[io].popleft() if where[io] else -1
        if i < top:
            n += 1
            worst = max(worst, top - i)
        top = max(top, i)
    return n, worst
r = json.load(open(sys.argv[3]))
print('`sbench replay %s.sbt --mode fixed-qd --qd 32 --engine io_uring` (trims: %s):' % (sys.argv[5], r['settings'].get('discards')))
print('- IOs in the trace %d; bios entering the block layer (block_bio_queue) %d, requests issued to the device (block_rq_issue) %d'
      % (len(expected), len(queued), len(issued)))
for what, seen in (('entered the block layer', queued), ('issued to the device', issued)):
    n, worst = late(seen)
    print('- %s in trace order: %s; %d went after an IO later in the trace (at most %d positions)' % (what, seen == expected, n, worst))
print('- issuing tasks: ' + ', '.join('%s %d' % kv for kv in tasks.most_common()))
PY
}
echo "tracefs captures (block_bio_queue, block_rq_issue) of the device:"
capture trim-4k D --allow-write
capture read-4k R --read-only
} | tee "$out/trim-vs-fio.md"
