package org.sbench.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.Callable;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceReader;
import org.sbench.trace.convert.ConvertSettings;
import org.sbench.trace.convert.TraceConverter;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.format.TraceFormats;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code sbench convert IN OUT}: rewrites a trace in another format, optionally filtered. */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = "Convert a trace to .sbt, CSV or fio iolog v3, keeping the records that pass the filters.")
final class ConvertCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "IN", description = "Input trace (any supported format), a pipe, - for standard input, or a bundled workload (sbench traces).")
    String in;

    @Parameters(index = "1", paramLabel = "OUT", description = "Output file; its extension picks the format unless --to is given.")
    Path out;

    @Mixin
    TraceOptions traceOptions;

    @Option(names = "--to", paramLabel = "FORMAT", description = "Output format (writable: sbt, csv, fio).")
    String to;

    @Option(names = "--stream", paramLabel = "N", description = "Keep only stream (device, volume, LUN) N, or MAJOR:MINOR for a device"
            + " (as inspect shows the streams of block traces).")
    String stream;

    @Option(names = "--ops", paramLabel = "OPS", split = ",", description = "Keep only these ops, e.g. R,W (R read, W write, T trim, F flush).")
    List<String> ops;

    @Option(names = "--start", paramLabel = "TIME", converter = DurationConverter.class,
            description = "Keep IOs issued at or after TIME since the trace's start, e.g. 90s.")
    Long startNs;

    @Option(names = "--end", paramLabel = "TIME", converter = DurationConverter.class,
            description = "Keep IOs issued before TIME since the trace's start, e.g. 5m.")
    Long endNs;

    @Option(names = "--limit", paramLabel = "N", description = "Write at most N records.")
    Long limit;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ConvertSettings settings = settings();
        TraceFormats formats = TraceFormats.standard();
        TraceFormat outFormat = formats.forOutput(out, to);
        Path input = TraceOptions.resolve(in);
        if (Files.exists(input) && Files.exists(out) && isSameFile(input)) {
            throw SbenchException.usage("OUT is the same file as IN: " + out);
        }
        TraceConverter.Summary summary;
        try (TraceReader reader = formats.open(input, traceOptions.from, traceOptions.readOptions())) {
            summary = TraceConverter.convert(reader, outFormat, out, settings);
        }
        TraceOptions.warnIfCut(spec.commandLine().getErr(), input, summary.incompleteLastLine());
        PrintWriter o = spec.commandLine().getOut();
        o.println("wrote " + Units.count(summary.written()) + " records to " + out + " (" + summary.format() + "); read "
                + Units.count(summary.read()) + ", reordered " + Units.count(summary.reordered())
                + ", skipped " + Units.count(summary.skipped()) + " bad records");
        o.flush();
        return ExitCodes.OK;
    }

    private boolean isSameFile(Path input) {
        try {
            return Files.isSameFile(input, out);
        } catch (java.io.IOException e) {
            return false;
        }
    }

    private ConvertSettings settings() {
        EnumSet<Op> kept = EnumSet.allOf(Op.class);
        if (ops != null) {
            kept = EnumSet.noneOf(Op.class);
            for (String s : ops) {
                Op op = s.strip().length() == 1 ? Op.ofCode(s.strip().charAt(0)) : null;
                if (op == null) {
                    throw SbenchException.usage("--ops takes R, W, T or F separated by commas, found '" + s + "'");
                }
                kept.add(op);
            }
        }
        long start = startNs == null ? 0 : startNs;
        long end = endNs == null ? Long.MAX_VALUE : endNs;
        if (end <= start) {
            throw SbenchException.usage("--end must be after --start");
        }
        if (limit != null && limit < 1) {
            throw SbenchException.usage("--limit must be at least 1, found " + limit);
        }
        return new ConvertSettings(stream == null ? IoRecord.NO_STREAM : StreamArgument.parse(stream, false), kept, start, end,
                limit == null ? Long.MAX_VALUE : limit);
    }
}
