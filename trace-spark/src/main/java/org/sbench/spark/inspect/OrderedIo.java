// One IO (or one split's summary of a volume) on its way to the volume's inspector.
package org.sbench.spark.inspect;

import java.io.Serializable;

/**
 * An IO with its place in file order and its volume, as a Spark bean (Spark's encoder needs the
 * getters and setters). A {@code summary} row is not an IO: it carries, in {@code issueNs}, the
 * latest issue time of its volume in split {@code split}, which tells the volume's inspector
 * whether an IO of a later split came after a later-issued one of an earlier split (reordered).
 */
public final class OrderedIo implements Serializable {
    private static final long serialVersionUID = 1L;

    private long volume;
    private boolean summary;
    private long issueNs;
    private long completeNs;
    private long offsetBytes;
    private long lengthBytes;
    private String op;
    private int stream;
    private int qd;
    private String process;
    private int split;
    private long seq;
    private boolean late;

    /** Fills {@code into} with this IO (a method, not a bean property). */
    public void copyTo(org.sbench.trace.IoRecord into) {
        into.clear();
        into.issueNs = issueNs;
        into.completeNs = completeNs;
        into.offsetBytes = offsetBytes;
        into.lengthBytes = lengthBytes;
        into.op = org.sbench.trace.Op.ofCode(op.charAt(0));
        into.stream = stream;
        into.qd = qd;
        into.process = process;
    }

    public long getVolume() {
        return volume;
    }

    public void setVolume(long volume) {
        this.volume = volume;
    }

    public boolean isSummary() {
        return summary;
    }

    public void setSummary(boolean summary) {
        this.summary = summary;
    }

    public long getIssueNs() {
        return issueNs;
    }

    public void setIssueNs(long issueNs) {
        this.issueNs = issueNs;
    }

    /** {@link org.sbench.trace.IoRecord#NO_TIME} when the IO has none. */
    public long getCompleteNs() {
        return completeNs;
    }

    public void setCompleteNs(long completeNs) {
        this.completeNs = completeNs;
    }

    public long getOffsetBytes() {
        return offsetBytes;
    }

    public void setOffsetBytes(long offsetBytes) {
        this.offsetBytes = offsetBytes;
    }

    public long getLengthBytes() {
        return lengthBytes;
    }

    public void setLengthBytes(long lengthBytes) {
        this.lengthBytes = lengthBytes;
    }

    /** The op's letter, R, W, T or F. */
    public String getOp() {
        return op;
    }

    public void setOp(String op) {
        this.op = op;
    }

    /** {@link org.sbench.trace.IoRecord#NO_STREAM} when the trace has none. */
    public int getStream() {
        return stream;
    }

    public void setStream(int stream) {
        this.stream = stream;
    }

    /** {@link org.sbench.trace.IoRecord#NO_QD} unless the source records it. */
    public int getQd() {
        return qd;
    }

    public void setQd(int qd) {
        this.qd = qd;
    }

    public String getProcess() {
        return process;
    }

    public void setProcess(String process) {
        this.process = process;
    }

    /** The split the IO was read in; splits are numbered in file order. */
    public int getSplit() {
        return split;
    }

    public void setSplit(int split) {
        this.split = split;
    }

    /** The IO's place within its split. */
    public long getSeq() {
        return seq;
    }

    public void setSeq(long seq) {
        this.seq = seq;
    }

    /** True when an earlier IO of the same volume in the same split was issued later. */
    public boolean isLate() {
        return late;
    }

    public void setLate(boolean late) {
        this.late = late;
    }
}
