#!/usr/bin/env bash
# How fast sbench record keeps up: fio issues 4 KiB random reads at fixed rates on a loop device
# backed by /dev/shm while sbench records it; prints IOs issued, IOs recorded, events lost.
# Needs root. Usage: bench/record-rate.sh [RATE...]   (default 20000 40000 60000 80000)
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
. bench/await-recorder.sh
needs_root "loop device, tracefs"
command -v fio >/dev/null || { echo "needs fio" >&2; exit 1; }
rates=("${@:-20000 40000 60000 80000}")
out=bench/out
mkdir -p "$out"
./sbench --version >/dev/null
img=/dev/shm/sbench-record-bench.img
rm -f "$img"
truncate -s 1G "$img"
dev=$(losetup --find --show "$img")
trap 'losetup -d "$dev"; rm -f "$img"' EXIT
machine "$(fio --version)"
echo "| requested IOPS | fio issued | recorded | events lost |"
echo "|---|---|---|---|"
for rate in ${rates[*]}; do
  ./sbench record --device "$dev" --out "$out/record-$rate.sbt" --duration 9s > "$out/record-$rate.txt" 2> "$out/record-$rate.err" &
  rec=$!
  await_recorder "$out/record-$rate.err"
  issued=$(fio --name=r --filename="$dev" --rw=randread --bs=4k --direct=1 --ioengine=io_uring --iodepth=8 \
      --rate_iops="$rate" --runtime=6 --time_based --size=1G --output-format=json \
      | python3 -c "import json,sys; print(json.load(sys.stdin)['jobs'][0]['read']['total_ios'])")
  wait "$rec" || true
  recorded=$(sed -n 's/^wrote \([0-9,]*\) IOs.*/\1/p' "$out/record-$rate.txt")
  lost=$(sed -n -e 's/^lost *\([0-9,]*\) events.*/\1/p' -e 's/^INCOMPLETE: the kernel.s ring buffer lost \([0-9,]*\) events.*/\1/p' "$out/record-$rate.txt")
  echo "| $rate | $issued | $recorded | $lost |"
done
