package org.sbench.traces;

import java.io.InputStream;
import java.util.List;

/**
 * The scenarios sbench ships: names and their files under {@code org/sbench/traces/scenarios/}
 * ({@code NAME.yaml}, the format of docs/scenarios.md).
 */
public final class BundledScenarios {
    /** In the order {@code sbench scenarios} lists them. */
    public static final List<String> NAMES = List.of("atsb-2011", "consistency", "trim-recovery", "pts-iops-lite");

    private BundledScenarios() {
    }

    public static boolean exists(String name) {
        return NAMES.contains(name);
    }

    /** The file name of {@code name}'s scenario, as errors name it. */
    public static String fileName(String name) {
        return name + ".yaml";
    }

    /** The scenario file of {@code name} (a bundled name); the caller closes the stream. */
    public static InputStream file(String name) {
        if (!exists(name)) {
            throw new IllegalArgumentException("not a bundled scenario: " + name);
        }
        return BundledScenarios.class.getResourceAsStream("scenarios/" + fileName(name));
    }
}
