package org.sbench.trace.input;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdIOException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.compress.MemoryLimitException;
import org.apache.commons.compress.compressors.CompressorInputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;
import org.sbench.SbenchException;

/**
 * Compression of a trace file, recognised by its magic bytes rather than its name. Decompression
 * takes at most {@link #MEMORY_LIMIT_MIB} MiB whatever the file's header asks for: an xz stream
 * needing more (a dictionary over about 127 MiB; {@code xz -9} needs 65 MiB) or a zstd frame with a
 * larger window ({@code zstd --long=28} or more; libzstd's own default limit) is refused in one line
 * naming the file, the decompressed byte and how to read it. A file damaged past its start (cut short,
 * garbage after its stream) gives the bytes decompressed before the damage, then fails.
 */
enum Compression {
    NONE(new byte[0]),
    GZIP(new byte[] {0x1f, (byte) 0x8b}),
    XZ(new byte[] {(byte) 0xfd, '7', 'z', 'X', 'Z', 0}),
    BZIP2(new byte[] {'B', 'Z', 'h'}),
    ZSTD(new byte[] {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd});

    static final int MAGIC_BYTES = 6;
    /** The most memory a decompressor may take; zstd's window limit (2^27 bytes) is the same. */
    static final int MEMORY_LIMIT_MIB = 128;
    private final byte[] magic;

    Compression(byte[] magic) {
        this.magic = magic;
    }

    static Compression detect(byte[] head, int length) {
        for (Compression c : values()) {
            if (c != NONE && startsWith(head, length, c.magic)) {
                return c;
            }
        }
        return NONE;
    }

    private static boolean startsWith(byte[] head, int length, byte[] magic) {
        if (length < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if (head[i] != magic[i]) {
                return false;
            }
        }
        return true;
    }

    /** {@code raw} decompressed; the file is named {@code name} in the error of a stream over the memory limit. */
    InputStream wrap(InputStream raw, String name) throws IOException {
        switch (this) {
            case GZIP: return new Counted(new GzipCompressorInputStream(new GzipHeaderText(raw, name), true), name);
            case XZ: return new Counted(XZCompressorInputStream.builder().setInputStream(raw).setDecompressConcatenated(true)
                    .setMemoryLimitKiB(MEMORY_LIMIT_MIB * 1024).get(), name);
            case BZIP2: return new Counted(new FirstReadBzip2(raw), name);
            case ZSTD: return new Counted(new ZstdStream(raw), name);
            default: return raw;
        }
    }

    /**
     * What the decompressor's failure {@code e} of file {@code name} says when it is a refusal to take
     * more memory than the limit; null for any other.
     */
    private static String overLimit(IOException e, String name) {
        if (e instanceof MemoryLimitException m) {
            return xzOverLimit(m.getMemoryNeededInKb(), name);
        }
        if (e instanceof org.tukaani.xz.MemoryLimitException m) {
            // Starting the next stream of a concatenated file, commons-compress passes xz's own on.
            return xzOverLimit(m.getMemoryNeeded(), name);
        }
        if (e instanceof ZstdIOException z && z.getErrorCode() == Zstd.errFrameParameterWindowTooLarge()) {
            return "the zstd frame there needs a window of more than " + MEMORY_LIMIT_MIB + " MiB (written with zstd --long=28"
                    + " or more), more than sbench allows; decompress it first: zstd -d --long=31 " + name;
        }
        return null;
    }

    /** One byte of {@code in} (-1 at its end), read through its read of an array, the decompressors' only read. */
    static int readByte(InputStream in) throws IOException {
        byte[] one = new byte[1];
        return in.read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    private static String xzOverLimit(long neededKib, String name) {
        return "the xz block there needs " + (neededKib + 1023) / 1024 + " MiB to decompress (its dictionary), more than the "
                + MEMORY_LIMIT_MIB + " MiB sbench allows; recompress it: xz -dc " + name + " | xz -9 > NEW" + FileSuffix.of(name);
    }

    /**
     * A gzip file's bytes, refusing a member header's file name or comment (text ended by a NUL) of
     * more than {@link #MAX_HEADER_TEXT_BYTES}: commons-compress reads those a byte at a time into
     * memory without bound (a 600 MB name without its NUL ran {@code inspect} out of a 512 MiB heap),
     * and the only bytes it reads one at a time are a header's and trailer's. Marks as the stream
     * under it does, which the decompressor needs to find where one member ends.
     */
    private static final class GzipHeaderText extends FilterInputStream {
        static final int MAX_HEADER_TEXT_BYTES = 64 * 1024;
        private final String name;
        private int run;

        GzipHeaderText(InputStream in, String name) {
            super(in);
            this.name = name;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            run = b > 0 ? run + 1 : 0;
            if (run > MAX_HEADER_TEXT_BYTES) {
                throw SbenchException.badInput(name, "a gzip member's header has a file name or comment of more than "
                        + MAX_HEADER_TEXT_BYTES + " bytes (no NUL within them): not a gzip file, or a damaged one");
            }
            return b;
        }

        @Override
        public int read(byte[] into, int offset, int length) throws IOException {
            run = 0;
            return in.read(into, offset, length);
        }
    }

    /**
     * bzip2 decompressed, its decompressor made at the first read: it decodes its first block (up to 900 kB of
     * text) as it is made, so a file of one block cut short was "cannot open the bzip2 stream", as for a header cut
     * short, where a cut of any other compression's first block is "cannot decompress any of the file".
     */
    private static final class FirstReadBzip2 extends CompressorInputStream {
        private final InputStream raw;
        private BZip2CompressorInputStream in;

        FirstReadBzip2(InputStream raw) {
            this.raw = raw;
        }

        @Override
        public int read(byte[] into, int offset, int length) throws IOException {
            if (in == null) {
                in = new BZip2CompressorInputStream(raw, true);
            }
            return in.read(into, offset, length);
        }

        @Override
        public int read() throws IOException {
            return readByte(this);
        }

        @Override
        public long getBytesRead() {
            return in == null ? 0 : in.getBytesRead();
        }

        @Override
        public void close() throws IOException {
            (in == null ? raw : in).close();
        }
    }

    /**
     * A decompressed stream that counts the bytes it gave: to name the one where the decompressor refused the memory
     * it needed, and to give the bytes a read decompressed before it failed, which the decompressor counts but does
     * not return (a read of 256 KiB, all of a small file, was lost to garbage after its stream or a cut), the failure
     * coming at the next read. It says no bytes are available without blocking: a BufferedInputStream above asks
     * between reads, and the decompressor, asked, may start the next stream of a concatenated file (or the garbage
     * after one) and fail, and that read's bytes were lost with the failure.
     */
    private static final class Counted extends InputStream {
        private final CompressorInputStream in;
        private final String name;
        private long position;
        /** The decompressor's failure, thrown at the read after the one that gave the bytes before it. */
        private IOException failure;

        Counted(CompressorInputStream in, String name) {
            this.in = in;
            this.name = name;
        }

        @Override
        public int read() throws IOException {
            return readByte(this);
        }

        @Override
        public int read(byte[] into, int offset, int length) throws IOException {
            if (failure != null) {
                throw failure;
            }
            try {
                int n = in.read(into, offset, length);
                position += Math.max(n, 0);
                return n;
            } catch (IOException e) {
                IOException other = refused(e);
                long given = in.getBytesRead() - position;
                if (given <= 0) {
                    throw other;
                }
                failure = other;
                position += given;
                return (int) given;
            }
        }

        /**
         * Throws the one-line error when {@code e} is the decompressor's refusal to take more memory than the
         * limit; returns {@code e}, for the caller to throw, when it is another failure.
         */
        private IOException refused(IOException e) {
            String over = overLimit(e, name);
            if (over == null) {
                return e;
            }
            throw SbenchException.badInput(name, "byte " + position + " of the decompressed data: " + over);
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
