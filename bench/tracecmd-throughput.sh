#!/usr/bin/env bash
# trace-cmd's trace.dat (version 7 with zstd, as trace-cmd writes it, and converted to version 6) against
# the `trace-cmd report` text of the same IOs read as tracefs, with two jars side by side, on one core:
# bench/ReadThroughput.java's stages (records per CPU second of the reading thread, the best of 3 after
# a round that warms the JIT, in one JVM; run from each jar's own commit), each round every file with
# each jar in turn so both meet the same load. The .sbt each jar converts each file to must be
# byte-identical. Records a trace (root): fio at queue depth 32 on both CPUs, random 4 KiB reads of a
# loop device over an image in /dev/shm, its block_rq_issue/complete events into the top instance's
# ring buffer (its size put back after), read out with `trace-cmd extract` (as the fixtures'
# tracecmd/record.sh: record cannot write /proc/sys/kernel/ftrace_enabled in a container).
# Usage: bench/tracecmd-throughput.sh BEFORE_JAR AFTER_JAR [IOS] [ROUNDS] [CPU]
#   (defaults: 2000000 IOs a CPU, 3 rounds, CPU 1). The traces (about 1 GB) go into $TRACES
#   (default /tmp/sbench-tracecmd-IOS), kept for the next run: remove it after.
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
needs trace-cmd fio
two_jars 2000000 3 "$@"
traces="${TRACES:-/tmp/sbench-tracecmd-$n}"
out=bench/out
mkdir -p "$out" "$traces"
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
[ -f "$traces/v7zstd.dat" ] || record
[ -f "$traces/v6.dat" ] || { trace-cmd convert --file-version 6 -i "$traces/v7zstd.dat" -o "$traces/v6.part" >/dev/null \
  && mv "$traces/v6.part" "$traces/v6.dat"; }
made "$traces/report.txt" trace-cmd report -i "$traces/v7zstd.dat"
. bench/stages-source.sh
machine "$(java -version 2>&1 | head -1)" "$(trace-cmd --version 2>&1 | grep -m1 version)"
ls -l "$traces"/v7zstd.dat "$traces"/v6.dat "$traces"/report.txt | awk '{print $5, $9}'
echo "one core: taskset -c $cpu, heap -Xmx256m"
for round in $(seq 1 "$rounds"); do
  echo "round $round, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  for f in v7zstd.dat v6.dat report.txt; do
    from=trace-cmd
    [ "$f" = report.txt ] && from=tracefs
    for which in before after; do
      jar=$before
      [ "$which" = after ] && jar=$after
      printf '%-11s %-7s ' "$f" "$which"
      taskset -c "$cpu" java -Xmx256m -cp "$jar" "$(stages_source "$jar" "$which")" "$traces/$f" "$from" 3 | tr ' ' '\n' \
        | grep -E '^(records|raw|pipeline|convert)(Cpu)?=' | tr '\n' ' '
      echo
      [ "$round" = 1 ] && taskset -c "$cpu" java -Xmx256m -jar "$jar" convert --progress none --from "$from" "$traces/$f" \
        "$out/tracecmd-$f-$which.sbt" >/dev/null
    done
    if [ "$round" = 1 ]; then
      cmp "$out/tracecmd-$f-before.sbt" "$out/tracecmd-$f-after.sbt" && echo "$f: .sbt identical" \
        && rm "$out/tracecmd-$f-before.sbt" "$out/tracecmd-$f-after.sbt"
    fi
  done
done
