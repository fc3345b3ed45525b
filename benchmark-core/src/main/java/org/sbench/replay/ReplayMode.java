package org.sbench.replay;

import java.util.Locale;
import org.sbench.SbenchException;
import org.sbench.trace.units.Durations;
import org.sbench.trace.units.Words;

/**
 * How IOs are released to the target (docs/definitions.md, "Replay modes"): one small type per mode, each
 * carrying its own parameters (checked when it is made, with the option's name in the message),
 * its scheduler, the depth the engine needs, what it refuses, and its words in the result.
 */
public sealed interface ReplayMode permits ReplayMode.RecordedQd, ReplayMode.Timed, ReplayMode.FixedQd {
    /** The deepest queue engines are opened with. */
    int MAX_DEPTH = 1024;

    /** Refuses a queue depth {@code option} ({@code --qd}, ...) out of 1 to {@link #MAX_DEPTH}, quoting it as {@code typed}. */
    static void checkDepth(String option, int depth, String typed) {
        if (depth < 1 || depth > MAX_DEPTH) {
            throw SbenchException.usage(option + " must be 1 to " + MAX_DEPTH + ", found " + typed);
        }
    }

    /** The word users type: {@code recorded-qd}, {@code timed}, {@code fixed-qd}. */
    String word();

    /** A new scheduler for one run. */
    Scheduler newScheduler();

    /**
     * The queue depth the engine needs for a trace whose deepest recorded depth (over the IOs replayed)
     * is {@code recordedMaxQd}, 0 when the trace records none.
     */
    int depth(int recordedMaxQd);

    /**
     * Refuses (usage error naming the alternatives) a trace this mode cannot replay: of the
     * {@code replayed} IOs, {@code withoutQd} have no recorded queue depth; its last IO is issued
     * {@code durationNs} after its first.
     */
    default void check(long replayed, long withoutQd, long durationNs) {
    }

    /** True if the mode measures lateness (actual minus scheduled submit time). */
    default boolean timed() {
        return false;
    }

    /**
     * Storage Bench style: trace order, at most the recorded queue depth, idle gaps capped at
     * {@code maxIdleNs} (0: none; {@link #NO_IDLE_CAP}: kept in full); IOs without a recorded depth go at {@code fallbackQd} (0: refused).
     */
    record RecordedQd(long maxIdleNs, int fallbackQd) implements ReplayMode {
        public static final String WORD = "recorded-qd";
        /** {@code maxIdleNs} that keeps every recorded idle gap in full ({@code --max-idle none}). */
        public static final long NO_IDLE_CAP = Long.MAX_VALUE;
        /** The word of {@link #NO_IDLE_CAP}. */
        public static final String NO_IDLE_CAP_WORD = "none";

        /**
         * An idle cap as {@code --max-idle} and a scenario's {@code max-idle} take it: a duration
         * ({@code 25ms}; {@code 0} removes idle) or {@code none} (idle kept in full).
         *
         * @throws IllegalArgumentException saying what to write
         */
        public static long idleCapNs(String word) {
            if (Words.of(word.strip()).equals(NO_IDLE_CAP_WORD)) {
                return NO_IDLE_CAP;
            }
            try {
                return Durations.parseNs(word);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(e.getMessage() + ", or " + NO_IDLE_CAP_WORD + " to keep idle in full", e);
            }
        }

        public RecordedQd {
            if (maxIdleNs < 0) {
                throw SbenchException.usage("--max-idle must be 0 or more, found " + maxIdleNs + " ns");
            }
            if (fallbackQd < 0 || fallbackQd > MAX_DEPTH) {
                throw new IllegalArgumentException("fallbackQd " + fallbackQd);
            }
        }

        /**
         * {@code fallbackQd} of {@code --qd-fallback} as given, typed as {@code typed}, null when it was not (0: IOs
         * without a recorded depth refused); a usage error for a depth no engine is opened with.
         */
        public static int fallbackQd(Integer given, String typed) {
            if (given == null) {
                return 0;
            }
            checkDepth("--qd-fallback", given, typed);
            return given;
        }

        @Override
        public String word() {
            return WORD;
        }

        @Override
        public Scheduler newScheduler() {
            return new RecordedQdScheduler(maxIdleNs, fallbackQd);
        }

        @Override
        public int depth(int recordedMaxQd) {
            return Math.min(MAX_DEPTH, Math.max(1, Math.max(recordedMaxQd, fallbackQd)));
        }

        @Override
        public void check(long replayed, long withoutQd, long durationNs) {
            if (fallbackQd > 0 || withoutQd == 0) {
                return;
            }
            if (withoutQd == replayed) {
                throw RecordedQdScheduler.noRecordedQd();
            }
            throw SbenchException.usage(withoutQd + " of the " + replayed + " IOs to replay have no completion time (their"
                    + " completion was not traced), so their recorded queue depth is not known; use --qd-fallback N (the depth"
                    + " for those IOs), --mode timed or --mode fixed-qd --qd N");
        }
    }

    /**
     * Open loop: each IO at its recorded time divided by {@code speed}, at most {@code maxInFlight} outstanding;
     * {@code speedWord} is the speed as the user wrote it, for the refusals that quote it.
     */
    record Timed(double speed, int maxInFlight, String speedWord) implements ReplayMode {
        public static final String WORD = "timed";
        /** Safety cap on IOs in flight ({@code --max-inflight}) when none is given. */
        public static final int DEFAULT_MAX_IN_FLIGHT = 256;

        public Timed {
            if (!(speed > 0) || Double.isInfinite(speed)) {
                throw SbenchException.usage("--speed must be above 0, found " + speedWord);
            }
            checkDepth("--max-inflight", maxInFlight, String.valueOf(maxInFlight));
        }

        public Timed(double speed, int maxInFlight) {
            this(speed, maxInFlight, String.valueOf(speed));
        }

        @Override
        public String word() {
            return WORD;
        }

        @Override
        public Scheduler newScheduler() {
            return new TimedScheduler(speed, maxInFlight);
        }

        /** Refuses a speed so slow that the last IO's time, in ns from the start, is past what a long holds (292 years). */
        @Override
        public void check(long replayed, long withoutQd, long durationNs) {
            double lastNs = durationNs / speed;
            if (lastNs >= Long.MAX_VALUE) {
                throw SbenchException.usage(String.format(Locale.ROOT, "--speed %s would issue the trace's last IO %.3g s after its"
                        + " first (%.3g s of the trace divided by %s), past the 292 years a run can last; give a larger --speed",
                        speedWord, lastNs / 1e9, durationNs / 1e9, speedWord));
            }
        }

        @Override
        public int depth(int recordedMaxQd) {
            return maxInFlight;
        }

        @Override
        public boolean timed() {
            return true;
        }
    }

    /**
     * Closed loop: {@code qd} IOs outstanding, as fast as possible, trace order; with {@code drainsBetweenPhases} (a
     * sweep's) each phase starts at an empty queue ({@link Scheduler#drainsBetweenPhases}).
     */
    record FixedQd(int qd, boolean drainsBetweenPhases) implements ReplayMode {
        public static final String WORD = "fixed-qd";

        public FixedQd {
            checkDepth("--qd", qd, String.valueOf(qd));
        }

        public FixedQd(int qd) {
            this(qd, false);
        }

        @Override
        public String word() {
            return WORD;
        }

        @Override
        public Scheduler newScheduler() {
            return new FixedQdScheduler(qd, drainsBetweenPhases);
        }

        @Override
        public int depth(int recordedMaxQd) {
            return qd;
        }
    }
}
