// FIU block traces (homes, mail, web-vm; SNIA IOTTA): space-separated lines with content digests.
package org.sbench.trace.format.fiu;

import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceHead;
import org.sbench.trace.input.TraceInput;

/** The FIU traces of Koller and Rangaswami (homes, mail, web-vm); see {@link FiuReader}. */
public final class FiuFormat implements TraceFormat {
    static final String NAME = "fiu";
    private static final int SNIFF_LINES = 5;
    private static final int MD5_HEX_CHARS = 32;

    @Override
    public String name() {
        return NAME;
    }

    /**
     * Every one of the first data lines (up to five) has the FIU shape: decimal ts and pid, a
     * process, decimal LBA and size, R or W, decimal major and minor, then the content digests:
     * hex, one 32-digit MD5 per 4 KiB (or 512 bytes) of the IO, so a large IO's field holds
     * hundreds of digits, and whatever its length (the head holds whole lines up to 1 MiB).
     */
    @Override
    public boolean sniff(TraceHead head) {
        return head.everyLine(SNIFF_LINES, line -> looksLikeFiu(line.trim().split("[ \t]+")));
    }

    private static boolean looksLikeFiu(String[] f) {
        if (f.length < FiuReader.MIN_FIELDS || !digits(f[0]) || !digits(f[1])) {
            return false;
        }
        for (int op = FiuReader.OP_FIELD; op + 3 < f.length; op++) {
            if ((f[op].equalsIgnoreCase("R") || f[op].equalsIgnoreCase("W")) && digits(f[op - 2]) && digits(f[op - 1])
                    && digits(f[op + 1]) && digits(f[op + 2]) && digests(f[op + 3])) {
                return true;
            }
        }
        return false;
    }

    private static boolean digits(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }

    /** One or more 32-digit hex MD5 digests, written together. */
    private static boolean digests(String s) {
        if (s.isEmpty() || s.length() % MD5_HEX_CHARS != 0) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (Character.digit(s.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public TraceReader openReader(TraceInput input, ReadOptions options) {
        return new FiuReader(input, options);
    }
}
