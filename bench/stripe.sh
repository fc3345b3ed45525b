#!/usr/bin/env bash
# Issue 15: a stripe of two loop devices against one device of the same capacity, both over files
# in /dev/shm: 4 KiB random reads at QD 32, 1 MiB sequential writes at QD 1 and QD 8, and the same
# bytes as 64 KiB sequential writes at QD 16 (the member IOs a 64K stripe makes of 1 MiB, as trace
# IOs), rounds alternating single and striped; medians and ranges, the 1-minute load at each run,
# the CPU the whole machine was busy during each run (from /proc/stat) and the CPU time of the
# sbench process itself (user + sys, JVM start included). Needs root (losetup) and the jar
# (mvn -B -ntp -q -DskipTests package). Usage: bench/stripe.sh [ROUNDS] [CHUNK]
# Before each round it waits (up to WAIT_S seconds, default 600) for the 1-minute load to fall
# below MAX_LOAD (default 2): the machine is shared. REAP=wait replays with --reap wait (default
# poll). CASES=REGEX runs only the cases whose label matches (e.g. CASES=randread). Writes
# bench/out/stripe.md (and the JSON results in bench/out/stripe-*.json).
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
rounds="${1:-5}"
whole ROUNDS "$rounds"
chunk="${2:-64K}"
out=bench/out
mkdir -p "$out"
needs_root "creates loop devices"
jar=replayer-cli/target/sbench.jar
[ -f "$jar" ] || { echo "build the jar first: mvn -B -ntp -q -DskipTests package" >&2; exit 1; }
sb() { java ${SBENCH_JAVA_OPTS:-} -jar "$jar" "$@"; }
member=$((512 * 1024 * 1024))
span=$((2 * member))
imgs=(/dev/shm/sbench-stripe-a.img /dev/shm/sbench-stripe-b.img /dev/shm/sbench-stripe-one.img)
devs=()
cleanup() {
  for d in "${devs[@]}"; do losetup -d "$d" 2>/dev/null || true; done
  rm -f "${imgs[@]}"
}
trap cleanup EXIT
# Allocated (zeros written), so that reads copy pages rather than answer holes.
dd if=/dev/zero of="${imgs[0]}" bs=1M count=$((member >> 20)) status=none
dd if=/dev/zero of="${imgs[1]}" bs=1M count=$((member >> 20)) status=none
dd if=/dev/zero of="${imgs[2]}" bs=1M count=$((span >> 20)) status=none
for img in "${imgs[@]}"; do devs+=("$(losetup --find --show --direct-io=off "$img")"); done
stripe="stripe:$chunk:${devs[0]},${devs[1]}"
single="${devs[2]}"
make_trace() { # name records size [--seq] [--write]
  [ -f "$out/$1.sbt" ] || { python3 bench/gen-randread.py "$2" "$span" "$3" "${@:4}" > "$out/$1.csv"
    sb convert "$out/$1.csv" "$out/$1.sbt" >/dev/null; rm "$out/$1.csv"; }
}
make_trace stripe-randread-4k 1000000 4096
make_trace stripe-seqwrite-1m 8192 1048576 --seq --write
make_trace stripe-seqwrite-64k 131072 65536 --seq --write

cpu_busy() { awk '/^cpu /{print $2+$3+$4+$7+$8+$9, $2+$3+$4+$5+$6+$7+$8+$9}' /proc/stat; }
# One run: prints "IOPS MB/s cpu% load1 member0-MB/s member0-busy% member1-MB/s member1-busy% sbench-cpu-s".
run() { # name trace target qd extra...
  local name="$1" trace="$2" target="$3" qd="$4"; shift 4
  local load; load=$(cut -d' ' -f1 /proc/loadavg)
  read -r b0 t0 < <(cpu_busy)
  /usr/bin/time -f "%U %S" -o "$out/$name.time" java ${SBENCH_JAVA_OPTS:-} -jar "$jar" replay "$trace" --target "$target" \
    --mode fixed-qd --qd "$qd" --reap "${REAP:-poll}" "$@" --out "$out/$name.json" >/dev/null
  read -r b1 t1 < <(cpu_busy)
  python3 - "$out/$name.json" "$(( (b1 - b0) * 100 / (t1 - t0) ))" "$load" "$out/$name.time" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1])); s = r["summary"]
members = (r.get("stripe") or {}).get("members", [])
m = ["%.1f %.0f" % (x["mbps"], 100.0 * x["busyNs"] / s["wallNs"]) for x in members] or ["- -", "- -"]
cpu = sum(float(x) for x in open(sys.argv[4]).read().split()[-2:])
print("%.0f %.1f %s %s %s %.2f" % (s["iops"], s["mbps"], sys.argv[2], sys.argv[3], " ".join(m), cpu))
EOF
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)] " (" a[1] "-" a[NR] ")"}'; }
col() { awk -v c="$1" '{print $c}' "$2"; }

cases=("randread QD 32|stripe-randread-4k|32|--read-only" "seqwrite 1M QD 1|stripe-seqwrite-1m|1|--allow-write"
       "seqwrite 1M QD 8|stripe-seqwrite-1m|8|--allow-write" "seqwrite 64K QD 16|stripe-seqwrite-64k|16|--allow-write")
selected=()
for c in "${cases[@]}"; do [[ "${c%%|*}" =~ ${CASES:-.} ]] && selected+=("$c"); done
cases=("${selected[@]}")
wait_load() {
  local waited=0
  while awk -v max="${MAX_LOAD:-2}" '{exit !($1 >= max)}' /proc/loadavg && [ "$waited" -lt "${WAIT_S:-600}" ]; do
    sleep 10; waited=$((waited + 10))
  done
}
for i in $(seq "$rounds"); do
  wait_load
  for c in "${cases[@]}"; do
    IFS='|' read -r label t qd flags <<< "$c"
    key="$t-q$qd"
    [ "$i" = 1 ] && : > "$out/$key-one.txt" && : > "$out/$key-two.txt"
    run "$key-one" "$out/$t.sbt" "$single" "$qd" $flags >> "$out/$key-one.txt"
    run "$key-two" "$out/$t.sbt" "$stripe" "$qd" $flags >> "$out/$key-two.txt"
  done
done
{
machine "$(java -version 2>&1 | head -1)"
echo "single: $single, loop over ${imgs[2]} ($((span >> 20)) MiB); stripe: $stripe, loops over ${imgs[0]} and ${imgs[1]} ($((member >> 20)) MiB each); all on tmpfs, direct-io off"
echo "$rounds rounds, single and striped alternating, --reap ${REAP:-poll}; medians (min-max); cpu = the whole machine's busy share during the run; sbench CPU = user + sys of the sbench process; load = 1-minute load average at its start"
echo
echo "| case | target | IOPS | MB/s | cpu % | sbench CPU s | load | member 0 MB/s | member 1 MB/s | member 0 busy % of wall | member 1 busy % of wall |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for c in "${cases[@]}"; do
  IFS='|' read -r label t qd flags <<< "$c"
  key="$t-q$qd"
  for which in one two; do
    f="$out/$key-$which.txt"
    name=$([ "$which" = one ] && echo "1 x $((span >> 20)) MiB" || echo "2 x $((member >> 20)) MiB striped, $chunk")
    if [ "$which" = one ]; then m="- | - | - | -"; else
      m="$(col 5 "$f" | median) | $(col 7 "$f" | median) | $(col 6 "$f" | median) | $(col 8 "$f" | median)"; fi
    echo "| $label | $name | $(col 1 "$f" | median) | $(col 2 "$f" | median) | $(col 3 "$f" | median) | $(col 9 "$f" | median) | $(col 4 "$f" | median) | $m |"
  done
done
} | tee "$out/stripe.md"
