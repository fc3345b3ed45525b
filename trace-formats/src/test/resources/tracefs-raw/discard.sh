#!/usr/bin/env bash
# Tries to leave discarded events (padding with a time delta) on ring-buffer pages (root). A filtered event
# is first written into a per-CPU page of its own and copied into the ring only if the filter keeps it;
# an event nested in another filtered one is written into the ring itself, and a rejected one is taken
# back unless a third event, nested in it, was written behind it: then it stays as padding. So: execs of
# a 2 KB path rejected by a slow filter (14 globs, about 9 ms an exec) on CPU 1, softirq and timer events
# behind filters of 300 predicates nested in them, hard-interrupt events (timer, rescheduling IPIs from a
# futex ping-pong) nested in those. Saves the instance's `trace` text and each CPU's trace_pipe_raw pages
# in OUTDIR and counts the pages' entries by kind.
# Usage: discard.sh OUTDIR [EXECS]
set -euo pipefail
out=${1:?OUTDIR}; n=${2:-600}
T=/sys/kernel/tracing
inst=$T/instances/sbench-discard-$$
work=$(mktemp -d /tmp/sbench-discard.XXXXXX)
pp=
cleanup() { [ -n "$pp" ] && kill "$pp" 2>/dev/null; wait 2>/dev/null; rmdir "$inst" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
cat > "$work/execloop.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/wait.h>
int main(int argc, char **argv) {
    char *args[] = {"true", NULL}, *env[] = {NULL};
    for (int i = 0, n = atoi(argv[2]); i < n; i++) {
        pid_t p = vfork();
        if (p == 0) { execve(argv[1], args, env); _exit(127); }
        int st;
        if (waitpid(p, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st)) { fprintf(stderr, "exec failed\n"); return 1; }
    }
    return 0;
}
EOF
cat > "$work/pingpong.c" <<'EOF'
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
static atomic_int turn;
static time_t end;
static void *side(void *arg) {
    int me = (int)(long)arg;
    cpu_set_t s; CPU_ZERO(&s); CPU_SET(me, &s); sched_setaffinity(0, sizeof s, &s);
    while (time(NULL) < end) {
        while (atomic_load(&turn) != me && time(NULL) < end) syscall(SYS_futex, &turn, FUTEX_WAIT_PRIVATE, 1 - me, NULL, NULL, 0);
        atomic_store(&turn, 1 - me);
        syscall(SYS_futex, &turn, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
    }
    atomic_store(&turn, 1 - me);
    syscall(SYS_futex, &turn, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
    return NULL;
}
int main(int argc, char **argv) {
    end = time(NULL) + atoi(argv[1]);
    pthread_t a, b;
    pthread_create(&a, NULL, side, (void *)0L); pthread_create(&b, NULL, side, (void *)1L);
    pthread_join(a, NULL); pthread_join(b, NULL);
    return 0;
}
EOF
gcc -O2 -o "$work/execloop" "$work/execloop.c"
gcc -O2 -pthread -o "$work/pingpong" "$work/pingpong.c"
mkdir -p "$work/d" "$out"
cp /bin/true "$work/d/true"
path=$work/d/$(printf './%.0s' $(seq 1000))true
mkdir "$inst"
echo mono > "$inst/trace_clock"
echo 1024 > "$inst/buffer_size_kb"
cp "$inst/events/header_page" "$out/header_page"
pat="*/.?$(printf '/.%.0s' $(seq 118))/Q*"
f=; for i in $(seq 14); do f="$f${f:+ || }filename ~ \"$pat\""; done
echo "$f" > "$inst/events/sched/sched_process_exec/filter"
echo 1 > "$inst/events/sched/sched_process_exec/enable"
for ev in irq/softirq_entry:vec irq/softirq_exit:vec timer/timer_expire_entry:now timer/timer_expire_exit:timer; do
  f=; for i in $(seq 100 399); do f="$f${f:+||}${ev#*:}==$i"; done
  echo "$f" > "$inst/events/${ev%:*}/filter"
  echo 1 > "$inst/events/${ev%:*}/enable"
done
for e in irq_vectors/local_timer_entry irq_vectors/call_function_single_entry irq_vectors/reschedule_entry timer/hrtimer_expire_entry; do
  echo 1 > "$inst/events/$e/enable"
done
"$work/pingpong" $((n / 60 + 3)) & pp=$!
taskset -c 1 "$work/execloop" "$path" "$n"
echo 0 > "$inst/tracing_on"
cat "$inst/trace" > "$out/text"
for c in "$inst"/per_cpu/cpu*; do
  dd if="$c/trace_pipe_raw" of="$out/cpu${c##*cpu}.raw" bs=4096 iflag=nonblock status=none 2>/dev/null || true
done
python3 - "$out"/cpu*.raw <<'EOF'
import collections, struct, sys
kinds = collections.Counter()
for path in sys.argv[1:]:
    b = open(path, 'rb').read()
    for p in range(0, len(b), 4096):
        commit, = struct.unpack_from('<Q', b, p + 8)
        at, end = p + 16, p + 16 + (commit & ((1 << 30) - 1))
        while at + 4 <= end:
            h, = struct.unpack_from('<I', b, at)
            t, delta = h & 31, h >> 5
            if t == 29 and delta == 0:
                break
            if t >= 30:
                kinds['time extend' if t == 30 else 'absolute time stamp'] += 1
                at += 8
            elif t == 29:
                kinds['discarded'] += 1
                at += 4 + struct.unpack_from('<I', b, at + 4)[0]
            else:
                kinds['data'] += 1
                at += 4 + (struct.unpack_from('<I', b, at + 4)[0] if t == 0 else 4 * t)
print(dict(kinds))
EOF
