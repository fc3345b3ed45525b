package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The {@code ./sbench} launcher in a tree of its own, with an {@code mvn} and a {@code java} of this
 * test first on the PATH: the build it starts and the command it runs, not sbench's.
 */
class LauncherTest {
    private static final Path LAUNCHER = Path.of("..", "sbench").toAbsolutePath().normalize();
    /** The shell functions both launchers source: the java check and the build. */
    private static final String LAUNCHER_LIBRARY = "launcher.bash";
    private static final String MAKE_JAR = "mkdir -p replayer-cli/target && echo jar > replayer-cli/target/sbench.jar\n";

    /**
     * Launchers started together on a tree without a jar build it once: the others wait for that build,
     * then run. Two first runs at once each ran the build into the same target/ directories, and
     * one failed with a compilation error (a class the other build was writing), exit 5.
     */
    @Test
    void launchersStartedTogetherBuildOnceAndAllRun(@TempDir Path tree) throws Exception {
        // A build takes a while, and finds another one running in the same tree by its directory.
        treeBuildingWith(tree, "mkdir building 2>/dev/null || { echo 'two builds at once' >&2; exit 1; }\n"
                + "echo build >> builds\nsleep 2\n" + MAKE_JAR + "rmdir building\n");
        List<Process> runs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            runs.add(launch(tree));
        }
        for (Process p : runs) {
            assertRan(p);
        }
        assertEquals(List.of("build"), Files.readAllLines(tree.resolve("builds")));
    }

    /**
     * The build packages the jar and never installs: {@code mvn install} wrote this tree's modules into
     * ~/.m2, where another tree's build (a second checkout, a git worktree) read them in place of its own.
     */
    @Test
    void buildPackagesTheJarWithoutInstalling(@TempDir Path tree) throws Exception {
        treeBuildingWith(tree, "echo \"$@\" > goals\n" + MAKE_JAR);
        assertRan(launch(tree));
        List<String> goals = List.of(Files.readString(tree.resolve("goals")).trim().split(" "));
        assertTrue(goals.contains("package"), goals.toString());
        assertFalse(goals.contains("install"), goals.toString());
    }

    /**
     * A first build on a machine that cannot download what Maven needs says what is missing and what to
     * do, in a line: it printed Maven's wall of [ERROR] lines and 'sbench: build failed' (found with an
     * empty local repository and no network, {@code unshare -n}; the lines below are that build's).
     */
    @Test
    void aBuildThatCannotDownloadSaysWhatIsMissingAndWhatToDo(@TempDir Path tree) throws Exception {
        treeBuildingWith(tree, "cat <<'EOF'\n"
                + "[ERROR] Plugin org.apache.maven.plugins:maven-jar-plugin:3.4.2 or one of its dependencies could not be"
                + " resolved: Failed to read artifact descriptor for org.apache.maven.plugins:maven-jar-plugin:jar:3.4.2:"
                + " Could not transfer artifact org.apache.maven.plugins:maven-jar-plugin:pom:3.4.2 from/to central"
                + " (https://repo.maven.apache.org/maven2): transfer failed for https://repo.maven.apache.org/maven2/org/"
                + "apache/maven/plugins/maven-jar-plugin/3.4.2/maven-jar-plugin-3.4.2.pom: Unknown host"
                + " repo.maven.apache.org: Temporary failure in name resolution -> [Help 1]\n"
                + "[ERROR] \n[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.\n"
                + "[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/PluginResolutionException\n"
                + "EOF\nexit 1\n");
        List<String> lines = failed(launch(tree));
        assertEquals(List.of("sbench: building (first run, or sources changed)...",
                "sbench: the build needs Maven plugins and libraries that are not in the local repository and could not be"
                        + " downloaded (the first: org.apache.maven.plugins:maven-jar-plugin:3.4.2; Unknown host"
                        + " repo.maven.apache.org); run ./sbench again where Maven Central can be reached (or a mirror"
                        + " named in ~/.m2/settings.xml)"), lines);
    }

    /** A library the build lacks is named, not the module that needs it, which Maven names first. */
    @Test
    void aMissingLibraryIsNamedNotTheModuleThatNeedsIt(@TempDir Path tree) throws Exception {
        treeBuildingWith(tree, "echo '[ERROR] Failed to execute goal on project benchmark-core: Could not resolve dependencies"
                + " for project org.sbench:benchmark-core:jar:0.1.0-SNAPSHOT: Cannot access central"
                + " (https://repo.maven.apache.org/maven2) in offline mode and the artifact"
                + " org.hdrhistogram:HdrHistogram:jar:2.2.2 has not been downloaded from it before. -> [Help 1]'\nexit 1\n");
        List<String> lines = failed(launch(tree));
        assertTrue(lines.get(1).contains("(the first: org.hdrhistogram:HdrHistogram:jar:2.2.2; in offline mode)"), lines.toString());
    }

    /** Maven on a JRE (the compiler plugin's words) is told to install a JDK. */
    @Test
    void mavenOnAJreIsToldToInstallAJdk(@TempDir Path tree) throws Exception {
        treeBuildingWith(tree, "echo '[ERROR] No compiler is provided in this environment. Perhaps you are running on a JRE"
                + " rather than a JDK?'\nexit 1\n");
        assertEquals("sbench: Maven runs on a Java runtime without its compiler (a JRE); install a JDK 17 or later (e.g."
                + " apt-get install openjdk-17-jdk-headless), and point JAVA_HOME at it if Maven still finds the JRE",
                failed(launch(tree)).get(1));
    }

    /** Maven on a Java before 17 (JAVA_HOME may name another than the PATH's) is told to point JAVA_HOME at one. */
    @Test
    void mavenOnAJavaBefore17IsToldToPointJavaHomeElsewhere(@TempDir Path tree) throws Exception {
        treeBuildingWith(tree, "echo '[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.14.0:compile"
                + " (default-compile) on project trace-formats: Fatal error compiling: error: release version 17 not supported'\n"
                + "exit 1\n");
        assertEquals("sbench: Maven runs on a Java older than 17 (JAVA_HOME, or else the java on the PATH: mvn -v says which);"
                + " point JAVA_HOME at a JDK 17 or later", failed(launch(tree)).get(1));
    }

    /** A build that fails on the sources keeps Maven's report: the compiler's lines are what the user needs. */
    @Test
    void aCompilationErrorKeepsMavensReport(@TempDir Path tree) throws Exception {
        treeBuildingWith(tree, "echo '[ERROR] /t/Main.java:[3,1] class, interface, enum, or record expected'\nexit 1\n");
        assertEquals(List.of("sbench: building (first run, or sources changed)...",
                "[ERROR] /t/Main.java:[3,1] class, interface, enum, or record expected", "sbench: build failed"),
                failed(launch(tree)));
    }

    /**
     * A java older than 17 first on the PATH is refused in a line naming it, before it runs the jar (Java
     * 11 printed a LinkageError and an UnsupportedClassVersionError of 'class file version 61.0') or
     * Maven builds with it. Its JDK's release file says which it is (the java here answers nothing else).
     */
    @Test
    void aJavaOlderThan17IsRefusedInALine(@TempDir Path tree) throws Exception {
        treeBuildingWith(tree, MAKE_JAR);
        Files.writeString(tree.resolve("release"), "IMPLEMENTOR=\"Eclipse Adoptium\"\nJAVA_VERSION=\"11.0.22\"\n");
        assertEquals(List.of("sbench: " + tree.resolve("bin/java") + " is Java 11.0.22; sbench needs Java 17 or later:"
                + " install it and put its bin first on the PATH"), failed(launch(tree)));
    }

    /**
     * A Java 8 JRE inside its JDK (Debian's openjdk-8 puts jre/bin/java on the PATH through its alternatives
     * symlink) has its release file one level up, in the JDK: it was not looked for there, and the Java 8
     * went on to run the jar.
     */
    @Test
    void aJava8JreInsideItsJdkIsRefusedInALine(@TempDir Path tree) throws Exception {
        treeBuildingWith(tree, MAKE_JAR);
        Path jre = Files.createDirectories(tree.resolve("jdk8/jre/bin"));
        Files.move(tree.resolve("bin/java"), jre.resolve("java"));
        Files.createSymbolicLink(tree.resolve("bin/java"), jre.resolve("java"));
        Files.writeString(tree.resolve("jdk8/release"), "JAVA_VERSION=\"1.8.0_392\"\n");
        assertEquals(List.of("sbench: " + tree.resolve("bin/java") + " is Java 1.8.0_392; sbench needs Java 17 or later:"
                + " install it and put its bin first on the PATH"), failed(launch(tree)));
    }

    /**
     * Maven 3.8 on Java 24 or later printed 4 lines of the JDK's on every build ('WARNING: A terminally deprecated
     * method in sun.misc.Unsafe has been called ... by com.google.common.util.concurrent.AbstractFuture$UnsafeAtomicHelper
     * (file:/usr/share/maven/lib/guava.jar)'): a build that succeeds shows what Maven printed but them. The user's
     * MAVEN_OPTS go as given, whatever java is first on the PATH: with --sun-misc-unsafe-memory-access=allow added
     * there for a Java 25 on the PATH, a Maven run on a Java 17 (JAVA_HOME set in ~/.mavenrc, as Maven reads it)
     * refused to start ('Unrecognized option'), and nothing could be built.
     */
    @Test
    void aSucceedingBuildLeavesOutTheJdksUnsafeWarningsAndTakesMavenOptsAsGiven(@TempDir Path tree) throws Exception {
        treeBuildingWith(tree, "echo \"$MAVEN_OPTS\" > maven-opts\n"
                + "echo 'WARNING: A terminally deprecated method in sun.misc.Unsafe has been called' >&2\n"
                + "echo 'WARNING: sun.misc.Unsafe::objectFieldOffset has been called by com.google.common.util.concurrent."
                + "AbstractFuture$UnsafeAtomicHelper (file:/usr/share/maven/lib/guava.jar)' >&2\n"
                + "echo 'WARNING: Please consider reporting this to the maintainers of class com.google.common.util.concurrent."
                + "AbstractFuture$UnsafeAtomicHelper' >&2\n"
                + "echo 'WARNING: sun.misc.Unsafe::objectFieldOffset will be removed in a future release' >&2\n"
                + "echo '[WARNING] a warning of the build' >&2\n" + MAKE_JAR);
        Files.writeString(tree.resolve("release"), "JAVA_VERSION=\"25.0.3\"\n");
        ProcessBuilder pb = new ProcessBuilder(tree.resolve("sbench").toString(), "--version").redirectErrorStream(true);
        pb.environment().put("PATH", tree.resolve("bin") + ":" + System.getenv("PATH"));
        pb.environment().put("MAVEN_OPTS", "-Xmx1g");
        Process launcher = pb.start();
        String out = new String(launcher.getInputStream().readAllBytes());
        assertEquals(0, launcher.waitFor(), out);
        assertEquals(List.of("sbench: building (first run, or sources changed)...", "[WARNING] a warning of the build", "ran"),
                out.lines().toList());
        assertEquals("-Xmx1g", Files.readString(tree.resolve("maven-opts")).trim());
    }

    /**
     * A checkout this user cannot write says so instead of Maven's wall: a compilation error of a source
     * that is fine ('error while writing org.sbench.ErrnoNames: could not create parent directories', as
     * a user who was not the owner of a checkout without a jar). As root (no directory is closed to it)
     * the launcher runs as nobody, over the tree opened to all for reading.
     */
    @Test
    void aCheckoutThisUserCannotWriteSaysSo(@TempDir Path tree) throws Exception {
        treeBuildingWith(tree, "echo '[ERROR] /t/E.java:[8,14] error while writing E: could not create parent directories'\n"
                + "exit 1\n");
        Files.setPosixFilePermissions(tree, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            List<String> lines = failed(start(tree, asNobodyIfRoot(tree.resolve("sbench").toString(), "--version")));
            assertEquals("sbench: cannot build in " + tree + ": this user cannot write " + tree + " (the build writes"
                    + " each module's target/ there); build once as its owner, or use a checkout of your own",
                    lines.get(lines.size() - 1), lines.toString());
            assertEquals(2, lines.size(), lines.toString());
        } finally {
            Files.setPosixFilePermissions(tree, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    /**
     * A jar its owner built under umask 077 (-rw-------) is named, with its mode and owner, and what to do: the launcher
     * of another user ran java, which said 'Error: Unable to access jarfile ...' (exit 1). As root the launcher runs as
     * nobody; as any other user, over a jar of its own of mode 000.
     */
    @Test
    void aJarThisUserCannotReadIsNamedWithItsOwner(@TempDir Path tree) throws Exception {
        treeBuildingWith(tree, "echo 'mvn ran'\nexit 1\n");
        Path target = Files.createDirectories(tree.resolve("replayer-cli/target"));
        Path jar = Files.writeString(target.resolve("sbench.jar"), "jar");
        assertLaunchSaysClosed(tree, jar, "rw-------");
    }

    /**
     * A target/ directory its owner's build made under umask 077 (drwx------) is named: the launcher of another user
     * took the jar in it for missing and built, which ended in 'cannot build in DIR: this user cannot write DIR'.
     */
    @Test
    void aTargetDirectoryThisUserCannotEnterIsNamedWithItsOwner(@TempDir Path tree) throws Exception {
        treeBuildingWith(tree, "echo 'mvn ran'\nexit 1\n");
        Path target = Files.createDirectories(tree.resolve("replayer-cli/target"));
        Files.writeString(target.resolve("sbench.jar"), "jar");
        assertLaunchSaysClosed(tree, target, "rwx------");
    }

    /**
     * The launcher in {@code tree}, run by a user who cannot read {@code closed} (of mode {@code rootMode} as root, 000
     * else), says so in its one line.
     */
    private static void assertLaunchSaysClosed(Path tree, Path closed, String rootMode) throws IOException, InterruptedException {
        String mode = isRoot() ? rootMode : "---------";
        Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString(mode));
        List<String> lines;
        try {
            lines = failed(start(tree, asNobodyIfRoot(tree.resolve("sbench").toString(), "--version")));
        } finally {
            Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        String owner = System.getProperty("user.name");
        assertEquals(List.of("sbench: this user cannot read " + closed + " (" + (Files.isDirectory(closed) ? "d" : "-") + mode
                + ", owner " + owner + "), which " + owner + "'s build of " + tree + " left closed to others; as " + owner
                + ", open it to all (chmod -R a+rX " + tree.resolve("replayer-cli/target") + ") or build again under umask"
                + " 022, or use a checkout of your own"), lines);
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** {@code command} as nobody when this is root (to whom no file is closed), as this user else. */
    private static List<String> asNobodyIfRoot(String... command) {
        List<String> asNobody = new ArrayList<>();
        if (isRoot()) {
            asNobody.addAll(List.of("setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"));
        }
        asNobody.addAll(List.of(command));
        return asNobody;
    }

    /**
     * sudo ./sbench in a user's clone builds as the clone's owner, with the owner's HOME (Maven's ~/.m2 and settings):
     * the build ran as root, so each target/ it made was root's, and the owner's next build said 'cannot build in DIR:
     * this user cannot write DIR/replayer-cli/target'. The command itself still runs as root. Root only: the tree is
     * given to nobody.
     */
    @Test
    void asRootTheBuildOfAnotherUsersCheckoutRunsAsItsOwner(@TempDir Path tree) throws Exception {
        ownedTreeBuildingWith(tree, "nobody", "id -u > built-by\necho \"$HOME\" >> built-by\n" + MAKE_JAR);
        script(tree.resolve("bin/java"), "echo \"ran as $(id -u)\"\n");
        assertEquals("ran as 0", lastLine(launch(tree)));
        assertEquals(List.of("65534", "/nonexistent"), Files.readAllLines(tree.resolve("built-by")));
        for (Path made : List.of(tree.resolve("built-by"), tree.resolve("replayer-cli"), tree.resolve("replayer-cli/target"),
                tree.resolve("replayer-cli/target/sbench.jar"))) {
            assertEquals("nobody", Files.getOwner(made).getName(), made.toString());
        }
    }

    /**
     * A target/ that a build as root left in a user's clone (as every sudo ./sbench did until 2026-12-07) keeps the
     * owner's build from writing there: the line says so and how to give the checkout back. As root, the launcher
     * itself could write it, and took the build's failure for a compilation error.
     */
    @Test
    void asRootATargetARootBuildLeftInAnotherUsersCheckoutIsNamed(@TempDir Path tree) throws Exception {
        ownedTreeBuildingWith(tree, "nobody",
                "echo '[ERROR] /t/E.java:[8,14] error while writing E: could not create parent directories'\nexit 1\n");
        Path module = Files.createDirectories(tree.resolve("replayer-cli"));
        Files.writeString(module.resolve("pom.xml"), "<project/>\n");
        chownTree(module, "nobody");
        Path target = Files.createDirectories(module.resolve("target"));
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
        assertEquals("sbench: cannot build in " + tree + " as its owner nobody (as root the build runs as the checkout's"
                + " owner, so that its files stay theirs): nobody cannot write " + target + " (drwxr-xr-x, owner root);"
                + " give the checkout back to nobody (chown -R nobody: " + tree + ") and run ./sbench again",
                failed(launch(tree)).get(1));
    }

    /**
     * An owner without a home (nobody's is /nonexistent) has no Maven repository: Maven's 'Could not create local
     * repository at /nonexistent/.m2/repository' (its words as nobody here) is said in a line with what to do.
     */
    @Test
    void asRootAnOwnerWithoutAHomeIsToldWhatToDo(@TempDir Path tree) throws Exception {
        ownedTreeBuildingWith(tree, "nobody",
                "echo '[ERROR] Could not create local repository at /nonexistent/.m2/repository -> [Help 1]'\nexit 1\n");
        assertEquals("sbench: Maven could not create its local repository /nonexistent/.m2/repository in the home of nobody,"
                + " who builds (as root, the owner of the checkout); give nobody a home of their own, or name a repository"
                + " they can write in MAVEN_OPTS (-Dmaven.repo.local=DIR)", failed(launch(tree)).get(1));
    }

    /** A checkout of a uid no user has (unpacked from another machine's tarball) is built neither as root nor as that uid. */
    @Test
    void asRootACheckoutOfAUidWithoutAUserIsNotBuilt(@TempDir Path tree) throws Exception {
        assumeTrue(new ProcessBuilder("getent", "passwd", "4242").start().waitFor() != 0, "uid 4242 is a user's here");
        ownedTreeBuildingWith(tree, "4242", "echo 'mvn ran'\n" + MAKE_JAR);
        assertEquals(List.of("sbench: cannot build in " + tree
                + " as its owner (as root the build runs as the checkout's owner, so that its files stay theirs): no user"
                + " here has its uid 4242; give the checkout to one (chown -R USER: " + tree + ")"), failed(launch(tree)));
    }

    /**
     * Without setpriv (no util-linux) root cannot build a checkout another user owns as its owner, and does not build it
     * as root: either launcher stops in a line saying what to do, before Maven runs or anything in the checkout changes.
     */
    @ParameterizedTest
    @ValueSource(strings = {"sbench", "sbench-spark"})
    void asRootWithoutSetprivAnotherUsersCheckoutIsNotBuilt(String name, @TempDir Path tree, @TempDir Path tools) throws Exception {
        ownedTreeBuildingWith(tree, "nobody", "echo 'mvn ran'\n" + MAKE_JAR);
        Path launcher = tree.resolve(name);
        Files.copy(LAUNCHER.resolveSibling(name), launcher, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
        chownTree(launcher, "nobody");
        // What the launchers call up to the check (java and mvn are the tree's), and sh for the scripts.
        String path = tree.resolve("bin") + ":" + toolsOnly(tools, "sh", "bash", "dirname", "basename", "readlink", "sed",
                "stat", "find", "flock", "id", "getent");
        Map<Path, String> before = ownersAndTimes(tree);

        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "--version");
        pb.environment().put("PATH", path);
        Process run = pb.start();
        String out = new String(run.getInputStream().readAllBytes());
        String err = new String(run.getErrorStream().readAllBytes());
        assertEquals(5, run.waitFor(), err);

        assertEquals(List.of(name + ": cannot build in " + tree
                + " as its owner nobody (as root the build runs as the checkout's owner, so that its files stay theirs):"
                + " setpriv is missing; install util-linux, or run ./" + name + " --version once as nobody"), err.lines().toList());
        assertEquals("", out);
        assertEquals(before, ownersAndTimes(tree));
    }

    /**
     * {@code into}, with a script for each of {@code tools} that runs the first of that name on this PATH: a PATH with
     * them alone (scripts, not links, which JUnit warns of as it deletes a temporary directory).
     */
    private static Path toolsOnly(Path into, String... tools) throws IOException {
        for (String tool : tools) {
            Path program = Stream.of(System.getenv("PATH").split(":")).map(dir -> Path.of(dir, tool))
                    .filter(Files::isExecutable).findFirst().orElseThrow(() -> new AssertionError(tool + " is not on the PATH"));
            script(into.resolve(tool), "exec " + program + " \"$@\"\n");
        }
        return into;
    }

    /** Each path in {@code tree}, with its owner, size and modification time. */
    private static Map<Path, String> ownersAndTimes(Path tree) throws IOException {
        Map<Path, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(tree)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                files.put(tree.relativize(p), Files.getOwner(p, LinkOption.NOFOLLOW_LINKS).getName() + " "
                        + Files.size(p) + " " + Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS));
            }
        }
        return files;
    }

    /**
     * As root only: the launcher in {@code tree}, given to {@code user} (a name or a uid), its {@code mvn} running
     * {@code mvnBody}.
     */
    private static void ownedTreeBuildingWith(Path tree, String user, String mvnBody) throws IOException, InterruptedException {
        assumeTrue(isRoot(), "needs root: the launcher switches to the checkout's owner");
        treeBuildingWith(tree, mvnBody);
        chownTree(tree, user);
    }

    /** Gives {@code tree} and all in it to {@code user} (a name, or a uid). */
    private static void chownTree(Path tree, String user) throws IOException, InterruptedException {
        Process chown = new ProcessBuilder("chown", "-R", user, tree.toString()).inheritIO().start();
        assertEquals(0, chown.waitFor());
    }

    /**
     * sbench record, often left running idle for days, goes without the JVM's performance counters (their sampler woke
     * the idle recorder 20 times a second, bench/RESULTS.md recidle2); other commands keep them, and SBENCH_JAVA_OPTS
     * come after, so that they win.
     */
    @Test
    void recordRunsWithoutPerfDataAndOtherCommandsWithIt(@TempDir Path tree) throws Exception {
        treeBuildingWith(tree, MAKE_JAR);
        script(tree.resolve("bin/java"), "echo \"$*\"\n");
        String jar = "-jar " + tree.resolve("replayer-cli/target/sbench.jar");
        assertEquals("-XX:-UsePerfData " + jar + " --debug record --device /dev/x", javaArguments(tree, "", "--debug", "record", "--device", "/dev/x"));
        assertEquals(jar + " replay record.csv", javaArguments(tree, "", "replay", "record.csv"));
        assertEquals("-XX:-UsePerfData -XX:+UsePerfData " + jar + " record", javaArguments(tree, "-XX:+UsePerfData", "record"));
    }

    /** What the launcher in {@code tree} passes to java for {@code args}, with SBENCH_JAVA_OPTS {@code options} (and no TMPDIR). */
    private static String javaArguments(Path tree, String options, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(tree.resolve("sbench").toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("PATH", tree.resolve("bin") + ":" + System.getenv("PATH"));
        pb.environment().put("SBENCH_JAVA_OPTS", options);
        pb.environment().remove("TMPDIR");
        return lastLine(pb.start());
    }

    private static String lastLine(Process launcher) throws IOException, InterruptedException {
        String out = new String(launcher.getInputStream().readAllBytes());
        assertEquals(0, launcher.waitFor(), out);
        return out.lines().reduce((a, b) -> b).orElse("");
    }

    /** The launcher in {@code tree}, with an {@code mvn} that runs {@code mvnBody} and a {@code java} that says "ran". */
    private static void treeBuildingWith(Path tree, String mvnBody) throws IOException {
        Files.setPosixFilePermissions(tree, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.copy(LAUNCHER, tree.resolve("sbench"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.copy(LAUNCHER.resolveSibling(LAUNCHER_LIBRARY), tree.resolve(LAUNCHER_LIBRARY), StandardCopyOption.COPY_ATTRIBUTES);
        Files.writeString(tree.resolve("pom.xml"), "<project/>\n");
        Path bin = Files.createDirectories(tree.resolve("bin"));
        script(bin.resolve("mvn"), mvnBody);
        script(bin.resolve("java"), "echo ran\n");
    }

    private static Process launch(Path tree) throws IOException {
        return start(tree, List.of(tree.resolve("sbench").toString(), "--version"));
    }

    private static Process start(Path tree, List<String> command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("PATH", tree.resolve("bin") + ":" + System.getenv("PATH"));
        return pb.start();
    }

    /** The lines of a launcher that exited 5 (a system failure: the build, or the java, cannot be used). */
    private static List<String> failed(Process launcher) throws IOException, InterruptedException {
        String out = new String(launcher.getInputStream().readAllBytes());
        assertEquals(5, launcher.waitFor(), out);
        return out.lines().toList();
    }

    private static void assertRan(Process launcher) throws IOException, InterruptedException {
        assertEquals("ran", lastLine(launcher));
    }

    private static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
