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
        void decompress(byte[] compressed, int length, byte[] into, int size) throws DataFormatException {
            try {
                long n = Zstd.decompressByteArray(into, 0, size, compressed, 0, length);
                if (n != size) {
                    throw wrongSize((int) n);
                }
            } catch (ZstdException e) {
                throw damaged(e.getMessage());
            }
        }
    },
    ZLIB {
        @Override
        void decompress(byte[] compressed, int length, byte[] into, int size) throws DataFormatException {
            Inflater inflater = new Inflater();
            try {
                inflater.setInput(compressed, 0, length);
                int n = 0;
                try {
                    while (n < size && !inflater.finished() && !inflater.needsInput()) {
                        n += inflater.inflate(into, n, size - n);
                    }
                } catch (DataFormatException e) {
                    throw damaged(e.getMessage());
                }
                if (n != size || !inflater.finished()) {
                    throw wrongSize(inflater.finished() ? n : -1);
                }
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
     * The first {@code length} bytes of {@code compressed}, which hold {@code size} bytes once decompressed, decompressed
     * into the first {@code size} bytes of {@code into} (a chunk of CPU data into the CPU's buffer: no array a chunk).
     *
     * @throws DataFormatException when the data is damaged or not of that size, its message saying what was found instead
     */
    abstract void decompress(byte[] compressed, int length, byte[] into, int size) throws DataFormatException;

    private static DataFormatException damaged(String reason) {
        return new DataFormatException("damaged data (" + reason + ")");
    }

    /** {@code bytes} decompressed, or -1 when more than the size stated came out. */
    private static DataFormatException wrongSize(int bytes) {
        return new DataFormatException(bytes < 0 ? "data that decompresses to more than that" : "data that decompresses to " + bytes + " bytes");
    }

    String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
