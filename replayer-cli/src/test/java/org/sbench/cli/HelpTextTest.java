// What --help of every command says of each option: a description, and the value it takes by default.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

class HelpTextTest {
    /** The widest line a help may have, as README and the docs keep theirs. */
    private static final int MAX_COLUMNS = 100;

    /** Every command of sbench, sbench itself first. */
    private static List<CommandLine> commands() {
        List<CommandLine> all = new ArrayList<>();
        CommandLine top = SbenchCommand.newCommandLine();
        all.add(top);
        all.addAll(top.getSubcommands().values());
        return all;
    }

    private static boolean isFlag(OptionSpec o) {
        return o.arity().max() == 0 || o.usageHelp() || o.versionHelp();
    }

    @Test
    void everyOptionIsDescribedAndStatesTheValueItTakesByDefault() {
        List<String> wanting = new ArrayList<>();
        for (CommandLine cl : commands()) {
            for (OptionSpec o : cl.getCommandSpec().options()) {
                String description = String.join(" ", o.description());
                if (description.isBlank()) {
                    wanting.add(cl.getCommandName() + " " + o.longestName() + ": no description");
                } else if (!isFlag(o) && o.defaultValue() != null && !description.contains("default")) {
                    wanting.add(cl.getCommandName() + " " + o.longestName() + ": default " + o.defaultValue() + " not stated");
                }
            }
        }
        assertEquals(List.of(), wanting);
    }

    @Test
    void noHelpLineIsWiderThanTheDocs() {
        List<String> wide = new ArrayList<>();
        for (CommandLine cl : commands()) {
            for (String line : cl.getUsageMessage().split("\n")) {
                if (line.length() > MAX_COLUMNS) {
                    wide.add(cl.getCommandName() + ": " + line);
                }
            }
        }
        assertEquals(List.of(), wide);
    }

    /**
     * Every command's help lists its own options first, in the order that explains them, and the
     * options every command has (-h, -V, --debug) last. Before, demo, inspect, synth, traces,
     * scenarios, completion and sbench itself sorted theirs by name: inspect's began with --debug
     * and put -h between --from and --json.
     */
    @Test
    void everyCommandListsTheStandardOptionsLast() {
        List<String> unordered = new ArrayList<>();
        for (CommandLine cl : commands()) {
            List<String> names = new ArrayList<>();
            for (String line : cl.getUsageMessage().split("\n")) {
                Matcher m = OPTION_LINE.matcher(line);
                if (m.find()) {
                    names.add(m.group(1));
                }
            }
            List<String> standard = STANDARD_OPTIONS.stream().filter(names::contains).toList();  // help has no -V
            if (!names.subList(names.size() - standard.size(), names.size()).equals(standard)) {
                unordered.add(cl.getCommandName() + ": " + names);
            }
        }
        assertEquals(List.of(), unordered);
    }

    /** The options the commands have, in the order they close each help. */
    private static final List<String> STANDARD_OPTIONS = List.of("-h", "-V", "--debug");
    /** An option's first line in a help: its first name at the start of the options' column. */
    private static final Pattern OPTION_LINE = Pattern.compile("^ {2}(?: {4})?(-[A-Za-z]|--[a-z][a-z-]*)[ ,=\\[]");

    /**
     * Every command's help (and so its man page) ends in examples, each a command line of that command
     * as written (after sudo, inside source <(...), before a redirection) that sbench parses, in help's
     * width (picocli wraps a longer one mid-word); the top-level ones may name any command (picocli's
     * help inherits them). Before, no page had one.
     */
    @Test
    void everyCommandShowsExamplesThatParse() {
        List<String> wrong = new ArrayList<>();
        for (CommandLine cl : commands()) {
            String name = cl.getCommandName();
            String[] examples = cl.getCommandSpec().usageMessage().footer();
            assertEquals("%nExamples%n", cl.getCommandSpec().usageMessage().footerHeading(), name);
            assertFalse(examples.length == 0, name + " has no examples");
            for (String example : examples) {
                if (example.length() > cl.getUsageHelpWidth()) {
                    wrong.add(name + ": " + example + " (wider than help's " + cl.getUsageHelpWidth() + " columns: it wraps mid-word)");
                }
                String line = example.strip().replaceFirst("^sudo ", "").replaceFirst("^source <\\((.*)\\)$", "$1")
                        .replaceFirst(" > \\S+$", "");
                List<String> words = List.of(line.split(" "));
                boolean own = cl.getParent() == null || name.equals("help") || words.size() > 1 && words.get(1).equals(name);
                if (!words.get(0).equals("sbench") || !own) {
                    wrong.add(name + ": " + example + " (not a command line of sbench " + name + ")");
                    continue;
                }
                try {
                    SbenchCommand.newCommandLine().parseArgs(words.subList(1, words.size()).toArray(String[]::new));
                } catch (CommandLine.ParameterException e) {
                    wrong.add(name + ": " + example + ": " + e.getMessage());
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    /**
     * A bundle is bundle.json, its head, and steps.jsonl, its step log (format 3): what --out writes and
     * --json prints says so. Until 2026-12-06 run's and the steps' --json were said to print
     * "bundle.json" (run's "the bundle's index"), which holds no step since the step log was split off.
     */
    @Test
    void theBundleOptionsNameTheStepLog() {
        List<String> stale = new ArrayList<>();
        for (CommandLine cl : commands()) {
            for (String option : List.of("--json", "--out")) {
                OptionSpec o = cl.getCommandSpec().findOption(option);
                String description = o == null ? "" : String.join(" ", o.description());
                if (description.contains("bundle.json") && !description.contains("steps.jsonl")) {
                    stale.add(cl.getCommandName() + " " + option + ": " + description);
                }
            }
        }
        assertEquals(List.of(), stale);
    }
}
