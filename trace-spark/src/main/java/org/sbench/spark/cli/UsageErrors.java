// A command line sbench-spark cannot use, told in one line with where the help is, as sbench tells it.
package org.sbench.spark.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.regex.Pattern;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import picocli.CommandLine;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Every usage error, the parser's and those a command finds as it runs ({@link #print}), is
 * {@code sbench-spark: WHAT} and {@code see 'sbench-spark COMMAND --help'}, exit 2, as sbench's
 * are: an unknown option (named first, before a missing argument) or command with the closest
 * picocli finds, an option's value refused under the option's name, a missing argument with the
 * command's {@link #synopsis}. picocli's own report was its message and the whole usage help.
 */
final class UsageErrors implements CommandLine.IParameterExceptionHandler {
    /** How picocli begins the message of a value its converter refused; the option's name alone replaces it. */
    private static final Pattern REFUSED_VALUE = Pattern.compile("^Invalid value for option '([^']+)': ");

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        return print(ex.getCommandLine(), message(ex));
    }

    /** Prints {@code message}, a usage error of the command {@code cl}, and where its help is; returns the exit status. */
    static int print(CommandLine cl, String message) {
        PrintWriter err = cl.getErr();
        err.println(SbenchException.printable("sbench-spark: " + message));
        err.println("see '" + cl.getCommandSpec().qualifiedName() + " --help'");
        err.flush();
        return ErrorKind.USAGE.exitCode();
    }

    /** {@code missing WHAT: SYNOPSIS}: the arguments {@code what} of {@code spec} are not on its command line. */
    static String missing(String what, CommandSpec spec) {
        return "missing " + what + ": " + synopsis(spec);
    }

    private static String message(ParameterException ex) {
        CommandLine cl = ex.getCommandLine();
        CommandSpec spec = cl.getCommandSpec();
        List<String> left = cl.getParseResult() == null ? List.of() : cl.getParseResult().unmatched();
        if (ex instanceof UnmatchedArgumentException unmatched) {
            return unknown(unmatched);
        }
        if (!left.isEmpty() && left.get(0).startsWith("-")) {
            // An unknown option is named before a missing argument: a mistyped option may be what is missing.
            return unknown(new UnmatchedArgumentException(cl, left));
        }
        if (ex.getArgSpec() == null && ex.getValue() != null && !spec.subcommands().isEmpty()) {
            // What help was asked of (sbench-spark help inspekt): picocli's help command refuses it so.
            return unknown(new UnmatchedArgumentException(cl, List.of(ex.getValue())));
        }
        if (ex instanceof MissingParameterException missing) {
            if (missing.getMissing().get(0) instanceof OptionSpec option) {
                return "missing the value of " + option.longestName() + " (" + option.paramLabel() + ")";
            }
            return missing(missing.getMissing().get(0).paramLabel(), spec);
        }
        String text = REFUSED_VALUE.matcher(ex.getMessage()).replaceFirst("$1: ");
        return ex.getValue() == null ? text : SbenchException.requoted(text, ex.getValue());
    }

    /** The first word {@code ex} left unmatched, an unknown option or command, with the closest picocli finds. */
    private static String unknown(UnmatchedArgumentException ex) {
        String first = ex.getUnmatched().get(0);
        CommandSpec spec = ex.getCommandLine().getCommandSpec();
        String what = first.startsWith("-") ? "unknown option " : spec.subcommands().isEmpty() ? "unexpected argument " : "unknown command ";
        List<String> near = ex.getSuggestions();
        return what + SbenchException.quoted(first) + (near.isEmpty() ? "" : "; did you mean '" + near.get(0) + "'?");
    }

    /** {@code sbench-spark convert IN... OUT [options]}: the command, its arguments' labels, several values marked {@code ...}. */
    private static String synopsis(CommandSpec spec) {
        StringBuilder b = new StringBuilder(spec.qualifiedName());
        for (PositionalParamSpec p : spec.positionalParameters()) {
            // A label that hides picocli's syntax says it all (IN... OUT).
            b.append(' ').append(p.paramLabel()).append(p.hideParamSyntax() || p.arity().max() == 1 ? "" : "...");
        }
        return b.append(" [options]").toString();
    }
}
