#!/usr/bin/env bash
# The archive formats' text (Alibaba and Tencent CSV) through sbench's reading stages, on one core,
# with two jars side by side: bench/ReadThroughput.java (the jar's own commit's, as
# bench/msr-throughput.sh runs it) per format, each round running the before jar and then the after
# jar. Rates are records per CPU second of the reading thread, warmed (best of 3 repeats).
# The Alibaba trace is bench/gen-alibaba.py's (100 volumes); the Tencent one is the same IOs
# written in Tencent's layout (seconds, sectors, 0/1, volume) by the awk line below.
# Usage: bench/archive-throughput.sh BEFORE_JAR AFTER_JAR [RECORDS] [ROUNDS] [CPU]
#   (defaults: 10000000 records, 2 rounds, CPU 1). Writes into bench/out/.
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
two_jars 10000000 2 "$@"
out=bench/out
mkdir -p "$out"
alibaba="$out/bench-$n.alibaba.csv"
tencent="$out/bench-$n.tencent.csv"
made "$alibaba" python3 bench/gen-alibaba.py "$n" 100
made "$tencent" awk -F, '{printf "%d,%d,%d,%d,%d\n", int($5 / 1000000), int($3 / 512), ($4 < 512 ? 1 : int($4 / 512)), ($2 == "R" ? 0 : 1), $1}' \
  "$alibaba"
. bench/stages-source.sh
machine "$(java -version 2>&1 | head -1)"
echo "records: $n, one core: taskset -c $cpu, heap -Xmx256m"
for round in $(seq 1 "$rounds"); do
  echo "round $round, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  for format in alibaba tencent; do
    for which in before after; do
      jar=$before
      [ "$which" = after ] && jar=$after
      file="$out/bench-$n.$format.csv"
      printf '%-8s %-7s ' "$format" "$which"
      taskset -c "$cpu" java -Xmx256m -cp "$jar" "$(stages_source "$jar" "$which")" "$file" "$format" 3 | tr ' ' '\n' \
        | grep -E '^(raw|pipeline|inspect|convert)Cpu=' | tr '\n' ' '
      echo
    done
  done
done
