// Recognition of comma-separated traces by the shape of their first lines.
package org.sbench.trace.format;

import java.util.function.Predicate;
import org.sbench.trace.input.TraceHead;

/**
 * What the sniff of the comma-separated formats ({@link SniffedCsvFormat}: msr, spc, alibaba, tencent, systor)
 * share: walking the first lines, passing over comments and header lines, and testing fields.
 * Allocates freely: it runs once per file, never per record.
 */
public final class CsvSniffer {
    private static final String COMMENT_PREFIX = "#";
    /** Enough lines to tell the formats apart, few enough to read from any head. */
    private static final int SNIFF_LINES = 10;
    /** Lines of the shape that must stand beside one that is not, for a second look to take the head. */
    private static final int MIN_DATA_WITH_A_BAD_LINE = 2;

    private CsvSniffer() {
    }

    /**
     * True when the head has a data line among its first ten lines ({@code #} comments aside) and
     * {@code isDataLine} holds for every one. Each line is split at every comma into fields
     * stripped of white space. Header lines naming the {@code header} columns (any case) are
     * passed over; with a null {@code header} every line must be data. On a second look
     * ({@link TraceHead#oneBadLineAllowed}) one line may fail the test where at least
     * {@value #MIN_DATA_WITH_A_BAD_LINE} others pass it.
     */
    public static boolean everyDataLine(TraceHead head, String[] header, Predicate<String[]> isDataLine) {
        int data = 0;
        int bad = 0;
        for (String line : head.dataLines(SNIFF_LINES, COMMENT_PREFIX)) {
            String[] fields = line.split(",", -1);
            for (int i = 0; i < fields.length; i++) {
                fields[i] = fields[i].strip();
            }
            if (header != null && isHeader(fields, header)) {
                continue;
            }
            if (isDataLine.test(fields)) {
                data++;
            } else if (!head.oneBadLineAllowed() || ++bad > 1) {
                return false;
            }
        }
        return bad == 0 ? data > 0 : data >= MIN_DATA_WITH_A_BAD_LINE;
    }

    /** True for one or more ASCII digits, white space around them aside. */
    public static boolean isDigits(String s) {
        String t = s.strip();
        if (t.isEmpty()) {
            return false;
        }
        for (int i = 0; i < t.length(); i++) {
            if (t.charAt(i) < '0' || t.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    private static boolean isHeader(String[] fields, String[] header) {
        if (fields.length != header.length) {
            return false;
        }
        for (int i = 0; i < header.length; i++) {
            if (!fields[i].equalsIgnoreCase(header[i])) {
                return false;
            }
        }
        return true;
    }
}
