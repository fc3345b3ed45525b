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

    /**
     * Launchers started together on a tree without a jar build it once: the others wait for that build,
     * then run. Two first runs at once each ran the build into the same target/ directories, and
     * one failed with a compilation error (a class the other build was writing), exit 5.
     */
    @Test
    void launchersStartedTogetherBuildOnceAndAllRun(@TempDir Path tree) throws Exception {
        Path launcher = tree.resolve("sbench");
        Files.copy(LAUNCHER, launcher, StandardCopyOption.COPY_ATTRIBUTES);
        Files.writeString(tree.resolve("pom.xml"), "<project/>\n");
        Path bin = Files.createDirectories(tree.resolve("bin"));
        // A build takes a while, and finds another one running in the same tree by its directory.
        script(bin.resolve("mvn"), "mkdir building 2>/dev/null || { echo 'two builds at once' >&2; exit 1; }\n"
                + "echo build >> builds\nsleep 2\nmkdir -p replayer-cli/target && echo jar > replayer-cli/target/sbench.jar\n"
                + "rmdir building\n");
        script(bin.resolve("java"), "echo ran\n");
        List<Process> runs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "--version").redirectErrorStream(true);
            pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
            runs.add(pb.start());
        }
        for (Process p : runs) {
            String out = new String(p.getInputStream().readAllBytes());
            assertEquals(0, p.waitFor(), out);
            assertEquals("ran", out.lines().reduce((a, b) -> b).orElse(""), out);
        }
        assertEquals(List.of("build"), Files.readAllLines(tree.resolve("builds")));
    }

    /**
     * The build packages the jar and never installs: {@code mvn install} wrote this tree's modules into
     * ~/.m2, where another tree's build (a second checkout, a git worktree) read them in place of its own.
     */
    @Test
    void buildPackagesTheJarWithoutInstalling(@TempDir Path tree) throws Exception {
        Path launcher = tree.resolve("sbench");
        Files.copy(LAUNCHER, launcher, StandardCopyOption.COPY_ATTRIBUTES);
        Files.writeString(tree.resolve("pom.xml"), "<project/>\n");
        Path bin = Files.createDirectories(tree.resolve("bin"));
        script(bin.resolve("mvn"), "echo \"$@\" > goals\nmkdir -p replayer-cli/target && echo jar > replayer-cli/target/sbench.jar\n");
        script(bin.resolve("java"), "echo ran\n");
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "--version").redirectErrorStream(true);
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        Process run = pb.start();
        String out = new String(run.getInputStream().readAllBytes());
        assertEquals(0, run.waitFor(), out);
        List<String> goals = List.of(Files.readString(tree.resolve("goals")).trim().split(" "));
        assertTrue(goals.contains("package"), goals.toString());
        assertFalse(goals.contains("install"), goals.toString());
    }

    private static void script(Path file, String body) throws IOException {
        Files.writeString(file, "#!/bin/sh\n" + body);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
}
