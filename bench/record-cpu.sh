#!/usr/bin/env bash
# The CPU sbench record spends per recorded IO: fio (io_uring, 4 KiB random reads, QD 32, RATE IOs
# a second) on a loop device backed by /dev/shm while sbench record records it: 5 s to warm the
# JVM up, then 10 s measured: the recorder's JVM utime and stime (/proc/PID/stat) from just before
# that fio starts to 1 s after it ends, divided by its IOs (every one recorded: the script checks
# the recording's total), and the read calls of its reading thread (syscr and rchar of
# /proc/PID/task/TID/io: reads of trace_pipe, and of nothing else). Prints one line per round and jar.
# Needs root. Usage: bench/record-cpu.sh [ROUNDS [RATE [JAR...]]]
#   (default 3 rounds, 20000 IOs/s, the built jar; several jars alternate round by round)
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
. bench/record-loop.sh
needs_root "loop device, tracefs"
needs fio
rounds=${1:-3}
whole ROUNDS "$rounds"
rate=${2:-20000}
whole RATE "$rate"
shift $(( $# < 2 ? $# : 2 ))
jars=("${@:-replayer-cli/target/sbench.jar}")
record_loop record-cpu 1G
# utime and stime of PID, in clock ticks (fields 14 and 15; the name in field 2 has no spaces here).
ticks() { awk '{print $14, $15}' "/proc/$1/stat"; }
# reads PID: read calls and bytes read so far by PID's thread sbench-record.
reads() {
  local tid
  tid=$(grep -l '^sbench-record$' /proc/"$1"/task/*/comm | cut -d/ -f5)
  awk '/^rchar/ { b = $2 } /^syscr/ { n = $2 } END { print n, b }' "/proc/$1/task/$tid/io"
}
# randread SECONDS: fio's random reads on the device; prints the IOs it completed.
randread() {
  fio --name=r --filename="$dev" --rw=randread --bs=4k --direct=1 --ioengine=io_uring --iodepth=32 \
      --rate_iops="$rate" --runtime="$1" --time_based --size=1G --output-format=json \
    | python3 -c "import json,sys; print(json.load(sys.stdin)['jobs'][0]['read']['total_ios'])"
}
echo "machine: $(nproc) cores, kernel $(uname -r), $(fio --version), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| round | jar | IOs measured | user µs/IO | system µs/IO | total µs/IO | reads/IO | bytes/read |"
echo "|---|---|---|---|---|---|---|---|"
# measure ROUND JAR: the table's line of the recorder record_rounds started.
measure() {
  local warm ios u0 s0 n0 b0 u1 s1 n1 b1 recorded
  warm=$(randread 5)
  read -r u0 s0 < <(ticks "$rec")
  read -r n0 b0 < <(reads "$rec")
  ios=$(randread 10)
  sleep 1
  read -r u1 s1 < <(ticks "$rec")
  read -r n1 b1 < <(reads "$rec")
  record_stop
  recorded=$(sed -n 's/^wrote \([0-9,]*\) IOs.*/\1/p' "$name.txt" | tr -d ,)
  [ "$recorded" = $((warm + ios)) ] || echo "round $1: fio issued $((warm + ios)), recorded $recorded" >&2
  awk -v r="$1" -v j="$(basename "$2")" -v n="$ios" -v u=$((u1 - u0)) -v s=$((s1 - s0)) -v t="$tick" \
      -v calls=$((n1 - n0)) -v bytes=$((b1 - b0)) \
      'BEGIN { printf "| %d | %s | %d | %.2f | %.2f | %.2f | %.2f | %.0f |\n", r, j, n, u / t / n * 1e6, s / t / n * 1e6,
               (u + s) / t / n * 1e6, calls / n, bytes / calls }'
}
record_rounds "$rounds" measure "${jars[@]}"
