package org.sbench.trace.input;

import java.io.BufferedInputStream;
import java.io.FileNotFoundException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.Progress;

/**
 * A trace file as readers see it: decompressed transparently (.gz, .xz, .bz2, .zst, recognised
 * by magic bytes), with its first bytes available for format detection. A {@link #live} input is
 * a stream read once as it is produced (the kernel's {@code trace_pipe}): never decompressed, with
 * no head to sniff, since looking would consume what it looked at. A file that is not a local path
 * (one in a Hadoop FileSystem, an object store) is read through a {@link Source}. An input of a local
 * file tells a {@link Progress} how many bytes of the file the reader's stream has read (the first
 * stream {@link #openStream()} gives; for a compressed file, compressed bytes of its size).
 */
public final class TraceInput {
    /**
     * Opens a file's raw (possibly compressed) bytes from its start, each call a new stream that
     * the caller closes. Must be callable more than once: detection, the head and some readers
     * each open the file anew.
     */
    @FunctionalInterface
    public interface Source {
        InputStream open() throws IOException;
    }

    /** How much of the (decompressed) start of a file detection looks at. */
    public static final int HEAD_BYTES = 64 * 1024;
    private static final int BUFFER_BYTES = 256 * 1024;

    private final Path path;
    private final String sourceName;
    private final Source source;
    private final Compression compression;
    private final String liveName;
    private final Progress progress;
    private InputStream liveStream;
    private TraceHead head;
    /** The reader's stream, which reports progress, has been opened. */
    private boolean readerOpened;

    private TraceInput(Path path, String sourceName, Source source, Compression compression, Progress progress) {
        this.path = path;
        this.sourceName = sourceName;
        this.source = source;
        this.compression = compression;
        this.liveName = null;
        this.progress = progress;
    }

    private TraceInput(String liveName, InputStream liveStream) {
        this.path = null;
        this.sourceName = null;
        this.source = null;
        this.compression = Compression.NONE;
        this.liveName = liveName;
        this.liveStream = liveStream;
        this.progress = Progress.NONE;
    }

    /**
     * An input over {@code stream}, which a reader reads once, as it is produced; the stream is
     * handed to the first {@link #openStream()} as is (the caller buffers it if it needs to), and
     * {@code displayName} names it in messages.
     */
    public static TraceInput live(String displayName, InputStream stream) {
        return new TraceInput(displayName, stream);
    }

    /** Opens {@code path} for reading; fails with a one-line message if it is missing or unreadable. */
    public static TraceInput of(Path path) {
        return of(path, Progress.NONE);
    }

    /** As {@link #of(Path)}, telling {@code progress} how far the reader has read the file. */
    public static TraceInput of(Path path, Progress progress) {
        if (Files.isDirectory(path)) {
            throw SbenchException.badInput(path.toString(), "is a directory, expected a trace file");
        }
        Source source = () -> Files.newInputStream(path);
        return new TraceInput(path, path.toString(), source, compressionOf(path.toString(), source), progress);
    }

    /**
     * An input read through {@code source}, named {@code displayName} in messages; compression is
     * recognised from the first bytes as for a path. Fails with a one-line message if the file
     * is missing or unreadable.
     */
    public static TraceInput of(String displayName, Source source) {
        return new TraceInput(null, displayName, source, compressionOf(displayName, source), Progress.NONE);
    }

    private static Compression compressionOf(String displayName, Source source) {
        byte[] magic = new byte[Compression.MAGIC_BYTES];
        int n;
        try (InputStream in = source.open()) {
            n = in.readNBytes(magic, 0, magic.length);
        } catch (NoSuchFileException | FileNotFoundException e) {
            throw SbenchException.badInput(displayName, "no such file");
        } catch (IOException e) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot read " + displayName + ": " + reason(e), e);
        }
        return Compression.detect(magic, n);
    }

    /** The local file, or null for a {@link #live} input or one read through a {@link Source}. */
    public Path path() {
        return path;
    }

    /** The name used in messages. */
    public String displayName() {
        return source == null ? liveName : sourceName;
    }

    public boolean compressed() {
        return compression != Compression.NONE;
    }

    /**
     * A new buffered stream of the decompressed content, from the start; for a live input, its
     * stream, once. The caller closes it.
     */
    public InputStream openStream() {
        boolean first = !readerOpened;
        readerOpened = true;
        return open(first && progress != Progress.NONE && path != null);
    }

    /** A stream of the content from the start; {@code reporting}: its reads of the file go to {@link #progress}. */
    private InputStream open(boolean reporting) {
        if (source == null) {
            if (liveStream == null) {
                throw new IllegalStateException(liveName + " is a live stream and can be opened only once");
            }
            InputStream s = liveStream;
            liveStream = null;
            return s;
        }
        try {
            InputStream file = source.open();
            InputStream raw = new BufferedInputStream(reporting ? new ReportingStream(file, Files.size(path), progress) : file,
                    BUFFER_BYTES);
            return compression == Compression.NONE ? raw : new BufferedInputStream(compression.wrap(raw), BUFFER_BYTES);
        } catch (IOException e) {
            throw SbenchException.badInput(displayName(), "cannot open the " + compression.name().toLowerCase(java.util.Locale.ROOT)
                    + " stream (" + reason(e) + "); is the file truncated or corrupt?");
        }
    }

    /** The first {@link #HEAD_BYTES} decompressed bytes (fewer for a short file); not for a live input. */
    public TraceHead head() {
        if (source == null) {
            throw new IllegalStateException(liveName + " is a live stream: it has no head to detect a format from");
        }
        if (head == null) {
            try (InputStream in = open(false)) {
                head = new TraceHead(readHead(in));
            } catch (IOException e) {
                throw SbenchException.badInput(displayName(), "cannot read the start of the file (" + reason(e)
                        + "); is it truncated or corrupt?");
            }
        }
        return head;
    }

    private static byte[] readHead(InputStream in) throws IOException {
        // A truncated compressed stream still yields the bytes before the damage; detection only needs those.
        byte[] buf = new byte[HEAD_BYTES];
        int n = 0;
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
        return java.util.Arrays.copyOf(buf, n);
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

    /** An IO failure in words, for messages (some carry no message, only a type). */
    public static String reason(IOException e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
