package org.sbench.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The class data archive of {@code ./sbench-spark} (docs/spark.md): when the launcher makes it, when it passes it to
 * the JVM and when not. The launcher runs in a tree of its own that looks built, with a {@code java} of this test first
 * on the PATH that writes down its command lines and writes a small archive where {@code -XX:ArchiveClassesAtExit} says.
 * Also what the launcher says of such a tree that this user cannot read (built by another user under umask 077).
 */
class LauncherCdsTest {
    private static final Path SOURCE = Path.of("..").toAbsolutePath().normalize();
    private static final String MAKING = "sbench-spark: making the class data archive for faster starts (once per build)...";

    @TempDir
    Path tree;
    private Path launcher;
    private Path archive;
    private Path record;
    private Path java;

    private record Run(int status, List<String> err, List<String> calls) {
        /** The command's own java command line: the last. */
        String command() {
            return calls.get(calls.size() - 1);
        }

        boolean usedArchive(Path archive) {
            return command().contains(" -XX:SharedArchiveFile=" + archive + " ");
        }
    }

    @BeforeEach
    void builtTree() throws IOException {
        for (String file : List.of("sbench-spark", "launcher.bash", "pom.xml")) {
            Files.copy(SOURCE.resolve(file), tree.resolve(file));
        }
        launcher = Files.createDirectories(tree.resolve("trace-spark/target/launcher"));
        Files.writeString(tree.resolve("trace-spark/target/trace-spark-0.1.0-SNAPSHOT.jar"), "jar");
        Files.writeString(launcher.resolve("classpath"), "/lib/spark.jar");
        Files.writeString(launcher.resolve("java-options"), "-Dspark=1");
        Files.writeString(launcher.resolve("log4j2.properties"), "");
        Files.writeString(launcher.resolve(".built"), "");
        archive = launcher.resolve("cds.jsa");
        record = launcher.resolve("cds.made");
        script(Files.createDirectories(tree.resolve("bin")).resolve("mvn"), "echo 'mvn ran' >&2\nexit 1\n");
        java = Files.createDirectories(tree.resolve("jdk/bin")).resolve("java");
        Files.writeString(tree.resolve("jdk/release"), "JAVA_VERSION=\"17.0.15\"\n");
        // A training run writes its archive, or dies before writing it whole (FAKE_TRAINING=fail), or runs on (hang: a
        // minute, after it says so in the file "training"); the check of a new
        // archive (-Xshare:on) passes, or dies as Java 17 does on a truncated one (FAKE_CHECK=crash).
        script(java, "echo \"$*\" >> " + tree.resolve("calls") + "\n"
                + "for a; do case $a in\n"
                + "  -XX:ArchiveClassesAtExit=*) [ \"$FAKE_TRAINING\" != hang ] || { : > " + tree.resolve("training") + "; exec sleep 60; }\n"
                + "    printf archive > \"${a#*=}\"; [ \"$FAKE_TRAINING\" != fail ] || exit 1 ;;\n"
                + "  -Xshare:on) [ \"$FAKE_CHECK\" != crash ] || exit 134 ;;\n"
                + "esac; done\n");
    }

    /**
     * A trace-spark/target/ its owner's build made under umask 077 (drwx------) is named, with its owner and what to do:
     * the launcher of another user took the build for missing and built, which ended in 'cannot build in DIR: this user
     * cannot write DIR'. As root the launcher runs as nobody; as another user over a directory of its own of mode 000.
     */
    @Test
    void aTargetDirectoryThisUserCannotEnterIsNamedWithItsOwner() throws Exception {
        Path target = tree.resolve("trace-spark/target");
        String owner = System.getProperty("user.name");
        assertEquals(List.of("sbench-spark: this user cannot read " + target + " (" + (isRoot() ? "drwx------" : "d---------")
                + ", owner " + owner + "), which " + owner + "'s build of " + tree + " left closed to others; as " + owner
                + ", open it to all (chmod -R a+rX " + target + ") or build again under umask 022, or use a checkout of"
                + " your own"), runClosed(target, "rwx------"));
    }

    /**
     * The libraries of a build by another user are in that user's Maven repository (root's /root/.m2, closed to others):
     * the launcher of another user ran java over a class path it could not read.
     */
    @Test
    void librariesInARepositoryThisUserCannotEnterAreNamed(@TempDir Path home) throws Exception {
        Path repository = Files.createDirectories(home.resolve(".m2/repository"));
        Files.writeString(repository.resolve("spark.jar"), "jar");
        Files.writeString(launcher.resolve("classpath"), "/lib/x.jar:" + repository.resolve("spark.jar"));
        String owner = System.getProperty("user.name");
        assertEquals(List.of("sbench-spark: this user cannot read " + home.resolve(".m2") + " (" + (isRoot() ? "drwx------" : "d---------")
                + ", owner " + owner + "), where the build of " + tree + " by " + owner + " takes its libraries from; run"
                + " sbench-spark as " + owner + ", or use a checkout of your own"), runClosed(home.resolve(".m2"), "rwx------"));
    }

    /**
     * sudo ./sbench-spark in a user's clone builds as the clone's owner (their ~/.m2, which the class path names), and
     * leaves the class data archive to the owner's next run: built as root, target/ was root's and the class path named
     * /root/.m2, closed to the owner; made as root, the archive and its record were root's. The command runs as root.
     * Root only: the tree is given to nobody.
     */
    @Test
    void asRootTheBuildOfAnotherUsersCheckoutRunsAsItsOwnerAndMakesNoArchive() throws Exception {
        assumeTrue(isRoot(), "needs root: the launcher switches to the checkout's owner");
        Files.delete(launcher.resolve(".built"));
        script(tree.resolve("bin/mvn"), "id -u > " + tree.resolve("built-by") + "\necho \"$HOME\" >> " + tree.resolve("built-by")
                + "\n: > " + launcher.resolve(".built") + "\n");
        Files.setPosixFilePermissions(tree, PosixFilePermissions.fromString("rwxr-xr-x"));
        Process chown = new ProcessBuilder("chown", "-R", "nobody", tree.toString()).inheritIO().start();
        assertEquals(0, chown.waitFor());
        Run r = run();
        assertEquals(0, r.status(), r.err().toString());
        assertEquals(List.of("sbench-spark: building (first run, or sources changed)..."), r.err());
        assertEquals(List.of("65534", "/nonexistent"), Files.readAllLines(tree.resolve("built-by")));
        try (var made = Files.walk(tree.resolve("trace-spark"))) {
            assertEquals(List.of(), made.filter(f -> !isOwnedBy(f, "nobody")).toList());
        }
        assertFalse(r.usedArchive(archive), r.command());
    }

    private static boolean isOwnedBy(Path file, String user) {
        try {
            return Files.getOwner(file).getName().equals(user);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The lines of the launcher run by a user who cannot read {@code closed}: given mode {@code rootMode} as root, 000 else. */
    private List<String> runClosed(Path closed, String rootMode) throws IOException, InterruptedException {
        for (Path open : List.of(tree, closed.getParent())) {
            Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString(isRoot() ? rootMode : "---------"));
        try {
            List<String> command = new java.util.ArrayList<>();
            if (isRoot()) {
                command.addAll(List.of("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"));
            }
            command.addAll(List.of(tree.resolve("sbench-spark").toString(), "inspect", "t.csv"));
            ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
            pb.environment().put("PATH", tree.resolve("bin") + ":" + java.getParent() + ":" + System.getenv("PATH"));
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "./sbench-spark still running after 60 s");
            assertEquals(5, p.exitValue(), out);
            return out.lines().toList();
        } finally {
            Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private Run run(Map<String, String> env) throws IOException, InterruptedException {
        Files.deleteIfExists(tree.resolve("calls"));
        Path err = tree.resolve("err");
        ProcessBuilder pb = new ProcessBuilder(tree.resolve("sbench-spark").toString(), "inspect", "t.csv")
                .redirectError(err.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("PATH", tree.resolve("bin") + ":" + java.getParent() + ":" + System.getenv("PATH"));
        pb.environment().remove("SBENCH_SPARK_JAVA_OPTS");
        pb.environment().remove("SBENCH_SPARK_CDS");
        pb.environment().putAll(env);
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "./sbench-spark still running after 60 s");
        return new Run(p.exitValue(), Files.readAllLines(err), Files.readAllLines(tree.resolve("calls")));
    }

    private Run run() throws IOException, InterruptedException {
        return run(Map.of());
    }

    /** The training, its archive in place with its size and java written down, and the command run with it. */
    private void assertMadeAndUsed(Run r) throws IOException {
        assertEquals(List.of(MAKING), r.err());
        assertEquals(0, r.status());
        assertEquals(3, r.calls().size(), r.calls().toString());
        assertTrue(r.calls().get(0).contains("-XX:ArchiveClassesAtExit=" + archive + ".new -cp "), r.calls().get(0));
        assertTrue(r.calls().get(0).endsWith("org.sbench.spark.cli.CdsTraining " + r.calls().get(0).split("java.io.tmpdir=")[1].split(" ")[0]),
                r.calls().get(0));
        assertTrue(r.usedArchive(archive), r.command());
        assertEquals("7 17.0.15 " + java.toRealPath(), Files.readString(record).trim());
        assertFalse(Files.exists(launcher.resolve("cds.jsa.new")));
    }

    /** The command alone, without the archive and without a word of it. */
    private void assertRanWithout(Run r) {
        assertEquals(List.of(), r.err());
        assertEquals(0, r.status());
        assertEquals(List.of(r.command()), r.calls());
        assertFalse(r.usedArchive(archive), r.command());
    }

    @Test
    void madeOnceAfterTheBuildThenUsed() throws Exception {
        assertMadeAndUsed(run());
        Run again = run();
        assertEquals(List.of(), again.err());
        assertEquals(1, again.calls().size(), again.calls().toString());
        assertTrue(again.usedArchive(archive), again.command());
    }

    /** A truncated archive (Java 17 dies on one: SIGBUS, exit 134), or one grown, is not passed to the JVM. */
    @Test
    void anArchiveOfAnotherSizeIsNotUsed() throws Exception {
        run();
        Files.writeString(archive, "archiv");
        assertRanWithout(run());
        Files.writeString(archive, "archive!");
        assertRanWithout(run());
    }

    /** Another java (another JDK's, or the same path upgraded) runs without it, and does not make it again. */
    @Test
    void anotherJavaRunsWithout() throws Exception {
        run();
        Files.writeString(tree.resolve("jdk/release"), "JAVA_VERSION=\"17.0.16\"\n");
        assertRanWithout(run());
    }

    @Test
    void aMissingArchiveIsMadeAgain() throws Exception {
        run();
        Files.delete(archive);
        assertMadeAndUsed(run());
    }

    /** A build after the archive (the stamp newer) makes it stale: made again before its use. */
    @Test
    void aBuildAfterTheArchiveMakesItAgain() throws Exception {
        run();
        Files.setLastModifiedTime(record, FileTime.from(Files.getLastModifiedTime(launcher.resolve(".built")).toInstant().minusSeconds(10)));
        Files.writeString(archive, "x", StandardOpenOption.APPEND);
        assertMadeAndUsed(run());
    }

    /**
     * A training that fails, or whose archive the JVM cannot map (a dump cut short by a full disk), leaves no archive;
     * the command runs without one, and the next runs do not try again before the next build.
     */
    @Test
    void aFailedTrainingLeavesNoArchiveAndIsNotRetried() throws Exception {
        for (Map<String, String> failure : List.of(Map.of("FAKE_TRAINING", "fail"), Map.of("FAKE_CHECK", "crash"))) {
            Files.deleteIfExists(record);
            Run failed = run(failure);
            assertEquals(List.of(MAKING), failed.err(), failure.toString());
            assertEquals(0, failed.status());
            assertFalse(failed.usedArchive(archive), failed.command());
            assertFalse(Files.exists(archive), failure.toString());
            assertFalse(Files.exists(launcher.resolve("cds.jsa.new")), failure.toString());
            assertRanWithout(run());
        }
    }

    /**
     * Ctrl-C (SIGINT), kill (SIGTERM) or a hang-up (SIGHUP) while the archive is made ends the launcher as each ends a
     * command, at once (exit 130, 143, 129 and `sbench-spark: interrupted (SIGINT): nothing written`), leaving no archive and
     * nothing written down, so that the next run makes it. Before, the launcher waited for the training to end (a JVM
     * given the terminal's SIGINT too dumped its archive at exit all the same: it ended 18.7 s after Ctrl-C), wrote the
     * archive down as failed, not to be made again before the next build, and then ran the command (exit 0).
     */
    @ParameterizedTest
    @CsvSource({"INT, 130", "TERM, 143", "HUP, 129"})
    void aSignalWhileItIsMadeEndsTheLauncherAndLeavesItToBeMade(String signal, int status) throws Exception {
        Path err = tree.resolve("err");
        ProcessBuilder pb = new ProcessBuilder("env", "--default-signal=INT,TERM,HUP", tree.resolve("sbench-spark").toString(),
                "inspect", "t.csv").redirectError(err.toFile()).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("PATH", tree.resolve("bin") + ":" + java.getParent() + ":" + System.getenv("PATH"));
        pb.environment().put("FAKE_TRAINING", "hang");
        Process p = pb.start();
        for (int i = 0; i < 600 && !Files.exists(tree.resolve("training")); i++) {
            Thread.sleep(50);
        }
        assertTrue(Files.exists(tree.resolve("training")), "no training started in 30 s");
        new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor();
        // The guard is below the training's minute: a launcher that waited for it fails here.
        assertTrue(p.waitFor(30, TimeUnit.SECONDS), "./sbench-spark still running 30 s after SIG" + signal);
        assertEquals(status, p.exitValue());
        assertEquals(List.of(MAKING, "sbench-spark: interrupted (SIG" + signal + "): nothing written"), Files.readAllLines(err));
        assertEquals(1, Files.readAllLines(tree.resolve("calls")).size());
        try (var left = Files.list(launcher)) {
            assertEquals(Set.of(".built", "classpath", "java-options", "log4j2.properties"),
                    left.map(f -> f.getFileName().toString()).collect(Collectors.toSet()));
        }
        assertMadeAndUsed(run());
    }

    @Test
    void sbenchSparkCds0TurnsItOff() throws Exception {
        assertRanWithout(run(Map.of("SBENCH_SPARK_CDS", "0")));
        assertFalse(Files.exists(archive));
    }
}
