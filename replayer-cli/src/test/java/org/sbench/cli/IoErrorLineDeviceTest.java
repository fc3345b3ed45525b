// A run with IO errors says so in one line on stderr: by op and error, and the first failing IO.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.result.JsonResults;
import org.sbench.result.ReplayResult;
import org.sbench.target.LoopDevice;
import org.sbench.target.Tmpfs;
import picocli.CommandLine;

/**
 * IO errors from a real device: a loop device over a sparse file on a small tmpfs, whose writes
 * fail once the tmpfs is full. Root only.
 */
@Tag("device")
class IoErrorLineDeviceTest {
    private static final long MIB = 1 << 20;
    private static final long DEVICE_BYTES = 64 * MIB;
    private static final String ERROR_LINE = "sbench: (IO error in SEQ1M Q8T1 write pass 1: )?[0-9]+ IO errors? \\(write: E[A-Z]+ [0-9]+\\);"
            + " first: write of 1048576 bytes at offset [0-9]+, E[A-Z]+";
    private static final long WAIT_MS = 60_000;

    @TempDir
    Path dir;

    @BeforeEach
    void needRoot() {
        LoopDevice.assumeRoot();
    }

    private static List<String> sbenchLines(String err) {
        return err.lines().filter(l -> l.startsWith("sbench: ")).toList();
    }

    @Test
    void aReplayWhoseWritesFailSaysSoInOneLine() throws Exception {
        StringBuilder trace = new StringBuilder();
        for (int i = 0; i < 16; i++) {
            trace.append(128166372000000000L + i * 10_000L).append(",hm,0,Write,").append(i * MIB).append(",1048576,100\n");
        }
        Path msr = Files.writeString(dir.resolve("writes.csv"), trace);
        Path json = dir.resolve("r.json");
        try (Tmpfs fs = Tmpfs.mount(Files.createDirectory(dir.resolve("small")), 2 * MIB);
             LoopDevice loop = LoopDevice.createIn(fs.dir(), DEVICE_BYTES)) {
            CliTest.Run r = CliTest.run("replay", msr.toString(), "--target", loop.path().toString(), "--allow-write",
                    "--out", json.toString());
            assertEquals(ExitCodes.IO_ERRORS, r.code(), r.err());
            List<String> lines = sbenchLines(r.err());
            assertEquals(1, lines.size(), r.err());
            assertTrue(lines.get(0).matches(ERROR_LINE), lines.get(0));
            ReplayResult.FirstError first = new JsonResults().read(json).firstError();
            assertTrue(lines.get(0).endsWith(" at offset " + first.offsetBytes() + ", " + first.error()), lines.get(0));
            assertTrue(first.offsetBytes() >= MIB, "the first MiB fits: " + first);
        }
    }

    @Test
    void aCdmPassWhoseWritesFailSaysSoInOneLine() throws Exception {
        StringWriter err = new StringWriter();
        try (Tmpfs fs = Tmpfs.mount(Files.createDirectory(dir.resolve("small")), 24 * MIB);
             LoopDevice loop = LoopDevice.createIn(fs.dir(), DEVICE_BYTES)) {
            CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> {
                CommandLine cl = SbenchCommand.newCommandLine();
                cl.setOut(new PrintWriter(new StringWriter()));
                cl.setErr(new PrintWriter(err, true));
                return cl.execute("cdm", "--target", loop.path().toString(), "--allow-write", "--size", "16M", "--passes", "2",
                        "--duration", "1s", "--progress");
            });
            long deadline = System.currentTimeMillis() + WAIT_MS;
            while (!err.toString().contains("read  random pass 1/2")) {
                assertTrue(System.currentTimeMillis() < deadline && !run.isDone(), err.toString());
                Thread.sleep(10);
            }
            // While the second read pass runs, the region loses its blocks and the tmpfs fills: the write pass fails.
            LoopDevice.run("fallocate", "--punch-hole", "--offset", "0", "--length", Long.toString(DEVICE_BYTES), loop.image().toString());
            fs.fillLeaving(0);
            assertEquals(ExitCodes.IO_ERRORS, run.get(WAIT_MS, TimeUnit.MILLISECONDS), err.toString());
        }
        List<String> lines = sbenchLines(err.toString());
        assertEquals(1, lines.size(), err.toString());
        assertTrue(lines.get(0).matches(ERROR_LINE), lines.get(0));
        assertTrue(lines.get(0).startsWith("sbench: IO error in SEQ1M Q8T1 write pass 1: "), lines.get(0));
    }

    /**
     * A scenario step whose writes fail says so in one line naming the step, as replay, the steps and
     * cdm do: before, {@code run} exited 1 with nothing on stderr (found by hand on a loop device over a
     * full tmpfs: the table said "stopped (IO error)", and no line said which error or where).
     */
    @Test
    void aScenarioStepWhoseWritesFailSaysSoInOneLine() throws Exception {
        Path scenario = Files.writeString(dir.resolve("s.yaml"), "name: s\nsteps:\n  - fill: {passes: 1, bs: 1M}\n");
        try (Tmpfs fs = Tmpfs.mount(Files.createDirectory(dir.resolve("small")), 2 * MIB);
             LoopDevice loop = LoopDevice.createIn(fs.dir(), DEVICE_BYTES)) {
            CliTest.Run r = CliTest.run("run", scenario.toString(), "--target", loop.path().toString(), "--allow-write",
                    "--progress", "none", "--out", dir.resolve("b").toString());
            assertEquals(ExitCodes.IO_ERRORS, r.code(), r.err());
            List<String> lines = sbenchLines(r.err());
            assertEquals(1, lines.size(), r.err());
            assertTrue(lines.get(0).matches(ERROR_LINE.replace("sbench: ", "sbench: IO error in step 1 \\(fill [^)]*\\): ")),
                    lines.get(0));
        }
    }
}
