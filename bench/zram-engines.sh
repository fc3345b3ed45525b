#!/usr/bin/env bash
# io_uring against libaio on a zram device (a bio-based device without nowait support, where io_uring
# hands every IO to an io-wq worker). Makes a zram device of 256 MiB (hot_add; hot_remove at the end),
# fills it, then replays in turn, ROUNDS times, alternating the engines: 4 KiB random reads and
# 128 KiB writes (gen-randread.py), --mode fixed-qd at depth 1 and 32. Per run: the IOPS of the result
# JSON (over busy time), and the process's CPU (user + system, from /usr/bin/time, io-wq workers
# included: they are the process's threads) less that of the same command replaying a 1,000-IO trace
# (the JVM's start and the open), per IO. `uptime` before each round. Needs root and the zram module.
# Usage: bench/zram-engines.sh [ROUNDS] [READS] [WRITES]   (defaults 3, 300000, 20000)
# SBENCH_JAR names sbench's jar (default replayer-cli/target/sbench.jar).
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
rounds="${1:-3}" reads="${2:-300000}" writes="${3:-20000}"
whole ROUNDS "$rounds"; whole READS "$reads"; whole WRITES "$writes"
[ "$(id -u)" = 0 ] || { echo "needs root: it makes a zram device" >&2; exit 1; }
[ -w /sys/class/zram-control/hot_add ] || { echo "needs the zram module (/sys/class/zram-control)" >&2; exit 1; }
jar="${SBENCH_JAR:-replayer-cli/target/sbench.jar}"
[ -f "$jar" ] || { echo "no jar $jar: build it or name one with SBENCH_JAR" >&2; exit 1; }
out=bench/out/zram-engines
mkdir -p "$out"
span=$((200 * 1000 * 1000))
python3 bench/gen-randread.py "$reads" "$span" > "$out/read-4k.csv"
python3 bench/gen-randread.py 1000 "$span" > "$out/read-4k-base.csv"
python3 bench/gen-randread.py "$writes" "$span" 131072 --write > "$out/write-128k.csv"
python3 bench/gen-randread.py 1000 "$span" 131072 --write > "$out/write-128k-base.csv"
id=$(cat /sys/class/zram-control/hot_add)
trap 'echo "$id" > /sys/class/zram-control/hot_remove' EXIT
dev=/dev/zram$id
echo 256M > "/sys/block/zram$id/disksize"
dd if=/dev/urandom of="$dev" bs=1M count=256 oflag=direct status=none
machine "$(java -version 2>&1 | head -1)"
echo "device: $dev (zram, 256 MiB, filled with random data), fixed-qd, $rounds rounds"
# cpu TRACE ENGINE QD: the process's CPU seconds of one replay; its result in $out/r.json.
cpu() {
  /usr/bin/time -f '%U %S' -o "$out/time" java -jar "$jar" replay "$1" --target "$dev" --allow-write --mode fixed-qd --qd "$3" \
    --engine "$2" --json > "$out/r.json" 2>/dev/null
  awk '{ print $1 + $2 }' "$out/time"
}
for round in $(seq 1 "$rounds"); do
  echo "round $round: $(uptime)"
  for w in read-4k write-128k; do
    for qd in 1 32; do
      for engine in io_uring libaio; do
        base=$(cpu "$out/$w-base.csv" "$engine" "$qd")
        total=$(cpu "$out/$w.csv" "$engine" "$qd")
        python3 - "$out/r.json" "$base" "$total" "$w" "$qd" "$engine" <<'EOF'
import json, sys
s = json.load(open(sys.argv[1]))["summary"]
base, total = float(sys.argv[2]), float(sys.argv[3])
print("%-10s qd %2s %-8s IOPS %8.0f  CPU/IO %6.2f us  (process %.2f s, of which start %.2f s; errors %d)"
      % (sys.argv[4], sys.argv[5], sys.argv[6], s["iops"], (total - base) * 1e6 / (s["ios"] - 1000), total, base, s["errors"]))
EOF
      done
    done
  done
done
