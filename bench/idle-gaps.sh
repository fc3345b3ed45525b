#!/usr/bin/env bash
# The idle time between sbench idle's probes as the device sees it: runs `sbench idle` on a loop device
# over a file in /tmp under a tracefs capture of block_rq_issue and block_rq_complete, and prints each
# gap from the last completion of probe k to the first issue of probe k+1 against the idle time asked,
# and the idle times the step's bundle records (its probes' names and the step's duration). Needs root.
# Usage: bench/idle-gaps.sh [DURATION PROBE PROBE_DURATION]   (default 3s 1s 200ms)
# SBENCH names the command (default ./sbench; e.g. SBENCH="java -jar replayer-cli/target/sbench.jar").
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
duration=${1:-3s} probe=${2:-1s} probe_duration=${3:-200ms}
needs_root "creates a loop device and a tracefs instance"
needs python3 losetup
read -r -a sbench <<< "${SBENCH:-./sbench}"
"${sbench[@]}" --version >/dev/null
work=$(mktemp -d /tmp/sbench-idle-gaps.XXXXXX)
instance=/sys/kernel/tracing/instances/sbench-idle-gaps-$$
. bench/shm-loop.sh
cleanup() {
  if [ -d "$instance" ]; then echo 0 > "$instance/tracing_on"; rmdir "$instance"; fi
  shm_loop_cleanup
  rm -rf "$work"
}
shm_loop "$work/dev.img" 256 nomerges
trap cleanup EXIT
major=$(( 0x$(stat -c '%t' "$dev") )); minor=$(( 0x$(stat -c '%T' "$dev") ))
mkdir "$instance"
echo 0 > "$instance/tracing_on"
echo 8192 > "$instance/buffer_size_kb"
for e in block_rq_issue block_rq_complete; do
  echo "dev == $(( (major << 20) | minor ))" > "$instance/events/block/$e/filter"
  echo 1 > "$instance/events/block/$e/enable"
done
echo 1 > "$instance/tracing_on"
"${sbench[@]}" idle --target "$dev" --allow-write --duration "$duration" --probe "$probe" --probe-duration "$probe_duration" \
  --out "$work/bundle" >/dev/null
echo 0 > "$instance/tracing_on"
cat "$instance/trace" > "$work/trace"
python3 - "$work/trace" "$work/bundle" "$probe" <<'PY'
import json, re, sys
trace, bundle, probe = sys.argv[1:]
events = []
for line in open(trace):
    m = re.search(r' (\d+\.\d+): block_rq_(issue|complete): \d+,\d+ (\S+)', line)
    if m:
        events.append((float(m.group(1)), m.group(2), m.group(3)))
events.sort()
unit = {"ms": 1e-3, "s": 1, "m": 60}
m = re.fullmatch(r'(\d+(?:\.\d+)?)(ms|s|m)', probe)
asked = float(m.group(1)) * unit[m.group(2)]
# A quiet stretch of over half the interval after a completion is an idle gap (a loop device over a file
# stalls for tens of ms within a probe at times).
gaps = []
# From the first probe's first write: sbench reads the device's start when it opens it, before the probes.
last = None
for t, kind, rwbs in events:
    if last is None and not (kind == "issue" and "W" in rwbs):
        continue
    if kind == "issue" and last is not None and last[1] == "complete" and t - last[0] > asked / 2:
        gaps.append(t - last[0])
    last = (t, kind)
print("%d events; gaps at the device (last completion of probe k to first issue of k+1), asked %.3f s:" % (len(events), asked))
for i, g in enumerate(gaps):
    print("  gap %d: %.3f s (%+.1f ms)" % (i + 1, g, (g - asked) * 1e3))
step = json.loads(open(bundle + "/steps.jsonl").readline())["step"]
print("step record: runs %s, durationNs %d" % (" ".join(r["name"] for r in step["runs"]), step["durationNs"]))
PY
