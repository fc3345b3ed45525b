package org.sbench.replay;

import org.sbench.engine.linux.ThreadCalls;

/**
 * The calling thread's timer slack set to 1 ns for the length of a run, and put back when closed
 * (on the same thread). Linux lets the sleeps of a normal (not real-time) thread end up to its
 * timer slack late, 50 µs by default, so that wake-ups can be batched: a wait that sleeps until
 * 100 µs before an IO's time then woke 94-99 µs late at the median on this project's 2-vCPU machine
 * (45-49 µs at 1 ns: what is left is the wake-up itself), which left a few µs of the spin before
 * the IO (bench/RESULTS.md, issue 17). Where the call is not supported (another system, no native
 * access) nothing changes and nothing fails.
 */
public final class TimerSlack implements AutoCloseable {
    static final long PRECISE_NS = 1;

    /** The thread's timer slack, read and set; negative errno results. Replaceable in tests. */
    interface Calls {
        long get();

        long set(long ns);
    }

    static final Calls THIS_THREAD = new Calls() {
        @Override
        public long get() {
            try {
                return ThreadCalls.timerSlackNs();
            } catch (LinkageError e) {
                return -1;
            }
        }

        @Override
        public long set(long ns) {
            try {
                return ThreadCalls.setTimerSlackNs(ns);
            } catch (LinkageError e) {
                return -1;
            }
        }
    };

    private final Calls calls;
    /** The slack to put back; 0 when this did not change it. */
    private final long previousNs;

    private TimerSlack(Calls calls, long previousNs) {
        this.calls = calls;
        this.previousNs = previousNs;
    }

    /** Sets the calling thread's timer slack to 1 ns, if the system lets it. */
    public static TimerSlack precise() {
        return precise(THIS_THREAD);
    }

    static TimerSlack precise(Calls calls) {
        long previous = calls.get();
        return new TimerSlack(calls, previous > 0 && calls.set(PRECISE_NS) == 0 ? previous : 0);
    }

    /** True when the slack was set (and close puts the previous one back). */
    public boolean changed() {
        return previousNs > 0;
    }

    @Override
    public void close() {
        if (previousNs > 0) {
            calls.set(previousNs);
        }
    }
}
