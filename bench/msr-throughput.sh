#!/usr/bin/env bash
# MSR text through inspect, convert (to .sbt) and replay (of one stream, on the null target), on one core, with two jars side by side: each
# round runs every command with each jar in turn, so both meet the same load. Rates are records
# per CPU second (user + system of the process, for the commands; of the reading thread, for
# bench/ReadThroughput.java's stages, run from the jar's own commit) and per wall second. The outputs of the two jars are
# compared: inspect's JSON and the .sbt written must be byte-identical.
# Usage: bench/msr-throughput.sh BEFORE_JAR AFTER_JAR [RECORDS] [ROUNDS] [CPU]
#   (defaults: 10000000 records of bench/gen-msr.py, 3 rounds, CPU 1). Writes into bench/out/.
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
needs bc
two_jars 10000000 3 "$@"
out=bench/out
mkdir -p "$out"
msr="$out/bench-$n.msr.csv"
made "$msr" python3 bench/gen-msr.py "$n"
one() { taskset -c "$cpu" "$@"; }
rate() { echo "$n / $1 / 1000000" | bc -l; }
timed() { # label, jar label, command...: one line with wall and CPU rates
  local label="$1" which="$2"; shift 2
  one /usr/bin/time -f "%e %U %S" -o "$out/time.txt" "$@" > "$out/cmd-$which.txt"
  read -r secs user sys < "$out/time.txt"
  local cpu_s
  cpu_s=$(echo "$user + $sys" | bc -l)
  printf '%-8s %-8s %6.2f s wall %6.2f s CPU  %6.2f M rec/s  %6.2f M rec/CPU-s\n' \
    "$label" "$which" "$secs" "$cpu_s" "$(rate "$secs")" "$(rate "$cpu_s")"
}
. bench/stages-source.sh
machine "$(java -version 2>&1 | head -1)"
echo "records: $n ($msr), one core: taskset -c $cpu, heap -Xmx256m"
for round in $(seq 1 "$rounds"); do
  echo "round $round, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  for which in before after; do
    jar=$before
    [ "$which" = after ] && jar=$after
    timed inspect "$which" java -Xmx256m -jar "$jar" inspect --json --progress none "$msr"
    mv "$out/cmd-$which.txt" "$out/inspect-$which.json"
    timed convert "$which" java -Xmx256m -jar "$jar" convert --progress none "$msr" "$out/msr-$which.sbt"
    # replay reads the whole trace to plan, then its stream 0 (a quarter) again for the run.
    timed replay "$which" java -Xmx256m -jar "$jar" replay "$msr" --stream 0 --target null --mode fixed-qd --qd 32 \
      --progress none --out "$out/replay-$which.json"
    python3 -c "import json, sys; print('%-8s %-8s %6.2f s the replay itself (summary.wallNs)' % ('', sys.argv[2], \
      json.load(open(sys.argv[1]))['summary']['wallNs'] / 1e9))" "$out/replay-$which.json" "$which"
    printf '%-8s %-8s ' stages "$which"
    one java -Xmx256m -cp "$jar" "$(stages_source "$jar" "$which")" "$msr" msr 1 | tr ' ' '\n' \
      | grep -E '^(raw|pipeline|inspect|convert)(Cpu)?=' | tr '\n' ' '
    echo
  done
  cmp "$out/inspect-before.json" "$out/inspect-after.json"
  cmp "$out/msr-before.sbt" "$out/msr-after.sbt"
  echo "outputs identical (inspect JSON, .sbt)"
done
