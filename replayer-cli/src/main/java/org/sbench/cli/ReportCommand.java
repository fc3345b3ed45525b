package org.sbench.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.result.CsvResultWriter;
import org.sbench.result.HlogResultWriter;
import org.sbench.result.HtmlReportWriter;
import org.sbench.result.JsonResults;
import org.sbench.result.OutputFiles;
import org.sbench.result.ReplayResult;
import org.sbench.result.ResultWriter;
import org.sbench.result.TableResultWriter;
import org.sbench.scenario.ScenarioReport;
import org.sbench.step.BundleDirectory;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.TraceInput;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code sbench report RESULT.json}: a replay result as the terminal summary, and as HTML, CSV or an HdrHistogram log. */
@Command(name = "report", mixinStandardHelpOptions = true,
        footer = {
            "  sbench report drive-a.json",
            "  sbench report drive-a.json --html a.html --csv a-csv/ --hlog a.hlog"},
        description = "Show a replay result (from replay --out) as a review would, and write it as HTML with charts, CSV or an HdrHistogram log.")
final class ReportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "RESULT.json", description = "A result written by 'sbench replay --out'.")
    Path result;

    @Option(names = "--html", paramLabel = "FILE", description = "Write one self-contained HTML page with charts (viewable offline).")
    Path html;

    @Option(names = "--csv", paramLabel = "DIR",
            description = "Write summary.csv, size-classes.csv, timeseries.csv, latency-percentiles.csv and members.csv (a striped"
                    + " target's members; the header alone for a single drive) into DIR (created if missing).")
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
        OutputOptions.checkDistinct(new String[] {"--html", "--csv", "--hlog"}, html, csv, hlog);
        // --csv names a directory: a file there is refused as such.
        OutputOptions.checkNotInput("RESULT.json", result, new String[] {"--html", "--hlog"}, html, hlog);
        PrintWriter out = OutputOptions.text(spec, html, hlog);
        // All outputs appear together once all are written, or none does (a full disk).
        try (OutputDirectory csvDir = csv == null ? null : new OutputDirectory("--csv", csv);
             OutputFiles files = new OutputFiles()) {
            ReplayResult r = read(result);
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

    /** The result in {@code file}; a trace or a directory given instead is named as one, with what to do. */
    private static ReplayResult read(Path file) {
        if (Files.isDirectory(file)) {
            throw SbenchException.badInput(file.toString(), directory(file));
        }
        try {
            return new JsonResults().read(file);
        } catch (SbenchException notAResult) {
            String format = traceFormat(file);
            if (notAResult.kind() != ErrorKind.BAD_INPUT || format == null) {
                throw notAResult;
            }
            throw SbenchException.badInput(file.toString(), "is a trace (format " + format + "), not a replay result; replay it"
                    + " first: sbench replay " + file + " --target DEVICE --out RESULT.json, then sbench report RESULT.json");
        }
    }

    /** What a directory given as the result is, and what to report instead: a bundle's report or one of its runs. */
    private static String directory(Path dir) {
        if (!Files.isRegularFile(dir.resolve(BundleDirectory.INDEX))) {
            return "is a directory, not a replay result";
        }
        List<String> instead = new ArrayList<>();
        Path html = dir.resolve(ScenarioReport.FILE);
        if (Files.isRegularFile(html)) {
            instead.add("open its report, " + html);
        }
        BundleDirectory.open(dir).read().steps().stream().flatMap(st -> st.runs().stream()).findFirst()
                .ifPresent(run -> instead.add("report one of its runs, e.g. sbench report " + dir.resolve(run.file())));
        // A bundle of format 2 holds its steps in its index; one of format 3 in its step log beside it.
        String files = BundleDirectory.INDEX + (Files.exists(dir.resolve(BundleDirectory.STEP_LOG)) ? ", " + BundleDirectory.STEP_LOG : "");
        return "is a bundle of steps and their runs (" + files + "), not a replay result"
                + (instead.isEmpty() ? "" : "; " + String.join(", or ", instead));
    }

    /** The trace format {@code file} is in, or null when it is none (or cannot be read). */
    private static String traceFormat(Path file) {
        try {
            return TraceFormats.standard().detect(TraceInput.of(file)).name();
        } catch (SbenchException none) {
            return null;
        }
    }

    private static void write(ResultWriter writer, ReplayResult r, Path to, OutputFiles files, List<String> written) {
        if (to != null) {
            writer.write(r, to, files);
            written.add("wrote    " + writer.name() + " " + to);
        }
    }
}
