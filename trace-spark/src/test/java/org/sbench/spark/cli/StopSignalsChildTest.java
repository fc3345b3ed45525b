// SIGINT, SIGTERM and SIGHUP end sbench-spark in a JVM of its own with one line and 128 + the signal.
package org.sbench.spark.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class StopSignalsChildTest {
    private static final long WAIT_MS = 300_000;
    private static final long POLL_MS = 50;
    /** Enough for a job of some seconds: the signal comes while it runs. */
    private static final int TRACE_LINES = 400_000;
    private static final String LINE = "128166372003061629,hm,1,Read,3154137088,4096,8921\n";

    /**
     * A signal while Spark runs the command's job (its log says so) ends the command with
     * {@code sbench-spark: interrupted (SIGTERM): nothing written} and the status docs/outputs.md
     * gives, and with nothing after it: stderr was empty before, or, when the job ran, said
     * {@code internal error: ... Cannot call methods on a stopped SparkContext}.
     */
    @ParameterizedTest
    @CsvSource({"TERM,143", "INT,130", "HUP,129"})
    void aStopSignalEndsTheCommandWithOneLineAndItsStatus(String sig, int code, @TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("t.csv"), LINE.repeat(TRACE_LINES));
        List<String> command = new ArrayList<>(List.of("env", "--default-signal=INT,TERM,HUP",
                Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        // Spark's --add-opens, as this JVM was given them.
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream().filter(a -> a.startsWith("--add-")).forEach(command::add);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), SbenchSparkCommand.class.getName(), "inspect",
                dir.resolve("t.csv").toString(), "--master", "local[1]", "--spark-log", "info"));
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(err.toFile()).start();
        try {
            long deadline = System.currentTimeMillis() + WAIT_MS;
            while (!Files.readString(err).contains("Starting job")) {
                assertTrue(p.isAlive() && System.currentTimeMillis() < deadline, "no job started: " + Files.readString(err));
                Thread.sleep(POLL_MS);
            }
            new ProcessBuilder("kill", "-" + sig, Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(WAIT_MS, TimeUnit.MILLISECONDS), "sbench-spark did not end");
            String said = Files.readString(err);
            assertEquals(code, p.exitValue(), said);
            assertTrue(said.contains("sbench-spark: interrupted (SIG" + sig + "): nothing written\n"), said);
            assertFalse(said.contains("sbench-spark: internal error"), said);
        } finally {
            p.destroyForcibly();
        }
    }
}
