// A command line that cannot be used, told in one line with where the help is.
package org.sbench.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.text.similarity.LevenshteinDistance;
import org.sbench.SbenchException;
import picocli.CommandLine;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Every usage error, the parser's and those a command finds once it runs (a bad value of an
 * option, a missing argument), ends alike ({@link #print}): {@code sbench: WHAT} and
 * {@code see 'sbench COMMAND --help'} (exit 2), instead of picocli's default of the message and the
 * whole usage help. An unknown option is named first, even when a required one is missing too (a
 * mistyped {@code --traget} is the missing {@code --target}), with the closest option of the
 * command suggested, or the option it is a value of ({@code --write}: {@code --op write}); an
 * unknown command gets the closest command.
 */
final class UsageErrors implements CommandLine.IParameterExceptionHandler {
    /** Edits (insertions, deletions, substitutions) a suggestion may be away from what was typed, at most. */
    private static final int MAX_EDITS = 3;
    private static final LevenshteinDistance DISTANCE = new LevenshteinDistance(MAX_EDITS);
    /** picocli's words for a value its converter refused, replaced by the option's name (or argument's label) alone as the commands write it. */
    private static final Pattern INVALID_OPTION_VALUE = Pattern.compile(
            "^Invalid value for (?:option '([^']+)'|positional parameter at index [0-9]+ \\(([^)]+)\\)): ");
    /** How picocli begins its message for an option given last, without its value. */
    private static final String PICOCLI_MISSING_VALUE = "Missing required parameter for option";
    /** How picocli says an option was given where a value was expected ({@code --qd --target null}). */
    private static final Pattern PICOCLI_OPTION_FOR_VALUE = Pattern.compile("^Expected parameter for option '[^']+' but found '(.*)'$");
    /** The separator of the values a parameter label lists ({@code read|write}). */
    private static final String VALUE_SEPARATOR = "|";

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        return print(ex.getCommandLine(), message(ex, args));
    }

    /** Prints {@code message}, a usage error of the command {@code cl}, and where its help is; returns the exit status. */
    static int print(CommandLine cl, String message) {
        PrintWriter err = cl.getErr();
        err.println(SbenchCommand.stderrLine(message));
        err.println("see '" + cl.getCommandSpec().qualifiedName() + " --help'");
        err.flush();
        return ExitCodes.USAGE;
    }

    private static String message(ParameterException ex, String[] args) {
        CommandLine.ParseResult parsed = ex.getCommandLine().getParseResult();
        List<String> unmatched = parsed == null ? List.of() : parsed.unmatched();
        String first = unmatched.isEmpty() ? null : unmatched.get(0);
        if (first != null && ProgressOptions.givenAsValue(List.of(args), first)) {
            // --progress takes its value only when it is one of its words: another was left over, unmatched.
            return ProgressOptions.refusal(first);
        }
        CommandSpec spec = ex.getCommandLine().getCommandSpec();
        if (first != null && !first.startsWith("-") && !spec.subcommands().isEmpty() && spec.positionalParameters().isEmpty()) {
            return unknownCommand(spec, first);
        }
        if (first == null && ex.getArgSpec() == null && ex.getValue() != null && !spec.subcommands().isEmpty()
                && !spec.subcommands().containsKey(ex.getValue())) {
            // What help was asked of (sbench help repaly): picocli's help command refuses it so.
            return unknownCommand(spec, ex.getValue());
        }
        if (first == null || !first.startsWith("-") || first.equals("-")) {
            if (ex instanceof MissingParameterException missing) {
                return missing(missing, spec) + bareValueOf(ex, first);
            }
            if (ex instanceof UnmatchedArgumentException) {
                return "unexpected argument " + SbenchException.quoted(first) + ": " + synopsis(spec);
            }
            String invalid = INVALID_OPTION_VALUE.matcher(ex.getMessage()).replaceFirst("$1$2: ");
            return ex.getValue() == null ? invalid : SbenchException.requoted(invalid, ex.getValue());
        }
        String option = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
        if (spec.optionsMap().containsKey(option)) {
            // Known, yet unmatched: it came after "--", which makes all that follows arguments.
            return "'" + option + "' comes after '--', which ends the options: give options before it (after it, a name"
                    + " starting with '-' is a file, e.g. sbench replay --target null -- -x.csv)";
        }
        String meant = optionTaking(spec, option.replaceFirst("^-+", ""));
        if (meant == null) {
            meant = closest(spec, option);
        }
        return "unknown option " + SbenchException.quoted(option) + (meant == null ? "" : "; did you mean '" + meant + "'?");
    }

    /**
     * What {@code ex} misses, as sbench words it: the value of an option given last without one
     * ({@code missing the value of --target (TARGET)}), or the required arguments and options left
     * out with the command's {@link #synopsis}.
     */
    private static String missing(MissingParameterException ex, CommandSpec spec) {
        List<ArgSpec> args = ex.getMissing();
        if (args.size() == 1 && args.get(0) instanceof OptionSpec option) {
            String what = "missing the value of " + option.longestName() + " (" + option.paramLabel() + ")";
            if (ex.getMessage().startsWith(PICOCLI_MISSING_VALUE)) {
                return what;
            }
            Matcher found = PICOCLI_OPTION_FOR_VALUE.matcher(ex.getMessage());
            if (found.matches()) {
                return what + ", found the option " + SbenchException.quoted(found.group(1));
            }
        }
        // picocli names the first missing argument only; every one left out is named.
        CommandLine.ParseResult parsed = ex.getCommandLine().getParseResult();
        List<ArgSpec> left = parsed == null ? args : spec.args().stream()
                .filter(a -> a instanceof OptionSpec o ? o.required() : a.arity().min() > 0)
                .filter(a -> !parsed.matchedArgs().contains(a)).toList();
        List<String> names = (left.isEmpty() ? args : left).stream().map(UsageErrors::word).toList();
        String listed = names.size() == 1 ? names.get(0)
                : String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
        return "missing " + listed + ": " + synopsis(spec);
    }

    /**
     * The command's arguments, then its required options, as the README writes them:
     * {@code sbench replay TRACE --target TARGET [options]}; an optional argument in brackets, one
     * taking several values followed by {@code ...}.
     */
    private static String synopsis(CommandSpec spec) {
        List<String> words = new ArrayList<>();
        words.add(spec.qualifiedName());
        for (PositionalParamSpec p : spec.positionalParameters()) {
            String word = p.paramLabel() + (p.arity().max() > 1 ? "..." : "");
            words.add(p.arity().min() == 0 ? "[" + word + "]" : word);
        }
        spec.options().stream().filter(OptionSpec::required).map(UsageErrors::word).forEach(words::add);
        if (spec.options().stream().anyMatch(o -> !o.required())) {
            words.add("[options]");
        }
        return String.join(" ", words);
    }

    /** An argument by its label, an option by its name and its value's label: {@code --target TARGET}. */
    private static String word(ArgSpec arg) {
        if (arg instanceof OptionSpec option) {
            return option.arity().max() == 0 ? option.longestName() : option.longestName() + " " + option.paramLabel();
        }
        return arg.paramLabel();
    }

    /**
     * For a missing required option of {@code ex} and {@code leftOver}, an argument no parameter
     * took: the option with it ({@code sbench cdm /dev/sdb}: {@code --target /dev/sdb}); else nothing.
     */
    private static String bareValueOf(ParameterException ex, String leftOver) {
        if (!(ex instanceof MissingParameterException missing) || leftOver == null || missing.getMissing().size() != 1
                || !(missing.getMissing().get(0) instanceof OptionSpec option) || option.arity().max() != 1) {
            return "";
        }
        return "; did you mean " + SbenchException.quoted(option.longestName() + " " + leftOver) + "?";
    }

    /** {@code word}, not a command of {@code spec}, with the one meant where one is near. */
    private static String unknownCommand(CommandSpec spec, String word) {
        // An option of sbench's own spelt as a command (sbench version) is that option.
        String closest = spec.optionsMap().containsKey("--" + word) ? "--" + word : closest(spec.subcommands().keySet(), word);
        return "unknown command " + SbenchException.quoted(word) + (closest == null ? "" : "; did you mean '" + closest + "'?");
    }

    /** {@code --OPTION VALUE} for the option of {@code spec} whose label lists {@code value} ({@code --op read|write}), or null. */
    private static String optionTaking(CommandSpec spec, String value) {
        for (OptionSpec o : spec.options()) {
            String label = o.paramLabel();
            if (label.contains(VALUE_SEPARATOR) && List.of(label.split(Pattern.quote(VALUE_SEPARATOR))).contains(value)) {
                return o.longestName() + " " + value;
            }
        }
        return null;
    }

    /** The option name of {@code spec} fewest edits from {@code typed}, or null when none is near. */
    private static String closest(CommandSpec spec, String typed) {
        return closest(spec.options().stream().flatMap(o -> List.of(o.names()).stream()).toList(), typed);
    }

    /**
     * The name of {@code names} fewest edits from {@code typed}, or null when none is near; one that
     * differs only in case first ({@code -v}: {@code -V}, not {@code -h}, as near in edits).
     */
    static String closest(Iterable<String> names, String typed) {
        String best = null;
        int bestEdits = Integer.MAX_VALUE;
        for (String name : names) {
            if (name.equalsIgnoreCase(typed)) {
                return name;
            }
            int edits = DISTANCE.apply(typed, name);
            if (edits >= 0 && edits < bestEdits) {
                best = name;
                bestEdits = edits;
            }
        }
        return best;
    }
}
