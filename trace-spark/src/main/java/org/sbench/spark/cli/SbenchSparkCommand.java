// The sbench-spark command: inspect and convert trace archives on Spark.
package org.sbench.spark.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import sun.misc.Signal;

/**
 * {@code sbench-spark}: the subcommands, and failures turned into one line and the exit status of
 * {@code sbench} (the README lists them); a usage error also says where the help is ({@link UsageErrors}). Run locally by {@code ./sbench-spark}, or by
 * {@code spark-submit --class org.sbench.spark.cli.SbenchSparkCommand sbench-spark.jar ...}.
 */
@Command(name = "sbench-spark", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = "Inspect and convert block-IO trace archives on Apache Spark, with sbench's readers and statistics.",
        subcommands = {InspectCommand.class, ConvertCommand.class, CommandLine.HelpCommand.class})
public final class SbenchSparkCommand implements Runnable {
    /** A process a signal ended exits with 128 + the signal's number, as a shell reports it. */
    private static final int SIGNAL_EXIT_BASE = 128;

    @Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT, description = "Print stack traces of failures.")
    boolean debug;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The stop signal that is ending this process, or null. */
    private volatile Signal stoppedBy;
    /** The output the command has put in place, whole, or null: a stop signal after it does not say "nothing written". */
    private volatile String written;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        CommandLine line = newCommandLine();
        endOnStopSignals(line.getCommand(), line.getErr());
        System.exit(line.execute(args));
    }

    /** Marks {@code out} as in place, whole: the command's output, which a stop signal from now on leaves as it is. */
    void wrote(String out) {
        written = out;
    }

    /**
     * SIGINT, SIGTERM and SIGHUP end the command as they end {@code sbench}'s: one line on
     * {@code err}, {@code sbench-spark: interrupted (SIGTERM): nothing written}, and exit 128 + the
     * signal's number; the shutdown hooks then run as before (Hadoop's deletes a table's hidden
     * sibling). The JVM's own handling said nothing. A signal ignored as the JVM started (a script's
     * background job's SIGINT) stays ignored. From the signal on, {@code System.err} goes nowhere, so the line
     * is the last on stderr: a thread that fails as the hooks stop Spark under it (the task-result-getter,
     * its BlockManager stopped) printed its stack trace there, by the JVM's default handler, until
     * 2026-12-06. {@code err} keeps the stream it was made with, as does Spark's log when {@code --spark-log}
     * asks for it.
     */
    static void endOnStopSignals(SbenchSparkCommand root, PrintWriter err) {
        for (String name : new String[] {"INT", "TERM", "HUP"}) {
            Signal.handle(new Signal(name), signal -> {
                System.setErr(new PrintStream(OutputStream.nullOutputStream()));
                System.exit(interrupted(signal, root, err));
            });
        }
    }

    /**
     * Says on {@code err} that {@code signal} ended the command: that nothing was written, or, once
     * the command's output is in place ({@link #wrote}), after writing it (the line said "nothing
     * written" of a .sbt in place and its summary printed, until 2026-12-06); returns the exit status,
     * 128 + its number. The command's failure that follows (Spark's context stopped under its job by
     * the shutdown hooks) is not reported.
     */
    static int interrupted(Signal signal, SbenchSparkCommand root, PrintWriter err) {
        root.stoppedBy = signal;
        String out = root.written;
        err.println("sbench-spark: interrupted (SIG" + signal.getName() + ")"
                + (out == null ? ": nothing written" : " after writing " + out));
        err.flush();
        return SIGNAL_EXIT_BASE + signal.getNumber();
    }

    /** The command line, whose failures are one line and an exit status; tests give it their own writers. */
    static CommandLine newCommandLine() {
        SbenchSparkCommand root = new SbenchSparkCommand();
        CommandLine line = new CommandLine(root);
        line.getSubcommands().values().forEach(sub -> sub.getCommandSpec().versionProvider(new Versions()));
        line.setParameterExceptionHandler(new UsageErrors());
        return line.setExecutionExceptionHandler((ex, cl, parsed) -> {
            Signal stopped = root.stoppedBy;
            if (stopped != null) {
                return SIGNAL_EXIT_BASE + stopped.getNumber();
            }
            boolean debug = parsed.subcommands().stream().anyMatch(p -> p.hasMatchedOption("--debug")) || parsed.hasMatchedOption("--debug");
            if (ex instanceof SbenchException s && s.kind() == ErrorKind.USAGE) {
                if (debug) {
                    ex.printStackTrace(cl.getErr());
                }
                return UsageErrors.print(cl, s.getMessage());
            }
            return SbenchException.report(ex, "sbench-spark", debug, cl.getErr());
        });
    }
}
