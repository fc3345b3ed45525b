# Runs a command where socket(AF_NETLINK, ...) fails with EAFNOSUPPORT, as in a sandbox that refuses netlink sockets:
# a seccomp filter (seccomp(2), SECCOMP_MODE_FILTER) that the command and its children inherit through exec.
# Usage: python3 no-netlink.py COMMAND [ARG...]
import ctypes
import errno
import os
import platform
import struct
import sys

PR_SET_NO_NEW_PRIVS = 38
PR_SET_SECCOMP = 22
SECCOMP_MODE_FILTER = 2
SECCOMP_RET_ALLOW = 0x7FFF0000
SECCOMP_RET_ERRNO = 0x00050000
AF_NETLINK = 16
# struct seccomp_data: nr at 0, arch at 4, args[0] at 16 (its low 32 bits first: both machines are little-endian).
DATA_NR, DATA_ARCH, DATA_ARG0 = 0, 4, 16
BPF_LD_W_ABS, BPF_JEQ_K, BPF_RET_K = 0x20, 0x15, 0x06
# (AUDIT_ARCH_*, __NR_socket) by machine.
MACHINES = {"x86_64": (0xC000003E, 41), "aarch64": (0xC00000B7, 198)}


def main():
    arch, socket_nr = MACHINES[platform.machine()]
    # Each instruction: code, jump if true, jump if false (instructions skipped), k.
    program = [
        (BPF_LD_W_ABS, 0, 0, DATA_ARCH),
        (BPF_JEQ_K, 0, 5, arch),
        (BPF_LD_W_ABS, 0, 0, DATA_NR),
        (BPF_JEQ_K, 0, 3, socket_nr),
        (BPF_LD_W_ABS, 0, 0, DATA_ARG0),
        (BPF_JEQ_K, 0, 1, AF_NETLINK),
        (BPF_RET_K, 0, 0, SECCOMP_RET_ERRNO | errno.EAFNOSUPPORT),
        (BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW),
    ]
    filters = ctypes.create_string_buffer(b"".join(struct.pack("=HBBI", *i) for i in program))

    class SockFprog(ctypes.Structure):
        _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]

    fprog = SockFprog(len(program), ctypes.addressof(filters))
    libc = ctypes.CDLL(None, use_errno=True)
    for args in ((PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0),
                 (PR_SET_SECCOMP, SECCOMP_MODE_FILTER, ctypes.addressof(fprog), 0, 0)):
        if libc.prctl(*[ctypes.c_ulong(a) for a in args]) != 0:
            sys.exit("no-netlink.py: prctl failed: " + os.strerror(ctypes.get_errno()))
    os.execvp(sys.argv[1], sys.argv[1:])


main()
