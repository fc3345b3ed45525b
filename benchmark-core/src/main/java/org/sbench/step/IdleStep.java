package org.sbench.step;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.sbench.SbenchException;
import org.sbench.generate.RandomTraceReader;
import org.sbench.generate.SequentialTraceReader;
import org.sbench.replay.GeneratedSource;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.Replayer;
import org.sbench.replay.TimerSlack;
import org.sbench.target.Target;
import org.sbench.trace.Op;
import org.sbench.trace.TraceReader;

/**
 * Idle time for a drive to recover by its own garbage collection ({@code sbench idle}): nothing is
 * issued for {@code duration} in all, except a short fixed probe at the start and after each
 * {@code probe} of idle time (and at the end when the duration is no whole number of intervals),
 * each probe a run named by the idle time before it ({@code probe-0}, {@code probe-5m}): by default 5 s of 4 KiB random writes at QD 32 over the whole target. Probe time
 * does not count as idle; idle time is from the last completion of a probe's IOs to the first issue of the next. A stop
 * (Ctrl-C) ends the wait at once. {@code probe-test none} only waits.
 */
public final class IdleStep implements Step {
    public static final String KIND = "idle";
    /** The PCMark 8 recovery round's idle time. */
    public static final long DEFAULT_PROBE_INTERVAL_NS = 5 * 60_000_000_000L;
    public static final String DEFAULT_PROBE_TEST = "randwrite";
    public static final long DEFAULT_PROBE_NS = 5_000_000_000L;
    public static final long DEFAULT_PROBE_BLOCK_BYTES = 4096;
    public static final int DEFAULT_PROBE_QD = 32;
    /** The probe's IO options are {@code probe-bs} and {@code probe-qd}. */
    private static final String PROBE_PREFIX = "probe-";
    /** The probe tests, as fio names its workloads; {@code none} probes nothing. */
    static final List<String> PROBE_TESTS = List.of("randwrite", "randread", "write", "read", "none");
    /** The names of its options, without dashes. */
    public static final List<String> OPTIONS = List.of("duration", "probe", "probe-test", "probe-duration", "probe-bs", "probe-qd", "data",
            "engine");
    /** Each probe is a run whose result the step holds: a thousand is the most, as a sweep's points. */
    public static final int MAX_PROBES = 1000;
    /** How often a wait looks at its control: a stop ends it within this. */
    private static final long WAIT_SLICE_NS = 50_000_000L;
    private static final long PROGRESS_EVERY_NS = 1_000_000_000L;

    private final long durationNs;
    private final long probeIntervalNs;
    private final String probeTest;
    private final long probeNs;
    private final StepIo probe;

    /** An idle period, validated (usage errors naming the option). */
    private IdleStep(long durationNs, long probeIntervalNs, String probeTest, long probeNs, StepIo probe) {
        if (durationNs <= 0) {
            throw SbenchException.usage("idle needs --duration D above 0 (e.g. 30m)");
        }
        if (probeIntervalNs <= 0 || probeIntervalNs > durationNs) {
            throw SbenchException.usage("--probe must be above 0 and at most --duration (" + StepOptions.durationWord(durationNs)
                    + "), found " + StepOptions.durationWord(probeIntervalNs));
        }
        if (!PROBE_TESTS.contains(probeTest)) {
            throw SbenchException.usage("--probe-test takes " + StepOptions.alternatives(PROBE_TESTS) + ", found "
                    + SbenchException.quoted(probeTest));
        }
        if (probeNs <= 0) {
            throw SbenchException.usage("--probe-duration must be above 0, found " + StepOptions.durationWord(probeNs));
        }
        long probes = probeCount(durationNs, probeIntervalNs);
        if (!probeTest.equals("none") && probes > MAX_PROBES) {
            throw SbenchException.usage("--probe " + StepOptions.durationWord(probeIntervalNs) + " over --duration "
                    + StepOptions.durationWord(durationNs) + " makes " + probes + " probes, at most " + MAX_PROBES
                    + ": give a longer --probe");
        }
        this.durationNs = durationNs;
        this.probeIntervalNs = probeIntervalNs;
        this.probeTest = probeTest;
        this.probeNs = probeNs;
        this.probe = probe;
    }

    /** An idle period from options as users write them ({@code duration: 30m, probe: 5m, probe-test: randwrite}). */
    public static IdleStep of(Map<String, String> options) {
        StepOptions o = StepOptions.of(KIND, options, OPTIONS);
        long durationNs = o.durationNs("duration", 0);
        return new IdleStep(durationNs, o.durationNs("probe", defaultProbeNs(durationNs)),
                o.word("probe-test", DEFAULT_PROBE_TEST, PROBE_TESTS), o.durationNs("probe-duration", DEFAULT_PROBE_NS),
                StepIo.of(o, PROBE_PREFIX, DEFAULT_PROBE_BLOCK_BYTES, DEFAULT_PROBE_QD));
    }

    /** The probe interval when none is given: {@link #DEFAULT_PROBE_INTERVAL_NS}, or the whole duration when shorter. */
    private static long defaultProbeNs(long durationNs) {
        return Math.min(DEFAULT_PROBE_INTERVAL_NS, Math.max(durationNs, 1));
    }

    /**
     * The probe interval of a step written with {@code options} but no {@code probe}, as written: so
     * that a scenario's {@code --scale} shortens it with the duration it follows.
     */
    public static String defaultProbe(Map<String, String> options) {
        String duration = options.get("duration");
        try {
            return duration != null && defaultProbeNs(OptionWords.durationNs(null, duration)) < DEFAULT_PROBE_INTERVAL_NS ? duration
                    : StepOptions.durationWord(DEFAULT_PROBE_INTERVAL_NS);
        } catch (SbenchException notADuration) {
            // The step's factory refuses the duration, naming its line.
            return StepOptions.durationWord(DEFAULT_PROBE_INTERVAL_NS);
        }
    }

    private boolean probes() {
        return !probeTest.equals("none");
    }

    /** Its probes are its IOs: {@code probe-test none} only waits. */
    @Override
    public boolean issuesIo() {
        return probes();
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String label() {
        return "idle " + StepOptions.durationWord(durationNs) + (probes() ? ", " + probeTest + " probe every "
                + StepOptions.durationWord(probeIntervalNs) : "");
    }

    @Override
    public Map<String, String> options() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("duration", StepOptions.durationWord(durationNs));
        m.put("probe-test", probeTest);
        if (probes()) {
            m.put("probe", StepOptions.durationWord(probeIntervalNs));
            m.put("probe-duration", StepOptions.durationWord(probeNs));
            probe.putOptions(m, writes());
        }
        return m;
    }

    @Override
    public boolean writes() {
        return probeTest.endsWith("write");
    }

    /** How many probes {@link #probeTimes} holds: at 0, after each whole interval, and at the end when that is no whole interval. */
    private static long probeCount(long durationNs, long probeIntervalNs) {
        return 1 + durationNs / probeIntervalNs + (durationNs % probeIntervalNs == 0 ? 0 : 1);
    }

    /** Idle times (ns into the idle period) at which the probes run: 0, each whole interval, and the end. */
    List<Long> probeTimes() {
        List<Long> at = new ArrayList<>();
        for (long t = 0; t <= durationNs; t += probeIntervalNs) {
            at.add(t);
        }
        if (at.get(at.size() - 1) < durationNs) {
            at.add(durationNs);
        }
        return at;
    }

    @Override
    public void checkFits(Target target, ReplayControl control) {
        probeRegionBytes(target);
    }

    /** The bytes of {@code target} the probes' IOs go to: whole probe blocks, checked. */
    private long probeRegionBytes(Target target) {
        probe.checkFits(target);
        long regionBytes = target.capacityBytes() / probe.blockBytes() * probe.blockBytes();
        if (probes() && regionBytes == 0) {
            throw SbenchException.usage(probe.bsQuoted() + " is larger than " + target.path());
        }
        return regionBytes;
    }

    @Override
    public StepResult run(StepContext context) {
        long regionBytes = probeRegionBytes(context.target());
        try (StepRuns runs = new StepRuns(context, this)) {
            if (probes()) {
                probe(context, runs, regionBytes);
            } else {
                idle(context, runs, 0, durationNs, context.clock().nanoTime(), () -> { });
            }
            runs.flushWrites("the idle step's probes");
            return runs.result(0, null, null, null);
        }
    }

    /**
     * The probes and the waits between them. Idle time runs from the last completion of a probe's IOs to the first issue
     * of the next: the next probe is made ready (its engine opened, its warm-up done) during the wait and its line shown
     * before the wait ends, and the wait counts from the completion, not from the end of the run's result.
     */
    private void probe(StepContext context, StepRuns runs, long regionBytes) {
        List<Long> at = probeTimes();
        for (int i = 0; i < at.size() && runs.goOn(); i++) {
            String after = StepOptions.durationWord(at.get(i));
            try (StepRuns.Prepared next = runs.prepareFor("probe-" + after, "probe " + (i + 1) + " of " + at.size() + " (after "
                    + after + " idle)", probeNs, source(regionBytes, i, context.seed() + i), probe.settings(context.seed() + i))) {
                if (i > 0) {
                    idle(context, runs, at.get(i - 1), at.get(i), runs.lastIoEndNs(), next::announce);
                }
                if (runs.goOn()) {
                    next.run();
                }
            }
        }
    }

    /**
     * Waits from {@code fromNs} to {@code toNs} of idle time, the idle time from {@code fromNs} counted from
     * {@code sinceNs} on the context's clock, telling the listener how far it is. Its first slice of waiting
     * begins the step ({@link StepRuns#began}); a stop ends it. The last slice shows the wait done first, then runs
     * {@code beforeEnd} (the next probe's line) and ends at the deadline as a timed replay's IO does
     * ({@link NanoClock#waitUntil}, precise timers): a sleep to the deadline woke 0.1-2 ms past it, and the progress and
     * the line printed after it delayed the probe's first IO further.
     */
    private void idle(StepContext context, StepRuns runs, long fromNs, long toNs, long sinceNs, Runnable beforeEnd) {
        NanoClock clock = context.clock();
        long deadlineNs = sinceNs + (toNs - fromNs);
        long nextProgressNs = clock.nanoTime();
        while (true) {
            long nowNs = clock.nanoTime();
            long idledNs = fromNs + (nowNs - sinceNs);
            // Looked at before the progress is shown: a stop that comes once the wait is shown falls in its first slice.
            if (idledNs < toNs && !runs.goOn()) {
                return;
            }
            boolean last = deadlineNs - nowNs <= WAIT_SLICE_NS;
            if (nowNs >= nextProgressNs || last) {
                // The last is shown as done: once it is, nothing is left but the deadline.
                context.listener().progress("idle", StepListener.Work.TIME, last ? toNs : idledNs, durationNs,
                        last ? Math.max(idledNs, toNs) : idledNs);
                nextProgressNs = nowNs + PROGRESS_EVERY_NS;
            }
            if (last) {
                // Not for a probe a stop asked while the wait was shown prevents (the first look can be the last slice).
                if (!context.control().stopRequested()) {
                    beforeEnd.run();
                }
                TimerSlack slack = TimerSlack.precise();
                try {
                    clock.waitUntil(deadlineNs);
                } finally {
                    slack.close();
                }
                runs.began();
                return;
            }
            LockSupport.parkNanos(Math.min(WAIT_SLICE_NS, deadlineNs - WAIT_SLICE_NS - nowNs));
            // Time the drive was left alone is what the step does: a stop from now on records it incomplete.
            runs.began();
        }
    }

    private GeneratedSource source(long regionBytes, int index, long seed) {
        boolean random = probeTest.startsWith("rand");
        Op op = writes() ? Op.WRITE : Op.READ;
        String name = "idle probe " + index;
        // Probes are defined alike (seeds aside), so that compare takes them as one trace.
        String definition = "idle probe: " + probeTest + " of " + probe.blockBytes() + " B at QD " + probe.qd() + " over the target for "
                + StepOptions.durationWord(probeNs);
        return new GeneratedSource(name, KIND, definition, () -> reader(name, random, op, regionBytes, seed), Replayer.UNBOUNDED,
                regionBytes, probe.blockBytes());
    }

    private TraceReader reader(String name, boolean random, Op op, long regionBytes, long seed) {
        return random ? new RandomTraceReader(name, op, regionBytes, probe.blockBytes(), Long.MAX_VALUE, seed)
                : new SequentialTraceReader(name, op, regionBytes, probe.blockBytes(), Long.MAX_VALUE);
    }
}
