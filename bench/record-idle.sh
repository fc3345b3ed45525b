#!/usr/bin/env bash
# What an idle recording costs: sbench record of a loop device that sees no IO, 5 s to start up, then 10 s
# measured: CPU (utime+stime of /proc/PID/task/TID/stat) and wake-ups (voluntary context switches of
# /proc/PID/task/TID/status) of its reading thread sbench-record, and the CPU of the whole JVM.
# Prints one line per round and jar, then each thread's share: its run time (first field of
# /proc/PID/task/TID/schedstat, ns) and wake-ups in the same 10 s, by thread name (comm), threads with neither left
# out. Needs root. Usage: bench/record-idle.sh [ROUNDS [JAR...]]
#   (default 3 rounds, the built jar; several jars alternate round by round)
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
. bench/record-loop.sh
needs_root "loop device, tracefs"
# cpu FILE: utime+stime in clock ticks of a /proc stat file (fields 14 and 15; the names here have no spaces).
cpu() { awk '{print $14 + $15}' "$1"; }
wakeups() { awk '/^voluntary_ctxt_switches/ {print $2}' "$1/status"; }
# threads PID: a line a thread: its id, run time ns, wake-ups and name (its name last: it may have spaces).
threads() {
  local t
  for t in /proc/"$1"/task/*; do
    echo "${t##*/} $(cut -d' ' -f1 "$t/schedstat") $(wakeups "$t") $(cat "$t/comm")"
  done 2> /dev/null
}
rounds=${1:-3}
whole ROUNDS "$rounds"
shift $(( $# < 1 ? $# : 1 ))
jars=("${@:-replayer-cli/target/sbench.jar}")
record_loop record-idle 64M
echo "machine: $(nproc) cores, kernel $(uname -r), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| round | jar | reading thread CPU ms / 10 s | its wake-ups / 10 s | JVM CPU ms / 10 s |"
echo "|---|---|---|---|---|"
# measure ROUND JAR: the table's line of the recorder record_rounds started.
measure() {
  sleep 5
  task=$(dirname "$(grep -l '^sbench-record$' /proc/"$rec"/task/*/comm)")
  t0=$(cpu "$task/stat") w0=$(wakeups "$task") j0=$(cpu "/proc/$rec/stat")
  threads "$rec" > "$name.threads0"
  sleep 10
  t1=$(cpu "$task/stat") w1=$(wakeups "$task") j1=$(cpu "/proc/$rec/stat")
  threads "$rec" > "$name.threads1"
  record_stop
  echo "| $1 | $(basename "$2") | $(( (t1 - t0) * 1000 / tick )) | $((w1 - w0)) | $(( (j1 - j0) * 1000 / tick )) |"
  # A thread's share, summed by name (the JIT's and GC's threads are several of one name each).
  awk -v round="$1" -v jar="$(basename "$2")" '
    NR == FNR { ns[$1] = $2; w[$1] = $3; next }
    ($1 in ns) { n = $4; for (i = 5; i <= NF; i++) n = n " " $i; cpu[n] += $2 - ns[$1]; up[n] += $3 - w[$1] }
    END { for (n in cpu) if (cpu[n] > 0 || up[n] > 0) printf "| %s | %s | %s | %.1f | %d |\n", round, jar, n, cpu[n] / 1e6, up[n] }
  ' "$name.threads0" "$name.threads1" | sort -t'|' -k5,5 -g -r >> "$out/threads.md"
}
: > "$out/threads.md"
record_rounds "$rounds" measure "${jars[@]}"
echo
echo "| round | jar | thread | CPU ms / 10 s | wake-ups / 10 s |"
echo "|---|---|---|---|---|"
cat "$out/threads.md"
