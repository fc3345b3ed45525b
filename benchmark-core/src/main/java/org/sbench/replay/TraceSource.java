package org.sbench.replay;

import org.sbench.result.ReplayResult;
import org.sbench.trace.TraceReader;

/**
 * What a run replays, whatever made it: a trace file (or a bundled workload) through its plan, for
 * one choice of stream ({@link TracePlan#source}), or a stream of IOs generated for a test or a
 * drive-state step ({@link GeneratedSource}). Everything a run needs to know before its first IO
 * comes from here, so that every kind of run goes through {@link Run#execute} alike.
 */
public interface TraceSource {

    /**
     * Opens the records to replay, in issue order, with the recorded depth {@code mode} gates on;
     * called once per run, and the run closes the reader. An out-of-order trace is sorted whole before
     * its first record, and so before the run's first IO: a stop asked of {@code control} then abandons
     * the opening ({@link ReplayControl#abandoning}), as it abandons the planning pass.
     */
    TraceReader open(ReplayMode mode, ReplayControl control);

    /** What the result names as the trace, once the run that read it ended as {@code outcome}. */
    ReplayResult.TraceIdentity identity(Replayer.Outcome outcome);

    /**
     * The IOs there are to replay: those a run issues if it runs to the end and leaves none out, or
     * {@link Replayer#UNBOUNDED}.
     */
    long plannedIos();

    /**
     * Of {@link #plannedIos}, the writes and trims, which a read-only run leaves out; {@link Replayer#UNBOUNDED} when not
     * known. A source that reads its records to count them (a scenario's first share of a trace) opens them in
     * {@code mode}, as {@link #open} does, and a stop asked of {@code control} abandons the count.
     */
    default long writesAndTrims(ReplayMode mode, ReplayControl control) {
        return Replayer.UNBOUNDED;
    }

    /** The highest byte the IOs reach: the capacity a target needs under {@code --fit error}. */
    long neededBytes();

    /** The longest read or write, in bytes (slot buffers hold it). */
    long largestIoBytes();

    /** The deepest recorded queue depth of the IOs replayed, 0 when they record none. */
    int recordedMaxQd();

    /** True when every IO replayed carries a recorded depth. */
    boolean recordedQdKnown();

    /** Where each stream goes when several are replayed together; {@link StreamLayout#NONE} otherwise. */
    StreamLayout layout();
}
