// One CPU's ring-buffer pages of a trace.dat, read page by page from its place in the file, decompressed chunk by chunk.
package org.sbench.trace.format.tracecmd;

import java.io.InputStream;
import java.nio.ByteBuffer;
import org.sbench.SbenchException;
import org.sbench.trace.input.TraceInput;

/**
 * Hands out the pages of one CPU's data in file order, one at a time into a caller's buffer. Plain
 * data is the pages as the kernel wrote them; compressed data (version 7) is a u32 count of chunks,
 * each a u32 compressed size, a u32 size once decompressed (whole pages) and the compressed bytes,
 * of which one is held at a time. Not thread-safe.
 */
final class CpuPages implements AutoCloseable {
    /** The most a chunk may hold (trace-cmd's are 10 pages): memory taken before it is decompressed. */
    private static final long MAX_CHUNK = 1 << 26;
    private final TraceDat dat;
    private final TraceDat.CpuData data;
    private final InputStream in;
    private final DatReader r;
    private long chunksLeft;
    private byte[] chunk = new byte[0];
    private int chunkAt;
    private long chunkOffset;
    private String page;

    /** The pages of {@code data}, read from {@code in} (the file from its first byte). */
    CpuPages(TraceDat dat, TraceDat.CpuData data, InputStream in) {
        this.dat = dat;
        this.data = data;
        this.in = in;
        this.r = new DatReader(in, dat.file, 0, null, dat.order);
        r.skip(data.offset(), "CPU " + data.cpu() + "'s data");
        if (dat.dataCompressed) {
            chunksLeft = r.u32("CPU " + data.cpu() + "'s count of compressed chunks");
        }
    }

    int cpu() {
        return data.cpu();
    }

    /** Bytes of the CPU's data read so far (compressed bytes when compressed). */
    long consumedBytes() {
        return r.position() - data.offset();
    }

    /** Where the page {@link #next} last gave is: {@code byte N (a page of CPU 1's data)}, or its chunk's byte and its place in it. */
    String page() {
        return page;
    }

    /** {@code CPU N's data (bytes A to B)}. */
    private String describe() {
        return "CPU " + data.cpu() + "'s data (bytes " + data.offset() + " to " + (data.offset() + data.size()) + ")";
    }

    /**
     * Fills {@code page} (a page's bytes, from position 0) with the next page.
     *
     * @return false when the CPU's data has no more
     */
    boolean next(ByteBuffer page) {
        int bytes = page.capacity();
        if (!dat.dataCompressed) {
            long left = data.offset() + data.size() - r.position();
            if (left <= 0) {
                return false;
            }
            if (left < bytes) {
                throw r.bad(r.position(), describe() + " in whole pages of " + bytes + " bytes", "its last " + left + " bytes");
            }
            this.page = "byte " + r.position() + " (a page of CPU " + data.cpu() + "'s data)";
            page.clear().put(r.bytes(bytes, "a page of " + describe()));
            return true;
        }
        while (chunkAt == chunk.length) {
            if (chunksLeft == 0) {
                return false;
            }
            chunksLeft--;
            long at = r.position();
            int compressed = (int) r.count(r.u32("a chunk's compressed size"), at, MAX_CHUNK, "a chunk's compressed size");
            int size = (int) r.count(r.u32("a chunk's size"), at + Integer.BYTES, MAX_CHUNK, "a chunk's size");
            if (size % bytes != 0) {
                throw r.bad(at + Integer.BYTES, "a chunk of whole pages of " + bytes + " bytes", size + " bytes");
            }
            chunk = dat.decompress(r, at, r.bytes(compressed, "a compressed chunk of " + describe()), size);
            chunkAt = 0;
            chunkOffset = at;
        }
        this.page = "byte " + chunkOffset + " (page " + (chunkAt / bytes) + " of the " + dat.codec.word()
                + " chunk there, of CPU " + data.cpu() + "'s data)";
        page.clear().put(chunk, chunkAt, bytes);
        chunkAt += bytes;
        return true;
    }

    @Override
    public void close() {
        TraceInput.close(in);
    }
}
