#!/usr/bin/env python3
"""Writes an .sbt trace straight to OUT: RECORDS reads in issue order (4 KiB each, 500 ns to complete, qd 1),
record i naming process i % NAMES, and a trailer of NAMES distinct names of NAME_BYTES bytes each
("p0000001..." padded with 'x'), each once, as a table the writer would keep.
Usage: gen-sbt-names.py RECORDS NAMES NAME_BYTES OUT"""
import struct
import sys

import numpy as np

CHUNK = 1 << 20


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    records, names, name_bytes, out = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    if names > records or name_bytes < 8 or name_bytes > 256:
        sys.exit("gen-sbt-names.py: expected NAMES <= RECORDS and NAME_BYTES from 8 to 256")
    source = b"tracefs"
    head = struct.pack("<8sHHIqIIq", b"\x89SBT\r\n\x1a\n", 1, 1, 0, records, 0b1101, 48, 0)
    head += struct.pack("<H", len(source)) + source + struct.pack("<I", 0)
    head += b"\0" * (-len(head) % 8)
    offset = len(head)
    trailer = offset + 48 * records
    head = head[:12] + struct.pack("<I", offset) + head[16:32] + struct.pack("<q", trailer) + head[40:]
    rec = np.dtype([("issue", "<i8"), ("complete", "<i8"), ("offset", "<i8"), ("length", "<i8"), ("op", "u1"),
                    ("reserved", "u1", 3), ("stream", "<i4"), ("qd", "<i4"), ("process", "<i4")])
    assert rec.itemsize == 48
    with open(out, "wb") as f:
        f.write(head)
        for first in range(0, records, CHUNK):
            i = np.arange(first, min(records, first + CHUNK), dtype=np.int64)
            r = np.zeros(len(i), dtype=rec)
            r["issue"] = i * 1000
            r["complete"] = i * 1000 + 500
            r["offset"] = i * 4096
            r["length"] = 4096
            r["stream"] = -1
            r["qd"] = 1
            r["process"] = i % names
            f.write(r.tobytes())
        f.write(struct.pack("<I", names))
        buf = bytearray()
        for n in range(names):
            name = (b"p%07d" % n).ljust(name_bytes, b"x")
            buf += struct.pack("<H", len(name)) + name
            if len(buf) > CHUNK:
                f.write(buf)
                buf.clear()
        f.write(buf)
        f.write(struct.pack("<I", 0))


if __name__ == "__main__":
    main()
