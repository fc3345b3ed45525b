#!/usr/bin/env python3
"""Writes N IOs as the kernel's tracefs text prints them (trace_pipe of a recording, kernel 6.x:
irq-info flags, ioprio, comm): 4 KiB random reads of fio at queue depth 32 on device 7,0 (a loop
device), each block_rq_issue followed 32 IOs later by its block_rq_complete, 5 us between events.
Usage: gen-tracefs.py N > FILE (the reader's input for bench/ReadThroughput.java FILE tracefs)"""
import random, sys

n = int(sys.argv[1])
qd = 32
rnd = random.Random(11)
out = sys.stdout
issue = "             fio-%d   [%03d] ..... %6d.%06d: block_rq_issue: 7,0 R 4096 () %d + 8 be,0,4 [fio]\n"
complete = "     kworker/%d:1H-%d      [%03d] ..... %6d.%06d: block_rq_complete: 7,0 R () %d + 8 be,0,4 [0]\n"
waiting = []
buf = []
us = 1_000_000
for i in range(n + qd):
    if i < n:
        sector = rnd.randrange(262144) * 8
        cpu = i % 2
        buf.append(issue % (4242 + cpu, cpu, us // 1_000_000, us % 1_000_000, sector))
        waiting.append(sector)
        us += 5
    if waiting and (len(waiting) > qd or i >= n):
        cpu = (i + 1) % 2
        buf.append(complete % (cpu, 90 + cpu, cpu, us // 1_000_000, us % 1_000_000, waiting.pop(0)))
        us += 5
    if len(buf) >= 100000:
        out.write("".join(buf)); buf = []
out.write("".join(buf))
