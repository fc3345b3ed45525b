#!/usr/bin/env python3
"""Writes a text trace whose every line carries one enormous field, or an ordinary one of the same size.

usage: gen-enormous.py FORMAT KIND OUT [MB]
FORMAT: fiu tracefs blkparse etw csv msr spc alibaba tencent systor
KIND:   big (each line one field of about 1,000,000 bytes: a process name where the format has
        one, else a number written with leading zeros) or plain (short lines, as many MB)
"""
import sys

BIG = 1_000_000


# One line of each format; {name} is a process name and {zeros} leading zeros of a number, each enormous or short.
LINES = {
    "fiu": "{t_ns} 2{pid:03d} {name} {lba} 8 W 6 0 4b4ea0a16b6c8b1ad9d9446e2de3b3a4",
    "tracefs": " kworker/0:1H-123  [000] d..1.  {s:.6f}: block_rq_issue: 8,0 W 4096 () {lba} + 8 be,0,4 [{name}]",
    "blkparse": "  8,0    1 {seq:8d} {rel:14.9f}   697  D   W {lba} + 8 [{name}]",
    "etw": "DiskWrite, {seq}, {name} (1), 2, 0xfffffa8000000010, {offset}, 4096, 100, 0, 0x60043",
    "csv": '{t_ns},,{offset},4096,W,0,,"{name}"',
    "msr": "{filetime},hm,1,Write,{zeros}{offset},4096,8921",
    "spc": "2,{zeros}{lba},4096,w,{rel:.6f}",
    "alibaba": "7,W,{zeros}{offset},4096,{us}",
    "tencent": "{epoch},{zeros}{lba},8,1,2301",
    "systor": "{epoch_s:.9f},0.000412000,W,3,{zeros}{offset},4096",
}


def line(fmt, i, pad):
    # pad: the enormous part ('' for an ordinary line); names get letters, numbers leading zeros.
    lba = 1000 + i * 8
    return LINES[fmt].format(
        name=("p" * len(pad) if pad else "proc") + str(i % 50), zeros="0" * len(pad), pid=i % 1000, seq=i + 1,
        t_ns=89981917150045 + i * 1000, s=1234.0 + i / 1e6, rel=i / 1e6, lba=lba, offset=lba * 512,
        filetime=128166372003061629 + i * 10, us=1577808000001234 + i, epoch=1538323200 + i // 1000,
        epoch_s=1456200000 + i / 1e6) + "\n"


def head(fmt):
    if fmt == "etw":
        return ("BeginHeader\n  DiskWrite,  TimeStamp,  Process Name ( PID),  ThreadID,  IrpPtr,  ByteOffset,"
                "  IOSize,  ElapsedTime,  DiskNum,  IrpFlags\nEndHeader\n")
    if fmt == "csv":
        return "issue_ns,complete_ns,offset,length,op,stream,qd,process\n"
    return ""


def main():
    fmt, kind, out = sys.argv[1:4]
    if fmt not in LINES:
        raise SystemExit("unknown format " + fmt)
    total = int(sys.argv[4]) * 1_000_000 if len(sys.argv) > 4 else 100_000_000
    pad = "x" * BIG if kind == "big" else ""
    written = 0
    i = 0
    with open(out, "w") as f:
        f.write(head(fmt))
        while written < total:
            chunk = "".join(line(fmt, i + k, pad) for k in range(1 if pad else 10_000))
            f.write(chunk)
            written += len(chunk)
            i += 1 if pad else 10_000


main()
