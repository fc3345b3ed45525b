package org.sbench.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.function.Consumer;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.replay.ReplayControl;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * While open, the given signals (Ctrl-C's SIGINT, kill's SIGTERM and a closed terminal's SIGHUP by
 * default) stop the command's run instead of ending the JVM, so the command ends its run, reports
 * what it measured and cleans up after itself; {@link #close()} puts the previous handlers back.
 */
final class StopSignals implements AutoCloseable {
    /** A process a signal ended exits with 128 + the signal's number, as a shell reports it. */
    private static final int SIGNAL_EXIT_BASE = 128;
    private static final String INT = "INT";
    private static final String TERM = "TERM";
    private static final String HUP = "HUP";

    private final ReplayControl control = new ReplayControl();
    private final Signal[] signals;
    private final SignalHandler[] previous;
    /** The first stop signal that came, or null. */
    private volatile Signal received;
    /** The thread the signals interrupt ({@link #interruptingThisThread}), whose interrupt {@link #close} clears; or null. */
    private Thread interrupting;

    /** SIGINT, SIGTERM and SIGHUP ask {@link #control()} to stop, with the reason "interrupted (SIGTERM)". */
    StopSignals() {
        this(null, INT, TERM, HUP);
    }

    /** Each of {@code names} ("INT", "TERM", ...) runs {@code stop}, or asks {@link #control()} to stop when it is null. */
    StopSignals(Runnable stop, String... names) {
        this(names, stop == null ? null : sig -> stop.run());
    }

    /** Each of {@code names} is given to {@code onSignal}, or asks {@link #control()} to stop when it is null. */
    private StopSignals(String[] names, Consumer<Signal> onSignal) {
        signals = new Signal[names.length];
        previous = new SignalHandler[names.length];
        for (int i = 0; i < names.length; i++) {
            signals[i] = new Signal(names[i]);
            previous[i] = Signal.handle(signals[i], sig -> {
                if (received == null) {
                    received = sig;
                }
                if (onSignal != null) {
                    onSignal.accept(sig);
                } else {
                    control.requestStop(reason());
                }
            });
        }
    }

    /**
     * Until closed, SIGINT, SIGTERM and SIGHUP end sbench at once, with "sbench: interrupted (SIGTERM) as it
     * started: nothing done" on {@code err} and exit 128 + the signal's number (the JVM's default ended it so
     * with no line): what {@code main} takes first, while the JVM loads sbench and the command line is read.
     */
    static StopSignals endingAtStart(PrintStream err) {
        return new StopSignals(new String[] {INT, TERM, HUP}, sig -> {
            err.println("sbench: " + ReplayControl.INTERRUPTED + " (SIG" + sig.getName() + ") as it started: nothing done");
            err.flush();
            Runtime.getRuntime().exit(SIGNAL_EXIT_BASE + sig.getNumber());
        });
    }

    /**
     * SIGINT, SIGTERM and SIGHUP interrupt the calling thread, which closes the channel it reads or writes
     * (ClosedByInterruptException) or ends its wait for a pipe: what it opened then closes as after any failure,
     * deleting a sort's temporary files and a partial output ({@link #interrupted}). Closed (on that thread), it clears
     * the thread's interrupt, so that what the command does next (print, write its output) runs as usual.
     */
    static StopSignals interruptingThisThread() {
        Thread working = Thread.currentThread();
        StopSignals signals = new StopSignals(working::interrupt, INT, TERM, HUP);
        signals.interrupting = working;
        return signals;
    }

    /**
     * The exit status, 128 + N, of work that {@code e} ended after a stop signal interrupted it, once "interrupted
     * (SIGTERM): {@code undone}" is on {@code err}; {@code e} itself, rethrown, when no stop signal came.
     */
    int interrupted(RuntimeException e, PrintWriter err, String undone) {
        if (received == null) {
            throw e;
        }
        SbenchCommand.warn(err, reason() + ": " + undone);
        return exitCode(ExitCodes.INTERRUPTED);
    }

    /** The control to run under: stopped, reason "interrupted (SIGNAME)", once a stop signal came. */
    ReplayControl control() {
        return control;
    }

    /** "interrupted (SIGTERM)" after the first stop signal, SIGTERM here; null before any came. */
    String reason() {
        Signal s = received;
        return s == null ? null : ReplayControl.INTERRUPTED + " (SIG" + s.getName() + ")";
    }

    /** 128 + the number of the first stop signal that came (130 for SIGINT, 143 SIGTERM, 129 SIGHUP), or {@code otherwise}. */
    int exitCode(int otherwise) {
        Signal s = received;
        return s == null ? otherwise : SIGNAL_EXIT_BASE + s.getNumber();
    }

    /**
     * The exit status of a command whose work before its first IO this stop abandoned ({@code e}, of
     * {@link ReplayControl#abandoning}: "interrupted (SIGTERM) while planning TRACE"), after that
     * line and {@code undone} ("nothing replayed, no result written") on {@code err}; {@code e}
     * itself, rethrown, when it is another failure.
     */
    int abandoned(SbenchException e, PrintWriter err, String undone) {
        if (e.kind() != ErrorKind.INTERRUPTED || received == null) {
            throw e;
        }
        SbenchCommand.warn(err, e.getMessage() + ": " + undone);
        return exitCode(ExitCodes.INTERRUPTED);
    }

    /**
     * Tells on {@code err} that Ctrl-C cannot stop this process when SIGINT was ignored as it started
     * (a background job of a script): the JVM keeps such a signal ignored. {@code otherStop} names
     * another way the run ends (" or let --duration end it"), or is empty.
     */
    void noteIgnoredCtrlC(PrintWriter err, String otherStop) {
        for (int i = 0; i < signals.length; i++) {
            if (signals[i].getName().equals(INT) && previous[i] == SignalHandler.SIG_IGN) {
                err.println("note: Ctrl-C (SIGINT) is ignored by this process; stop it with kill " + ProcessHandle.current().pid()
                        + " (SIGTERM)" + otherStop);
                err.flush();
            }
        }
    }

    @Override
    public void close() {
        for (int i = 0; i < signals.length; i++) {
            Signal.handle(signals[i], previous[i]);
        }
        if (interrupting != null) {
            Thread.interrupted();
        }
    }
}
