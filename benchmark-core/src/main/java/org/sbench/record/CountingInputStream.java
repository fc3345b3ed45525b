// A stream that counts the bytes read through it, for another thread to watch the reading progress.
package org.sbench.record;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** Counts the bytes read (and skipped) through it; read by one thread, {@link #count()} by any. */
final class CountingInputStream extends FilterInputStream {
    // One thread reads, so the increments need no atomics; volatile lets another thread watch.
    private volatile long count;

    CountingInputStream(InputStream in) {
        super(in);
    }

    @Override
    public int read() throws IOException {
        int b = in.read();
        if (b >= 0) {
            count++;
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = in.read(b, off, len);
        if (n > 0) {
            count += n;
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = in.skip(n);
        count += skipped;
        return skipped;
    }

    /** Bytes read so far. */
    long count() {
        return count;
    }
}
