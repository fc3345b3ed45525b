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
out=bench/out
mkdir -p "$out"
. bench/tracecmd-record.sh
traces_made
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
