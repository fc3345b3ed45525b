// The sbench-spark command: inspect and convert trace archives on Spark.
package org.sbench.spark.cli;

import org.sbench.SbenchException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code sbench-spark}: the subcommands, and failures turned into one line and the exit status of
 * {@code sbench} (the README lists them). Run locally by {@code ./sbench-spark}, or by
 * {@code spark-submit --class org.sbench.spark.cli.SbenchSparkCommand sbench-spark.jar ...}.
 */
@Command(name = "sbench-spark", mixinStandardHelpOptions = true, versionProvider = Versions.class,
        description = "Inspect and convert block-IO trace archives on Apache Spark, with sbench's readers and statistics.",
        subcommands = {InspectCommand.class, ConvertCommand.class, CommandLine.HelpCommand.class})
public final class SbenchSparkCommand implements Runnable {
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

    /** The command line, whose failures are one line and an exit status; tests give it their own writers. */
    static CommandLine newCommandLine() {
        CommandLine line = new CommandLine(new SbenchSparkCommand());
        line.getSubcommands().values().forEach(sub -> sub.getCommandSpec().versionProvider(new Versions()));
        return line.setExecutionExceptionHandler((ex, cl, parsed) -> SbenchException.report(ex,
                "sbench-spark", parsed.subcommands().stream().anyMatch(p -> p.hasMatchedOption("--debug"))
                        || parsed.hasMatchedOption("--debug"), cl.getErr()));
    }
}
