// The lines record, convert and inspect print about requests of a trace that are not ordinary IOs.
package org.sbench.trace;

import java.util.ArrayList;
import java.util.List;
import org.sbench.trace.units.Units;

/**
 * What {@link RequestAccounts.Counts} says, one line each, for the summaries of record, convert and
 * inspect, sbench's and sbench-spark's.
 */
public final class RequestLines {
    private RequestLines() {
    }

    /**
     * The lines for {@code c}, each led by a label of {@code width} characters, saying so when the
     * counts are of the trace this one was cut from; none when nothing was left out and nothing
     * failed (or {@code c} is null: a trace without such requests).
     */
    public static List<String> of(RequestAccounts.Counts c, int width) {
        List<String> lines = new ArrayList<>();
        if (c == null) {
            return lines;
        }
        String scope = c.ofSource() ? " in the trace this one was cut from (not known for this part of it)" : "";
        if (c.otherRequests() > 0) {
            lines.add(label("left out", width) + Units.count(c.otherRequests()) + " requests of other kinds ("
                    + Units.bytes(c.otherRequestBytes()) + ")" + scope + ": write-zeroes, passthrough or zone commands (N in the"
                    + " kernel's RWBS) or reads and writes of 0 bytes, not IOs sbench replays");
        }
        if (c.failedIos() > 0) {
            List<String> byError = new ArrayList<>();
            for (RequestAccounts.Failure f : c.failures()) {
                byError.add(f.error() + " " + Units.count(f.ios()));
            }
            lines.add(label("failed", width) + Units.count(c.failedIos()) + " IOs failed at the device (" + String.join(", ", byError)
                    + ")" + scope + ": kept as IOs, which a replay issues as any other");
        }
        return lines;
    }

    private static String label(String word, int width) {
        return String.format("%-" + width + "s", word);
    }
}
