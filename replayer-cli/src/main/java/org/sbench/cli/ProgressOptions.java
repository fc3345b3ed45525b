package org.sbench.cli;

import org.sbench.SbenchException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Stack;
import java.util.function.LongSupplier;
import org.sbench.trace.units.Words;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** {@code --progress[=WHEN]} of the commands that can run long (a mixin). */
final class ProgressOptions {
    static final String AUTO = "auto";
    static final String ALWAYS = "always";
    static final String NONE = "none";
    private static final List<String> WHEN = List.of(AUTO, ALWAYS, NONE);
    private static final String OPTION = "--progress";

    @Option(names = "--progress", paramLabel = "WHEN", arity = "0..1", parameterConsumer = When.class,
            description = "Progress on stderr: auto (default: a line rewritten in place on a terminal, else a line every 10 s),"
                    + " always (the line rewritten in place even when stderr is no terminal; also a bare --progress), or none.")
    String when;  // null when not given: auto

    /**
     * Takes the next argument when it is auto, always or none (in any case), or {@code --progress=WORD} (any word,
     * checked in {@link #mode}); a bare {@code --progress} is always, and leaves the next argument,
     * a trace file say, to the command. Given twice, it is refused as picocli refuses any other
     * option given twice (a consumer's options are not checked by picocli).
     */
    static final class When implements IParameterConsumer {
        @Override
        public void consumeParameters(Stack<String> args, ArgSpec option, CommandSpec command) {
            if (option.getValue() != null) {
                throw new ParameterException(command.commandLine(), "option '" + OPTION + "' (" + option.paramLabel()
                        + ") should be specified only once");
            }
            String attached = args.isEmpty() ? null : args.peek();
            option.setValue(attached != null && WHEN.contains(Words.of(attached)) ? Words.of(args.pop()) : ALWAYS);
        }
    }

    /** True when {@code word} follows {@code --progress} in {@code args} ({@code --progress=word}, or as the next argument). */
    static boolean givenAsValue(List<String> args, String word) {
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals(OPTION + "=" + word) || args.get(i).equals(OPTION) && i + 1 < args.size() && args.get(i + 1).equals(word)
                    && !word.startsWith("-")) {
                return true;
            }
        }
        return false;
    }

    static String refusal(String word) {
        return OPTION + " takes auto, always or none, found " + SbenchException.quoted(word);
    }

    /** The progress line of this command on its stderr, as {@code --progress} says. */
    ProgressLine line(CommandSpec spec) {
        return line(spec.commandLine().getErr(), System::nanoTime);
    }

    /** The progress line on {@code err} whose clock is {@code clock}; a line rewritten in place is fit to the terminal's width. */
    ProgressLine line(PrintWriter err, LongSupplier clock) {
        ProgressLine.Mode mode = mode();
        return new ProgressLine(err, mode, mode == ProgressLine.Mode.LIVE ? Terminal.stderrWidth() : () -> 0, clock);
    }

    ProgressLine.Mode mode() {
        switch (when == null ? AUTO : Words.of(when)) {
            case AUTO: return Terminal.isStderr() ? ProgressLine.Mode.LIVE : ProgressLine.Mode.LINES;
            case ALWAYS: return ProgressLine.Mode.LIVE;
            case NONE: return ProgressLine.Mode.NONE;
            default: throw org.sbench.SbenchException.usage(refusal(when));
        }
    }
}
