package org.sbench.trace.stats;

import java.util.List;
import org.sbench.trace.RequestAccounts;

/**
 * What a reviewer states about a trace; built once by {@link TraceInspector}. Component names are
 * the JSON keys of {@code sbench inspect --json}.
 *
 * @param durationNs span from the first to the last issue time
 * @param sequentialPct sequential READ/WRITE IOs as a share of all READ/WRITE IOs (docs/definitions.md)
 * @param maxOffset highest end offset (offset + length) reached: the capacity the trace needs
 * @param maxIoBytes largest read or write
 * @param distinct4kBlocks distinct 4 KiB blocks read or written (exact), per stream, summed over the streams given a
 *        row ({@code streams}); those of {@code otherStreams} are not counted
 * @param incompleteLastLine the number of the trace's last line when it had no line end (a cut
 *        file) and was not read; 0 when there is none
 * @param withoutCompletion IOs without a completion time: all of a trace without completion
 *        times; some of one whose tracer missed completions (an issue-only capture)
 * @param streams a row for each of the first {@value TraceInspector.Rows#MAX} streams (all of them, in most traces)
 * @param otherStreams the streams past those, summed in one row; null when every stream has a row
 * @param requests the requests of the trace that are not ordinary IOs of it
 *        ({@link RequestAccounts.Counts#of}); null for a trace without such requests
 */
public record TraceStatistics(
        String format,
        String name,
        long records,
        long reads,
        long writes,
        long trims,
        long flushes,
        long bytesRead,
        long bytesWritten,
        long bytesTrimmed,
        long durationNs,
        double sequentialPct,
        long maxOffset,
        long maxIoBytes,
        long distinct4kBlocks,
        long reordered,
        long skipped,
        long incompleteLastLine,
        long withoutCompletion,
        Qd qd,
        List<SizeClassRow> sizeClasses,
        List<StreamRow> streams,
        OtherStreams otherStreams,
        List<Phase> phases,
        RequestAccounts.Counts requests) {

    /**
     * Recorded queue depth; {@code known} only when every IO has one: false when the trace has no
     * completion times, or some IOs lack one (docs/definitions.md: a depth that was not recorded is not
     * invented), and then avg and qd1Pct are 0 and the histogram empty. {@code max} is the deepest
     * depth of any IO that has one (0: none), which replay sizes its queue by.
     */
    public record Qd(boolean known, double avg, double qd1Pct, int max, List<QdRow> histogram) {
    }

    /** One queue-depth range: IOs issued at a depth in it, and their share of all IOs. */
    public record QdRow(String qd, long count, double pct) {
    }

    /**
     * One size class: READ/WRITE IOs in it, their share of all READ/WRITE IOs by count and by bytes,
     * and per op.
     */
    public record SizeClassRow(String sizeClass, long count, double pct, long bytes, double bytesPct,
                               long reads, long writes, long readBytes, long writeBytes) {
    }

    /**
     * One stream (device, volume, LUN): its number and how it is shown ({@code MAJOR:MINOR} for a
     * device number, {@link org.sbench.trace.TraceInfo#streamName}), its IOs, bytes and highest end
     * offset, and its IOs without a completion time and without a recorded queue depth; the
     * stream's depth is recorded only when {@code withoutQd} is 0. Its trims say whether a replay of
     * it alone may send discards.
     */
    public record StreamRow(int stream, String name, long records, long reads, long writes, long trims, long bytesRead,
                            long bytesWritten, long maxOffset, long withoutCompletion, long withoutQd) {
    }

    /**
     * The streams given no row, summed: how many ({@code streams}; at least that many when
     * {@code moreStreams}, which only the first {@value StreamsSeen#MAX_KEPT} are counted of) and the
     * sum of their rows ({@code maxOffset} the highest), named {@value #NAME}.
     */
    public record OtherStreams(int streams, boolean moreStreams, StreamRow summed) {
        /** The summed row's name. */
        public static final String NAME = "other streams";
    }

    /** A phase marker of the trace. */
    public record Phase(String name, long timeNs) {
    }
}
