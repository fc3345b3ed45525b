// sbench-spark convert IN... OUT: an archive as Parquet, or one stream / time slice as .sbt.
package org.sbench.spark.cli;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;
import java.util.List;
import java.util.concurrent.Callable;
import org.sbench.SbenchException;
import org.sbench.spark.convert.ExportSettings;
import org.sbench.spark.convert.ParquetExport;
import org.sbench.spark.convert.SbtExtraction;
import org.sbench.spark.split.HadoopFiles;
import org.sbench.trace.RequestLines;
import org.sbench.trace.convert.TraceConverter;
import org.sbench.trace.units.Durations;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code sbench-spark convert IN... OUT.parquet|OUT.sbt}: Parquet for analysis, .sbt for {@code sbench replay}. */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = "Write traces as Parquet (zstd; the source's columns) or one stream / time slice as .sbt for sbench replay.")
final class ConvertCommand implements Callable<Integer> {
    /** The width of the labels of the request lines ("left out", "failed"), as sbench convert prints them. */
    private static final int REQUEST_LABEL_WIDTH = 9;

    /** All the positionals, options between them or not (picocli checks an arity in each run of positionals): counted in {@link #call}. */
    @Parameters(arity = "0..*", paramLabel = "IN... OUT", hideParamSyntax = true, description = "Input traces (files, directories, globs) or the Parquet table convert wrote of them, then OUT.parquet or OUT.sbt.")
    List<String> args;

    @Mixin
    SparkOptions spark;

    @Option(names = "--stream", paramLabel = "N", description = "Keep only stream (volume) N, or MAJOR:MINOR for a device"
            + " (as inspect shows the streams of block traces).")
    String stream;

    @Option(names = "--start", paramLabel = "TIME", description = ".sbt: keep IOs issued at or after TIME since the first IO, e.g. 90s.")
    String start;

    @Option(names = "--end", paramLabel = "TIME", description = ".sbt: keep IOs issued before TIME since the first IO, e.g. 5m.")
    String end;

    @Spec
    CommandSpec spec;

    @ParentCommand
    SbenchSparkCommand parent;

    @Override
    public Integer call() {
        int given = args == null ? 0 : args.size();
        if (given < 2) {
            throw SbenchException.usage(UsageErrors.missing(given == 0 ? "IN... and OUT" : "OUT", spec));
        }
        List<String> in = args.subList(0, args.size() - 1);
        String out = args.get(args.size() - 1);
        SparkOptions.checkPaths("IN", in);
        SparkOptions.checkPaths("OUT", List.of(out));
        ExportSettings settings = ExportSettings.ALL.withRead(spark.read()).withStream(stream)
                .withTimes(start == null ? 0 : duration("--start", start), end == null ? Long.MAX_VALUE : duration("--end", end));
        PrintWriter o = spec.commandLine().getOut();
        if (out.endsWith(".parquet")) {
            if (settings.sliced()) {
                throw SbenchException.usage("--start and --end are for .sbt output; filter Parquet by issue_ns");
            }
            ParquetExport.Summary s = ParquetExport.write(spark.session(in), in, settings, out);
            parent.wrote(out);
            warn(s.warnings());
            o.println(String.format(Locale.ROOT, "wrote %,d records to %s (parquet, zstd); skipped %,d bad records", s.records(), out,
                    s.skipped()));
            RequestLines.of(s.requests(), REQUEST_LABEL_WIDTH).forEach(o::println);
        } else if (out.endsWith(".sbt")) {
            Path file = localFile(out);
            SbtExtraction.Summary extracted = SbtExtraction.write(spark.session(in), in, settings, file);
            parent.wrote(out);
            warn(extracted.warnings());
            TraceConverter.Summary s = extracted.converted();
            o.println(String.format(Locale.ROOT, "wrote %,d records to %s (sbt); read %,d, skipped %,d bad records", s.written(), out,
                    s.read(), s.skipped()));
            RequestLines.of(s.requests(), REQUEST_LABEL_WIDTH).forEach(o::println);
        } else {
            throw SbenchException.usage("OUT must end in .parquet or .sbt, found " + out);
        }
        o.flush();
        return 0;
    }

    private void warn(List<String> warnings) {
        SparkOptions.warn(spec.commandLine().getErr(), warnings);
    }

    /**
     * The file a .sbt OUT names on this (the driver's) machine: a path, or a {@code file:} URI; a
     * .sbt is for {@code sbench replay} here, so another scheme ({@code hdfs:}) is a usage error.
     */
    private static Path localFile(String out) {
        URI uri = HadoopFiles.path(out).toUri();
        if (uri.getScheme() == null) {
            return Path.of(out);
        }
        if ("file".equals(uri.getScheme())) {
            return Path.of(uri.getPath());
        }
        throw SbenchException.usage("OUT: a .sbt file is written on this machine's filesystem (for sbench replay), found " + out
                + "; give a local path or a file: URI, or write .parquet there");
    }

    private static long duration(String option, String value) {
        try {
            return Durations.parseNs(value);
        } catch (IllegalArgumentException e) {
            throw SbenchException.usage(option + ": " + e.getMessage());
        }
    }
}
