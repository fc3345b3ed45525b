package org.sbench.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.sbench.result.TextTable;
import org.sbench.synth.BundledTraceCache;
import org.sbench.trace.synth.WorkloadProfile;
import org.sbench.trace.units.Units;
import org.sbench.traces.BundledTraces;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code sbench traces}: the bundled workloads, their key statistics and where those come from. */
@Command(name = "traces", mixinStandardHelpOptions = true,
        footer = {
            "  sbench traces",
            "  sbench traces --published"},
        description = "List the bundled workloads (synthetic reconstructions from published statistics).")
final class TracesCommand implements Callable<Integer> {
    /** The columns text lines take at most, as the README's. */
    private static final int WIDTH = 100;

    @Option(names = "--published", description = "Also list every published statistic of each workload.")
    boolean published;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        TextTable t = new TextTable("name", "reads", "writes", "sequential", "avg QD", "duration*", "note");
        for (String name : BundledTraces.NAMES) {
            WorkloadProfile p = BundledTraceCache.profile(name);
            t.row(name, Units.count(p.reads()), Units.count(p.writes()),
                    String.format(Locale.ROOT, "%.0f%%%s", p.sequentialPct(), p.sequentialPublished() ? "" : "*"),
                    p.avgQd() > 0 ? String.format(Locale.ROOT, "%.2f", p.avgQd()) : "-",
                    Units.duration(p.durationNs()),
                    BundledTraces.ON_DEMAND.contains(name) ? "on demand" : "");
        }
        t.print(out, "");
        out.println();
        printWrapped(out, "", "All are synthetic reconstructions: the original traces were never published, their statistics were."
                + " * marks a figure chosen where none was published (every duration is). On demand: too large to"
                + " generate in a test or the demo, generated only when named.", "");
        printWrapped(out, "", "The figures above are the ones each aims at; where one cannot be met (light-2011's average QD: the"
                + " published histogram allows 1.9), docs/workloads.md, What cannot be met, says why and what was made.", "");
        for (String name : BundledTraces.NAMES) {
            WorkloadProfile p = BundledTraceCache.profile(name);
            printWrapped(out, "", name + ": " + p.title() + ". Source: " + p.source() + ".", "  ");
            if (published) {
                for (String line : p.publishedLines()) {
                    printWrapped(out, "    ", line, "      ");
                }
            }
        }
        printWrapped(out, "", "Use a name wherever a trace file goes (replay, inspect, convert); it is generated once into "
                + BundledTraceCache.forUser().dir() + ".", "");
        out.flush();
        return ExitCodes.OK;
    }

    /**
     * {@code text} after {@code prefix}, in lines of at most {@value #WIDTH} columns, as the README
     * is wrapped (a word longer than a line, a path, on a line of its own); the lines after the
     * first begin with {@code indent}.
     */
    private static void printWrapped(PrintWriter out, String prefix, String text, String indent) {
        StringBuilder line = new StringBuilder(prefix);
        int empty = prefix.length();
        for (String word : text.split(" ")) {
            if (line.length() > empty) {
                if (line.length() + 1 + word.length() > WIDTH) {
                    out.println(line);
                    line.setLength(0);
                    line.append(indent);
                    empty = indent.length();
                } else {
                    line.append(' ');
                }
            }
            line.append(word);
        }
        out.println(line);
    }
}
