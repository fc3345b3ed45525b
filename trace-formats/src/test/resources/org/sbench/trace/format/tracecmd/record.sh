#!/usr/bin/env bash
# Makes the trace.dat fixtures of this directory with trace-cmd (apt-get install trace-cmd; 3.1.6 made
# them) on the running kernel (root): block_rq_issue / block_rq_complete / block_rq_requeue of a loop
# device over a file in /tmp, filtered to that device, on the top instance with the default clock
# (local), then `trace-cmd extract` (record needs to write /proc/sys/kernel/ftrace_enabled, refused in a
# container). /proc/kallsyms is hidden (an empty file bound over it in a mount namespace of the extract
# alone) to keep the files small. Each file gets its `trace-cmd report` text beside it.
#   v7zstd.dat:  as extract writes it (version 7, sections compressed with zstd); IOs on both CPUs
#   v7.dat.gz:   the same, converted to version 7 uncompressed (2 MB of event formats: gzipped)
#   v6.dat.gz:   the same, converted to version 6 (gzipped)
#   many.dat:    fio at queue depth 8 on both CPUs at once, 3000 IOs each: many pages a CPU in several chunks
#   many6.dat.gz: many.dat converted to version 6: uncompressed pages, many a CPU
#   lost.dat:    fio's 400 IOs into a ring buffer of 4 KiB a CPU: events lost before the pages kept
# Usage: record.sh OUTDIR
set -euo pipefail
out=$(realpath "${1:?OUTDIR}")
mkdir -p "$out"
tracing=/sys/kernel/tracing
work=$(mktemp -d /tmp/sbench-tracedat.XXXXXX)
truncate -s 64M "$work/img"
dev=$(losetup -f --show "$work/img")
events="block_rq_issue block_rq_complete block_rq_requeue"
buffer_kb=$(cat "$tracing/buffer_size_kb")
cleanup() {
  echo "$buffer_kb" > "$tracing/buffer_size_kb"
  for e in $events; do
    echo 0 > "$tracing/events/block/$e/enable"
    echo 0 > "$tracing/events/block/$e/filter"
  done
  echo 1 > "$tracing/tracing_on"
  echo > "$tracing/trace"
  losetup -d "$dev"
  rm -rf "$work"
}
trap cleanup EXIT
devt=$(( $(stat -c '%t' "$dev" | sed 's/^/0x/') << 20 | $(stat -c '%T' "$dev" | sed 's/^/0x/') ))
start() { # trace-cmd extract leaves the events off
  echo > "$tracing/trace"
  for e in $events; do
    echo "dev == $devt" > "$tracing/events/block/$e/filter"
    echo 1 > "$tracing/events/block/$e/enable"
  done
  echo 1 > "$tracing/tracing_on"
}
extract() { # NAME
  echo 0 > "$tracing/tracing_on"
  unshare -m sh -c "mount --bind '$work/empty' /proc/kallsyms && trace-cmd extract -o '$out/$1.dat'" >/dev/null
  trace-cmd report -i "$out/$1.dat" > "$out/$1.report"
}
: > "$work/empty"
start
for i in $(seq 12); do
  cpu=$((i % 2))
  taskset -c $cpu dd if="$dev" of=/dev/null bs=4k count=1 skip=$((i * 7)) iflag=direct status=none
  taskset -c $cpu dd if=/dev/zero of="$dev" bs=8k count=2 seek=$((i * 3)) oflag=direct status=none
done
extract v7zstd
# Many pages a CPU, in several compressed chunks: fio at queue depth 8 on both CPUs at once.
start
for cpu in 0 1; do
  fio --name=many$cpu --filename="$dev" --direct=1 --rw=randrw --bs=4k --ioengine=libaio --iodepth=8 \
      --number_ios=3000 --size=32M --offset=$((cpu * 32))M --cpus_allowed=$cpu --output=/dev/null &
done
wait
extract many
# A ring buffer of 4 KiB a CPU overrun before extract reads it: pages that say events were lost before them.
echo 4 > "$tracing/buffer_size_kb"
start
fio --name=lost --filename="$dev" --direct=1 --rw=randrw --bs=4k --ioengine=libaio --iodepth=8 \
    --number_ios=400 --size=32M --output=/dev/null
extract lost
echo "$buffer_kb" > "$tracing/buffer_size_kb"
trace-cmd convert --file-version 7 --compression none -i "$out/v7zstd.dat" -o "$out/v7.dat" >/dev/null
trace-cmd convert --file-version 6 -i "$out/v7zstd.dat" -o "$out/v6.dat" >/dev/null
trace-cmd convert --file-version 6 -i "$out/many.dat" -o "$out/many6.dat" >/dev/null
for f in v7 v6; do
  trace-cmd report -i "$out/$f.dat" > "$out/$f.report"
done
gzip -9f "$out/v7.dat" "$out/v6.dat" "$out/many6.dat" "$out/many.report"
