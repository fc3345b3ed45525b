# Reads 4 KiB of DEVICE COUNT times (O_DIRECT), each time as a process of a name of its own (n0, n1, ...): prctl(PR_SET_NAME).
import ctypes
import mmap
import os
import sys

PR_SET_NAME = 15
libc = ctypes.CDLL(None, use_errno=True)
device, count = sys.argv[1], int(sys.argv[2])
fd = os.open(device, os.O_RDONLY | os.O_DIRECT)
buffer = mmap.mmap(-1, 4096)
for i in range(count):
    if libc.prctl(PR_SET_NAME, ("n%d" % i).encode(), 0, 0, 0) != 0:
        sys.exit("prctl: " + os.strerror(ctypes.get_errno()))
    os.preadv(fd, [buffer], (i % 1024) * 4096)
os.close(fd)
