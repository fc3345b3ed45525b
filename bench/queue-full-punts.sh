#!/usr/bin/env bash
# How many IOs io_uring hands to a kernel worker (`iou-wrk-PID`, which issues them after later IOs)
# when the device queue runs full. A loop device over /dev/shm whose queue holds R requests; 4 KiB
# random reads with io_uring: fio at iodepth R and R-1, and sbench at fixed QD 32 (which caps itself
# at what the queue holds, less what the engine leaves free). tracefs counts the bios queued by
# io_uring workers (block_bio_queue, filtered on the task name) during each run. Needs root and fio.
# Usage: bench/queue-full-punts.sh [R] [SECONDS] [ROUNDS]   (defaults 4, 12, 2)
# SBENCH_JAR names sbench's jar (default replayer-cli/target/sbench.jar).
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
requests="${1:-4}" seconds="${2:-12}" rounds="${3:-2}"
whole R "$requests"; whole SECONDS "$seconds"; whole ROUNDS "$rounds"
needs_root "creates a loop device, reads tracefs"
command -v fio >/dev/null || { echo "needs fio (apt-get install fio)" >&2; exit 1; }
jar="${SBENCH_JAR:-replayer-cli/target/sbench.jar}"
[ -f "$jar" ] || { echo "no jar $jar: build it (mvn -B -ntp -q -DskipTests package) or name one with SBENCH_JAR" >&2; exit 1; }
out=bench/out/queue-full-punts
mkdir -p "$out"
records=$((400000 * (seconds + 2)))
trace="$out/randread-4k-$records.sbt"
bench/randread-sbt.sh "$jar" "$records" "$trace"
if [ "$requests" -lt 4 ]; then
  echo "nr_requests $requests: the block layer takes no fewer than 4" >&2
  exit 2
fi
img=/dev/shm/sbench-queue-full-punts.img
dev=
# An instance of its own, so the global trace buffer and switches are left as they are.
tracing=/sys/kernel/tracing/instances/sbench-bench-punts-$$
event=$tracing/events/block/block_bio_queue
cleanup() {
  if [ -d "$tracing" ]; then
    echo 0 > "$tracing/tracing_on"
    echo 0 > "$event/enable"
    rmdir "$tracing"
  fi
  if [ -n "$dev" ]; then
    # A loop device keeps its queue settings after it is detached: the next user of the number gets them.
    if [ -n "${requests_before:-}" ]; then echo "$requests_before" > "/sys/block/$name/queue/nr_requests"; fi
    losetup -d "$dev"
  fi
  rm -f "$img"
}
trap cleanup EXIT
rm -f "$img"
truncate -s 1G "$img"
dev=$(losetup --find --show --direct-io=off "$img")
name=$(basename "$dev")
requests_before=$(cat "/sys/block/$name/queue/nr_requests")
mkdir "$tracing"
echo "$requests" > "/sys/block/$name/queue/nr_requests"
echo 16384 > "$tracing/buffer_size_kb"
echo 'comm ~ "iou-wrk*"' > "$event/filter"

# Runs "$@" with the worker-queued bios counted; prints that count.
counted() {
  echo 0 > "$tracing/tracing_on"
  echo > "$tracing/trace"
  echo 1 > "$event/enable"
  echo 1 > "$tracing/tracing_on"
  "$@" > "$out/run.txt" 2>&1 || true
  echo 0 > "$tracing/tracing_on"
  echo 0 > "$event/enable"
  grep -c block_bio_queue "$tracing/trace" || true
}

echo "machine: $(nproc) cores, kernel $(uname -r), $(fio --version), sbench $(java -jar "$jar" --version)"
echo "device: $dev (loop over tmpfs, direct-io off), nr_requests $(cat /sys/block/$name/queue/nr_requests), 4 KiB random reads, io_uring, about $seconds s per run"
for round in $(seq 1 "$rounds"); do
  for depth in "$requests" $((requests - 1)); do
    punts=$(counted fio --name=punts --filename="$dev" --direct=1 --rw=randread --bs=4k --ioengine=io_uring \
      --iodepth="$depth" --time_based --runtime="$seconds" --output-format=json --output="$out/fio.json")
    ios=$(python3 -c "import json; print(json.load(open('$out/fio.json'))['jobs'][0]['read']['total_ios'])")
    echo "round $round fio io_uring iodepth $depth: $ios IOs, $punts bios queued by an io_uring worker"
  done
  rm -f "$out/sbench.json"  # stopped by timeout, the replay says by its result that it ran; none from a run before
  punts=$(counted timeout -s INT "$((seconds + 2))" java -jar "$jar" replay "$trace" --target "$dev" --mode fixed-qd --qd 32 \
    --engine io_uring --read-only --progress none --out "$out/sbench.json")
  read -r ios cap <<< "$(python3 -c "import json; r=json.load(open('$out/sbench.json')); print(r['summary']['ios'], r['fidelity']['inFlightCap'])")"
  echo "round $round sbench io_uring fixed QD 32 (in flight at most $cap): $ios IOs, $punts bios queued by an io_uring worker"
done
