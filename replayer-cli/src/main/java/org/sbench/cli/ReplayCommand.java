package org.sbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayMode;
import org.sbench.replay.ReplaySession;
import org.sbench.replay.ReplaySettings;
import org.sbench.result.IoErrorSummary;
import org.sbench.result.JsonResults;
import org.sbench.result.OutputFiles;
import org.sbench.result.ReplayResult;
import org.sbench.result.TableResultWriter;
import org.sbench.target.SysfsBlockDevice;
import org.sbench.target.TargetSettings;
import org.sbench.target.Targets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code sbench replay TRACE --target T}: replays a trace and reports it the way drive reviews do. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        footer = {
            "  sbench replay trace.sbt --target null",
            "  sbench replay trace.sbt --target /dev/sdb --read-only",
            "  sbench replay trace.sbt --target /dev/nvme1n1 --allow-write --out drive-a.json",
            "  sbench replay light-2010 --target null --mode fixed-qd --qd 32",
            "  sbench replay trace.sbt --target /mnt/scratch/s.img --size 100G --fit wrap",
            "  sbench replay trace.sbt --target stripe:64K:/dev/sdb,/dev/sdc --allow-write"},
        description = {"Replay a trace against a block device, a file or 'null' and report IOPS, MB/s, disk-busy time and latency.",
            "A replay with writes destroys data on a block device or an existing file: it needs --allow-write (and --force over a"
                + " filesystem or partition table); a file sbench creates needs neither."})
final class ReplayCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "TRACE", description = "Trace file (any format inspect reads; not a pipe, which cannot be read twice: convert it first) or a bundled"
            + " workload (sbench traces).")
    Path trace;

    @Option(names = "--target", required = true, paramLabel = "TARGET",
            description = {"A block device (/dev/sdX, /dev/nvme0n1, /dev/loopN), a file (created, or grown with --size), or null;",
                "or a RAID 0 stripe sbench makes itself: stripe:CHUNK:DEV,DEV[,...] (e.g. stripe:64K:/dev/nvme0n1,/dev/nvme1n1)."})
    String target;

    @Mixin
    TraceOptions traceOptions;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "recorded-qd", completionCandidates = Candidates.Modes.class,
            description = "recorded-qd (default: the recorded queue depth, idle capped), timed, or fixed-qd.")
    String mode;

    @Option(names = "--max-idle", paramLabel = "DURATION|none", converter = IdleCapConverter.class, defaultValue = "25ms",
            completionCandidates = Candidates.IdleCaps.class,
            description = "recorded-qd: longest idle gap replayed (default ${DEFAULT-VALUE}; 0 removes idle; none keeps every gap"
                    + " in full).")
    long maxIdleNs;

    @Option(names = "--qd-fallback", paramLabel = "N", defaultValue = "0",
            description = "recorded-qd: depth for IOs without a recorded one (default: none; a trace with such IOs"
                    + " is refused).")
    int qdFallback;

    @Option(names = "--speed", paramLabel = "X", defaultValue = "1.0", description = "timed: replay X times faster (default 1).")
    double speed;

    @Option(names = "--max-inflight", paramLabel = "N", defaultValue = "" + ReplayMode.Timed.DEFAULT_MAX_IN_FLIGHT,
            description = "timed: safety cap on IOs in flight (default ${DEFAULT-VALUE}).")
    int maxInFlight;

    @Option(names = "--qd", paramLabel = "N", description = "fixed-qd: IOs kept outstanding (no default: --mode fixed-qd needs it).")
    Integer qd;

    @Option(names = "--data", paramLabel = "PATTERN", defaultValue = "random",
            description = "Write data: random (default, incompressible, never repeated), zero, or compress:PCT.")
    String data;

    @Option(names = "--fit", paramLabel = "POLICY", defaultValue = "error", completionCandidates = Candidates.Fits.class,
            description = "Offsets past the target: error (default), wrap, or scale.")
    String fit;

    @Option(names = "--stream", paramLabel = "N|MAJOR:MINOR|all",
            description = "Replay only stream (device, volume) N of a multi-device trace (MAJOR:MINOR for a device, as inspect shows"
                    + " block traces' streams), or all of them on disjoint ranges of the target.")
    String stream;

    @Option(names = "--size", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "File target: create it at SIZE, or grow an existing one to SIZE (default: an existing file's size;"
                    + " a new file what the trace reaches). Never with --read-only beyond the file's size.")
    Long size;

    @Option(names = "--read-only",
            description = "Replay reads and flushes only; writes and trims are skipped and counted, and the target is not changed at all.")
    boolean readOnly;

    @Mixin
    EngineOption engineOption;

    @Mixin
    TargetOptions targetOptions;

    @Option(names = "--reap", paramLabel = "HOW", defaultValue = "poll",
            description = "poll (default: polls while the next completion is near, sleeps while it is far off; a completion is stamped when the device finished) or wait (sleep in the kernel).")
    String reap;

    @Option(names = "--on-error", paramLabel = "WHAT", defaultValue = "stop", description = "On an IO error: stop (default) or continue.")
    String onError;

    @Mixin
    ProgressOptions progress;

    @Option(names = "--out", paramLabel = "FILE",
            description = "Write the result as JSON to FILE (atomically; '-' is standard output, and the table goes to stderr).")
    Path out;

    @Option(names = "--json", description = "Print the result as JSON on standard output (the table goes to stderr); with --out, both.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ReplaySettings settings = settings();
        TargetSettings targetSettings = targetOptions.settings().withInputs(List.of(trace));
        if (size != null) {
            targetSettings = targetSettings.withSizeBytes(size, TypedWords.of(spec, "--size"));
        }
        OutputOptions.checkFile("--out", out);
        OutputOptions.checkNotInput("TRACE", trace, new String[] {"--out"}, out);
        Path stdoutJson = OutputOptions.json(json, out);
        PrintWriter stdout = OutputOptions.text(spec, out, stdoutJson);
        ProgressLine line = progress.line(spec);
        if (SysfsBlockDevice.isBlockDevice(trace)) {
            // TRACE and --target swapped: refused for the target first, the way out offered was --allow-write.
            throw SbenchException.usage("TRACE " + trace + " is a block device, not a trace: a device to replay onto goes after"
                    + " --target (sbench replay TRACE --target " + trace + ")");
        }
        // The target is checked before the trace is made or planned (tens of seconds for the largest):
        // a mistyped one was refused only after them.
        try {
            Targets.check(target, targetSettings.withReadOnly(readOnly));
        } catch (SbenchException e) {
            throw refusal(e);
        }
        // A bundled workload is made before the stop signals are taken: a signal while it is made ends
        // sbench at once, as it ends inspect (the cache keeps no part of it); it went unheard for the
        // 30 s destroyer takes, and a result of no IO was written after.
        Path tracePath = TraceOptions.resolve(trace.toString(), line);
        // Open until the result is written: a second signal cannot end the JVM half way.
        try (StopSignals stop = new StopSignals()) {
            stop.noteIgnoredCtrlC(spec.commandLine().getErr(), "");
            ReplayResult result;
            try {
                ReplayProgress replay = ReplayProgress.ofTrace(line, trace.toString());
                result = ReplaySession.run(new ReplaySession.Request(tracePath, traceOptions.from,
                        traceOptions.readOptions().withProgress(replay), target, targetSettings, settings), NanoClock.SYSTEM, replay,
                        stop.control(), SbenchCommand.version(), warning -> line.note(SbenchCommand.stderrLine("warning: " + warning)));
            } catch (SbenchException e) {
                if (e.kind() == ErrorKind.UNSAFE_TARGET) {
                    throw refusal(e);
                }
                line.end();
                return stop.abandoned(e, spec.commandLine().getErr(), "nothing replayed, no result written");
            } finally {
                line.end();
            }
            new TableResultWriter().write(result, stdout);
            try (OutputFiles files = new OutputFiles()) {
                for (Path p : new Path[] {out, stdoutJson}) {
                    if (p != null) {
                        new JsonResults().write(result, p, files);
                    }
                }
                files.commit();
            }
            if (out != null) {
                stdout.println("result   " + out);
            }
            stdout.flush();
            String errors = IoErrorSummary.of(result);
            if (errors != null) {
                SbenchCommand.warn(spec.commandLine().getErr(), errors);
            }
            return ExitCodes.ofRun(stop, result.complete(), result.summary().errors());
        }
    }

    /** {@code e}, or for a refusal to write, one that also names the way to replay without writing. */
    private SbenchException refusal(SbenchException e) {
        if (readOnly || e.kind() != ErrorKind.UNSAFE_TARGET) {
            return e;
        }
        return new SbenchException(ErrorKind.UNSAFE_TARGET, e.getMessage() + "; --read-only replays without writes", e);
    }

    private ReplaySettings settings() {
        if (readOnly && targetOptions.allowWrite) {
            throw SbenchException.usage("--read-only and --allow-write contradict each other");
        }
        // A mode's own options count only when given: their defaults go with every mode.
        CommandLine.ParseResult given = spec.commandLine().getParseResult();
        return ReplaySettings.builder().mode(given.hasMatchedOption("--mode") ? mode : null)
                .maxIdleNs(given.hasMatchedOption("--max-idle") ? maxIdleNs : null)
                .qdFallback(given.hasMatchedOption("--qd-fallback") ? qdFallback : null)
                .speed(given.hasMatchedOption("--speed") ? speed : null)
                .maxInFlight(given.hasMatchedOption("--max-inflight") ? maxInFlight : null)
                .qd(qd).typed(option -> TypedWords.of(spec, option)).data(data).engine(engineOption.engine).fit(fit).stream(stream).readOnly(readOnly).onError(onError).reap(reap)
                .build();
    }
}
