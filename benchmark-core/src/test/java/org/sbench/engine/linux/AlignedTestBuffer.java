package org.sbench.engine.linux;

import com.sun.jna.Pointer;

/**
 * Test support: a page-aligned anonymous mapping for O_DIRECT IO, with its contents copied to and
 * from Java arrays (tests outside this package must not touch JNA types).
 */
public final class AlignedTestBuffer implements AutoCloseable {
    private final long address;
    private final int bytes;
    private final Pointer pointer;

    public AlignedTestBuffer(int bytes) {
        this.bytes = bytes;
        this.address = LibC.mmap(0, bytes, LibC.PROT_READ | LibC.PROT_WRITE,
                LibC.MAP_PRIVATE | LibC.MAP_ANONYMOUS, -1, 0);
        this.pointer = new Pointer(address);
    }

    public long address() {
        return address;
    }

    public int bytes() {
        return bytes;
    }

    public void fill(byte[] data) {
        pointer.write(0, data, 0, data.length);
    }

    public byte[] contents() {
        return pointer.getByteArray(0, bytes);
    }

    /** pwrite(2) of the whole buffer at {@code offsetBytes}: bytes written or a negative errno. */
    public long pwrite(int fd, long offsetBytes) {
        return Syscalls.pwrite(fd, address, bytes, offsetBytes);
    }

    /** pread(2) into the whole buffer from {@code offsetBytes}: bytes read or a negative errno. */
    public long pread(int fd, long offsetBytes) {
        return Syscalls.pread(fd, address, bytes, offsetBytes);
    }

    @Override
    public void close() {
        LibC.munmap(address, bytes);
    }
}
