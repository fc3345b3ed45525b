// The lines of a LineCursor as characters, for a parser that reads a Reader (commons-csv).
package org.sbench.trace.input;

import java.io.Reader;
import java.util.ArrayDeque;
import org.sbench.SbenchException;

/**
 * The lines a {@link LineCursor} delivers, each followed by LF, as a {@link Reader}: the parser
 * reading it gets the cursor's limits (line length, binary data, a cut last line left out). A
 * record may span lines (a quoted field with line ends); {@link #recordRead} marks where one
 * ended, and a record of more than twice {@link LineCursor#MAX_LINE_BYTES} characters is an
 * error naming the line where it began, so a parser's buffer for one record stays bounded too.
 * The line where a record begins is the first after the last record that is not blank (a parser
 * skips blank lines between records): the blank lines the parser's buffer may hold are kept as runs
 * until a record ends past them. Not thread-safe.
 */
public final class LineCursorReader extends Reader {
    private static final long MAX_RECORD_CHARS = 2L * LineCursor.MAX_LINE_BYTES;

    private final LineCursor cursor;
    /** The current line ({@link LineCursor#line()}); null before the first line and at the end. */
    private String line;
    private int lineLength;
    private int at;
    private long sinceRecord;
    /** The line after the last record, as {@link #recordRead} was last told. */
    private long recordLine;
    /**
     * Runs of blank lines ({first, last, characters read at the last}) that a record may follow: those read within
     * twice the longest read (the most a parser's buffer holds) or after the last record.
     */
    private final ArrayDeque<long[]> blankRuns = new ArrayDeque<>();
    private long charsRead;
    private int longestRead;

    public LineCursorReader(LineCursor cursor) {
        this.cursor = cursor;
    }

    /** Fills {@code into} with as many lines as fit (a parser's buffer takes thousands of short lines at once). */
    @Override
    public int read(char[] into, int off, int len) {
        longestRead = Math.max(longestRead, len);
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
                if (lineLength == 0) {
                    blank(cursor.lineNumber(), charsRead + n);
                }
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
        charsRead += n;
        if (sinceRecord > MAX_RECORD_CHARS) {
            throw SbenchException.badInput(cursor.fileName() + ":" + recordLine(), "expected a record of at most " + MAX_RECORD_CHARS
                    + " characters, found one still open at line " + cursor.lineNumber() + " (a quote not closed?)");
        }
        return n == 0 && len > 0 ? -1 : n;
    }

    /** Blank line {@code number}, read at character {@code at}: a run of its own, or the last of the run before it. */
    private void blank(long number, long at) {
        long[] last = blankRuns.peekLast();
        if (last != null && last[1] == number - 1) {
            last[1] = number;
            last[2] = at;
        } else {
            blankRuns.addLast(new long[] {number, number, at});
        }
        while (blankRuns.size() > 1 && blankRuns.peekFirst()[1] < recordLine) {
            blankRuns.removeFirst();
        }
        while (blankRuns.size() > 1 && blankRuns.peekFirst()[2] < at - 2L * longestRead) {
            blankRuns.removeFirst();
        }
    }

    /** The parser finished a record: the next one, on line {@code nextLine} or the first after it that is not blank, is counted from here. */
    public void recordRead(long nextLine) {
        sinceRecord = 0;
        recordLine = nextLine;
        while (!blankRuns.isEmpty() && blankRuns.peekFirst()[1] < nextLine) {
            blankRuns.removeFirst();
        }
    }

    /** The line where the record being read begins: the first after the last record that is not blank. */
    public long recordLine() {
        long[] first = blankRuns.peekFirst();
        return first != null && first[0] == recordLine ? first[1] + 1 : recordLine;
    }

    @Override
    public void close() {
        cursor.close();
    }
}
