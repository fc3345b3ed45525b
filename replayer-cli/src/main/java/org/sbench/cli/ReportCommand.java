package org.sbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.sbench.result.CsvResultWriter;
import org.sbench.result.HlogResultWriter;
import org.sbench.result.HtmlReportWriter;
import org.sbench.result.JsonResults;
import org.sbench.result.OutputFiles;
import org.sbench.result.ReplayResult;
import org.sbench.result.ResultWriter;
import org.sbench.result.TableResultWriter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code sbench report RESULT.json}: a replay result as the terminal summary, and as HTML, CSV or an HdrHistogram log. */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Show a replay result (from replay --out) as a review would, and write it as HTML with charts, CSV or an HdrHistogram log.")
final class ReportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "RESULT.json", description = "A result written by 'sbench replay --out'.")
    Path result;

    @Option(names = "--html", paramLabel = "FILE", description = "Write one self-contained HTML page with charts (viewable offline).")
    Path html;

    @Option(names = "--csv", paramLabel = "DIR",
            description = "Write summary.csv, size-classes.csv, timeseries.csv and latency-percentiles.csv into DIR (created if missing).")
    Path csv;

    @Option(names = "--hlog", paramLabel = "FILE",
            description = "Write the latency histograms (read, write, all; ns) as an HdrHistogram interval log.")
    Path hlog;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        OutputOptions.checkFile("--html", html);
        OutputOptions.checkFile("--hlog", hlog);
        PrintWriter out = OutputOptions.text(spec, html, hlog);
        // All outputs appear together once all are written, or none does (a full disk).
        try (OutputDirectory csvDir = csv == null ? null : new OutputDirectory("--csv", csv);
             OutputFiles files = new OutputFiles()) {
            ReplayResult r = new JsonResults().read(result);
            new TableResultWriter().write(r, out);
            List<String> written = new ArrayList<>();
            write(new HtmlReportWriter(), r, html, files, written);
            write(new CsvResultWriter(), r, csv, files, written);
            write(new HlogResultWriter(), r, hlog, files, written);
            files.commit();
            if (csvDir != null) {
                csvDir.keep();
            }
            written.forEach(out::println);
            out.flush();
        }
        return ExitCodes.OK;
    }

    private static void write(ResultWriter writer, ReplayResult r, Path to, OutputFiles files, List<String> written) {
        if (to != null) {
            writer.write(r, to, files);
            written.add("wrote    " + writer.name() + " " + to);
        }
    }
}
