#!/usr/bin/env bash
# What reading an .sbt whose process-name table spills to the temporary directory costs, two builds
# side by side: `inspect` of 600,000 tracefs IOs converted to .sbt, each naming its own 120-byte process
# (distinct.sbt: names met in index order) or one of 16,000 such names at random (random.sbt: the
# reader's 4,096-String cache misses at random places), 3 runs each, the jars alternating (wall and user
# seconds), then the pread64 calls of one run each (strace -f -c). Inputs are generated into DIR (135 MB;
# a 177 MB text trace at a time while they are made).
# Usage: bench/sbt-spill-read.sh BEFORE.jar AFTER.jar DIR
set -euo pipefail
. "$(dirname "$0")/args.sh"
before="$1" after="$2" dir="$3"
needs python3 strace /usr/bin/time
bench="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$dir"
for kind in distinct random; do
  [ -f "$dir/$kind.sbt" ] && continue
  pick=$([ "$kind" = random ] && echo 16000 || true)
  python3 "$bench/gen-named-tracefs.py" 600000 120 ${pick:+"$pick"} > "$dir/$kind.tracefs"
  java -jar "$after" convert "$dir/$kind.tracefs" "$dir/$kind.sbt" >/dev/null
  rm -f "$dir/$kind.tracefs"
done
machine "$(java -version 2>&1 | head -1)"
echo "load before: $(uptime)"
for kind in distinct random; do
  for run in 1 2 3; do
    for jar in "$before" "$after"; do
      label=$([ "$jar" = "$before" ] && echo before || echo after)
      /usr/bin/time -f "%e %U" -o "$dir/time.txt" java -jar "$jar" inspect "$dir/$kind.sbt" >/dev/null
      printf '%-6s inspect %-12s run %d: %s s wall, user\n' "$label" "$kind.sbt" "$run" "$(cat "$dir/time.txt")"
    done
  done
done
for kind in distinct random; do
  for jar in "$before" "$after"; do
    label=$([ "$jar" = "$before" ] && echo before || echo after)
    strace -f -c -e trace=pread64 -o "$dir/strace.txt" java -jar "$jar" inspect "$dir/$kind.sbt" >/dev/null
    printf '%-6s inspect %-12s pread64 calls: %s\n' "$label" "$kind.sbt" "$(awk '$NF == "pread64" {print $4}' "$dir/strace.txt")"
  done
done
echo "load after: $(uptime)"
