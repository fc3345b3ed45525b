package org.sbench.cli;

import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The values of options as the user typed them, for the messages that quote them: a parsed number
 * put back read otherwise ({@code --scale 0.0000005} as 5.0E-7, {@code --capacity 512M} as 536870912).
 */
final class TypedWords {
    private TypedWords() {
    }

    /** The value of {@code option} as typed, its last when given twice; null when it was not given. */
    static String of(CommandSpec spec, String option) {
        OptionSpec given = spec.commandLine().getParseResult().matchedOption(option);
        return given == null ? null : of(given);
    }

    /** The value of {@code given}, an option matched on the command line, as typed (its last when given twice). */
    static String of(OptionSpec given) {
        List<String> values = given.originalStringValues();
        return values.get(values.size() - 1);
    }
}
