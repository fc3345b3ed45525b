// IOs of a trace-cmd trace.dat: its CPUs' events in time order, paired as tracefs events are.
package org.sbench.trace.format.tracecmd;

import org.sbench.trace.ForwardingTraceReader;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.tracefs.TracefsEventReader;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.input.TraceInput;

/**
 * Reads a trace.dat: its metadata ({@link TraceDat}), its CPUs' events merged by time
 * ({@link CpuMerge}) and paired by a {@link TracefsEventReader} as the tracefs text reader pairs its
 * lines. Times are the trace clock's ns; the clock is in the metadata as {@code clock}. Not thread-safe.
 */
final class TraceCmdReader extends ForwardingTraceReader {
    /** Metadata key: the trace clock the events were timed with. */
    static final String CLOCK = "clock";
    private final CpuMerge merge;

    private TraceCmdReader(TraceReader events, CpuMerge merge) {
        super(events);
        this.merge = merge;
    }

    static TraceReader open(TraceInput input, ReadOptions options) {
        TraceDat dat = TraceDat.read(input);
        CpuMerge merge = new CpuMerge(dat, input, options.progress());
        TraceInfo info = TracefsEventReader.info(TraceCmdFormat.NAME);
        if (dat.clock != null) {
            info = info.withMetadata(CLOCK, dat.clock);
        }
        return new TraceCmdReader(TracefsEventReader.ofFile(merge, dat.file, info, options), merge);
    }

    @Override
    public void close() {
        super.close();
        merge.close();
    }
}
