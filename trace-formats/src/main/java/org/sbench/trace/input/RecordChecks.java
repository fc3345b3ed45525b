package org.sbench.trace.input;

import java.util.Locale;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;

/**
 * The one check of a record that every reader applies, text or binary, and every writer asserts:
 * no format lets a record through that another format's reader, the statistics or replay would
 * refuse or misread. {@link #STANDARD} is the check of every trace; a reader for a purpose that
 * takes less (replay's longest IO) applies a stricter one ({@link ReadOptions#withRecordChecks}), so
 * that a record beyond it is a bad record at its line or byte like any other.
 */
public final class RecordChecks {
    /**
     * The longest IO a trace may hold, 1 TiB: far beyond any single request a block layer issues
     * (Linux caps a request at 4 GiB, its length being 32 bits), so a longer one is damage.
     */
    public static final long MAX_IO_BYTES = 1L << 40;
    /** The checks of every trace: IOs up to {@link #MAX_IO_BYTES}. */
    public static final RecordChecks STANDARD = new RecordChecks(MAX_IO_BYTES, "an IO of at most 1 TiB (2^40 bytes)");
    // What is expected, built once: problem() runs for every record and must stay small enough to inline.
    private static final String AN_OP = "an op";
    private static final String A_NON_NEGATIVE_OFFSET = "a non-negative offset";
    private static final String[] A_POSITIVE_LENGTH = positiveLengths();
    private static final String AN_END_BELOW_2_63 = "an IO that ends below 2^63 bytes";
    private static final String A_COMPLETION_AFTER_ISSUE = "a completion no earlier than the issue";
    private static final String A_STREAM = "a stream number of 0 or more";
    private static final String A_QUEUE_DEPTH = "a recorded queue depth of 1 or more";

    private final long maxIoBytes;
    private final String atMostMaxIo;

    private RecordChecks(long maxIoBytes, String atMostMaxIo) {
        this.maxIoBytes = maxIoBytes;
        this.atMostMaxIo = atMostMaxIo;
    }

    /**
     * These checks with IOs of at most {@code maxIoBytes} (no more than {@link #MAX_IO_BYTES}); a
     * longer one is refused as expected {@code atMost} ("an IO of at most 1 GiB, ...").
     */
    public static RecordChecks withLongestIo(long maxIoBytes, String atMost) {
        if (maxIoBytes < 1 || maxIoBytes > MAX_IO_BYTES) {
            throw new IllegalArgumentException("longest IO " + maxIoBytes + " outside 1.." + MAX_IO_BYTES);
        }
        return new RecordChecks(maxIoBytes, atMost);
    }

    private static String[] positiveLengths() {
        String[] out = new String[Op.values().length];
        for (Op op : Op.values()) {
            out[op.ordinal()] = "a positive length for a " + op.name().toLowerCase(Locale.ROOT);
        }
        return out;
    }

    /**
     * What a record violates, phrased as what was expected, or null when it is sound: an op,
     * offset non-negative, length positive (zero allowed for flushes) and at most the longest IO
     * of these checks, no overflow past the end, a completion no earlier than the issue, a
     * stream of 0 or more (or none) and a recorded queue depth of 1 or more (or none).
     */
    public String problem(IoRecord r) {
        Op op = r.op;
        long offset = r.offsetBytes;
        long length = r.lengthBytes;
        if (op == null) {
            return AN_OP;
        }
        if (offset < 0) {
            return A_NON_NEGATIVE_OFFSET;
        }
        if (length < 0 || (length == 0 && op != Op.FLUSH)) {
            return A_POSITIVE_LENGTH[op.ordinal()];
        }
        if (length > maxIoBytes) {
            return atMostMaxIo;
        }
        if (offset + length < offset) {
            return AN_END_BELOW_2_63;
        }
        if (r.completeNs != IoRecord.NO_TIME && r.completeNs < r.issueNs) {
            return A_COMPLETION_AFTER_ISSUE;
        }
        if (r.stream < IoRecord.NO_STREAM) {
            return A_STREAM;
        }
        return r.qd < IoRecord.NO_QD ? A_QUEUE_DEPTH : null;
    }

    /**
     * The error for a record of a binary file at {@code byteOffset} that violates {@code problem}:
     * {@code FILE: byte N: expected PROBLEM, found a OP of LENGTH bytes at OFFSET, ...}.
     */
    public static SbenchException badRecordAt(String file, long byteOffset, String problem, IoRecord r) {
        return SbenchException.badBytes(file, byteOffset, problem, describe(r));
    }

    /** {@code WHERE: expected PROBLEM, found RECORD}: a record at a place a byte offset does not name. */
    public static SbenchException badRecord(String where, String problem, IoRecord r) {
        return SbenchException.badInput(where, "expected " + problem + ", found " + describe(r));
    }

    /** Fails, as a bug of the caller, unless {@code r} is sound: writers never write what readers refuse. */
    public static void requireSound(IoRecord r) {
        String problem = STANDARD.problem(r);
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
