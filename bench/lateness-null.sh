#!/usr/bin/env bash
# Issue 17: the harness's own lateness in timed mode on the null target (no device work), without
# real-time priority. Replays a generated trace (bench/gen-timed.py: Poisson arrivals at RATE IOs/s
# for SECONDS) with `replay --target null --mode timed`, alternating the VARIANTs ROUNDS times, and
# prints each run's lateness p50/p99/max (the result's fidelity.latenessUs) with the 1-minute load
# average before it and the CPU steal during it, then the medians per variant.
# A VARIANT is LABEL=JAR[,JVM_OPTION...] (e.g. main=/tmp/main.jar new=replayer-cli/target/sbench.jar
# 'c1=replayer-cli/target/sbench.jar,-XX:TieredStopAtLevel=1'); the default is
# sbench=replayer-cli/target/sbench.jar (build it first: mvn -B -ntp -q -DskipTests package).
# --progress WHEN is passed to replay (auto: a line every 10 s into the log; always: the line a
# terminal shows, rewritten 4 times a second). --perf: one more run of the first variant under
# `perf sched record -a`, then bench/sched-waits.py: how often and how long the replay thread
# waited runnable for a CPU during the replay, and what ran meanwhile.
# Usage: bench/lateness-null.sh [--rounds N] [--rate IOPS] [--seconds S] [--progress WHEN] [--perf] [VARIANT...]
# Writes bench/out/lateness-null*.
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
rounds=5 rate=2000 seconds=10 progress=auto perf=
variants=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --rate) rate="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --progress) progress="$2"; shift 2 ;;
    --perf) perf=1; shift ;;
    -*) echo "usage: bench/lateness-null.sh [--rounds N] [--rate IOPS] [--seconds S] [--progress WHEN] [--perf] [LABEL=JAR[,JVM_OPTION...]]..." >&2; exit 2 ;;
    *) variants+=("$1"); shift ;;
  esac
done
[ ${#variants[@]} -gt 0 ] || variants=(sbench=replayer-cli/target/sbench.jar)
out=bench/out
mkdir -p "$out"
label_of() { echo "${1%%=*}"; }
jar_of() { local v="${1#*=}"; echo "${v%%,*}"; }
opts_of() { local v="${1#*=}"; [[ "$v" == *,* ]] && echo "${v#*,}" | tr ',' ' ' || true; }
for v in "${variants[@]}"; do
  [ -f "$(jar_of "$v")" ] || { echo "no jar $(jar_of "$v") for variant $(label_of "$v")" >&2; exit 1; }
done
first_jar=$(jar_of "${variants[0]}")
ios=$((rate * seconds))
trace="$out/lateness-null-$rate-$seconds.sbt"
if [ ! -f "$trace" ]; then
  python3 bench/gen-timed.py "$ios" "$rate" > "$out/lateness-null.csv"
  java -jar "$first_jar" convert "$out/lateness-null.csv" "$trace" >/dev/null
  rm -f "$out/lateness-null.csv"
fi
steal() { awk '/^cpu /{print $9}' /proc/stat; }
runs="$out/lateness-null-runs.txt"
: > "$runs"
for i in $(seq "$rounds"); do
  for v in "${variants[@]}"; do
    label=$(label_of "$v")
    load=$(cut -d' ' -f1 /proc/loadavg)
    s0=$(steal) t0=$(date +%s%N)
    # shellcheck disable=SC2046
    java $(opts_of "$v") -jar "$(jar_of "$v")" replay "$trace" --target null --mode timed --progress "$progress" \
      --out "$out/lateness-null-$label.json" > "$out/lateness-null-$label.out" 2>&1
    s1=$(steal) t1=$(date +%s%N)
    python3 - "$out/lateness-null-$label.json" "$label" "$load" "$s0" "$s1" "$t0" "$t1" >> "$runs" <<'EOF'
import json, os, sys
r = json.load(open(sys.argv[1])); l = r["fidelity"]["latenessUs"]
hz = os.sysconf("SC_CLK_TCK"); cpus = os.cpu_count()
steal = (int(sys.argv[5]) - int(sys.argv[4])) / hz / ((int(sys.argv[7]) - int(sys.argv[6])) / 1e9 * cpus)
print("%s %s %.1f %.1f %.1f %.1f" % (sys.argv[2], sys.argv[3], 100 * steal, l["p50"], l["p99"], l["max"]))
EOF
    tail -1 "$runs" >&2
  done
done
{
machine "$(java -version 2>&1 | head -1)"
echo "date: $(date -u +%FT%TZ); trace $trace: $ios IOs, Poisson arrivals at $rate IOs/s over $seconds s (bench/gen-timed.py)"
echo "command: java [JVM options] -jar JAR replay $trace --target null --mode timed --progress $progress --out R.json"
for v in "${variants[@]}"; do echo "    $(label_of "$v"): $(jar_of "$v") $(opts_of "$v")"; done
echo
echo "per run, in the order run: variant load_1min steal_% lateness_p50_us p99_us max_us"
sed 's/^/    /' "$runs"
echo
echo "| variant | runs | load (1 min), median | lateness p50 µs | p99 µs, median (min–max) | max µs, median |"
echo "|---|---|---|---|---|---|"
python3 - "$runs" "${variants[@]}" <<'EOF'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
for v in sys.argv[2:]:
    label = v.split("=", 1)[0]
    mine = [r for r in rows if r[0] == label]
    col = lambda i: [float(r[i]) for r in mine]
    med = statistics.median
    print("| %s | %d | %.1f | %.1f | %.0f (%.0f–%.0f) | %.0f |" % (label, len(mine), med(col(1)), med(col(3)), med(col(4)),
                                                            min(col(4)), max(col(4)), med(col(5))))
EOF
} | tee "$out/lateness-null.md"
if [ -n "$perf" ]; then
  command -v perf >/dev/null || { echo "--perf needs perf (apt-get install linux-perf)" >&2; exit 1; }
  v="${variants[0]}"
  # shellcheck disable=SC2046
  java $(opts_of "$v") -jar "$(jar_of "$v")" replay "$trace" --target null --mode timed --progress "$progress" \
    --out "$out/lateness-null-perf.json" > "$out/lateness-null-perf.out" 2>&1 &
  jvm=$!
  perf sched record -k CLOCK_MONOTONIC -a -o "$out/lateness-null.perf" -- sleep $((seconds + 6)) >/dev/null 2>&1
  wait "$jvm"
  # The replay's span on CLOCK_MONOTONIC (perf's clock here), from the result's start and wall time.
  span=$(python3 -c '
import datetime, json, sys, time
r = json.load(open(sys.argv[1]))
whole, _, fraction = r["startedAt"].rstrip("Z").partition(".")
start = datetime.datetime.fromisoformat(whole + "+00:00").timestamp() + float("0." + (fraction or "0"))
start -= time.time() - time.monotonic()
print(start, start + r["summary"]["wallNs"] / 1e9 + 0.5)' "$out/lateness-null-perf.json")
  perf script -i "$out/lateness-null.perf" -F comm,pid,tid,cpu,time,event,trace 2>/dev/null \
    | grep -E 'sched:sched_(switch|waking):' > "$out/lateness-null-sched.txt"
  rm -f "$out/lateness-null.perf"
  {
  echo
  echo "perf sched record -a during one run of $(label_of "$v") ($(grep -o 'lateness p50.*' "$out/lateness-null-perf.out")):"
  python3 bench/sched-waits.py "$out/lateness-null-sched.txt" "$jvm" 100 $span | sed 's/^/    /'
  } | tee -a "$out/lateness-null.md"
fi
