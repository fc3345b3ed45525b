package org.sbench.engine.linux;

import com.sun.jna.LastErrorException;
import com.sun.jna.Pointer;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One mmap'd region: zeroed anonymous memory (IO buffers, AIO control blocks) or a shared mapping
 * of a kernel object (io_uring's rings). Page aligned, resident once made, unmapped by
 * {@link #close()}. Not thread-safe; the memory itself may be shared with the kernel and with
 * worker threads as the owner arranges.
 */
public final class MappedMemory implements AutoCloseable {
    public static final long PAGE_BYTES = 4096;
    /** A transparent huge page on x86-64 and on arm64 with 4 KiB base pages. */
    public static final long HUGE_PAGE_BYTES = 2L << 20;
    private static final Path SELF_SMAPS = Path.of("/proc/self/smaps");
    private static final String ANON_HUGE_PAGES = "AnonHugePages:";

    private final long address;
    private final long bytes;
    private boolean closed;

    private MappedMemory(long address, long bytes) {
        this.address = address;
        this.bytes = bytes;
    }

    /** {@code bytes} (rounded up to whole pages) of zeroed private memory, already faulted in. */
    public static MappedMemory anonymous(long bytes, String what) {
        long size = roundUp(bytes, PAGE_BYTES);
        long a = map(0, size, LibC.PROT_READ | LibC.PROT_WRITE,
                LibC.MAP_PRIVATE | LibC.MAP_ANONYMOUS | LibC.MAP_POPULATE, -1, 0, what);
        return new MappedMemory(a, size);
    }

    /**
     * {@code bytes} (rounded up to whole 2 MiB huge pages) of zeroed private memory starting on a
     * 2 MiB boundary, advised {@code MADV_HUGEPAGE}, then written page by page. MAP_POPULATE is not
     * used on purpose: it would fault 4 KiB pages in before the advice applies, and THP in
     * {@code madvise} mode only takes effect at a fault after it. Whether huge pages were granted
     * is {@link #hugePageBytes()}; without them the memory works the same, only in 4 KiB pieces.
     */
    public static MappedMemory hugePageAligned(long bytes, String what) {
        long size = roundUp(bytes, HUGE_PAGE_BYTES);
        // mmap only promises page alignment: map one huge page more and trim both ends.
        long mapped = size + HUGE_PAGE_BYTES;
        long raw = map(0, mapped, LibC.PROT_READ | LibC.PROT_WRITE, LibC.MAP_PRIVATE | LibC.MAP_ANONYMOUS, -1, 0, what);
        long start = roundUp(raw, HUGE_PAGE_BYTES);
        unmap(raw, start - raw, what);
        unmap(start + size, raw + mapped - (start + size), what);
        try {
            LibC.madvise(start, size, LibC.MADV_HUGEPAGE);
        } catch (LastErrorException e) {
            // Kernels built without THP reject the advice (EINVAL); plain pages still work.
            if (e.getErrorCode() != Errno.EINVAL) {
                unmap(start, size, what);
                throw Errno.failure("madvise(MADV_HUGEPAGE)", what, e);
            }
        }
        Pointer p = new Pointer(start);
        for (long off = 0; off < size; off += PAGE_BYTES) {
            p.setByte(off, (byte) 0);
        }
        return new MappedMemory(start, size);
    }

    /** {@code bytes} of {@code fd} at {@code offset}, shared with the kernel (io_uring rings). */
    public static MappedMemory shared(int fd, long offset, long bytes, String what) {
        long size = roundUp(bytes, PAGE_BYTES);
        long a = map(0, size, LibC.PROT_READ | LibC.PROT_WRITE, LibC.MAP_SHARED | LibC.MAP_POPULATE, fd, offset, what);
        return new MappedMemory(a, size);
    }

    public long address() {
        return address;
    }

    public long bytes() {
        return bytes;
    }

    /**
     * A native-order direct buffer over the whole region (at most 2 GiB), for struct fields and
     * for {@link java.lang.invoke.MethodHandles#byteBufferViewVarHandle} access. Valid until
     * {@link #close()}; touching it afterwards may crash the JVM.
     */
    public ByteBuffer view() {
        return NativeBytes.view(address, bytes);
    }

    /**
     * Bytes of the region backed by transparent huge pages, from the {@code AnonHugePages} lines
     * of /proc/self/smaps for the mappings overlapping it, or -1 when that file cannot be read.
     * The kernel may merge this mapping with an adjacent one of identical flags; the count is
     * capped at the region's size but may then include a neighbour's huge pages.
     */
    public long hugePageBytes() {
        long end = address + bytes;
        long total = 0;
        boolean overlapping = false;
        try (BufferedReader in = Files.newBufferedReader(SELF_SMAPS, StandardCharsets.US_ASCII)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                int dash = line.indexOf('-');
                int space = line.indexOf(' ');
                if (dash > 0 && space > dash && isHex(line, 0, dash)) {
                    long from = Long.parseUnsignedLong(line.substring(0, dash), 16);
                    long to = Long.parseUnsignedLong(line.substring(dash + 1, space), 16);
                    overlapping = Long.compareUnsigned(from, end) < 0 && Long.compareUnsigned(to, address) > 0;
                } else if (overlapping && line.startsWith(ANON_HUGE_PAGES)) {
                    String kib = line.substring(ANON_HUGE_PAGES.length()).replace("kB", "").trim();
                    total += Long.parseLong(kib) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return Math.min(total, bytes);
    }

    /** Unmaps the region; idempotent. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            unmap(address, bytes, "memory being released");
        }
    }

    private static long map(long addr, long length, int prot, int flags, int fd, long offset, String what) {
        try {
            return LibC.mmap(addr, length, prot, flags, fd, offset);
        } catch (LastErrorException e) {
            throw Errno.failure("mmap", what + " (" + length + " bytes)", e);
        }
    }

    private static void unmap(long addr, long length, String what) {
        if (length == 0) {
            return;
        }
        try {
            LibC.munmap(addr, length);
        } catch (LastErrorException e) {
            throw Errno.failure("munmap", what, e);
        }
    }

    private static boolean isHex(String s, int from, int to) {
        for (int i = from; i < to; i++) {
            if (Character.digit(s.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    static long roundUp(long value, long multiple) {
        return (value + multiple - 1) / multiple * multiple;
    }
}
