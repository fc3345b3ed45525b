#!/usr/bin/env bash
# Issue 17: sbench's fixed-qd replay against fio's best engine setup over queue depths 1..256 and
# four workloads, on one loop device backed by /dev/shm. Needs root (losetup).
#
# Each point (workload x depth) runs ROUNDS rounds side by side; a round runs every sbench variant
# and every fio engine once, interleaved (sbench, fio, sbench, fio, ...; reversed every other
# round). Every run is measured from outside by bench/measure.py, the same way for both tools:
# IOPS and MB/s from the device's sector counters, CPU time per IO from the user + system time of
# the process (all threads, and children), over the run's steady window: SECONDS of IO after a
# warm-up (sbench: at least WARMUP s from its first IO and until its JIT compiler threads were
# idle for 1 s, at most MAX_WARMUP s; fio: FIO_WARMUP s). Writes bench/out/sweep/raw.jsonl (one
# line per run) and bench/out/sweep/sweep.md (medians and ratios, via bench/sweep-report.py), and,
# with --chart DIR, two SVG charts per sbench variant into DIR/ENGINE-REAP/ (bench/SweepChart.java).
#
# Usage: bench/sweep.sh [--seconds S] [--rounds R] [--warmup W] [--max-warmup W] [--fio-warmup W]
#          [--depths "1 2 ..."]
#          [--workloads "randread-4k randwrite-4k seqread-128k seqwrite-1m"]
#          [--sbench "io_uring/poll ..."] [--fio "libaio io_uring"] [--chart DIR]
#   --seconds  measured IO time of each run (default 1.5); --rounds (default 3);
#   --warmup, --max-warmup  sbench's IO time before it (default 1 to 6); --fio-warmup fio's (0.5)
#   --sbench   sbench variants as ENGINE/REAP (default "io_uring/poll")
#   --fio      fio engines (default "libaio io_uring"; io_uring runs with --fixedbufs
#              --registerfiles, and also --hipri when the device has poll queues)
# SBENCH_JAR names sbench's jar (default replayer-cli/target/sbench.jar: build with
# mvn -B -ntp -q -DskipTests package).
# The default (36 points x 3 rounds x one sbench and two fio runs) takes about 18 minutes here.
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
seconds=1.5 rounds=3 warmup=1 max_warmup=6 fio_warmup=0.5 chart=
depths="1 2 4 8 16 32 64 128 256"
workloads="randread-4k randwrite-4k seqread-128k seqwrite-1m"
sbench_variants="io_uring/poll"
fio_engines="libaio io_uring"
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --warmup) warmup="$2"; shift 2 ;;
    --max-warmup) max_warmup="$2"; shift 2 ;;
    --fio-warmup) fio_warmup="$2"; shift 2 ;;
    --depths) depths="$2"; shift 2 ;;
    --workloads) workloads="$2"; shift 2 ;;
    --sbench) sbench_variants="$2"; shift 2 ;;
    --fio) fio_engines="$2"; shift 2 ;;
    --chart) chart="$2"; shift 2 ;;
    *) sed -n '2,24p' "$0" >&2; exit 2 ;;
  esac
done
for v in seconds warmup max_warmup fio_warmup; do decimal "--${v//_/-}" "${!v}"; done
whole --rounds "$rounds"
for d in $depths; do whole --depths "$d"; done
for w in $workloads; do oneof --workloads "$w" randread-4k randwrite-4k seqread-128k seqwrite-1m; done
for v in $sbench_variants; do oneof "--sbench engine" "${v%/*}" io_uring libaio sync; oneof "--sbench reap" "${v#*/}" poll wait; done
needs_root "creates a loop device"
installed fio
jar="${SBENCH_JAR:-replayer-cli/target/sbench.jar}"
sbench=(java -jar "$jar")
"${sbench[@]}" --version >/dev/null
out=bench/out/sweep
mkdir -p "$out"
span=$((1 << 30))

# Workload words: fio --rw, IO size, sbench trace options.
fio_rw() { case "$1" in randread-*) echo randread ;; randwrite-*) echo randwrite ;; seqread-*) echo read ;; seqwrite-*) echo write ;; esac; }
io_bytes() { case "$1" in *-4k) echo 4096 ;; *-128k) echo 131072 ;; *-1m) echo 1048576 ;; esac; }
# Records enough for the longest run at the fastest rates seen here (400 k IOPS, 8 GB/s); a trace that
# runs out early only shortens the measured window.
trace_for() { # workload -> path (made once)
  local w="$1" bytes records gen_opts=
  bytes=$(io_bytes "$w")
  records=$(python3 -c "print(int(min(400000, 8e9 / $bytes) * ($seconds + $max_warmup)))")
  case "$w" in seq*) gen_opts="$gen_opts --seq" ;; esac
  case "$w" in *write*) gen_opts="$gen_opts --write" ;; esac
  local f="$out/$w-$records.sbt"
  if [ ! -f "$f" ]; then
    python3 bench/gen-randread.py "$records" "$span" "$bytes" $gen_opts > "$out/$w.csv"
    "${sbench[@]}" convert "$out/$w.csv" "$f" >/dev/null
    rm "$out/$w.csv"
  fi
  echo "$f"
}
for w in $workloads; do trace_for "$w" >/dev/null; done

img=/dev/shm/sbench-sweep.img
# sbench sets queue/nomerges=2 for its runs (each IO reaches the device as issued); fio gets the same.
. bench/shm-loop.sh
shm_loop "$img" 1024 nomerges
hipri=
if [ "$(cat "$queue/io_poll" 2>/dev/null || echo 0)" = 1 ]; then hipri=1; fi

raw="$out/raw.jsonl"
: > "$raw"
{
  machine "$(java -version 2>&1 | grep -m1 version)" "$(fio --version)" "$("${sbench[@]}" --version)"
  echo "device: $dev, loop over $img (1 GiB on tmpfs, direct-io off), nr_requests $(cat "$queue/nr_requests"), nomerges 2 for both tools, io_poll $(cat "$queue/io_poll" 2>/dev/null || echo absent)$([ -z "$hipri" ] && echo ' (no poll queues: fio --hipri not run)')"
  echo "runs: ${seconds} s of IO measured after a warm-up (sbench: ${warmup}-${max_warmup} s, until the JIT compilers idle; fio: ${fio_warmup} s), $rounds rounds, sbench [$sbench_variants], fio [$fio_engines]"
  echo "started $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$out/header.txt"
cat "$out/header.txt" >&2

run_sbench() { # workload depth engine reap
  local w="$1" access=--read-only
  case "$w" in *write*) access="--allow-write --data zero" ;; esac
  python3 bench/measure.py "$dev" "$(io_bytes "$w")" "$warmup" --quiet "C1 CompilerThre,C2 CompilerThre" \
    --max-warmup "$max_warmup" --window "$seconds" -- \
    "${sbench[@]}" replay "$(trace_for "$w")" --target "$dev" --mode fixed-qd --qd "$2" --engine "$3" --reap "$4" \
    $access --progress=none --out "$out/replay.json"
}
# fio: uniformly random offsets with replacement like the traces (norandommap), written data
# zeros like sbench's --data zero (fio fills its buffers once; sbench copies per write).
run_fio() { # workload depth engine [extra]
  local w="$1"
  python3 bench/measure.py "$dev" "$(io_bytes "$w")" "$fio_warmup" -- \
    fio --name=sweep --filename="$dev" --rw="$(fio_rw "$w")" --bs="$(io_bytes "$w")" --iodepth="$2" --ioengine="$3" \
    --direct=1 --size=1g --norandommap --zero_buffers --runtime="$(python3 -c "print(round(($fio_warmup + $seconds) * 1000))")ms" --time_based \
    ${4:-} --output-format=json --output="$out/fio.json"
}
variants=()
for v in $sbench_variants; do variants+=("sbench:$v"); done
for e in $fio_engines; do
  variants+=("fio:$e")
  if [ "$e" = io_uring ] && [ -n "$hipri" ]; then variants+=("fio:io_uring-hipri"); fi
done
# Interleave: sbench variants and fio engines alternate within a round.
order=()
s=0 f=0 ns=$(echo $sbench_variants | wc -w)
while [ $((s + f)) -lt ${#variants[@]} ]; do
  if [ $s -lt "$ns" ]; then order+=("${variants[$s]}"); s=$((s + 1)); fi
  if [ $((ns + f)) -lt ${#variants[@]} ]; then order+=("${variants[$((ns + f))]}"); f=$((f + 1)); fi
done

for w in $workloads; do
  for qd in $depths; do
    for r in $(seq "$rounds"); do
      list=("${order[@]}")
      if [ $((r % 2)) = 0 ]; then
        list=(); for ((i=${#order[@]}-1; i>=0; i--)); do list+=("${order[$i]}"); done
      fi
      for v in "${list[@]}"; do
        load=$(cut -d' ' -f1 /proc/loadavg)
        case "$v" in
          sbench:*) spec=${v#sbench:}; result=$(run_sbench "$w" "$qd" "${spec%/*}" "${spec#*/}") ;;
          fio:io_uring) result=$(run_fio "$w" "$qd" io_uring "--fixedbufs --registerfiles") ;;
          fio:io_uring-hipri) result=$(run_fio "$w" "$qd" io_uring "--fixedbufs --registerfiles --hipri") ;;
          fio:*) result=$(run_fio "$w" "$qd" "${v#fio:}") ;;
        esac
        echo "{\"workload\": \"$w\", \"qd\": $qd, \"round\": $r, \"tool\": \"${v%%:*}\", \"variant\": \"${v#*:}\", \"load1\": $load, \"m\": $result}" >> "$raw"
        echo "$w qd $qd round $r $v: $result" >&2
      done
    done
  done
done
echo "ended $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/header.txt"
python3 bench/sweep-report.py "$out/header.txt" "$raw" > "$out/sweep.md"
if [ -n "$chart" ]; then
  # One pair of charts per sbench variant (DIR/ENGINE-REAP/): four series each, one per workload.
  python3 bench/sweep-report.py --chart-data "$raw" > "$out/chart.tsv"
  for v in $sbench_variants; do
    awk -F'\t' -v v="$v" '$3 == v' "$out/chart.tsv" > "$out/chart-${v//\//-}.tsv"
    java -cp "$jar" bench/SweepChart.java "$out/chart-${v//\//-}.tsv" "$chart/${v//\//-}"
  done
fi
cat "$out/sweep.md"
