// Test fixture: sbench in a JVM of its own, as a user starts it, for signals and exit statuses.
package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * {@code java -cp TEST-CLASSPATH org.sbench.cli.SbenchCommand ARGS} in a directory of the test's,
 * stdout and stderr to files there; killed by {@link #close()} if still running. The child starts
 * with SIGINT, SIGTERM and SIGHUP at their defaults ({@code env --default-signal}), or with SIGINT
 * ignored, as a shell starts a script's background job.
 */
final class ChildSbench implements AutoCloseable {
    private static final long WAIT_MS = 120_000;
    private static final long POLL_MS = 10;

    private final Process process;
    private final Path out;
    private final Path err;

    private ChildSbench(Process process, Path out, Path err) {
        this.process = process;
        this.out = out;
        this.err = err;
    }

    /** Starts {@code sbench ARGS} in {@code dir}; {@code jvmOptions} go before the class (e.g. -Djava.io.tmpdir=...). */
    static ChildSbench start(Path dir, List<String> jvmOptions, String... args) throws IOException {
        return start(dir, false, List.of(), jvmOptions, args);
    }

    /** As {@link #start}, with the bundled workloads' cache in {@code cache} ({@code XDG_CACHE_HOME}). */
    static ChildSbench startWithCache(Path dir, Path cache, String... args) throws IOException {
        return start(dir, false, List.of("XDG_CACHE_HOME=" + cache.toAbsolutePath()), List.of(), args);
    }

    /** As {@link #start}, with SIGINT ignored from the start ({@code trap '' INT} in the shell that execs the JVM). */
    static ChildSbench startIgnoringSigint(Path dir, String... args) throws IOException {
        return start(dir, true, List.of(), List.of(), args);
    }

    /** As {@link #start}, stderr into stdout's file, as a terminal shows both: {@link #out()} and {@link #err()} read that file. */
    static ChildSbench startOneStream(Path dir, String... args) throws IOException {
        return start(dir, List.of(), false, List.of(), List.of(), args, true);
    }

    /**
     * As {@link #start}, run by {@code wrapper} (a command that execs the rest: {@code unshare -n}), so that the child's pid
     * is the JVM's.
     */
    static ChildSbench startWrapped(Path dir, List<String> wrapper, String... args) throws IOException {
        return start(dir, wrapper, false, List.of(), List.of(), args, false);
    }

    private static ChildSbench start(Path dir, boolean ignoreSigint, List<String> environment, List<String> jvmOptions, String... args)
            throws IOException {
        return start(dir, List.of(), ignoreSigint, environment, jvmOptions, args, false);
    }

    private static ChildSbench start(Path dir, List<String> wrapper, boolean ignoreSigint, List<String> environment,
            List<String> jvmOptions, String[] args, boolean oneStream) throws IOException {
        // The stop signals at their defaults whatever this JVM inherited (under nohup SIGHUP is
        // ignored, and a JVM keeps an ignored signal ignored): the tests say what a child started so does.
        List<String> command = new ArrayList<>(wrapper);
        command.addAll(List.of("env", "--default-signal=INT,TERM,HUP"));
        command.addAll(environment);
        if (ignoreSigint) {
            command.addAll(List.of("sh", "-c", "trap '' INT; exec \"$@\"", "sh"));
        }
        command.addAll(java(jvmOptions));
        command.addAll(List.of(args));
        Path out = dir.resolve("child.out");
        Path err = oneStream ? out : dir.resolve("child.err");
        ProcessBuilder b = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile());
        Process p = (oneStream ? b.redirectErrorStream(true) : b.redirectError(err.toFile())).start();
        return new ChildSbench(p, out, err);
    }

    /**
     * The command that starts sbench on the test class path, {@code jvmOptions} before the class, with native access
     * enabled as sbench.jar's manifest enables it: without, Java 24 and later wrote 4 WARNING lines on stderr when
     * JNA loaded.
     */
    static List<String> java(List<String> jvmOptions) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), SbenchCommand.class.getName()));
        return command;
    }

    /** Waits until {@code condition} holds while the child runs; fails if it ends first or takes too long. */
    void await(String what, BooleanSupplier condition) throws InterruptedException, IOException {
        long deadline = System.currentTimeMillis() + WAIT_MS;
        while (!condition.getAsBoolean()) {
            assertTrue(process.isAlive(), "sbench ended before " + what + ": " + err());
            assertTrue(System.currentTimeMillis() < deadline, "no " + what + " in " + WAIT_MS + " ms: " + err());
            Thread.sleep(POLL_MS);
        }
    }

    /** Waits until stderr contains {@code text}. */
    void awaitErr(String text) throws InterruptedException, IOException {
        await("'" + text + "' on stderr", () -> read(err).contains(text));
    }

    /** Sends {@code SIG} ("TERM", "INT", "HUP") to the child. */
    void signal(String sig) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + sig, Long.toString(process.pid())).inheritIO().start();
        assertTrue(kill.waitFor() == 0, "kill -" + sig);
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** The exit status. */
    int waitFor() throws InterruptedException, IOException {
        assertTrue(process.waitFor(WAIT_MS, TimeUnit.MILLISECONDS), "sbench did not end: " + err());
        return process.exitValue();
    }

    String out() {
        return read(out);
    }

    String err() {
        return read(err);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    @Override
    public void close() {
        process.destroyForcibly();
    }
}
