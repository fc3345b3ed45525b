package org.sbench.trace.input;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * A stream over a FIFO, a pipe or a device, read on a thread of its own so that a reader waiting
 * on it can be interrupted (a stop signal): a thread blocked in a FIFO's read is woken neither by
 * an interrupt nor by closing its channel, only when the writer writes or closes. The thread
 * hands over whole chunks of {@value #CHUNK_BYTES} bytes (the last one less), at most
 * {@value #CHUNKS} ahead. {@code available()}
 * says 0 (a file channel over a FIFO asks its size and fails with "Illegal seek"): buffering
 * streams then read what one read gives.
 */
final class PipeStream extends InputStream {
    private static final int CHUNK_BYTES = 256 * 1024;
    private static final int CHUNKS = 2;
    private static final byte[] END = new byte[0];

    private final InputStream in;
    private final String name;
    /** Chunks read, then {@link #END}, or the IOException that ended the reading. */
    private final BlockingQueue<Object> chunks = new ArrayBlockingQueue<>(CHUNKS);
    /** Chunks read out, for the reading thread to fill again. */
    private final BlockingQueue<byte[]> emptied = new ArrayBlockingQueue<>(CHUNKS + 2);
    private final Thread reading;
    private byte[] chunk = new byte[0];
    private int position;
    private boolean ended;

    /** Starts reading {@code in}, named {@code name} in the reading thread's name and in messages. */
    PipeStream(InputStream in, String name) {
        this.in = in;
        this.name = name;
        reading = new Thread(this::readAll, "sbench-read " + name);
        reading.setDaemon(true);
        reading.start();
    }

    private void readAll() {
        try {
            while (true) {
                // Whole chunks, each used again once read: handing over what each pipe read gave (often a page)
                // in a new array cost 14-20% more CPU than reading on the reader's own thread.
                byte[] b = emptied.poll();
                b = b != null ? b : new byte[CHUNK_BYTES];
                int n = 0;
                Object end = null;
                try {
                    while (n < b.length && end == null) {
                        int read = in.read(b, n, b.length - n);
                        n += Math.max(read, 0);
                        end = read < 0 ? END : null;
                    }
                } catch (IOException e) {
                    // The bytes read before it are handed over first: the reader's message names the line it failed at.
                    end = e;
                }
                if (n > 0) {
                    chunks.put(n == b.length ? b : Arrays.copyOf(b, n));
                }
                if (end != null) {
                    chunks.put(end);
                    return;
                }
            }
        } catch (InterruptedException closed) {
            // close() interrupts: nobody reads what is left.
        }
    }

    @Override
    public int read() throws IOException {
        if (position == chunk.length && !nextChunk()) {
            return -1;
        }
        return chunk[position++] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (position == chunk.length && !nextChunk()) {
            return -1;
        }
        int n = Math.min(len, chunk.length - position);
        System.arraycopy(chunk, position, b, off, n);
        position += n;
        return n;
    }

    private boolean nextChunk() throws IOException {
        if (ended) {
            return false;
        }
        Object next;
        try {
            next = chunks.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for " + name);
        }
        if (next instanceof IOException e) {
            ended = true;
            throw new IOException(e.getMessage(), e);
        }
        if (next == END) {
            ended = true;
            return false;
        }
        if (chunk.length == CHUNK_BYTES) {
            emptied.offer(chunk);
        }
        chunk = (byte[]) next;
        position = 0;
        return true;
    }

    @Override
    public int available() {
        return 0;
    }

    /** Closes the FIFO; a read of it that waits for its writer goes on, on its daemon thread, and ends with it. */
    @Override
    public void close() throws IOException {
        reading.interrupt();
        in.close();
    }
}
