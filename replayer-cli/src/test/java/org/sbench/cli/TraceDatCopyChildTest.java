// A compressed trace.dat read twice by one command (replay, convert --fit scale) is copied into the temporary directory once.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.sbench.cli.StopSignalsChildTest.names;
import static org.sbench.cli.StopSignalsChildTest.openIn;

import com.github.luben.zstd.Zstd;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sbench.trace.CreatedFiles;

/**
 * sbench in a JVM of its own, its {@code java.io.tmpdir} a directory of the test's, watched (inotify) for the files
 * created in it: a command that reads a compressed trace.dat twice (replay: a planning pass, then the replay; convert
 * {@code --fit scale}: the span, then the conversion; run: a scenario's plan, then its steps) copies it there once, and
 * leaves nothing there when it ends, well, at a bad input or at a signal. Until 2026-12-07 each reading made a copy of its
 * own (2 for replay and convert, 3 for the scenario of two replays).
 */
class TraceDatCopyChildTest {
    @TempDir
    Path dir;

    @Test
    void aReplayCopiesItsCompressedTraceDatOnceAndReplaysWhatThePlainFileGives() throws Exception {
        byte[] dat = StopSignalsChildTest.traceDat();
        Path plain = Files.write(dir.resolve("many6.dat"), dat);
        Path zst = Files.write(dir.resolve("many6.dat.zst"), Zstd.compress(dat));
        Ran fromPlain = run("replay", plain.toString(), "--target", "null", "--mode", "fixed-qd", "--qd", "4", "--progress", "none");
        Ran fromZst = run("replay", zst.toString(), "--target", "null", "--mode", "fixed-qd", "--qd", "4", "--progress", "none");
        assertEquals(1, fromZst.copies(), "copies of the trace.dat made: " + fromZst.created());
        assertEquals(List.of("4K read 2,926 48.8 12.0", "4K write 3,074 51.2 12.6"), fromPlain.ioCounts());
        assertEquals(fromPlain.ioCounts(), fromZst.ioCounts(), "IOs and MB replayed by size and op");
        assertTrue(fromZst.out().contains("fidelity issued 6,000 of 6,000 trace records"), fromZst.out());
    }

    /** A scenario's two steps replaying one compressed trace.dat: planned once, replayed twice, from one copy. */
    @Test
    void aScenarioReplayingACompressedTraceDatTwiceCopiesItOnce() throws Exception {
        Path zst = Files.write(dir.resolve("many6.dat.zst"), Zstd.compress(StopSignalsChildTest.traceDat()));
        Path s = Files.writeString(dir.resolve("s.yaml"), "name: s\nsteps:\n  - replay: {trace: " + zst + "}\n  - replay: {trace: "
                + zst + "}\n");
        Ran scenario = run("run", s.toString(), "--target", "null", "--out", dir.resolve("b").toString(), "--progress", "none");
        assertEquals(1, scenario.copies(), "copies of the trace.dat made: " + scenario.created());
    }

    @Test
    void convertFittingByScaleCopiesItsCompressedTraceDatOnceAndWritesWhatThePlainFileGives() throws Exception {
        byte[] dat = StopSignalsChildTest.traceDat();
        Path plain = Files.write(dir.resolve("many6.dat"), dat);
        Path zst = Files.write(dir.resolve("many6.dat.zst"), Zstd.compress(dat));
        run("convert", plain.toString(), "plain.iolog", "--capacity", "32M", "--fit", "scale", "--progress", "none");
        Ran converted = run("convert", zst.toString(), "zst.iolog", "--capacity", "32M", "--fit", "scale", "--progress", "none");
        assertEquals(1, converted.copies(), "copies of the trace.dat made: " + converted.created());
        assertArrayEquals(Files.readAllBytes(dir.resolve("plain.iolog")), Files.readAllBytes(dir.resolve("zst.iolog")));
    }

    @Test
    void aReplayOfADamagedCompressedTraceDatLeavesNothing() throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        byte[] zst = Zstd.compress(StopSignalsChildTest.traceDat());
        Path cut = Files.write(dir.resolve("cut.dat.zst"), Arrays.copyOf(zst, zst.length / 2));
        try (ChildSbench replay = ChildSbench.start(dir, List.of("-Djava.io.tmpdir=" + tmp), "replay", cut.toString(),
                "--target", "null", "--progress", "none")) {
            assertEquals(3, replay.waitFor(), replay.err());
            assertTrue(replay.err().startsWith("sbench: " + cut + ": byte "), replay.err());
        }
        assertEquals(List.of(), names(tmp));
    }

    /**
     * The copy, made by the planning pass, is held (deleted, open) through the replay, which reads it again: a stop signal
     * during the replay ends the command, and the copy with it.
     */
    @ParameterizedTest
    @CsvSource({"TERM,143", "INT,130"})
    void aReplayStoppedBySignalLeavesNothing(String sig, int code) throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path zst = Files.write(dir.resolve("many6.dat.zst"), Zstd.compress(StopSignalsChildTest.traceDat()));
        // Its 0.113 s of IOs stretched to some two minutes.
        try (ChildSbench replay = ChildSbench.start(dir, List.of("-Djava.io.tmpdir=" + tmp), "replay", zst.toString(),
                "--target", "null", "--mode", "timed", "--speed", "0.001", "--progress", "always",
                "--out", dir.resolve("r.json").toString())) {
            replay.awaitErr("IOPS");
            List<String> held = openIn(replay.pid(), tmp);
            assertEquals(1, held.size(), "the copy held by the replay: " + held);
            assertTrue(held.get(0).endsWith(" (deleted)"), held.get(0));
            replay.signal(sig);
            assertEquals(code, replay.waitFor(), replay.err());
        }
        assertEquals(List.of(), names(tmp));
        assertFalse(openIn(ProcessHandle.current().pid(), tmp).stream().findAny().isPresent());
    }

    /** What a child sbench printed, and the names of the files it created in its temporary directory. */
    private record Ran(String out, List<String> created) {
        /** How many of the files are copies of a trace.dat ({@code sbench-N.dat}; the sort's are {@code sbench-sort-N}). */
        long copies() {
            return created.stream().filter(n -> n.matches("sbench-[0-9]+\\.dat")).count();
        }

        /** The size table's rows without their times: size, op, IOs, % IOs, MB ({@code 4K  read  2,926  48.8  11.98}). */
        List<String> ioCounts() {
            return out.lines().filter(l -> l.matches("[0-9]+[KM]? +(read|write) .*"))
                    .map(l -> String.join(" ", Arrays.asList(l.trim().split(" +")).subList(0, 5))).toList();
        }
    }

    /**
     * sbench ARGS in a JVM of its own, its temporary directory {@code tmp} of {@link #dir} watched for the files created
     * there; it ends well and leaves nothing there.
     */
    private Ran run(String... args) throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        try (CreatedFiles files = new CreatedFiles(tmp);
             ChildSbench child = ChildSbench.start(dir, List.of("-Djava.io.tmpdir=" + tmp), args)) {
            assertEquals(0, child.waitFor(), child.err());
            List<String> created = files.names();
            assertEquals(List.of(), names(tmp));
            return new Ran(child.out(), created);
        }
    }
}
