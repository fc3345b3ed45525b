// Disk space allocated ahead of the trace being recorded, so that a full disk still leaves room to end the trace.
package org.sbench.record;

import java.nio.file.Path;
import org.sbench.engine.linux.Errno;
import org.sbench.engine.linux.RecordCalls;

/**
 * Keeps the start of a file allocated (fallocate) up to where its writer will have got, a chunk at
 * a time: the writer asks for its end with what it must still write to finish the file, and a
 * chunk the file system cannot allocate says the disk is full while what was asked before, the
 * file's end with it, is still held. The file grows with the allocation; its writer cuts it to
 * what it wrote when it finishes.
 *
 * <p>Where the file system has no fallocate (EOPNOTSUPP: ext2 and ext3, some network and FUSE file systems) the
 * chunk is written as zeros instead, so that the writer's writes land in blocks already allocated. That holds
 * where a write over written blocks needs no new ones: not on a copy-on-write file system, nor where blocks are
 * allocated only at writeback without being reserved at the write.
 *
 * <p>Its own descriptor of the file stays open until the file is committed or deleted: closing any
 * descriptor of a file drops this process's fcntl locks of it, the part file's lock
 * ({@link org.sbench.trace.input.PartFiles}) among them.
 */
final class SpaceReserve implements AutoCloseable {
    /** Allocated at a time: a call per 1,365 records of 48 bytes, and at most this much room left unused at a full disk. */
    static final long CHUNK_BYTES = 64 << 10;
    private static final int NONE = -1;

    private final Path file;
    private int fd;
    /** False once fallocate said the file system cannot (EOPNOTSUPP): zeros are written instead. */
    private boolean fallocate = true;
    private boolean quota;
    /** Bytes allocated from the start of the file. */
    private long allocated;

    SpaceReserve(Path file) {
        this.file = file;
        this.fd = RecordCalls.openForWriting(file);
    }

    /**
     * Makes sure the first {@code endBytes} of the file are allocated, allocating a chunk (or what
     * is asked, if more) when they are not.
     *
     * @return false when the file system is full or the disk quota ran out ({@link #quota()}); true when allocated
     */
    boolean cover(long endBytes) {
        if (endBytes <= allocated) {
            return true;
        }
        long end = Math.max(endBytes, allocated + CHUNK_BYTES);
        int errno = allocate(allocated, end - allocated);
        if (errno != 0) {
            quota = errno == Errno.EDQUOT;
            return false;
        }
        allocated = end;
        return true;
    }

    /**
     * Gives the blocks of {@code length} bytes at {@code offset} back (a hole), so that what is written there next
     * gets new ones; nothing where the file system cannot punch holes. A write into blocks that a failed writeback
     * left allocated but unwritten (ext4's unwritten extents) reaches the disk and still reads back as zeros.
     */
    void release(long offset, long length) {
        RecordCalls.punchHole(fd, offset, length, file);
    }

    /** The end up to which the file needs no allocation. */
    long covered() {
        return allocated;
    }

    /** 0 or the errno of {@link RecordCalls#allocate}, by fallocate or else by writing zeros. */
    private int allocate(long offset, long length) {
        if (fallocate) {
            int errno = RecordCalls.allocate(fd, offset, length, file);
            if (errno != Errno.EOPNOTSUPP) {
                return errno;
            }
            fallocate = false;
        }
        return RecordCalls.writeZeros(fd, offset, length, file);
    }

    /** True when what {@link #cover} could not allocate was refused by the user's disk quota (EDQUOT). */
    boolean quota() {
        return quota;
    }

    @Override
    public void close() {
        if (fd != NONE) {
            int open = fd;
            fd = NONE;
            RecordCalls.close(open, file);
        }
    }
}
