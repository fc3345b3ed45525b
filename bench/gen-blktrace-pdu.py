#!/usr/bin/env python3
"""Writes a version 7 blktrace file of issue/complete pairs of 4 KiB writes, each record followed by
PDU payload bytes (0 for an ordinary file; 4096, the most a record may carry, for a hostile one),
until the file holds about MB megabytes.

usage: gen-blktrace-pdu.py OUT MB PDU
"""
import struct
import sys

ISSUE, COMPLETE, WRITE = 7, 8, 1 << 17


def record(seq, t, sector, action, pdu):
    head = struct.pack("<IIQQIIIIIHH", 0x65617407, seq, t, sector, 4096, action | WRITE, 1, 8 << 20, 0, 0, len(pdu))
    return head + pdu


def main():
    out, mb, pdu_len = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    pdu = b"\x07" * pdu_len
    total = mb * 1_000_000
    written, i = 0, 0
    with open(out, "wb") as f:
        while written < total:
            chunk = b"".join(record(2 * k, 1000 * k, 8 * k, ISSUE, pdu) + record(2 * k + 1, 1000 * k + 500, 8 * k, COMPLETE, pdu)
                             for k in range(i, i + 1000))
            f.write(chunk)
            written += len(chunk)
            i += 1000


main()
