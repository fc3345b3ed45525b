package org.sbench.traces;

import java.io.InputStream;
import java.util.List;

/**
 * The workloads sbench ships: names and their profile resources under {@code org/sbench/traces/}.
 * Each profile is a synthetic reconstruction from published statistics (see the files).
 */
public final class BundledTraces {
    /** In the order {@code sbench traces} lists them. */
    public static final List<String> NAMES = List.of("light-2010", "heavy-2010", "gaming-2010", "light-2011", "heavy-2011",
            "destroyer");
    /** Workloads too large to generate in a test or a demo: generated on demand only. */
    public static final List<String> ON_DEMAND = List.of("destroyer");

    private BundledTraces() {
    }

    public static boolean exists(String name) {
        return NAMES.contains(name);
    }

    /** The profile of {@code name} (a bundled name); the caller closes the stream. */
    public static InputStream profile(String name) {
        if (!exists(name)) {
            throw new IllegalArgumentException("not a bundled workload: " + name);
        }
        return BundledTraces.class.getResourceAsStream(name + ".properties");
    }
}
