package org.sbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.sbench.SbenchException;
import org.sbench.trace.input.OutputPath;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Checks of a command's output file options, made before it writes anything, so that a mistyped
 * one fails the command without leaving the outputs of the others behind (directories:
 * {@link OutputDirectory}); and where the command's own text goes when an output is {@code -}.
 */
final class OutputOptions {
    private OutputOptions() {
    }

    /** {@code option FILE}, when given: a file that can be written ({@link OutputPath}). */
    static void checkFile(String option, Path file) {
        String refusal = file == null ? null : OutputPath.refusal(file);
        if (refusal != null) {
            throw SbenchException.usage(option + " " + file + ": " + refusal);
        }
    }

    /** {@code --json}: standard output as an output path; refused beside another output that is {@code -}. */
    static Path json(boolean json, Path... others) {
        if (!json) {
            return null;
        }
        for (Path p : others) {
            if (p != null && OutputPath.isStdout(p)) {
                throw SbenchException.usage("--json writes the result to standard output, and so does '-'; give one of them");
            }
        }
        return Path.of(OutputPath.STDOUT_NAME);
    }

    /**
     * Where the JSON result goes on standard output for a command whose {@code --out DIR} writes its
     * results as files: {@code --json}, or {@code --out -}, which does what {@code --json} does (both
     * at once refused); null for neither.
     */
    static Path stdoutJson(boolean json, Path outDir) {
        Path jsonPath = json(json, outDir);
        return outDir != null && OutputPath.isStdout(outDir) ? outDir : jsonPath;
    }

    /** {@code --out DIR} as a directory to write: null when not given or {@code -} (standard output, {@link #stdoutJson}). */
    static Path directory(Path outDir) {
        return outDir == null || OutputPath.isStdout(outDir) ? null : outDir;
    }

    /**
     * Where the command prints its tables and messages: standard output, or standard error when
     * one of {@code outputs} (nulls ignored) is {@code -}, so that the output stays clean for a
     * pipe. Two outputs cannot both be {@code -}.
     */
    static PrintWriter text(CommandSpec spec, Path... outputs) {
        int stdout = 0;
        for (Path p : outputs) {
            if (p != null && OutputPath.isStdout(p)) {
                stdout++;
            }
        }
        if (stdout > 1) {
            throw SbenchException.usage("only one output can be standard output ('-'), found " + stdout);
        }
        return stdout == 1 ? spec.commandLine().getErr() : spec.commandLine().getOut();
    }
}
