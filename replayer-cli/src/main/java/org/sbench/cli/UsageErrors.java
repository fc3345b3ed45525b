// A command line picocli cannot parse, told in one line with where the help is.
package org.sbench.cli;

import java.io.PrintWriter;
import java.util.List;
import org.apache.commons.text.similarity.LevenshteinDistance;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * Prints a parse error as {@code sbench: WHAT} and {@code see 'sbench COMMAND --help'} (exit 2)
 * instead of picocli's default of the message and the whole usage help. An unknown option is named
 * first, even when a required one is missing too (a mistyped {@code --traget} is the missing
 * {@code --target}), with the closest option of the command suggested.
 */
final class UsageErrors implements CommandLine.IParameterExceptionHandler {
    /** Edits (insertions, deletions, substitutions) a suggestion may be away from what was typed, at most. */
    private static final int MAX_EDITS = 3;
    private static final LevenshteinDistance DISTANCE = new LevenshteinDistance(MAX_EDITS);

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        PrintWriter err = cl.getErr();
        err.println("sbench: " + message(ex));
        err.println("see '" + cl.getCommandSpec().qualifiedName() + " --help'");
        err.flush();
        return ExitCodes.USAGE;
    }

    private static String message(ParameterException ex) {
        CommandLine.ParseResult parsed = ex.getCommandLine().getParseResult();
        List<String> unmatched = parsed == null ? List.of() : parsed.unmatched();
        String first = unmatched.isEmpty() ? null : unmatched.get(0);
        if (first == null || !first.startsWith("-") || first.equals("-")) {
            return ex.getMessage();
        }
        String option = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
        String closest = closest(ex.getCommandLine().getCommandSpec(), option);
        return "unknown option '" + option + "'" + (closest == null ? "" : "; did you mean '" + closest + "'?");
    }

    /** The option name of {@code spec} fewest edits from {@code typed}, or null when none is near. */
    static String closest(CommandSpec spec, String typed) {
        String best = null;
        int bestEdits = Integer.MAX_VALUE;
        for (OptionSpec o : spec.options()) {
            for (String name : o.names()) {
                int edits = DISTANCE.apply(typed, name);
                if (edits >= 0 && edits < bestEdits) {
                    best = name;
                    bestEdits = edits;
                }
            }
        }
        return best;
    }
}
