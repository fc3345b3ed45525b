package org.sbench.trace;

/**
 * One IO of a trace (docs/definitions.md, "The IO record"). A mutable holder: readers fill a record
 * the caller owns, so that reading allocates nothing per IO.
 *
 * <p>Times are nanoseconds. Readers deliver them on the source's own clock (any origin); the
 * pipeline that {@link org.sbench.trace.format.TraceFormats} opens rebases them so that the
 * earliest issue is 0. Offsets and lengths are bytes. Optional fields hold the {@code NO_*}
 * sentinels when absent.
 */
public final class IoRecord {
    /** {@link #completeNs} when the source has no completion time. */
    public static final long NO_TIME = Long.MIN_VALUE;
    /** {@link #stream} when the source has no stream / device / volume number. */
    public static final int NO_STREAM = -1;
    /** {@link #qd} when the recorded queue depth is unknown. */
    public static final int NO_QD = 0;

    public long issueNs;
    public long completeNs = NO_TIME;
    public long offsetBytes;
    public long lengthBytes;
    public Op op;
    public int stream = NO_STREAM;
    public int qd = NO_QD;
    /** Issuing process, or null. */
    public String process;

    /** Resets the optional fields to absent; readers call it before filling a record. */
    public IoRecord clear() {
        issueNs = 0;
        completeNs = NO_TIME;
        offsetBytes = 0;
        lengthBytes = 0;
        op = null;
        stream = NO_STREAM;
        qd = NO_QD;
        process = null;
        return this;
    }

    public IoRecord copyFrom(IoRecord other) {
        issueNs = other.issueNs;
        completeNs = other.completeNs;
        offsetBytes = other.offsetBytes;
        lengthBytes = other.lengthBytes;
        op = other.op;
        stream = other.stream;
        qd = other.qd;
        process = other.process;
        return this;
    }

    public boolean hasComplete() {
        return completeNs != NO_TIME;
    }

    public long endOffsetBytes() {
        return offsetBytes + lengthBytes;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof IoRecord)) {
            return false;
        }
        IoRecord r = (IoRecord) o;
        return issueNs == r.issueNs && completeNs == r.completeNs && offsetBytes == r.offsetBytes
                && lengthBytes == r.lengthBytes && op == r.op && stream == r.stream && qd == r.qd
                && java.util.Objects.equals(process, r.process);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(issueNs * 31 + offsetBytes) ^ (int) lengthBytes;
    }

    @Override
    public String toString() {
        return "IoRecord{issueNs=" + issueNs + ", completeNs=" + (hasComplete() ? Long.toString(completeNs) : "-")
                + ", offset=" + offsetBytes + ", length=" + lengthBytes + ", op=" + op
                + ", stream=" + stream + ", qd=" + qd + ", process=" + process + "}";
    }
}
