#!/usr/bin/env bash
# Parse/convert throughput of sbench's trace readers on a generated 10-million-record trace,
# native (.sbt), CSV and MSR input, with a 256 MiB heap to show memory does not grow with trace length.
# Usage: bench/trace-throughput.sh [RECORDS]   (default 10000000). Writes into bench/out/.
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
needs bc
n="${1:-10000000}"
whole RECORDS "$n"
out=bench/out
mkdir -p "$out"
./sbench --version >/dev/null          # builds the jar if needed
jar=replayer-cli/target/sbench.jar
msr="$out/bench-$n.msr.csv"
made "$msr" python3 bench/gen-msr.py "$n"
export SBENCH_JAVA_OPTS="-Xmx256m"
timed() { # label, command...: prints wall seconds and peak RSS of the command
  local label="$1"; shift
  /usr/bin/time -f "%e %M" -o "$out/time.txt" "$@" > "$out/cmd.txt"
  read -r secs rss < "$out/time.txt"
  printf '%-34s %8.2f s  %9.2f M rec/s  peak RSS %6.0f MiB\n' "$label" "$secs" "$(echo "$n / $secs / 1000000" | bc -l)" "$(echo "$rss / 1024" | bc -l)"
}
machine "$(java -version 2>&1 | head -1)"
echo "records: $n"
timed "convert msr -> sbt (sort, QD)" ./sbench convert "$msr" "$out/bench.sbt"
timed "convert sbt -> csv" ./sbench convert "$out/bench.sbt" "$out/bench.csv"
timed "inspect sbt" ./sbench inspect "$out/bench.sbt"
timed "inspect msr" ./sbench inspect "$msr"
for f in "$out/bench.sbt" "$out/bench.csv" "$msr"; do
  java -Xmx256m -cp "$jar" bench/ReadThroughput.java "$f" - 3
done
