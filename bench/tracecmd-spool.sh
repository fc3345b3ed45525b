#!/usr/bin/env bash
# A 4-million-IO trace.dat (version 6, as trace-cmd convert writes it from bench/tracecmd-record.sh's
# recording) read by `sbench inspect` compressed (.gz, .zst) and from a pipe (zstd -dc | inspect -), against
# the plain file, with two jars: wall, user and system seconds of each (the pipe's include its zstd), the
# load average before each round. Each jar's .sbt of each input is compared byte for byte with its .sbt of
# the plain file; an input a jar refuses is shown as such (its message).
# Usage: bench/tracecmd-spool.sh BEFORE_JAR AFTER_JAR [IOS] [ROUNDS]
#   (defaults: 2000000 IOs a CPU, 2 rounds). The traces go into $TRACES (default /tmp/sbench-tracecmd-IOS),
#   kept for the next run (and bench/tracecmd-throughput.sh's): remove it after. Temporary files go to $TMPDIR.
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
needs trace-cmd fio gzip zstd
two_jars 2000000 2 "$@"
out=bench/out
mkdir -p "$out"
. bench/tracecmd-record.sh
traces_made
made "$traces/v6.dat.gz" gzip -c "$traces/v6.dat"
made "$traces/v6.dat.zst" zstd -q -c "$traces/v6.dat"
machine "$(java -version 2>&1 | head -1)" "$(gzip --version | head -1)" "$(zstd --version)"
ls -l "$traces"/v6.dat "$traces"/v6.dat.gz "$traces"/v6.dat.zst | awk '{print $5, $9}'
TIMEFORMAT='%R %U %S'
run() { # JAR INPUT: "wall user sys" of inspect of INPUT (pipe: the .zst through zstd -dc), or the refusal
  local jar=$1 input=$2 t
  if [ "$input" = pipe ]; then
    t=$( { time zstd -dc "$traces/v6.dat.zst" | java -jar "$jar" inspect --progress none - >/dev/null 2>"$out/spool.err"; } 2>&1 ) || true
  else
    t=$( { time java -jar "$jar" inspect --progress none "$traces/$input" >/dev/null 2>"$out/spool.err"; } 2>&1 ) || true
  fi
  if [ -s "$out/spool.err" ]; then head -c 160 "$out/spool.err" | head -1; else echo "wall/user/sys s: $t"; fi
}
for round in $(seq 1 "$rounds"); do
  echo "round $round, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  for input in v6.dat v6.dat.gz v6.dat.zst pipe; do
    for which in before after; do
      jar=$before
      [ "$which" = after ] && jar=$after
      printf '%-10s %-6s %s\n' "$input" "$which" "$(run "$jar" "$input")"
    done
  done
done
for which in before after; do
  jar=$before
  [ "$which" = after ] && jar=$after
  java -jar "$jar" convert --progress none "$traces/v6.dat" "$out/spool-plain.sbt" >/dev/null
  for input in v6.dat.gz v6.dat.zst pipe; do
    if [ "$input" = pipe ]; then
      zstd -dc "$traces/v6.dat.zst" | java -jar "$jar" convert --progress none --from trace-cmd - "$out/spool-$input.sbt" >/dev/null 2>&1 || true
    else
      java -jar "$jar" convert --progress none "$traces/$input" "$out/spool-$input.sbt" >/dev/null 2>&1 || true
    fi
    if [ -f "$out/spool-$input.sbt" ]; then
      cmp "$out/spool-plain.sbt" "$out/spool-$input.sbt" && echo "$which $input: .sbt identical to the plain file's"
      rm "$out/spool-$input.sbt"
    else
      echo "$which $input: no .sbt (refused)"
    fi
  done
  rm "$out/spool-plain.sbt"
done
rm -f "$out/spool.err"
