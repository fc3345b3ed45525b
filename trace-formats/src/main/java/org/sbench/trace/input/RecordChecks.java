package org.sbench.trace.input;

import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/**
 * The one check of a record that every reader applies, text or binary, and every writer asserts:
 * no format lets a record through that another format's reader, the statistics or replay would
 * refuse or misread.
 */
public final class RecordChecks {
    /**
     * The longest IO a trace may hold, 1 TiB: far beyond any single request a block layer issues
     * (Linux caps a request at 4 GiB, its length being 32 bits), so a longer one is damage.
     */
    public static final long MAX_IO_BYTES = 1L << 40;

    private RecordChecks() {
    }

    /**
     * What a record violates, phrased as what was expected, or null when it is sound: an op,
     * offset non-negative, length positive (zero allowed for flushes) and at most
     * {@link #MAX_IO_BYTES}, no overflow past the end, a completion no earlier than the issue, a
     * stream of 0 or more (or none) and a recorded queue depth of 1 or more (or none).
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
        if (r.stream < IoRecord.NO_STREAM) {
            return "a stream number of 0 or more";
        }
        if (r.qd < IoRecord.NO_QD) {
            return "a recorded queue depth of 1 or more";
        }
        return null;
    }

    /**
     * The error for a record of a binary file at {@code byteOffset} that violates {@code problem}:
     * {@code FILE: byte N: expected PROBLEM, found a OP of LENGTH bytes at OFFSET, ...}.
     */
    public static SbenchException badRecordAt(String file, long byteOffset, String problem, IoRecord r) {
        return SbenchException.badBytes(file, byteOffset, problem, describe(r));
    }

    /** Fails, as a bug of the caller, unless {@code r} is sound: writers never write what readers refuse. */
    public static void requireSound(IoRecord r) {
        String problem = problem(r);
        if (problem != null) {
            throw new IllegalArgumentException("record expected to have " + problem + ": " + describe(r));
        }
    }

    private static String describe(IoRecord r) {
        return (r.op == null ? "a record" : "a " + r.op.name().toLowerCase()) + " of " + r.lengthBytes + " bytes at "
                + r.offsetBytes + ", issued at " + r.issueNs + " ns, "
                + (r.hasComplete() ? "completed at " + r.completeNs + " ns" : "no completion")
                + ", stream " + r.stream + ", qd " + r.qd;
    }
}
