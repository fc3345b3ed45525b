// The README's fio hand-off, as a user runs it: convert for the device, then fio; counted at the kernel.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.target.BlockStat;
import org.sbench.target.LoopDevice;

/**
 * The hand-off recipe of the README ("Handing a trace to fio"), its two commands taken from the
 * README itself: {@code sbench convert} names the device and wraps the IOs onto it, fio replays the
 * log, and what reached the device ({@code /sys/block/loopN/stat}) is the trace's IOs. Needs root
 * and fio (CI installs Debian's); skipped with the reason otherwise.
 */
@Tag("device")
class FioHandOffDeviceTest {
    private static final Path README = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent().resolve("README.md");
    private static final long MIB = 1 << 20;
    private static final long DEVICE_BYTES = 64 * MIB;
    private static final int IOS = 70;
    private static final String[] CYCLE = {"W", "F", "W", "W", "R", "T", "R"};
    private static final long TIMEOUT_S = 120;
    /** What fio 3.33 says of each trim line of an iolog, which it skips. */
    private static final String FIO_SKIPS_TRIMS = "bad ddir: 2";

    /** Writes, flushes, reads and trims 20 µs apart, at offsets 4 MiB apart up to 276 MiB: most past the device. */
    private static Path trace(Path dir) throws IOException {
        StringBuilder b = new StringBuilder("issue_ns,complete_ns,offset,length,op,stream,qd,process\n");
        for (int i = 0; i < IOS; i++) {
            String op = op(i);
            boolean flush = op.equals("F");
            b.append(i * 20_000L).append(',').append(i * 20_000L + 10_000).append(',').append(flush ? 0 : i * 4 * MIB).append(',')
                    .append(flush ? 0 : length(i)).append(',').append(op).append(",,1,\n");
        }
        return Files.writeString(dir.resolve("trace.csv"), b.toString());
    }

    private static String op(int i) {
        return CYCLE[i % CYCLE.length];
    }

    private static long length(int i) {
        return 4096L << (i % 4);
    }

    private static long count(String op) {
        long n = 0;
        for (int i = 0; i < IOS; i++) {
            n += op(i).equals(op) ? 1 : 0;
        }
        return n;
    }

    private static long sectors(String op) {
        long bytes = 0;
        for (int i = 0; i < IOS; i++) {
            bytes += op(i).equals(op) ? length(i) : 0;
        }
        return bytes / BlockStat.SECTOR_BYTES;
    }

    /** The README's command line that starts with {@code start}, as words. */
    private static List<String> recipe(String start) throws IOException {
        for (String line : Files.readAllLines(README)) {
            if (line.startsWith(start)) {
                return List.of(line.strip().split(" +"));
            }
        }
        throw new AssertionError("README.md has no line starting '" + start + "'");
    }

    private static List<String> substituted(List<String> words, String from, String to) {
        List<String> out = new ArrayList<>();
        for (String w : words) {
            out.add(w.replace(from, to));
        }
        return out;
    }

    @Test
    void theReadmesRecipeReplaysTheTracesIosOnTheDevice(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        assumeTrue(LoopDevice.works("fio", "--version"), "needs fio (apt-get install fio; .ci/run installs it)");
        Path csv = trace(dir);
        Path iolog = dir.resolve("trace.iolog");
        try (LoopDevice dev = LoopDevice.create(DEVICE_BYTES)) {
            dev.setNomerges(2);
            List<String> convert = recipe("./sbench convert trace.sbt trace.iolog");
            convert = substituted(substituted(substituted(convert.subList(1, convert.size()), "trace.sbt", csv.toString()),
                    "trace.iolog", iolog.toString()), "/dev/sdX", dev.path().toString());
            CliTest.Run c = CliTest.run(convert.toArray(new String[0]));
            assertEquals(0, c.code(), c.err());
            assertTrue(c.out().contains("fitted   onto " + dev.path() + " (67,108,864 bytes, 512-byte blocks, --fit wrap): 47 IOs moved,"
                    + " 0 widened to whole blocks"), c.out());
            List<String> log = Files.readAllLines(iolog);
            assertEquals("0 " + dev.path() + " add", log.get(1), "the log opens the device itself");

            List<String> fio = substituted(recipe("fio --name=replay"), "trace.iolog", iolog.toString());
            BlockStat before = BlockStat.of(dev);
            String output = run(fio);
            BlockStat seen = BlockStat.of(dev).since(before);
            assertEquals(count("R"), seen.reads(), "reads at the kernel: " + output);
            assertEquals(sectors("R"), seen.sectorsRead(), "sectors read");
            assertEquals(count("F"), seen.flushes(), "flushes (fio's fsync of each sync line)");
            assertEquals(count("W"), seen.dataWrites(), "writes with data");
            assertEquals(sectors("W"), seen.sectorsWritten(), "sectors written");
            if (output.contains(FIO_SKIPS_TRIMS)) {
                assertEquals(0, seen.discards(), "this fio skips the trims of an iolog, and says so: " + output);
            } else {
                assertEquals(count("T"), seen.discards(), "trims");
                assertEquals(sectors("T"), seen.sectorsDiscarded(), "sectors trimmed");
            }
        }
    }

    /** Runs {@code command}, returning its output; fails unless it exits 0. */
    private static String run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(TIMEOUT_S, TimeUnit.SECONDS), String.join(" ", command) + ": timed out");
        assertEquals(0, p.exitValue(), String.join(" ", command) + ": " + out);
        return out;
    }
}
