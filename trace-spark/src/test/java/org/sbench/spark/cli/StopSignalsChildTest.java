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
import picocli.CommandLine;

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

    /**
     * A thread that fails after the signal (Spark's task-result-getter, whose BlockManager the shutdown hooks stop under it)
     * adds nothing to the one line: the JVM's default handler printed {@code Exception in thread "task-result-getter-0"} and
     * its stack trace (21 lines from TaskResultGetter.scala:89 after SIGINT of a convert under load).
     */
    @ParameterizedTest
    @CsvSource({"INT,130", "TERM,143"})
    void aThreadFailingAfterTheSignalPrintsNothing(String sig, int code, @TempDir Path dir) throws Exception {
        Path err = dir.resolve("err.txt");
        Path out = dir.resolve("out.txt");
        Process p = new ProcessBuilder("env", "--default-signal=INT,TERM,HUP", Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-cp", System.getProperty("java.class.path"), FailsAfterTheSignal.class.getName())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            long deadline = System.currentTimeMillis() + WAIT_MS;
            while (!Files.readString(out).contains(FailsAfterTheSignal.READY)) {
                assertTrue(p.isAlive() && System.currentTimeMillis() < deadline, "not ready: " + Files.readString(err));
                Thread.sleep(POLL_MS);
            }
            new ProcessBuilder("kill", "-" + sig, Long.toString(p.pid())).start().waitFor();
            assertTrue(p.waitFor(WAIT_MS, TimeUnit.MILLISECONDS), "the child did not end");
            assertEquals(code, p.exitValue());
            assertEquals("sbench-spark: interrupted (SIG" + sig + "): nothing written\n", Files.readString(err));
        } finally {
            p.destroyForcibly();
        }
    }

    /** A command waiting for a signal, whose shutdown hook fails a thread as Spark's stopping does. */
    static final class FailsAfterTheSignal {
        static final String READY = "ready";

        public static void main(String[] args) throws InterruptedException {
            CommandLine line = SbenchSparkCommand.newCommandLine();
            SbenchSparkCommand.endOnStopSignals(line.getCommand(), line.getErr());
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                Thread getter = new Thread(() -> {
                    throw new IllegalStateException("BlockManager stopped");
                }, "task-result-getter-0");
                getter.start();
                try {
                    getter.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
            System.out.println(READY);
            System.out.flush();
            Thread.sleep(WAIT_MS);
        }
    }
}
