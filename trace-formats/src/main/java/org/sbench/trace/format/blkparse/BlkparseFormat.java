// blkparse default text output: recognition and opening.
package org.sbench.trace.format.blkparse;

import java.util.List;
import java.util.regex.Pattern;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/**
 * The text {@code blkparse} prints by default ({@code maj,min cpu seq seconds pid action rwbs …});
 * the layout is described on {@link BlkparseReader}. Stateless and thread-safe.
 */
public final class BlkparseFormat implements TraceFormat {
    static final String NAME = "blkparse";
    private static final int SNIFF_LINES = 20;
    private static final int MIN_EVENT_LINES = 3;
    private static final int MIN_LINE_FIELDS = 7;
    private static final int NS_DIGITS = 9;
    private static final int MAX_ACTION_CHARS = 2;
    private static final Pattern SUMMARY_START = Pattern.compile("(CPU[0-9]+|Total) \\(.*\\):");

    @Override
    public String name() {
        return NAME;
    }

    /**
     * Yes when at least half of the first lines, and at least three (or all, if fewer), are
     * blkparse events: {@code maj,min}, CPU, sequence number, seconds with exactly 9 decimals,
     * pid, a one- or two-letter action and upper-case RWBS flags. The summary blkparse ends with
     * ({@code CPU0 (8,0):} or {@code Total (8,0):} and the lines after it) is not looked at: a
     * capture of a few requests has more lines of summary than of events.
     */
    @Override
    public boolean sniff(TraceHead head) {
        List<String> lines = head.dataLines(SNIFF_LINES, null);
        int looked = 0;
        int events = 0;
        for (String line : lines) {
            if (isSummaryStart(line)) {
                break;
            }
            looked++;
            if (isEventLine(line)) {
                events++;
            }
        }
        return events > 0 && events >= Math.min(MIN_EVENT_LINES, looked) && 2 * events >= looked;
    }

    /** {@code CPU3 (8,0):} or {@code Total (8,0):}, the first line of a part of blkparse's closing summary. */
    static boolean isSummaryStart(String line) {
        return SUMMARY_START.matcher(line).matches();
    }

    @Override
    public TraceReader openReader(TraceInput input, ReadOptions options) {
        return new BlkparseReader(input, options);
    }

    static boolean isEventLine(String line) {
        String[] f = line.strip().split("[ \t]+");
        if (f.length < MIN_LINE_FIELDS) {
            return false;
        }
        int comma = f[0].indexOf(',');
        if (comma <= 0 || !isDigits(f[0].substring(0, comma)) || !isDigits(f[0].substring(comma + 1))) {
            return false;
        }
        int dot = f[3].indexOf('.');
        return isDigits(f[1]) && isDigits(f[2]) && dot > 0 && isDigits(f[3].substring(0, dot))
                && f[3].length() - dot - 1 == NS_DIGITS && isDigits(f[3].substring(dot + 1))
                && isDigits(f[4]) && f[5].length() <= MAX_ACTION_CHARS && isLetters(f[5], 'a', 'z')
                && isLetters(f[6], 'A', 'Z');
    }

    private static boolean isDigits(String s) {
        return !s.isEmpty() && s.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    private static boolean isLetters(String s, char lowest, char highest) {
        return !s.isEmpty() && s.chars().allMatch(c -> (c >= 'A' && c <= 'Z') || (c >= lowest && c <= highest));
    }
}
