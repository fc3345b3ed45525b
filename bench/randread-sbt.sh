#!/usr/bin/env bash
# Writes OUT, an .sbt trace of RECORDS 4 KiB random reads over 1 GiB (bench/gen-randread.py,
# converted by JAR), unless it exists. Used by the engine benchmarks.
# Usage: bench/randread-sbt.sh JAR RECORDS OUT
set -euo pipefail
cd "$(dirname "$0")/.."
jar="$1" records="$2" trace="$3"
if [ ! -f "$trace" ]; then
  python3 bench/gen-randread.py "$records" $((1 << 30)) 4096 > "$trace.csv"
  java -jar "$jar" convert --progress none "$trace.csv" "$trace" >/dev/null
  rm "$trace.csv"
fi
