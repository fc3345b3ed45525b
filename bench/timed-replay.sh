#!/usr/bin/env bash
# Issue 7, case 3: timed replay of a real recorded trace, sbench vs fio.
# 1. Records (sbench record) a loop device over a file in /dev/shm while a real workload runs on
#    an ext4 filesystem there: untar a JDK, sync, remount, read every file back (find + cat), a
#    sqlite database with one fsync'ed transaction per insert, delete, unmount.
# 2. Exports the trace to fio iolog v3 and replays it, alternating sbench (--mode timed) and fio
#    (--read_iolog, timed by default) ROUNDS times onto a fresh loop device over /dev/shm.
# Reports each tool's replayed duration against the recorded one (first to last issue) and sbench's
# submit lateness. Needs root. Usage: bench/timed-replay.sh [ROUNDS] [TRACE.sbt]
# (a TRACE given is replayed instead of recording a new one). Writes bench/out/timed-replay*.
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
rounds="${1:-3}"
whole ROUNDS "$rounds"
trace="${2:-}"
out=bench/out
mkdir -p "$out"
needs_root "loop devices, mount, tracefs"
installed fio
./sbench --version >/dev/null
size=$((2048 * 1024 * 1024))
rec_img=/dev/shm/sbench-tr-rec.img
rep_img=/dev/shm/sbench-tr-rep.img
tarball=/dev/shm/sbench-tr-src.tar
mnt=$(mktemp -d /tmp/sbench-tr-mnt.XXXXXX)
rec_dev= rep_dev= rec_pid=
cleanup() {
  [ -n "$rec_pid" ] && kill -TERM "$rec_pid" 2>/dev/null && wait "$rec_pid" 2>/dev/null || true
  mountpoint -q "$mnt" && umount "$mnt" || true
  rmdir "$mnt" 2>/dev/null || true
  [ -n "$rec_dev" ] && losetup -d "$rec_dev" 2>/dev/null || true
  [ -n "$rep_dev" ] && losetup -d "$rep_dev" 2>/dev/null || true
  rm -f "$rec_img" "$rep_img" "$tarball"
}
trap cleanup EXIT

if [ -z "$trace" ]; then
  trace="$out/tr-cap.sbt"
  src=/usr/lib/jvm
  tar -cf "$tarball" -C "$(dirname "$src")" "$(basename "$src")"
  rm -f "$rec_img"; truncate -s "$size" "$rec_img"
  rec_dev=$(losetup --find --show --direct-io=off "$rec_img")
  mkfs.ext4 -q -F "$rec_dev"
  udevadm settle 2>/dev/null || true
  sleep 1
  ./sbench record --device "$rec_dev" --out "$trace" >"$out/tr-record.out" 2>"$out/tr-record.err" &
  rec_pid=$!
  for _ in $(seq 100); do grep -q 'stops' "$out/tr-record.err" 2>/dev/null && break; sleep 0.2; done
  grep -q 'stops' "$out/tr-record.err" || { cat "$out/tr-record.err" >&2; exit 1; }
  {
    mount "$rec_dev" "$mnt"
    tar -xf "$tarball" -C "$mnt"
    sync
    sleep 2
    umount "$mnt"; mount "$rec_dev" "$mnt"            # cold cache for this filesystem only
    find "$mnt" -type f -print0 | xargs -0 cat > /dev/null
    sqlite3 "$mnt/db.sqlite" 'create table t(id integer primary key, v text);'
    for i in $(seq 300); do echo "insert into t(v) values(hex(randomblob(200)));"; done \
      | sed 's/^/begin; /; s/$/ commit;/' | sqlite3 "$mnt/db.sqlite"
    sleep 1
    rm -rf "${mnt:?}"/jvm
    sync
    umount "$mnt"
  } 2>&1 | tail -5
  sleep 1
  kill -TERM "$rec_pid"; wait "$rec_pid" || echo "recorder exit $?" >&2
  rec_pid=
  losetup -d "$rec_dev"; rec_dev=
  rm -f "$rec_img" "$tarball"
fi

./sbench inspect "$trace" > "$out/tr-inspect.txt"
./sbench inspect "$trace" --json > "$out/tr-inspect.json"
./sbench convert "$trace" "$out/tr.iolog" >/dev/null
rec_s=$(python3 -c "import json;print(json.load(open('$out/tr-inspect.json'))['durationNs']/1e9)")
ios=$(python3 -c "import json;print(json.load(open('$out/tr-inspect.json'))['records'])")

rm -f "$rep_img"; truncate -s "$size" "$rep_img"
rep_dev=$(losetup --find --show --direct-io=off "$rep_img")
udevadm settle 2>/dev/null || true

: > "$out/tr-sbench-io_uring.txt"; : > "$out/tr-sbench-libaio.txt"; : > "$out/tr-fio.txt"
for i in $(seq "$rounds"); do
 for engine in io_uring libaio; do
  ./sbench replay "$trace" --target "$rep_dev" --allow-write --force --mode timed --engine $engine --out "$out/tr-replay-$i.json" \
    > "$out/tr-replay-$i.out"
  python3 - "$out/tr-replay-$i.json" "$rec_s" >> "$out/tr-sbench-$engine.txt" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1])); rec = float(sys.argv[2])
s = r["summary"]; f = r["fidelity"]; l = f.get("latenessUs", {})
wall = s["wallNs"] / 1e9
o = l.get("others") or {}
print("%.4f %.3f %.1f %.1f %.1f %d %d %s %d %.1f %.1f" % (wall, 100 * (wall - rec) / rec, l.get("p50", -1), l.get("p99", -1), l.get("max", -1),
                                      f["issued"], f["outOfOrder"], len(r.get("errors") or {}), l.get("behindFlush", 0),
                                      o.get("p99", -1), o.get("max", -1)))
EOF
 done
  fio --name=t --read_iolog="$out/tr.iolog" --replay_redirect="$rep_dev" --ioengine=libaio --iodepth=256 --direct=1 \
      --output-format=json --output="$out/tr-fio-$i.json" >/dev/null
  python3 - "$out/tr-fio-$i.json" "$rec_s" >> "$out/tr-fio.txt" <<'EOF'
import json, sys
j = json.load(open(sys.argv[1]))["jobs"][0]; rec = float(sys.argv[2])
wall = j["job_runtime"] / 1e3
n = sum(j[op]["total_ios"] for op in ("read", "write", "trim"))
print("%.4f %.3f %d %d" % (wall, 100 * (wall - rec) / rec, n, j.get("error", 0)))
EOF
done
# One more run of each tool while `sbench record` captures the replay device: lateness at the
# block layer, measured the same way for both (bench/device-vs-trace.py --timing).
./sbench convert "$trace" "$out/tr-trace.csv" >/dev/null
device_view() { # label, command...
  local label="$1"; shift
  ./sbench record --device "$rep_dev" --out "$out/tr-dev-$label.sbt" >"$out/tr-dev-record.out" 2>"$out/tr-dev-record.err" &
  rec_pid=$!
  for _ in $(seq 100); do grep -q 'stops' "$out/tr-dev-record.err" 2>/dev/null && break; sleep 0.2; done
  "$@" >/dev/null
  sleep 1
  kill -TERM "$rec_pid"; wait "$rec_pid" || echo "recorder exit $?" >&2
  rec_pid=
  ./sbench convert "$out/tr-dev-$label.sbt" "$out/tr-dev-$label.csv" >/dev/null
  echo "$label, at the block layer ($(grep -E '^lost' "$out/tr-dev-record.out" | xargs)):"
  python3 bench/device-vs-trace.py "$out/tr-trace.csv" "$out/tr-dev-$label.csv" --timing --json "$out/tr-dev-$label.json" \
    | grep -E '^- (device issue|matched|out of order|device IOs)' | sed 's/^/    /'
}
{
device_view sbench-io_uring ./sbench replay "$trace" --target "$rep_dev" --allow-write --force --mode timed --engine io_uring --out "$out/tr-replay-dev.json"
device_view sbench-libaio ./sbench replay "$trace" --target "$rep_dev" --allow-write --force --mode timed --engine libaio --out "$out/tr-replay-dev.json"
device_view fio fio --name=t --read_iolog="$out/tr.iolog" --replay_redirect="$rep_dev" --ioengine=libaio --iodepth=256 --direct=1 \
  --output-format=json --output="$out/tr-fio-dev.json"
} > "$out/tr-device-view.txt"
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)] " (" a[1] " to " a[NR] ")"}'; }
{
machine "$(java -version 2>&1 | head -1)" "$(fio --version)"
echo "date: $(date -u +%FT%TZ); replay target $rep_dev: loop over $rep_img (2 GiB on tmpfs, direct-io off)"
echo "trace: $trace, $ios IOs, recorded duration (first to last issue) $rec_s s"
sed -n '2,8p' "$out/tr-inspect.txt" | sed 's/^/    /'
echo "sbench: ./sbench replay $trace --target $rep_dev --allow-write --force --mode timed --engine io_uring|libaio --out R.json"
echo "fio:    fio --name=t --read_iolog=$out/tr.iolog --replay_redirect=$rep_dev --ioengine=libaio --iodepth=256 --direct=1"
echo
echo "per round, sbench io_uring, then libaio: wall_s error_% lateness_p50_us p99_us max_us issued out_of_order errors behind_flush others_p99_us others_max_us"
sed 's/^/    /' "$out/tr-sbench-io_uring.txt"
sed 's/^/    /' "$out/tr-sbench-libaio.txt"
echo "per round, fio: job_runtime_s error_% ios errors"
sed 's/^/    /' "$out/tr-fio.txt"
echo
echo "| tool | replayed duration s | duration error % | lateness p50 us | lateness p99 us | IOs due during a flush | p99 of the others us |"
echo "|---|---|---|---|---|---|---|"
for engine in io_uring libaio; do
  f="$out/tr-sbench-$engine.txt"
  echo "| sbench timed, $engine | $(cut -d' ' -f1 "$f" | median) | $(cut -d' ' -f2 "$f" | median) | $(cut -d' ' -f3 "$f" | median) | $(cut -d' ' -f4 "$f" | median) | $(cut -d' ' -f9 "$f" | median) | $(cut -d' ' -f10 "$f" | median) |"
done
echo "| fio libaio | $(cut -d' ' -f1 "$out/tr-fio.txt" | median) | $(cut -d' ' -f2 "$out/tr-fio.txt" | median) | n/a | n/a | n/a | n/a |"
echo
cat "$out/tr-device-view.txt"
} | tee "$out/timed-replay.md"
