package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sbench.step.Bundle;
import org.sbench.step.BundleDirectory;
import org.sbench.step.StepResult;

/**
 * Every bundled scenario runs end to end, shortened by {@code --scale}, on a file target: every
 * planned step finishes, the bundle is complete with its report, and a group run until steady
 * state ends with its verdict on the terminal.
 */
class BundledScenariosRunTest {
    private static final long TARGET_BYTES = 128L << 20;

    @ParameterizedTest
    @ValueSource(strings = {"atsb-2011", "consistency", "trim-recovery", "pts-iops-lite"})
    void runsCompleteAtATinyScale(String name, @TempDir Path dir) throws Exception {
        Path target = dir.resolve("drive.img");
        try (RandomAccessFile f = new RandomAccessFile(target.toFile(), "rw")) {
            f.setLength(TARGET_BYTES);
        }
        Path out = dir.resolve("bundle");
        CliTest.Run r = CliTest.run("run", name, "--target", target.toString(), "--allow-write", "--out", out.toString(),
                "--scale", "0.001", "--progress", "none");
        assertEquals(0, r.code(), r.err() + r.out());
        Bundle b = BundleDirectory.open(out).read();
        assertTrue(b.complete(), r.out());
        assertTrue(b.steps().stream().allMatch(StepResult::complete), r.out());
        assertTrue(Files.isRegularFile(out.resolve("report.html")));
        assertTrue(r.out().contains("bundle   " + out + " (" + b.steps().size() + " step records, report.html)"), r.out());
        if (name.equals("consistency")) {
            for (StepResult idle : b.steps().stream().filter(st -> st.kind().equals("idle")).toList()) {
                assertEquals(0, idle.bytesWritten(), idle.label());
                assertEquals(0, idle.runs().size(), idle.label() + ": no probe, only the idle time");
            }
        }
        if (name.equals("pts-iops-lite")) {
            assertTrue(r.out().lines().anyMatch(l -> l.matches("steady-state: steady state of iops of torture (reached at round \\d+"
                    + "|not reached in 25 rounds) .*")), r.out());
        }
    }
}
