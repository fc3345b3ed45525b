// Outputs never replace what their path names: files are renamed into place, links followed, nodes written into.
package org.sbench.trace.input;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sbench.SbenchException;

class AtomicFileOutputTest {
    private static final byte[] CONTENT = "complete output\n".getBytes(StandardCharsets.UTF_8);
    private static final int S_IFMT = 0170000;
    private static final int S_IFCHR = 0020000;
    private static final int S_IFIFO = 0010000;
    private static final long WAIT_S = 30;

    private static void write(Path target) {
        try (AtomicFileOutput out = new AtomicFileOutput(target)) {
            out.channel().write(ByteBuffer.wrap(CONTENT));
            out.commit();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static int type(Path p) throws IOException {
        return (Integer) Files.getAttribute(p, "unix:mode", LinkOption.NOFOLLOW_LINKS) & S_IFMT;
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void aSymlinkIsFollowedAndKept(@TempDir Path dir) throws IOException {
        Path real = Files.createDirectory(dir.resolve("real"));
        Path file = Files.writeString(real.resolve("result.json"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), Path.of("real", "result.json"));
        write(link);
        assertTrue(Files.isSymbolicLink(link), "the link stays a link");
        assertArrayEquals(CONTENT, Files.readAllBytes(file));
        assertEquals(List.of("result.json"), names(real), "replaced in its own directory, nothing else left there");
        assertEquals(List.of("link.json", "real"), names(dir));

        Path dangling = Files.createSymbolicLink(dir.resolve("new.json"), real.resolve("made.json"));
        write(dangling);
        assertTrue(Files.isSymbolicLink(dangling));
        assertArrayEquals(CONTENT, Files.readAllBytes(real.resolve("made.json")));
    }

    @Test
    void aFifoIsWrittenIntoNotReplaced(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("fifo");
        run("mkfifo", fifo.toString());
        CompletableFuture<byte[]> reader = CompletableFuture.supplyAsync(() -> {
            try (InputStream in = Files.newInputStream(fifo)) {
                return in.readAllBytes();
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
        write(fifo);
        assertArrayEquals(CONTENT, reader.get(WAIT_S, TimeUnit.SECONDS));
        assertEquals(S_IFIFO, type(fifo));
        assertEquals(List.of("fifo"), names(dir), "no temporary file beside the FIFO");
    }

    @Test
    void aCharacterDeviceIsWrittenIntoNotReplaced(@TempDir Path dir) throws Exception {
        assumeTrue(isRoot(), "making a device node needs root");
        // A twin of /dev/null first: if it were replaced, /dev/null is never touched.
        Path twin = dir.resolve("null");
        run("mknod", "-m", "666", twin.toString(), "c", "1", "3");
        write(twin);
        assertEquals(S_IFCHR, type(twin), "the device node stays a device node");
        assertEquals(List.of("null"), names(dir));

        Path devNull = Path.of("/dev/null");
        write(devNull);
        assertEquals(S_IFCHR, type(devNull));
        try (Stream<Path> s = Files.list(Path.of("/dev"))) {
            assertTrue(s.noneMatch(p -> p.getFileName().toString().startsWith(".null.")), "no scratch file in /dev");
        }
    }

    @Test
    void aBlockDeviceIsRefused(@TempDir Path dir) throws Exception {
        assumeTrue(isRoot(), "making a device node needs root");
        Path disk = dir.resolve("disk");
        run("mknod", disk.toString(), "b", "7", "250");
        assertEquals(disk + ": is a block device; sbench writes no output onto a disk (the disk to test is --target)",
                assertThrows(SbenchException.class, () -> new AtomicFileOutput(disk)).getMessage());
    }

    @Test
    void dashIsStandardOutput() {
        PrintStream saved = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true));
        try {
            write(Path.of("-"));
        } finally {
            System.setOut(saved);
        }
        assertArrayEquals(CONTENT, captured.toByteArray());
        assertTrue(Files.notExists(Path.of("-")), "no file named -");
    }

    @Test
    void aNewFileHasTheUmasksPermissionsAndAReplacedOneKeepsItsOwn(@TempDir Path dir) throws IOException {
        int umask = umask();
        Path made = dir.resolve("made.json");
        write(made);
        assertEquals(0666 & ~umask, mode(made) & 0777, "0666 less the umask " + Integer.toOctalString(umask));
        Path kept = Files.writeString(dir.resolve("kept.json"), "old");
        Files.setPosixFilePermissions(kept, PosixFilePermissions.fromString("rw-r-----"));
        write(kept);
        assertEquals(0640, mode(kept) & 0777);
    }

    @Test
    void anUncommittedOutputLeavesNothing(@TempDir Path dir) throws IOException {
        try (AtomicFileOutput out = new AtomicFileOutput(dir.resolve("never.sbt"))) {
            out.channel().write(ByteBuffer.wrap(CONTENT));
        }
        assertEquals(List.of(), names(dir));
    }

    /** A name of 255 bytes, the longest there is: its part file's name is cut to fit, not refused as too long. */
    @Test
    void anOutputOfTheLongestNameIsWritten(@TempDir Path dir) throws IOException {
        Path longest = dir.resolve("\u00e9".repeat(100) + "a".repeat(51) + ".sbt");
        assertEquals(255, longest.getFileName().toString().getBytes(StandardCharsets.UTF_8).length);
        try (AtomicFileOutput out = new AtomicFileOutput(longest)) {
            out.channel().write(ByteBuffer.wrap(CONTENT));
            out.commit();
        }
        assertArrayEquals(CONTENT, Files.readAllBytes(longest));
        assertEquals(List.of(longest.getFileName().toString()), names(dir));
    }

    /**
     * An output into a device goes through the temporary directory first: its failure names that directory, not the device;
     * {@code -}, as a failure to write it says, as standard output (until 2026-12-07 "the temporary copy of - in").
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"/dev/null,/dev/null", "-,standard output"})
    void aTemporaryDirectoryThatIsMissingIsNamed(String given, String named, @TempDir Path dir) {
        String tmp = System.getProperty("java.io.tmpdir");
        Path missing = dir.resolve("missing");
        System.setProperty("java.io.tmpdir", missing.toString());
        try {
            SbenchException e = assertThrows(SbenchException.class, () -> new AtomicFileOutput(Path.of(given)).close());
            assertEquals("cannot make the temporary copy of " + named + " in " + missing + ": no such file", e.getMessage());
        } finally {
            System.setProperty("java.io.tmpdir", tmp);
        }
    }

    @Test
    void refusalsNameWhatIsWrong(@TempDir Path dir) {
        assertEquals("is a directory, expected an output file name", OutputPath.refusal(dir));
        assertEquals(dir.resolve("missing") + " does not exist", OutputPath.refusal(dir.resolve("missing").resolve("x.json")));
        assertNull(OutputPath.refusal(Path.of("-")));
        assertNull(OutputPath.refusal(Path.of("/dev/stdout")));
    }

    /** Found before the command runs (a replay of hours wrote its table, then failed to write its JSON). */
    @Test
    void aDirectoryOnAReadOnlyFileSystemIsRefusedAtOnce(@TempDir Path dir) throws Exception {
        assumeTrue(isRoot(), "mounting needs root");
        Path ro = Files.createDirectory(dir.resolve("ro"));
        assertEquals(0, new ProcessBuilder("mount", "-t", "tmpfs", "-o", "ro,size=64k", "sbench-test-ro", ro.toString()).inheritIO()
                .start().waitFor());
        try {
            assertEquals("cannot be written: " + ro + " is on a read-only file system", OutputPath.refusal(ro.resolve("r.json")));
        } finally {
            new ProcessBuilder("umount", ro.toString()).inheritIO().start().waitFor();
        }
        assertNull(OutputPath.refusal(ro.resolve("r.json")), "writable again");
    }

    @Test
    void everyPathToTheFileStandardOutputIsIsStandardOutput(@TempDir Path dir) throws IOException {
        for (String stdout : new String[] {"-", "/dev/stdout", "/proc/self/fd/1", "/dev/fd/1"}) {
            assertEquals(OutputPath.Kind.STDOUT, OutputPath.of(Path.of(stdout)).kind(), stdout);
            assertTrue(OutputPath.namesStdout(Path.of(stdout)), stdout);
        }
        assertEquals(OutputPath.Kind.STDERR, OutputPath.of(Path.of("/dev/stderr")).kind());
        Path file = Files.writeString(dir.resolve("open.json"), "");
        try (FileChannel open = FileChannel.open(file, StandardOpenOption.WRITE)) {
            Path descriptor = descriptorOf(file);
            assertEquals(OutputPath.Kind.THROUGH, OutputPath.of(descriptor).kind(), "a descriptor of another file is written into: "
                    + descriptor);
            assertEquals(OutputPath.Kind.FILE, OutputPath.of(file).kind());
            assertFalse(OutputPath.namesStdout(file));
        }
    }

    @Test
    void aFileUnderDevIsRefusedNamingTheDevicesThere() throws IOException {
        Path typo = Path.of("/dev/sbench-test-output-" + ProcessHandle.current().pid());
        String refusal = "there is no such device, and sbench makes no files under /dev; devices to write into there: /dev/stdout,"
                + " /dev/stderr, /dev/null; a file goes anywhere else (/dev/shm too)";
        try {
            assertEquals(refusal, OutputPath.refusal(typo));
            assertEquals(typo + ": " + refusal, assertThrows(SbenchException.class, () -> new AtomicFileOutput(typo)).getMessage());
            assertFalse(Files.exists(typo, LinkOption.NOFOLLOW_LINKS), "nothing made in /dev");
            Files.writeString(typo, "left by an earlier sbench");
            assertEquals(refusal.replace("there is no such device", "is a regular file"), OutputPath.refusal(typo));
        } finally {
            Files.deleteIfExists(typo);
        }
        Path shm = Path.of("/dev/shm");
        assumeTrue(Files.isDirectory(shm), "no /dev/shm here");
        Path inShm = shm.resolve("sbench-test-output-" + ProcessHandle.current().pid());
        try {
            write(inShm);
            assertArrayEquals(CONTENT, Files.readAllBytes(inShm), "/dev/shm is for files");
        } finally {
            Files.deleteIfExists(inShm);
        }
    }

    /** {@code /proc/self/fd/N} of a descriptor this process has open on {@code file}. */
    private static Path descriptorOf(Path file) throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    if (Files.readSymbolicLink(fd).equals(file)) {
                        return fd;
                    }
                } catch (IOException closedMeanwhile) {
                    // the descriptor of the listing itself, or one closed since
                }
            }
        }
        throw new AssertionError("no descriptor of " + file + " in /proc/self/fd");
    }

    private static int mode(Path p) throws IOException {
        return (Integer) Files.getAttribute(p, "unix:mode");
    }

    private static int umask() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("Umask:")) {
                return Integer.parseInt(line.substring("Umask:".length()).trim(), 8);
            }
        }
        throw new AssertionError("no Umask in /proc/self/status");
    }

    private static boolean isRoot() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("Uid:")) {
                return line.substring("Uid:".length()).trim().split("\\s+")[0].equals("0");
            }
        }
        return false;
    }

    private static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).inheritIO().start();
        assertEquals(0, p.waitFor(), String.join(" ", command));
    }
}
