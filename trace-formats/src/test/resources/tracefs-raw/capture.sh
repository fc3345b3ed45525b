#!/usr/bin/env bash
# Captures the fixtures of this directory on the running kernel (root): a tracefs instance of its own
# records block_rq_issue / block_rq_complete of a loop device over a file in /tmp and trace_marker
# writes, with the mono clock; its text (`trace`, which does not consume) is saved first, then the
# binary pages of every CPU (per_cpu/cpuN/trace_pipe_raw, which consumes), then the format files.
#   mixed:  IOs with pauses of 0.3 s (time extends: deltas above 2^27 ns) and markers between them, one
#           longer than 112 bytes (its length in a word of its own)
#   full:   IOs without pauses, several full pages a CPU (padding where an event did not fit)
#   missed: a ring buffer of 4 KiB a CPU overrun by IOs before it is read (the missed-events flags)
# Usage: capture.sh OUTDIR
set -euo pipefail
out=${1:?OUTDIR}
mkdir -p "$out"
tracefs=/sys/kernel/tracing
img=$(mktemp /tmp/sbench-capture.XXXXXX)
truncate -s 64M "$img"
dev=$(losetup -f --show "$img")
inst=$tracefs/instances/sbench-capture-$$
cleanup() { rmdir "$inst" 2>/dev/null || true; losetup -d "$dev"; rm -f "$img"; }
trap cleanup EXIT
devt=$(( $(stat -c '%t' "$dev" | sed 's/^/0x/') << 20 | $(stat -c '%T' "$dev" | sed 's/^/0x/') ))
cp $tracefs/events/header_page "$out/header_page"
for e in block/block_rq_issue block/block_rq_complete block/block_rq_requeue ftrace/print; do
  cp "$tracefs/events/$e/format" "$out/$(basename "$e").format"
done
record() { # NAME BUFFER_KB IOS PAUSE
  mkdir "$inst"
  echo mono > "$inst/trace_clock"
  echo "$2" > "$inst/buffer_size_kb"
  for e in block_rq_issue block_rq_complete; do
    echo "dev == $devt" > "$inst/events/block/$e/filter"
    echo 1 > "$inst/events/block/$e/enable"
  done
  for i in $(seq "$3"); do
    dd if="$dev" of=/dev/null bs=4k count=1 skip=$((i * 7)) iflag=direct status=none
    dd if=/dev/zero of="$dev" bs=8k count=1 seek=$((i * 3)) oflag=direct status=none
    [ $((i % 4)) = 0 ] && echo "sbench-0123456789ab mark step $i" > "$inst/trace_marker"
    [ "$i" = 5 ] && echo "sbench-0123456789ab mark a phase name longer than the 112 bytes an event header's length bits hold: $(printf '%080d' 0)" > "$inst/trace_marker"
    [ "$4" = 0 ] || sleep "$4"
  done
  echo "sbench-0123456789ab end" > "$inst/trace_marker"
  echo 0 > "$inst/tracing_on"
  cat "$inst/trace" > "$out/$1.trace"
  for cpu in "$inst"/per_cpu/cpu*; do
    n=${cpu##*cpu}
    dd if="$cpu/trace_pipe_raw" of="$out/$1.cpu$n.raw" bs=4096 iflag=nonblock status=none 2>/dev/null || true
    [ -s "$out/$1.cpu$n.raw" ] || rm -f "$out/$1.cpu$n.raw"
    cp "$cpu/stats" "$out/$1.cpu$n.stats"
  done
  rmdir "$inst"
}
record mixed 1024 12 0.3
record full 1024 150 0
record missed 4 400 0

