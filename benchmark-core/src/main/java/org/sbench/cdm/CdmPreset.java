package org.sbench.cdm;

import java.util.List;
import java.util.Locale;
import org.sbench.SbenchException;
import org.sbench.trace.units.Words;

/**
 * The test sets of docs/workloads.md's synthetic suite (CrystalDiskMark style), each pass
 * time-limited: version 3 as CrystalDiskMark 3's source runs them (6 s a pass, after a warm-up pass
 * that is not scored), and version 8 (5 s a pass).
 */
public enum CdmPreset {
    V3(List.of(new CdmTest("Seq", true, CdmPreset.MIB, 1), new CdmTest("512K", false, 512 * CdmPreset.KIB, 1),
            new CdmTest("4K", false, 4 * CdmPreset.KIB, 1), new CdmTest("4K QD32", false, 4 * CdmPreset.KIB, 32)),
            1000L * CdmPreset.MIB, 6_000_000_000L, 1),
    V8(List.of(new CdmTest("SEQ1M Q8T1", true, CdmPreset.MIB, 8), new CdmTest("SEQ1M Q1T1", true, CdmPreset.MIB, 1),
            new CdmTest("RND4K Q32T1", false, 4 * CdmPreset.KIB, 32), new CdmTest("RND4K Q1T1", false, 4 * CdmPreset.KIB, 1)),
            1024L * CdmPreset.MIB, 5_000_000_000L, 0);

    private static final int KIB = 1024;
    private static final int MIB = 1024 * 1024;

    private final List<CdmTest> tests;
    private final long defaultSizeBytes;
    private final long defaultDurationNs;
    private final int warmUpPasses;

    CdmPreset(List<CdmTest> tests, long defaultSizeBytes, long defaultDurationNs, int warmUpPasses) {
        this.tests = tests;
        this.defaultSizeBytes = defaultSizeBytes;
        this.defaultDurationNs = defaultDurationNs;
        this.warmUpPasses = warmUpPasses;
    }

    /** The word a user types: {@code v3} or {@code v8}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static CdmPreset of(String word) {
        for (CdmPreset p : values()) {
            if (p.word().equals(Words.of(word))) {
                return p;
            }
        }
        throw SbenchException.usage("--preset takes v3 or v8, found " + SbenchException.quoted(word));
    }

    /** In the order they run and print. */
    public List<CdmTest> tests() {
        return tests;
    }

    /** The test region: 1000 MiB for v3 (its larger choice), 1 GiB for v8. */
    public long defaultSizeBytes() {
        return defaultSizeBytes;
    }

    /** The time limit of each pass: 6 s for v3, 5 s for v8. */
    public long defaultDurationNs() {
        return defaultDurationNs;
    }

    /** Passes run before the scored ones of each test and op, and not scored ("Preparing..."): 1 for v3, 0 for v8. */
    public int warmUpPasses() {
        return warmUpPasses;
    }
}
