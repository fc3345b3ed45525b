package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sbench.result.JsonResults;
import org.sbench.result.ReplayResult;

/** {@code sbench demo} as a user runs it: its own JVM, in a directory of the user's, stopped by Ctrl-C, kill or hang-up. */
class DemoCommandTest {
    private static final long SIGINT_BIT = 1L << 1;
    /** A progress line of a replay that has replayed IOs. */
    private static final Pattern IOS_DONE = Pattern.compile("replay: [1-9][0-9,]* of ");
    /** The last line of a demo stopped before its first IO (the workload's file in the cache named). */
    private static final Pattern BEFORE_FIRST_IO = Pattern.compile(
            "(?:\\A|\n)sbench: interrupted \\(SIGTERM\\) before the first IO of \\S+/light-2010-\\S+\\.sbt: nothing replayed,"
                    + " no result written\n\\z");

    /** A signal after the replay's first IO: the incomplete result is reported and written, the scratch file deleted. */
    @ParameterizedTest
    @CsvSource({"INT,130", "TERM,143", "HUP,129"})
    void aSignalEndsTheDemoWithItsResultAndNoScratchFile(String sig, int code, @TempDir Path dir) throws Exception {
        assumeTrue(!sig.equals("INT") || (ignoredSignals() & SIGINT_BIT) == 0, "SIGINT is ignored here, and so it would be in the demo");
        // A file of the workload's name in the working directory is not the bundled trace.
        Path cwd = Files.createDirectory(dir.resolve("cwd"));
        Files.writeString(cwd.resolve("light-2010"), "not a trace\n");
        Path work = dir.resolve("work");
        Path scratch = work.resolve("scratch.img");
        String stdout;
        String stderr;
        try (ChildSbench demo = ChildSbench.start(cwd, List.of(), "demo", "--dir", work.toString(), "--json", "--progress", "always")) {
            demo.await("IOs replayed", () -> IOS_DONE.matcher(demo.err()).find());
            demo.signal(sig);
            assertEquals(code, demo.waitFor(), demo.out() + demo.err());
            stdout = demo.out();
            stderr = demo.err();
        }
        assertFalse(Files.exists(scratch), "the scratch file is deleted");
        ReplayResult result = new JsonResults().read(work.resolve("light-2010.json"));
        assertFalse(result.complete());
        assertEquals("interrupted (SIG" + sig + ")", result.stopReason());
        assertTrue(result.summary().ios() > 0, "IOs replayed");
        assertEquals(new ObjectMapper().readTree(work.resolve("light-2010.json").toFile()), new ObjectMapper().readTree(stdout),
                "--json: the result alone on stdout");
        assertTrue(stderr.contains("sbench demo: replaying light-2010"), "the tables on stderr: " + stderr);
        try (Stream<Path> files = Files.list(work)) {
            assertEquals(List.of("light-2010.html", "light-2010.json"), files.map(p -> p.getFileName().toString()).sorted().toList());
        }
    }

    /**
     * A signal once the scratch file is made, before the replay's first IO (the child is held with
     * SIGSTOP, signalled, let go), ends the demo as one during the planning pass does: nothing
     * replayed, no result, the scratch file and the --dir it made deleted. A result of no IO was
     * written ("stopped after 0 of 57,769 IOs"), with its HTML report.
     */
    @Test
    void aSignalBeforeTheFirstIoEndsTheDemoWithNoResult(@TempDir Path dir) throws Exception {
        Path work = dir.resolve("work");
        Path scratch = work.resolve("scratch.img");
        try (ChildSbench demo = ChildSbench.start(dir, List.of(), "demo", "--dir", work.toString())) {
            demo.await("the scratch file", () -> Files.exists(scratch));
            demo.signal("STOP");
            demo.signal("TERM");
            demo.signal("CONT");
            assertEquals(143, demo.waitFor(), demo.out() + demo.err());
            assertTrue(BEFORE_FIRST_IO.matcher(demo.err()).find(), "on a line of its own, the last: " + demo.err());
        }
        assertFalse(Files.exists(work), "no result, no scratch file: the --dir the demo made is removed");
    }

    @Test
    void aDirThatCannotBeMadeIsAOneLineError(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("file"), "x");
        CliTest.Run r = CliTest.run("demo", "--dir", file.resolve("work").toString());
        assertEquals(ExitCodes.USAGE, r.code(), r.err());
        assertEquals(CliTest.usage("demo", "--dir " + file.resolve("work") + ": " + file + " is not a directory"), r.err());
    }

    /** A file of the scratch file's name in --dir is the user's: demo was refused writing it (exit 4), then deleted it. */
    @Test
    void aScratchFileInTheDirIsLeftAsItWas(@TempDir Path dir) throws IOException {
        Path scratch = Files.writeString(dir.resolve("scratch.img"), "the user's\n");
        CliTest.Run r = CliTest.run("demo", "--dir", dir.toString());
        assertEquals(ExitCodes.USAGE, r.code(), r.err());
        assertEquals(CliTest.usage("demo", "--dir " + dir + ": " + scratch + " is there already, and demo replays onto a new"
                + " scratch file of that name and deletes it: move it away, or give another --dir"), r.err());
        assertEquals("the user's\n", Files.readString(scratch));
    }

    private static long ignoredSignals() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("SigIgn:")) {
                return Long.parseLong(line.substring("SigIgn:".length()).trim(), 16);
            }
        }
        return 0;
    }
}
