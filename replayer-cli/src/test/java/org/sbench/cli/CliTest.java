package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Runs {@code sbench} commands in-process: exit code, stdout, the stderr line. */
class CliTest {
    private static final String MSR = "128166372000000000,hm,0,Read,0,4096,20000\n"
            + "128166372000010000,hm,0,Read,4096,4096,5000\n"
            + "128166372000005000,hm,0,Write,1048576,65536,100\n"
            + "128166372000500000,hm,1,Write,8192,512,100\n";

    record Run(int code, String out, String err) {
    }

    /** A command run in-process with what it wrote to the JVM's standard output (where '-' and --json go). */
    record Captured(Run run, String stdout) {
    }

    static Captured capturingStdout(java.util.function.Supplier<Run> command) {
        java.io.PrintStream saved = System.out;
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        System.setOut(new java.io.PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            return new Captured(command.get(), bytes.toString(java.nio.charset.StandardCharsets.UTF_8));
        } finally {
            System.setOut(saved);
        }
    }

    /**
     * The line a command gives when this JVM started with SIGINT ignored, as it does when the build
     * runs as a background job of a script: the environment's, not the command's, so runs leave it
     * out ({@code StopSignalsChildTest} checks the note itself, in a child started so).
     */
    private static final String IGNORED_CTRL_C_NOTE = "note: Ctrl-C (SIGINT) is ignored by this process;";

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = SbenchCommand.newCommandLine();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int code = cl.execute(args);
        return new Run(code, out.toString(), withoutIgnoredCtrlCNote(err.toString()));
    }

    /** A new directory under {@code base} whose path is 3,765 characters longer (15 of 250, each as long as a name may be). */
    static Path hugeDirectory(Path base) throws IOException {
        Path deep = base;
        for (int i = 0; i < 15; i++) {
            deep = deep.resolve("d".repeat(250));
        }
        return Files.createDirectories(deep);
    }

    /** What a usage error of {@code sbench COMMAND} ({@code ""}: of sbench itself) prints: {@code message} and where the help is. */
    static String usage(String command, String message) {
        return "sbench: " + message + "\nsee '" + ("sbench " + command).strip() + " --help'\n";
    }

    static String withoutIgnoredCtrlCNote(String err) {
        StringBuilder kept = new StringBuilder();
        for (String line : err.split("(?<=\n)")) {
            if (!line.startsWith(IGNORED_CTRL_C_NOTE)) {
                kept.append(line);
            }
        }
        return kept.toString();
    }

    private static Path msr(Path dir) throws IOException {
        return Files.writeString(dir.resolve("hm_0.csv"), MSR);
    }

    @Test
    void inspectJsonHasTheDocumentedKeysAsNumbers(@TempDir Path dir) throws Exception {
        Run r = run("inspect", "--json", msr(dir).toString());
        assertEquals(0, r.code(), r.err());
        JsonNode j = new ObjectMapper().readTree(r.out());
        for (String key : new String[] {"records", "reads", "writes", "trims", "flushes", "bytesRead", "bytesWritten",
                "durationNs", "sequentialPct", "maxOffset", "reordered", "skipped"}) {
            assertTrue(j.get(key).isNumber(), key);
        }
        assertEquals(4, j.get("records").asLong());
        assertEquals(500_000L * 100, j.get("durationNs").asLong());
        assertEquals(1, j.get("reordered").asLong());
        assertEquals(25.0, j.get("sequentialPct").asDouble(), 1e-9); // the second read continues the first
        JsonNode qd = j.get("qd");
        assertTrue(qd.get("known").asBoolean());
        // read@0 (outstanding until 2 ms); write@0.5ms: QD 2; read@1ms: QD 2; stream 1's write: its own queue, QD 1
        assertEquals(8, qd.get("histogram").size());
        assertEquals(2, qd.get("histogram").get(0).get("count").asLong());
        assertEquals(2, qd.get("histogram").get(1).get("count").asLong());
        assertEquals("<4K", j.get("sizeClasses").get(0).get("class").asText());
        assertEquals("4K", j.get("sizeClasses").get(1).get("class").asText());
        assertEquals(2, j.get("sizeClasses").get(1).get("reads").asLong());
        assertEquals(2, j.get("streams").size());
    }

    @Test
    void inspectTablesName(@TempDir Path dir) throws Exception {
        Run r = run("inspect", msr(dir).toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("IOs          4: 2 reads, 2 writes, 0 trims, 0 flushes"), r.out());
        assertTrue(r.out().contains("(format msr)"), r.out());
    }

    @Test
    void convertFiltersAndRoundTrips(@TempDir Path dir) throws Exception {
        Path sbt = dir.resolve("out.sbt");
        Run r = run("convert", msr(dir).toString(), sbt.toString(), "--ops", "R", "--stream", "0");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("wrote 2 records to " + sbt + " (sbt)"), r.out());
        Path csv = dir.resolve("out.csv");
        assertEquals(0, run("convert", sbt.toString(), csv.toString()).code());
        String text = Files.readString(csv);
        assertTrue(text.contains("\n0,2000000,0,4096,R,0,1,\n"), text);
        assertTrue(text.contains("\n1000000,1500000,4096,4096,R,0,2,\n"), text);
        assertEquals(0, run("convert", msr(dir).toString(), dir.resolve("late.csv").toString(), "--start", "1ms").code());
        String late = Files.readString(dir.resolve("late.csv"));
        assertTrue(late.endsWith("process\n0,500000,4096,4096,R,0,2,\n49000000,49010000,8192,512,W,1,1,\n"), late);
    }

    @Test
    void convertForFioNamesTheDeviceAndFitsTheIosOntoIt(@TempDir Path dir) throws Exception {
        Path device = Files.write(dir.resolve("disk.img"), new byte[1 << 20]);
        Path log = dir.resolve("t.iolog");
        Run r = run("convert", msr(dir).toString(), log.toString(), "--fio-device", device.toString(), "--fit", "wrap", "--stream", "0");
        assertEquals(0, r.code(), r.err());
        assertEquals("sbench: warning: " + log + ": left out what a fio log cannot hold: completion times of 3 IOs, queue depths of 3"
                + " IOs\n", r.err(), "the capacity fitted onto is the device's, which the log names");
        assertTrue(r.out().contains("fitted   onto " + device + " (1,048,576 bytes, 4096-byte blocks, --fit wrap): 1 IOs moved,"
                + " 0 widened to whole blocks"), r.out());
        List<String> lines = Files.readAllLines(log);
        assertEquals(List.of("fio version 3 iolog", "0 " + device + " add", "0 " + device + " open", "0 " + device + " read 0 4096",
                "500 " + device + " write 0 65536", "1000 " + device + " read 4096 4096", "1000 " + device + " close"), lines,
                "the write at 1 MiB wrapped to 0 of the 1 MiB file, the log opening the file itself");

        Run scaled = run("convert", msr(dir).toString(), dir.resolve("s.csv").toString(), "--capacity", "512K", "--fit", "scale",
                "--stream", "0");
        assertEquals(0, scaled.code(), scaled.err());
        String s = Files.readString(dir.resolve("s.csv"));
        assertTrue(s.contains("\n# meta: capacity=524288\n"), "the fitted capacity: " + s);
        assertTrue(s.contains("\n1000000,1500000,0,4096,R,0,2,\n"), "4 KiB times 512 KiB / the 1.0625 MiB span (1,927), down to"
                + " its 4 KiB grain: " + s);
        assertTrue(s.contains("\n500000,510000,458752,65536,W,0,2,\n"), "scaled to 493,056, which the 64 KiB write would overrun: the"
                + " last 64 KiB of the capacity, as replay places it: " + s);

        Run past = run("convert", msr(dir).toString(), dir.resolve("p.iolog").toString(), "--fio-device", device.toString(), "--stream", "0");
        assertEquals(2, past.code());
        assertEquals(usage("convert", "record 2 reaches byte 1114112, past the 1048576 bytes of " + device + "; use --fit wrap or"
                + " --fit scale"), past.err());
        assertFalse(Files.exists(dir.resolve("p.iolog")), "no half-written log");
        assertEquals(usage("convert", "record 2 reaches byte 1114112, past --capacity 1M; use --fit wrap or --fit scale"),
                run("convert", msr(dir).toString(), dir.resolve("p.csv").toString(), "--capacity", "1M", "--stream", "0").err(),
                "the capacity as typed, was 'past the 1048576 bytes of the capacity given'");
        Run streams = run("convert", msr(dir).toString(), dir.resolve("m.iolog").toString(), "--fio-device", device.toString(), "--fit",
                "wrap");
        assertEquals(usage("convert", "the trace records several devices (streams 0 and 1, at record 4); fit one of them onto "
                + device + " with --stream N"), streams.err());
        // The output's name to give was "an OUT ending .iolog".
        assertEquals(usage("convert", "--fio-device names the device a fio log opens; the output here is csv (use --to fio, or name"
                + " it " + dir.resolve("x.iolog") + ")"), run("convert", msr(dir).toString(), dir.resolve("x.csv").toString(), "--fio-device",
                device.toString()).err());
        assertEquals(usage("convert", "--fit needs a capacity to fit onto: --fio-device DEV or --capacity SIZE"),
                run("convert", msr(dir).toString(), dir.resolve("x.csv").toString(), "--fit", "wrap").err());
        assertEquals(usage("convert", "--fio-device " + dir.resolve("nowhere") + ": no block device or file of that name here; give"
                + " its capacity with --capacity SIZE"), run("convert", msr(dir).toString(), log.toString(), "--fio-device",
                dir.resolve("nowhere").toString()).err());
        Run charDevice = run("convert", msr(dir).toString(), dir.resolve("null.iolog").toString(), "--fio-device", "/dev/null",
                "--capacity", "2M", "--stream", "0");
        assertEquals(0, charDevice.code(), "--capacity given: a device that is neither a block device nor a file (fio opens"
                + " /dev/null too) needs no size of its own, was 'no block device or file of that name here': " + charDevice.err());
        assertTrue(charDevice.out().contains("fitted   onto /dev/null (2,097,152 bytes, 512-byte blocks"), charDevice.out());
    }

    @Test
    void badInputIsOneLineWithExitCode3(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.csv"), "128166372000000000,hm,0,Read,0,4096,20000\n"
                + "128166372000000001,hm,0,Wrte,0,4096,20000\n");
        Path out = dir.resolve("never.sbt");
        Run r = run("convert", bad.toString(), out.toString(), "--from", "msr");
        assertEquals(3, r.code());
        assertEquals("sbench: " + bad + ":2: expected Read or Write, found 'Wrte'\n", r.err());
        assertFalse(Files.exists(out));
        try (var s = Files.list(dir)) {
            assertEquals(1, s.count(), "no partial output left behind");
        }
        Run skip = run("convert", bad.toString(), out.toString(), "--from", "msr", "--skip-bad", "1");
        assertEquals(0, skip.code(), skip.err());
        assertTrue(skip.out().contains("skipped 1 bad records"), skip.out());
    }

    @Test
    void usageErrors(@TempDir Path dir) throws Exception {
        assertEquals(2, run("convert", msr(dir).toString(), dir.resolve("x.out").toString()).code());
        Run r = run("convert", msr(dir).toString(), dir.resolve("x.csv").toString(), "--start", "5 parsecs");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("'5 parsecs' is not a duration"), r.err());
        assertEquals(2, run("inspect", msr(dir).toString(), "--from", "nope").code());
        assertEquals(3, run("inspect", dir.resolve("missing").toString()).code());
    }

    @Test
    void durations() {
        DurationConverter d = new DurationConverter();
        assertEquals(500_000L, d.convert("500us"));
        assertEquals(25_000_000L, d.convert("25ms"));
        assertEquals(8_000_000_000L, d.convert("8s"));
        assertEquals(300_000_000_000L, d.convert("5m"));
        assertEquals(1_500_000L, d.convert("1.5ms"));
        assertEquals(0L, d.convert("0"));
    }
}
