// src/build/commit-properties.sh, the build's word of the commit sbench --version names: run on git repositories of its own.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CommitPropertiesTest {
    private static final Path SCRIPT = Path.of(System.getProperty("basedir", "."), "src", "build", "commit-properties.sh")
            .toAbsolutePath();
    private static final long TIMEOUT_S = 60;

    /**
     * A build as root in a checkout another user owns ({@code sudo ./sbench record} after a source change, in a user's
     * clone) named the commit: git refused the repository ('detected dubious ownership'), the build printed
     * '[ERROR] [exec] Result: 128' twice, and {@code ./sbench --version} said 'commit unknown'.
     */
    @Test
    void aCheckoutAnotherUserOwnsNamesItsCommitToRoot(@TempDir Path home) throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root, to give the checkout to nobody");
        Path checkout = Files.createDirectories(home.resolve("checkout"));
        Files.writeString(checkout.resolve("pom.xml"), "<project/>\n");
        run(home, checkout, "git", "init", "-q");
        run(home, checkout, "git", "add", "pom.xml");
        run(home, checkout, "git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "first");
        String head = run(home, checkout, "git", "rev-parse", "--short=12", "HEAD").strip();
        Files.writeString(checkout.resolve("pom.xml"), "<project></project>\n");
        run(home, checkout, "chown", "-R", "nobody", checkout.toString());
        assertEquals("commit=" + head + "\nmodified=true\n", run(home, checkout, "sh", SCRIPT.toString(), checkout.toString()));
        assertEquals("", run(home, checkout, "find", checkout.toString(), "!", "-user", "nobody"),
                "the checkout (its .git/index too) stays its owner's");
    }

    /** A tree that is no checkout (a source tarball) is built as of an unknown commit. */
    @Test
    void aTreeWithoutGitIsOfAnUnknownCommit(@TempDir Path home) throws Exception {
        Path tree = Files.createDirectories(home.resolve("tree"));
        assertEquals("commit=unknown\nmodified=false\n", run(home, tree, "sh", SCRIPT.toString(), tree.toString()));
    }

    /** The output of {@code command} in {@code dir}, which must succeed; git reads no configuration but {@code home}'s (none). */
    private static String run(Path home, Path dir, String... command) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        pb.environment().put("HOME", home.toString());
        pb.environment().put("GIT_CONFIG_NOSYSTEM", "1");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(TIMEOUT_S, TimeUnit.SECONDS), "hung: " + List.of(command));
        assertEquals(0, p.exitValue(), List.of(command) + ": " + out);
        return out;
    }
}
