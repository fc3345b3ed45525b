#!/usr/bin/env bash
# sbench fill and torture against fio's sequential and random writes on the same loop device backed
# by /dev/shm, alternating the two several times; and each step's overhead beyond its IO time (the
# step's duration less the wall time of its runs). Needs root (losetup).
# Usage: bench/steps-vs-fio.sh [ROUNDS]   Writes bench/out/steps-vs-fio.md.
# SIZE_MIB: the device's size (default 2048); TORTURE_S: the torture's length in seconds (default 8);
# FIO=0: sbench's steps only (their overhead at longer lengths), no fio runs. DATA=PATTERN: the
# steps' --data (default: theirs, random; zero writes one buffer as fio's default does, no copy per IO).
# SBENCH names the command (default ./sbench; e.g. SBENCH="java -jar replayer-cli/target/sbench.jar").
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
rounds="${1:-5}"
whole ROUNDS "$rounds"
out=bench/out
mkdir -p "$out"
needs_root "creates a loop device"
installed fio
read -r -a sbench <<< "${SBENCH:-./sbench}"
"${sbench[@]}" --version >/dev/null
img=/dev/shm/sbench-steps-bench.img
size_mib=${SIZE_MIB:-2048}
torture_s=${TORTURE_S:-8}
with_fio=${FIO:-1}
data=(${DATA:+--data "$DATA"})
# sbench runs with queue/nomerges=2 (each IO reaches the device as issued); fio gets the same.
. bench/shm-loop.sh
shm_loop "$img" "$size_mib" nomerges

# The step's bundle: MB/s (fill) or IOPS (torture) of each run over its wall time, and the step's
# overhead: its duration less its runs' wall time, as a share of its duration.
step_numbers() { # bundle-dir metric(mbps|iops)
  python3 - "$1" "$2" <<'EOF'
import json, sys
d, metric = sys.argv[1], sys.argv[2]
b = json.load(open(d + "/bundle.json"))
step = b["steps"][0]
walls, rates = 0, []
for run in step["runs"]:
    s = json.load(open(d + "/" + run["file"]))["summary"]
    walls += s["wallNs"]
    rates.append(s["bytesWritten"] / s["wallNs"] * 1e3 if metric == "mbps" else s["writes"] * 1e9 / s["wallNs"])
over = step["durationNs"] - walls
print("%.1f %.2f %.1f" % (sum(rates) / len(rates), 100.0 * over / step["durationNs"], over / 1e6 / len(step["runs"])))
EOF
}
sbench_fill() { # engine
  rm -rf "$out/fill-bundle"
  "${sbench[@]}" fill --target "$dev" --allow-write --passes 2 --bs 128K --qd 32 --engine "$1" "${data[@]}" --out "$out/fill-bundle" >/dev/null
  step_numbers "$out/fill-bundle" mbps
}
sbench_torture() { # engine
  rm -rf "$out/torture-bundle"
  "${sbench[@]}" torture --target "$dev" --allow-write --duration ${torture_s}s --bs 4K --qd 32 --engine "$1" "${data[@]}" --out "$out/torture-bundle" >/dev/null
  step_numbers "$out/torture-bundle" iops
}
# fio: one pass of sequential 128 KiB writes over the device (as a fill pass), MB/s; TORTURE_S of 4 KiB
# random writes, uniformly random with replacement as sbench's (norandommap), IOPS. fio fills its
# buffers once and scrambles a few bytes per write; --refill_buffers gives each write fresh data,
# as sbench's random data does (the like-for-like case).
fio_fill() { # engine [extra]
  fio --name=w --filename="$dev" --rw=write --bs=128k --iodepth=32 --ioengine="$1" --direct=1 --size="${size_mib}m" \
      ${2:-} --output-format=json --output="$out/f.json" >/dev/null
  python3 -c "import json;j=json.load(open('$out/f.json'))['jobs'][0]['write'];print('%.1f' % (j['bw_bytes']/1e6))"
}
fio_torture() { # engine [extra]
  fio --name=r --filename="$dev" --rw=randwrite --bs=4k --iodepth=32 --ioengine="$1" --direct=1 --size="${size_mib}m" \
      --norandommap --randrepeat=0 --runtime=$torture_s --time_based ${2:-} --output-format=json --output="$out/f.json" >/dev/null
  python3 -c "import json;j=json.load(open('$out/f.json'))['jobs'][0]['write'];print('%.0f' % j['iops'])"
}
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)] " (" a[1] "-" a[NR] ")"}'; }

{
machine "$(java -version 2>&1 | head -1)" "$(fio --version)"
echo "device: $dev, loop over $img ($size_mib MiB on tmpfs, direct-io off), $rounds rounds alternating, sbench data ${DATA:-random}; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
for e in io_uring libaio; do : > "$out/sf_$e.txt"; : > "$out/so_fill_$e.txt"; : > "$out/som_fill_$e.txt"; : > "$out/ff_$e.txt"; : > "$out/ffr_$e.txt"
  : > "$out/st_$e.txt"; : > "$out/so_tort_$e.txt"; : > "$out/som_tort_$e.txt"; : > "$out/ft_$e.txt"; : > "$out/ftr_$e.txt"; done
for i in $(seq "$rounds"); do
  for e in io_uring libaio; do
    read -r rate over ms <<< "$(sbench_fill "$e")"; echo "$rate" >> "$out/sf_$e.txt"; echo "$over" >> "$out/so_fill_$e.txt"
    echo "$ms" >> "$out/som_fill_$e.txt"
    if [ "$with_fio" = 1 ]; then
      fio_fill "$e" >> "$out/ff_$e.txt"
      fio_fill "$e" --refill_buffers >> "$out/ffr_$e.txt"
    fi
    read -r rate over ms <<< "$(sbench_torture "$e")"; echo "$rate" >> "$out/st_$e.txt"; echo "$over" >> "$out/so_tort_$e.txt"
    echo "$ms" >> "$out/som_tort_$e.txt"
    if [ "$with_fio" = 1 ]; then
      fio_torture "$e" >> "$out/ft_$e.txt"
      fio_torture "$e" --refill_buffers >> "$out/ftr_$e.txt"
    fi
  done
done
best() { # file-a file-b: the larger median
  python3 -c "import sys,statistics as s;print(max(s.median(map(float,open(f).read().split())) for f in sys.argv[1:]))" "$@"
}
if [ "$with_fio" = 1 ]; then
echo "| case | sbench io_uring | sbench libaio | fio io_uring | fio libaio | best sbench / best fio | fio io_uring --refill_buffers | fio libaio --refill_buffers | best sbench / best fio refilling |"
echo "|---|---|---|---|---|---|---|---|---|"
row() { # label sbench-prefix fio-prefix
  local r rr
  r=$(python3 -c "print('%.2f' % ($(best "$out/$2_io_uring.txt" "$out/$2_libaio.txt") / $(best "$out/$3_io_uring.txt" "$out/$3_libaio.txt")))")
  rr=$(python3 -c "print('%.2f' % ($(best "$out/$2_io_uring.txt" "$out/$2_libaio.txt") / $(best "$out/$3r_io_uring.txt" "$out/$3r_libaio.txt")))")
  echo "| $1 | $(median < "$out/$2_io_uring.txt") | $(median < "$out/$2_libaio.txt") | $(median < "$out/$3_io_uring.txt") | $(median < "$out/$3_libaio.txt") | $r | $(median < "$out/$3r_io_uring.txt") | $(median < "$out/$3r_libaio.txt") | $rr |"
}
row "fill: sequential 128 KiB writes QD 32, MB/s (a pass over its wall time)" sf ff
row "torture: random 4 KiB writes QD 32 for $torture_s s, IOPS (over its wall time)" st ft
echo
fi
echo "| step | overhead beyond IO time, % of the step's duration (io_uring) | (libaio) | per run, ms (io_uring) | (libaio) |"
echo "|---|---|---|---|---|"
echo "| fill, 2 passes of $size_mib MiB | $(median < "$out/so_fill_io_uring.txt") | $(median < "$out/so_fill_libaio.txt") | $(median < "$out/som_fill_io_uring.txt") | $(median < "$out/som_fill_libaio.txt") |"
echo "| torture, $torture_s s | $(median < "$out/so_tort_io_uring.txt") | $(median < "$out/so_tort_libaio.txt") | $(median < "$out/som_tort_io_uring.txt") | $(median < "$out/som_tort_libaio.txt") |"
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
} | tee "$out/steps-vs-fio.md"
