#!/usr/bin/env bash
# sbench replay (fixed-qd) against fio on the same loop device backed by /dev/shm, alternating the
# two several times; plus sbench's null target against fio's null engine. Needs root (losetup).
# Usage: bench/replay-vs-fio.sh [ROUNDS]   Writes bench/out/replay-vs-fio.md.
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
rounds="${1:-3}"
whole ROUNDS "$rounds"
out=bench/out
mkdir -p "$out"
needs_root "creates a loop device"
installed fio
./sbench --version >/dev/null
span=$((1024 * 1024 * 1024))
img=/dev/shm/sbench-bench.img
. bench/shm-loop.sh
shm_loop "$img" 1024
# Trace lengths chosen so that each sbench run lasts several seconds on this machine.
make_trace() { # name records size [--seq]
  [ -f "$out/$1.sbt" ] || { python3 bench/gen-randread.py "$2" "$span" "$3" ${4:-} > "$out/$1.csv"; ./sbench convert "$out/$1.csv" "$out/$1.sbt" >/dev/null; rm "$out/$1.csv"; }
}
make_trace randread-4k-200k 200000 4096
make_trace randread-4k-2m 2000000 4096
make_trace seqread-128k 300000 131072 --seq
make_trace null-4k 10000000 4096

sbench_iops() { # trace qd engine target
  ./sbench replay "$1" --target "$4" --mode fixed-qd --qd "$2" --engine "$3" --read-only --out "$out/r.json" >/dev/null
  python3 -c "import json;r=json.load(open('$out/r.json'));s=r['summary'];print('%.0f %.1f %.1f' % (s['ios']*1e9/s['wallNs'], s['latency']['all']['meanUs'], s['latency']['all']['p99Us']))"
}
fio_iops() { # bs rw qd engine [extra]
  fio --name=b --filename="$dev" --rw="$2" --bs="$1" --iodepth="$3" --ioengine="$4" --direct=1 --size=1g \
      --runtime=8 --time_based --output-format=json --output="$out/f.json" ${5:-} >/dev/null
  python3 -c "import json;j=json.load(open('$out/f.json'))['jobs'][0]['read'];print('%.0f %.1f %.1f' % (j['iops'], j['clat_ns']['mean']/1e3, j['clat_ns']['percentile']['99.000000']/1e3))"
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)] " (" a[1] "-" a[NR] ")"}'; }

{
machine "$(java -version 2>&1 | head -1)" "$(fio --version)"
echo "device: $dev, loop over $img (1 GiB on tmpfs, direct-io off), $rounds rounds alternating"
echo
echo "| case | sbench io_uring IOPS | sbench libaio IOPS | fio io_uring IOPS | fio libaio IOPS | best sbench / best fio | fio io_uring --fixedbufs --registerfiles | best sbench / that |"
echo "|---|---|---|---|---|---|---|---|"
for c in "randread-4k-200k 1 4k randread" "randread-4k-2m 32 4k randread" "seqread-128k 8 128k read"; do
  set -- $c
  : > "$out/s_io.txt"; : > "$out/s_aio.txt"; : > "$out/f_io.txt"; : > "$out/f_aio.txt"; : > "$out/f_fix.txt"
  for i in $(seq "$rounds"); do
    sbench_iops "$out/$1.sbt" "$2" io_uring "$dev" | cut -d' ' -f1 >> "$out/s_io.txt"
    fio_iops "$3" "$4" "$2" io_uring | cut -d' ' -f1 >> "$out/f_io.txt"
    sbench_iops "$out/$1.sbt" "$2" libaio "$dev" | cut -d' ' -f1 >> "$out/s_aio.txt"
    fio_iops "$3" "$4" "$2" libaio | cut -d' ' -f1 >> "$out/f_aio.txt"
    fio_iops "$3" "$4" "$2" io_uring "--fixedbufs --registerfiles" | cut -d' ' -f1 >> "$out/f_fix.txt"
  done
  s1=$(median < "$out/s_io.txt"); s2=$(median < "$out/s_aio.txt"); f1=$(median < "$out/f_io.txt"); f2=$(median < "$out/f_aio.txt")
  f3=$(median < "$out/f_fix.txt")
  ratio=$(python3 -c "print('%.2f' % (max(${s1%% *}, ${s2%% *}) / max(${f1%% *}, ${f2%% *})))")
  ratio3=$(python3 -c "print('%.2f' % (max(${s1%% *}, ${s2%% *}) / ${f3%% *}))")
  echo "| $1 QD $2 | $s1 | $s2 | $f1 | $f2 | $ratio | $f3 | $ratio3 |"
done
: > "$out/s_null.txt"; : > "$out/f_null.txt"
for i in $(seq "$rounds"); do
  sbench_iops "$out/null-4k.sbt" 32 auto null | cut -d' ' -f1 >> "$out/s_null.txt"
  fio --name=n --ioengine=null --rw=randread --bs=4k --iodepth=32 --size=1g --runtime=8 --time_based \
      --output-format=json --output="$out/f.json" >/dev/null
  python3 -c "import json;print('%.0f' % json.load(open('$out/f.json'))['jobs'][0]['read']['iops'])" >> "$out/f_null.txt"
done
echo
echo "| case | sbench null target IOPS | fio null engine IOPS |"
echo "|---|---|---|"
echo "| 4 KiB QD 32, 10 M IOs | $(median < "$out/s_null.txt") | $(median < "$out/f_null.txt") |"
} | tee "$out/replay-vs-fio.md"
