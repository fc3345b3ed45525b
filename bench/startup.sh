#!/usr/bin/env bash
# The JVM's start and class loading in short sbench commands, with and without a class data sharing
# archive (Java 17 application CDS: -XX:ArchiveClassesAtExit makes a dynamic archive of the classes a
# run loaded, -XX:SharedArchiveFile uses it). Makes a 1,000-IO sample (the first records of
# traces/samples/desktop-sample.msr.csv) and, for each command, a throwaway archive made by one run of
# that command (the most an archive can give it), then runs each command ROUNDS times, alternating
# without (none) and with (cds), and prints each run's user+sys CPU and wall seconds with the 1-minute
# load average before it, then the medians per command and variant and what the archive saves.
# Then the start-signal window (docs/outputs.md, Interruptions): the JVM uptime at which
# sun.misc.Signal is loaded in `replay SAMPLE --target null`, ROUNDS runs each way
# (-Xlog:class+load:file=F:uptime).
# JAR defaults to replayer-cli/target/sbench.jar (build it first: ./sbench --version).
# --spark: also `sbench-spark inspect SAMPLE` and `sbench-spark convert SAMPLE OUT.sbt` through the launcher itself,
# without (SBENCH_SPARK_CDS=0) and with the class data archive it makes after a build (docs/spark.md); prints how long
# making it took when this run made it (build it first: ./sbench-spark --version).
# Paths with spaces are not supported (the commands are split on spaces).
# Usage: bench/startup.sh [--rounds N] [--jar JAR] [--java JAVA] [--spark]
# Writes bench/out/startup.tsv and bench/out/startup-signal.tsv.
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
rounds=10 jar=replayer-cli/target/sbench.jar java=java spark=
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) whole --rounds "$2"; rounds="$2"; shift 2 ;;
    --jar) jar="$2"; shift 2 ;;
    --java) java="$2"; shift 2 ;;
    --spark) spark=1; shift ;;
    *) echo "usage: bench/startup.sh [--rounds N] [--jar JAR] [--java JAVA] [--spark]" >&2; exit 2 ;;
  esac
done
needs bc python3
[ -x /usr/bin/time ] || { echo "bench/startup.sh needs GNU time (apt-get install time)" >&2; exit 1; }
[ -f "$jar" ] || { echo "bench/startup.sh: no $jar; build it first (./sbench --version)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p bench/out
out=bench/out/startup.tsv
signal=bench/out/startup-signal.tsv
sample="$work/sample.csv"
"$java" -jar "$jar" convert traces/samples/desktop-sample.msr.csv "$sample" --limit 1000 >/dev/null 2>&1

commands=("-jar $jar --version" "-jar $jar inspect $sample" "-jar $jar replay $sample --target null"
  "-jar $jar convert $sample $work/out.sbt")
names=(version inspect replay convert)
for i in "${!commands[@]}"; do
  # shellcheck disable=SC2086
  "$java" -XX:ArchiveClassesAtExit="$work/${names[$i]}.jsa" ${commands[$i]} >/dev/null 2>&1
done
if [ -n "$spark" ]; then
  [ -f trace-spark/target/launcher/classpath ] || { echo "bench/startup.sh: no trace-spark/target/launcher/classpath; build it first (./sbench-spark --version)" >&2; exit 2; }
  t="$(/usr/bin/time -f '%e' ./sbench-spark --version 2>&1 >/dev/null)"
  case $t in *"making the class data archive"*) made="the launcher's archive made in ${t##*$'\n'} s wall (--version included)" ;; esac
  commands+=("./sbench-spark inspect $sample" "./sbench-spark convert $sample $work/spark.sbt")
  names+=(spark-inspect spark-convert)
fi

# opts: the JVM options of VARIANT (none, or cds: the archive of command NAME); an sbench-spark command
# runs through the launcher, with its archive (cds) or without (none).
variant_opts() {  # VARIANT NAME
  opts=()
  case $2 in
    spark-*) rm -f "$work/spark.sbt"; opts=(env SBENCH_SPARK_CDS="$([ "$1" = none ] && echo 0 || echo 1)") ;;
    *) opts=("$java"); [ "$1" = none ] || opts+=(-XX:SharedArchiveFile="$work/$2.jsa") ;;
  esac
}
printf 'command\tvariant\tround\tload1\tcpu_s\twall_s\n' >"$out"
printf 'variant\tround\tload1\tsignal_loaded_s\n' >"$signal"
for ((r = 1; r <= rounds; r++)); do
  for i in "${!commands[@]}"; do
    for variant in none cds; do
      variant_opts "$variant" "${names[$i]}"
      load="$(cut -d' ' -f1 /proc/loadavg)"
      # shellcheck disable=SC2086
      t="$(/usr/bin/time -f '%U %S %e' "${opts[@]}" ${commands[$i]} 2>&1 >/dev/null | tail -n1)"
      read -r user sys wall <<<"$t"
      printf '%s\t%s\t%d\t%s\t%.2f\t%s\n' "${names[$i]}" "$variant" "$r" "$load" "$(echo "$user + $sys" | bc)" "$wall" >>"$out"
    done
  done
  for variant in none cds; do
    variant_opts "$variant" replay
    load="$(cut -d' ' -f1 /proc/loadavg)"
    "${opts[@]}" -Xlog:class+load:file="$work/classes.log":uptime -jar "$jar" replay "$sample" --target null >/dev/null 2>&1
    printf '%s\t%d\t%s\t%s\n' "$variant" "$r" "$load" \
      "$(grep -m1 ' sun\.misc\.Signal ' "$work/classes.log" | sed -E 's/^\[([0-9.]+)s\].*/\1/')" >>"$signal"
  done
done
machine "$("$java" -version 2>&1 | head -n1)"
[ -z "${made:-}" ] || echo "$made"
column -t "$out"
column -t "$signal"
python3 - "$out" "$signal" <<'EOF'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
loads = [float(r["load1"]) for r in rows]
print("\nmedians of %d rounds, load average %.1f-%.1f (median %.1f)" % (
    max(int(r["round"]) for r in rows), min(loads), max(loads), statistics.median(loads)))
print("%-8s %9s %9s %7s %9s %9s %7s" % ("command", "cpu none", "cpu cds", "saved", "wall none", "wall cds", "saved"))
for name in dict.fromkeys(r["command"] for r in rows):
    m = {}
    for v in ("none", "cds"):
        sel = [r for r in rows if r["command"] == name and r["variant"] == v]
        m[v] = (statistics.median(float(r["cpu_s"]) for r in sel), statistics.median(float(r["wall_s"]) for r in sel))
    print("%-8s %9.2f %9.2f %6.0f%% %9.2f %9.2f %6.0f%%" % (
        name, m["none"][0], m["cds"][0], 100 * (1 - m["cds"][0] / m["none"][0]),
        m["none"][1], m["cds"][1], 100 * (1 - m["cds"][1] / m["none"][1])))
signal = list(csv.DictReader(open(sys.argv[2]), delimiter="\t"))
for v in ("none", "cds"):
    t = sorted(float(r["signal_loaded_s"]) for r in signal if r["variant"] == v)
    print("sun.misc.Signal loaded (%s): %.2f-%.2f s of uptime, median %.2f" % (v, t[0], t[-1], statistics.median(t)))
EOF
