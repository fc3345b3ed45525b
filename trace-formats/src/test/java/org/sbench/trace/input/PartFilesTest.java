// The part files of outputs: a killed writer's is removed when its output is written again, a running writer's never.
package org.sbench.trace.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PartFilesTest {
    private static final byte[] CONTENT = "complete\n".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    private final List<String> notes = new ArrayList<>();

    @BeforeEach
    void collectNotes() {
        PartFiles.tellTo(notes::add);
    }

    @AfterEach
    void notesToStderrAgain() {
        PartFiles.tellTo(note -> System.err.println("sbench: " + note));
    }

    private static void write(Path target) throws IOException {
        try (AtomicFileOutput out = new AtomicFileOutput(target)) {
            out.channel().write(ByteBuffer.wrap(CONTENT));
            out.commit();
        }
    }

    private static String note(Path part, String output) {
        return "removed " + part + ", a part of " + output + " left by an sbench that ended before it finished (killed: its lock is gone)";
    }

    @Test
    void aPartNoWriterHoldsIsRemovedWithANoteAndNothingElse() throws IOException {
        Path out = dir.resolve("r.json");
        // What SIGKILL leaves: a part file whose lock went with its writer.
        Path stale = Files.writeString(dir.resolve(".r.json.k3j2h1q.part"), "half");
        List<Path> others = List.of(Files.writeString(dir.resolve(".r.json.part"), "x"), Files.writeString(dir.resolve(".q.json.k3j2.part"), "x"),
                Files.writeString(dir.resolve("r.json.k3j2.part"), "x"), Files.writeString(dir.resolve(".r.json.k3j2.sbt"), "x"));
        write(out);
        assertEquals(List.of(note(stale, "r.json")), notes);
        assertFalse(Files.exists(stale));
        for (Path other : others) {
            assertTrue(Files.exists(other), "not a part of r.json: " + other);
        }
        assertEquals(new String(CONTENT, StandardCharsets.UTF_8), Files.readString(out));
    }

    @Test
    void aPartOfThisProcessIsLeftToIt() throws IOException {
        Path out = dir.resolve("r.json");
        try (AtomicFileOutput first = new AtomicFileOutput(out)) {
            first.channel().write(ByteBuffer.wrap(CONTENT));
            write(out);
            assertEquals(List.of(), notes);
            first.commit();
        }
        assertEquals(List.of("r.json"), names());
    }

    @Test
    void aPartOfAWriterStillRunningIsLeftAndRemovedOnceItIsKilled() throws Exception {
        Path out = dir.resolve("r.json");
        Process holder = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), PartHolder.class.getName(), out.toString()).redirectErrorStream(true).start();
        try {
            assertEquals("holding", new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8)).readLine());
            List<String> part = parts();
            assertEquals(1, part.size(), names().toString());
            write(out);
            assertEquals(List.of(), notes, "a running writer's part is not stale");
            assertEquals(part, parts());
            holder.destroyForcibly().waitFor();
            assertEquals(part, parts(), "SIGKILL leaves it");
            write(out);
            assertEquals(List.of(note(dir.resolve(part.get(0)), "r.json")), notes);
            assertEquals(List.of("r.json"), names());
        } finally {
            holder.destroyForcibly().waitFor();
        }
    }

    /**
     * Another sbench's {@link PartFiles#removeStale} may open a part file between its creation and its writer's lock:
     * it then takes the lock and deletes the file, and the writer wrote into a file no longer there. Two {@code
     * sbench report R --csv D} at once, D new, in 25 tries: once the one said "removed D/.summary.csv.2wit0j4i86v6f.part,
     * a part of summary.csv left by an sbench that ended before it finished" of the other's live part, which then
     * failed, exit 5, "cannot write D/summary.csv: no such file". A part file gone, or locked by another, before its
     * writer's lock is not the writer's: it draws another.
     */
    @Test
    void aPartRemovedBeforeItsWriterLockedItIsNotHeld() throws IOException {
        Path part = PartFiles.name(dir, "r.json", 1);
        try (FileChannel channel = FileChannel.open(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            Files.delete(part);
            assertFalse(PartFiles.hold(part, channel));
        }
    }

    @Test
    void aPartLockedByAnotherProcessBeforeItsWriterIsNotHeld() throws Exception {
        Path part = PartFiles.name(dir, "r.json", 2);
        try (FileChannel channel = FileChannel.open(part, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            Process locker = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                    System.getProperty("java.class.path"), PartLocker.class.getName(), part.toString()).redirectErrorStream(true).start();
            try {
                assertEquals("locked", new BufferedReader(new InputStreamReader(locker.getInputStream(), StandardCharsets.UTF_8)).readLine());
                assertFalse(PartFiles.hold(part, channel));
            } finally {
                locker.destroyForcibly().waitFor();
            }
        }
        Path mine = PartFiles.name(dir, "r.json", 3);
        try (FileChannel channel = FileChannel.open(mine, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            assertTrue(PartFiles.hold(mine, channel), "created, locked and still there");
        } finally {
            PartFiles.release(mine);
        }
    }

    private List<String> parts() throws IOException {
        return names().stream().filter(n -> n.endsWith(".part")).toList();
    }

    private List<String> names() throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
