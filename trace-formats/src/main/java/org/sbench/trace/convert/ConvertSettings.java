package org.sbench.trace.convert;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.StreamArgument;
import org.sbench.trace.TraceInfo;

/**
 * Which records a conversion keeps; filters compose (a record must pass all). Times are ns since
 * the trace's first IO. Also metadata the output carries beyond the input's (the device a fio log
 * opens, a fitted capacity). Immutable; defaults keep everything and add nothing.
 */
public final class ConvertSettings {
    /** An end that keeps every time, the greatest too (an IO 2^63 - 1 ns after the first is a trace's last possible one). */
    public static final long NO_END = Long.MAX_VALUE;
    public static final ConvertSettings ALL = new ConvertSettings(IoRecord.NO_STREAM, EnumSet.allOf(Op.class), 0, NO_END, Long.MAX_VALUE);

    private final int stream;
    private final String streamWord;
    private final Set<Op> ops;
    private final long startNs;
    private final long endNs;
    private final long limit;
    private final Map<String, String> outputMetadata;

    /**
     * @param stream  keep only this stream, or {@link IoRecord#NO_STREAM} for all
     * @param ops     keep only these ops
     * @param startNs keep IOs issued at or after this time
     * @param endNs   keep IOs issued before this time, or all from {@code startNs} on: {@link #NO_END}
     * @param limit   keep at most this many records
     */
    public ConvertSettings(int stream, Set<Op> ops, long startNs, long endNs, long limit) {
        this(stream, null, ops, startNs, endNs, limit, Map.of());
    }

    private ConvertSettings(int stream, String streamWord, Set<Op> ops, long startNs, long endNs, long limit, Map<String, String> outputMetadata) {
        if (ops.isEmpty()) {
            throw new IllegalArgumentException("no ops kept");
        }
        this.stream = stream;
        this.streamWord = streamWord;
        this.ops = EnumSet.copyOf(ops);
        this.startNs = startNs;
        this.endNs = endNs;
        this.limit = limit;
        this.outputMetadata = Map.copyOf(outputMetadata);
    }

    /** These settings, the output also carrying metadata {@code key = value} (replacing the input's value of it). */
    public ConvertSettings withOutputMetadata(String key, String value) {
        Map<String, String> m = new LinkedHashMap<>(outputMetadata);
        m.put(key, value);
        return new ConvertSettings(stream, streamWord, ops, startNs, endNs, limit, m);
    }

    /** These settings keeping only the stream {@code word} names as {@code --stream} takes it: a number, or {@code MAJOR:MINOR}. */
    public ConvertSettings withStream(String word) {
        return new ConvertSettings(StreamArgument.parse(word, false), word, ops, startNs, endNs, limit, outputMetadata);
    }

    /** Metadata the output carries beyond the input's. */
    public Map<String, String> outputMetadata() {
        return outputMetadata;
    }

    public boolean keeps(IoRecord r) {
        return r.issueNs >= startNs && beforeEnd(r.issueNs) && ops.contains(r.op)
                && (stream == IoRecord.NO_STREAM || r.stream == stream);
    }

    /** True when these settings may leave records out: a stream, ops, a start, an end or a limit. */
    public boolean selects() {
        return stream != IoRecord.NO_STREAM || !ops.equals(EnumSet.allOf(Op.class)) || startNs > 0 || endNs != NO_END
                || limit != Long.MAX_VALUE;
    }

    /** True once no later record can pass (records come in issue order). */
    public boolean pastEnd(IoRecord r, long kept) {
        return kept >= limit || !beforeEnd(r.issueNs);
    }

    /** True for a time before the end. */
    public boolean beforeEnd(long timeNs) {
        return endNs == NO_END || timeNs < endNs;
    }

    /** The stream kept, or {@link IoRecord#NO_STREAM} for all. */
    public int stream() {
        return stream;
    }

    /** {@link #stream} as the user wrote it ({@code 8:16}), or as {@code info} names it when it was given as a number here. */
    public String streamName(TraceInfo info) {
        return streamWord != null ? streamWord : info.streamName(stream);
    }

    public long startNs() {
        return startNs;
    }

    public long endNs() {
        return endNs;
    }
}
