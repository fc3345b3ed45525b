#!/usr/bin/env bash
# What the sort's merge of many runs keeps in memory, two builds side by side: an unsorted CSV trace of RECORDS IOs
# (default 3,200,000), each naming a 256-byte process of its own, in reverse issue order, piped into
# `convert --from csv - out.sbt` at -Xmx64m (the window's some 51,000 records of such names a run: 63 runs, merged in
# one pass of 63 run readers); then the convert time of ordinary traces, 3 runs each, the jars alternating: 2,000,000
# MSR lines (nearly sorted) from a file and from a pipe (which spills a run and merges it), and 2,000,000 CSV lines of
# 8 process names, 1% of neighbours swapped, from a pipe. The names trace is generated into the pipe, never stored;
# its runs (about 1 GB) go to TMPDIR and out.sbt (about 1 GB) to DIR; the ordinary traces (200 MB) are kept in DIR.
# Usage: bench/sort-merge.sh BEFORE.jar AFTER.jar DIR [RECORDS]
set -euo pipefail
. "$(dirname "$0")/args.sh"
before="$1" after="$2" dir="$3" n="${4:-3200000}"
whole RECORDS "$n"
needs python3
bench="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$dir"
names() { # the names trace, on stdout
  python3 - "$n" <<'PY'
import sys
n = int(sys.argv[1])
out = sys.stdout
out.write("# fields: process\nissue_ns,complete_ns,offset,length,op,stream,qd,process\n")
buf = []
for i in range(n - 1, -1, -1):
    tail = "-%d" % i
    buf.append("%d,,%d,4096,R,,,%s%s\n" % (1000 * i, 4096 * i, "w" * (256 - len(tail)), tail))
    if len(buf) > 50_000:
        out.write("".join(buf)); buf = []
out.write("".join(buf))
PY
}
[ -f "$dir/plain.msr.csv" ] || python3 "$bench/gen-msr.py" 2000000 > "$dir/plain.msr.csv"
[ -f "$dir/few-names.csv" ] || python3 - "$dir/few-names.csv" <<'PY'
import random, sys
rnd = random.Random(7)
names = ["fio", "kworker/0:1H", "postgres", "java", "jbd2/vda1-8", "rsync", "mysqld", "nginx"]
with open(sys.argv[1], "w") as f:
    f.write("# fields: process\nissue_ns,complete_ns,offset,length,op,stream,qd,process\n")
    buf = []
    for i in range(2_000_000):
        j = i ^ 1 if rnd.random() < 0.01 else i
        buf.append("%d,%d,%d,4096,R,,,%s\n" % (1000 * j, 1000 * j + 500, 4096 * rnd.randrange(1 << 20), names[rnd.randrange(8)]))
        if len(buf) > 100000:
            f.write("".join(buf)); buf = []
    f.write("".join(buf))
PY
machine "$(java -version 2>&1 | head -1)"
echo "load before: $(uptime)"
for jar in "$before" "$after"; do
  label=$([ "$jar" = "$before" ] && echo before || echo after)
  rc=0
  names | /usr/bin/time -f "%e s wall, %U s user, %M KiB peak RSS" -o "$dir/time.txt" \
    java -Xmx64m -jar "$jar" convert --from csv - "$dir/out.sbt" >/dev/null 2>"$dir/err.txt" || rc=$?
  rm -f "$dir/out.sbt"
  printf '%-6s names | convert -Xmx64m: exit %d, %s; %s\n' "$label" "$rc" "$(tail -1 "$dir/time.txt")" \
    "$(grep -v '^Command' "$dir/err.txt" | tail -1 | cut -c1-100)"
done
echo "load between: $(uptime)"
for how in file pipe names; do
  for run in 1 2 3; do
    for jar in "$before" "$after"; do
      label=$([ "$jar" = "$before" ] && echo before || echo after)
      if [ "$how" = file ]; then
        /usr/bin/time -f "%e %U" -o "$dir/time.txt" java -jar "$jar" convert "$dir/plain.msr.csv" "$dir/out.sbt" >/dev/null
      elif [ "$how" = names ]; then
        cat "$dir/few-names.csv" | /usr/bin/time -f "%e %U" -o "$dir/time.txt" \
          java -jar "$jar" convert --from csv - "$dir/out.sbt" >/dev/null
      else
        cat "$dir/plain.msr.csv" | /usr/bin/time -f "%e %U" -o "$dir/time.txt" \
          java -jar "$jar" convert --from msr - "$dir/out.sbt" >/dev/null
      fi
      rm -f "$dir/out.sbt"
      printf '%-6s plain %-4s run %d: %s s wall/user\n' "$label" "$how" "$run" "$(cat "$dir/time.txt")"
    done
  done
done
echo "load after: $(uptime)"
