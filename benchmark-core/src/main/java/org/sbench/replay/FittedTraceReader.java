// A trace's IOs fitted onto a device that another tool replays them on, as replay fits them onto its target.
package org.sbench.replay;

import org.sbench.SbenchException;
import org.sbench.trace.ForwardingTraceReader;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceReader;
import org.sbench.trace.stats.BlockFootprint;
import org.sbench.trace.stats.SequentialWindow;
import org.sbench.trace.stats.TraceInspector;
import org.sbench.trace.stats.TraceStatistics;

/**
 * The records of a trace as a replay onto a device of {@code capacityBytes} with logical blocks of
 * {@code blockBytes} would issue them ({@link TraceMapper}: one stream, widened to whole blocks,
 * moved by the fit policy), for a tool that replays the trace itself ({@code convert --fio-device
 * DEV --fit wrap}). Under {@link FitPolicy#ERROR} the first IO past the capacity is refused as it is
 * read, naming the capacity the trace needs. A trace of several streams (devices) needs one chosen:
 * a second stream met without a choice is refused. Allocates nothing per record.
 */
public final class FittedTraceReader extends ForwardingTraceReader {
    private static final int NO_STREAM_SEEN = Integer.MIN_VALUE;
    private final TraceMapper mapper;
    private final int stream;
    private final FitPolicy fit;
    private final long capacityBytes;
    private final String capacityWritten;
    private final String device;
    private int streamSeen = NO_STREAM_SEEN;
    private long records;

    /**
     * @param stream     the stream to keep, or {@link IoRecord#NO_STREAM} when the trace has one
     * @param capacityWritten the capacity as the user typed it ({@code 16M} of {@code --capacity 16M}), which messages
     *                   quote; null when it was read from the device
     * @param spanBytes  the highest byte the kept IOs reach ({@link #spanBytes}); used by {@link FitPolicy#SCALE} only
     * @param device     the device's name, for messages
     */
    public FittedTraceReader(TraceReader in, int stream, FitPolicy fit, long capacityBytes, String capacityWritten, long spanBytes,
            int blockBytes, String device) {
        super(in);
        this.stream = stream;
        this.fit = fit;
        this.capacityBytes = capacityBytes;
        this.capacityWritten = capacityWritten;
        this.device = device;
        this.mapper = new TraceMapper(stream, fit, capacityBytes, spanBytes, blockBytes, false, 0);
    }

    /** The highest byte the IOs of {@code stream} (or of all, for {@link IoRecord#NO_STREAM}) reach: one pass over {@code reader}. */
    public static long spanBytes(TraceReader reader, int stream) {
        if (stream == IoRecord.NO_STREAM) {
            return TraceInspector.inspect(reader, SequentialWindow.DEFAULT_WINDOW).maxOffset();
        }
        TraceStatistics stats;
        try (TraceInspector inspector = new TraceInspector(SequentialWindow.DEFAULT_WINDOW, new BlockFootprint(), TraceInspector.Rows.of(stream))) {
            stats = inspector.readAll(reader);
        }
        for (TraceStatistics.StreamRow s : stats.streams()) {
            if (s.stream() == stream) {
                return s.maxOffset();
            }
        }
        return 0;
    }

    @Override
    public boolean next(IoRecord into) {
        while (in.next(into)) {
            records++;
            if (stream == IoRecord.NO_STREAM) {
                checkOneStream(into);
            }
            if (fit == FitPolicy.ERROR && into.op != Op.FLUSH && into.endOffsetBytes() > capacityBytes) {
                throw SbenchException.usage("record " + records + " reaches byte " + into.endOffsetBytes() + ", past "
                        + (capacityWritten != null ? "--capacity " + capacityWritten : "the " + capacityBytes + " bytes of " + device)
                        + "; use --fit wrap or --fit scale");
            }
            if (mapper.map(into)) {
                return true;
            }
        }
        return false;
    }

    private void checkOneStream(IoRecord r) {
        if (streamSeen == NO_STREAM_SEEN) {
            streamSeen = r.stream;
        } else if (r.stream != streamSeen) {
            throw SbenchException.usage("the trace records several devices (streams " + in.info().streamName(streamSeen) + " and "
                    + in.info().streamName(r.stream) + ", at record " + records + "); fit one of them onto " + device + " with --stream N");
        }
    }

    /** IOs moved by the fit policy so far. */
    public long refitted() {
        return mapper.refitted();
    }

    /** IOs widened to whole logical blocks so far. */
    public long widened() {
        return mapper.widened();
    }
}
