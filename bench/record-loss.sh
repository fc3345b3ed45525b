#!/usr/bin/env bash
# What lost events do to a recorded trace: fio runs 4 KiB random reads and writes at QD 64 on a
# loop device backed by /dev/shm while sbench records it with a small ring buffer (so the kernel
# loses events) and a second tracefs instance with a 128 MiB buffer records the same events whole.
# bench/record-loss-compare.py then pairs each recorded IO with the reference's and counts IOs
# whose latency is wrong (a lost completion paired with a later request's).
# Needs root. Usage: bench/record-loss.sh [ROUNDS [BUFFER_KB [JAR...]]]
#   (default 2 rounds, 64 KiB, the built jar; give several jars to alternate them round by round)
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
. bench/await-recorder.sh
needs_root "loop device, tracefs"
command -v fio >/dev/null || { echo "needs fio" >&2; exit 1; }
rounds=${1:-2}
whole ROUNDS "$rounds"
buffer_kb=${2:-64}
shift $(( $# < 2 ? $# : 2 ))
./sbench --version >/dev/null
jars=("${@:-replayer-cli/target/sbench.jar}")
out=bench/out/record-loss
mkdir -p "$out"
tracing=/sys/kernel/tracing
img=/dev/shm/sbench-record-loss.img
ref=$tracing/instances/sbench-bench-ref-$$
rm -f "$img"
truncate -s 1G "$img"
dev=$(losetup --find --show --direct-io=on "$img")
rec=
cleanup() {
  # The recorder runs in the background, where Ctrl-C does not reach it: stopped here, it removes its instance.
  if [ -n "$rec" ] && kill -TERM "$rec" 2> /dev/null; then
    wait "$rec" || true
  fi
  if [ -d "$ref" ]; then
    for e in block_rq_issue block_rq_complete block_rq_requeue; do echo 0 > "$ref/events/block/$e/enable"; done
    rmdir "$ref"
  fi
  losetup -d "$dev"
  rm -f "$img"
}
trap cleanup EXIT
machine "$(fio --version)"
devnum=$(( 0x$(stat -c %t "$dev") << 20 | 0x$(stat -c %T "$dev") ))
echo "| round | jar | events lost (sbench's buffer) | reference lost | IOs recorded | latency right | latency wrong | largest wrong (µs) |"
echo "|---|---|---|---|---|---|---|---|"
for round in $(seq 1 "$rounds"); do
  for jar in "${jars[@]}"; do
    tag="$out/round$round-$(basename "$jar" .jar)"
    mkdir "$ref"
    echo mono > "$ref/trace_clock"
    echo 131072 > "$ref/buffer_size_kb"
    for e in block_rq_issue block_rq_complete block_rq_requeue; do
      echo "dev == $devnum" > "$ref/events/block/$e/filter"
      echo 1 > "$ref/events/block/$e/enable"
    done
    java -jar "$jar" record --device "$dev" --out "$tag.sbt" --progress=none --json --allow-loss --buffer-kb="$buffer_kb" \
        > "$tag.json" 2> "$tag.err" &
    rec=$!
    await_recorder "$tag.err"
    fio --name=f --filename="$dev" --direct=1 --rw=randrw --bs=4k --iodepth=64 --ioengine=libaio --time_based \
        --runtime=6 --size=64m --output=/dev/null
    sleep 1
    kill -TERM "$rec"
    wait "$rec" || true
    rec=
    for e in block_rq_issue block_rq_complete block_rq_requeue; do echo 0 > "$ref/events/block/$e/enable"; done
    cat "$ref/trace" > "$tag.ref"
    ref_lost=$(cat "$ref"/per_cpu/cpu*/stats | awk '/^(overrun|dropped events):/ {n += $NF} END {print n}')
    rmdir "$ref"
    java -jar "$jar" convert "$tag.sbt" "$tag.csv" > /dev/null
    lost=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['eventsLost'])" "$tag.json")
    echo "| $round | $(basename "$jar") | $lost | $ref_lost | $(python3 bench/record-loss-compare.py "$tag.ref" "$tag.csv") |"
  done
done
