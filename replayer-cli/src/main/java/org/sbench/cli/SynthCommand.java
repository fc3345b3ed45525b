package org.sbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.sbench.SbenchException;
import org.sbench.synth.BundledTraceCache;
import org.sbench.trace.TraceReader;
import org.sbench.trace.convert.ConvertSettings;
import org.sbench.trace.convert.TraceConverter;
import org.sbench.trace.format.TraceFormat;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.AtomicFileOutput;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.synth.WorkloadProfile;
import org.sbench.traces.BundledTraces;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code sbench synth PROFILE --out FILE}: generates a bundled workload's reconstruction. */
@Command(name = "synth", mixinStandardHelpOptions = true,
        footer = {
            "  sbench synth light-2010 --out light-2010.sbt",
            "  sbench synth light-2011 --out l.csv --seed 7"},
        description = "Generate a bundled workload (a synthetic reconstruction from published statistics) into a trace file.")
final class SynthCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PROFILE", description = "A bundled workload: ${COMPLETION-CANDIDATES}.",
            completionCandidates = WorkloadNames.class)
    String profile;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "Output trace (.sbt, .csv or .iolog).")
    Path out;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "" + BundledTraceCache.DEFAULT_SEED,
            description = "Generator seed (default ${DEFAULT-VALUE}); the same seed gives the same trace.")
    long seed;

    @Option(names = "--capacity", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "Device size the offsets are spread over (default: the profile's choice).")
    Long capacity;

    @Mixin
    ProgressOptions progress;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (!BundledTraces.exists(profile)) {
            throw SbenchException.usage("unknown workload " + SbenchException.quoted(profile) + "; bundled: "
                    + String.join(", ", BundledTraces.NAMES));
        }
        WorkloadProfile p = BundledTraceCache.profile(profile);
        long cap = capacity == null ? p.capacityBytes() : capacity;
        if (cap < 1L << 30) {
            throw SbenchException.usage("--capacity must be at least 1G, found " + TypedWords.of(spec, "--capacity"));
        }
        OutputOptions.checkFile("--out", out);
        TraceFormats formats = TraceFormats.standard();
        TraceFormat format = formats.forOutput(out, null);
        ProgressLine line = progress.line(spec);
        TaskProgress generating = new TaskProgress(line, "generating " + profile, TaskProgress.Unit.IOS);
        try {
            if (format.name().equals("sbt")) {
                BundledTraceCache.generate(p, seed, cap, out, generating);
            } else {
                // Phase markers are known only as the trace is generated: generate .sbt, then convert.
                Path sbt = AtomicFileOutput.scratchBeside(out, ".sbt");
                try {
                    BundledTraceCache.generate(p, seed, cap, sbt, generating);
                    ReadOptions reading = ReadOptions.DEFAULTS.withProgress(new TaskProgress(line, "writing " + out + " (" + format.name()
                            + ")", TaskProgress.Unit.BYTES));
                    try (TraceReader r = formats.open(sbt, "sbt", reading)) {
                        ConvertCommand.warnLeftOut(spec.commandLine().getErr(), out, TraceConverter.convert(r, format, out, ConvertSettings.ALL));
                    }
                } finally {
                    sbt.toFile().delete(); // else at exit (scratchBeside)
                }
            }
        } finally {
            line.end();
        }
        PrintWriter o = OutputOptions.text(spec, out);
        o.println("wrote " + profile + " (" + p.title() + ", seed " + seed + ", capacity " + cap + " bytes) to " + out);
        o.flush();
        return ExitCodes.OK;
    }

    /** The bundled names, for help and completion. */
    static final class WorkloadNames implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return BundledTraces.NAMES.iterator();
        }
    }
}
