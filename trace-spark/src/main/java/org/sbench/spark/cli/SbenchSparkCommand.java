// The sbench-spark command: inspect and convert trace archives on Spark.
package org.sbench.spark.cli;

import java.io.PrintWriter;
import org.sbench.SbenchException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sbench-spark}: the subcommands, and failures turned into one line and the exit status of
 * {@code sbench} (STYLE.md section 4). Run locally by {@code ./sbench-spark}, or by
 * {@code spark-submit --class org.sbench.spark.cli.SbenchSparkCommand sbench-spark.jar ...}.
 */
@Command(name = "sbench-spark", mixinStandardHelpOptions = true,
        description = "Inspect and convert block-IO trace archives on Apache Spark, with sbench's readers and statistics.",
        subcommands = {InspectCommand.class, ConvertCommand.class, CommandLine.HelpCommand.class})
public final class SbenchSparkCommand implements Runnable {
    private static final int INTERNAL = 70;

    @Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT, description = "Print stack traces of failures.")
    boolean debug;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        System.exit(newCommandLine().execute(args));
    }

    /** The configured command line; tests call it with their own out/err writers. */
    static CommandLine newCommandLine() {
        CommandLine cl = new CommandLine(new SbenchSparkCommand());
        cl.setExecutionExceptionHandler(SbenchSparkCommand::handle);
        return cl;
    }

    private static int handle(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        PrintWriter err = cl.getErr();
        boolean debug = parsed.hasMatchedOption("--debug") || parsed.subcommands().stream().anyMatch(p -> p.hasMatchedOption("--debug"));
        int status;
        if (ex instanceof SbenchException s) {
            err.println("sbench-spark: " + s.getMessage());
            status = s.kind().exitCode();
        } else {
            err.println("sbench-spark: internal error: " + ex + (debug ? "" : " (rerun with --debug for details)"));
            status = INTERNAL;
        }
        if (debug) {
            ex.printStackTrace(err);
        }
        err.flush();
        return status;
    }
}
