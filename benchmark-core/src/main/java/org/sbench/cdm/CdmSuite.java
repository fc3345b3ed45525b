package org.sbench.cdm;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.IoEngines;
import org.sbench.generate.RandomTraceReader;
import org.sbench.generate.SequentialTraceReader;
import org.sbench.replay.Equipment;
import org.sbench.replay.GeneratedSource;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.ReplayListener;
import org.sbench.replay.ReplaySettings;
import org.sbench.replay.Replayer;
import org.sbench.replay.Run;
import org.sbench.replay.TimeLimits;
import org.sbench.result.IoErrorSummary;
import org.sbench.result.ReplayResult;
import org.sbench.target.StripedTarget;
import org.sbench.target.Target;
import org.sbench.target.TargetSafety;
import org.sbench.target.TargetSettings;
import org.sbench.target.Targets;
import org.sbench.trace.Op;
import org.sbench.trace.TraceReader;

/**
 * The whole of {@code sbench cdm} below the command line: opens the target as a replay does (same
 * safety checks), and for each data pattern fills the test region with it by one sequential write
 * pass (not measured: reads of never-written file extents or thin-provisioned blocks would not touch
 * the disk), then runs each test's passes, reads then writes, each a generated trace through the
 * replay engine at the test's queue depth, keeping the best pass (a preset's warm-up passes run
 * first and are not scored, as CrystalDiskMark 3's "Preparing..." pass). A time-limited pass is ended by a
 * timer thread through its {@link ReplayControl}; the caller's control (Ctrl-C) stops the suite, and
 * so does a pass with an IO error (as {@code replay --on-error stop}), through that control.
 */
public final class CdmSuite {
    private static final int FILL_BLOCK_BYTES = 1024 * 1024;
    private static final int FILL_QD = 8;
    private static final String FILL_NAME = "cdm fill";
    /** The "format" of generated traces, in results. */
    static final String FORMAT = "cdm";
    private static final long MIB = 1024 * 1024;

    private CdmSuite() {
    }

    /**
     * Where to run the suite, with which target options, and how. The suite opens the target
     * writable; a file it creates (or the null target) gets the test region's size, an existing
     * file keeps its own unless the options give a size ({@code --size}).
     *
     * @param sizeTyped {@code --size} as the user typed it, for refusals to quote; null when not typed
     */
    public record Request(String target, TargetSettings targetSettings, CdmSettings settings, String sizeTyped) {
        public Request(String target, TargetSettings targetSettings, CdmSettings settings) {
            this(target, targetSettings, settings, null);
        }
    }

    public static CdmResults run(Request request, NanoClock clock, CdmListener listener, ReplayControl control,
                                 String sbenchVersion) {
        return run(request, clock, listener, control, sbenchVersion, IoEngines::open);
    }

    static CdmResults run(Request request, NanoClock clock, CdmListener listener, ReplayControl control, String sbenchVersion,
                          IoEngines.Opener engines) {
        CdmSettings s = request.settings();
        TargetSettings ts = request.targetSettings().withReadOnly(false).withSendsDiscards(false).withDefaultSizeBytes(s.sizeBytes(),
                "cdm's test region");
        Target target = Targets.open(request.target(), ts);
        return Targets.measure(target, () -> {
            checkFits(target, s, request.sizeTyped());
            return measured(onTarget(target, s, clock, listener, control, sbenchVersion, engines), control, target);
        }, CdmResults::complete);
    }

    /**
     * {@code results}, unless a stop asked of {@code control} (Ctrl-C, SIGTERM) came before a pass ended
     * (in the fill, or in a first pass, which a stop leaves out): then an {@link ErrorKind#INTERRUPTED}
     * failure, "REASON before cdm measured a pass on TARGET", as a replay stopped before its first IO
     * ({@link Run#begun}). A grid of no test says nothing of the drive; a pass that failed IOs is kept.
     */
    private static CdmResults measured(CdmResults results, ReplayControl control, Target target) {
        control.checkBegun(!results.entries().isEmpty() || results.failedPass() != null, "cdm measured a pass on " + target.path());
        return results;
    }

    /**
     * Runs the suite on {@code target}, opened (writable) and closed by the caller: a scenario's
     * target, or the one {@link #run} opens. Refuses (usage error) a test region larger than the target.
     */
    public static CdmResults onTarget(Target target, CdmSettings s, NanoClock clock, CdmListener listener, ReplayControl control,
                                      String sbenchVersion, IoEngines.Opener engines) {
        long regionBytes = regionBytes(target, s, null);
        try (TimeLimits timer = new TimeLimits("sbench-cdm-timer")) {
            return new SuiteRun(target, regionBytes, s, clock, listener, control, sbenchVersion, timer, engines).all();
        }
    }

    /**
     * Refuses (usage error) a suite that cannot run on {@code target}: a test region larger than it (quoting
     * {@code sizeTyped}, the size as typed, when not null), an engine that does not serve it; returns the test region's bytes.
     */
    public static long checkFits(Target target, CdmSettings s, String sizeTyped) {
        IoEngines.checkServes(s.engine(), target);
        return regionBytes(target, s, sizeTyped);
    }

    /**
     * The suite's test region on {@code target}: whole MiB of its size; a usage error when larger than the target, naming the
     * preset's default as such (it said "--size" of a size not given), a size typed as {@code sizeTyped} (when not null) as
     * typed, and the largest region that fits.
     */
    public static long regionBytes(Target target, CdmSettings s, String sizeTyped) {
        long regionBytes = s.sizeBytes() / MIB * MIB;
        if (regionBytes > target.capacityBytes()) {
            String size = sizeTyped != null ? "--size " + sizeTyped
                    : s.sizeBytes() == s.preset().defaultSizeBytes()
                    ? s.sizeBytes() + " bytes, cdm " + s.preset().word() + "'s default --size"
                    : "--size " + s.sizeBytes() + " bytes";
            long fitsMib = target.capacityBytes() / MIB;
            throw SbenchException.usage("the test region (" + size + ") is larger than " + target.path() + " ("
                    + target.capacityBytes() + " bytes): "
                    + (fitsMib > 0 ? "give --size " + fitsMib + "M or less" : "it holds no 1 MiB IO, the least a test region holds"));
        }
        return regionBytes;
    }

    /** One run's state: the opened target, the results so far. */
    private static final class SuiteRun {
        private final Target target;
        private final long regionBytes;
        private final CdmSettings s;
        private final NanoClock clock;
        private final CdmListener listener;
        private final ReplayControl control;
        private final String sbenchVersion;
        private final TimeLimits timer;
        private final IoEngines.Opener engines;
        private final List<CdmResults.Entry> entries = new ArrayList<>();
        private long errors;
        /** Runs given a seed of write data so far: each run (fill or pass) writes from a seed of its own. */
        private long dataSeeds;
        private ReplayResult failedPass;
        private String engineName = "";

        SuiteRun(Target target, long regionBytes, CdmSettings s, NanoClock clock, CdmListener listener, ReplayControl control,
            String sbenchVersion, TimeLimits timer, IoEngines.Opener engines) {
            this.target = target;
            this.regionBytes = regionBytes;
            this.s = s;
            this.clock = clock;
            this.listener = listener;
            this.control = control;
            this.sbenchVersion = sbenchVersion;
            this.timer = timer;
            this.engines = engines;
        }

        CdmResults all() {
            String stopped = null;
            outer:
            for (String data : s.data()) {
                listener.filling(data, regionBytes);
                fill(data);
                if (control.stopRequested()) {
                    stopped = control.stopReason();
                    break;
                }
                for (CdmTest test : s.preset().tests()) {
                    try (Opened e = open(test.qd(), test.blockBytes())) {
                        for (Op op : new Op[] {Op.READ, Op.WRITE}) {
                            if (!passes(e.equipment(), test, op, data)) {
                                stopped = control.stopReason();
                                break outer;
                            }
                        }
                    }
                }
            }
            String geometry = target.stripe() != null ? TargetSafety.decimalSize(target.capacityBytes()) + " usable: "
                    + target.describe().get(StripedTarget.KEY_STRIPE) : null;
            return new CdmResults(s, target.path(), target.kind(), geometry, regionBytes, engineName, entries, errors, stopped, failedPass);
        }

        /** Runs the passes of one test, op and data; false when the suite was stopped. */
        private boolean passes(Equipment c, CdmTest test, Op op, String data) {
            ReplayResult best = null;
            List<Double> mbps = new ArrayList<>();
            for (int pass = 1 - s.preset().warmUpPasses(); pass <= s.passes(); pass++) {
                long count = s.timed() ? Long.MAX_VALUE : SequentialTraceReader.sweep(regionBytes, test.blockBytes());
                long offsetSeed = s.seed() + pass;
                String name = "cdm " + s.preset().word() + " " + test.label() + " " + op.name().toLowerCase(Locale.ROOT);
                TraceReader trace = test.sequential()
                        ? new SequentialTraceReader(name, op, regionBytes, test.blockBytes(), count)
                        : new RandomTraceReader(name, op, regionBytes, test.blockBytes(), count, offsetSeed);
                // Each pass of a test is defined alike (seeds aside), so that compare takes them as one trace.
                String definition = name + ", " + (test.sequential() ? "sequential" : "random") + " " + test.blockBytes()
                        + " B at QD " + test.qd() + " over " + regionBytes + " B, "
                        + (s.timed() ? "for " + s.durationNs() + " ns" : "one sweep of the region");
                ReplayListener progress = listener.passProgress(test, op, data, pass, s.passes());
                ReplayResult r = timedPass(c, new GeneratedSource(name, FORMAT, definition, () -> trace, s.timed() ? Replayer.UNBOUNDED : count,
                        regionBytes, test.blockBytes()), test.qd(), data, nextDataSeed(), progress);
                errors += r.summary().errors();
                boolean scored = pass >= 1;
                if (scored) {
                    mbps.add(r.summary().mbps());
                }
                if (r.summary().errors() > 0) {
                    failedPass = r;
                    // As replay --on-error stop: a drive that fails IOs is not measured further.
                    control.requestStop("IO error in " + test.label() + " " + op.name().toLowerCase(Locale.ROOT) + " pass " + pass);
                }
                if (control.stopRequested()) {
                    // The stopped pass is partial: keep only the passes that ran to their end, and say the test's result is
                    // the best of fewer passes than asked for (compare then takes it as incomplete).
                    if (scored) {
                        mbps.remove(mbps.size() - 1);
                    }
                    if (best != null) {
                        entries.add(new CdmResults.Entry(test, op, data, best.withStop(control.stopReason() + " after " + mbps.size()
                                + " of " + s.passes() + " passes; the best of those"), mbps));
                    }
                    return false;
                }
                listener.passDone(test, op, data, pass, s.passes(), r);
                if (scored && (best == null || r.summary().mbps() > best.summary().mbps())) {
                    best = r;
                }
            }
            entries.add(new CdmResults.Entry(test, op, data, best, mbps));
            return true;
        }

        private ReplayResult timedPass(Equipment c, GeneratedSource source, int qd, String data, long dataSeed, ReplayListener progress) {
            ReplayControl pass = control.child();
            if (!s.timed()) {
                return pass(c, source, qd, data, dataSeed, pass, progress);
            }
            // Counted from the replay's clock start, so that its warm-up does not count.
            try (TimeLimits.Limit limit = timer.limit(pass, s.durationNs(), "time limit " + CdmGrid.duration(s.durationNs()),
                    progress)) {
                return pass(c, source, qd, data, dataSeed, pass, limit);
            }
        }

        /** One pass: the generated IOs at a fixed depth, as a replay of them. */
        private ReplayResult pass(Equipment c, GeneratedSource source, int qd, String data, long dataSeed, ReplayControl pass,
                                  ReplayListener passListener) {
            ReplaySettings settings = ReplaySettings.DEFAULTS.withFixedQd(qd).withData(data).withSeed(dataSeed);
            return Run.execute(source, settings, c, clock, passListener, pass, sbenchVersion);
        }

        private void fill(String data) {
            try (Opened e = open(FILL_QD, FILL_BLOCK_BYTES)) {
                long count = SequentialTraceReader.sweep(regionBytes, FILL_BLOCK_BYTES);
                TraceReader trace = new SequentialTraceReader(FILL_NAME, Op.WRITE, regionBytes, FILL_BLOCK_BYTES, count);
                GeneratedSource source = new GeneratedSource(FILL_NAME, FORMAT, "fill " + regionBytes + " B", () -> trace, count,
                        regionBytes, FILL_BLOCK_BYTES);
                ReplayResult r = pass(e.equipment(), source, FILL_QD, data, nextDataSeed(), control.child(), listener.fillProgress(data));
                listener.filled(data, r);
                if (r.summary().errors() > 0) {
                    throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "filling the test region of " + target.path() + " with "
                            + data + " data failed: " + IoErrorSummary.of(r));
                }
            }
            int rc = target.flush();
            if (rc < 0) {
                throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "flushing " + target.path()
                        + " after filling the test region failed: errno " + -rc);
            }
        }

        /**
         * The seed of the next run's write data. The data of write N of a run depends on its seed and N alone, so runs
         * seeded by their pass number wrote the same bytes: a second test's pass over the bytes and offsets of the first's,
         * v3's warm-up pass over the fill's.
         */
        private long nextDataSeed() {
            return s.seed() + dataSeeds++;
        }

        private Opened open(int depth, int blockBytes) {
            Equipment equipment = Equipment.open(engines, s.engine(), target, depth, blockBytes, clock);
            engineName = equipment.engine().name();
            return new Opened(equipment);
        }
    }

    /** An engine opened for some passes, closed after them. */
    private record Opened(Equipment equipment) implements AutoCloseable {
        @Override
        public void close() {
            equipment.engine().close();
        }
    }
}
