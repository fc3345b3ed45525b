package org.sbench.trace.input;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import com.github.luben.zstd.ZstdIOException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import org.apache.commons.compress.compressors.CompressorInputStream;

/**
 * A zstd stream (concatenated frames, skippable ones skipped) decompressed by libzstd's streaming call, given the
 * compressed bytes one {@link ZstdParts} piece at a time: a call that fails returns none of the bytes it decoded, so
 * no call is given more than one block. zstd-jni's input stream gave it all the input it had, and a damaged block
 * lost the blocks decoded with it (up to 256 KiB of lines before the damage). Counts each call's bytes as it gives
 * them, so that those of a read that fails after some calls are counted ({@link CompressorInputStream#getBytesRead})
 * for {@link Compression}'s stream to return. The window is limited by libzstd's default (2^27 bytes).
 */
final class ZstdStream extends CompressorInputStream {
    /** A block's compressed content is at most this (128 KiB): one piece, which libzstd decodes in place. */
    private static final int INPUT_BYTES = 128 * 1024;
    private final InputStream raw;
    private final ZstdParts parts;
    private final ZstdDecompressCtx zstd = new ZstdDecompressCtx();
    private final ByteBuffer input = ByteBuffer.allocate(INPUT_BYTES).limit(0);
    /** libzstd has decoded and given out all of the last frame it was given. */
    private boolean frameEnded;

    ZstdStream(InputStream raw) {
        this.raw = raw;
        this.parts = new ZstdParts(raw);
    }

    @Override
    public int read() throws IOException {
        return Compression.readByte(this);
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        ByteBuffer out = ByteBuffer.wrap(into, offset, length);
        while (out.hasRemaining()) {
            if (!input.hasRemaining()) {
                // What libzstd holds of the last block goes out before it is given the next.
                if (!frameEnded && decompress(out) > 0) {
                    continue;
                }
                int n = parts.read(input.array(), 0, INPUT_BYTES);
                if (n < 0) {
                    if (frameEnded) {
                        break;
                    }
                    throw new ZstdIOException(Zstd.errCorruptionDetected(), "Truncated source");
                }
                input.position(0).limit(n);
            }
            decompress(out);
        }
        int n = out.position() - offset;
        return n == 0 && length > 0 ? -1 : n;
    }

    /** Decompresses what it can of {@link #input} into {@code out}; the number of bytes given. */
    private int decompress(ByteBuffer out) throws IOException {
        int before = out.position();
        try {
            frameEnded = zstd.decompressByteBufferStream(out, input);
        } catch (ZstdException e) {
            // zstd-jni's context gives the code negated (as libzstd returns it), its input stream as a positive one.
            throw new ZstdIOException(Math.abs(e.getErrorCode()), e.getMessage());
        }
        int n = out.position() - before;
        count(n);
        return n;
    }

    @Override
    public void close() throws IOException {
        zstd.close();
        raw.close();
    }
}
