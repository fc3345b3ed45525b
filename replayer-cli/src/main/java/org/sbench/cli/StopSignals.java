package org.sbench.cli;

import org.sbench.replay.ReplayControl;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * While open, the given signals (Ctrl-C's SIGINT by default) stop the command's run instead of
 * ending the JVM, so the command ends its run, reports what it measured and cleans up after itself;
 * {@link #close()} puts the previous handlers back.
 */
final class StopSignals implements AutoCloseable {
    private final ReplayControl control = new ReplayControl();
    private final Signal[] signals;
    private final SignalHandler[] previous;

    /** Ctrl-C asks {@link #control()} to stop. */
    StopSignals() {
        this(null, "INT");
    }

    /** Each of {@code names} ("INT", "TERM", ...) runs {@code stop}, or asks {@link #control()} to stop when it is null. */
    StopSignals(Runnable stop, String... names) {
        Runnable action = stop != null ? stop : control::requestStop;
        signals = new Signal[names.length];
        previous = new SignalHandler[names.length];
        for (int i = 0; i < names.length; i++) {
            signals[i] = new Signal(names[i]);
            previous[i] = Signal.handle(signals[i], sig -> action.run());
        }
    }

    /** The control to run under: {@link ReplayControl#INTERRUPTED} once a stop signal came. */
    ReplayControl control() {
        return control;
    }

    /** True when the first signal was ignored as this process started (a background job): the JVM keeps it ignored. */
    boolean firstIgnored() {
        return previous[0] == SignalHandler.SIG_IGN;
    }

    @Override
    public void close() {
        for (int i = 0; i < signals.length; i++) {
            Signal.handle(signals[i], previous[i]);
        }
    }
}
