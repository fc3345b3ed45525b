// The recording's output side: paired IOs in, the .sbt trace out, with streams, times, QD and phase marks.
package org.sbench.record;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.format.sbt.SbtWriter;
import org.sbench.trace.stats.RecordedQd;

/**
 * Turns the IOs paired from the event stream (in issue order, on the kernel's clock, with the
 * disk's dev_t as stream) into the trace: keeps those of the recorded devices, numbers their
 * streams, moves the clock's zero to the first IO, computes the recorded queue depth per stream
 * (docs/definitions.md, counting recorded IOs only) and writes them. Phase marks arrive on the kernel's
 * clock too and are stored relative to the first IO when the trace is finished (a mark before the
 * first IO has a negative time). Written by one thread (the recorder's); the counters may be read
 * by any thread.
 */
final class RecordingWriter implements AutoCloseable {
    /** The trace's source format: recorded live from tracefs. */
    static final String SOURCE_FORMAT = "tracefs";

    private final DeviceSelection devices;
    private final SbtWriter writer;
    private final RecordedQd[] queues;
    /** Marks with their times on the events' clock, rebased on finish. */
    private final List<PhaseMarker> marks = new ArrayList<>();
    private long originNs = IoRecord.NO_TIME;
    private long lastIssueNs = Long.MIN_VALUE;
    private long reordered;

    // Single writer (the recording thread), read by the status display: volatile, no atomics needed.
    private volatile long ios;
    private volatile long reads;
    private volatile long writes;
    private volatile long trims;
    private volatile long flushes;
    private volatile long bytesRead;
    private volatile long bytesWritten;

    RecordingWriter(Path out, DeviceSelection devices, Map<String, String> metadata) {
        this.devices = devices;
        EnumSet<Field> fields = EnumSet.of(Field.COMPLETE, Field.QD, Field.PROCESS);
        if (devices.multiStream()) {
            fields.add(Field.STREAM);
        }
        this.writer = new SbtWriter(out, new TraceInfo(SOURCE_FORMAT, fields, metadata, List.of()));
        this.queues = new RecordedQd[devices.devices().size()];
        for (int i = 0; i < queues.length; i++) {
            queues[i] = new RecordedQd();
        }
    }

    /** One paired IO, as the tracefs reader delivers it; {@code r} is changed. */
    void accept(IoRecord r) {
        int stream = devices.streamOf(r);
        if (stream < 0) {
            // A request of a recorded disk outside the recorded partitions: the kernel's filter lets none through.
            return;
        }
        if (originNs == IoRecord.NO_TIME) {
            originNs = r.issueNs;
        }
        if (r.issueNs < lastIssueNs) {
            // trace_pipe merges the per-CPU buffers by time, but an event still being written on
            // one CPU can be passed by a later one already committed on another.
            reordered++;
        }
        lastIssueNs = Math.max(lastIssueNs, r.issueNs);
        r.issueNs -= originNs;
        r.completeNs -= originNs;
        r.qd = queues[stream].next(r.issueNs, r.completeNs);
        r.stream = devices.multiStream() ? stream : IoRecord.NO_STREAM;
        writer.write(r);
        count(r.op, r.lengthBytes);
    }

    private void count(Op op, long length) {
        switch (op) {
            case READ:
                reads++;
                bytesRead += length;
                break;
            case WRITE:
                writes++;
                bytesWritten += length;
                break;
            case TRIM:
                trims++;
                break;
            default:
                flushes++;
        }
        ios++;
    }

    /** A phase mark at {@code kernelTimeNs} on the events' clock. */
    void phase(long kernelTimeNs, String name) {
        marks.add(new PhaseMarker(name, kernelTimeNs));
    }

    /**
     * Adds the phases (relative to the first IO, or to {@code fallbackOriginNs} when there was
     * none) and {@code lateMetadata}, and moves the file into place.
     */
    void finish(long fallbackOriginNs, Map<String, String> lateMetadata) {
        long origin = originNs == IoRecord.NO_TIME ? fallbackOriginNs : originNs;
        for (PhaseMarker m : marks) {
            writer.addPhase(new PhaseMarker(m.name(), m.timeNs() - origin));
        }
        lateMetadata.forEach(writer::putMetadata);
        writer.finish();
    }

    /** Deletes the output unless {@link #finish} completed it. */
    @Override
    public void close() {
        writer.close();
    }

    long ios() {
        return ios;
    }

    long reads() {
        return reads;
    }

    long writes() {
        return writes;
    }

    long trims() {
        return trims;
    }

    long flushes() {
        return flushes;
    }

    long bytesRead() {
        return bytesRead;
    }

    long bytesWritten() {
        return bytesWritten;
    }

    /** IOs whose issue time was below an earlier IO's (see {@link #accept}); readers sort them. */
    long reordered() {
        return reordered;
    }

    int phases() {
        return marks.size();
    }
}
