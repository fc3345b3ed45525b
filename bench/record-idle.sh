#!/usr/bin/env bash
# What an idle recording costs: sbench record of a loop device that sees no IO, 5 s to start up, then 10 s
# measured: CPU (utime+stime of /proc/PID/task/TID/stat) and wake-ups (voluntary context switches of
# /proc/PID/task/TID/status) of its reading thread sbench-record, and the CPU of the whole JVM.
# Prints one line per round and jar. Needs root. Usage: bench/record-idle.sh [ROUNDS [JAR...]]
#   (default 3 rounds, the built jar; several jars alternate round by round)
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
. bench/record-loop.sh
needs_root "loop device, tracefs"
# cpu FILE: utime+stime in clock ticks of a /proc stat file (fields 14 and 15; the names here have no spaces).
cpu() { awk '{print $14 + $15}' "$1"; }
wakeups() { awk '/^voluntary_ctxt_switches/ {print $2}' "$1/status"; }
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
  sleep 10
  t1=$(cpu "$task/stat") w1=$(wakeups "$task") j1=$(cpu "/proc/$rec/stat")
  record_stop
  echo "| $1 | $(basename "$2") | $(( (t1 - t0) * 1000 / tick )) | $((w1 - w0)) | $(( (j1 - j0) * 1000 / tick )) |"
}
record_rounds "$rounds" measure "${jars[@]}"
