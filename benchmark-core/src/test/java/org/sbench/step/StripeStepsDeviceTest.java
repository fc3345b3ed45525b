package org.sbench.step;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.data.WritePattern;
import org.sbench.data.WritePatterns;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.ReplaySettings;
import org.sbench.result.ReplayResult;
import org.sbench.target.BlockStat;
import org.sbench.target.LoopDevice;
import org.sbench.target.LoopStripe;
import org.sbench.target.TargetSettings;

/**
 * The drive-state steps on a stripe of two loop devices this test makes, checked member by member
 * at the kernel ({@code /sys/block/loopN/stat}) and by reading the members back: a purge erases
 * each member's share of its range and nothing else, a fill lays the array's data over the members
 * as RAID 0 maps it, and torture, sweep and idle put on each member exactly the IOs their results
 * count for it. Expected places come from the mapping as the issue states it, written out here.
 */
@Tag("device")
class StripeStepsDeviceTest {
    private static final long K = 1024;
    private static final long MIB = 1 << 20;
    private static final long MEMBER_BYTES = 16 * MIB;
    private static final long CHUNK = 64 * K;
    private static final int SECTOR = BlockStat.SECTOR_BYTES;
    private static final byte OLD = (byte) 0xAB;

    @BeforeAll
    static void needsRoot() {
        LoopDevice.assumeRoot();
    }

    private static Map<String, String> opts(String... keyValues) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put(keyValues[i], keyValues[i + 1]);
        }
        return m;
    }

    private static StepResult run(Step step, LoopStripe stripe, Path bundle, StepListener listener) {
        return StepSession.run(step, stripe.spec("64K"), TargetSettings.DEFAULTS.withAllowWrite(true), bundle, NanoClock.SYSTEM,
                listener, new ReplayControl(), "test");
    }

    private static BlockStat[] stats(LoopStripe stripe) {
        return stripe.members().stream().map(BlockStat::of).toArray(BlockStat[]::new);
    }

    private static BlockStat[] since(LoopStripe stripe, BlockStat[] before) {
        BlockStat[] now = stats(stripe);
        for (int m = 0; m < now.length; m++) {
            now[m] = now[m].since(before[m]);
        }
        return now;
    }

    private static void write(LoopDevice dev, byte[] data) throws IOException {
        try (FileChannel ch = FileChannel.open(dev.path(), StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.wrap(data);
            while (b.hasRemaining()) {
                ch.write(b, b.position());
            }
            ch.force(true);
        }
    }

    private static byte[] read(LoopDevice dev) throws IOException {
        ByteBuffer b = ByteBuffer.allocate((int) MEMBER_BYTES);
        try (FileChannel ch = FileChannel.open(dev.path(), StandardOpenOption.READ)) {
            while (b.hasRemaining()) {
                ch.read(b, b.position());
            }
        }
        return b.array();
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    /** The member of array byte {@code x} (chunk index mod 2) and where it is there ((chunk index / 2) x chunk + offset in the chunk). */
    private static int member(long x) {
        return (int) (x / CHUNK % 2);
    }

    private static long memberOffset(long x) {
        return x / CHUNK / 2 * CHUNK + x % CHUNK;
    }

    @Test
    void aPurgeErasesEachMembersShareOfTheRangeAndNothingElse() throws Exception {
        // [100K, 100K + 5M): from the middle of chunk 1 to the middle of chunk 81.
        long offset = 100 * K;
        long length = 5 * MIB;
        try (LoopStripe stripe = LoopStripe.create(2, MEMBER_BYTES)) {
            for (String method : new String[] {"trim", "zero"}) {
                byte[][] expected = new byte[2][(int) MEMBER_BYTES];
                long[] sectors = new long[2];
                for (int m = 0; m < 2; m++) {
                    Arrays.fill(expected[m], OLD);
                    write(stripe.member(m), expected[m]);
                }
                for (long x = offset; x < offset + length; x += SECTOR) {
                    Arrays.fill(expected[member(x)], (int) memberOffset(x), (int) memberOffset(x) + SECTOR, (byte) 0);
                    sectors[member(x)]++;
                }
                List<String> notes = new ArrayList<>();
                BlockStat[] before = stats(stripe);
                StepResult r = run(PurgeStep.of(opts("method", method, "range", "100K:5M")), stripe, null, new StepListener() {
                    @Override
                    public void note(String line) {
                        notes.add(line);
                    }
                });
                BlockStat[] d = since(stripe, before);
                assertTrue(r.complete());
                // The members say the same: once, of each member.
                String note = method.equals("zero") ? StepsDeviceTest.unmapNote("each member") : null;
                assertEquals(new StepResult.PurgeSummary(method, offset, length, r.purge().chunks(), note), r.purge());
                assertTrue(notes.get(0).startsWith("purge destroys the data on the stripe 2 x 16.8 MB striped, 64 KiB of device "
                        + stripe.member(0).path() + " (loop over "), notes.get(0));
                assertTrue(notes.get(0).contains(") and device " + stripe.member(1).path() + " (loop over "), notes.get(0));
                for (int m = 0; m < 2; m++) {
                    if (method.equals("trim")) {
                        assertEquals(sectors[m], d[m].sectorsDiscarded(), "member " + m + "'s share, discarded at the kernel");
                        assertEquals(0, d[m].sectorsWritten(), "member " + m);
                    } else {
                        assertEquals(0, d[m].discards(), "member " + m);
                        assertEquals(sectors[m], d[m].sectorsWritten(), "member " + m + "'s share, zeros written at the kernel");
                    }
                    assertEquals(sha256(expected[m]), sha256(read(stripe.member(m))), method + ": member " + m
                            + " holds zeros in its share and the old bytes elsewhere");
                }
                assertEquals(method.equals("zero") ? length : 0, r.bytesWritten());
            }
            BlockStat[] before = stats(stripe);
            SbenchException e = assertThrows(SbenchException.class,
                    () -> run(PurgeStep.of(opts("method", "secure-trim")), stripe, null, StepListener.NONE));
            assertEquals(ErrorKind.USAGE, e.kind());
            assertEquals(stripe.spec("64K") + " refused secure-trim (ioctl BLKSECDISCARD on each member: EOPNOTSUPP (Operation not"
                    + " supported)); use --method trim, or --method zero", e.getMessage());
            for (BlockStat d : since(stripe, before)) {
                assertEquals(0, d.sectorsDiscarded());
            }
        }
    }

    @Test
    void aFillLaysTheArraysDataOverTheMembersAndTheStateLogCountsEachMember(@TempDir Path dir) throws Exception {
        try (LoopStripe stripe = LoopStripe.create(2, MEMBER_BYTES)) {
            byte[] old = new byte[(int) MEMBER_BYTES];
            Arrays.fill(old, OLD);
            write(stripe.member(0), old);
            write(stripe.member(1), old);
            BlockStat[] before = stats(stripe);
            int bs = 128 * 1024;
            Path bundle = dir.resolve("b");
            StepResult r = run(FillStep.of(opts("percent", "50", "passes", "1", "bs", "128K", "qd", "8")), stripe, bundle,
                    StepListener.NONE);
            BlockStat[] d = since(stripe, before);
            assertTrue(r.complete());
            long region = MEMBER_BYTES; // half of the array
            ReplayResult pass = r.results().get(0);
            assertEquals(region / bs, pass.summary().writes());
            assertEquals(region / bs, pass.stripe().splitIos(), "every 128 KiB write spans two chunks");
            for (int m = 0; m < 2; m++) {
                assertEquals(region / 2 / SECTOR, d[m].sectorsWritten(), "member " + m + " got half the fill");
                assertEquals(region / 2 / CHUNK, d[m].dataWrites(), "one request per chunk on member " + m);
                assertEquals(region / 2 / CHUNK, pass.stripe().members().get(m).writes(), "member " + m + "'s count is the kernel's");
            }
            // The array's bytes are write i at offset i x 128 KiB, with the pass's pattern; the members hold them chunk by chunk.
            WritePattern pattern = WritePatterns.of("random", bs, ReplaySettings.DEFAULT_SEED + 1);
            byte[][] expected = {old.clone(), old.clone()};
            ByteBuffer buf = ByteBuffer.allocate(bs);
            for (long i = 0; i < region / bs; i++) {
                pattern.fill(buf, bs, i);
                for (long at = 0; at < bs; at += CHUNK) {
                    long x = i * bs + at;
                    System.arraycopy(buf.array(), (int) at, expected[member(x)], (int) memberOffset(x), (int) CHUNK);
                }
            }
            for (int m = 0; m < 2; m++) {
                assertEquals(sha256(expected[m]), sha256(read(stripe.member(m))), "member " + m + " holds its chunks of the fill");
            }
            Map<String, String> health = BundleDirectory.open(bundle).read().stateLog().get(0).health();
            long member0 = Long.parseLong(health.get("member0.kernelSectorsWritten"));
            long member1 = Long.parseLong(health.get("member1.kernelSectorsWritten"));
            assertEquals(member0 + member1, Long.parseLong(health.get("kernelSectorsWritten")), "the array's count is its members' sum");
            assertEquals(before[0].sectorsWritten() + d[0].sectorsWritten(), member0, "member 0's counter after the step");
            assertEquals(before[1].sectorsWritten() + d[1].sectorsWritten(), member1, "member 1's counter after the step");
        }
    }

    /** What the kernel counted on each member during one IO run of a step, and the run's result. */
    private record Counted(ReplayResult result, BlockStat[] kernel) {
    }

    /** Hears each IO run of the steps: the members' kernel counts from its clock start to its end, with its result. */
    private static StepListener counting(LoopStripe stripe, List<Counted> runs) {
        BlockStat[][] atStart = new BlockStat[1][];
        return new StepListener() {
            @Override
            public org.sbench.replay.ReplayListener run(String what, long timeLimitNs) {
                return new org.sbench.replay.ReplayListener() {
                    @Override
                    public void started(long startNs) {
                        atStart[0] = stats(stripe);
                    }

                    @Override
                    public void progress(long doneIos, long totalIos, long elapsedNs, long bytes) {
                    }
                };
            }

            @Override
            public void runDone(String what, ReplayResult result) {
                runs.add(new Counted(result, since(stripe, atStart[0])));
            }
        };
    }

    @Test
    void tortureSweepAndIdlePutOnEachMemberTheIosTheirResultsCountForIt() throws Exception {
        try (LoopStripe stripe = LoopStripe.create(2, MEMBER_BYTES)) {
            List<Counted> runs = new ArrayList<>();
            StepListener listener = counting(stripe, runs);
            List<StepResult> steps = List.of(
                    run(TortureStep.of(opts("duration", "1s", "qd", "8")), stripe, null, listener),
                    run(SweepStep.of(opts("points", "4", "per-point", "1M", "bs", "256K")), stripe, null, listener),
                    run(IdleStep.of(opts("duration", "1s", "probe", "500ms", "probe-duration", "100ms", "probe-qd", "4",
                            "probe-test", "randread")), stripe, null, listener));
            for (StepResult s : steps) {
                assertTrue(s.complete(), s.label() + ": " + s.stopReason());
            }
            assertEquals(1 + 1 + 3, runs.size(), "a torture run, a sweep, three probes");
            long[] ios = new long[2];
            for (Counted c : runs) {
                assertEquals(2, c.result().stripe().memberCount());
                for (int m = 0; m < 2; m++) {
                    ReplayResult.Member x = c.result().stripe().members().get(m);
                    BlockStat k = c.kernel()[m];
                    String what = c.result().trace().format() + " run, member " + m;
                    assertEquals(x.writes(), k.dataWrites(), what + ": writes at the kernel");
                    assertEquals(x.bytesWritten() / SECTOR, k.sectorsWritten(), what);
                    assertEquals(x.reads(), k.reads(), what + ": reads at the kernel");
                    assertEquals(x.bytesRead() / SECTOR, k.sectorsRead(), what);
                    ios[m] += x.ios();
                }
            }
            assertTrue(ios[0] > 0 && ios[1] > 0, "both members worked: " + Arrays.toString(ios));
        }
    }
}
