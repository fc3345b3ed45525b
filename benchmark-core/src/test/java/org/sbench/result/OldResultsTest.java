package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Results written by earlier builds of sbench, as users keep them (src/test/resources/org/sbench/result/old):
 * fixed-qd-0812319.json is {@code replay desk.sbt --target null --mode fixed-qd --qd 4 --out} of the build
 * of commit 0812319 (2026-11-30), the desktop sample converted to .sbt by that build. A figure that build
 * did not write is none, not 0.
 */
class OldResultsTest {
    static final String FIXED_QD_0812319 = "old/fixed-qd-0812319.json";

    @Test
    void aFigureTheOldBuildDidNotCountIsNone(@TempDir Path dir) throws Exception {
        ReplayResult old = ResultFixtures.load(FIXED_QD_0812319);
        assertEquals(4808, old.summary().ios(), "the old result is read");
        Metric held = Metric.FIDELITY.stream().filter(m -> m.key().equals("held_at_cap")).findFirst().orElseThrow();
        assertTrue(Double.isNaN(held.value().applyAsDouble(old)), "IOs held at the cap were not counted before 2026-12-01");

        new CsvResultWriter().write(old, dir.resolve("csv"));
        List<String> summary = Files.readAllLines(dir.resolve("csv").resolve("summary.csv"));
        assertTrue(summary.contains("held_at_cap,all,count,"), summary.toString());
    }
}
