// SIGINT, SIGTERM and SIGHUP stop replay and cdm in a JVM of their own: the partial result, marked, and 128 + the signal.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sbench.result.JsonResults;
import org.sbench.result.ReplayResult;
import org.sbench.trace.input.ReadOptions;

class StopSignalsChildTest {
    /** One 4 KiB read every 10 ms for a minute, in MSR form (100 ns ticks): a timed replay that runs until stopped. */
    private static final int TRACE_IOS = 6000;
    private static final long TICKS_BETWEEN_IOS = 100_000;
    private static final long MSR_START_TICKS = 128166372000000000L;
    private static final long QUIET_MS = 500;
    /** Several times ReadOptions.DEFAULT_SORT_MEMORY_RECORDS. */
    private static final int SPILLING_IOS = 1_500_000;

    static Path minuteLongTrace(Path dir) throws IOException {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < TRACE_IOS; i++) {
            b.append(MSR_START_TICKS + i * TICKS_BETWEEN_IOS).append(",hm,0,Read,").append(i * 4096L).append(",4096,100\n");
        }
        return Files.writeString(dir.resolve("minute.csv"), b);
    }

    private static ChildSbench timedReplay(Path dir, boolean ignoringSigint) throws IOException {
        String[] args = {"replay", minuteLongTrace(dir).toString(), "--target", "null", "--mode", "timed", "--progress",
            "--out", dir.resolve("r.json").toString()};
        return ignoringSigint ? ChildSbench.startIgnoringSigint(dir, args) : ChildSbench.start(dir, List.of(), args);
    }

    @ParameterizedTest
    @CsvSource({"TERM,143", "HUP,129", "INT,130"})
    void aReplayStoppedBySignalWritesItsPartialResult(String sig, int code, @TempDir Path dir) throws Exception {
        try (ChildSbench replay = timedReplay(dir, false)) {
            replay.awaitErr(" IOs ");
            replay.signal(sig);
            assertEquals(code, replay.waitFor(), replay.err());
            ReplayResult r = new JsonResults().read(dir.resolve("r.json"));
            assertFalse(r.complete());
            assertEquals("interrupted (SIG" + sig + ")", r.stopReason());
            assertTrue(r.summary().ios() > 0 && r.summary().ios() < TRACE_IOS, "partial: " + r.summary().ios());
            assertTrue(replay.out().contains("INCOMPLETE: stopped (interrupted (SIG" + sig + ")) after "
                    + String.format(java.util.Locale.ROOT, "%,d of %,d IOs", r.fidelity().issued(), (long) TRACE_IOS)), replay.out());
        }
    }

    @Test
    void aReplayStartedWithCtrlCIgnoredSaysSoAndStopsOnTerm(@TempDir Path dir) throws Exception {
        try (ChildSbench replay = timedReplay(dir, true)) {
            replay.awaitErr(" IOs ");
            assertTrue(replay.err().startsWith("note: Ctrl-C (SIGINT) is ignored by this process; stop it with kill "),
                    replay.err());
            replay.signal("INT");
            Thread.sleep(QUIET_MS);
            assertTrue(replay.isAlive(), "an ignored SIGINT does not stop the replay: " + replay.err());
            replay.signal("TERM");
            assertEquals(143, replay.waitFor(), replay.err());
            assertEquals("interrupted (SIGTERM)", new JsonResults().read(dir.resolve("r.json")).stopReason());
        }
    }

    @ParameterizedTest
    @CsvSource({"TERM,143", "HUP,129", "INT,130"})
    void convertInterruptedWhileSortingLeavesNoTemporaryFiles(String sig, int code, @TempDir Path dir) throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path out = Files.createDirectory(dir.resolve("out")).resolve("sorted.sbt");
        try (ChildSbench convert = ChildSbench.start(dir, List.of("-Djava.io.tmpdir=" + tmp), "convert",
                unsortedTrace(dir, true).toString(), out.toString(), "--from", "msr")) {
            convert.await("the sort to spill", () -> !names(tmp).isEmpty());
            convert.signal(sig);
            int exit = convert.waitFor();
            assertEquals(List.of(), names(tmp), "no sbench-sort-N directory left");
            assertEquals(List.of(), names(out.getParent()), "no partial output left");
            assertEquals(code, exit, convert.err());
            assertEquals("sbench: interrupted (SIG" + sig + "): " + out + " not written\n", convert.err());
        }
    }

    /**
     * inspect, which reads an unsorted trace again through a sort that spills, took the JVM's default for a stop
     * signal: exit 143 and no line, and the sort's sbench-sort-N directory (115-138 MB of run files for 3,000,000
     * records) left in the temporary directory each time. It now stops as convert does.
     */
    @ParameterizedTest
    @CsvSource({"TERM,143", "INT,130"})
    void inspectInterruptedWhileSortingLeavesNoTemporaryFiles(String sig, int code, @TempDir Path dir) throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path trace = unsortedTrace(dir, true);
        try (ChildSbench inspect = ChildSbench.start(dir, List.of("-Djava.io.tmpdir=" + tmp), "inspect", trace.toString(),
                "--from", "msr")) {
            inspect.await("the sort to spill", () -> !names(tmp).isEmpty());
            inspect.signal(sig);
            int exit = inspect.waitFor();
            assertEquals(List.of(), names(tmp), "no sbench-sort-N directory left");
            assertEquals(code, exit, inspect.err());
            assertEquals("sbench: interrupted (SIG" + sig + "): " + trace + " not inspected\n", inspect.err());
            assertEquals("", inspect.out());
        }
    }

    /**
     * convert and inspect reading a FIFO whose writer writes nothing more: a stop signal went unheard until the writer
     * wrote or closed (a thread blocked in a FIFO's read wakes for no interrupt), so kill -TERM did not end them. The
     * writer here keeps the FIFO open for the whole test.
     */
    @ParameterizedTest
    @CsvSource({"convert,TERM,143", "inspect,HUP,129"})
    void aCommandWaitingOnAPipeStopsAtASignal(String command, String sig, int code, @TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("trace.csv");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Path out = dir.resolve("out.sbt");
        String[] args = command.equals("convert") ? new String[] {"convert", fifo.toString(), out.toString(), "--from", "msr"}
                : new String[] {"inspect", fifo.toString(), "--from", "msr"};
        try (ChildSbench child = ChildSbench.start(dir, List.of(), args);
             java.io.OutputStream held = Files.newOutputStream(fifo)) {
            held.write((MSR_START_TICKS + ",hm,0,Read,0,4096,100\n").getBytes(StandardCharsets.US_ASCII));
            held.flush();
            child.signal(sig);
            assertEquals(code, child.waitFor(), child.err());
            assertEquals("sbench: interrupted (SIG" + sig + "): " + (command.equals("convert") ? out + " not written"
                    : fifo + " not inspected") + "\n", child.err());
            assertFalse(Files.exists(out), "no output");
        }
    }

    /**
     * inspect reading a trace.dat from a FIFO copies it into the temporary directory (a file deleted as soon as it is open,
     * held open while read): a stop signal while the copy waits on the FIFO ends the command as for any trace, and the copy
     * with it. Until 2026-12-07 a trace.dat from a pipe was refused.
     */
    @ParameterizedTest
    @CsvSource({"TERM,143", "INT,130"})
    void inspectInterruptedWhileCopyingATraceDatLeavesNothing(String sig, int code, @TempDir Path dir) throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path fifo = dir.resolve("trace.dat");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        byte[] dat = traceDat();
        try (ChildSbench inspect = ChildSbench.start(dir, List.of("-Djava.io.tmpdir=" + tmp), "inspect", fifo.toString());
             java.io.OutputStream held = Files.newOutputStream(fifo)) {
            held.write(dat, 0, dat.length / 2);
            held.flush();
            inspect.await("the copy to be open", () -> !openIn(inspect.pid(), tmp).isEmpty());
            assertEquals(List.of(), names(tmp), "the copy deleted once open");
            inspect.signal(sig);
            assertEquals(code, inspect.waitFor(), inspect.err());
            assertEquals("sbench: interrupted (SIG" + sig + "): " + fifo + " not inspected\n", inspect.err());
            assertEquals(List.of(), names(tmp));
        }
    }

    /** many6.dat of the trace-formats fixtures: a trace.dat of trace-cmd, version 6, 6,000 IOs on two CPUs (2.3 MB). */
    static byte[] traceDat() throws IOException {
        try (java.io.InputStream in = new java.util.zip.GZIPInputStream(StopSignalsChildTest.class.getResourceAsStream(
                "/org/sbench/trace/format/tracecmd/many6.dat.gz"))) {
            return in.readAllBytes();
        }
    }

    /** The files of {@code dir} process {@code pid} holds open (a deleted one with " (deleted)"). */
    static List<String> openIn(long pid, Path dir) {
        try (Stream<Path> fds = Files.list(Path.of("/proc/" + pid + "/fd"))) {
            return fds.map(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString();
                } catch (IOException closed) {
                    return "";
                }
            }).filter(target -> target.startsWith(dir + "/")).toList();
        } catch (IOException ended) {
            return List.of();
        }
    }

    /** Interrupted while its sort streams (the trace within the sort's memory of order), convert leaves no partial output. */
    @ParameterizedTest
    @CsvSource({"TERM,143", "INT,130"})
    void convertInterruptedWhileStreamingLeavesNoPartialOutput(String sig, int code, @TempDir Path dir) throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path out = Files.createDirectory(dir.resolve("out")).resolve("sorted.sbt");
        try (ChildSbench convert = ChildSbench.start(dir, List.of("-Djava.io.tmpdir=" + tmp), "convert",
                unsortedTrace(dir, false).toString(), out.toString(), "--from", "msr")) {
            convert.await("the output to be written", () -> !names(out.getParent()).isEmpty());
            convert.signal(sig);
            int exit = convert.waitFor();
            assertEquals(List.of(), names(out.getParent()), "no partial output left");
            assertEquals(List.of(), names(tmp), "nothing spilled");
            assertEquals(code, exit, convert.err());
            assertEquals("sbench: interrupted (SIG" + sig + "): " + out + " not written\n", convert.err());
        }
    }

    /**
     * More records out of issue order (each pair swapped) than the sort holds in memory, gzipped;
     * with {@code farFirst}, the first IO a little further on than the sort's memory: convert's
     * streaming sort finds it too late at once, and the file is read again by a sort that spills
     * for seconds.
     */
    static Path unsortedTrace(Path dir, boolean farFirst) throws IOException {
        Path trace = dir.resolve("unsorted.csv.gz");
        try (Writer w = new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(trace)), StandardCharsets.US_ASCII)) {
            for (int i = 0; i < SPILLING_IOS; i++) {
                w.write(MSR_START_TICKS + unsortedSlot(i, farFirst) * TICKS_BETWEEN_IOS + ",hm,0,Read," + i * 4096L + ",4096,100\n");
            }
        }
        return trace;
    }

    /** Where IO {@code i} of {@link #unsortedTrace} is in issue order. */
    static int unsortedSlot(int i, boolean farFirst) {
        int firstAt = ReadOptions.DEFAULT_SORT_MEMORY_RECORDS + 2;
        if (farFirst && (i == 0 || i == firstAt)) {
            return i == 0 ? firstAt : 0;
        }
        return i % 2 == 0 ? i + 1 : i - 1;
    }

    /**
     * A signal while a bundled workload is made ends sbench at once, with nothing left: it went
     * unheard until the workload was made (destroyer: 2.4 GB, 30 s here), and a result of no IO was
     * written after. The signal goes as soon as the progress line says destroyer is being made; the
     * line ends with it (the shell's prompt was written on the progress line).
     */
    @Test
    void aSignalWhileTheWorkloadIsMadeEndsSbenchWithNoResultAndNoPartFile(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("cache");
        try (ChildSbench child = ChildSbench.startWithCache(dir, cache, "replay", "destroyer", "--target", "null", "--out", "r.json",
                "--progress", "always")) {
            child.awaitErr("generating destroyer");
            child.signal("TERM");
            assertEquals(143, child.waitFor(), child.err());
            assertTrue(child.err().endsWith("\n"), "the progress line ends before the shell's prompt: " + child.err());
        }
        assertFalse(Files.exists(dir.resolve("r.json")), "no replay, no result");
        assertEquals(List.of(), workloadFiles(cache), "no part of the workload kept");
    }

    /**
     * A signal while sbench reads its command line, before any command began (a second and more under load: picocli
     * builds every command's model first), ends it at once with a line, where the JVM's default ended it with no line.
     * The child is held in the parse by an {@code @FILE} argument that is a FIFO: it blocks reading it until this end
     * is opened, and opening this end returns once the child opened its own.
     */
    @ParameterizedTest
    @CsvSource({"TERM,143", "HUP,129", "INT,130"})
    void aSignalBeforeTheCommandBeganEndsSbenchWithALine(String sig, int code, @TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("args");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        try (ChildSbench child = ChildSbench.start(dir, List.of(), "@" + fifo);
             java.io.OutputStream held = Files.newOutputStream(fifo)) {
            child.signal(sig);
            assertEquals(code, child.waitFor(), child.err());
            assertEquals("sbench: interrupted (SIG" + sig + ") as it started: nothing done\n", child.err());
        }
    }

    /**
     * A signal during replay's planning pass (statistics and SHA-256, here a sort that spills for
     * seconds) ends it at once, as a signal while a bundled workload is made does: nothing replayed,
     * no result, the sort's files deleted. The pass went on to its end (17 s for destroyer), and a
     * result of no IO was written after.
     */
    @ParameterizedTest
    @CsvSource({"TERM,143", "INT,130"})
    void aSignalWhileTheTraceIsPlannedEndsSbenchWithNoResult(String sig, int code, @TempDir Path dir) throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path trace = unsortedTrace(dir, true);
        try (ChildSbench replay = ChildSbench.start(dir, List.of("-Djava.io.tmpdir=" + tmp), "replay", trace.toString(), "--from", "msr",
                "--target", "null", "--out", "r.json", "--progress", "always")) {
            // The sort spills early in the pass (its first 262,144 records); the progress line shows only after a second,
            // which left too little of the pass on a quiet machine: it ended before the signal came.
            replay.await("the planning pass's sort to spill", () -> !names(tmp).isEmpty());
            replay.signal(sig);
            assertEquals(code, replay.waitFor(), replay.err());
            assertTrue(("\n" + replay.err()).endsWith("\nsbench: interrupted (SIG" + sig + ") while planning " + trace
                    + ": nothing replayed, no result written\n"), "on a line of its own, after a progress line if any: " + replay.err());
        }
        assertFalse(Files.exists(dir.resolve("r.json")), "no replay, no result");
        assertEquals(List.of(), names(tmp), "no sbench-sort-N directory left");
    }

    /**
     * After the planning pass, the replay's own reading sorts an out-of-order trace whole before its
     * first IO: a signal then ends it as one during the planning pass does, nothing replayed, no
     * result, the sort's files deleted. It went on to the sort's end, and a result of no IO was
     * written after. The run's sort is the second directory the trace's sorts make.
     */
    @Test
    void aSignalWhileTheReplaySortsItsTraceEndsSbenchWithNoResult(@TempDir Path dir) throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path trace = unsortedTrace(dir, true);
        try (ChildSbench replay = ChildSbench.start(dir, List.of("-Djava.io.tmpdir=" + tmp), "replay", trace.toString(), "--from", "msr",
                "--target", "null", "--out", "r.json", "--progress", "none")) {
            // No progress line: a loaded machine's planning pass passes the 10 s after which one is printed.
            replay.await("the planning pass's sort to spill", () -> !names(tmp).isEmpty());
            List<String> planning = names(tmp);
            replay.await("the run's sort to spill", () -> names(tmp).stream().anyMatch(n -> !planning.contains(n)));
            replay.signal("TERM");
            assertEquals(143, replay.waitFor(), replay.err());
            assertEquals("sbench: interrupted (SIGTERM) while sorting " + trace + " for the replay: nothing replayed, no result written\n",
                    replay.err());
        }
        assertFalse(Files.exists(dir.resolve("r.json")), "no replay, no result");
        assertEquals(List.of(), names(tmp), "no sbench-sort-N directory left");
    }

    /**
     * A signal after the planning pass, once the replay made its file target and before its first IO
     * (the child held with SIGSTOP, signalled, let go), ends it as one during the planning pass does:
     * nothing replayed, no result, the file deleted. A result of no IO was written ("stopped after 0
     * of 1,000 IOs").
     */
    @Test
    void aSignalBeforeTheFirstIoEndsSbenchWithNoResult(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("in-order.csv");
        StringBuilder ios = new StringBuilder();
        for (int i = 0; i < 1000; i++) {
            ios.append(MSR_START_TICKS + i * TICKS_BETWEEN_IOS).append(",hm,0,Read,").append(i * 4096L).append(",4096,100\n");
        }
        Files.writeString(trace, ios);
        Path file = dir.resolve("new.img");
        try (ChildSbench replay = ChildSbench.start(dir, List.of(), "replay", trace.toString(), "--from", "msr", "--target",
                file.toString(), "--out", "r.json")) {
            replay.await("the file target", () -> Files.exists(file));
            replay.signal("STOP");
            replay.signal("TERM");
            replay.signal("CONT");
            assertEquals(143, replay.waitFor(), replay.err());
            assertEquals("sbench: making " + file + ", a new file of 4.19 MB (what the trace reaches)\nsbench: deleted " + file
                    + ", the new file made for this run\nsbench: interrupted (SIGTERM) before the first IO of " + trace + ": nothing"
                    + " replayed, no result written\n", replay.err());
        }
        assertFalse(Files.exists(dir.resolve("r.json")), "no replay, no result");
        assertFalse(Files.exists(file), "the file the replay made is deleted");
    }

    /**
     * A signal while a scenario's checks plan its replay's trace ends sbench at once, with no bundle;
     * one while the step's run sorts the trace, before its first IO, ends the run before that step,
     * which the bundle does not hold (a resume runs it), the sort's files deleted. The planning pass
     * went on to its end, and the step's sort too, and the step was recorded with no IO.
     */
    @Test
    void aSignalWhileAScenarioPlansOrSortsATraceEndsTheRunBeforeItsStep(@TempDir Path dir) throws Exception {
        Path tmp = Files.createDirectory(dir.resolve("tmp"));
        Path trace = unsortedTrace(dir, true);
        Path s = Files.writeString(dir.resolve("s.yaml"), "name: s\nsteps:\n  - replay: {trace: " + trace + ", from: msr}\n");
        Path b = dir.resolve("b");
        try (ChildSbench run = ChildSbench.start(dir, List.of("-Djava.io.tmpdir=" + tmp), "run", s.toString(), "--target", "null",
                "--out", b.toString())) {
            run.await("the checks' planning pass to spill", () -> !names(tmp).isEmpty());
            run.signal("TERM");
            assertEquals(143, run.waitFor(), run.err());
            assertEquals("sbench: interrupted (SIGTERM) while planning " + trace + ": no step run\n", run.err());
        }
        assertFalse(Files.exists(b), "no bundle begun");
        assertEquals(List.of(), names(tmp), "no sbench-sort-N directory left");
        try (ChildSbench run = ChildSbench.start(dir, List.of("-Djava.io.tmpdir=" + tmp), "run", s.toString(), "--target", "null",
                "--out", b.toString())) {
            run.await("step 1's sort to spill", () -> run.out().contains("step 1 of at most 1") && !names(tmp).isEmpty());
            run.signal("TERM");
            assertEquals(143, run.waitFor(), run.err());
            assertTrue(run.out().contains("INCOMPLETE: interrupted (SIGTERM) before step 1;"), run.out());
        }
        assertEquals(List.of(), names(tmp), "no sbench-sort-N directory left");
        org.sbench.step.Bundle stopped = org.sbench.step.BundleDirectory.open(b).read();
        assertFalse(stopped.complete());
        assertEquals(List.of(), stopped.steps(), "step 1 is not recorded");
    }

    /**
     * demo and run make a missing bundled workload before they take the stop signals, as replay
     * does: a signal then ends sbench at once, with no result or bundle and no part of the workload
     * in the cache. They took the signals first, and the signal went unheard until the workload was
     * made. The demo's workload is made in a moment: it is held (SIGSTOP) while its part file is in
     * the cache, signalled, then let go (SIGCONT).
     */
    @ParameterizedTest
    @CsvSource({"demo", "run"})
    void aSignalWhileDemoOrRunMakesItsWorkloadEndsSbenchWithNothingLeft(String command, @TempDir Path dir) throws Exception {
        Path cache = dir.resolve("cache");
        Path out = dir.resolve("out");
        String[] args = command.equals("demo") ? new String[] {"demo", "--dir", out.toString()}
                : new String[] {"run", Files.writeString(dir.resolve("s.yaml"), "name: s\nsteps:\n  - replay: {trace: light-2011}\n")
                        .toString(), "--target", "null", "--out", out.toString()};
        try (ChildSbench child = ChildSbench.startWithCache(dir, cache, args)) {
            child.await("the workload's part file", () -> Files.isDirectory(cache.resolve("sbench"))
                    && !workloadFiles(cache).isEmpty());
            child.signal("STOP");
            child.signal("TERM");
            child.signal("CONT");
            assertEquals(143, child.waitFor(), child.err());
            assertFalse(child.out().contains("replaying"), child.out());
        }
        assertFalse(Files.exists(out), "nothing replayed, no result or bundle");
        assertEquals(List.of(), workloadFiles(cache), "no part of the workload kept");
    }

    static List<String> names(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The files of the cache ({@code XDG_CACHE_HOME} {@code cache}) but the empty lock files of its makers, which stay. */
    private static List<String> workloadFiles(Path cache) {
        return names(cache.resolve("sbench")).stream().filter(n -> !n.endsWith(".lock")).toList();
    }

    @ParameterizedTest
    @CsvSource({"TERM,143", "HUP,129"})
    void cdmStoppedBySignalKeepsThePassesThatEndedAndSaysItIsIncomplete(String sig, int code, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("cdm");
        try (ChildSbench cdm = ChildSbench.start(dir, List.of(), "cdm", "--target", "null", "--size", "64M", "--passes", "2",
                "--duration", "3s", "--progress", "--out", out.toString())) {
            cdm.awaitErr("pass 1/2");
            cdm.signal(sig);
            assertEquals(code, cdm.waitFor(), cdm.err());
        }
        assertTrue(Files.readString(out.resolve("cdm-v8.txt")).contains("INCOMPLETE: stopped (interrupted (SIG" + sig + "))"));
        try (Stream<Path> files = Files.list(out)) {
            List<String> results = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).toList();
            assertEquals(List.of("cdm-v8-seq1m-q8t1-read-random.json"), results, "the first test's first pass ended");
        }
    }
    /**
     * A replay or cdm stopped by a signal deletes the file target it created (a replay's reaches as
     * far as its trace: 64 GB for the desktop sample, left behind before) and leaves a file that
     * was there as it is; the partial result is written as before.
     */
    @ParameterizedTest
    @CsvSource({"replay,made.img", "replay,there.img", "cdm,made.img", "cdm,there.img"})
    void aRunStoppedBySignalDeletesTheFileItCreatedAndKeepsOneThatWasThere(String command, String target, @TempDir Path dir)
            throws Exception {
        Path file = dir.resolve(target);
        if (target.equals("there.img")) {
            Files.write(file, new byte[32 << 20]);
        }
        List<String> args = command.equals("replay")
                ? List.of("replay", minuteLongTrace(dir).toString(), "--target", file.toString(), "--allow-write", "--mode", "timed",
                    "--progress", "always", "--out", dir.resolve("r.json").toString())
                : List.of("cdm", "--target", file.toString(), "--allow-write", "--size", "16M", "--duration", "5s", "--progress",
                    "always", "--out", dir.resolve("cdm").toString());
        try (ChildSbench child = ChildSbench.start(dir, List.of(), args.toArray(String[]::new))) {
            child.awaitErr(command.equals("replay") ? " IOs " : "pass 1/");
            child.signal("TERM");
            assertEquals(143, child.waitFor(), child.err());
        }
        assertEquals(target.equals("there.img"), Files.exists(file), "a file the run made is deleted, one that was there kept");
    }
}
