package org.sbench.trace.input;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;

/**
 * Line-by-line reading of a text trace that knows where it is, so every error names
 * {@code FILE:LINE}. Owns the decompressed stream and the bad-record budget of its reader.
 */
public final class LineCursor implements AutoCloseable {
    private static final int CHAR_BUFFER = 1 << 16;

    private final TraceInput input;
    private final BufferedReader reader;
    private final BadRecordBudget budget;
    private String line;
    private long lineNumber;

    public LineCursor(TraceInput input, ReadOptions options) {
        this.input = input;
        this.reader = new BufferedReader(new InputStreamReader(input.openStream(), StandardCharsets.UTF_8), CHAR_BUFFER);
        this.budget = options.newBudget();
    }

    /**
     * Moves to the next line.
     *
     * @return false at the end of the file
     * @throws SbenchException if the line holds binary data (a binary file fed to a text reader)
     *         or the file cannot be read (a truncated compressed file)
     */
    public boolean advance() {
        try {
            line = reader.readLine();
        } catch (IOException e) {
            throw SbenchException.badInput(input.displayName(), "line " + (lineNumber + 1)
                    + ": cannot read further (" + TraceInput.reason(e) + "); is the file truncated?");
        }
        if (line == null) {
            return false;
        }
        lineNumber++;
        if (line.indexOf('\0') >= 0) {
            throw SbenchException.badLine(input.displayName(), lineNumber, "a text line", "binary data");
        }
        return true;
    }

    public String line() {
        return line;
    }

    public long lineNumber() {
        return lineNumber;
    }

    public String fileName() {
        return input.displayName();
    }

    /** The error for the current line: expected {@code expected}, found {@code found}. */
    public SbenchException error(String expected, CharSequence found) {
        return SbenchException.badLine(input.displayName(), lineNumber, expected, found);
    }

    /** The error for the current line, quoting the whole line. */
    public SbenchException error(String expected) {
        return error(expected, line);
    }

    /** Skips the current line as a bad record, or throws when the skip allowance is used up. */
    public void reject(SbenchException error) {
        budget.reject(error);
    }

    /** Applies {@link RecordChecks}; a record that fails is rejected (false) or the error thrown. */
    public boolean accept(IoRecord record) {
        String problem = RecordChecks.problem(record);
        if (problem == null) {
            return true;
        }
        reject(error(problem));
        return false;
    }

    public long skipped() {
        return budget.skipped();
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException ignored) {
            // Nothing was written; a failed close of an input loses nothing.
        }
    }
}
