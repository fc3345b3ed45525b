#!/usr/bin/env bash
# inspect's statistics, part by part (bench/StatsCost.java), with two jars side by side on one core:
# each round runs the before jar and then the after jar over the same records in memory.
# Usage: bench/stats-cost.sh BEFORE_JAR AFTER_JAR [RECORDS] [ROUNDS] [CPU]
#   (defaults: the first 4000000 records of bench/gen-msr.py's 10 M-record trace, 3 rounds, CPU 1).
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
two_jars 4000000 3 "$@"
msr=bench/out/bench-10000000.msr.csv
mkdir -p bench/out
made "$msr" python3 bench/gen-msr.py 10000000
machine "$(java -version 2>&1 | head -1)"
echo "records: the first $n of $msr, one core: taskset -c $cpu, heap -Xmx2g; best of 5 passes per part"
for round in $(seq 1 "$rounds"); do
  echo "round $round, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  for which in before after; do
    jar=$before
    [ "$which" = after ] && jar=$after
    printf '%-7s ' "$which"
    taskset -c "$cpu" java -Xmx2g -cp "$jar" bench/StatsCost.java "$msr" "$n" 5
  done
done
