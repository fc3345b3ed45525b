package org.sbench.replay;

/** A clock that moves only when told to: waiting until a time jumps there. */
final class ManualClock implements NanoClock {
    long now;

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public void waitUntil(long deadlineNs) {
        now = Math.max(now, deadlineNs);
    }

    void advanceTo(long ns) {
        now = Math.max(now, ns);
    }
}
