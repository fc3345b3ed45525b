#!/usr/bin/env bash
# What each Spark split of an uncompressed .sbt pays for the trace's process-name table, two builds side by side:
# `sbench-spark inspect --no-file-stats` (the volumes, read by record ranges; they need no process name) in local[2] of
# three generated traces of RECORDS records (default 20 M) naming (a) 16 names of 16 bytes, (b) 10,000 of 64 bytes,
# (c) 1,000,000 of 64 bytes, with the default split size (128M) and --split-size 16M: wall and CPU seconds, the builds
# alternating; then, of one run each under strace, how many name-table spill files (sbench-names-*) it made and the
# bytes of all its pwrite64 calls (the spills', and some 20 bytes of the JVM's; a call another thread's interrupted
# is two lines, its bytes on the second, `<... pwrite64 resumed>`); then `convert` of (c) to Parquet (which
# writes the names) with the AFTER build. A build is a directory holding its trace-formats.jar and trace-spark.jar
# (copied from target/ after `mvn package`); both run with the launcher's libraries and options, without its class
# data archive. Inputs go to DIR (3 GB). Each inspect takes a minute or two on 2 cores: TRACES (default "a b c") and
# SIZES (default "128M 16M") choose fewer runs.
# Usage: [TRACES=...] [SIZES=...] bench/spark-sbt-names.sh BEFORE_DIR AFTER_DIR DIR [RECORDS]
set -euo pipefail
. "$(dirname "$0")/args.sh"
before="$1" after="$2" dir="$3" n="${4:-20000000}"
whole RECORDS "$n"
needs python3 strace bc /usr/bin/time
bench="$(cd "$(dirname "$0")" && pwd)"
launcher="$bench/../trace-spark/target/launcher"
[ -f "$launcher/classpath" ] || { echo "spark-sbt-names.sh: run ./sbench-spark --version once first (it writes $launcher)" >&2; exit 1; }
mkdir -p "$dir"
[ -f "$dir/a.sbt" ] || python3 "$bench/gen-sbt-names.py" "$n" 16 16 "$dir/a.sbt"
[ -f "$dir/b.sbt" ] || python3 "$bench/gen-sbt-names.py" "$n" 10000 64 "$dir/b.sbt"
[ -f "$dir/c.sbt" ] || python3 "$bench/gen-sbt-names.py" "$n" 1000000 64 "$dir/c.sbt"
java_of() { # build directory: the java command line of sbench-spark with that build, into the array java
  local libraries
  libraries="$(sed 's|[^:]*/trace-formats/target/[^:]*:||' "$launcher/classpath")"
  # shellcheck disable=SC2207
  java=(java $(cat "$launcher/java-options") -Dlog4j2.configurationFile="$launcher/log4j2.properties"
    -cp "$1/trace-spark.jar:$1/trace-formats.jar:$libraries" org.sbench.spark.cli.SbenchSparkCommand)
}
label() { [ "$1" = "$before" ] && echo before || echo after; }
machine "$(java -version 2>&1 | head -1)"
echo "load before: $(uptime)"
traces="${TRACES:-a b c}" sizes="${SIZES:-128M 16M}"
for t in $traces; do
  for size in $sizes; do
    for build in "$before" "$after"; do
      java_of "$build"
      /usr/bin/time -f "%e %U %S" -o "$dir/time.txt" "${java[@]}" inspect "$dir/$t.sbt" --no-file-stats --split-size "$size" --master 'local[2]' >/dev/null
      read -r secs user sys < "$dir/time.txt"
      printf '%-6s inspect %s split %-4s %6.1f s wall %6.1f s CPU  (load %s)\n' "$(label "$build")" "$t" "$size" "$secs" \
        "$(echo "$user + $sys" | bc -l)" "$(cut -d' ' -f1 /proc/loadavg)"
    done
  done
done
for t in $traces; do
  for build in "$before" "$after"; do
    java_of "$build"
    strace -f --seccomp-bpf -e trace=openat,pwrite64 -o "$dir/strace.txt" "${java[@]}" inspect "$dir/$t.sbt" --no-file-stats \
      --split-size 16M --master 'local[2]' >/dev/null
    printf '%-6s inspect %s split 16M  spill files %d, %d bytes written to them\n' "$(label "$build")" "$t" \
      "$(grep -c 'sbench-names-.*O_CREAT' "$dir/strace.txt" || true)" \
      "$(grep -oE 'pwrite64(\(| resumed>).*= [0-9]+$' "$dir/strace.txt" | awk '{s += $NF} END {printf "%.0f", s}')"
  done
done
java_of "$after"
for size in $sizes; do
  rm -rf "$dir/out.parquet"
  /usr/bin/time -f "%e %U %S" -o "$dir/time.txt" "${java[@]}" convert "$dir/c.sbt" "$dir/out.parquet" --split-size "$size" \
    --master 'local[2]' >/dev/null
  read -r secs user sys < "$dir/time.txt"
  printf 'after  convert c split %-4s %6.1f s wall %6.1f s CPU  (load %s)\n' "$size" "$secs" "$(echo "$user + $sys" | bc -l)" \
    "$(cut -d' ' -f1 /proc/loadavg)"
done
rm -rf "$dir/out.parquet" "$dir/strace.txt" "$dir/time.txt"
echo "load after: $(uptime)"
