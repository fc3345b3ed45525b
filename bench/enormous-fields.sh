#!/usr/bin/env bash
# Time and peak memory of `sbench inspect` and `convert` to .sbt of text traces whose every line
# holds a 1 MB field (bench/gen-enormous.py big) against ordinary traces of the same size (plain).
# Bad records are skipped (--skip-bad), so that a refused line costs its reading, not the run.
# usage: bench/enormous-fields.sh [MB] [XMX] [FORMAT...]   (default 100 MB, -Xmx256m, all formats)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mb="${1:-100}"; xmx="${2:-256m}"; shift 2 || true
formats=("$@"); [ ${#formats[@]} -gt 0 ] || formats=(fiu tracefs blkparse etw csv msr spc alibaba tencent systor)
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
uptime
printf '%-9s %-5s %-7s %8s %8s %9s %3s  %s\n' format kind command wall_s user_s rss_MB rc "last line of stderr"
for f in "${formats[@]}"; do
  for k in big plain; do
    python3 "$here/bench/gen-enormous.py" "$f" "$k" "$work/in" "$mb"
    for cmd in inspect convert; do
      args=(inspect --skip-bad=1000000 --from "$f" "$work/in"); [ "$cmd" = convert ] && args=(convert --skip-bad=1000000 --from "$f" "$work/in" "$work/out.sbt")
      set +e
      /usr/bin/time -o "$work/time" -f '%e %U %M %x' java "-Xmx$xmx" -jar "$here/replayer-cli/target/sbench.jar" "${args[@]}" >/dev/null 2>"$work/err"
      set -e
      read -r wall user rss rc < <(tail -1 "$work/time")
      printf '%-9s %-5s %-7s %8s %8s %9d %3s  %s\n' "$f" "$k" "$cmd" "$wall" "$user" $((rss / 1024)) "$rc" \
        "$(grep -v '^Command exited' "$work/err" | tail -1 | cut -c1-110)"
      rm -f "$work/out.sbt"
    done
  done
done
