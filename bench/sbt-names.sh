#!/usr/bin/env bash
# What the .sbt process-name table costs, two builds side by side: whether a trace of 1,000,000
# distinct 256-byte process names converts and inspects in a 64 MiB heap (tracefs -> .sbt, .sbt -> .sbt,
# inspect .sbt), and the convert rate of ordinary traces (MSR and tracefs -> .sbt) and the inspect rate
# of an .sbt, each 3 runs, the jars alternating. Inputs are generated into DIR (about 2 GB).
# Usage: bench/sbt-names.sh BEFORE.jar AFTER.jar DIR [RECORDS]   (RECORDS of the ordinary traces, default 2000000)
set -euo pipefail
. "$(dirname "$0")/args.sh"
before="$1" after="$2" dir="$3" n="${4:-2000000}"
whole RECORDS "$n"
needs python3 bc
bench="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$dir"
names="$dir/names-1m.tracefs"
[ -f "$names" ] || python3 "$bench/gen-named-tracefs.py" 1000000 256 > "$names"
[ -f "$dir/names-1m.sbt" ] || java -Xmx2g -jar "$after" convert "$names" "$dir/names-1m.sbt" >/dev/null
[ -f "$dir/plain.msr.csv" ] || python3 "$bench/gen-msr.py" "$n" > "$dir/plain.msr.csv"
[ -f "$dir/plain.tracefs" ] || python3 "$bench/gen-tracefs.py" "$n" > "$dir/plain.tracefs"
[ -f "$dir/plain.sbt" ] || java -jar "$after" convert "$dir/plain.msr.csv" "$dir/plain.sbt" >/dev/null
machine "$(java -version 2>&1 | head -1)"
echo "load before: $(uptime)"
heap() { # label, jar, command...: exit status and the last line of stderr at -Xmx64m
  local label="$1" jar="$2"; shift 2
  local rc=0
  java -Xmx64m -jar "$jar" "$@" >/dev/null 2>"$dir/err.txt" || rc=$?
  rm -f "$dir/out.sbt"
  printf '%-6s %-26s exit %d %s\n' "$label" "$*" "$rc" "$(tail -1 "$dir/err.txt" | cut -c1-80)"
}
for jar in "$before" "$after"; do
  label=$([ "$jar" = "$before" ] && echo before || echo after)
  heap "$label" "$jar" convert "$names" "$dir/out.sbt"
  heap "$label" "$jar" convert "$dir/names-1m.sbt" "$dir/out.sbt"
  heap "$label" "$jar" inspect "$dir/names-1m.sbt"
done
rate() { # label, jar, command...: wall seconds and M records/s
  local label="$1" jar="$2"; shift 2
  /usr/bin/time -f "%e" -o "$dir/time.txt" java -jar "$jar" "$@" >/dev/null
  rm -f "$dir/out.sbt"
  local secs; secs=$(cat "$dir/time.txt")
  printf '%-6s %-34s %6.2f s %6.2f M rec/s\n' "$label" "$*" "$secs" "$(echo "$n / $secs / 1000000" | bc -l)"
}
for cmd in "convert $dir/plain.msr.csv $dir/out.sbt" "convert $dir/plain.tracefs $dir/out.sbt" "inspect $dir/plain.sbt"; do
  for run in 1 2 3; do
    # shellcheck disable=SC2086
    rate before "$before" $cmd
    # shellcheck disable=SC2086
    rate after "$after" $cmd
  done
done
echo "load after: $(uptime)"
