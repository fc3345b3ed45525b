// The bytes of the whole lines of a file that start within one byte range: a split of a text trace.
package org.sbench.spark.split;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * The lines of an uncompressed text file that start in {@code [start, end)}, as one stream: a
 * split starts at the first whole line at or after {@code start} (the line in progress belongs to
 * the split before) and ends with the line that straddles {@code end}, so that splits cut at any
 * byte offsets deliver every line exactly once. Lines end at {@code \n} (a {@code \r\n} line ends
 * at its {@code \n}; a lone {@code \r} ends no line, as for the text readers).
 */
final class LineRange extends InputStream {
    private static final int BUFFER_BYTES = 256 * 1024;

    private final HadoopFiles files;
    private final String path;
    private final long end;
    private final InputStream in;
    private final long firstLineStart;
    private long position;
    private boolean atLineStart = true;
    private boolean done;
    private long lineEnds;

    LineRange(HadoopFiles files, String path, long start, long end) throws IOException {
        this.files = files;
        this.path = path;
        this.end = end;
        long from = Math.max(0, start - 1);
        this.in = new BufferedInputStream(files.open(path, from), BUFFER_BYTES);
        position = from;
        if (start > 0) {
            // Byte start-1 decides: a line starts at start only if the byte before it ends a line.
            int b;
            do {
                b = in.read();
                if (b >= 0) {
                    position++;
                }
            } while (b >= 0 && b != '\n');
            done = b < 0;
        }
        firstLineStart = position;
    }

    /** Offset in the file of the first byte this range delivers. */
    long firstLineStart() {
        return firstLineStart;
    }

    /**
     * The line ends ({@code \n}) delivered so far: once the range is read, the number of lines the
     * ranges after it have before them from this one, without reading the file's head again.
     */
    long lineEnds() {
        return lineEnds;
    }

    /**
     * The number of lines before {@link #firstLineStart}, counted as the text readers count them
     * (each {@code \n} ends one; a lone {@code \r} does not); reads the file's head, so only error
     * messages ask for it.
     */
    long linesBefore() throws IOException {
        long lines = 0;
        try (InputStream head = new BufferedInputStream(files.open(path, 0), BUFFER_BYTES)) {
            for (long i = 0; i < firstLineStart; i++) {
                int b = head.read();
                if (b < 0) {
                    break;
                }
                if (b == '\n') {
                    lines++;
                }
            }
        }
        return lines;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        if (len == 0) {
            return 0;
        }
        if (done || (position >= end && atLineStart)) {
            done = true;
            return -1;
        }
        int n;
        if (position < end) {
            n = in.read(buf, off, (int) Math.min(len, end - position));
            if (n > 0) {
                atLineStart = buf[off + n - 1] == '\n';
            }
        } else {
            n = finishLine(buf, off, len);
        }
        if (n < 0) {
            done = true;
            return -1;
        }
        for (int i = off; i < off + n; i++) {
            if (buf[i] == '\n') {
                lineEnds++;
            }
        }
        position += n;
        return n;
    }

    /** Past the range's end: the rest of the line that straddles it, up to and with its {@code \n}. */
    private int finishLine(byte[] buf, int off, int len) throws IOException {
        int n = 0;
        while (n < len) {
            int b = in.read();
            if (b < 0) {
                return n == 0 ? -1 : n;
            }
            buf[off + n++] = (byte) b;
            if (b == '\n') {
                atLineStart = true;
                break;
            }
        }
        return n;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
