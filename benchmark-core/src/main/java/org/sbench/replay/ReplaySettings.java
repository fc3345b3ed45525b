package org.sbench.replay;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.sbench.SbenchException;
import org.sbench.data.WritePatterns;
import org.sbench.trace.IoRecord;
import org.sbench.trace.StreamArgument;
import org.sbench.trace.units.Words;

/**
 * Everything a user chooses about how a run issues its IOs, with the defaults in one place
 * ({@link #DEFAULTS}). Immutable and valid once made: the {@code with*} methods return changed
 * copies, and {@link Builder} takes the values as users write them (option words, numbers) and
 * refuses a bad one with the one-line message the CLI and a scenario file both show.
 */
public final class ReplaySettings {
    /** The idle cap of the reference suite ("so that it doesn't take all week"). */
    public static final long DEFAULT_MAX_IDLE_NS = 25_000_000L;
    /** {@code --stream all}: every stream of a multi-device trace, on disjoint ranges of one target. */
    public static final int ALL_STREAMS = -2;
    public static final String DEFAULT_DATA = "random";
    public static final long DEFAULT_SEED = 1L;

    public static final ReplaySettings DEFAULTS = new ReplaySettings(new ReplayMode.RecordedQd(DEFAULT_MAX_IDLE_NS, 0),
            DEFAULT_DATA, "auto", FitPolicy.ERROR, IoRecord.NO_STREAM, null, false, Replayer.OnError.STOP, DEFAULT_SEED, true);

    private final ReplayMode mode;
    private final String data;
    private final String engine;
    private final FitPolicy fit;
    private final int stream;
    private final String streamWord;
    private final boolean readOnly;
    private final Replayer.OnError onError;
    private final long seed;
    private final boolean pollCompletions;

    private ReplaySettings(ReplayMode mode, String data, String engine, FitPolicy fit, int stream, String streamWord, boolean readOnly,
                           Replayer.OnError onError, long seed, boolean pollCompletions) {
        this.mode = mode;
        this.data = data;
        this.engine = engine;
        this.fit = fit;
        this.stream = stream;
        this.streamWord = streamWord;
        this.readOnly = readOnly;
        this.onError = onError;
        this.seed = seed;
        this.pollCompletions = pollCompletions;
    }

    public ReplayMode mode() {
        return mode;
    }

    /** The write data pattern's name ({@code random}, {@code zero}, {@code compress:PCT}). */
    public String data() {
        return data;
    }

    public String engine() {
        return engine;
    }

    public FitPolicy fit() {
        return fit;
    }

    /** The stream replayed: a stream id, {@link IoRecord#NO_STREAM} (the trace has one), or {@link #ALL_STREAMS}. */
    public int stream() {
        return stream;
    }

    /** {@link #stream} as the user wrote it ({@code 8:16}, {@code 5}, {@code all}), or null when not given. */
    public String streamWord() {
        return streamWord;
    }

    public boolean readOnly() {
        return readOnly;
    }

    public Replayer.OnError onError() {
        return onError;
    }

    /** Seed of the write data generator (the same seed gives the same bytes). */
    public long seed() {
        return seed;
    }

    /**
     * True (the default) to poll for completions while the next one is near (sleeping while it is far
     * off, {@code CompletionPace}), so a completion is stamped when the device finished rather than
     * when a sleeping thread woke up; false to sleep in the kernel.
     */
    public boolean pollCompletions() {
        return pollCompletions;
    }

    /** The word of {@link #pollCompletions()}: {@code poll} or {@code wait}. */
    public String reap() {
        return pollCompletions ? "poll" : "wait";
    }

    public ReplaySettings withMode(ReplayMode newMode) {
        return new ReplaySettings(newMode, data, engine, fit, stream, streamWord, readOnly, onError, seed, pollCompletions);
    }

    public ReplaySettings withRecordedQd(long maxIdleNs, int qdFallback) {
        return withMode(new ReplayMode.RecordedQd(maxIdleNs, qdFallback));
    }

    public ReplaySettings withTimed(double speed, int maxInFlight) {
        return withMode(new ReplayMode.Timed(speed, maxInFlight));
    }

    public ReplaySettings withFixedQd(int qd) {
        return withMode(new ReplayMode.FixedQd(qd));
    }

    /** @throws SbenchException a usage error for a name {@link WritePatterns} does not know */
    public ReplaySettings withData(String newData) {
        return new ReplaySettings(mode, WritePatterns.word(newData), engine, fit, stream, streamWord, readOnly, onError, seed, pollCompletions);
    }

    public ReplaySettings withEngine(String newEngine) {
        return new ReplaySettings(mode, data, newEngine, fit, stream, streamWord, readOnly, onError, seed, pollCompletions);
    }

    /** {@code newStream}: as {@code --stream} takes it (a stream number, a device as {@code MAJOR:MINOR}, {@code all}), or null for a single-stream trace. */
    public ReplaySettings withMapping(FitPolicy newFit, String newStream, boolean newReadOnly) {
        return new ReplaySettings(mode, data, engine, newFit, streamId(newStream), newStream, newReadOnly, onError, seed, pollCompletions);
    }

    public ReplaySettings withOnError(Replayer.OnError newOnError) {
        return new ReplaySettings(mode, data, engine, fit, stream, streamWord, readOnly, newOnError, seed, pollCompletions);
    }

    public ReplaySettings withSeed(long newSeed) {
        return new ReplaySettings(mode, data, engine, fit, stream, streamWord, readOnly, onError, newSeed, pollCompletions);
    }

    public ReplaySettings withPollCompletions(boolean poll) {
        return new ReplaySettings(mode, data, engine, fit, stream, streamWord, readOnly, onError, seed, poll);
    }

    /**
     * Fills settings from values as users write them ({@code --mode timed}, {@code --speed 2}, a
     * scenario's {@code mode = timed}); each setter takes the value raw and {@link #build} checks each
     * and how they go together, throwing one usage error naming the option. Values not set keep their
     * defaults; a mode's own option ({@code --speed}, {@code --qd}, ...) set for another mode is
     * refused, as it would be ignored.
     */
    public static final class Builder {
        /** {@code --mode}; null when not given (recorded-qd). */
        private String mode;
        private Long maxIdleNs;
        private Integer qdFallback;
        private Double speed;
        private Integer maxInFlight;
        private Integer qd;
        private String data = DEFAULT_DATA;
        private String engine = DEFAULTS.engine;
        private String fit = DEFAULTS.fit.word();
        private String stream;
        private boolean readOnly;
        private String onError = "stop";
        private String reap = "poll";
        private Function<String, String> typed = option -> null;

        /** {@code --mode}: a mode's word, or null when not given (recorded-qd). */
        public Builder mode(String word) {
            this.mode = word;
            return this;
        }

        /** {@code --max-idle}: only with recorded-qd; null when not given. */
        public Builder maxIdleNs(Long ns) {
            this.maxIdleNs = ns;
            return this;
        }

        /** {@code --qd-fallback}: only with recorded-qd; null when not given. */
        public Builder qdFallback(Integer depth) {
            this.qdFallback = depth;
            return this;
        }

        /** {@code --speed}: only with timed; null when not given. */
        public Builder speed(Double factor) {
            this.speed = factor;
            return this;
        }

        /** {@code --max-inflight}: only with timed; null when not given. */
        public Builder maxInFlight(Integer ios) {
            this.maxInFlight = ios;
            return this;
        }

        /** {@code --qd}: only with fixed-qd; null when not given. */
        public Builder qd(Integer depth) {
            this.qd = depth;
            return this;
        }

        public Builder data(String pattern) {
            this.data = pattern;
            return this;
        }

        public Builder engine(String name) {
            this.engine = name;
            return this;
        }

        public Builder fit(String policy) {
            this.fit = policy;
            return this;
        }

        /** {@code --stream}: a stream number, a device as {@code MAJOR:MINOR}, {@code all}, or null for a single-stream trace. */
        public Builder stream(String which) {
            this.stream = which;
            return this;
        }

        public Builder readOnly(boolean noWrites) {
            this.readOnly = noWrites;
            return this;
        }

        public Builder onError(String what) {
            this.onError = what;
            return this;
        }

        public Builder reap(String how) {
            this.reap = how;
            return this;
        }

        /**
         * How the user wrote each option ({@code --speed} to {@code 1e-30}; null for one not written), for the
         * refusals to quote: a parsed number reads otherwise ({@code 1.0E-30}, {@code 00} as {@code 0}).
         */
        public Builder typed(Function<String, String> words) {
            this.typed = words;
            return this;
        }

        public ReplaySettings build() {
            ReplaySettings s = DEFAULTS.withMode(mode()).withData(data).withEngine(Words.of(engine))
                    .withMapping(FitPolicy.of(fit), stream, readOnly).withOnError(onErrorPolicy());
            String how = Words.of(reap);
            if (!how.equals("poll") && !how.equals("wait")) {
                throw SbenchException.usage("--reap takes poll or wait, found " + SbenchException.quoted(reap));
            }
            return s.withPollCompletions(how.equals("poll"));
        }

        private ReplayMode mode() {
            String word = mode == null ? ReplayMode.RecordedQd.WORD : Words.of(mode);
            if (!List.of(ReplayMode.RecordedQd.WORD, ReplayMode.Timed.WORD, ReplayMode.FixedQd.WORD).contains(word)) {
                throw SbenchException.usage("--mode takes recorded-qd, timed or fixed-qd, found " + SbenchException.quoted(mode));
            }
            goesWith("--max-idle", maxIdleNs, word, ReplayMode.RecordedQd.WORD);
            goesWith("--qd-fallback", qdFallback, word, ReplayMode.RecordedQd.WORD);
            goesWith("--speed", speed, word, ReplayMode.Timed.WORD);
            goesWith("--max-inflight", maxInFlight, word, ReplayMode.Timed.WORD);
            goesWith("--qd", qd, word, ReplayMode.FixedQd.WORD);
            switch (word) {
                case ReplayMode.RecordedQd.WORD:
                    return new ReplayMode.RecordedQd(maxIdleNs == null ? DEFAULT_MAX_IDLE_NS : maxIdleNs,
                            ReplayMode.RecordedQd.fallbackQd(qdFallback, typed("--qd-fallback", qdFallback)));
                case ReplayMode.Timed.WORD:
                    if (maxInFlight != null) {
                        ReplayMode.checkDepth("--max-inflight", maxInFlight, typed("--max-inflight", maxInFlight));
                    }
                    double factor = speed == null ? 1.0 : speed;
                    return new ReplayMode.Timed(factor, maxInFlight == null ? ReplayMode.Timed.DEFAULT_MAX_IN_FLIGHT : maxInFlight,
                            typed("--speed", factor));
                default:
                    if (qd == null) {
                        throw SbenchException.usage("--mode fixed-qd needs --qd N (N at least 1)");
                    }
                    ReplayMode.checkDepth("--qd", qd, typed("--qd", qd));
                    return new ReplayMode.FixedQd(qd);
            }
        }

        /** {@code option} as the user wrote it, else {@code value} written back. */
        private String typed(String option, Object value) {
            String word = typed.apply(option);
            return word == null ? String.valueOf(value) : word;
        }

        /**
         * Refuses {@code option}, given ({@code value} not null), in mode {@code word} other than
         * {@code modeWord}: it would be ignored. Without {@code --mode} the user is told to add it.
         */
        private void goesWith(String option, Object value, String word, String modeWord) {
            if (value == null || word.equals(modeWord)) {
                return;
            }
            throw SbenchException.usage(option + " goes with --mode " + modeWord + (mode == null
                    ? ", and the mode is recorded-qd when --mode is not given: add --mode " + modeWord : ", not " + word));
        }


        private Replayer.OnError onErrorPolicy() {
            try {
                return Replayer.OnError.valueOf(Words.of(onError).toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw SbenchException.usage("--on-error takes stop or continue, found " + SbenchException.quoted(onError));
            }
        }
    }

    private static int streamId(String word) {
        if (word == null) {
            return IoRecord.NO_STREAM;
        }
        if (Words.of(word).equals("all")) {
            return ALL_STREAMS;
        }
        return StreamArgument.parse(word, true);
    }

    public static Builder builder() {
        return new Builder();
    }
}
