package org.sbench.replay;

/**
 * Lets another thread (the CLI's Ctrl-C handler) ask a running replay to stop issuing. The replay
 * then waits for the IOs in flight and ends with a result marked incomplete. Thread-safe.
 */
public final class ReplayControl {
    private volatile boolean stopRequested;

    public void requestStop() {
        stopRequested = true;
    }

    public boolean stopRequested() {
        return stopRequested;
    }
}
