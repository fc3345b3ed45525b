# Sourced by the trace-cmd bench scripts (after cd to the top): traces_made, which sets $traces ($TRACES, default
# /tmp/sbench-tracecmd-$n) and makes $traces/v7zstd.dat (record) and $traces/v6.dat (trace-cmd convert of it) unless
# they are there; record, which records $n random 4 KiB reads a CPU
# (fio at queue depth 32 on both CPUs, a loop device over an image in /dev/shm) with trace-cmd into
# $traces/v7zstd.dat (root; its block_rq_issue/complete events in the top instance's ring buffer, its size put back
# after; read out with `trace-cmd extract`, as the fixtures' tracecmd/record.sh: record cannot write
# /proc/sys/kernel/ftrace_enabled in a container).
record() { # the trace.dat of n IOs a CPU into $traces/v7zstd.dat
  needs_root "records block events through tracefs"
  . bench/shm-loop.sh
  tracing=/sys/kernel/tracing
  buffer_kb=$(cat "$tracing/buffer_size_kb")
  shm_loop /dev/shm/sbench-tracecmd.img 256
  trap 'untrace; shm_loop_cleanup' EXIT
  echo $(( n * 300 / 1024 + 4096 )) > "$tracing/buffer_size_kb"   # about 150 bytes an IO, completions on either CPU: none lost
  local devt=$(( $(stat -c '%t' "$dev" | sed 's/^/0x/') << 20 | $(stat -c '%T' "$dev" | sed 's/^/0x/') ))
  echo > "$tracing/trace"
  block_events 1 "dev == $devt"
  echo 1 > "$tracing/tracing_on"
  for c in 0 1; do
    fio --name=dat$c --filename="$dev" --direct=1 --rw=randread --bs=4k --ioengine=libaio --iodepth=32 \
        --number_ios="$n" --io_size=$((n * 4))k --norandommap --size=128M --offset=$((c * 128))M --cpus_allowed=$c --output=/dev/null &
  done
  wait
  echo 0 > "$tracing/tracing_on"
  : > "$traces/empty"
  # kallsyms hidden (an empty file bound over it for the extract alone), as the fixtures.
  unshare -m sh -c "mount --bind '$traces/empty' /proc/kallsyms && trace-cmd extract -o '$traces/v7zstd.dat.part'" >/dev/null 2>&1
  mv "$traces/v7zstd.dat.part" "$traces/v7zstd.dat"
  untrace
  shm_loop_cleanup
  trap - EXIT
}
block_events() { # ENABLE FILTER: block_rq_issue and block_rq_complete on, filtered, or off (1 "dev == N", 0 0)
  for e in block_rq_issue block_rq_complete; do echo "$2" > "$tracing/events/block/$e/filter"; echo "$1" > "$tracing/events/block/$e/enable"; done
}
untrace() { # the top instance as it was
  echo "$buffer_kb" > "$tracing/buffer_size_kb"; block_events 0 0; echo 1 > "$tracing/tracing_on"; echo > "$tracing/trace"
}
traces_made() {
  traces="${TRACES:-/tmp/sbench-tracecmd-$n}"
  mkdir -p "$traces"
  [ -f "$traces/v7zstd.dat" ] || record
  [ -f "$traces/v6.dat" ] || { trace-cmd convert --file-version 6 -i "$traces/v7zstd.dat" -o "$traces/v6.part" >/dev/null \
    && mv "$traces/v6.part" "$traces/v6.dat"; }
}
