#!/usr/bin/env python3
"""Writes a larger version 6 trace.dat from a small one, for reading benchmarks without recording (no root, no
trace-cmd): each CPU's pages K times over, each copy's page timestamps moved past the whole trace's span plus 1 s,
so every copy pairs within itself and times keep rising. Finds the CPU table after the last 'flyrecord' label
(version 6 only: uncompressed pages of 4096 bytes). Example, 1.8 M IOs from the test fixture's 6,000:
  zcat trace-formats/src/test/resources/org/sbench/trace/format/tracecmd/many6.dat.gz > /tmp/many6.dat
  python3 bench/scale-dat.py /tmp/many6.dat /tmp/big6.dat 300
Usage: python3 scale-dat.py IN.dat OUT.dat K"""
import os, struct, sys

PAGE = 4096
src, dst, k = sys.argv[1], sys.argv[2], int(sys.argv[3])
data = open(src, 'rb').read()
table = data.rfind(b'flyrecord\0') + len(b'flyrecord\0')
cpus = []
while True:
    offset, size = struct.unpack_from('<QQ', data, table + 16 * len(cpus))
    if offset < table or offset + size > len(data):
        break  # past the table: the clock's text follows it
    cpus.append((offset, size))
stamps = [struct.unpack_from('<Q', data, o + p)[0] for o, size in cpus for p in range(0, size, PAGE)]
shift = max(stamps) - min(stamps) + 1_000_000_000
head = bytearray(data[:cpus[0][0]])
at = len(head)
with open(dst + '.part', 'wb') as out:
    out.write(head)
    for n, (offset, size) in enumerate(cpus):
        struct.pack_into('<QQ', head, table + 16 * n, at, size * k)
        for copy in range(k):
            pages = bytearray(data[offset:offset + size])
            for p in range(0, size, PAGE):
                struct.pack_into('<Q', pages, p, struct.unpack_from('<Q', pages, p)[0] + copy * shift)
            out.write(pages)
        at += size * k
    out.seek(0)
    out.write(head)
os.replace(dst + '.part', dst)
print(f'{len(cpus)} CPUs, {at} bytes')
