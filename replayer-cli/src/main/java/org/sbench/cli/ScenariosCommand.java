package org.sbench.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.sbench.result.TextTable;
import org.sbench.scenario.Scenario;
import org.sbench.scenario.ScenarioFile;
import org.sbench.scenario.StepKinds;
import org.sbench.traces.BundledScenarios;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code sbench scenarios [NAME]}: the bundled scenarios, or one scenario's file. */
@Command(name = "scenarios", mixinStandardHelpOptions = true,
        footer = {
            "  sbench scenarios",
            "  sbench scenarios consistency > my.yaml"},
        description = {"List the bundled scenarios (run one with sbench run NAME), or print the file of one (to copy and change)."})
final class ScenariosCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "NAME", description = "A bundled scenario: print its file.")
    String name;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (name != null) {
            out.print(ScenarioFile.named(name).text());
            out.flush();
            return ExitCodes.OK;
        }
        StepKinds kinds = StepKinds.standard();
        TextTable t = new TextTable("name", "steps", "kinds", "description").alignLeft(1, 2, 3);
        StringBuilder notes = new StringBuilder();
        for (String n : BundledScenarios.NAMES) {
            Scenario s = ScenarioFile.bundled(n);
            List<String> missing = s.check(kinds);
            t.row(n, "up to " + s.longestSteps(), String.join(", ", s.kinds()), s.description() == null ? "" : s.description());
            if (!missing.isEmpty()) {
                notes.append(n).append(": needs step kinds not in this build: ").append(String.join(", ", missing)).append('\n');
            }
        }
        t.print(out, "");
        out.println();
        out.print(notes);
        out.println("Step kinds of this build: " + String.join(", ", kinds.words()) + ". 'sbench scenarios NAME' prints a scenario's"
                + " file; the format is in docs/scenarios.md.");
        out.flush();
        return ExitCodes.OK;
    }
}
