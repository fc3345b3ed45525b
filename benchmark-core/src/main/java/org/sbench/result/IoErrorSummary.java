package org.sbench.result;

import java.util.Map;
import java.util.StringJoiner;
import java.util.function.LongFunction;

/**
 * A run's IO errors in one line, for stderr: how many, by op and error, and the first that failed
 * ({@code 3 IO errors (write: EIO 3); first: write of 1048576 bytes at offset 2097152, EIO}).
 */
public final class IoErrorSummary {
    private IoErrorSummary() {
    }

    /** The line, or null when the run had no IO errors. */
    public static String of(ReplayResult r) {
        long errors = r.summary().errors();
        if (errors == 0) {
            return null;
        }
        ReplayResult.FirstError f = r.firstError();
        return errors + (errors == 1 ? " IO error" : " IO errors") + " " + byOp(r, String::valueOf)
                + (f == null ? "" : "; first: " + f.op() + " of " + f.lengthBytes() + " bytes at offset " + f.offsetBytes() + ", " + f.error());
    }

    /** {@code (read: EIO 2; write: ENOSPC 14)}, each count written by {@code count}. */
    static String byOp(ReplayResult r, LongFunction<String> count) {
        StringJoiner byOp = new StringJoiner("; ", "(", ")");
        for (Map.Entry<String, Map<String, Long>> op : r.errors().entrySet()) {
            StringJoiner byError = new StringJoiner(", ", op.getKey() + ": ", "");
            op.getValue().forEach((error, n) -> byError.add(error + " " + count.apply(n)));
            byOp.add(byError.toString());
        }
        return byOp.toString();
    }
}
