package org.sbench.trace.input;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import org.sbench.SbenchException;

/**
 * A trace file as readers see it: decompressed transparently (.gz, .xz, .bz2, .zst, recognised
 * by magic bytes), with its first bytes available for format detection.
 *
 * <p>A regular file is opened anew by each {@link #openStream()} (a reader may read it twice, as
 * .sbt does its trailer). Anything else, a FIFO, {@code <(zcat ...)}, {@code /dev/stdin} or a
 * {@link #ofStream} stream, can be read only once: it is opened once, its head is read into
 * memory for detection and handed back, followed by the rest, by the one {@link #openStream()}.
 * A {@link #live} input is a stream read as it is produced (the kernel's {@code trace_pipe}):
 * never decompressed, with no head to sniff, since looking would wait for what it looked at.
 */
public final class TraceInput {
    /** How much of the (decompressed) start of a file detection looks at, at least. */
    public static final int HEAD_BYTES = 64 * 1024;
    private static final int BUFFER_BYTES = 256 * 1024;

    private final Path path;
    private final String name;
    private final Compression compression;
    private final boolean rereadable;
    private final boolean live;
    private InputStream once;
    private TraceHead head;

    private TraceInput(Path path, String name, Compression compression, boolean rereadable, boolean live, InputStream once) {
        this.path = path;
        this.name = name;
        this.compression = compression;
        this.rereadable = rereadable;
        this.live = live;
        this.once = once;
    }

    /**
     * An input over {@code stream}, which a reader reads once, as it is produced; the stream is
     * handed to the first {@link #openStream()} as is (the caller buffers it if it needs to), and
     * {@code displayName} names it in messages.
     */
    public static TraceInput live(String displayName, InputStream stream) {
        return new TraceInput(null, displayName, Compression.NONE, false, true, stream);
    }

    /**
     * An input over {@code stream}, read once: decompressed and detected like a file. Its head is
     * read now (this waits for the first bytes of a pipe). {@code displayName} names it in messages.
     */
    public static TraceInput ofStream(String displayName, InputStream stream) {
        return once(null, displayName, stream);
    }

    /**
     * Opens {@code path} for reading; fails with a one-line message if it is missing or
     * unreadable. A path that is not a regular file (a FIFO, a device, {@code /dev/stdin}) is
     * opened once, here, and read once.
     */
    public static TraceInput of(Path path) {
        if (Files.isDirectory(path)) {
            throw SbenchException.badInput(path.toString(), "is a directory, expected a trace file");
        }
        InputStream in;
        try {
            in = Files.newInputStream(path);
        } catch (NoSuchFileException e) {
            throw SbenchException.badInput(path.toString(), "no such file");
        } catch (IOException e) {
            throw SbenchException.ioFailure("read", path, e);
        }
        if (!Files.isRegularFile(path)) {
            return once(path, path.toString(), new PipeStream(in));
        }
        byte[] magic = new byte[Compression.MAGIC_BYTES];
        int n;
        try (in) {
            n = in.readNBytes(magic, 0, magic.length);
        } catch (IOException e) {
            throw SbenchException.ioFailure("read", path, e);
        }
        return new TraceInput(path, path.toString(), Compression.detect(magic, n), true, false, null);
    }

    /**
     * A read-once input: its compression and head are found now, and its stream kept for the
     * reader: the bytes looked at, followed by the rest (no mark and reset, which would make the
     * buffered stream copy every later read through its buffer).
     */
    private static TraceInput once(Path path, String name, InputStream in) {
        BufferedInputStream raw = new BufferedInputStream(in, BUFFER_BYTES);
        byte[] magic;
        try {
            magic = raw.readNBytes(Compression.MAGIC_BYTES);
        } catch (IOException e) {
            close(raw);
            throw SbenchException.badInput(name, "cannot read (" + SbenchException.reason(e) + ")");
        }
        TraceInput input = new TraceInput(path, name, Compression.detect(magic, magic.length), false, false, null);
        BufferedInputStream content = input.content(new BufferedInputStream(
                new SequenceInputStream(new ByteArrayInputStream(magic), raw), BUFFER_BYTES));
        input.head = input.readHead(content);
        input.once = new SequenceInputStream(new ByteArrayInputStream(input.head.bytes()), content);
        return input;
    }

    /** The file, or null for an input made from a stream. */
    public Path path() {
        return path;
    }

    /** The name used in messages. */
    public String displayName() {
        return name;
    }

    public boolean compressed() {
        return compression != Compression.NONE;
    }

    /** True for a regular file, which {@link #openStream()} may open again; false for a pipe or stream, read once. */
    public boolean rereadable() {
        return rereadable;
    }

    /**
     * A buffered stream of the decompressed content from the start: for a regular file a new one
     * each time; otherwise the one stream, once. The caller closes it.
     */
    public InputStream openStream() {
        if (!rereadable) {
            if (once == null) {
                throw SbenchException.badInput(name, "is a pipe or a stream, read once, and its reader needs to read it again;"
                        + " save it to a file first");
            }
            InputStream s = once;
            once = null;
            return s;
        }
        BufferedInputStream raw;
        try {
            raw = new BufferedInputStream(Files.newInputStream(path), BUFFER_BYTES);
        } catch (IOException e) {
            throw SbenchException.ioFailure("read", path, e);
        }
        return content(raw);
    }

    /** {@code raw} decompressed. */
    private BufferedInputStream content(BufferedInputStream raw) {
        if (compression == Compression.NONE) {
            return raw;
        }
        try {
            return new BufferedInputStream(compression.wrap(raw), BUFFER_BYTES);
        } catch (IOException e) {
            close(raw);
            throw SbenchException.badInput(name, "cannot open the " + compression.name().toLowerCase(Locale.ROOT)
                    + " stream (" + SbenchException.reason(e) + "); is the file truncated or corrupt?");
        }
    }

    /**
     * The first {@link #HEAD_BYTES} decompressed bytes, and for text the rest of the line they
     * cut (up to {@link LineCursor#MAX_LINE_BYTES}), so that detection sees whole lines however
     * long they are; fewer for a short file. Not for a live input.
     */
    public TraceHead head() {
        if (live) {
            throw new IllegalStateException(name + " is a live stream: it has no head to detect a format from");
        }
        if (head == null) {
            try (InputStream in = openStream()) {
                head = readHead(in);
            } catch (IOException e) {
                throw SbenchException.badInput(name, "cannot read the start of the file (" + SbenchException.reason(e) + ")");
            }
        }
        return head;
    }

    private TraceHead readHead(InputStream in) {
        // A truncated compressed stream still yields the bytes before the damage; detection only needs those.
        byte[] buf = new byte[HEAD_BYTES];
        int n = 0;
        boolean end = false;
        try {
            n = fill(in, buf, 0);
            end = n < buf.length;
            if (!end && buf[n - 1] != '\n' && !containsNul(buf, n)) {
                int lineStart = lastLineStart(buf, n);
                while (n - lineStart <= LineCursor.MAX_LINE_BYTES) {
                    int c = in.read();
                    if (c < 0) {
                        end = true;
                        break;
                    }
                    if (n == buf.length) {
                        buf = Arrays.copyOf(buf, Math.min(2 * buf.length, HEAD_BYTES + LineCursor.MAX_LINE_BYTES + 1));
                    }
                    buf[n++] = (byte) c;
                    if (c == '\n') {
                        break;
                    }
                }
            }
        } catch (IOException e) {
            if (n == 0) {
                throw SbenchException.badInput(name, "cannot read the start of the file (" + SbenchException.reason(e)
                        + "); is it truncated or corrupt?");
            }
        }
        return new TraceHead(Arrays.copyOf(buf, n), end);
    }

    private static int fill(InputStream in, byte[] buf, int from) throws IOException {
        int n = from;
        try {
            while (n < buf.length) {
                int r = in.read(buf, n, buf.length - n);
                if (r < 0) {
                    break;
                }
                n += r;
            }
        } catch (IOException e) {
            if (n == 0) {
                throw e;
            }
        }
        return n;
    }

    private static boolean containsNul(byte[] b, int n) {
        for (int i = 0; i < n; i++) {
            if (b[i] == 0) {
                return true;
            }
        }
        return false;
    }

    private static int lastLineStart(byte[] b, int n) {
        for (int i = n - 1; i >= 0; i--) {
            if (b[i] == '\n') {
                return i + 1;
            }
        }
        return 0;
    }

    /**
     * A stream over a FIFO or device opened as a file channel, whose {@code available()} would
     * ask for the channel's size and position and fail with "Illegal seek": it says 0 instead,
     * and buffering streams then read as much as one read gives.
     */
    private static final class PipeStream extends FilterInputStream {
        PipeStream(InputStream in) {
            super(in);
        }

        @Override
        public int available() {
            return 0;
        }
    }

    private static void close(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // Input only: nothing is lost.
        }
    }
}
