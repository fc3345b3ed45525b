package org.sbench.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.Callable;
import org.sbench.SbenchException;
import org.sbench.replay.FitPolicy;
import org.sbench.replay.FittedTraceReader;
import org.sbench.target.DeviceGeometry;
import org.sbench.trace.IoRecord;
import org.sbench.trace.RequestLines;
import org.sbench.trace.StreamArgument;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.TraceReader;
import org.sbench.trace.convert.ConvertSettings;
import org.sbench.trace.convert.TraceConverter;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.format.fioiolog.FioIologWriter;
import org.sbench.trace.input.FileSuffix;
import org.sbench.trace.input.OutputPath;
import org.sbench.trace.units.Units;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code sbench convert IN OUT}: rewrites a trace in another format, optionally filtered, optionally fitted onto a device. */
@Command(name = "convert", mixinStandardHelpOptions = true,
        footer = {
            "  sbench convert hm_1.csv.gz hm_1.sbt",
            "  sbench convert hm_1.sbt hm_1.iolog --ops R,W --start 90s --end 5m",
            "  sbench convert web.csv web-disk2.csv --from msr --stream 2",
            "  sbench convert trace.sbt trace.iolog --fio-device /dev/sdX --fit wrap"},
        description = {"Convert a trace to .sbt, CSV or fio iolog v3, keeping the records that pass the filters.",
            "For fio: --fio-device DEV names the device the log opens, and the IOs are fitted onto its capacity as replay fits them"
                + " (--fit), so that 'fio --name=replay --read_iolog=OUT --direct=1 --ioengine=libaio --iodepth=32' replays it as"
                + " it is."})
final class ConvertCommand implements Callable<Integer> {
    private static final String FIO = "fio";

    @Parameters(index = "0", paramLabel = "IN", description = "Input trace (any supported format), a pipe, - for standard input, or a bundled workload (sbench traces).")
    Path in;

    @Parameters(index = "1", paramLabel = "OUT",
            description = "Output file ('-': standard output); its extension picks the format unless --to is given.")
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

    @Option(names = "--fio-device", paramLabel = "DEV",
            description = "fio output: the device (or file) the log opens, so fio needs no --replay_redirect; the IOs are fitted onto"
                    + " its capacity (--fit) and widened to its logical block size.")
    Path fioDevice;

    @Option(names = "--fit", paramLabel = "POLICY", completionCandidates = Candidates.Fits.class,
            description = "Offsets past the capacity of --fio-device (or --capacity): error (default: refused), wrap, or scale,"
                    + " as replay fits them.")
    String fit;

    @Option(names = "--capacity", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "The capacity the IOs are fitted onto (default: the size of --fio-device, read from the device).")
    Long capacity;

    @Mixin
    ProgressOptions progress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ConvertSettings settings = settings();
        TraceFormats formats = TraceFormats.standard();
        OutputOptions.checkFile("OUT", out);
        TraceFormat outFormat = formats.forOutput(out, to);
        Fitting fitting = fitting(outFormat);
        if (fitting != null) {
            settings = fitting.settings(settings);
        }
        TraceConverter.Summary summary;
        Path input;
        try (StopSignals stop = StopSignals.interruptingThisThread()) {
            ProgressLine line = progress.line(spec);
            try {
                input = TraceOptions.resolve(in.toString(), line);
                summary = convert(input, outFormat, settings, fitting, line);
            } catch (RuntimeException e) {
                return stop.interrupted(e, spec.commandLine().getErr(), out + " not written");
            } finally {
                line.end();
            }
        }
        TraceOptions.warnIfCut(spec.commandLine().getErr(), input, summary.incompleteLastLine());
        warnLeftOut(spec.commandLine().getErr(), out, summary);
        PrintWriter o = OutputOptions.text(spec, out);
        o.println("wrote " + Units.count(summary.written()) + " records to " + out + " (" + summary.format() + "); read "
                + Units.count(summary.read()) + ", reordered " + Units.count(summary.reordered())
                + ", skipped " + Units.count(summary.skipped()) + " bad records");
        RequestLines.of(summary.requests(), 9).forEach(o::println);
        if (fitting != null) {
            o.println(fitting.describe());
        }
        o.flush();
        return ExitCodes.OK;
    }

    /** A warning naming what the output's format could not hold, when it left anything out. */
    static void warnLeftOut(PrintWriter err, Path out, TraceConverter.Summary summary) {
        if (summary.leftOut() != null) {
            SbenchCommand.warn(err, "warning: " + out + ": " + summary.leftOut());
        }
    }

    /** The conversion; a compressed trace.dat read twice (--fit scale's span, a sort's second reading) is copied once. */
    private TraceConverter.Summary convert(Path input, TraceFormat outFormat, ConvertSettings settings, Fitting fitting,
                                           ProgressLine line) {
        if (Files.exists(input) && Files.exists(out) && isSameFile(input)) {
            throw SbenchException.usage("OUT is the same file as IN: " + out);
        }
        try (TraceFormats formats = TraceFormats.sharingCopies()) {
            long spanBytes = spanBytes(formats, input, fitting, line);
            return formats.read(input, traceOptions.from, traceOptions.readOptions(line, "converting " + in),
                    traceOptions.rereadOptions(line, "converting " + in),
                    opened -> TraceConverter.convert(fitting == null ? opened : fitting.reader(opened, spanBytes), outFormat, out,
                            settings));
        }
    }

    /** The span {@code --fit scale} fits onto the device: a first reading of the trace; 0 for any other fitting. */
    private long spanBytes(TraceFormats formats, Path input, Fitting fitting, ProgressLine line) {
        if (fitting == null || fitting.policy() != FitPolicy.SCALE) {
            return 0;
        }
        if (Files.exists(input) && !Files.isRegularFile(input)) {
            throw SbenchException.usage("--fit scale reads the trace twice (once to measure its span) and " + in
                    + " is a pipe, read once; save it to a file first, or use --fit wrap");
        }
        String task = "measuring " + in + " (for --fit scale)";
        return formats.read(input, traceOptions.from, traceOptions.readOptions(line, task), traceOptions.rereadOptions(line, task),
                reader -> FittedTraceReader.spanBytes(reader, fitting.stream()));
    }

    /** The stream {@code --stream} names, or {@link IoRecord#NO_STREAM}. */
    private int streamId() {
        return stream == null ? IoRecord.NO_STREAM : StreamArgument.parse(stream, false);
    }

    /** How the IOs are fitted onto a device (--fio-device, --capacity, --fit), or null when they are not. */
    private Fitting fitting(TraceFormat outFormat) {
        if (fioDevice != null && !outFormat.name().equals(FIO)) {
            throw SbenchException.usage("--fio-device names the device a fio log opens; the output here is " + outFormat.name()
                    + " (use --to fio" + (OutputPath.namesStdout(out) ? "" : ", or name it "
                    + FileSuffix.replaced(out.toString(), ".iolog")) + ")");
        }
        if (fioDevice == null && capacity == null) {
            if (fit != null) {
                throw SbenchException.usage("--fit needs a capacity to fit onto: --fio-device DEV or --capacity SIZE");
            }
            return null;
        }
        FitPolicy policy = FitPolicy.of(fit == null ? FitPolicy.ERROR.word() : fit);
        DeviceGeometry geometry = capacity != null
                ? new DeviceGeometry(capacity, fioDevice == null ? DeviceGeometry.UNKNOWN_BLOCK_BYTES : DeviceGeometry.blockBytesOf(fioDevice, "--fio-device"))
                : DeviceGeometry.of(fioDevice, "--fio-device");
        if (geometry.capacityBytes() < geometry.logicalBlockBytes()) {
            throw SbenchException.usage((capacity != null ? "--capacity " + TypedWords.of(spec, "--capacity")
                    : "the capacity to fit onto (" + geometry.capacityBytes() + " bytes)") + " is less than a block");
        }
        return new Fitting(fioDevice, policy, geometry, TypedWords.of(spec, "--capacity"), streamId());
    }

    /** IOs fitted onto a device's capacity and blocks, for the output (a fio log opening {@code device}, or none). */
    private static final class Fitting {
        private final Path device;
        private final FitPolicy policy;
        private final DeviceGeometry geometry;
        private final String capacityWritten;
        private final int stream;
        private FittedTraceReader reader;

        Fitting(Path device, FitPolicy policy, DeviceGeometry geometry, String capacityWritten, int stream) {
            this.device = device;
            this.policy = policy;
            this.geometry = geometry;
            this.capacityWritten = capacityWritten;
            this.stream = stream;
        }

        FitPolicy policy() {
            return policy;
        }

        int stream() {
            return stream;
        }

        private String name() {
            return device == null ? "the capacity given" : device.toString();
        }

        /** The output's metadata: the capacity fitted onto, and the device a fio log opens. */
        ConvertSettings settings(ConvertSettings s) {
            ConvertSettings fitted = s.withOutputMetadata(TraceInfo.CAPACITY, Long.toString(geometry.capacityBytes()));
            return device == null ? fitted : fitted.withOutputMetadata(FioIologWriter.TARGET_KEY, device.toString());
        }

        TraceReader reader(TraceReader in, long spanBytes) {
            reader = new FittedTraceReader(in, stream, policy, geometry.capacityBytes(), capacityWritten, spanBytes,
                    geometry.logicalBlockBytes(), name());
            return reader;
        }

        /** "fitted   onto /dev/sdb (...): N IOs moved, M widened to whole blocks", once the conversion ran. */
        String describe() {
            return "fitted   onto " + name() + " (" + Units.count(geometry.capacityBytes()) + " bytes, " + geometry.logicalBlockBytes()
                    + "-byte blocks, --fit " + policy.word() + "): " + Units.count(reader.refitted()) + " IOs moved, "
                    + Units.count(reader.widened()) + " widened to whole blocks";
        }
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
                    throw SbenchException.usage("--ops takes R, W, T or F separated by commas, found " + SbenchException.quoted(s));
                }
                kept.add(op);
            }
        }
        long start = startNs == null ? 0 : startNs;
        long end = endNs == null ? ConvertSettings.NO_END : endNs;
        if (endNs != null && end <= start) {
            throw SbenchException.usage("--end must be after --start");
        }
        if (limit != null && limit < 1) {
            throw SbenchException.usage("--limit must be at least 1, found " + TypedWords.of(spec, "--limit"));
        }
        ConvertSettings settings = new ConvertSettings(IoRecord.NO_STREAM, kept, start, end, limit == null ? Long.MAX_VALUE : limit);
        return stream == null ? settings : settings.withStream(stream);
    }
}
