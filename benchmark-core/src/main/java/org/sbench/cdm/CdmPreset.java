package org.sbench.cdm;

import java.util.List;
import java.util.Locale;
import org.sbench.SbenchException;

/**
 * The test sets of docs/workloads.md's synthetic suite (CrystalDiskMark style): version 3, each pass
 * one sweep of the test region, and version 8, each pass time-limited.
 */
public enum CdmPreset {
    V3(List.of(new CdmTest("Seq", true, CdmPreset.MIB, 1), new CdmTest("512K", false, 512 * CdmPreset.KIB, 1),
            new CdmTest("4K", false, 4 * CdmPreset.KIB, 1), new CdmTest("4K QD32", false, 4 * CdmPreset.KIB, 32)),
            1000L * CdmPreset.MIB, 0),
    V8(List.of(new CdmTest("SEQ1M Q8T1", true, CdmPreset.MIB, 8), new CdmTest("SEQ1M Q1T1", true, CdmPreset.MIB, 1),
            new CdmTest("RND4K Q32T1", false, 4 * CdmPreset.KIB, 32), new CdmTest("RND4K Q1T1", false, 4 * CdmPreset.KIB, 1)),
            1024L * CdmPreset.MIB, 5_000_000_000L);

    private static final int KIB = 1024;
    private static final int MIB = 1024 * 1024;

    private final List<CdmTest> tests;
    private final long defaultSizeBytes;
    private final long defaultDurationNs;

    CdmPreset(List<CdmTest> tests, long defaultSizeBytes, long defaultDurationNs) {
        this.tests = tests;
        this.defaultSizeBytes = defaultSizeBytes;
        this.defaultDurationNs = defaultDurationNs;
    }

    /** The word a user types: {@code v3} or {@code v8}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static CdmPreset of(String word) {
        for (CdmPreset p : values()) {
            if (p.word().equals(word.toLowerCase(Locale.ROOT))) {
                return p;
            }
        }
        throw SbenchException.usage("--preset takes v3 or v8, found '" + word + "'");
    }

    /** In the order they run and print. */
    public List<CdmTest> tests() {
        return tests;
    }

    /** The test region: 1000 MiB for v3 (its larger choice), 1 GiB for v8. */
    public long defaultSizeBytes() {
        return defaultSizeBytes;
    }

    /** The time limit of each pass; 0 when a pass is one sweep of the region (v3). */
    public long defaultDurationNs() {
        return defaultDurationNs;
    }
}
