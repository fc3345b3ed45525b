// A trace.dat that cannot be read at its offsets as it is (from a pipe, compressed): copied once, decompressed, to a temporary file.
package org.sbench.trace.format.tracecmd;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.input.TraceInput;
import org.sbench.trace.sort.SpillSpace;

/**
 * The content of a trace.dat read once, as it comes (a pipe, or a compressed file decompressed), into a file of the
 * temporary directory, from which {@link TraceDat} and each CPU's stream read at their offsets. The file is made owner-only
 * and new ({@code O_EXCL}: no link put in its place is followed) and deleted as soon as it is open, so that it is gone however
 * sbench ends, killed too; its space is freed when {@link #close} closes it. Memory holds one copy buffer. Not thread-safe
 * but for its streams, which read at positions of their own.
 */
final class DatSpool implements AutoCloseable {
    private static final int COPY_BYTES = 256 * 1024;
    private final FileChannel channel;

    private DatSpool(FileChannel channel) {
        this.channel = channel;
    }

    /**
     * Copies the content of {@code input} into a new file of {@code tempDir}.
     *
     * @throws SbenchException naming the input when it cannot be read to its end, or the temporary directory when the
     *     copy cannot be written there (full: what to do)
     */
    static DatSpool copy(TraceInput input, Path tempDir) {
        String name = input.displayName();
        FileChannel channel = open(name, tempDir);
        InputStream in = null;
        try {
            in = input.openStream();
            byte[] buffer = new byte[COPY_BYTES];
            long copied = 0;
            for (int n = read(in, buffer, name, copied); n >= 0; n = read(in, buffer, name, copied)) {
                write(channel, ByteBuffer.wrap(buffer, 0, n), name, tempDir);
                copied += n;
            }
            return new DatSpool(channel);
        } catch (RuntimeException e) {
            close(channel);
            throw e;
        } finally {
            if (in != null) {
                TraceInput.close(in);
            }
        }
    }

    private static FileChannel open(String name, Path tempDir) {
        Path file;
        try {
            file = Files.createTempFile(tempDir, "sbench-", ".dat");
        } catch (IOException e) {
            throw cannotCopy(name, tempDir, e);
        }
        try {
            return FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw cannotCopy(name, tempDir, e);
        } finally {
            try {
                Files.delete(file);
            } catch (IOException e) {
                // Gone already: nothing to delete.
            }
        }
    }

    /** The next bytes of {@code in} into {@code buffer}, -1 at its end; an error names the byte of the content it is at. */
    private static int read(InputStream in, byte[] buffer, String name, long at) {
        try {
            return in.read(buffer, 0, buffer.length);
        } catch (IOException e) {
            throw SbenchException.badInput(name, "byte " + at + ": cannot read further (" + SbenchException.reason(e)
                    + "); is the file truncated or corrupt?");
        }
    }

    private static void write(FileChannel channel, ByteBuffer b, String name, Path tempDir) {
        try {
            while (b.hasRemaining()) {
                channel.write(b);
            }
        } catch (IOException e) {
            throw cannotCopy(name, tempDir, e);
        }
    }

    /** A copy that cannot be made: said with what to do when the temporary directory is full. */
    private static SbenchException cannotCopy(String name, Path tempDir, IOException e) {
        return SpillSpace.copying(name, tempDir).explain(new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot copy " + name
                + " into " + tempDir + ": " + SbenchException.reason(e), e));
    }

    /** The copy's bytes: the channel's position, which only the copy's writes moved (its streams read at positions of their own). */
    long size() {
        try {
            return channel.position();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The copy as an input named {@code name}: each stream reads it from its start, at a position of its own. */
    TraceInput input(String name) {
        return TraceInput.of(name, At::new);
    }

    @Override
    public void close() {
        close(channel);
    }

    private static void close(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // Read only from here on, and deleted: nothing is lost.
        }
    }

    /** The copy from a position on; a skip moves the position, reading nothing. */
    private final class At extends InputStream {
        private long position;

        @Override
        public int read() throws IOException {
            ByteBuffer one = ByteBuffer.allocate(1);
            if (channel.read(one, position) <= 0) {
                return -1;
            }
            position++;
            return one.get(0) & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            int n = channel.read(ByteBuffer.wrap(b, off, len), position);
            if (n > 0) {
                position += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = Math.max(0, Math.min(n, channel.position() - position));
            position += skipped;
            return skipped;
        }
    }
}
