package org.sbench.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.trace.Jdks;

/**
 * {@code ./sbench-spark} as a user runs it, after the build that ran this test (failsafe runs after
 * package): the launcher script starts the command in a JVM of its own; its exit status and every
 * line it writes on stderr count. A {@code mvn} that fails comes first on the PATH, so a launcher
 * that would build again fails instead.
 */
class LauncherIT {
    private static final Path LAUNCHER = Path.of("..", "sbench-spark").toAbsolutePath().normalize();
    private static final Path TEST_CLASSES = Path.of("target", "test-classes").toAbsolutePath();
    private static final long TIMEOUT_S = 600;
    private static final String LINE = "128166372003061629,hm,1,Read,3154137088,4096,8921\n";
    private static final String BAD_LINE = "128166372003061630,hm,1,Wrte,3154137088,4096,8921\n";

    private static final Path LAUNCHER_DIR = Path.of(System.getProperty("sbench.launcher.dir"));
    private static final String MAKING = "sbench-spark: making the class data archive for faster starts (once per build)...";

    @TempDir
    static Path dir;
    /** The first run after the build, {@code inspect good.csv}: it made the class data archive. */
    private static Run first;

    private record Run(int status, String out, List<String> err) {
    }

    @BeforeAll
    static void failingMavenInputsAndTheArchive() throws IOException, InterruptedException {
        Path mvn = Files.createDirectories(dir.resolve("bin")).resolve("mvn");
        Files.writeString(mvn, "#!/bin/sh\necho 'mvn ran' >&2\nexit 1\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        // Several splits of 4 KiB, the bad records in the middle ones: tasks fail while others run.
        Files.createDirectories(dir.resolve("bad"));
        Files.writeString(dir.resolve("bad/a.csv"), LINE.repeat(3000) + BAD_LINE + LINE.repeat(3000));
        Files.writeString(dir.resolve("bad/b.csv"), LINE.repeat(2000) + BAD_LINE + LINE.repeat(1000) + BAD_LINE + LINE.repeat(2000));
        Files.writeString(dir.resolve("good.csv"), LINE.repeat(100));
        first = run("inspect", "good.csv");
    }

    private static Run run(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(LAUNCHER.toString()));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().put("PATH", dir.resolve("bin") + ":" + System.getenv("PATH"));
        pb.environment().remove("SBENCH_SPARK_JAVA_OPTS");
        pb.environment().remove("SBENCH_SPARK_CLASSPATH");
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("./sbench-spark " + String.join(" ", args) + " still running after " + TIMEOUT_S + " s");
        }
        return new Run(p.exitValue(), Files.readString(out), Files.readAllLines(err));
    }

    private static Run run(String... args) throws IOException, InterruptedException {
        return run(Map.of(), args);
    }

    /** After mvn package (or verify), the launcher runs what the build made instead of building again. */
    @Test
    void afterTheBuildTheLauncherDoesNotBuildAgain() throws Exception {
        Run r = run("--help");
        assertEquals(List.of(), r.err());
        assertEquals(0, r.status());
        assertTrue(r.out().startsWith("Usage: sbench-spark "), r.out());
    }

    /**
     * The first run after the build makes the class data archive (docs/spark.md) and says so; the next map Spark's
     * classes from it. A truncated archive (Java 17.0.15 died on one whatever -Xshare said: SIGBUS, exit 134, an
     * hs_err file in the working directory) is not used: the command prints the same, and nothing on stderr.
     */
    @Test
    void theFirstRunMakesTheArchiveTheNextUseIt() throws Exception {
        assertEquals(List.of(MAKING), first.err());
        assertEquals(0, first.status());
        Path classes = dir.resolve("classes.log");
        Run used = run(Map.of("SBENCH_SPARK_JAVA_OPTS", "-Xlog:class+load:file=" + classes), "inspect", "good.csv");
        assertEquals(List.of(), used.err());
        assertEquals(first.out(), used.out());
        assertTrue(Files.readString(classes).contains(" org.apache.spark.SparkContext source: shared objects file (top)"));
        Path archive = LAUNCHER_DIR.resolve("cds.jsa");
        Path whole = Files.move(archive, dir.resolve("whole.jsa"));
        try {
            try (FileChannel in = FileChannel.open(whole); FileChannel out = FileChannel.open(archive, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE)) {
                in.transferTo(0, in.size() / 2, out);
            }
            Run cut = run("inspect", "good.csv");
            assertEquals(List.of(), cut.err());
            assertEquals(0, cut.status());
            assertEquals(first.out(), cut.out());
        } finally {
            Files.move(whole, archive, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * A bad record is one line on stderr, the last and only one, whatever Spark's tasks went
     * through (failed tasks, cancelled ones, their shuffle files); --spark-log brings Spark's lines back.
     */
    @Test
    void aBadRecordIsOneLineOnStderr() throws Exception {
        Run inspect = run("inspect", "bad/a.csv", "--split-size", "4K");
        assertEquals(List.of("sbench-spark: bad/a.csv:3001: expected Read or Write, found 'Wrte'"), inspect.err());
        assertEquals(3, inspect.status());
        Run skipping = run("inspect", "bad/b.csv", "--split-size", "4K", "--skip-bad", "1");
        assertEquals(List.of("sbench-spark: bad/b.csv:3002: expected Read or Write, found 'Wrte' (more than 1 bad records, the --skip-bad allowance)"),
                skipping.err());
        assertEquals(3, skipping.status());
        Run convert = run("convert", "bad/a.csv", "a.parquet", "--split-size", "4K");
        assertEquals(List.of("sbench-spark: bad/a.csv:3001: expected Read or Write, found 'Wrte'"), convert.err());
        assertEquals(3, convert.status());
        assertFalse(Files.exists(dir.resolve("a.parquet")));
        Run logged = run("inspect", "bad/a.csv", "--split-size", "4K", "--spark-log", "error");
        assertEquals(3, logged.status());
        assertTrue(logged.err().size() > 1 && logged.err().stream().anyMatch(l -> l.contains(" ERROR ")), String.join("\n", logged.err()));
    }

    /** A FileSystem jar added to the launcher's class path reads its scheme; without it, one line says what is missing. */
    @Test
    void aFileSystemOnSbenchSparkClassPathReadsItsScheme() throws Exception {
        String trace = OtherSchemeFileSystem.uri(dir.resolve("good.csv"));
        Run without = run("inspect", trace);
        assertEquals(List.of("sbench-spark: " + trace + ": no Hadoop FileSystem here reads tfs: paths; add a jar with its FileSystem"
                + " (spark-submit --jars or --packages; ./sbench-spark: SBENCH_SPARK_CLASSPATH)"), without.err());
        assertEquals(5, without.status());
        Run with = run(Map.of("SBENCH_SPARK_CLASSPATH", TEST_CLASSES.toString()), "inspect", trace, "--json");
        assertEquals(List.of(), with.err());
        assertEquals(0, with.status());
        var file = new ObjectMapper().readTree(with.out()).get("files").get(0);
        assertEquals(trace, file.get("file").asText());
        assertEquals(100, file.get("records").asLong());
    }

    /**
     * Java 17 and a newer Java print the same statistics and nothing on stderr: on Java 25 an inspect printed 9
     * WARNING lines (sun.security.action not in java.base, from Spark's --add-opens; Hadoop's NativeCodeLoader
     * calling System::loadLibrary; Spark's Platform calling sun.misc.Unsafe).
     */
    @Test
    void java17AndANewerJavaPrintTheSameAndNoWarning() throws Exception {
        Optional<Path> newer = Jdks.newestFrom(22);
        assumeTrue(newer.isPresent(), "no JDK 22 or later under /usr/lib/jvm");
        List<Run> runs = new ArrayList<>();
        for (Path java : List.of(Jdks.oldestFrom(17).orElseThrow(), newer.get())) {
            Run r = run(Map.of("PATH", dir.resolve("bin") + ":" + java + ":" + System.getenv("PATH")), "inspect", "good.csv");
            assertEquals(List.of(), r.err(), java.toString());
            assertEquals(0, r.status(), java.toString());
            runs.add(r);
        }
        assertEquals(runs.get(0).out(), runs.get(1).out());
    }
}
