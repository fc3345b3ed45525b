#!/usr/bin/env bash
# sbench record on a saturated machine: two shell busy loops at nice 0 for the whole run beside fio's
# 4 KiB random reads (io_uring, QD 8, RATE IOs a second, SECONDS) on a loop device backed by /dev/shm.
# NICE other than 0 renices the recorder's sbench-record thread once it records (as setpriority(2) on
# that thread id). Prints fio's IOs, the IOs recorded and the events the ring buffer lost.
# Needs root. Usage: bench/record-saturated.sh JAR [NICE [RATE [SECONDS [RECORD-OPTION...]]]]
#   (default NICE 0, RATE 48000, SECONDS 60; e.g. bench/record-saturated.sh A.jar 0 48000 60 --buffer-kb 16384)
set -euo pipefail
. "$(dirname "$0")/args.sh"
jar=$(realpath "$1")
cd "$(dirname "$0")/.."
. bench/record-loop.sh
needs_root "loop device, tracefs"
needs fio
nice=${2:-0}
rate=${3:-48000}
whole RATE "$rate"
secs=${4:-60}
whole SECONDS "$secs"
shift $(( $# < 4 ? $# : 4 ))
record_loop record-saturated 1G
busy=()
stop_busy() {
  kill "${busy[@]}" 2> /dev/null || true
  record_loop_cleanup
}
trap stop_busy EXIT
for _ in 1 2; do
  ( while :; do :; done ) &
  busy+=($!)
done
record_start "$jar" "$out/run" "$@"
if [ "$nice" != 0 ]; then
  renice -n "$nice" -p "$(grep -l '^sbench-record$' /proc/"$rec"/task/*/comm | cut -d/ -f5)" > /dev/null
fi
load=$(cut -d' ' -f1 /proc/loadavg)
ios=$(fio --name=r --filename="$dev" --rw=randread --bs=4k --direct=1 --ioengine=io_uring --iodepth=8 --rate_iops="$rate" \
        --runtime="$secs" --time_based --size=1G --output-format=json \
      | python3 -c "import json,sys; print(json.load(sys.stdin)['jobs'][0]['read']['total_ios'])")
sleep 1
record_stop
recorded=$(sed -n 's/^wrote \([0-9,]*\) IOs.*/\1/p' "$out/run.txt" | tr -d ,)
lost=$(sed -n -e 's/^lost *\([0-9,]*\) events.*/\1/p' -e 's/^INCOMPLETE: the kernel.s ring buffer lost \([0-9,]*\) events.*/\1/p' "$out/run.txt")
echo "| $(basename "$jar") $* | nice $nice | load $load | fio $ios | recorded $recorded | lost ${lost:-0} |"
rm -f "$out/run.sbt"
