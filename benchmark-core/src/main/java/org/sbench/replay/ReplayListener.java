package org.sbench.replay;

/**
 * Progress of a running replay, for a progress line. The {@link Replayer} calls it on the replay
 * thread at most a few times a second; a run assembled by {@link Run} passes {@link #progress} on
 * from a thread of its own ({@link ProgressRelay}), so a slow line never delays an IO. Either way
 * the calls come one at a time, and implementations must return quickly and must not block.
 */
@FunctionalInterface
public interface ReplayListener {
    ReplayListener NONE = (done, total, elapsedNs, bytes) -> { };

    /**
     * The replay's first IOs go to the engine now ({@code startNs}), after the warm-up: nothing of
     * the run has reached the device yet. Not heard by a run that issues no IO.
     */
    default void started(long startNs) {
    }

    /**
     * The run's first IO was submitted, time-stamped {@code submitNs}, from which its wall time and
     * per-second series count: a time limit counted from now has every second of the series whole.
     */
    default void firstIo(long submitNs) {
    }

    /**
     * @param doneIos   IOs completed so far
     * @param totalIos  IOs the trace will replay (after mapping), or -1 when unknown
     * @param elapsedNs time since the first submit
     * @param bytes     bytes read and written so far
     */
    void progress(long doneIos, long totalIos, long elapsedNs, long bytes);
}
