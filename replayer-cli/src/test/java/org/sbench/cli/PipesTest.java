package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.trace.format.Fifos;
import org.sbench.trace.input.ReadOptions;

/** Traces read from pipes: a FIFO, {@code <(zcat ...)} and {@code -} (standard input) are read once, never reopened. */
class PipesTest {
    private static final Duration NEVER_HANGS = Duration.ofSeconds(60);
    private static final int RECORDS = 20_000;

    private static byte[] msr() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < RECORDS; i++) {
            b.append(128166372000000000L + 10L * i).append(",hm,0,Read,").append(4096L * i).append(",4096,200\n");
        }
        return b.toString().getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] gzip(byte[] content) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream gz = new GZIPOutputStream(out)) {
            gz.write(content);
        }
        return out.toByteArray();
    }

    @Test
    void inspectReadsAFifo(@TempDir Path dir) throws Exception {
        Path fifo = Fifos.fed(dir.resolve("msr.fifo"), gzip(msr()));
        CliTest.Run r = assertTimeoutPreemptively(NEVER_HANGS, () -> CliTest.run("inspect", "--json", fifo.toString()));
        assertEquals(0, r.code(), r.err());
        assertEquals(RECORDS, new ObjectMapper().readTree(r.out()).get("records").asLong());
    }

    @Test
    void convertReadsAFifo(@TempDir Path dir) throws Exception {
        Path fifo = Fifos.fed(dir.resolve("msr.fifo"), msr());
        Path sbt = dir.resolve("out.sbt");
        CliTest.Run r = assertTimeoutPreemptively(NEVER_HANGS, () -> CliTest.run("convert", fifo.toString(), sbt.toString()));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("wrote 20,000 records to " + sbt), r.out());
    }

    @Test
    void replayRefusesAFifoWithoutOpeningIt(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("never-opened.fifo");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        CliTest.Run r = assertTimeoutPreemptively(NEVER_HANGS, () -> CliTest.run("replay", fifo.toString(), "--target", "null"));
        assertEquals(2, r.code(), r.err());
        assertEquals(CliTest.usage("replay", fifo + " is not a regular file (a pipe or device): replay reads its trace twice, a"
                + " planning pass and then the replay, and a pipe can be read once; convert it first (sbench convert " + fifo
                + " trace.sbt) and replay that"), r.err());
    }

    @Test
    void dashReadsStandardInput(@TempDir Path dir) throws Exception {
        CliTest.Run inspect = sbench(msr(), "inspect", "--json", "-");
        assertEquals(0, inspect.code(), inspect.err());
        assertEquals(RECORDS, new ObjectMapper().readTree(inspect.out()).get("records").asLong());
        Path sbt = dir.resolve("stdin.sbt");
        CliTest.Run convert = sbench(gzip(msr()), "convert", "-", sbt.toString());
        assertEquals(0, convert.code(), convert.err());
        assertTrue(Files.size(sbt) > 48L * RECORDS);
        CliTest.Run replay = sbench(msr(), "replay", "-", "--target", "null");
        assertEquals(2, replay.code());
        assertTrue(replay.err().startsWith("sbench: /dev/stdin is not a regular file (a pipe or device): replay reads its trace"
                + " twice"), replay.err());
    }

    /**
     * A file more out of order than the sort holds in memory (its first read moved to the end) is
     * read twice by inspect and convert, the second time spilling as a pipe's sort does: both give
     * what they give from the pipe.
     */
    @Test
    void aFileMoreOutOfOrderThanTheSortHoldsGivesWhatAPipeGives(@TempDir Path dir) throws Exception {
        int records = ReadOptions.DEFAULT_SORT_MEMORY_RECORDS + 1000;
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= records; i++) {
            int at = i == records ? 0 : i;
            b.append(128166372000000000L + 10L * at).append(",hm,0,").append(at % 3 == 0 ? "Write," : "Read,")
                    .append(4096L * (at % 5000)).append(",4096,").append(200 + at % 7).append('\n');
        }
        byte[] trace = b.toString().getBytes(StandardCharsets.US_ASCII);
        Path file = Files.write(dir.resolve("late.csv"), trace);
        CliTest.Run fromFile = CliTest.run("inspect", "--json", file.toString());
        Path fifo = Fifos.fed(dir.resolve("late.fifo"), trace);
        CliTest.Run fromPipe = assertTimeoutPreemptively(NEVER_HANGS, () -> CliTest.run("inspect", "--json", fifo.toString()));
        assertEquals(0, fromFile.code(), fromFile.err());
        assertEquals(0, fromPipe.code(), fromPipe.err());
        assertEquals(fromPipe.out(), fromFile.out());
        assertEquals(1, new ObjectMapper().readTree(fromFile.out()).get("reordered").asLong());

        Path fileCsv = dir.resolve("from-file.csv");
        Path pipeCsv = dir.resolve("from-pipe.csv");
        Path fifo2 = Fifos.fed(dir.resolve("late2.fifo"), trace);
        assertEquals(0, CliTest.run("convert", file.toString(), fileCsv.toString()).code());
        assertEquals(0, assertTimeoutPreemptively(NEVER_HANGS, () -> CliTest.run("convert", fifo2.toString(), pipeCsv.toString())).code());
        assertEquals(records(pipeCsv), records(fileCsv));
        assertEquals(records + 1, records(fileCsv).size(), "a header and every record");
    }

    /** The lines of a CSV trace that are not comments (the source's name is in one). */
    private static List<String> records(Path csv) throws IOException {
        return Files.readAllLines(csv).stream().filter(l -> !l.startsWith("#")).toList();
    }

    /** Runs {@code sbench ARGS} in a JVM of its own, its standard input a pipe fed {@code stdin}, to its end. */
    private static CliTest.Run sbench(byte[] stdin, String... args) throws Exception {
        List<String> command = ChildSbench.java(List.of());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).start();
        Thread feeder = new Thread(() -> {
            try (OutputStream in = p.getOutputStream()) {
                in.write(stdin);
            } catch (IOException e) {
                // A command that stops reading early closes the pipe; its exit status tells.
            }
        });
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Thread drain = new Thread(() -> {
            try {
                p.getErrorStream().transferTo(err);
            } catch (IOException ignored) {
                // The stream ends with the process.
            }
        });
        feeder.start();
        drain.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(NEVER_HANGS.toSeconds(), TimeUnit.SECONDS), "sbench " + String.join(" ", args) + " hung");
        drain.join();
        feeder.join();
        return new CliTest.Run(p.exitValue(), new String(out, StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
