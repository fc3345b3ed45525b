#!/usr/bin/env bash
# Issue 17: where the replay thread's CPU goes with each IO engine. Replays a 4 KiB random-read
# trace at a fixed depth on a loop device over /dev/shm with --engine io_uring and --engine libaio
# in turn, under `perf record` (cpu-clock), and prints per engine the IOPS sbench reports and the
# replay thread's samples: the share in the kernel, its top kernel functions, and the share of the
# inode access-time check (which sbench's O_NOATIME open skips). Needs root and perf.
# Usage: bench/engine-profile.sh [QD] [SECONDS] [ROUNDS]   (defaults 32, 8, 2)
# SBENCH_JAR names sbench's jar (default replayer-cli/target/sbench.jar).
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
qd="${1:-32}" seconds="${2:-8}" rounds="${3:-2}"
whole QD "$qd"; whole SECONDS "$seconds"; whole ROUNDS "$rounds"
needs_root "creates a loop device"
command -v perf >/dev/null || { echo "needs perf (apt-get install linux-perf)" >&2; exit 1; }
jar="${SBENCH_JAR:-replayer-cli/target/sbench.jar}"
[ -f "$jar" ] || { echo "no jar $jar: build it (mvn -B -ntp -q -DskipTests package) or name one with SBENCH_JAR" >&2; exit 1; }
out=bench/out/engine-profile
mkdir -p "$out"
records=$((400000 * (seconds + 2)))
trace="$out/randread-4k-$records.sbt"
bench/randread-sbt.sh "$jar" "$records" "$trace"
. bench/shm-loop.sh
shm_loop /dev/shm/sbench-engine-profile.img 1024
echo "machine: $(nproc) cores, kernel $(uname -r), $(java -version 2>&1 | head -1), sbench $(java -jar "$jar" --version)"
echo "device: $dev (loop over tmpfs), 4 KiB random reads, fixed QD $qd, about $seconds s per run, $rounds rounds"
for round in $(seq 1 "$rounds"); do
  for engine in io_uring libaio; do
    # The replay is stopped by timeout (status 130): its result, not its status, says it ran; none from a run before.
    rm -f "$out/$engine.json"
    perf record -q -e cpu-clock -F 4999 -o "$out/$engine.perf" -- \
      timeout -s INT "$((seconds + 2))" java -jar "$jar" replay "$trace" --target "$dev" --mode fixed-qd --qd "$qd" \
      --engine "$engine" --read-only --progress none --out "$out/$engine.json" >/dev/null 2>&1 || true
    iops=$(python3 -c "import json,sys; r=json.load(open('$out/$engine.json')); print(round(r['summary']['iops'] if 'summary' in r else r['iops']))" 2>/dev/null || echo '?')
    # The replay thread is the one with the most samples; its kernel share and top kernel functions.
    # (perf's "pid" key is the thread id.)
    perf report -q -i "$out/$engine.perf" --sort pid,comm --stdio 2>/dev/null | awk 'NF {print; exit}' > "$out/top-thread.txt" || true  # awk stops perf early (SIGPIPE)
    tid=$(awk '{print $2}' "$out/top-thread.txt" | cut -d: -f1)
    perf report -q -i "$out/$engine.perf" --tid "$tid" --sort sym --stdio 2>/dev/null | grep '%' > "$out/$engine-symbols.txt" || true
    total=$(awk '{s += $1} END {printf "%.1f", s}' "$out/$engine-symbols.txt")
    kernel=$(awk '$2 == "[k]" {s += $1} END {printf "%.1f", s}' "$out/$engine-symbols.txt")
    share=$(python3 -c "print(round(100 * $kernel / $total, 1) if $total else 0)")
    echo "round $round $engine: $iops IOPS; replay thread $(awk '{print $2}' "$out/top-thread.txt") ($total% of the process's samples): $share% of its own in the kernel; its top kernel functions (% of the process's samples):"
    grep '\[k\]' "$out/$engine-symbols.txt" | head -8 | sed 's/^/    /' || true
    echo "    access-time check (atime_needs_update, touch_atime): $(awk '/atime_needs_update|touch_atime/ {s += $1} END {printf "%.2f", s}' "$out/$engine-symbols.txt")%"
  done
done
