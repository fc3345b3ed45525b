#!/usr/bin/env bash
# A compressed trace.dat read twice by one command: `sbench replay --target null` (a planning pass, then the replay)
# and `sbench convert --fit scale` (a pass measuring the span, then the conversion) of the .zst of bench/tracecmd-record.sh's
# recording (version 6), with two jars: how many copies of it each command makes in the temporary directory (files
# created there, counted with strace), then wall, user and system seconds of each, the load average before each round.
# Usage: bench/tracecmd-reread.sh BEFORE_JAR AFTER_JAR [IOS] [ROUNDS]
#   (defaults: 500000 IOs a CPU, 2 rounds). The traces go into $TRACES (default /tmp/sbench-tracecmd-IOS), kept for
#   the next run: remove it after. The copies go to a directory made in $TRACES and removed.
set -euo pipefail
. "$(dirname "$0")/args.sh"
cd "$(dirname "$0")/.."
needs trace-cmd fio zstd strace
two_jars 500000 2 "$@"
. bench/tracecmd-record.sh
traces_made
made "$traces/v6.dat.zst" zstd -q -c "$traces/v6.dat"
machine "$(java -version 2>&1 | head -1)" "$(zstd --version)"
ls -l "$traces"/v6.dat "$traces"/v6.dat.zst | awk '{print $5, $9}'
tmp="$traces/tmp"
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
command_of() { # JAR WHAT: the command line
  case "$2" in
    replay) echo java -Djava.io.tmpdir="$tmp" -jar "$1" replay --progress none "$traces/v6.dat.zst" --target null ;;
    convert) echo java -Djava.io.tmpdir="$tmp" -jar "$1" convert --progress none "$traces/v6.dat.zst" "$tmp/out.iolog" \
      --capacity 1G --fit scale ;;
  esac
}
TIMEFORMAT='%R %U %S'
for what in replay convert; do
  for which in before after; do
    jar=${!which}
    strace -f -qq -e trace=openat -o "$tmp/strace" $(command_of "$jar" "$what") >/dev/null 2>&1
    printf '%-8s %-6s copies of the trace.dat: %s\n' "$what" "$which" "$(grep -c "/sbench-[0-9]*\.dat\", .*O_CREAT" "$tmp/strace")"
    rm -f "$tmp/strace" "$tmp/out.iolog"
  done
done
for round in $(seq 1 "$rounds"); do
  echo "round $round, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  for what in replay convert; do
    for which in before after; do
      jar=${!which}
      t=$( { time $(command_of "$jar" "$what") >/dev/null 2>&1; } 2>&1 )
      printf '%-8s %-6s wall/user/sys s: %s\n' "$what" "$which" "$t"
      rm -f "$tmp/out.iolog"
    done
  done
done
