package org.sbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.trace.input.OutputPath;
import org.sbench.trace.input.PartFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The {@code sbench} command: lists the subcommands and turns failures into one line and an exit status. */
@Command(name = "sbench", mixinStandardHelpOptions = true, sortOptions = false, versionProvider = SbenchCommand.Version.class, scope = CommandLine.ScopeType.INHERIT,
        footerHeading = "%nExamples%n",
        footer = {
            "  sbench demo",
            "  sbench replay light-2010 --target null",
            "  sbench help replay",
            "  sbench --version"},
        description = "Replays recorded block-IO traces against real drives, Storage Bench style.",
        subcommands = {DemoCommand.class, ReplayCommand.class, ReportCommand.class, CompareCommand.class, CdmCommand.class,
            RunCommand.class, ScenariosCommand.class, PurgeCommand.class, FillCommand.class, TortureCommand.class, SweepCommand.class,
            IdleCommand.class, RecordCommand.class, InspectCommand.class, ConvertCommand.class, SynthCommand.class, TracesCommand.class,
            CompletionCommand.class, CommandLine.HelpCommand.class})
public final class SbenchCommand implements Runnable {

    @Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT, order = 1, description = "Print stack traces of failures.")
    boolean debug;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        // First of all: a stop signal while the JVM loads sbench and picocli reads the command line (a second and more
        // on a loaded machine) ends it with a line; the command, once it begins, takes the signals as it documents.
        StopSignals starting = StopSignals.endingAtStart(System.err);
        // Charts are drawn off screen; no display is ever needed, even when $DISPLAY is set.
        System.setProperty("java.awt.headless", "true");
        // Numbers read the same everywhere: the tables, CSV and JSON format with Locale.ROOT, and so
        // now do the charts, whose library formats with the default locale ("0,005", Arabic-Indic digits).
        Locale.setDefault(Locale.Category.FORMAT, Locale.ROOT);
        System.exit(execute(newCommandLine(starting::close), args));
    }

    /**
     * Runs {@code args}. What the JVM throws past the commands' handler ends in one line too: out of
     * heap (a trace holding more streams than the heap has room for, a heap set too small) says how to
     * give sbench more; no thread to start, the process limit; native code that does not load (JNA
     * unpacks its library into a cache directory that may be full or noexec), where it goes. A
     * command that succeeded but could not write its standard output (closed, a full disk, /dev/full)
     * fails: what it printed is lost.
     */
    static int execute(CommandLine cl, String[] args) {
        int status;
        try {
            status = cl.execute(args);
        } catch (OutOfMemoryError e) {
            return failed(cl, String.valueOf(e.getMessage()).contains("native thread")
                    ? "cannot start a thread (" + e.getMessage() + "): the limit of processes (ulimit -u) or of memory for"
                            + " thread stacks is reached"
                    : "out of memory: the Java heap (at most " + Runtime.getRuntime().maxMemory() / (1024 * 1024)
                            + " MiB) is full; give sbench more with SBENCH_JAVA_OPTS=-Xmx8g ./sbench ... (or java -Xmx8g -jar sbench.jar ...)",
                    ErrorKind.SYSTEM_FAILURE.exitCode());
        } catch (LinkageError e) {
            Throwable why = e.getCause() != null ? e.getCause() : e;
            return failed(cl, "cannot load native code: " + why.getMessage() + " (JNA unpacks its library into jna.tmpdir, else"
                    + " $XDG_CACHE_HOME/JNA or ~/.cache/JNA: that directory must be writable, not full, and not mounted noexec;"
                    + " SBENCH_JAVA_OPTS=-Djna.tmpdir=DIR names another)", ErrorKind.SYSTEM_FAILURE.exitCode());
        } catch (Error e) {
            return failed(cl, "internal error: " + e, SbenchException.INTERNAL_EXIT);
        }
        cl.getOut().flush();
        if (status < ExitCodes.USAGE && (cl.getOut().checkError() || System.out.checkError()) && !OutputPath.stdoutIsAPipe()) {
            return failed(cl, "cannot write standard output (closed, or a full disk): what the command printed there is lost",
                    ErrorKind.SYSTEM_FAILURE.exitCode());
        }
        return status;
    }

    private static int failed(CommandLine cl, String message, int status) {
        cl.getErr().println(stderrLine(message));
        cl.getErr().flush();
        return status;
    }

    /** The configured command line; tests call it with their own out/err writers. */
    static CommandLine newCommandLine() {
        return newCommandLine(() -> { });
    }

    /** The configured command line, which runs {@code beginning} as the command it read begins. */
    private static CommandLine newCommandLine(Runnable beginning) {
        // 'sbench COMMAND --version' says what 'sbench --version' says: the commands inherit the version provider.
        CommandLine cl = new CommandLine(new SbenchCommand());
        cl.setExecutionExceptionHandler(SbenchCommand::handle);
        cl.setExecutionStrategy(parsed -> {
            beginning.run();
            // The part file of an output that a killed sbench left is removed when the output is written again, with a line.
            PartFiles.tellTo(note -> warn(cl.getErr(), note));
            return new CommandLine.RunLast().execute(parsed);
        });
        cl.setParameterExceptionHandler(new UsageErrors());
        // An empty name is the current directory to Path.of: refused as empty before any command reads it.
        cl.registerConverter(Path.class, name -> {
            if (name.isEmpty()) {
                throw new CommandLine.TypeConversionException("'' names no file; give a path");
            }
            return Path.of(name);
        });
        return cl;
    }

    /** A failure that ended a command: a usage error as the parser's are ({@link UsageErrors}), anything else in one line. */
    private static int handle(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        boolean debug = parsed.hasMatchedOption("--debug") || parsed.subcommands().stream().anyMatch(p -> p.hasMatchedOption("--debug"));
        if (ex instanceof SbenchException s && s.kind() == ErrorKind.USAGE) {
            if (debug) {
                ex.printStackTrace(cl.getErr());
            }
            return UsageErrors.print(cl, s.getMessage());
        }
        return SbenchException.report(ex, "sbench", debug, cl.getErr());
    }

    /**
     * A line on stderr that the user must see but that does not end the command: {@code sbench: MESSAGE},
     * shown as an error is ({@link #stderrLine}).
     */
    static void warn(PrintWriter err, String message) {
        err.println(stderrLine(message));
        err.flush();
    }

    /** {@code sbench: MESSAGE} shown as an error's line is ({@link #stderrText}). */
    static String stderrLine(String message) {
        return stderrText("sbench: " + message);
    }

    /**
     * {@code line} as every line of sbench's own on stderr is shown: its long words (a file name) cut
     * ({@link SbenchException#wordsCut}), control characters as a terminal can show them ({@link SbenchException#printable}: it
     * may quote a file's text).
     */
    static String stderrText(String line) {
        return SbenchException.printable(SbenchException.wordsCut(line));
    }

    /** The version, as the build wrote it into {@code build.properties} ("dev" without one). */
    static String version() {
        return Build.read().version();
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            Build b = Build.read();
            return new String[] {"sbench " + b.version() + " (commit " + b.commit() + (b.modified() ? ", with uncommitted changes" : "")
                    + ")"};
        }
    }
}
