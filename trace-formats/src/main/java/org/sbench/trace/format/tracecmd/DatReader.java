// Numbers and strings of a trace.dat, read in the file's byte order from a stream, each error naming the file and byte.
package org.sbench.trace.format.tracecmd;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.sbench.SbenchException;

/**
 * Reads a trace.dat's fields one after another from {@code in}, whose first byte is byte
 * {@code start} of the file (or of a decompressed section, {@link #where}), in a byte order set once
 * the file's header states it. A field the stream ends inside is an error naming the byte it
 * started at and what it was to be. Not thread-safe; closes nothing.
 */
final class DatReader {
    /** The longest string a header holds (a name, a clock, a version): longer is damage. */
    private static final int MAX_STRING = 4096;
    private final InputStream in;
    private final String file;
    private final String within;
    private final ByteBuffer word = ByteBuffer.allocate(Long.BYTES);
    private long position;

    /**
     * @param within null for the file's own bytes, else what the positions count in (" of the zstd section at byte 96")
     */
    DatReader(InputStream in, String file, long start, String within, ByteOrder order) {
        this.in = in;
        this.file = file;
        this.position = start;
        this.within = within;
        word.order(order);
    }

    void order(ByteOrder order) {
        word.order(order);
    }

    long position() {
        return position;
    }

    String file() {
        return file;
    }

    /** {@code byte N}, with what it counts in when not the file's own bytes. */
    String where(long at) {
        return "byte " + at + (within == null ? "" : within);
    }

    /** {@code FILE: byte N: expected WHAT, found FOUND} at byte {@code at}. */
    SbenchException bad(long at, String expected, String found) {
        return SbenchException.badInput(file, where(at) + ": expected " + expected + ", found " + found);
    }

    int u8(String what) {
        return number(1, what).get(0) & 0xff;
    }

    int u16(String what) {
        return number(Short.BYTES, what).getShort(0) & 0xffff;
    }

    long u32(String what) {
        return number(Integer.BYTES, what).getInt(0) & 0xffffffffL;
    }

    long u64(String what) {
        return number(Long.BYTES, what).getLong(0);
    }

    /** A u32 or u64 that counts bytes or things: refused when above {@code max}. */
    long count(long value, long at, long max, String what) {
        if (value < 0 || value > max) {
            throw bad(at, what + " of at most " + max, Long.toUnsignedString(value));
        }
        return value;
    }

    /** A u64 size at most {@code max}. */
    int size64(long max, String what) {
        long at = position;
        return (int) count(u64(what), at, max, what);
    }

    /** A u32 size at most {@code max}. */
    int size32(long max, String what) {
        long at = position;
        return (int) count(u32(what), at, max, what);
    }

    private ByteBuffer number(int bytes, String what) {
        bytes(word.array(), bytes, what);
        return word;
    }

    /** {@code length} bytes. */
    byte[] bytes(int length, String what) {
        long at = position;
        try {
            // In steps, not all at once: a damaged length takes no more memory than the bytes that are there.
            byte[] b = in.readNBytes(length);
            if (b.length < length) {
                throw ended(at, what + " (" + length + " bytes)", b.length);
            }
            position += length;
            return b;
        } catch (IOException e) {
            throw unreadable(at, e);
        }
    }

    /** {@code length} bytes as text (a format file, a clock). */
    String text(int length, String what) {
        return new String(bytes(length, what), StandardCharsets.UTF_8);
    }

    /** A NUL-terminated string. */
    String string(String what) {
        long at = position;
        ByteArrayOutputStream s = new ByteArrayOutputStream();
        while (true) {
            int c = read(at, what);
            position++;
            if (c == 0) {
                return s.toString(StandardCharsets.UTF_8);
            }
            if (s.size() == MAX_STRING) {
                throw bad(at, what + " ending in a NUL within " + MAX_STRING + " bytes", "none");
            }
            s.write(c);
        }
    }

    /** The fixed text {@code expected} (NULs included), else an error expecting {@code what} and quoting what came instead. */
    void expect(String expected, String what) {
        long at = position;
        byte[] b = bytes(expected.length(), what);
        String found = new String(b, StandardCharsets.ISO_8859_1);
        if (!found.equals(expected)) {
            throw bad(at, what, SbenchException.quoted(found));
        }
    }

    /** Passes over {@code length} bytes (seeks in a plain file). */
    void skip(long length, String what) {
        long at = position;
        try {
            long left = length;
            while (left > 0) {
                long n = in.skip(left);
                if (n <= 0) {
                    if (in.read() < 0) {
                        throw SbenchException.badInput(file, where(at + length) + ": expected " + what + ", found the end of the "
                                + container() + " at byte " + (at + length - left) + " (a truncated file?)");
                    }
                    n = 1;
                }
                left -= n;
            }
        } catch (IOException e) {
            throw unreadable(at, e);
        }
        position += length;
    }

    /** Moves forward to byte {@code to}, the end of {@code what}, which must not have been read past. */
    void skipTo(long to, String what) {
        if (to < position) {
            throw bad(to, "the end of " + what + " (its size)", "its fields running on to byte " + position);
        }
        skip(to - position, what);
    }

    /** {@code length} bytes into the start of {@code into}. */
    void bytes(byte[] into, int length, String what) {
        long at = position;
        int got = 0;
        try {
            while (got < length) {
                int n = in.read(into, got, length - got);
                if (n < 0) {
                    throw ended(at, what + " (" + length + " bytes)", got);
                }
                got += n;
            }
        } catch (IOException e) {
            throw unreadable(at, e);
        }
        position += length;
    }

    private int read(long at, String what) {
        try {
            int c = in.read();
            if (c < 0) {
                throw ended(at, what + " ending in a NUL", position - at);
            }
            return c;
        } catch (IOException e) {
            throw unreadable(at, e);
        }
    }

    private SbenchException ended(long at, String expected, long got) {
        return bad(at, expected, "the end of the " + container() + " after " + got + " bytes (a truncated file?)");
    }

    private String container() {
        return within == null ? "file" : "section";
    }

    private SbenchException unreadable(long at, IOException e) {
        return SbenchException.badInput(file, where(at) + ": cannot read further (" + SbenchException.reason(e)
                + "); is the file truncated or corrupt?");
    }
}
