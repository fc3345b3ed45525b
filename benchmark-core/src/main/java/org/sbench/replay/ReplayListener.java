package org.sbench.replay;

/**
 * Progress of a running replay, for a progress line. Called on the replay thread at most a few
 * times a second; implementations must return quickly and must not block.
 */
@FunctionalInterface
public interface ReplayListener {
    ReplayListener NONE = (done, total, elapsedNs, bytes) -> { };

    /**
     * The replay's clock starts at {@code startNs}, after its warm-up and just before the first
     * submit: a time limit counted from here covers IO only.
     */
    default void started(long startNs) {
    }

    /**
     * @param doneIos   IOs completed so far
     * @param totalIos  IOs the trace will replay (after mapping), or -1 when unknown
     * @param elapsedNs time since the first submit
     * @param bytes     bytes read and written so far
     */
    void progress(long doneIos, long totalIos, long elapsedNs, long bytes);
}
