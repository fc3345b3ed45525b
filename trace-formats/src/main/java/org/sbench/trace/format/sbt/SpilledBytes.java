// Bytes appended and read back at positions: in memory while few, in an unlinked temporary file beyond that.
package org.sbench.trace.format.sbt;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.sort.SpillSpace;

/**
 * A growing run of bytes that can be read back at any position and cut back. Up to {@code memoryBytes} they stay in
 * memory; past that they go to a file made in the temporary directory and unlinked at once, so that it goes when
 * {@link #close()} closes it or the process ends, failing or not. Then one buffer of at most {@code memoryBytes} (and
 * 64 KiB) stays in memory: the bytes not yet written to the file or, once a read needs the file, a window of it that the
 * reads that follow take their bytes from, so that reading in order costs a file read per buffer (and a read elsewhere
 * one of some 512 bytes). Not thread-safe.
 */
final class SpilledBytes implements AutoCloseable {
    private static final int WRITE_BUFFER_BYTES = 64 << 10;
    /** What a read away from the window brings in: a name with its length (2 + 256 bytes) or an entry, and their neighbours. */
    private static final int SCATTERED_READ_BYTES = 512;
    /** Where the file is made, and what a full one tells the user. */
    private final SpillSpace space;
    /** What the bytes are, for a failure's message. */
    private final String what;
    private final int memoryBytes;
    /** All the bytes while there is no file; then those not yet written to it, or the file's bytes from {@link #windowStart}. */
    private byte[] memory = new byte[256];
    private int inMemory;
    private FileChannel file;
    private long inFile;
    /** Where the file's bytes in {@link #memory} start; {@link #inWindow} of them, none while bytes wait to be written. */
    private long windowStart;
    private int inWindow;
    /** Reads from the file so far and the bytes they read, for tests of what reading costs. */
    private long fileReads;
    private long fileBytesRead;

    SpilledBytes(SpillSpace space, String what, int memoryBytes) {
        this.space = space;
        this.what = what;
        this.memoryBytes = memoryBytes;
    }

    long length() {
        return inFile + inMemory;
    }

    void write(byte[] b, int from, int n) {
        inWindow = 0;
        if (file == null && inMemory + n > memoryBytes) {
            spill();
        }
        if (file != null && inMemory + n > memory.length) {
            flush();
            if (n > memory.length) {
                writeFile(ByteBuffer.wrap(b, from, n));
                return;
            }
        }
        if (inMemory + n > memory.length) {
            memory = Arrays.copyOf(memory, Math.max(inMemory + n, Math.min(2 * memory.length, memoryBytes)));
        }
        System.arraycopy(b, from, memory, inMemory, n);
        inMemory += n;
    }

    /** Reads bytes {@code [position, position + n)}, which must have been written, into {@code b} from {@code from}. */
    void read(long position, byte[] b, int from, int n) {
        if (position < 0 || position + n > length()) {
            throw new IllegalArgumentException("bytes " + position + " to " + (position + n) + " of " + length());
        }
        if (position >= inFile) {
            System.arraycopy(memory, (int) (position - inFile), b, from, n);
            return;
        }
        if (inMemory > 0) {
            flush();
        }
        if (position < windowStart || position + n > windowStart + inWindow) {
            if (n > memory.length) {
                readFile(position, ByteBuffer.wrap(b, from, n));
                return;
            }
            // Reads in order fill the buffer; one elsewhere (a name met again out of order) takes little more than it needs.
            boolean onward = position >= windowStart && position <= windowStart + inWindow;
            inWindow = 0;
            int fill = (int) Math.min(Math.min(memory.length, onward ? memory.length : Math.max(n, SCATTERED_READ_BYTES)),
                    inFile - position);
            readFile(position, ByteBuffer.wrap(memory, 0, fill));
            windowStart = position;
            inWindow = fill;
        }
        System.arraycopy(memory, (int) (position - windowStart), b, from, n);
    }

    /** Fills {@code into} with the file's bytes from {@code position}. */
    private void readFile(long position, ByteBuffer into) {
        int from = into.position();
        try {
            while (into.hasRemaining()) {
                fileReads++;
                int read = file.read(into, position + into.position() - from);
                if (read < 0) {
                    throw new IOException("the file ends before byte " + (position + into.limit() - from));
                }
                fileBytesRead += read;
            }
        } catch (IOException e) {
            throw failure("read", e);
        }
    }

    long fileReads() {
        return fileReads;
    }

    long fileBytesRead() {
        return fileBytesRead;
    }

    /** Keeps the first {@code length} bytes only; without touching the file when those cut are all still in memory. */
    void truncate(long length) {
        if (length < 0 || length > length()) {
            throw new IllegalArgumentException("cannot cut " + length() + " bytes to " + length);
        }
        if (length >= inFile) {
            inMemory = (int) (length - inFile);
            return;
        }
        try {
            file.truncate(length);
        } catch (IOException e) {
            throw failure("write", e);
        }
        inFile = length;
        // The bytes in memory all came after the length kept, or are a window the next writes may change.
        inMemory = 0;
        inWindow = 0;
    }

    private void spill() {
        Path path;
        try {
            path = Files.createTempFile(space.dir(), "sbench-names-", ".tmp");
        } catch (IOException e) {
            throw failure("write", e);
        }
        try {
            file = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw failure("write", e);
        } finally {
            try {
                Files.delete(path);
            } catch (IOException e) {
                // Gone already: nothing to delete.
            }
        }
        try {
            flush();
        } catch (RuntimeException e) {
            // Kept in memory as before: a failed write changes nothing.
            closeFile();
            throw e;
        }
        memory = new byte[Math.min(WRITE_BUFFER_BYTES, memoryBytes)];
    }

    private void flush() {
        writeFile(ByteBuffer.wrap(memory, 0, inMemory));
        inMemory = 0;
    }

    /** Appends {@code b} to the file; a write that fails part way counts none of it (the next one writes over it). */
    private void writeFile(ByteBuffer b) {
        long end = inFile;
        try {
            while (b.hasRemaining()) {
                end += file.write(b, end);
            }
        } catch (IOException e) {
            throw failure("write", e);
        }
        inFile = end;
    }

    private SbenchException failure(String verb, IOException e) {
        return space.explain(new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot " + verb + " "
                + what + " in " + space.dir() + ": " + SbenchException.reason(e), e));
    }

    @Override
    public void close() {
        closeFile();
        inFile = 0;
        inMemory = 0;
    }

    private void closeFile() {
        if (file != null) {
            try {
                file.close();
            } catch (IOException ignored) {
                // Unlinked scratch: nothing is lost.
            }
            file = null;
        }
    }
}
