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
import org.sbench.engine.IoEngines;
import org.sbench.record.BioQueueCapture;
import org.sbench.record.RequestCapture;
import org.sbench.record.RequestCapture.Request;
import org.sbench.result.ReplayResult;
import org.sbench.target.LoopDevice;
import org.sbench.target.LoopStripe;
import org.sbench.target.StripeLayout;
import org.sbench.target.TargetSettings;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.stats.SizeClass;

/**
 * sbench's busy time against the block layer's (docs/definitions.md): every IO is stamped submitted
 * before the kernel issues its requests ({@code block_rq_issue}) and done after they complete
 * ({@code block_rq_complete}), on the clock of a tracefs instance's {@code mono} trace clock, so each
 * request's interval lies in its IO's, and the union of the requests' intervals is no longer than
 * sbench's busy time: for all IOs, reads, writes and each size class of each, and on a stripe for
 * each member. Bursts of reads, writes, trims and flushes of several sizes between idle gaps, at
 * recorded depth, fixed depth 1 and 32 and timed, through io_uring, libaio and sync.
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

    private static List<ReplaySettings> modes(String engine) {
        return List.of(ReplaySettings.DEFAULTS.withEngine(engine), ReplaySettings.DEFAULTS.withFixedQd(1).withEngine(engine),
                ReplaySettings.DEFAULTS.withFixedQd(QD).withEngine(engine), ReplaySettings.DEFAULTS.withTimed(1.0, QD).withEngine(engine));
    }

    /** Replays {@code trace} onto {@code target} with engines from {@code engines}, capturing {@code disks}' requests from the run's start. */
    private static Captured replay(Path trace, String target, List<String> disks, ReplaySettings mode, IoEngines.Opener engines) {
        long[] startNs = {Long.MAX_VALUE};
        ReplayListener started = new ReplayListener() {
            @Override
            public void started(long ns) {
                startNs[0] = ns;
            }

            @Override
            public void progress(long doneIos, long totalIos, long elapsedNs, long bytes) {
            }
        };
        ReplayResult r;
        List<Request> seen;
        try (RequestCapture capture = RequestCapture.start(disks)) {
            r = ReplaySession.run(new ReplaySession.Request(trace, null, ReadOptions.DEFAULTS, target,
                    TargetSettings.DEFAULTS.withAllowWrite(true), mode), engines, NanoClock.SYSTEM, started, new ReplayControl(), "test");
            seen = capture.finish();
        }
        // The signature checks' reads completed before the run started.
        return new Captured(r, new KernelRequests(seen.stream().filter(q -> q.completedFromNs() >= startNs[0]).toList()));
    }

    private record Captured(ReplayResult result, KernelRequests requests) {
    }

    /** The requests of each IO of {@code ios} (an IO's own op, offset and length), claimed in order. */
    private static List<List<Request>> claimAll(KernelRequests requests, List<IoRecord> ios, StripeLayout layout, List<String> disks) {
        List<List<Request>> out = new ArrayList<>();
        for (IoRecord io : ios) {
            out.add(requests.claim(io.op, io.offsetBytes, io.lengthBytes, layout, disks));
        }
        return out;
    }

    /**
     * Kernel busy time no longer than sbench's: of all requests, of those of reads, of writes, and of
     * those of each size class of reads and of writes (by their IO's length).
     */
    private static void assertKernelBusyWithin(ReplayResult r, List<IoRecord> ios, List<List<Request>> made, String what) {
        ReplayResult.Summary s = r.summary();
        assertWithin(s.busyNs(), busy(ios, made, io -> true), what + ": all IOs");
        assertWithin(s.readBusyNs(), busy(ios, made, io -> io.op == Op.READ), what + ": reads");
        assertWithin(s.writeBusyNs(), busy(ios, made, io -> io.op == Op.WRITE), what + ": writes");
        Map<String, Long> classes = new HashMap<>();
        for (ReplayResult.SizeClassResult c : r.sizeClasses()) {
            classes.put(c.sizeClass() + " " + c.op(), c.busyNs());
        }
        for (SizeClass c : SizeClass.values()) {
            for (Op op : new Op[] {Op.READ, Op.WRITE}) {
                long kernel = busy(ios, made, io -> io.op == op && SizeClass.of(io.lengthBytes) == c);
                if (kernel > 0) {
                    String key = c.label() + " " + op.name().toLowerCase(Locale.ROOT);
                    assertTrue(classes.containsKey(key), what + ": no size class " + key + " in " + classes.keySet());
                    assertWithin(classes.get(key), kernel, what + ": " + key);
                }
            }
        }
    }

    private static long busy(List<IoRecord> ios, List<List<Request>> made, Predicate<IoRecord> which) {
        List<Request> of = new ArrayList<>();
        for (int i = 0; i < ios.size(); i++) {
            if (which.test(ios.get(i))) {
                of.addAll(made.get(i));
            }
        }
        return KernelRequests.busyNs(of);
    }

    private static void assertWithin(long sbenchNs, long kernelNs, String what) {
        assertTrue(kernelNs > 0 && kernelNs <= sbenchNs, what + ": kernel busy " + kernelNs + " ns, sbench busy " + sbenchNs + " ns");
    }

    /** Every read and write made the requests that cover it; every request came from an IO. */
    private static void assertAllClaimed(List<IoRecord> ios, List<List<Request>> made, KernelRequests requests, String what) {
        for (int i = 0; i < ios.size(); i++) {
            IoRecord io = ios.get(i);
            if (io.op.transfersData()) {
                long bytes = made.get(i).stream().mapToLong(Request::lengthBytes).sum();
                assertEquals(io.lengthBytes, bytes, what + ": the requests of IO " + i + " " + io.op + "@" + io.offsetBytes);
            }
        }
        assertEquals(List.of(), requests.unclaimed().stream().map(Request::describe).toList(), what + ": requests of no IO");
    }

    @Test
    void everyRequestLiesWithinItsIoAndKernelBusyWithinSbenchBusy(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        try (LoopDevice dev = LoopDevice.create(128 * MIB)) {
            List<IoRecord> ios = ios(128 * MIB);
            Path trace = TestRecords.writeSbt(dir.resolve("bursts.sbt"), TraceInfo.of("bursts", EnumSet.of(Field.COMPLETE)), ios);
            List<String> disks = List.of(BioQueueCapture.majorMinor(dev.name()));
            for (String engine : List.of("io_uring", "libaio", "sync")) {
                for (ReplaySettings mode : modes(engine)) {
                    String what = describe(mode);
                    List<StampingEngine.Stamped> stamped = new ArrayList<>();
                    Captured got = replay(trace, dev.path().toString(), List.of(dev.name()), mode, StampingEngine.into(stamped));
                    assertTrue(got.result().complete(), what);
                    assertEquals(ios.size(), stamped.size(), what + ": IOs reaped");
                    stamped.sort((a, b) -> Long.compare(a.tag(), b.tag()));
                    List<List<Request>> made = claimAll(got.requests(), ios, StripeLayout.ONE, disks);
                    assertAllClaimed(ios, made, got.requests(), what);
                    List<String> outside = new ArrayList<>();
                    for (int i = 0; i < ios.size(); i++) {
                        StampingEngine.Stamped s = stamped.get(i);
                        for (Request q : made.get(i)) {
                            if (q.issuedByNs() < s.submitNs() || q.completedFromNs() > s.doneNs()) {
                                outside.add(s.describe() + " [" + s.submitNs() + ", " + s.doneNs() + ") ns, its request issued at "
                                        + q.issueUs() + " µs, completed at " + q.completeUs() + " µs");
                            }
                        }
                    }
                    assertEquals(List.of(), outside.subList(0, Math.min(5, outside.size())),
                            what + ": " + outside.size() + " requests outside their IO's [submit, done)");
                    assertKernelBusyWithin(got.result(), ios, made, what);
                }
            }
        }
    }

    @Test
    void eachStripeMembersKernelBusyIsWithinItsSbenchBusy(@TempDir Path dir) throws Exception {
        LoopDevice.assumeRoot();
        try (LoopStripe loops = LoopStripe.create(2, 64 * MIB)) {
            StripeLayout layout = new StripeLayout(2, 64 * KIB);
            List<IoRecord> ios = ios(128 * MIB);
            Path trace = TestRecords.writeSbt(dir.resolve("bursts.sbt"), TraceInfo.of("bursts", EnumSet.of(Field.COMPLETE)), ios);
            List<String> names = loops.members().stream().map(LoopDevice::name).toList();
            List<String> disks = new ArrayList<>();
            for (LoopDevice m : loops.members()) {
                disks.add(BioQueueCapture.majorMinor(m.name()));
            }
            for (String engine : List.of("io_uring", "libaio", "sync")) {
                for (ReplaySettings mode : modes(engine)) {
                    String what = "stripe " + describe(mode);
                    Captured got = replay(trace, loops.spec("64K"), names, mode, IoEngines::open);
                    assertTrue(got.result().complete(), what);
                    List<List<Request>> made = claimAll(got.requests(), ios, layout, disks);
                    assertAllClaimed(ios, made, got.requests(), what);
                    assertKernelBusyWithin(got.result(), ios, made, what);
                    List<ReplayResult.Member> members = got.result().stripe().members();
                    for (int m = 0; m < disks.size(); m++) {
                        String disk = disks.get(m);
                        List<Request> on = made.stream().flatMap(List::stream).filter(q -> q.disk().equals(disk)).toList();
                        assertWithin(members.get(m).busyNs(), KernelRequests.busyNs(on), what + ", member " + names.get(m));
                    }
                }
            }
        }
    }

    /** {@code ENGINE MODE [QD]}. */
    private static String describe(ReplaySettings mode) {
        return mode.engine() + " " + mode.mode().word() + (mode.mode() instanceof ReplayMode.FixedQd f ? " " + f.qd() : "");
    }
}
