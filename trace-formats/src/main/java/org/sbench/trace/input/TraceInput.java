package org.sbench.trace.input;

import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.FileNotFoundException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.Progress;

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
 *
 * <p>A file that is not a local path (one in a Hadoop FileSystem, an object store) is read through
 * a {@link Source}, rereadable too. An input of a local file tells a {@link Progress} how many
 * bytes of the file the reader's stream has read (the first stream {@link #openStream()} gives;
 * for a compressed file, compressed bytes of its size).
 */
public final class TraceInput {
    /** How much of the (decompressed) start of a file detection looks at, at least. */
    public static final int HEAD_BYTES = 64 * 1024;
    private static final int BUFFER_BYTES = 256 * 1024;

    /**
     * Opens a file's raw (possibly compressed) bytes from its start, each call a new stream that
     * the caller closes. Must be callable more than once: detection, the head and some readers
     * each open the file anew.
     */
    @FunctionalInterface
    public interface Source {
        InputStream open() throws IOException;
    }

    private final Path path;
    private final String name;
    private final Compression compression;
    /** How a rereadable input opens its bytes again; null for one read once. */
    private final Source source;
    private final boolean live;
    private final Progress progress;
    /** What each stream {@link #openStream()} gives buffers (twice when decompressing). */
    private final int bufferBytes;
    private InputStream once;
    private TraceHead head;
    /** The reader's stream, which reports progress, has been opened. */
    private boolean readerOpened;

    private TraceInput(Path path, String name, Compression compression, Source source, boolean live, InputStream once,
                       Progress progress, int bufferBytes) {
        this.path = path;
        this.name = name;
        this.compression = compression;
        this.source = source;
        this.live = live;
        this.once = once;
        this.progress = progress;
        this.bufferBytes = bufferBytes;
    }

    /**
     * An input over {@code stream}, which a reader reads once, as it is produced; the stream is
     * handed to the first {@link #openStream()} as is (the caller buffers it if it needs to), and
     * {@code displayName} names it in messages.
     */
    public static TraceInput live(String displayName, InputStream stream) {
        return new TraceInput(null, displayName, Compression.NONE, null, true, stream, Progress.NONE, BUFFER_BYTES);
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
        return of(path, Progress.NONE);
    }

    /** As {@link #of(Path)}, telling {@code progress} how far the reader has read a regular file. */
    public static TraceInput of(Path path, Progress progress) {
        if (Files.isDirectory(path)) {
            throw SbenchException.badInput(path.toString(), "is a directory, expected a trace file");
        }
        InputStream in = InputFiles.open(path);
        if (!Files.isRegularFile(path)) {
            return once(path, path.toString(), new PipeStream(in, path.toString()));
        }
        Compression compression;
        try (in) {
            compression = detect(in);
        } catch (IOException e) {
            throw SbenchException.ioFailure("read", path, e);
        }
        return new TraceInput(path, path.toString(), compression, () -> Files.newInputStream(path), false, null, progress, BUFFER_BYTES);
    }

    /**
     * As {@link #of(Path)}, a regular file's streams buffered by {@code bufferBytes} only: a file that sbench wrote, one
     * of many read at once (the sort's runs), whose reader buffers what it reads itself.
     */
    public static TraceInput of(Path path, int bufferBytes) {
        TraceInput input = of(path);
        return input.source == null ? input
                : new TraceInput(path, input.name, input.compression, input.source, false, null, Progress.NONE, bufferBytes);
    }

    /**
     * A rereadable input read through {@code source}, named {@code displayName} in messages;
     * compression is recognised from the first bytes as for a path. Fails with a one-line message
     * if the file is missing or unreadable.
     */
    public static TraceInput of(String displayName, Source source) {
        Compression compression;
        try (InputStream in = source.open()) {
            compression = detect(in);
        } catch (NoSuchFileException | FileNotFoundException e) {
            throw SbenchException.badInput(displayName, "no such file");
        } catch (IOException e) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot read " + displayName + ": " + SbenchException.reason(e), e);
        }
        return new TraceInput(null, displayName, compression, source, false, null, Progress.NONE, BUFFER_BYTES);
    }

    /** The compression {@code in}'s first bytes name. */
    private static Compression detect(InputStream in) throws IOException {
        byte[] magic = in.readNBytes(Compression.MAGIC_BYTES);
        return Compression.detect(magic, magic.length);
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
        TraceInput input = new TraceInput(path, name, Compression.detect(magic, magic.length), null, false, null, Progress.NONE, BUFFER_BYTES);
        BufferedInputStream content = input.content(new BufferedInputStream(
                new SequenceInputStream(new ByteArrayInputStream(magic), raw), BUFFER_BYTES));
        input.head = input.readHead(content);
        input.once = new SequenceInputStream(new ByteArrayInputStream(input.head.bytes()), content);
        return input;
    }

    /** The local file, or null for an input made from a stream or read through a {@link Source}. */
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

    /** The compression its first bytes name ({@code gzip}, {@code xz}, {@code bzip2}, {@code zstd}), or empty. */
    public Optional<String> compression() {
        return compressed() ? Optional.of(compression.name().toLowerCase(Locale.ROOT)) : Optional.empty();
    }

    /** True for a regular file or a {@link Source}, which {@link #openStream()} may open again; false for a pipe or stream, read once. */
    public boolean rereadable() {
        return source != null;
    }

    /**
     * A buffered stream of the decompressed content from the start: for a regular file a new one
     * each time; otherwise the one stream, once. The caller closes it.
     */
    public InputStream openStream() {
        if (source == null) {
            if (once == null) {
                throw SbenchException.badInput(name, "is a pipe or a stream, read once, and its reader needs to read it again;"
                        + " save it to a file first");
            }
            InputStream s = once;
            once = null;
            return s;
        }
        boolean first = !readerOpened;
        readerOpened = true;
        return open(first && progress != Progress.NONE && path != null);
    }

    /** A new stream of a rereadable input's content; {@code reporting}: its reads of the file go to {@link #progress}. */
    private InputStream open(boolean reporting) {
        BufferedInputStream raw;
        try {
            InputStream file = source.open();
            raw = new BufferedInputStream(reporting ? new ReportingStream(file, Files.size(path), progress) : file, bufferBytes);
        } catch (IOException e) {
            throw path != null ? SbenchException.ioFailure("read", path, e)
                    : new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot read " + name + ": " + SbenchException.reason(e), e);
        }
        return content(raw);
    }

    /** {@code raw} decompressed. */
    private BufferedInputStream content(BufferedInputStream raw) {
        if (compression == Compression.NONE) {
            return raw;
        }
        try {
            return new BufferedInputStream(compression.wrap(raw, name), bufferBytes);
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
            try (InputStream in = open(false)) {
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
                throw unreadableStart(e);
            }
        }
        return new TraceHead(Arrays.copyOf(buf, n), end);
    }

    /**
     * The error of a read of the content that failed with {@code e} before any byte of it came: a compressor's first
     * block may be the whole file, and a cut anywhere leaves none of it readable.
     */
    public SbenchException unreadableStart(IOException e) {
        return SbenchException.badInput(name, (compression == Compression.NONE ? "cannot read the start of the file"
                : "cannot decompress any of the file (its first " + compression.name().toLowerCase(Locale.ROOT)
                + " block is damaged or cut short)") + " (" + SbenchException.reason(e) + "); is it truncated or corrupt?");
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

    /** The file's stream, counting what is read of it (skipped bytes are not read) and telling the progress. */
    private static final class ReportingStream extends FilterInputStream {
        private final long sizeBytes;
        private final Progress progress;
        private long readBytes;

        ReportingStream(InputStream file, long sizeBytes, Progress progress) {
            super(file);
            this.sizeBytes = sizeBytes;
            this.progress = progress;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                readBytes++;
            }
            return b;
        }

        @Override
        public int read(byte[] into, int offset, int length) throws IOException {
            int n = super.read(into, offset, length);
            if (n > 0) {
                readBytes += n;
                progress.at(readBytes, sizeBytes);
            }
            return n;
        }
    }

    /** Closes a stream of an input; a failed close of an input loses nothing, so it is not reported. */
    public static void close(InputStream in) {
        try {
            in.close();
        } catch (IOException ignored) {
            // Input only: nothing is lost.
        }
    }
}
