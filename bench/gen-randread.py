#!/usr/bin/env python3
"""Writes a synthetic trace in sbench's CSV form: N 4 KiB reads at random 4 KiB-aligned offsets
below SPAN bytes (or IOs of SIZE bytes; sequential ones, wrapping at SPAN, with --seq; writes
instead of reads with --write, trims with --trim). Times are 1 us apart; no completion times
(replayed with --mode fixed-qd). Usage: gen-randread.py N SPAN [SIZE] [--seq] [--write | --trim]"""
import random, sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
seq = "--seq" in sys.argv
op = "T" if "--trim" in sys.argv else "W" if "--write" in sys.argv else "R"
n, span = int(args[0]), int(args[1])
size = int(args[2]) if len(args) > 2 else 4096
rnd = random.Random(11)
out = sys.stdout
out.write("issue_ns,complete_ns,offset,length,op,stream,qd,process\n")
blocks = span // size
buf = []
for i in range(n):
    off = (i % blocks) * size if seq else rnd.randrange(blocks) * size
    buf.append("%d,,%d,%d,%s,,,\n" % (i * 1000, off, size, op))
    if len(buf) == 100000:
        out.write("".join(buf)); buf = []
out.write("".join(buf))
