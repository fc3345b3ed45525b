package org.sbench.cdm;

import java.util.List;
import org.sbench.SbenchException;
import org.sbench.trace.units.Words;

/**
 * Everything a user chooses about a synthetic suite run; {@link #of(CdmPreset)} holds the
 * defaults. Immutable.
 *
 * @param sizeBytes  the test region at the start of the target (a file target is created this size)
 * @param passes     passes of each test and op; the best (highest MB/s) is reported
 * @param durationNs time limit of each pass; 0 runs each pass as one sweep of the region
 * @param data       write data patterns, each a column group of the grid: {@code random}, {@code zero}
 * @param engine     the IO engine's name, or {@code auto}
 * @param seed       seed of the random offsets and the random data
 */
public record CdmSettings(CdmPreset preset, long sizeBytes, int passes, long durationNs, List<String> data, String engine,
                          long seed) {
    public static final int DEFAULT_PASSES = 5;
    /** The most passes: as a fill's ({@code FillStep.MAX_PASSES}); 100 v8 passes are 67 minutes (4 tests, 2 ops, 5 s a pass). */
    public static final int MAX_PASSES = 100;
    public static final long DEFAULT_SEED = 1;
    /** The largest IO of the suite: the test region must hold at least one. */
    public static final long MIN_SIZE_BYTES = 1024 * 1024;

    /** Refuses {@code --passes} out of 1 to {@link #MAX_PASSES}, quoting it as {@code typed}. */
    public static void checkPasses(int passes, String typed) {
        if (passes < 1 || passes > MAX_PASSES) {
            throw SbenchException.usage("--passes must be 1 to " + MAX_PASSES + ", found " + typed);
        }
    }

    /** Refuses a {@code --size} under {@link #MIN_SIZE_BYTES}, quoting it as {@code typed}. */
    public static void checkSize(long sizeBytes, String typed) {
        if (sizeBytes < MIN_SIZE_BYTES) {
            throw SbenchException.usage("--size " + typed + ": the test region must hold at least one 1 MiB IO ("
                    + MIN_SIZE_BYTES + " bytes)");
        }
    }

    public CdmSettings {
        data = List.copyOf(data);
        checkSize(sizeBytes, String.valueOf(sizeBytes));
        checkPasses(passes, String.valueOf(passes));
        if (durationNs < 0) {
            throw SbenchException.usage("--duration must not be negative");
        }
        for (String d : data) {
            if (!d.equals("random") && !d.equals("zero")) {
                throw SbenchException.usage("--data takes random, zero or both, found " + SbenchException.quoted(d));
            }
        }
    }

    public static CdmSettings of(CdmPreset preset) {
        return new CdmSettings(preset, preset.defaultSizeBytes(), DEFAULT_PASSES, preset.defaultDurationNs(), List.of("random"),
                "auto", DEFAULT_SEED);
    }

    public boolean timed() {
        return durationNs > 0;
    }

    public CdmSettings withSizeBytes(long value) {
        return new CdmSettings(preset, value, passes, durationNs, data, engine, seed);
    }

    public CdmSettings withPasses(int value) {
        return new CdmSettings(preset, sizeBytes, value, durationNs, data, engine, seed);
    }

    public CdmSettings withDurationNs(long value) {
        return new CdmSettings(preset, sizeBytes, passes, value, data, engine, seed);
    }

    /** The patterns of {@code --data} {@code word}: {@code random}, {@code zero}, or both for {@code both}, in any case. */
    public static List<String> dataPatterns(String word) {
        String w = Words.of(word);
        return w.equals("both") ? List.of("random", "zero") : List.of(w);
    }

    public CdmSettings withData(List<String> value) {
        return new CdmSettings(preset, sizeBytes, passes, durationNs, value, engine, seed);
    }

    public CdmSettings withSeed(long value) {
        return new CdmSettings(preset, sizeBytes, passes, durationNs, data, engine, value);
    }

    public CdmSettings withEngine(String value) {
        return new CdmSettings(preset, sizeBytes, passes, durationNs, data, value, seed);
    }
}
