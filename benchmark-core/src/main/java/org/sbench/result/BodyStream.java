package org.sbench.result;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The stream a file's body is written to: closing it only flushes (the channel under it is
 * committed by {@code AtomicFileOutput}), and it keeps the first write failure, which a
 * {@code PrintStream} on top would swallow, so that the file fails with its cause.
 */
final class BodyStream extends FilterOutputStream {
    private IOException failure;

    BodyStream(OutputStream out) {
        super(out);
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            throw kept(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            throw kept(e);
        }
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            throw kept(e);
        }
    }

    @Override
    public void close() throws IOException {
        flush();
    }

    /** Flushes, then throws the first failure of any write, even one that the body did not see. */
    void finish() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            kept(e);
        }
        if (failure != null) {
            throw failure;
        }
    }

    private IOException kept(IOException e) {
        if (failure == null) {
            failure = e;
        }
        return e;
    }
}
