package org.sbench.trace.input;

import java.io.IOException;
import java.io.InputStream;
import org.apache.commons.compress.compressors.bzip2.BZip2CompressorInputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;
import org.apache.commons.compress.compressors.zstandard.ZstdCompressorInputStream;

/** Compression of a trace file, recognised by its magic bytes rather than its name. */
enum Compression {
    NONE(new byte[0]),
    GZIP(new byte[] {0x1f, (byte) 0x8b}),
    XZ(new byte[] {(byte) 0xfd, '7', 'z', 'X', 'Z', 0}),
    BZIP2(new byte[] {'B', 'Z', 'h'}),
    ZSTD(new byte[] {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd});

    static final int MAGIC_BYTES = 6;
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

    InputStream wrap(InputStream raw) throws IOException {
        switch (this) {
            case GZIP: return new GzipCompressorInputStream(raw, true);
            case XZ: return new XZCompressorInputStream(raw, true);
            case BZIP2: return new BZip2CompressorInputStream(raw, true);
            case ZSTD: return new ZstdCompressorInputStream(raw);
            default: return raw;
        }
    }
}
