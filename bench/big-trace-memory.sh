#!/usr/bin/env bash
# Issue 7, case 5: memory on a big trace. Generates 4 KiB random-read traces of 1 M and N (default
# 10 M) IOs (bench/gen-randread.py, converted to .sbt), then replays each on the null target in
# fixed-qd mode at QD 32 and inspects it, with a 256 MiB heap, under /usr/bin/time for peak RSS.
# Bounded memory: the live heap (after GC) should not grow with trace length, and the 10 M runs
# are repeated with a 32 MiB heap.
# Usage: bench/big-trace-memory.sh [N]   Writes bench/out/big-trace-memory.md.
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
needs bc
n="${1:-10000000}"
whole N "$n"
out=bench/out
mkdir -p "$out"
./sbench --version >/dev/null
span=$((64 * 1024 * 1024 * 1024))
for k in 1000000 "$n"; do
  [ -f "$out/big-$k.sbt" ] || { python3 bench/gen-randread.py "$k" "$span" 4096 > "$out/big-$k.csv"
                                ./sbench convert "$out/big-$k.csv" "$out/big-$k.sbt" >/dev/null; rm "$out/big-$k.csv"; }
done
export SBENCH_JAVA_OPTS="-Xmx256m -Xlog:gc:file=$out/big-gc.log"
run() { # label, command...: wall s, peak RSS MiB, heap after the last full/young GC peak
  local label="$1"; shift
  rm -f "$out/big-gc.log"
  /usr/bin/time -f "%e %M" -o "$out/time.txt" "$@" > "$out/cmd.txt"
  read -r secs rss < "$out/time.txt"
  # largest heap occupancy after a GC, from lines like "GC(3) Pause Young ... 60M->12M(256M)"
  heap=$(grep -oE '[0-9]+M->[0-9]+M' "$out/big-gc.log" | sed 's/.*->//; s/M//' | sort -n | tail -1)
  gcs=$(grep -c 'Pause' "$out/big-gc.log" || true)
  printf '| %s | %.2f | %.0f | %s | %s |\n' "$label" "$secs" "$(echo "$rss / 1024" | bc -l)" "${heap:-0}" "$gcs"
}
{
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(free -g | awk '/Mem:/{print $2}') GiB, kernel $(uname -r), $(java -version 2>&1 | head -1); date $(date -u +%FT%TZ)"
echo "SBENCH_JAVA_OPTS=$SBENCH_JAVA_OPTS; traces: $(ls -l "$out/big-1000000.sbt" | awk '{print $5}') and $(ls -l "$out/big-$n.sbt" | awk '{print $5}') bytes"
echo
echo "| command | wall s | peak RSS MiB | max heap after GC MiB | GC pauses |"
echo "|---|---|---|---|---|"
for k in 1000000 "$n"; do
  run "replay big-$k.sbt --target null --mode fixed-qd --qd 32" ./sbench replay "$out/big-$k.sbt" --target null --mode fixed-qd --qd 32 --out "$out/big-$k.json"
  run "inspect big-$k.sbt" ./sbench inspect "$out/big-$k.sbt"
done
export SBENCH_JAVA_OPTS="-Xmx32m -Xlog:gc:file=$out/big-gc.log"
run "same, -Xmx32m: replay big-$n.sbt --target null --mode fixed-qd --qd 32" ./sbench replay "$out/big-$n.sbt" --target null --mode fixed-qd --qd 32 --out "$out/big-$n-32m.json"
run "same, -Xmx32m: inspect big-$n.sbt" ./sbench inspect "$out/big-$n.sbt"
python3 -c "import json;r=json.load(open('$out/big-$n.json'));s=r['summary'];print();print('replay of %d IOs: %d issued, %.2f M IOPS (IOs / wall)' % ($n, r['fidelity']['issued'], s['ios']/s['wallNs']*1e3))"
} | tee "$out/big-trace-memory.md"
