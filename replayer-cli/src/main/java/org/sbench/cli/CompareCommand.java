package org.sbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.sbench.SbenchException;
import org.sbench.result.ComparisonCsvWriter;
import org.sbench.result.ComparisonTable;
import org.sbench.result.ComparisonWriter;
import org.sbench.result.HtmlComparisonWriter;
import org.sbench.result.JsonResults;
import org.sbench.result.OutputFiles;
import org.sbench.result.RankingMetric;
import org.sbench.result.ResultComparison;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code sbench compare R1.json R2.json ...}: results of one workload on several drives, side by side. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        footer = {
            "  sbench compare drive-a.json drive-b.json --html compare.html --csv compare.csv",
            "  sbench compare a.json b.json --label A --label B --baseline 2 --metric mbps",
            "  sbench compare drive-a/ drive-b/ --html a-vs-b.html"},
        description = {"Compare replay results of the same trace and settings across drives: a side-by-side table with"
                + " differences and ratios to a baseline, and HTML bar charts in the style of drive reviews.",
            "Results of the same drive and settings are repeated runs: they form one column (mean and spread).",
            "Refuses results of different traces, modes, idle caps or data patterns, and incomplete ones (exit 3),"
                + " unless --force."})
final class CompareCommand implements Callable<Integer> {
    @Parameters(arity = "1..*", paramLabel = "RESULT.json",
            description = "Results written by 'sbench replay --out' (two or more), or bundles of one scenario written by 'sbench run'.")
    List<Path> results;

    @Option(names = "--baseline", paramLabel = "N", defaultValue = "1",
            description = "The result (1 = first given) whose column the others are measured against (default ${DEFAULT-VALUE}).")
    int baseline;

    @Option(names = "--metric", paramLabel = "METRIC", defaultValue = "busy",
            description = "Rank drives by busy (total busy time, default), mbps (combined MB/s), iops, or latency (p99).")
    String metric;

    @Option(names = "--label", paramLabel = "NAME",
            description = "Column label of each result, in order (give one per result); results with the same label form one column.")
    List<String> labels;

    @Option(names = "--force", description = "Compare even results that are not comparable; the table is marked.")
    boolean force;

    @Option(names = "--html", paramLabel = "FILE", description = "Write one self-contained HTML page with bar charts and latency curves.")
    Path html;

    @Option(names = "--csv", paramLabel = "FILE", description = "Write every metric of every column as CSV (one row per metric and column).")
    Path csv;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (results.size() < 2) {
            throw SbenchException.usage("compare needs two results or more (of several drives or runs), found one: " + results.get(0)
                    + "; 'sbench report " + results.get(0) + "' shows a single result");
        }
        RankingMetric rankBy = RankingMetric.of(metric);
        if (baseline < 1 || baseline > results.size()) {
            throw SbenchException.usage("--baseline must be between 1 and " + results.size() + " (the number of results), found "
                    + TypedWords.of(spec, "--baseline"));
        }
        if (labels != null && labels.size() != results.size()) {
            throw SbenchException.usage("--label given " + labels.size() + " times for " + results.size()
                    + " results; give one per result, in order");
        }
        if (labels != null) {
            labels.stream().filter(String::isBlank).findFirst().ifPresent(blank -> {
                throw SbenchException.usage("--label " + SbenchException.quoted(blank)
                        + " names no column; give each result a label that is not blank");
            });
        }
        refuseRepeats(results);
        OutputOptions.checkFile("--html", html);
        OutputOptions.checkFile("--csv", csv);
        OutputOptions.checkDistinct(new String[] {"--html", "--csv"}, html, csv);
        for (Path result : results) {
            OutputOptions.checkNotInput("RESULT.json", result, new String[] {"--html", "--csv"}, html, csv);
        }
        PrintWriter out = OutputOptions.text(spec, html, csv);
        if (BundleCompare.given(results)) {
            return new BundleCompare(results, labels, force, html, csv).run(rankBy, out);
        }
        JsonResults json = new JsonResults();
        List<ResultComparison.Input> inputs = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            Path p = results.get(i);
            inputs.add(new ResultComparison.Input(p.toString(), json.read(p), labels == null ? null : labels.get(i)));
        }
        ResultComparison comparison = ResultComparison.of(inputs, baseline - 1, force);
        new ComparisonTable().write(comparison, rankBy, out);
        List<String> written = new ArrayList<>();
        try (OutputFiles files = new OutputFiles()) {
            write(new HtmlComparisonWriter(rankBy), comparison, html, files, written);
            write(new ComparisonCsvWriter(), comparison, csv, files, written);
            files.commit();
        }
        written.forEach(out::println);
        out.flush();
        return ExitCodes.OK;
    }

    /** One file given twice would count as two runs of a drive, with a spread of 0: refused. */
    private static void refuseRepeats(List<Path> results) {
        int[] pair = OutputOptions.sameFilePair(results.toArray(new Path[0]));
        if (pair != null) {
            throw SbenchException.usage(results.get(pair[1]) + " is given twice (as " + results.get(pair[0]) + " too); a repeated run"
                    + " is another result file");
        }
    }

    private static void write(ComparisonWriter writer, ResultComparison c, Path to, OutputFiles files, List<String> written) {
        if (to != null) {
            writer.write(c, to, files);
            written.add("wrote    " + writer.name() + " " + to);
        }
    }
}
