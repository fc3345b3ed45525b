// One CPU's ring-buffer pages of a trace.dat, read page by page from its place in the file, decompressed chunk by chunk.
package org.sbench.trace.format.tracecmd;

import java.io.InputStream;
import java.nio.ByteBuffer;
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
    /** {@code CPU N's data (bytes A to B)}, and what a page and a chunk of it are called in errors. */
    private final String name;
    private final String aPage;
    private final String aChunk;
    private long chunksLeft;
    /** The compressed chunk read last, in its first bytes, and the chunk decompressed: grown to the largest, not one a chunk. */
    private byte[] compressed = new byte[0];
    private byte[] chunk = new byte[0];
    private int chunkBytes;
    private int chunkAt;
    private long chunkOffset;
    private long pageAt;
    private int pageInChunk;

    /** The pages of {@code data}, read from {@code in} (the file from its first byte). */
    CpuPages(TraceDat dat, TraceDat.CpuData data, InputStream in) {
        this.dat = dat;
        this.data = data;
        this.in = in;
        this.r = new DatReader(in, dat.file, 0, null, dat.order);
        this.name = "CPU " + data.cpu() + "'s data (bytes " + data.offset() + " to " + (data.offset() + data.size()) + ")";
        this.aPage = "a page of " + name;
        this.aChunk = "a compressed chunk of " + name;
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

    /** The file byte of the page {@link #next} last gave, or of its compressed chunk. */
    long pageAt() {
        return pageAt;
    }

    /** The place in its compressed chunk of the page {@link #next} last gave, -1 for plain data. */
    int pageInChunk() {
        return pageInChunk;
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
                throw r.bad(r.position(), name + " in whole pages of " + bytes + " bytes", "its last " + left + " bytes");
            }
            pageAt = r.position();
            pageInChunk = -1;
            r.bytes(page.array(), bytes, aPage);
            return true;
        }
        while (chunkAt == chunkBytes) {
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
            if (this.compressed.length < compressed) {
                this.compressed = new byte[compressed];
            }
            r.bytes(this.compressed, compressed, aChunk);
            if (chunk.length < size) {
                chunk = new byte[size];
            }
            dat.decompress(r, at, this.compressed, compressed, chunk, size);
            chunkBytes = size;
            chunkAt = 0;
            chunkOffset = at;
        }
        pageAt = chunkOffset;
        pageInChunk = chunkAt / bytes;
        System.arraycopy(chunk, chunkAt, page.array(), 0, bytes);
        chunkAt += bytes;
        return true;
    }

    @Override
    public void close() {
        TraceInput.close(in);
    }
}
