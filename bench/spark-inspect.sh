#!/usr/bin/env bash
# inspect at scale on Spark: a generated Alibaba-format archive (default 20 M IOs over 100 volumes),
# the CLI's single-thread `sbench inspect` against `./sbench-spark inspect` in local[1] and local[2],
# with the per-file numbers checked equal to the CLI's and the per-volume numbers of a few volumes
# checked equal to `sbench inspect` of that volume's lines alone.
# Usage: bench/spark-inspect.sh [IOS [VOLUMES]]. Writes into bench/out/alibaba-IOS/.
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
needs bc
n="${1:-20000000}"
volumes="${2:-100}"
whole IOS "$n"; whole VOLUMES "$volumes"
heap="${SPARK_BENCH_HEAP:-3g}"
dir="bench/out/alibaba-$n"
trace="$dir/io_traces.csv"
mkdir -p "$dir"
made "$trace" python3 bench/gen-alibaba.py "$n" "$volumes"
mvn -B -ntp -q -Dstyle.color=never -DskipTests package
touch trace-spark/target/launcher/.built
timed() { # label, output file, cores, command...: wall seconds and peak RSS (a local-mode JVM is driver and executor)
  local label="$1" out="$2" cores="$3"; shift 3
  local before; before="$(cut -d' ' -f1 /proc/loadavg)"
  /usr/bin/time -f "%e %M %U %S" -o "$dir/time.txt" "$@" > "$out"
  read -r secs rss user sys < "$dir/time.txt"
  printf '%-40s %7.1f s  %5.2f M IOs/s  %5.2f M IOs/s/core  CPU %6.1f s  peak RSS %5.0f MiB  (load %s .. %s)\n' "$label" \
    "$secs" "$(echo "$n / $secs / 1000000" | bc -l)" "$(echo "$n / $secs / 1000000 / $cores" | bc -l)" \
    "$(echo "$user + $sys" | bc -l)" "$(echo "$rss / 1024" | bc -l)" "$before" "$(cut -d' ' -f1 /proc/loadavg)"
}
machine "$(java -version 2>&1 | head -1)"
echo "archive: $trace, $(du -h "$trace" | cut -f1), $n IOs, $volumes volumes; heap $heap"
timed "sbench inspect (CLI, one thread)" "$dir/cli.json" 1 java "-Xmx$heap" -jar replayer-cli/target/sbench.jar inspect "$trace" --json
for m in 1 2; do
  rm -rf "$dir/volumes-$m.parquet"
  timed "sbench-spark inspect --master local[$m]" "$dir/spark-$m.json" "$m" \
    env SBENCH_SPARK_JAVA_OPTS="-Xmx$heap" ./sbench-spark inspect "$trace" --master "local[$m]" --json --out "$dir/volumes-$m.parquet"
done
python3 - "$dir" "$trace" <<'PY'
import json, subprocess, sys
d, trace = sys.argv[1], sys.argv[2]
cli = json.load(open(f"{d}/cli.json"))
runs = [json.load(open(f"{d}/spark-{m}.json")) for m in (1, 2)]
for run in runs:
    f = dict(run["files"][0]); f.pop("file"); f.pop("stream")
    assert f == cli, "per-file statistics differ from the CLI's"
assert runs[0]["volumes"] == runs[1]["volumes"], "local[1] and local[2] differ"
vols = runs[0]["volumes"]
print(f"per-file statistics equal the CLI's (both runs); {len(vols)} volumes, equal in both runs")
busiest = max(vols, key=lambda v: v["records"])["stream"]
for v in sorted({0, busiest, vols[-1]["stream"]}):
    alone = f"{d}/volume-{v}.csv"
    subprocess.run(f"awk -F, '$1=={v}' {trace} > {alone}", shell=True, check=True)
    out = subprocess.run(["java", "-jar", "replayer-cli/target/sbench.jar", "inspect", alone, "--json"],
                         check=True, capture_output=True, text=True).stdout
    mine = dict(next(x for x in vols if x["stream"] == v)); mine.pop("file"); mine.pop("stream")
    assert mine == json.loads(out), f"volume {v} differs from sbench inspect of its lines alone"
    print(f"volume {v} ({mine['records']} IOs) equals sbench inspect of its lines alone")
PY
