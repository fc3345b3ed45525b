package org.sbench.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Phaser;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.linux.Errno;

/** Striped targets over files (no root needed): geometry, members opened and closed as targets, array-wide calls. */
class StripedTargetTest {
    private static final int K = 1024;
    private static final int MIB = 1 << 20;
    private static final TargetSettings WRITE = TargetSettings.DEFAULTS.withAllowWrite(true);

    @TempDir
    Path dir;

    private String spec(String chunk, String... members) {
        StringBuilder b = new StringBuilder("stripe:" + chunk + ":");
        for (int i = 0; i < members.length; i++) {
            b.append(i == 0 ? "" : ",").append(dir.resolve(members[i]));
        }
        return b.toString();
    }

    @Test
    void usesTheSmallestMemberInWholeChunksOnEveryMember() throws IOException {
        Files.write(dir.resolve("a"), new byte[4 * MIB]);
        Files.write(dir.resolve("b"), new byte[3 * MIB + 100 * K]);
        String spec = spec("64K", "a", "b");
        try (StripedTarget t = (StripedTarget) Targets.open(spec, WRITE)) {
            assertEquals("stripe", t.kind());
            assertEquals(spec, t.path());
            assertEquals(3 * MIB + 64 * K, t.memberBytes());
            assertEquals(2 * (3 * MIB + 64 * K), t.capacityBytes());
            assertEquals(4096, t.logicalBlockSize());
            assertEquals(-1, t.fd());
            assertEquals(List.of(dir.resolve("a").toString(), dir.resolve("b").toString()),
                    t.members().stream().map(Target::path).toList());
            assertEquals("2 x 3.21 MB striped, 64 KiB", t.describe().get(StripedTarget.KEY_STRIPE));
            assertEquals("65536", t.describe().get(StripedTarget.KEY_CHUNK_BYTES));
            assertEquals("2", t.describe().get(StripedTarget.KEY_MEMBERS));
            assertEquals(Long.toString(3 * MIB + 64 * K), t.describe().get(StripedTarget.KEY_MEMBER_BYTES));
        }
    }

    @Test
    void newFileMembersGetTheirShareOfTheSizeInWholeChunks() throws IOException {
        try (Target t = Targets.open(spec("64K", "a", "b", "c"), WRITE.withSizeBytes(10 * MIB))) {
            // 10 MiB is 160 chunks: 54 on each of 3 members (162), 3.375 MiB each.
            assertEquals(54 * 64 * K, Files.size(dir.resolve("a")));
            assertEquals(54 * 64 * K, Files.size(dir.resolve("c")));
            assertEquals(3 * 54 * 64 * K, t.capacityBytes());
            assertEquals(t.capacityBytes(), t.unwrittenBytes(t.capacityBytes()), "fresh files hold no data");
        }
    }

    /**
     * A share of a size within a chunk of 2^63 (replay's default for a trace that reaches that far)
     * once overflowed: the member was to be made of -4611686018427322368 bytes. Now each is to be
     * its share, rounded up to whole chunks, which no filesystem holds, and says so with that size.
     */
    @Test
    void aShareOfASizeNear2To63IsSaidAsItIs() {
        SbenchException e = assertThrows(SbenchException.class,
                () -> Targets.open(spec("64K", "a", "b"), WRITE.withDefaultSizeBytes(Long.MAX_VALUE, "a test")).close());
        assertTrue(e.getMessage().contains(", a new file of 4.61 EB (its share of a test), 9.22 EB together, do not fit on their"
                + " file system"), e.getMessage());
    }

    @Test
    void discardsEachMembersShareAndFlushesThemAll() throws IOException {
        membersOfOnes("a", "b");
        try (Target t = Targets.open(spec("64K", "a", "b"), WRITE)) {
            // [16K, 200K): member a chunks 0 (from 16K) and 2 -> [16K, 128K); member b chunk 1 and 3 up to
            // 200K - 192K = 8K -> [0, 64K + 8K).
            assertEquals(0, t.discard(16 * K, 184 * K));
            assertEquals(0, t.flush());
        }
        byte[] a = Files.readAllBytes(dir.resolve("a"));
        byte[] b = Files.readAllBytes(dir.resolve("b"));
        assertZeroOnlyIn(a, 16 * K, 128 * K);
        assertZeroOnlyIn(b, 0, 72 * K);
    }

    @Test
    void erasesEachMembersShareByTheMethodAndSaysWhatTheMembersSay() throws IOException {
        membersOfOnes("a", "b");
        try (Target t = Targets.open(spec("64K", "a", "b"), WRITE)) {
            assertEquals(new Erasure("zero-range", "fallocate(ZERO_RANGE|KEEP_SIZE) on each member", null, null),
                    t.erasure(EraseMethod.ZERO));
            assertEquals(new Erasure("punch-hole", "fallocate(PUNCH_HOLE|KEEP_SIZE) on each member", null, null),
                    t.erasure(EraseMethod.TRIM));
            assertEquals("file " + dir.resolve("a") + " has no secure discard", t.erasure(EraseMethod.SECURE_TRIM).refusal(),
                    "the first member's refusal: a stripe is erased on all members or none");
            // The same range as the discard above: [16K, 128K) of a, [0, 72K) of b.
            assertEquals(0, t.erase(EraseMethod.ZERO, 16 * K, 184 * K));
            assertEquals(-Errno.EOPNOTSUPP, t.erase(EraseMethod.SECURE_TRIM, 0, 64 * K));
        }
        assertZeroOnlyIn(Files.readAllBytes(dir.resolve("a")), 16 * K, 128 * K);
        assertZeroOnlyIn(Files.readAllBytes(dir.resolve("b")), 0, 72 * K);
    }

    /** Files of 1 MiB of bytes 1, in the test's directory. */
    private void membersOfOnes(String... names) throws IOException {
        byte[] ones = new byte[MIB];
        Arrays.fill(ones, (byte) 1);
        for (String name : names) {
            Files.write(dir.resolve(name), ones);
        }
    }

    private static void assertZeroOnlyIn(byte[] data, int from, int to) {
        for (int i = 0; i < data.length; i++) {
            if (data[i] != (i >= from && i < to ? 0 : 1)) {
                throw new AssertionError("byte " + i + " is " + data[i] + "; expected zeros in [" + from + ", " + to + ") only");
            }
        }
    }

    @Test
    void refusesAMemberNamedTwice() throws IOException {
        Files.write(dir.resolve("a"), new byte[MIB]);
        Files.createSymbolicLink(dir.resolve("link"), dir.resolve("a"));
        String spec = spec("64K", "a", "link");
        SbenchException e = assertThrows(SbenchException.class, () -> Targets.open(spec, WRITE));
        assertEquals(ErrorKind.USAGE, e.kind());
        assertEquals("--target " + spec + ": members " + dir.resolve("a") + " and " + dir.resolve("link")
                + " are the same file; a stripe needs distinct drives", e.getMessage());
    }

    /** The same name twice was "members a and a are the same file", naming it twice. */
    @Test
    void aMemberWrittenTwiceIsNamedOnce() throws IOException {
        Files.write(dir.resolve("a"), new byte[MIB]);
        Files.write(dir.resolve("b"), new byte[MIB]);
        String spec = spec("64K", "a", "b", "a");
        SbenchException e = assertThrows(SbenchException.class, () -> Targets.open(spec, WRITE));
        assertEquals("--target " + spec + ": member " + dir.resolve("a") + " is named twice; a stripe needs distinct drives",
                e.getMessage());
    }

    @Test
    void refusesAMemberSmallerThanAChunk() throws IOException {
        Files.write(dir.resolve("a"), new byte[MIB]);
        Files.write(dir.resolve("b"), new byte[32 * K]);
        String spec = spec("64K", "a", "b");
        SbenchException e = assertThrows(SbenchException.class, () -> Targets.open(spec, WRITE));
        assertEquals("--target " + spec + ": member " + dir.resolve("b") + " holds 32768 bytes, less than one chunk", e.getMessage());
    }

    @Test
    void aRefusedMemberClosesTheOnesOpenedBeforeIt() throws IOException {
        Files.write(dir.resolve("b"), new byte[MIB]);
        String spec = spec("64K", "a", "b");
        // a is made by sbench (no permission needed); b exists, so writing it needs --allow-write.
        SbenchException e = assertThrows(SbenchException.class,
                () -> Targets.open(spec, TargetSettings.DEFAULTS.withSizeBytes(2 * MIB)));
        assertEquals(ErrorKind.UNSAFE_TARGET, e.kind());
        assertTrue(e.getMessage().startsWith("writing overwrites file " + dir.resolve("b")), e.getMessage());
        // a, made for the array, is deleted again and its lock released: it is made again at once.
        assertFalse(Files.exists(dir.resolve("a")));
        try (Target again = Targets.open(dir.resolve("a").toString(), TargetSettings.DEFAULTS.withSizeBytes(MIB))) {
            assertEquals(MIB, again.capacityBytes());
        }
    }

    @Test
    void membersAreLockedForTheRun() throws IOException {
        Files.write(dir.resolve("a"), new byte[MIB]);
        Files.write(dir.resolve("b"), new byte[MIB]);
        try (Target t = Targets.open(spec("64K", "a", "b"), WRITE)) {
            SbenchException e = assertThrows(SbenchException.class, () -> Targets.open(dir.resolve("b").toString(), WRITE));
            assertEquals(ErrorKind.TARGET_IN_USE, e.kind());
        }
        try (Target t = Targets.open(dir.resolve("b").toString(), WRITE)) {
            assertEquals(MIB, t.capacityBytes());
        }
    }

    /**
     * Two stripes over the same members named in other orders, started together: each locked its members in stripe
     * order, so each could take its first and be refused the other's, and neither ran, each naming the other as the
     * holder (stripe:64K:/dev/loop1,/dev/loop0 and stripe:64K:/dev/loop0,/dev/loop1, two sbench replays at once: both
     * exit 4 in 1 of 4 tries). Here each session waits after its first member until the other has opened its first or
     * failed, the interleaving that did it: one of them must run.
     */
    @Test
    void twoStripesOfTheSameMembersInOtherOrdersStartedTogetherRunOne() throws Exception {
        Files.write(dir.resolve("a"), new byte[MIB]);
        Files.write(dir.resolve("b"), new byte[MIB]);
        Phaser firstOpened = new Phaser(2);
        BiFunction<String, TargetSettings, Target> openThenWait = (member, settings) -> {
            Target t;
            try {
                t = Targets.open(member, settings);
            } catch (RuntimeException e) {
                firstOpened.arriveAndDeregister();
                throw e;
            }
            if (firstOpened.getPhase() == 0) {
                firstOpened.arriveAndAwaitAdvance();
            }
            return t;
        };
        ExecutorService sessions = Executors.newFixedThreadPool(2);
        try {
            List<Future<StripedTarget>> runs = new ArrayList<>();
            for (String spec : List.of(spec("64K", "a", "b"), spec("64K", "b", "a"))) {
                runs.add(sessions.submit(() -> StripedTarget.open(spec, StripeSpec.parse(spec), WRITE, openThenWait, (m, s) -> { })));
            }
            List<StripedTarget> running = new ArrayList<>();
            List<Throwable> refused = new ArrayList<>();
            for (Future<StripedTarget> run : runs) {
                try {
                    running.add(run.get());
                } catch (ExecutionException e) {
                    refused.add(e.getCause());
                }
            }
            running.forEach(StripedTarget::close);
            assertEquals(1, running.size(), "refusals: " + refused);
            assertEquals(ErrorKind.TARGET_IN_USE, ((SbenchException) refused.get(0)).kind());
        } finally {
            sessions.shutdownNow();
        }
    }

    /**
     * A bundle is resumed only on its drive: by serial where there is one, else by path. A stripe had no serial, so
     * a bundle begun on stripe:64K:/dev/nvme0n1,/dev/nvme1n1 was resumed on whatever drives those names held then
     * (swapped at a boot, or others), and refused on its own drives under new names.
     */
    @Test
    void theSerialOfAStripeIsItsMembersSerialsInStripeOrderWhenAllHaveOne() {
        StripeSpec spec = StripeSpec.parse("stripe:64K:a,b");
        Map<String, String> serials = Map.of("a", "S1", "b", "S2");
        try (StripedTarget t = StripedTarget.open("stripe:64K:a,b", spec, WRITE, (m, s) -> new Drive(m, serials.get(m)), (members, each) -> { })) {
            assertEquals("S1,S2", t.describe().get(BlockDeviceTarget.KEY_SERIAL));
        }
        try (StripedTarget t = StripedTarget.open("stripe:64K:a,b", spec, WRITE, (m, s) -> new Drive(m, m.equals("a") ? "S2" : "S1"), (members, each) -> { })) {
            assertEquals("S2,S1", t.describe().get(BlockDeviceTarget.KEY_SERIAL), "the same names on the drives swapped");
        }
        try (StripedTarget t = StripedTarget.open("stripe:64K:a,b", spec, WRITE, (m, s) -> new Drive(m, m.equals("a") ? "S1" : null), (members, each) -> { })) {
            assertFalse(t.describe().containsKey(BlockDeviceTarget.KEY_SERIAL), "a member without one: the array is known by its path");
        }
    }

    /** A drive of 1 MiB that says its serial (none when null) and takes no IO. */
    private record Drive(String path, String serial) implements Target {
        @Override
        public String kind() {
            return "block";
        }

        @Override
        public long capacityBytes() {
            return MIB;
        }

        @Override
        public int logicalBlockSize() {
            return 512;
        }

        @Override
        public int physicalBlockSize() {
            return 512;
        }

        @Override
        public int fd() {
            return -1;
        }

        @Override
        public Map<String, String> describe() {
            return serial == null ? Map.of() : Map.of(BlockDeviceTarget.KEY_SERIAL, serial);
        }

        @Override
        public int discard(long offsetBytes, long lengthBytes) {
            return 0;
        }

        @Override
        public int flush() {
            return 0;
        }

        @Override
        public void close() {
        }
    }
}
