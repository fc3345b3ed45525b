#!/usr/bin/env python3
"""Writes a synthetic Alibaba block-trace archive (io_traces.csv layout, no header:
device_id,opcode,offset,length,timestamp) to stdout: N IOs over V volumes, a benchmark input,
not a recording. Each volume has its own rate, read share, size mix and sequential runs; about
1 line in 200 is a few microseconds out of time order, as merged collector output is.
Usage: python3 gen-alibaba.py N V [SEED] > io_traces.csv"""
import sys

try:
    import numpy as np
except ImportError:
    sys.exit("gen-alibaba.py needs numpy (apt-get install python3-numpy, or pip install numpy)")

n = int(sys.argv[1])
volumes = int(sys.argv[2])
rng = np.random.default_rng(int(sys.argv[3]) if len(sys.argv) > 3 else 2020)
T0_US = 1577808000000000            # 2020-01-01 00:00 UTC+8, as the published traces start
SIZES = np.array([4096, 8192, 16384, 32768, 65536, 131072, 262144, 512])
CHUNK = 1_000_000

weight = rng.lognormal(0.0, 1.0, volumes)                 # busy and quiet volumes, none above a few per cent
weight /= weight.sum()
read_share = rng.uniform(0.05, 0.95, volumes)
size_mix = rng.dirichlet(np.ones(len(SIZES)) * 0.7, volumes)
seq_share = rng.uniform(0.0, 0.8, volumes)
capacity_blocks = rng.integers(1 << 22, 1 << 26, volumes)  # 16 GiB .. 256 GiB in 4 KiB blocks
next_offset = np.zeros(volumes, dtype=np.int64)
t = T0_US
out = sys.stdout
for start in range(0, n, CHUNK):
    m = min(CHUNK, n - start)
    dev = rng.choice(volumes, m, p=weight)
    ts = t + np.cumsum(rng.integers(0, 40, m))
    t = int(ts[-1])
    late = rng.random(m) < 0.005
    ts = ts - np.where(late, rng.integers(1, 50, m), 0)
    length = SIZES[(rng.random(m)[:, None] > np.cumsum(size_mix[dev], axis=1)).sum(axis=1).clip(0, len(SIZES) - 1)]
    random_off = rng.integers(0, capacity_blocks[dev]) * 4096
    seq = rng.random(m) < seq_share[dev]
    off = np.empty(m, dtype=np.int64)
    # Sequential IOs continue where their volume's previous IO ended: a per-volume running offset.
    for i in range(m):
        d = dev[i]
        o = next_offset[d] if seq[i] else random_off[i]
        off[i] = o
        next_offset[d] = o + length[i]
    op = np.where(rng.random(m) < read_share[dev], "R", "W")
    lines = [f"{d},{o},{x},{l},{s}\n" for d, o, x, l, s in zip(dev, op, off, length, ts)]
    out.write("".join(lines))
