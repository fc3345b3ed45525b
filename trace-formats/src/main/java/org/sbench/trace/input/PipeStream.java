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
 * an interrupt nor by closing its channel, only when the writer writes or closes. At most
 * {@value #CHUNKS} chunks of up to {@value #CHUNK_BYTES} bytes are read ahead. {@code available()}
 * says 0 (a file channel over a FIFO asks its size and fails with "Illegal seek"): buffering
 * streams then read what one read gives.
 */
final class PipeStream extends InputStream {
    private static final int CHUNK_BYTES = 64 * 1024;
    private static final int CHUNKS = 4;
    private static final byte[] END = new byte[0];

    private final InputStream in;
    private final String name;
    /** Chunks read, then {@link #END}, or the IOException that ended the reading. */
    private final BlockingQueue<Object> chunks = new ArrayBlockingQueue<>(CHUNKS);
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
            try {
                while (true) {
                    byte[] b = new byte[CHUNK_BYTES];
                    int n = in.read(b);
                    if (n < 0) {
                        chunks.put(END);
                        return;
                    }
                    chunks.put(n == b.length ? b : Arrays.copyOf(b, n));
                }
            } catch (IOException e) {
                chunks.put(e);
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
