package org.sbench.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.synth.BundledTraceCache;
import org.sbench.trace.input.LineCursor;
import org.sbench.trace.input.ReadOptions;
import org.sbench.traces.BundledTraces;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** How commands that read a trace open it (a mixin). */
final class TraceOptions {
    @Option(names = "--from", paramLabel = "FORMAT", description = "Input format (default: detected from the content).")
    String from;

    @Option(names = "--skip-bad", paramLabel = "N", defaultValue = "0",
            description = "Skip up to N malformed records (reported) instead of stopping at the first (default 0).")
    long skipBad;

    /** The command this mixin is part of, whose command line says what was typed. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** The argument naming standard input. */
    static final String STANDARD_INPUT = "-";
    private static final Path STANDARD_INPUT_PATH = Path.of("/dev/stdin");

    /**
     * The trace file {@code arg} names: a file (a FIFO and {@code <(zcat ...)} too), {@code -} for
     * standard input, or a bundled workload (generated once and cached, its progress on {@code line}).
     */
    static Path resolve(String arg, ProgressLine line) {
        if (arg.equals(STANDARD_INPUT) && standardInputClosed()) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "standard input is closed; '-' reads the trace from it (< FILE, or a pipe)");
        }
        if (arg.equals(STANDARD_INPUT)) {
            return STANDARD_INPUT_PATH;
        }
        Path path = BundledTraceCache.forUser().resolve(arg, generating(line, arg));
        String meant = Files.exists(path) || arg.contains("/") ? null : UsageErrors.closest(BundledTraces.NAMES, arg.toLowerCase(Locale.ROOT));
        if (meant != null) {
            throw SbenchException.badInput(arg, "no such file or bundled workload; did you mean '" + meant + "'? (sbench traces lists"
                    + " the bundled workloads)");
        }
        return path;
    }

    /**
     * Standard input was closed when sbench started ({@code <&-}): the JVM then took descriptor 0 for
     * a file of its own, its modules image, which read as "binary data" of a trace.
     */
    private static boolean standardInputClosed() {
        try {
            return Files.readSymbolicLink(Path.of("/proc/self/fd/0")).equals(Path.of(System.getProperty("java.home"), "lib", "modules"));
        } catch (NoSuchFileException e) {
            return true;
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** The progress of generating bundled workload {@code name} into the cache. */
    static TaskProgress generating(ProgressLine line, String name) {
        return new TaskProgress(line, "generating " + name + " (once, into the cache)", TaskProgress.Unit.IOS);
    }

    /**
     * Says on {@code err} that the last line of {@code trace}, line {@code line}, had no line end
     * (a cut file) and was not read; nothing when {@code line} is 0.
     */
    static void warnIfCut(PrintWriter err, Path trace, long line) {
        if (line > 0) {
            SbenchCommand.warn(err, "warning: " + LineCursor.cutLastLine(trace.toString(), line));
        }
    }

    ReadOptions readOptions() {
        if (skipBad < 0) {
            throw org.sbench.SbenchException.usage("--skip-bad must be 0 or more, found " + TypedWords.of(command, "--skip-bad"));
        }
        return ReadOptions.DEFAULTS.withSkipBad(skipBad);
    }

    /** How {@code task} (in words: "reading x") reads the trace, its progress on {@code line}. */
    ReadOptions readOptions(ProgressLine line, String task) {
        return readOptions().withProgress(new TaskProgress(line, task, TaskProgress.Unit.BYTES));
    }

    /**
     * How {@code task} reads the trace a second time, when it was more out of order than the sort
     * holds in memory ({@link org.sbench.trace.format.TraceFormats#read}).
     */
    ReadOptions rereadOptions(ProgressLine line, String task) {
        return readOptions(line, task + " again (more out of order than the sort holds in memory)");
    }
}
