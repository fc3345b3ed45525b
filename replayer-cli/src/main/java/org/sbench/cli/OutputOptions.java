package org.sbench.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sbench.SbenchException;
import org.sbench.trace.input.DevDirectory;
import org.sbench.trace.input.OutputPath;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Checks of a command's output file options, made before it writes anything, so that a mistyped
 * one fails the command without leaving the outputs of the others behind (directories:
 * {@link OutputDirectory}); and where the command's own text goes when an output is standard
 * output: {@code -}, or a path to the file standard output is ({@code /dev/stdout}, the file it is
 * redirected to), which is the same stream whatever it is called ({@link OutputPath#namesStdout}).
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

    /**
     * Refuses two outputs that name one file or directory ({@code --html x --hlog x}): the one written
     * last would replace the other without a word. {@code options[i]} names {@code paths[i]}; absent
     * ones are null. Device nodes and FIFOs ({@code /dev/null}) may be named by several.
     */
    static void checkDistinct(String[] options, Path... paths) {
        Path[] files = paths.clone();
        for (int i = 0; i < files.length; i++) {
            // Two standard outputs are text()'s to refuse, in its words.
            files[i] = files[i] == null || OutputPath.namesStdout(files[i]) ? null : files[i];
        }
        int[] pair = sameFilePair(files);
        if (pair != null) {
            throw SbenchException.usage(options[pair[0]] + " and " + options[pair[1]] + " both name " + paths[pair[1]]
                    + "; give each output its own name");
        }
    }

    /**
     * Refuses an output that names {@code inputPath}, a file the command reads ({@code label} names
     * it: {@code TRACE}), by any name: written, it would replace the input ({@code replay t.sbt
     * --out t.sbt}). {@code options[i]} names {@code outputs[i]}; absent ones are null.
     */
    static void checkNotInput(String label, Path inputPath, String[] options, Path... outputs) {
        for (int i = 0; i < outputs.length; i++) {
            if (outputs[i] != null && Files.exists(inputPath) && Files.exists(outputs[i]) && sameFile(inputPath, outputs[i])) {
                throw SbenchException.usage(options[i] + " " + outputs[i] + " is " + label + " " + inputPath
                        + ", which this command reads: give the output its own name");
            }
        }
    }

    /** The indexes {i, j}, i &lt; j, of the first two of {@code paths} that name one file ({@link #sameFile}), or null; nulls name none. */
    static int[] sameFilePair(Path... paths) {
        for (int i = 0; i < paths.length; i++) {
            for (int j = i + 1; j < paths.length; j++) {
                if (paths[i] != null && paths[j] != null && sameFile(paths[i], paths[j])) {
                    return new int[] {i, j};
                }
            }
        }
        return null;
    }

    /** True when {@code a} and {@code b} name one regular file or directory (existing: by inode; else by normalized path). */
    private static boolean sameFile(Path a, Path b) {
        try {
            if (Files.exists(a) && Files.exists(b)) {
                return Files.isSameFile(a, b) && (Files.isRegularFile(a) || Files.isDirectory(a));
            }
        } catch (java.io.IOException e) {
            return false;
        }
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    /**
     * {@code option DIR}, a directory to write into, when given: refused under /dev ({@link DevDirectory}), where a
     * mistyped name would become a directory of files in RAM.
     */
    static void checkDirectory(String option, Path dir) {
        if (dir != null && DevDirectory.contains(dir)) {
            throw SbenchException.usage(option + " " + dir + ": sbench makes no files under /dev; name a directory anywhere else"
                    + " (/dev/shm too)");
        }
    }

    /** {@code --json}: standard output as an output path; refused beside another output that is standard output. */
    static Path json(boolean json, Path... others) {
        if (!json) {
            return null;
        }
        for (Path p : others) {
            if (p != null && OutputPath.namesStdout(p)) {
                throw SbenchException.usage("--json writes the result to standard output, and so does '" + p + "'"
                        + (p.toString().equals(OutputPath.STDOUT_NAME) ? "" : " (the file standard output is)") + "; give one of them");
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
        return outDir != null && OutputPath.namesStdout(outDir) ? outDir : jsonPath;
    }

    /** {@code --out DIR} as a directory to write: null when not given or {@code -} (standard output, {@link #stdoutJson}). */
    static Path directory(Path outDir) {
        return outDir == null || OutputPath.namesStdout(outDir) ? null : outDir;
    }

    /**
     * Where the command prints its tables and messages: standard output, or standard error when
     * one of {@code outputs} (nulls ignored) is standard output, so that the output stays clean for
     * a pipe and whole in a file. Two outputs cannot both be standard output. A file's control
     * characters in the text are shown as '?' ({@link PrintableWriter}).
     */
    static PrintWriter text(CommandSpec spec, Path... outputs) {
        int stdout = 0;
        for (Path p : outputs) {
            if (p != null && OutputPath.namesStdout(p)) {
                stdout++;
            }
        }
        if (stdout > 1) {
            throw SbenchException.usage("only one output can be standard output ('-', /dev/stdout or the file it is), found " + stdout);
        }
        return new PrintWriter(new PrintableWriter(stdout == 1 ? spec.commandLine().getErr() : spec.commandLine().getOut()));
    }
}
