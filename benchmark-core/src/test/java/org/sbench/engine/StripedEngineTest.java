package org.sbench.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sbench.SbenchException;
import org.sbench.engine.linux.NativeBytes;
import org.sbench.replay.NanoClock;
import org.sbench.target.StripedTarget;
import org.sbench.target.Target;
import org.sbench.target.TargetSettings;
import org.sbench.target.Targets;
import org.sbench.trace.Op;

/**
 * Each kernel engine under a {@link StripedEngine}, on a stripe of two files (no root needed): a
 * write across three 4 KiB chunks lands on the members' descriptors at the mapped offsets from the
 * right parts of its buffer (io_uring: registered files and buffers), reads back whole, and a FLUSH
 * and a TRIM reach both members.
 */
class StripedEngineTest {
    private static final int K = 1024;
    private static final TargetSettings WRITE = TargetSettings.DEFAULTS.withAllowWrite(true);

    @TempDir
    Path dir;

    private static IoSlot runOne(IoEngine engine, Op op, long offset, int length) {
        IoSlot s = engine.slots()[0];
        s.op = op;
        s.offsetBytes = offset;
        s.lengthBytes = length;
        assertTrue(engine.admits(s));
        engine.submit(s);
        assertEquals(1, engine.commit());
        List<IoSlot> done = new ArrayList<>();
        while (done.isEmpty()) {
            engine.reap(1, -1, done::add);
        }
        assertEquals(List.of(s), done);
        assertTrue(s.doneNs >= s.submitNs);
        return s;
    }

    private IoEngine open(String name, Target target) {
        try {
            return IoEngines.open(name, target, 2, 64 * K, NanoClock.SYSTEM).engine();
        } catch (SbenchException e) {
            assumeTrue(false, name + " unavailable here: " + e.getMessage());
            return null;
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"io_uring", "libaio", "sync"})
    void partsGoToTheirMembersFromTheirPartOfTheBuffer(String name) throws IOException {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        byte[] data = new byte[12 * K];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i / K + 1);
        }
        try (Target stripe = Targets.open("stripe:4K:" + a + "," + b, WRITE.withSizeBytes(64 * K))) {
            assertTrue(stripe instanceof StripedTarget);
            try (IoEngine engine = open(name, stripe)) {
                assertTrue(engine instanceof StripedEngine, engine.getClass().getName());
                assertEquals(2, engine.depth());
                IoSlot s = engine.slots()[0];
                s.buffer.put(0, data);
                // [4K, 16K) is chunks 1, 2, 3: member 1 at 0, member 0 at 4K, member 1 at 4K.
                assertEquals(12 * K, runOne(engine, Op.WRITE, 4 * K, 12 * K).result);
                s.buffer.put(0, new byte[12 * K]);
                assertEquals(12 * K, runOne(engine, Op.READ, 4 * K, 12 * K).result);
                byte[] back = new byte[12 * K];
                NativeBytes.get(s.bufferAddress, back, 0, back.length);
                assertArrayEquals(data, back, "read back through the stripe");
                assertEquals(0, runOne(engine, Op.FLUSH, 0, 0).result);
            }
        }
        byte[] memberA = Files.readAllBytes(a);
        byte[] memberB = Files.readAllBytes(b);
        assertArrayEquals(Arrays.copyOfRange(data, 4 * K, 8 * K), Arrays.copyOfRange(memberA, 4 * K, 8 * K), "chunk 2 on member 0");
        assertArrayEquals(Arrays.copyOfRange(data, 0, 4 * K), Arrays.copyOfRange(memberB, 0, 4 * K), "chunk 1 on member 1");
        assertArrayEquals(Arrays.copyOfRange(data, 8 * K, 12 * K), Arrays.copyOfRange(memberB, 4 * K, 8 * K), "chunk 3 on member 1");
        assertArrayEquals(new byte[4 * K], Arrays.copyOfRange(memberA, 0, 4 * K), "chunk 0 untouched");
        try (Target stripe = Targets.open("stripe:4K:" + a + "," + b, WRITE); IoEngine engine = open(name, stripe)) {
            // [0, 16K): member 0 holds chunks 0 and 2 -> [0, 8K); member 1 chunks 1 and 3 -> [0, 8K).
            assertEquals(0, runOne(engine, Op.TRIM, 0, 16 * K).result);
        }
        assertArrayEquals(new byte[8 * K], Arrays.copyOf(Files.readAllBytes(a), 8 * K), "member 0 discarded");
        assertArrayEquals(new byte[8 * K], Arrays.copyOf(Files.readAllBytes(b), 8 * K), "member 1 discarded");
    }

    @Test
    void ioUringRegistersEveryMemberAsAFixedFile() throws IOException {
        Path a = dir.resolve("member-a");
        Path b = dir.resolve("member-b");
        try (Target stripe = Targets.open("stripe:4K:" + a + "," + b, WRITE.withSizeBytes(64 * K));
             IoEngine engine = open("io_uring", stripe)) {
            assertEquals(List.of(a.toRealPath().toString(), b.toRealPath().toString()), registeredFiles(),
                    "the ring's fixed files, as the kernel lists them");
            assertTrue(engine.discards().endsWith("(member " + a + " is a file: io_uring queues discards of block devices only)"),
                    engine.discards());
        }
    }

    /**
     * The files registered with the io_uring rings this process has open, as the kernel's fdinfo of
     * each ring lists them ({@code UserFiles: N}, then {@code INDEX: PATH} per file).
     */
    private static List<String> registeredFiles() throws IOException {
        List<String> files = new ArrayList<>();
        try (var fds = Files.list(Path.of("/proc/self/fd"))) {
            for (Path fd : fds.toList()) {
                String link;
                try {
                    link = Files.readSymbolicLink(fd).toString();
                } catch (IOException e) {
                    continue; // closed meanwhile (the listing's own descriptor)
                }
                if (!link.equals("anon_inode:[io_uring]")) {
                    continue;
                }
                boolean listing = false;
                for (String line : Files.readAllLines(Path.of("/proc/self/fdinfo").resolve(fd.getFileName()))) {
                    java.util.regex.Matcher m = java.util.regex.Pattern.compile("^\\s*\\d+: (.+)$").matcher(line);
                    if (line.startsWith("UserFiles:")) {
                        listing = true;
                    } else if (listing && m.matches()) {
                        files.add(m.group(1));
                    } else {
                        listing = false;
                    }
                }
            }
        }
        return files;
    }
}
