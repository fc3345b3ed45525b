package org.sbench.replay;

import org.sbench.trace.IoRecord;

/**
 * Decides when the next IO of the trace may go (Disruptor's WaitStrategy shape: one small final
 * class per mode). IOs are always released in trace order; a scheduler only gates the next one,
 * by how many IOs may be in flight and by time. Touches no native code; called on the replay
 * thread only.
 */
public interface Scheduler {

    /** The run starts at {@code startNs} (engine clock), before the first IO. */
    void start(long startNs);

    /** {@code r} may be submitted only while fewer than this many IOs are in flight (at least 1). */
    int depthFor(IoRecord r);

    /**
     * The earliest time (engine clock, ns) at which {@code r} may be submitted, or
     * {@link Long#MIN_VALUE} for "as soon as the depth allows".
     *
     * @param idleSinceNs when the replayed device last became idle (nothing in flight), or
     *                    {@link Long#MIN_VALUE} while IOs are in flight
     */
    long notBeforeNs(IoRecord r, long idleSinceNs);

    /** {@code r} was submitted; the scheduler may update its view of the recording. */
    void submitted(IoRecord r);

    /**
     * IOs of the recorded device that the replay leaves out (the writes and trims of a read-only
     * replay) came before the next IO and completed, on the recording, by {@code completeNs}
     * ({@link Long#MIN_VALUE}: none did): the recorded device was busy with them until then.
     */
    default void leftOut(long completeNs) {
    }

    /**
     * True when each phase of the trace starts at an empty queue: its first IO waits until every IO before it
     * completed, so that no phase shares the device with the one before (a sweep's points, each its position's alone).
     */
    default boolean drainsBetweenPhases() {
        return false;
    }

    /** True if this mode measures lateness (actual minus scheduled submit time). */
    default boolean timed() {
        return false;
    }
}
