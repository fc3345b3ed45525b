package org.sbench.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.replay.FitPolicy;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayListener;
import org.sbench.replay.ReplayMode;
import org.sbench.replay.ReplaySession;
import org.sbench.replay.ReplaySettings;
import org.sbench.replay.Replayer;
import org.sbench.result.JsonResults;
import org.sbench.result.ReplayResult;
import org.sbench.result.TableResultWriter;
import org.sbench.target.TargetSettings;
import org.sbench.trace.IoRecord;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code sbench replay TRACE --target T}: replays a trace and reports it the way drive reviews do. */
@Command(name = "replay", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Replay a trace against a block device, a file or 'null' and report IOPS, MB/s, disk-busy time and latency.",
            "A replay with writes destroys data on a block device: it needs --allow-write (and --force over a filesystem)."})
final class ReplayCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "TRACE", description = "Trace file (any format inspect reads; not a pipe, which cannot be read twice: convert it first) or a bundled"
            + " workload (sbench traces).")
    String trace;

    @Option(names = "--target", required = true, paramLabel = "TARGET",
            description = "A block device (/dev/sdX, /dev/nvme0n1, /dev/loopN), a file (created or grown to --size), or null.")
    String target;

    @Mixin
    TraceOptions traceOptions;

    @Option(names = "--mode", paramLabel = "MODE", defaultValue = "recorded-qd",
            description = "recorded-qd (default: the recorded queue depth, idle capped), timed, or fixed-qd.")
    String mode;

    @Option(names = "--max-idle", paramLabel = "DURATION", converter = DurationConverter.class, defaultValue = "25ms",
            description = "recorded-qd: longest idle gap replayed (default ${DEFAULT-VALUE}; 0 removes idle).")
    long maxIdleNs;

    @Option(names = "--qd-fallback", paramLabel = "N", defaultValue = "0",
            description = "recorded-qd: depth for IOs without a recorded one.")
    int qdFallback;

    @Option(names = "--speed", paramLabel = "X", defaultValue = "1.0", description = "timed: replay X times faster.")
    double speed;

    @Option(names = "--max-inflight", paramLabel = "N", defaultValue = "" + ReplaySettings.DEFAULT_TIMED_MAX_IN_FLIGHT,
            description = "timed: safety cap on IOs in flight (default ${DEFAULT-VALUE}).")
    int maxInFlight;

    @Option(names = "--qd", paramLabel = "N", description = "fixed-qd: IOs kept outstanding.")
    Integer qd;

    @Option(names = "--data", paramLabel = "PATTERN", defaultValue = "random",
            description = "Write data: random (default, incompressible, never repeated), zero, or compress:PCT.")
    String data;

    @Option(names = "--fit", paramLabel = "POLICY", defaultValue = "error",
            description = "Offsets past the target: error (default), wrap, or scale.")
    String fit;

    @Option(names = "--stream", paramLabel = "N|MAJOR:MINOR|all",
            description = "Replay only stream (device, volume) N of a multi-device trace (MAJOR:MINOR for a device, as inspect shows"
                    + " block traces' streams), or all of them on disjoint ranges of the target.")
    String stream;

    @Option(names = "--size", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "File target: create or grow it to SIZE (default: what the trace needs).")
    Long size;

    @Option(names = "--read-only", description = "Replay reads only; writes and trims are skipped and counted.")
    boolean readOnly;

    @Mixin
    TargetOptions targetOptions;

    @Option(names = "--reap", paramLabel = "HOW", defaultValue = "poll",
            description = "poll (default: one core busy; a completion is stamped when the device finished) or wait (sleep in the kernel).")
    String reap;

    @Option(names = "--on-error", paramLabel = "WHAT", defaultValue = "stop", description = "On an IO error: stop (default) or continue.")
    String onError;

    @Option(names = "--progress", description = "Print a progress line on stderr even when it is not a terminal.")
    boolean progress;

    @Option(names = "--out", paramLabel = "FILE.json", description = "Write the result as JSON (atomically).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        ReplaySettings settings = settings();
        TargetSettings targetSettings = targetOptions.settings();
        if (size != null) {
            targetSettings = targetSettings.withSizeBytes(size);
        }
        ReplayResult result;
        try (StopSignals stop = new StopSignals()) {
            result = ReplaySession.run(new ReplaySession.Request(TraceOptions.resolve(trace), traceOptions.from, traceOptions.readOptions(), target,
                    targetSettings, settings), NanoClock.SYSTEM, listener(), stop.control(), SbenchCommand.version());
        } catch (SbenchException e) {
            throw readOnly || e.kind() != ErrorKind.UNSAFE_TARGET ? e : offeringReadOnly(e);
        }
        PrintWriter stdout = spec.commandLine().getOut();
        new TableResultWriter().write(result, stdout);
        if (out != null) {
            new JsonResults().write(result, out);
            stdout.println("result   " + out);
        }
        stdout.flush();
        return ExitCodes.ofRun(result.stopReason(), result.summary().errors());
    }

    /** A refusal to write also names the way to replay without writing. */
    private static SbenchException offeringReadOnly(SbenchException refusal) {
        return new SbenchException(ErrorKind.UNSAFE_TARGET, refusal.getMessage() + "; --read-only replays without writes", refusal);
    }

    private ReplaySettings settings() {
        ReplaySettings s = ReplaySettings.DEFAULTS;
        switch (ReplayMode.of(mode)) {
            case TIMED:
                if (!(speed > 0)) {
                    throw SbenchException.usage("--speed must be above 0, found " + speed);
                }
                if (maxInFlight < 1) {
                    throw SbenchException.usage("--max-inflight must be at least 1, found " + maxInFlight);
                }
                s = s.withTimed(speed, maxInFlight);
                break;
            case FIXED_QD:
                if (qd == null || qd < 1) {
                    throw SbenchException.usage("--mode fixed-qd needs --qd N (N at least 1)");
                }
                s = s.withFixedQd(qd);
                break;
            default:
                if (qdFallback < 0) {
                    throw SbenchException.usage("--qd-fallback must be 0 or more, found " + qdFallback);
                }
                s = s.withRecordedQd(maxIdleNs, qdFallback);
        }
        if (qd != null && ReplayMode.of(mode) != ReplayMode.FIXED_QD) {
            throw SbenchException.usage("--qd goes with --mode fixed-qd; recorded-qd uses the trace's depth (--qd-fallback for IOs without one)");
        }
        int streamId = streamId();
        if (readOnly && targetOptions.allowWrite) {
            throw SbenchException.usage("--read-only and --allow-write contradict each other");
        }
        Replayer.OnError errors;
        try {
            errors = Replayer.OnError.valueOf(onError.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw SbenchException.usage("--on-error takes stop or continue, found '" + onError + "'");
        }
        if (!reap.equals("poll") && !reap.equals("wait")) {
            throw SbenchException.usage("--reap takes poll or wait, found '" + reap + "'");
        }
        return s.withData(data).withEngine(targetOptions.engine).withOnError(errors).withPollCompletions(reap.equals("poll"))
                .withMapping(FitPolicy.of(fit), streamId, readOnly);
    }

    private int streamId() {
        if (stream == null) {
            return IoRecord.NO_STREAM;
        }
        if (stream.equals("all")) {
            return ReplaySettings.ALL_STREAMS;
        }
        return StreamArgument.parse(stream, true);
    }

    private ReplayListener listener() {
        if (!progress && System.console() == null) {
            return ReplayListener.NONE;
        }
        PrintWriter err = spec.commandLine().getErr();
        return new ProgressLine(err);
    }
}
