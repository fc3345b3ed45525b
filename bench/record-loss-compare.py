#!/usr/bin/env python3
"""Pairs the IOs of an sbench CSV trace with a reference tracefs text capture of the same events
and prints, as table cells: IOs recorded | latency right | latency wrong | largest wrong (us).

The reference pairs each issue with the oldest waiting completion of its device, sector and op
(it lost no events). An sbench IO is matched to the reference IO with its offset, length and op
whose issue time is nearest (within 50 us, after aligning the first IO); its latency is wrong when
it differs from the reference's by more than 50 us."""
import collections
import re
import sys

EVENT = re.compile(r'^\s*.+?-\d+\s+\[\d+\]\s+\S+\s+([\d.]+): (block_rq_\w+): \d+,\d+ (\S+) (?:\d+ )?\(.*?\) (\d+) \+ (\d+)')
SLACK_US = 50


def reference_ios(path):
    waiting = collections.defaultdict(list)
    by_key = collections.defaultdict(list)
    for line in open(path):
        m = EVENT.match(line)
        if not m:
            continue
        seconds, event, rwbs, sector, sectors = m.group(1), m.group(2), m.group(3), int(m.group(4)), int(m.group(5))
        op = 'R' if 'R' in rwbs else 'W' if 'W' in rwbs else None
        if op is None or sectors == 0:
            continue
        t = round(float(seconds) * 1e6)
        key = (op, sector)
        if event == 'block_rq_issue':
            io = [t, None]
            waiting[key].append(io)
            by_key[(sector * 512, sectors * 512, op)].append(io)
        elif event == 'block_rq_complete' and waiting[key]:
            waiting[key].pop(0)[1] = t
        elif event == 'block_rq_requeue' and waiting[key]:
            waiting[key].pop(0)
    return by_key


def main(ref_path, csv_path):
    by_key = reference_ios(ref_path)
    rows = [line.rstrip('\n').split(',') for line in open(csv_path) if not line.startswith('#')][1:]
    ios = [(int(r[0]) / 1000, int(r[1]) / 1000 if r[1] else None, int(r[2]), int(r[3]), r[4]) for r in rows]
    first = ios[0]
    shift = min(by_key[first[2:]], key=lambda io: io[0])[0] - first[0]
    right = wrong = 0
    largest = 0
    for issue, complete, offset, length, op in ios:
        candidates = by_key[(offset, length, op)]
        if not candidates or complete is None:
            continue
        t = issue + shift
        ref = min(candidates, key=lambda io: abs(io[0] - t))
        if abs(ref[0] - t) > SLACK_US or ref[1] is None:
            continue
        diff = abs((complete - issue) - (ref[1] - ref[0]))
        if diff > SLACK_US:
            wrong += 1
            largest = max(largest, diff)
        else:
            right += 1
    print(f'{len(ios):,} | {right:,} | {wrong:,} | {largest:,.0f}')


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
