package org.sbench.cli;

import org.sbench.replay.ReplayControl;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * While open, Ctrl-C (SIGINT) asks {@link #control()} to stop instead of ending the JVM, so a
 * command ends its run, reports what it measured and cleans up after itself; {@link #close()} puts
 * the previous handler back.
 */
final class StopSignals implements AutoCloseable {
    private static final Signal INT = new Signal("INT");

    private final ReplayControl control = new ReplayControl();
    private final SignalHandler previous = Signal.handle(INT, sig -> control.requestStop());

    /** The control to run under: {@link ReplayControl#INTERRUPTED} once Ctrl-C is pressed. */
    ReplayControl control() {
        return control;
    }

    @Override
    public void close() {
        Signal.handle(INT, previous);
    }
}
