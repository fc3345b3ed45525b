package org.sbench.replay;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.IoEngines;
import org.sbench.result.ReplayResult;
import org.sbench.target.BlockDeviceTarget;
import org.sbench.target.Target;
import org.sbench.trace.TraceInfo;

/**
 * One run of IOs on opened equipment, whatever they come from (a trace file, a bundled workload, a
 * {@code cdm} test pass, a drive-state step): checks that they fit the target, builds the mapper,
 * scheduler, write pattern and recorder ({@link PreparedRun}), runs the {@link Replayer}, and derives the result.
 * The one place a run is assembled.
 */
public final class Run {
    private Run() {
    }

    /**
     * Refuses IOs that reach past the target under {@code --fit error}, naming the capacity needed,
     * streams laid side by side past it under {@code --fit wrap} (wrapped, they would overlap), under
     * any fit an IO longer than the whole target, which no fit places, and an engine that does not
     * serve the target ({@link IoEngines#checkServes}).
     */
    public static void checkFits(TraceSource source, ReplaySettings settings, Target target) {
        IoEngines.checkServes(settings.engine(), target);
        long needed = source.neededBytes();
        if (settings.fit() == FitPolicy.ERROR && needed > target.capacityBytes()) {
            throw SbenchException.usage("the trace reaches byte " + needed + " (" + gb(needed) + "), but " + target.path()
                    + " has " + target.capacityBytes() + " bytes (" + gb(target.capacityBytes())
                    + "); use --fit wrap or --fit scale, or a larger target");
        }
        if (settings.fit() == FitPolicy.WRAP && !source.layout().isNone() && needed > target.capacityBytes()) {
            throw SbenchException.usage("--stream all lays the streams side by side over " + needed + " bytes (" + gb(needed)
                    + "), more than the " + target.capacityBytes() + " bytes of " + target.path()
                    + "; --fit wrap would put streams over each other: use --fit scale or a larger target");
        }
        if (source.largestIoBytes() > target.capacityBytes()) {
            throw SbenchException.usage("the trace has IOs of " + source.largestIoBytes() + " bytes, longer than the whole of "
                    + target.path() + " (" + target.capacityBytes() + " bytes); no --fit places them: use a larger target");
        }
    }

    private static String gb(long bytes) {
        return bytes >= 1e9 ? String.format(Locale.ROOT, "%.2f GB", bytes / 1e9) : String.format(Locale.ROOT, "%.2f MB", bytes / 1e6);
    }

    /**
     * Runs {@code source}'s IOs on {@code target} as {@code settings} say, with an engine opened for
     * them ({@link Equipment#open}) and closed after.
     */
    public static ReplayResult onTarget(TraceSource source, ReplaySettings settings, Target target, IoEngines.Opener engines,
                                        NanoClock clock, ReplayListener listener, ReplayControl control, String sbenchVersion) {
        try (PreparedRun run = prepare(source, settings, target, engines, clock, listener, control, sbenchVersion)) {
            return run.run();
        }
    }

    /**
     * {@link #onTarget}'s run made ready to issue its first IO, the engine opened for it: run it (or not) and close it.
     *
     * @param listener hears when the run's clock starts and how it progresses
     */
    public static PreparedRun prepare(TraceSource source, ReplaySettings settings, Target target, IoEngines.Opener engines,
                                      NanoClock clock, ReplayListener listener, ReplayControl control, String sbenchVersion) {
        checkFits(source, settings, target);
        Equipment equipment = Equipment.open(engines, settings.engine(), target, settings.mode().depth(source.recordedMaxQd()),
                source.largestIoBytes(), clock);
        try {
            return new PreparedRun(source, settings, equipment, true, clock, listener, control, sbenchVersion);
        } catch (RuntimeException | Error e) {
            equipment.engine().close();
            throw e;
        }
    }

    /**
     * Runs {@code source}'s IOs on {@code equipment} as {@code settings} say, to their end or until
     * {@code control} stops them.
     *
     * @param listener hears when the run's clock starts and how it progresses
     */
    public static ReplayResult execute(TraceSource source, ReplaySettings settings, Equipment equipment, NanoClock clock,
                                       ReplayListener listener, ReplayControl control, String sbenchVersion) {
        try (PreparedRun run = new PreparedRun(source, settings, equipment, false, clock, listener, control, sbenchVersion)) {
            return run.run();
        }
    }

    /**
     * {@code result}, unless a stop asked of {@code control} (Ctrl-C, SIGTERM: a planned end is complete) came
     * before its first IO was issued: then an {@link ErrorKind#INTERRUPTED} failure, "REASON before the
     * first IO of WHAT", as when the planning pass is abandoned. A result of no IO says nothing of the
     * drive, and a run that issued none is not written as one; one whose IOs all failed is (its errors).
     */
    public static ReplayResult begun(ReplayResult result, ReplayControl control, String what) {
        control.checkBegun(result.complete() || result.fidelity().issued() > 0, "the first IO of " + what);
        return result;
    }

    /**
     * The IOs a run of {@code source} issues if it runs to the end: a read-only run leaves out its writes
     * and trims. {@link Replayer#UNBOUNDED} when not known.
     */
    static long issued(TraceSource source, ReplaySettings settings, ReplayControl control) {
        long all = source.plannedIos();
        long leftOut = settings.readOnly() ? source.writesAndTrims(settings.mode(), control) : 0;
        return all == Replayer.UNBOUNDED || leftOut == Replayer.UNBOUNDED ? Replayer.UNBOUNDED : all - leftOut;
    }

    /** Runs {@code replayer} on this thread with its timer slack at 1 ns ({@link TimerSlack}), put back after. */
    static Replayer.Outcome withPreciseTimers(Replayer replayer) {
        TimerSlack slack = TimerSlack.precise();
        try {
            return replayer.run();
        } finally {
            slack.close();
        }
    }

    /** The settings as the result states them; {@code info} names the stream replayed as inspect names it. */
    static ReplayResult.Settings settingsResult(ReplaySettings s, Equipment equipment, TraceInfo info) {
        ReplayMode mode = s.mode();
        Integer qd = mode instanceof ReplayMode.FixedQd f ? f.qd() : null;
        long maxIdleNs = mode instanceof ReplayMode.RecordedQd r ? r.maxIdleNs() : 0;
        Double speed = mode instanceof ReplayMode.Timed t ? t.speed() : null;
        Integer fallback = mode instanceof ReplayMode.RecordedQd r && r.fallbackQd() > 0 ? r.fallbackQd() : null;
        return new ReplayResult.Settings(mode.word(), qd, maxIdleNs, speed, s.data(), equipment.engine().name(),
                equipment.engineNote(), equipment.engine().discards(), s.fit().word(), s.stream() < 0 ? null : s.stream(),
                streamName(s.stream(), info), fallback, s.readOnly(),
                equipment.target().describe().get(BlockDeviceTarget.KEY_NOMERGES), s.onError().name().toLowerCase(Locale.ROOT),
                s.reap());
    }

    /** The stream replayed as the result names it: as inspect names it, "all", or null when the trace has one. */
    private static String streamName(int stream, TraceInfo info) {
        if (stream == ReplaySettings.ALL_STREAMS) {
            return ReplayResult.Settings.ALL_STREAMS;
        }
        return stream < 0 ? null : info.streamName(stream);
    }

    /** The machine the run ran on. */
    public static ReplayResult.Host host() {
        return new ReplayResult.Host(firstLine(Path.of("/proc/sys/kernel/osrelease"), null), cpuModel(),
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
    }

    private static String cpuModel() {
        try (var lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).strip())
                    .findFirst().orElse(System.getProperty("os.arch"));
        } catch (java.io.IOException | java.io.UncheckedIOException e) {
            return System.getProperty("os.arch");
        }
    }

    private static String firstLine(Path p, String fallback) {
        try {
            return Files.readAllLines(p).get(0).strip();
        } catch (java.io.IOException | IndexOutOfBoundsException e) {
            return fallback;
        }
    }
}
