#!/usr/bin/env bash
# Issue 17: does a kernel submission thread (io_uring SQPOLL) help on this machine? fio's io_uring
# engine (--fixedbufs --registerfiles) with and without --sqthread_poll (pinned to CPU 1 with
# --sqthread_poll_cpu=1, or left to the scheduler), 4 KiB random reads and 1 MiB sequential writes
# at QD 1 and 32 on a loop device over /dev/shm, ROUNDS rounds alternating; IOPS and the CPU time
# of fio's process (user + sys from fio's own report) per IO, medians. Needs root (losetup).
# Usage: bench/sqpoll-fio.sh [ROUNDS] [SECONDS]   Writes bench/out/sqpoll-fio.md.
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
rounds="${1:-3}" seconds="${2:-4}"
whole ROUNDS "$rounds"
out=bench/out
mkdir -p "$out"
needs_root "creates a loop device"
installed fio
. bench/shm-loop.sh
shm_loop /dev/shm/sbench-sqpoll.img 1024 nomerges
run() { # rw bs qd extra... -> "IOPS CPU-us-per-IO"
  local rw="$1" bs="$2" qd="$3"; shift 3
  fio --name=s --filename="$dev" --rw="$rw" --bs="$bs" --iodepth="$qd" --ioengine=io_uring --fixedbufs --registerfiles \
      --direct=1 --size=1g --norandommap --zero_buffers --runtime="$seconds" --time_based "$@" \
      --output-format=json --output="$out/sqpoll.json" >/dev/null
  python3 - "$out/sqpoll.json" <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))["jobs"][0]
ios = j["read"]["total_ios"] + j["write"]["total_ios"]
secs = j["job_runtime"] / 1000
print("%.0f %.2f" % (ios / secs, (j["usr_cpu"] + j["sys_cpu"]) / 100 * secs * 1e6 / ios))
PY
}
variants=("plain|" "sqpoll|--sqthread_poll=1" "sqpoll cpu 1|--sqthread_poll=1 --sqthread_poll_cpu=1")
cases=("randread 4k|randread|4k" "write 1m|write|1m")
declare -A res
for r in $(seq "$rounds"); do
  for c in "${cases[@]}"; do
    IFS='|' read -r label rw bs <<< "$c"
    for qd in 1 32; do
      for v in "${variants[@]}"; do
        IFS='|' read -r name extra <<< "$v"
        # shellcheck disable=SC2086
        res["$label|$qd|$name"]+="$(run "$rw" "$bs" "$qd" $extra);"
      done
    done
  done
done
median() { tr ';' '\n' | awk -v c="$1" 'NF {print $c}' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)] " (" a[1] "-" a[NR] ")"}'; }
{
  echo "machine: $(nproc) cores, kernel $(uname -r), $(fio --version); $rounds rounds of $seconds s; load after $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
  echo "| case | QD | fio io_uring IOPS | with --sqthread_poll | pinned to CPU 1 | CPU us/IO | with --sqthread_poll | pinned |"
  echo "|---|---|---|---|---|---|---|---|"
  for c in "${cases[@]}"; do
    label=${c%%|*}
    for qd in 1 32; do
      echo "| $label | $qd | $(median 1 <<< "${res[$label|$qd|plain]}") | $(median 1 <<< "${res[$label|$qd|sqpoll]}") | $(median 1 <<< "${res[$label|$qd|sqpoll cpu 1]}") | $(median 2 <<< "${res[$label|$qd|plain]}") | $(median 2 <<< "${res[$label|$qd|sqpoll]}") | $(median 2 <<< "${res[$label|$qd|sqpoll cpu 1]}") |"
    done
  done
} | tee "$out/sqpoll-fio.md"
