// The compression a version 7 trace.dat names in its header, for its compressed sections and CPU data chunks.
package org.sbench.trace.format.tracecmd;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdException;
import java.util.Locale;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.sbench.SbenchException;

/**
 * Decompresses one block of a trace.dat (a section, or one chunk of a CPU's data) whose
 * uncompressed size the file states: {@code zstd} (libzstd frames) or {@code zlib} (RFC 1950
 * streams, as zlib's {@code compress2} writes them). Stateless.
 */
enum Codec {
    ZSTD {
        @Override
        byte[] decompress(byte[] compressed, int size) throws DataFormatException {
            try {
                byte[] out = Zstd.decompress(compressed, size);
                if (out.length != size) {
                    throw new DataFormatException(out.length + " bytes");
                }
                return out;
            } catch (ZstdException e) {
                throw new DataFormatException(e.getMessage());
            }
        }
    },
    ZLIB {
        @Override
        byte[] decompress(byte[] compressed, int size) throws DataFormatException {
            Inflater inflater = new Inflater();
            try {
                inflater.setInput(compressed);
                byte[] out = new byte[size];
                int n = 0;
                while (n < size && !inflater.finished() && !inflater.needsInput()) {
                    n += inflater.inflate(out, n, size - n);
                }
                if (n != size) {
                    throw new DataFormatException(n + " bytes");
                }
                return out;
            } finally {
                inflater.end();
            }
        }
    };

    /** The codec the header names, null for {@code none}. */
    static Codec named(String name, DatReader header, long at) {
        switch (name) {
            case "none":
                return null;
            case "zstd":
                return ZSTD;
            case "zlib":
                return ZLIB;
            default:
                throw header.bad(at, "a compression sbench reads (none, zstd, zlib)", SbenchException.quoted(name));
        }
    }

    /**
     * {@code compressed}, which holds {@code size} bytes once decompressed.
     *
     * @throws DataFormatException when the data is damaged or not of that size
     */
    abstract byte[] decompress(byte[] compressed, int size) throws DataFormatException;

    String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
