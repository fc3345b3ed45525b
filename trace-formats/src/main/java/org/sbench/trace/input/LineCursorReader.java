// The lines of a LineCursor as characters, for a parser that reads a Reader (commons-csv).
package org.sbench.trace.input;

import java.io.Reader;
import org.sbench.SbenchException;

/**
 * The lines a {@link LineCursor} delivers, each followed by LF, as a {@link Reader}: the parser
 * reading it gets the cursor's limits (line length, binary data, a cut last line left out). A
 * record may span lines (a quoted field with line ends); {@link #recordRead} marks where one
 * ended, and a record of more than twice {@link LineCursor#MAX_LINE_BYTES} characters is an
 * error naming the line where it began, so a parser's buffer for one record stays bounded too.
 * Not thread-safe.
 */
public final class LineCursorReader extends Reader {
    private static final long MAX_RECORD_CHARS = 2L * LineCursor.MAX_LINE_BYTES;

    private final LineCursor cursor;
    /** The current line ({@link LineCursor#line()}); null before the first line and at the end. */
    private String line;
    private int lineLength;
    private int at;
    private long sinceRecord;
    /** The line where the record being read began, as {@link #recordRead} was last told. */
    private long recordLine;

    public LineCursorReader(LineCursor cursor) {
        this.cursor = cursor;
    }

    /** Fills {@code into} with as many lines as fit (a parser's buffer takes thousands of short lines at once). */
    @Override
    public int read(char[] into, int off, int len) {
        int n = 0;
        while (n < len) {
            if (line == null || at > lineLength) {
                if (!cursor.advance()) {
                    line = null;
                    break;
                }
                line = cursor.line();
                lineLength = line.length();
                at = 0;
            }
            int chunk;
            if (at == lineLength) {
                into[off + n] = '\n';
                chunk = 1;
            } else {
                chunk = Math.min(len - n, lineLength - at);
                line.getChars(at, at + chunk, into, off + n);
            }
            at += chunk;
            n += chunk;
        }
        sinceRecord += n;
        if (sinceRecord > MAX_RECORD_CHARS) {
            throw SbenchException.badInput(cursor.fileName() + ":" + recordLine, "expected a record of at most " + MAX_RECORD_CHARS
                    + " characters, found one still open at line " + cursor.lineNumber() + " (a quote not closed?)");
        }
        return n == 0 && len > 0 ? -1 : n;
    }

    /** The parser finished a record: the next one, which begins on line {@code nextLine}, is counted from here. */
    public void recordRead(long nextLine) {
        sinceRecord = 0;
        recordLine = nextLine;
    }

    @Override
    public void close() {
        cursor.close();
    }
}
