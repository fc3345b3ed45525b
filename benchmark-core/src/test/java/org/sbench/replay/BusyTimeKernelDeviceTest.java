package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.record.RequestCapture.Request;
import org.sbench.result.ReplayResult;
import org.sbench.target.LoopDevice;
import org.sbench.target.LoopStripe;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.stats.SizeClass;

/**
 * sbench's busy time against the block layer's (docs/definitions.md): every IO is stamped submitted
 * before the kernel issues its requests ({@code block_rq_issue}) and done after they complete
 * ({@code block_rq_complete}), on the clock of a tracefs instance's {@code mono} trace clock, so each
 * request's interval lies in its IO's (on a stripe, its member IO's), and the union of the requests'
 * intervals is no longer than sbench's busy time: for all IOs, reads, writes and each size class of
 * each, and on a stripe for each member. Bursts of reads, writes, trims and flushes of several sizes between idle gaps, at
 * recorded depth, fixed depth 1 (polling for completions and sleeping for them) and 32 and timed,
 * through io_uring, libaio and sync.
 */
@Tag("device")
class BusyTimeKernelDeviceTest {
    private static final long KIB = 1024;
    private static final long MIB = 1 << 20;
    /** One of each size class's kind: {@code <4K}, 4K, (4K,8K], (16K,32K], (64K,128K]. */
    private static final long[] SIZES = {2 * KIB, 4 * KIB, 8 * KIB, 32 * KIB, 128 * KIB};
    private static final long SLOT = 128 * KIB;
    private static final int BURSTS = 24;
    private static final int PER_BURST = 16;
    private static final long SPACING_NS = 30_000;
    private static final long IDLE_NS = 3_000_000;
    private static final long SERVICE_NS = 200_000;
    private static final int QD = 32;

    /**
     * Bursts of {@link #PER_BURST} IOs {@link #SPACING_NS} apart, {@link #IDLE_NS} between bursts;
     * reads and writes of {@link #SIZES} in turn, a 64 KiB trim every 20th IO and a flush every
     * 50th, each at its own 128 KiB-aligned place past the first and before the last MiB of
     * {@code spanBytes} (the target's signature checks read there before the run).
     */
    private static List<IoRecord> ios(long spanBytes) {
        Random random = new Random(7);
        List<Long> places = new ArrayList<>();
        for (long at = MIB; at + SLOT <= spanBytes - MIB; at += SLOT) {
            places.add(at);
        }
        Collections.shuffle(places, random);
        List<IoRecord> out = new ArrayList<>();
        for (int i = 0; i < BURSTS * PER_BURST; i++) {
            IoRecord r = new IoRecord();
            r.issueNs = (i / PER_BURST) * (IDLE_NS + PER_BURST * SPACING_NS) + (i % PER_BURST) * SPACING_NS;
            r.completeNs = r.issueNs + SERVICE_NS;
            r.op = i % 50 == 49 ? Op.FLUSH : i % 20 == 19 ? Op.TRIM : random.nextBoolean() ? Op.READ : Op.WRITE;
            if (r.op != Op.FLUSH) {
                r.offsetBytes = places.get(i);
                r.lengthBytes = r.op == Op.TRIM ? 64 * KIB : SIZES[i % SIZES.length];
            }
            out.add(r);
        }
        return out;
    }

    /** Recorded depth, fixed-qd 1 (polling for completions, and sleeping for them: {@code --reap wait}) and 32, and timed. */
    private static List<ReplaySettings> modes(String engine) {
        ReplaySettings s = ReplaySettings.DEFAULTS.withEngine(engine);
        return List.of(s, s.withFixedQd(1), s.withFixedQd(1).withPollCompletions(false), s.withFixedQd(QD), s.withTimed(1.0, QD));
    }

    /**
     * Every IO of {@code ios} was reaped whole (its member IOs cover it); every read and write
     * made the requests that cover it, and every request came from an IO; each request lies
     * within the {@code [submit, done)} of the IO that made it.
     */
    private static void assertEachRequestWithinItsIo(List<IoRecord> ios, KernelReplay.Replayed got, String what) {
        long[] reapedBytes = new long[ios.size()];
        List<String> outside = new ArrayList<>();
        for (int k = 0; k < got.stamped().size(); k++) {
            StampingEngine.Stamped s = got.stamped().get(k);
            reapedBytes[(int) s.tag()] += s.lengthBytes();
            if (s.op().transfersData()) {
                assertEquals(s.lengthBytes(), got.made().get(k).stream().mapToLong(Request::lengthBytes).sum(),
                        what + ": the requests of " + s.describe() + " on member " + s.member());
            }
            for (Request q : got.made().get(k)) {
                if (q.issuedByNs() < s.submitNs() || q.completedFromNs() > s.doneNs()) {
                    outside.add(s.describe() + " [" + s.submitNs() + ", " + s.doneNs() + ") ns, its request issued at "
                            + q.issueUs() + " µs, completed at " + q.completeUs() + " µs");
                }
            }
        }
        for (int i = 0; i < ios.size(); i++) {
            assertEquals(ios.get(i).lengthBytes, reapedBytes[i], what + ": bytes reaped of IO " + i);
        }
        assertEquals(List.of(), got.requests().unclaimed().stream().map(Request::describe).toList(), what + ": requests of no IO");
        assertEquals(List.of(), outside.subList(0, Math.min(5, outside.size())),
                what + ": " + outside.size() + " requests outside their IO's [submit, done)");
    }

    /**
     * Kernel busy time no longer than sbench's: of all requests, of those of reads, of writes, and of
     * those of each size class of reads and of writes (by their trace IO's length).
     */
    private static void assertKernelBusyWithin(List<IoRecord> ios, KernelReplay.Replayed got, String what) {
        ReplayResult r = got.result();
        ReplayResult.Summary s = r.summary();
        assertWithin(s.busyNs(), busy(ios, got, io -> true), what + ": all IOs");
        assertWithin(s.readBusyNs(), busy(ios, got, io -> io.op == Op.READ), what + ": reads");
        assertWithin(s.writeBusyNs(), busy(ios, got, io -> io.op == Op.WRITE), what + ": writes");
        Map<String, Long> classes = new HashMap<>();
        for (ReplayResult.SizeClassResult c : r.sizeClasses()) {
            classes.put(c.sizeClass() + " " + c.op(), c.busyNs());
        }
        for (SizeClass c : SizeClass.values()) {
            for (Op op : new Op[] {Op.READ, Op.WRITE}) {
                long kernel = busy(ios, got, io -> io.op == op && SizeClass.of(io.lengthBytes) == c);
                if (kernel > 0) {
                    String key = c.label() + " " + op.name().toLowerCase(Locale.ROOT);
                    assertTrue(classes.containsKey(key), what + ": no size class " + key + " in " + classes.keySet());
                    assertWithin(classes.get(key), kernel, what + ": " + key);
                }
            }
        }
    }

    /** The kernel busy time of the requests of the trace IOs {@code which} takes. */
    private static long busy(List<IoRecord> ios, KernelReplay.Replayed got, Predicate<IoRecord> which) {
        List<Request> of = new ArrayList<>();
        for (int k = 0; k < got.stamped().size(); k++) {
            if (which.test(ios.get((int) got.stamped().get(k).tag()))) {
                of.addAll(got.made().get(k));
            }
        }
        return KernelRequests.busyNs(of);
    }

    private static void assertWithin(long sbenchNs, long kernelNs, String what) {
        assertTrue(kernelNs > 0 && kernelNs <= sbenchNs, what + ": kernel busy " + kernelNs + " ns, sbench busy " + sbenchNs + " ns");
    }

    @Test
    void everyRequestLiesWithinItsIoAndKernelBusyWithinSbenchBusy(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice dev = LoopDevice.create(128 * MIB)) {
            List<IoRecord> ios = ios(128 * MIB);
            Path trace = TestRecords.writeSbt(dir.resolve("bursts.sbt"), TraceInfo.of("bursts", EnumSet.of(Field.COMPLETE)), ios);
            for (String engine : List.of("io_uring", "libaio", "sync")) {
                for (ReplaySettings mode : modes(engine)) {
                    String what = describe(mode);
                    KernelReplay.Replayed got = KernelReplay.run(trace, dev.path().toString(), List.of(dev.name()), mode);
                    assertTrue(got.result().complete(), what);
                    assertEachRequestWithinItsIo(ios, got, what);
                    assertKernelBusyWithin(ios, got, what);
                }
            }
        }
    }

    @Test
    void onAStripeEachMembersRequestsLieWithinItsIosAndItsKernelBusyWithinItsSbenchBusy(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        try (LoopStripe loops = LoopStripe.create(2, 64 * MIB)) {
            List<IoRecord> ios = ios(128 * MIB);
            Path trace = TestRecords.writeSbt(dir.resolve("bursts.sbt"), TraceInfo.of("bursts", EnumSet.of(Field.COMPLETE)), ios);
            List<String> names = loops.members().stream().map(LoopDevice::name).toList();
            for (String engine : List.of("io_uring", "libaio", "sync")) {
                for (ReplaySettings mode : modes(engine)) {
                    String what = "stripe " + describe(mode);
                    KernelReplay.Replayed got = KernelReplay.run(trace, loops.spec("64K"), names, mode);
                    assertTrue(got.result().complete(), what);
                    assertEachRequestWithinItsIo(ios, got, what);
                    assertKernelBusyWithin(ios, got, what);
                    List<ReplayResult.Member> members = got.result().stripe().members();
                    for (int m = 0; m < names.size(); m++) {
                        List<Request> on = new ArrayList<>();
                        for (int k = 0; k < got.stamped().size(); k++) {
                            if (got.stamped().get(k).member() == m) {
                                on.addAll(got.made().get(k));
                            }
                        }
                        assertWithin(members.get(m).busyNs(), KernelRequests.busyNs(on), what + ", member " + names.get(m));
                    }
                }
            }
        }
    }

    /** {@code ENGINE MODE [QD], reap HOW}. */
    private static String describe(ReplaySettings mode) {
        return mode.engine() + " " + mode.mode().word() + (mode.mode() instanceof ReplayMode.FixedQd f ? " " + f.qd() : "")
                + ", reap " + mode.reap();
    }
}
