package org.sbench.trace.input;

import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/** The checks every reader applies to a parsed record, so that no format lets nonsense through. */
public final class RecordChecks {
    /**
     * The longest IO a trace may hold, 1 TiB: far beyond any single request a block layer issues
     * (Linux caps a request at 4 GiB, its length being 32 bits), so a longer one is damage.
     */
    public static final long MAX_IO_BYTES = 1L << 40;

    private RecordChecks() {
    }

    /**
     * What a record violates, phrased as what was expected, or null when it is sound: offset
     * non-negative, length positive (zero allowed for flushes) and at most {@link #MAX_IO_BYTES},
     * no overflow past the end, and a completion no earlier than the issue.
     */
    public static String problem(IoRecord r) {
        if (r.op == null) {
            return "an op";
        }
        if (r.offsetBytes < 0) {
            return "a non-negative offset";
        }
        if (r.lengthBytes < 0 || (r.lengthBytes == 0 && r.op != Op.FLUSH)) {
            return "a positive length for a " + r.op.name().toLowerCase() + "";
        }
        if (r.lengthBytes > MAX_IO_BYTES) {
            return "an IO of at most 1 TiB (2^40 bytes)";
        }
        if (r.offsetBytes + r.lengthBytes < r.offsetBytes) {
            return "an IO that ends below 2^63 bytes";
        }
        if (r.hasComplete() && r.completeNs < r.issueNs) {
            return "a completion no earlier than the issue";
        }
        return null;
    }
}
