package org.sbench.trace.format.csv;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.sbench.SbenchException;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.input.BadRecordBudget;
import org.sbench.trace.input.LineCursor;
import org.sbench.trace.input.LineCursorReader;
import org.sbench.trace.input.ProcessNames;
import org.sbench.trace.input.RecordChecks;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * Reads the CSV form ({@link CsvLayout}). Leading {@code #} lines carry the source format, the
 * optional fields present, metadata and phase markers; without a {@code # fields:} line the fields
 * present are those filled in the first row. The header row must match exactly. Lines are read
 * through a {@link LineCursor}: its limits on line length and its handling of a cut last line apply.
 */
final class CsvTraceReader implements TraceReader {
    private final String file;
    private final LineCursor cursor;
    private final LineCursorReader text;
    private final CSVParser parser;
    private final Iterator<CSVRecord> rows;
    private final BadRecordBudget budget;
    private final ProcessNames processes = new ProcessNames();
    private final RecordChecks checks;
    private final long headerLines;
    /** The line where the last row read ends (the header row's before the first). */
    private long rowEnd;
    private TraceInfo info;
    private CSVRecord pending;

    CsvTraceReader(TraceInput input, ReadOptions options) {
        file = input.displayName();
        budget = options.newBudget();
        checks = options.recordChecks();
        cursor = new LineCursor(input, ReadOptions.DEFAULTS);
        text = new LineCursorReader(cursor);
        try {
            String source = "csv";
            EnumSet<Field> fields = null;
            Map<String, String> metadata = new LinkedHashMap<>();
            List<PhaseMarker> phases = new ArrayList<>();
            String line = null;
            while (cursor.advance()) {
                line = cursor.line();
                if (!line.startsWith(CsvLayout.COMMENT)) {
                    break;
                }
                long lineNo = cursor.lineNumber();
                String c = line.substring(1).strip();
                if (c.startsWith(CsvLayout.SOURCE)) {
                    source = value(c, CsvLayout.SOURCE);
                } else if (c.startsWith(CsvLayout.FIELDS)) {
                    fields = parseFields(value(c, CsvLayout.FIELDS), lineNo, line);
                } else if (c.startsWith(CsvLayout.META)) {
                    String kv = value(c, CsvLayout.META);
                    int eq = kv.indexOf('=');
                    if (eq <= 0) {
                        throw SbenchException.badLine(file, lineNo, "'# meta: KEY=VALUE'", line);
                    }
                    metadata.put(kv.substring(0, eq), kv.substring(eq + 1));
                } else if (c.startsWith(CsvLayout.PHASE)) {
                    phases.add(parsePhase(value(c, CsvLayout.PHASE), lineNo, line));
                }
                line = null;
            }
            if (line == null) {
                throw SbenchException.badInput(file, "empty: expected the header row '" + CsvLayout.HEADER_LINE + "'");
            }
            if (!line.strip().equals(CsvLayout.HEADER_LINE)) {
                throw SbenchException.badLine(file, cursor.lineNumber(), "the header row '" + CsvLayout.HEADER_LINE + "'", line);
            }
            headerLines = cursor.lineNumber();
            // The comments and the header row, read through the cursor itself, end here: the first record begins on the next line.
            rowEnd = headerLines;
            text.recordRead(rowEnd + 1);
            parser = CSVParser.parse(text, CsvLayout.FORMAT);
            rows = parser.iterator();
            IoRecord first = new IoRecord();
            if (fields == null) {
                fields = EnumSet.noneOf(Field.class);
                if (peek(first)) {
                    if (first.hasComplete()) {
                        fields.add(Field.COMPLETE);
                    }
                    if (first.stream != IoRecord.NO_STREAM) {
                        fields.add(Field.STREAM);
                    }
                    if (first.qd != IoRecord.NO_QD) {
                        fields.add(Field.QD);
                    }
                    if (first.process != null) {
                        fields.add(Field.PROCESS);
                    }
                }
            }
            info = new TraceInfo(source, fields, metadata, phases);
        } catch (IOException e) {
            close();
            throw SbenchException.badInput(file, "cannot read (" + SbenchException.reason(e) + ")");
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    private static String value(String comment, String key) {
        return comment.substring(key.length()).strip();
    }

    private EnumSet<Field> parseFields(String list, long lineNo, String line) {
        EnumSet<Field> fields = EnumSet.noneOf(Field.class);
        for (String name : list.split(",")) {
            if (name.isBlank()) {
                continue;
            }
            try {
                fields.add(Field.valueOf(name.strip().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw SbenchException.badLine(file, lineNo, "field names among complete,stream,qd,process", line);
            }
        }
        return fields;
    }

    /** {@code TIME_NS NAME}, or {@code TIME_NS} alone for a phase of no name (as a .sbt may hold, and the writer writes it). */
    private PhaseMarker parsePhase(String v, long lineNo, String line) {
        int sp = v.indexOf(' ');
        try {
            return sp < 0 ? new PhaseMarker("", Long.parseLong(v)) : new PhaseMarker(v.substring(sp + 1).strip(), Long.parseLong(v.substring(0, sp)));
        } catch (NumberFormatException e) {
            throw SbenchException.badLine(file, lineNo, "'# phase: TIME_NS NAME'", line);
        }
    }

    /** Reads the first good row ahead so {@link #info()} can state the fields present. */
    private boolean peek(IoRecord into) {
        if (readRow(into)) {
            pending = lastRow;
            return true;
        }
        return false;
    }

    private CSVRecord lastRow;

    @Override
    public TraceInfo info() {
        return info;
    }

    @Override
    public boolean next(IoRecord into) {
        if (pending != null) {
            CSVRecord row = pending;
            pending = null;
            parse(row, into);
            return true;
        }
        return readRow(into);
    }

    private boolean readRow(IoRecord into) {
        while (true) {
            CSVRecord row;
            try {
                if (!rows.hasNext()) {
                    return false;
                }
                row = rows.next();
                // The parser's line count is of the line ends read: at a row's end, the lines through it.
                rowEnd = headerLines + parser.getCurrentLineNumber();
                text.recordRead(rowEnd + 1);
            } catch (UncheckedIOException | IllegalStateException e) {
                // Within a line, the parser counts the line it is on too.
                throw SbenchException.badInput(file + ":" + text.recordLine(), "expected a CSV row, found malformed quoting or unreadable data at line "
                        + (headerLines + parser.getCurrentLineNumber()));
            }
            try {
                parse(row, into);
                String problem = checks.problem(into);
                if (problem != null) {
                    throw error(row, problem, String.join(",", row.values()));
                }
                lastRow = row;
                return true;
            } catch (SbenchException e) {
                budget.reject(e);
            }
        }
    }

    private void parse(CSVRecord row, IoRecord r) {
        if (row.size() != CsvLayout.HEADER.length) {
            throw error(row, CsvLayout.HEADER.length + " columns (" + CsvLayout.HEADER_LINE + ")", String.join(",", row.values()));
        }
        r.issueNs = number(row, CsvLayout.ISSUE, "issue_ns (integer ns)");
        r.completeNs = row.get(CsvLayout.COMPLETE).isEmpty() ? IoRecord.NO_TIME : completion(row);
        r.offsetBytes = number(row, CsvLayout.OFFSET, "offset (bytes)");
        r.lengthBytes = number(row, CsvLayout.LENGTH, "length (bytes)");
        String op = row.get(CsvLayout.OP);
        r.op = op.length() == 1 ? Op.ofCode(op.charAt(0)) : null;
        if (r.op == null) {
            throw error(row, "op R, W, T or F", op);
        }
        r.stream = row.get(CsvLayout.STREAM).isEmpty() ? IoRecord.NO_STREAM : (int) bounded(row, CsvLayout.STREAM, "stream (integer 0..2^31-1 or empty)");
        r.qd = row.get(CsvLayout.QD).isEmpty() ? IoRecord.NO_QD : (int) bounded(row, CsvLayout.QD, "qd (integer >= 1 or empty)");
        if (!row.get(CsvLayout.QD).isEmpty() && r.qd < 1) {
            throw error(row, "qd (integer >= 1 or empty)", row.get(CsvLayout.QD));
        }
        String process = row.get(CsvLayout.PROCESS);
        if (ProcessNames.tooLong(process)) {
            throw error(row, ProcessNames.EXPECTED, process);
        }
        r.process = process.isEmpty() ? null : processes.intern(process);
    }

    /** A completion that is a number: -2^63 would be taken for none ({@link IoRecord#NO_TIME}), which an empty field says. */
    private long completion(CSVRecord row) {
        String what = "complete_ns (integer ns above -2^63, or empty)";
        long v = number(row, CsvLayout.COMPLETE, what);
        if (v == IoRecord.NO_TIME) {
            throw error(row, what, row.get(CsvLayout.COMPLETE));
        }
        return v;
    }

    private long bounded(CSVRecord row, int column, String what) {
        long v = number(row, column, what);
        if (v < 0 || v > Integer.MAX_VALUE) {
            throw error(row, what, row.get(column));
        }
        return v;
    }

    private long number(CSVRecord row, int column, String what) {
        String s = row.get(column);
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw error(row, what, s);
        }
    }

    /** An error of {@code row}, the last row read, at the line where it begins. */
    private SbenchException error(CSVRecord row, String expected, String found) {
        return SbenchException.badLine(file, firstLine(row), expected, found);
    }

    /**
     * The line where {@code row}, the last row read, begins: its end less the line ends within its
     * quoted fields, as the parser counts them (CR, LF, CR LF). Only an error pays for the count.
     */
    private long firstLine(CSVRecord row) {
        long line = rowEnd;
        for (String value : row.values()) {
            for (int i = 0; i < value.length(); i++) {
                char c = value.charAt(i);
                if (c == '\r' || c == '\n' && (i == 0 || value.charAt(i - 1) != '\r')) {
                    line--;
                }
            }
        }
        return line;
    }

    @Override
    public long skippedRecords() {
        return budget.skipped();
    }

    @Override
    public long incompleteLastLine() {
        return cursor.incompleteLastLine();
    }

    @Override
    public void close() {
        text.close();
    }
}
