// A stream that lets a live source gather more bytes before reading it again after a short read.
package org.sbench.record;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;

/**
 * After an array read that returned fewer than {@code fullBytes}, waits {@code pauseNs} before the next
 * one, so that a stream read as it is produced ({@code trace_pipe}, whose reader is woken for the
 * first event that arrives) hands out many lines a read rather than a few. A read that returned
 * {@code fullBytes} or more (the reader is behind) is followed at once. Read by one thread.
 */
final class BatchingInputStream extends FilterInputStream {
    private final int fullBytes;
    private final long pauseNs;
    private boolean shortRead;

    BatchingInputStream(InputStream in, int fullBytes, long pauseNs) {
        super(in);
        this.fullBytes = fullBytes;
        this.pauseNs = pauseNs;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (shortRead) {
            pause();
        }
        int n = in.read(b, off, len);
        shortRead = n >= 0 && n < Math.min(len, fullBytes);
        return n;
    }

    private void pause() throws InterruptedIOException {
        try {
            Thread.sleep(pauseNs / 1_000_000, (int) (pauseNs % 1_000_000));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for more of the stream");
        }
    }
}
