package org.sbench.replay;

import org.sbench.trace.IoRecord;

/**
 * Everything a user chooses about a replay, with the defaults in one place ({@link #DEFAULTS}).
 * Immutable; the {@code with*} methods return changed copies. The CLI is one way to fill it,
 * tests another.
 */
public final class ReplaySettings {
    /** The idle cap of the reference suite ("so that it doesn't take all week"). */
    public static final long DEFAULT_MAX_IDLE_NS = 25_000_000L;
    /** Safety cap on IOs in flight in timed mode. */
    public static final int DEFAULT_TIMED_MAX_IN_FLIGHT = 256;
    /** {@code --stream all}: every stream of a multi-device trace, on disjoint ranges of one target. */
    public static final int ALL_STREAMS = -2;
    /** Deepest queue the engines are opened with. */
    public static final int MAX_DEPTH = 1024;

    public static final ReplaySettings DEFAULTS = new ReplaySettings(ReplayMode.RECORDED_QD, 0, DEFAULT_MAX_IDLE_NS, 1.0, 0,
            "random", "auto", FitPolicy.ERROR, IoRecord.NO_STREAM, false, Replayer.OnError.STOP, DEFAULT_TIMED_MAX_IN_FLIGHT, 1L, true);

    private final ReplayMode mode;
    private final int fixedQd;
    private final long maxIdleNs;
    private final double speed;
    private final int qdFallback;
    private final String data;
    private final String engine;
    private final FitPolicy fit;
    private final int stream;
    private final boolean readOnly;
    private final Replayer.OnError onError;
    private final int timedMaxInFlight;
    private final long seed;
    private final boolean pollCompletions;

    private ReplaySettings(ReplayMode mode, int fixedQd, long maxIdleNs, double speed, int qdFallback, String data,
                           String engine, FitPolicy fit, int stream, boolean readOnly, Replayer.OnError onError,
                           int timedMaxInFlight, long seed, boolean pollCompletions) {
        this.mode = mode;
        this.fixedQd = fixedQd;
        this.maxIdleNs = maxIdleNs;
        this.speed = speed;
        this.qdFallback = qdFallback;
        this.data = data;
        this.engine = engine;
        this.fit = fit;
        this.stream = stream;
        this.readOnly = readOnly;
        this.onError = onError;
        this.timedMaxInFlight = timedMaxInFlight;
        this.seed = seed;
        this.pollCompletions = pollCompletions;
    }

    public ReplayMode mode() {
        return mode;
    }

    /** The depth of {@code --mode fixed-qd}; 0 in other modes. */
    public int fixedQd() {
        return fixedQd;
    }

    public long maxIdleNs() {
        return maxIdleNs;
    }

    public double speed() {
        return speed;
    }

    public int qdFallback() {
        return qdFallback;
    }

    public String data() {
        return data;
    }

    public String engine() {
        return engine;
    }

    public FitPolicy fit() {
        return fit;
    }

    public int stream() {
        return stream;
    }

    public boolean readOnly() {
        return readOnly;
    }

    public Replayer.OnError onError() {
        return onError;
    }

    public int timedMaxInFlight() {
        return timedMaxInFlight;
    }

    /** Seed of the write data generator (the same seed gives the same bytes). */
    public long seed() {
        return seed;
    }

    public ReplaySettings withRecordedQd(long newMaxIdleNs, int newQdFallback) {
        return new ReplaySettings(ReplayMode.RECORDED_QD, 0, newMaxIdleNs, speed, newQdFallback, data, engine, fit, stream,
                readOnly, onError, timedMaxInFlight, seed, pollCompletions);
    }

    public ReplaySettings withTimed(double newSpeed, int maxInFlight) {
        return new ReplaySettings(ReplayMode.TIMED, 0, maxIdleNs, newSpeed, qdFallback, data, engine, fit, stream, readOnly,
                onError, maxInFlight, seed, pollCompletions);
    }

    public ReplaySettings withFixedQd(int qd) {
        return new ReplaySettings(ReplayMode.FIXED_QD, qd, maxIdleNs, speed, qdFallback, data, engine, fit, stream, readOnly,
                onError, timedMaxInFlight, seed, pollCompletions);
    }

    public ReplaySettings withData(String newData) {
        return new ReplaySettings(mode, fixedQd, maxIdleNs, speed, qdFallback, newData, engine, fit, stream, readOnly, onError,
                timedMaxInFlight, seed, pollCompletions);
    }

    public ReplaySettings withEngine(String newEngine) {
        return new ReplaySettings(mode, fixedQd, maxIdleNs, speed, qdFallback, data, newEngine, fit, stream, readOnly, onError,
                timedMaxInFlight, seed, pollCompletions);
    }

    public ReplaySettings withMapping(FitPolicy newFit, int newStream, boolean newReadOnly) {
        return new ReplaySettings(mode, fixedQd, maxIdleNs, speed, qdFallback, data, engine, newFit, newStream, newReadOnly,
                onError, timedMaxInFlight, seed, pollCompletions);
    }

    public ReplaySettings withOnError(Replayer.OnError newOnError) {
        return new ReplaySettings(mode, fixedQd, maxIdleNs, speed, qdFallback, data, engine, fit, stream, readOnly,
                newOnError, timedMaxInFlight, seed, pollCompletions);
    }

    /**
     * True (the default) to poll for completions with one core busy, so a completion is stamped when
     * the device finished rather than when a sleeping thread woke up; false to sleep in the kernel.
     */
    public boolean pollCompletions() {
        return pollCompletions;
    }

    public ReplaySettings withPollCompletions(boolean poll) {
        return new ReplaySettings(mode, fixedQd, maxIdleNs, speed, qdFallback, data, engine, fit, stream, readOnly, onError,
                timedMaxInFlight, seed, poll);
    }

    /** The scheduler for these settings. */
    public Scheduler newScheduler() {
        switch (mode) {
            case TIMED: return new TimedScheduler(speed, timedMaxInFlight);
            case FIXED_QD: return new FixedQdScheduler(fixedQd);
            default: return new RecordedQdScheduler(maxIdleNs, qdFallback);
        }
    }
}
