package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.trace.Jdks;

/**
 * {@code ./sbench} as a user runs it, on the jar this build packaged (failsafe runs after package), with
 * each installed Java first on the PATH and a failing {@code mvn} before it, so a launcher that would
 * build again fails instead.
 */
class LauncherIT {
    private static final Path LAUNCHER = Path.of("..", "sbench").toAbsolutePath().normalize();
    private static final long TIMEOUT_S = 120;
    private static final String LINE = "128166372003061629,hm,1,Read,3154137088,4096,8921\n";

    @TempDir
    Path dir;

    private record Run(int status, List<String> err) {
    }

    /**
     * A replay, which loads JNA's native library, says nothing on stderr on Java 17 nor on a newer Java: from
     * Java 24 on each command that loaded JNA printed 4 lines of 'WARNING: A restricted method in
     * java.lang.System has been called ... System::load has been called by com.sun.jna.Native'.
     */
    @Test
    void aReplayOnJava17AndOnANewerJavaWritesNoWarning() throws Exception {
        Optional<Path> newer = Jdks.newestFrom(22);
        assumeTrue(newer.isPresent(), "no JDK 22 or later under /usr/lib/jvm");
        Path failingMaven = Files.createDirectories(dir.resolve("bin")).resolve("mvn");
        Files.writeString(failingMaven, "#!/bin/sh\necho 'mvn ran' >&2\nexit 1\n");
        Files.setPosixFilePermissions(failingMaven, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(dir.resolve("t.csv"), LINE.repeat(10));
        for (Path java : List.of(Jdks.oldestFrom(17).orElseThrow(), newer.get())) {
            Run r = run(java, "replay", "--target", "null", "--progress", "none", "t.csv");
            assertEquals(0, r.status(), java + ": " + r.err());
            assertEquals(List.of(), r.err(), java.toString());
        }
    }

    private Run run(Path javaBin, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(LAUNCHER.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(dir.resolve("err").toFile());
        pb.environment().put("PATH", dir.resolve("bin") + ":" + javaBin + ":" + System.getenv("PATH"));
        pb.environment().remove("SBENCH_JAVA_OPTS");
        Process p = pb.start();
        if (!p.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("./sbench " + String.join(" ", args) + " still running after " + TIMEOUT_S + " s");
        }
        return new Run(p.exitValue(), Files.readAllLines(dir.resolve("err")));
    }
}
