#!/usr/bin/env bash
# Issue 7, case 4: recorded-QD fidelity seen from the block layer. Replays a trace (default the
# bundled light-2010) in recorded-qd mode onto a loop device over a file in /dev/shm while
# `sbench record` captures block_rq_issue/complete of that device (tracefs, independent of the
# replayer's own accounting), then compares the device's IOs with the trace
# (bench/device-vs-trace.py). Needs root.
# Usage: bench/qd-fidelity.sh [TRACE] [extra replay options...]   Writes bench/out/qd-fidelity*.
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
trace="${1:-light-2010}"; shift || true
out=bench/out
mkdir -p "$out"
needs_root "creates a loop device, records tracefs"
./sbench --version >/dev/null
name=$(basename "$trace" | sed 's/\..*//')
tcsv="$out/qdf-$name-trace.csv"
./sbench convert "$trace" "$tcsv" >/dev/null
# Capacity: the highest offset the trace reaches, rounded up to 1 MiB.
cap=$(./sbench inspect "$trace" --json | python3 -c "import json,sys;j=json.load(sys.stdin);print(-(-j['maxOffset']//1048576)*1048576)")
img=/dev/shm/sbench-qdf.img
rm -f "$img"
truncate -s "$cap" "$img"
dev=$(losetup --find --show --direct-io=off "$img")
rec_pid=
cleanup() {
  [ -n "$rec_pid" ] && kill -TERM "$rec_pid" 2>/dev/null && wait "$rec_pid" 2>/dev/null || true
  losetup -d "$dev" 2>/dev/null || true
  rm -f "$img"
}
trap cleanup EXIT
udevadm settle 2>/dev/null || true   # let udev's probe of the new device finish before recording
sleep 1

./sbench record --device "$dev" --out "$out/qdf-cap.sbt" >"$out/qdf-record.out" 2>"$out/qdf-record.err" &
rec_pid=$!
. bench/await-recorder.sh
await_recorder "$out/qdf-record.err"

start=$(date +%s.%N)
./sbench replay "$trace" --target "$dev" --allow-write --out "$out/qdf-replay.json" "$@" >"$out/qdf-replay.out"
end=$(date +%s.%N)
sleep 1
kill -TERM "$rec_pid"; wait "$rec_pid" || echo "recorder exit $?" >&2
rec_pid=

./sbench convert "$out/qdf-cap.sbt" "$out/qdf-cap.csv" >/dev/null
{
machine "$(java -version 2>&1 | head -1)"
echo "date: $(date -u +%FT%TZ); device: $dev, loop over $img ($cap bytes on tmpfs, direct-io off, logical block $(cat /sys/block/${dev#/dev/}/queue/logical_block_size), max_sectors_kb $(cat /sys/block/${dev#/dev/}/queue/max_sectors_kb), scheduler $(cat /sys/block/${dev#/dev/}/queue/scheduler))"
echo "replay: ./sbench replay $trace --target $dev --allow-write --out $out/qdf-replay.json $* ($(python3 -c "print('%.1f' % ($end - $start))") s)"
echo "record: ./sbench record --device $dev --out $out/qdf-cap.sbt (stopped with SIGTERM 1 s after the replay)"
grep -E '^(wrote|lost)' "$out/qdf-record.out" | sed 's/^/recorder: /'
echo
echo "### Block layer (sbench record) vs trace"
echo
python3 bench/device-vs-trace.py "$tcsv" "$out/qdf-cap.csv" --json "$out/qdf-compare.json"
echo
echo "### sbench's own fidelity section (result JSON)"
echo
python3 - "$out/qdf-replay.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
f = r["fidelity"]
print("- issued %d of %d, out of order %d, QD avg recorded %.2f / replayed %.2f, distance (buckets) %.4f"
      % (f["issued"], f["inTrace"], f["outOfOrder"], f["qdRecorded"]["avg"], f["qdReplayed"]["avg"], f["qdTvd"]))
print("- replayed QD buckets: " + ", ".join("%s %.1f%%" % (h["qd"], h["pct"]) for h in f["qdReplayed"]["histogram"]))
m = r.get("mapping", {})
print("- mapping: " + ", ".join("%s %s" % (k, v) for k, v in m.items() if not isinstance(v, (dict, list))))
s = r["summary"]
print("- engine %s; wall %.2f s; errors %s" % (r["settings"].get("engine"), s["wallNs"] / 1e9, r.get("errors")))
EOF
} | tee "$out/qd-fidelity.md"
