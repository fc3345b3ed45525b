package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./sbench} launcher in a tree of its own, with an {@code mvn} and a {@code java} of this
 * test first on the PATH: the build it starts and the command it runs, not sbench's.
 */
class LauncherTest {
    private static final Path LAUNCHER = Path.of("..", "sbench").toAbsolutePath().normalize();
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

    /** The launcher in {@code tree}, with an {@code mvn} that runs {@code mvnBody} and a {@code java} that says "ran". */
    private static void treeBuildingWith(Path tree, String mvnBody) throws IOException {
        Files.copy(LAUNCHER, tree.resolve("sbench"), StandardCopyOption.COPY_ATTRIBUTES);
        Files.writeString(tree.resolve("pom.xml"), "<project/>\n");
        Path bin = Files.createDirectories(tree.resolve("bin"));
        script(bin.resolve("mvn"), mvnBody);
        script(bin.resolve("java"), "echo ran\n");
    }

    private static Process launch(Path tree) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(tree.resolve("sbench").toString(), "--version").redirectErrorStream(true);
        pb.environment().put("PATH", tree.resolve("bin") + ":" + System.getenv("PATH"));
        return pb.start();
    }

    private static void assertRan(Process launcher) throws IOException, InterruptedException {
        String out = new String(launcher.getInputStream().readAllBytes());
        assertEquals(0, launcher.waitFor(), out);
        assertEquals("ran", out.lines().reduce((a, b) -> b).orElse(""), out);
    }

    private static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
