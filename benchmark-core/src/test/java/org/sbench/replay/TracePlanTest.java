package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.engine.IoEngine;
import org.sbench.result.ReplayResult;
import org.sbench.target.NullTarget;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.format.sbt.SbtWriter;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.stats.TraceInspector;

class TracePlanTest {
    private static final long US = 1_000;

    /** Two streams (devices), each building a queue of 3, interleaved: 6 outstanding over both. */
    private static Path twoOverlappingStreams(Path dir) {
        return reads(dir.resolve("two.sbt"), 6, i -> 100 * US, i -> i % 2);
    }

    /** {@code n} 4 KiB reads, the i-th issued at i us at offset i * 4096, completing and on the stream the functions give. */
    private static Path reads(Path file, int n, IntToLongFunction completeNs, IntUnaryOperator stream) {
        try (SbtWriter w = new SbtFormat().openWriter(file, TraceInfo.of("test", EnumSet.of(Field.COMPLETE, Field.STREAM)))) {
            IoRecord r = new IoRecord();
            for (int i = 0; i < n; i++) {
                r.issueNs = i * US;
                r.completeNs = completeNs.applyAsLong(i);
                r.op = Op.READ;
                r.stream = stream.applyAsInt(i);
                r.offsetBytes = i * 4096L;
                r.lengthBytes = 4096;
                w.write(r);
            }
            w.finish();
        }
        return file;
    }

    @Test
    void planningReportsBothPassesAsOneOfTwiceTheFilesSize(@TempDir Path dir) throws Exception {
        Path trace = twoOverlappingStreams(dir);
        long size = java.nio.file.Files.size(trace);
        java.util.List<long[]> heard = new java.util.ArrayList<>();
        TracePlan.of(TraceFormats.standard(), trace, null, ReadOptions.DEFAULTS.withProgress((d, t) -> heard.add(new long[] {d, t})),
                new ReplayControl());
        long previous = -1;
        for (long[] h : heard) {
            assertEquals(2 * size, h[1]);
            assertEquals(true, h[0] > previous, "statistics first, then the hash: one count that only grows");
            previous = h[0];
        }
        assertEquals(2 * size, previous);
        assertEquals(true, heard.stream().anyMatch(h -> h[0] == size), "the statistics pass read all of it once");
    }

    /** A stop asked before the plan's first read abandons it: the plan is not made, and the failure says why. */
    @Test
    void aStopAbandonsThePlan(@TempDir Path dir) {
        Path trace = twoOverlappingStreams(dir);
        ReplayControl stopped = new ReplayControl();
        stopped.requestStop("interrupted (SIGTERM)");
        org.sbench.SbenchException e = org.junit.jupiter.api.Assertions.assertThrows(org.sbench.SbenchException.class,
                () -> TracePlan.of(TraceFormats.standard(), trace, null, ReadOptions.DEFAULTS, stopped));
        assertEquals(org.sbench.ErrorKind.INTERRUPTED, e.kind());
        assertEquals("interrupted (SIGTERM) while planning " + trace, e.getMessage());
    }

    /** An MSR trace of {@code records} 4 KiB reads 1 µs apart, in time order but for record {@code late}, moved to the end. */
    private static String msrWithLateRecord(int records, int late) {
        StringBuilder msr = new StringBuilder();
        for (int i = 0; i < records; i++) {
            int at = i == records - 1 ? late : i >= late ? i + 1 : i;
            msr.append(128166372000000000L + 10L * at).append(",hm,0,Read,").append(4096L * at).append(",4096,100\n");
        }
        return msr.toString();
    }

    /** Reads every record the run would replay, in order; their offsets. */
    private static java.util.List<Long> replayed(TracePlan plan, ReadOptions options) {
        return replayed(plan, options, new ReplayControl(), () -> { });
    }

    /** As {@link #replayed(TracePlan, ReadOptions)}, the run's source opened under {@code control}, {@code opened} run once it is. */
    private static java.util.List<Long> replayed(TracePlan plan, ReadOptions options, ReplayControl control, Runnable opened) {
        java.util.List<Long> offsets = new java.util.ArrayList<>();
        try (org.sbench.trace.TraceReader r = plan.source(IoRecord.NO_STREAM, options)
                .open(new ReplayMode.FixedQd(1), control)) {
            opened.run();
            IoRecord rec = new IoRecord();
            while (r.next(rec)) {
                offsets.add(rec.offsetBytes);
            }
        }
        return offsets;
    }

    /**
     * The planning pass reads through the sort's window (16 records here), and a second time when the
     * trace is more out of order than that: either way the plan counts every IO, and the run gets
     * them all in issue order.
     */
    @Test
    void aTraceWithinOrBeyondTheSortsWindowIsPlannedAndReplayedWhole(@TempDir Path dir) throws Exception {
        ReadOptions small = new ReadOptions(0, 16);
        java.util.List<Long> inOrder = java.util.stream.LongStream.range(0, 200).map(i -> 4096 * i).boxed().toList();
        for (int late : new int[] {3, 190}) {
            Path trace = java.nio.file.Files.writeString(dir.resolve("late-" + late + ".csv"), msrWithLateRecord(200, late));
            TracePlan plan = TracePlan.of(TraceFormats.standard(), trace, null, small, new ReplayControl());
            assertEquals(200, plan.stats().records(), "record " + late + " late");
            assertEquals(1, plan.stats().reordered(), "record " + late + " late");
            assertEquals(inOrder, replayed(plan, small), "record " + late + " late");
        }
    }

    /**
     * The run's opening of an out-of-order trace sorts it whole before its first IO: a stop then abandons it, as it abandons
     * the planning pass (the run went on with a result of no IO, which a script takes for a replay). Once the first record
     * is read, the run's own stop ends it between IOs: reading is not abandoned.
     */
    @Test
    void aStopAbandonsTheRunsSortBeforeItsFirstRecordAndNotAfter(@TempDir Path dir) throws Exception {
        ReadOptions small = new ReadOptions(0, 16);
        Path trace = java.nio.file.Files.writeString(dir.resolve("late.csv"), msrWithLateRecord(200, 190));
        TracePlan plan = TracePlan.of(TraceFormats.standard(), trace, null, small, new ReplayControl());
        ReplayControl stopped = new ReplayControl();
        stopped.requestStop("interrupted (SIGTERM)");
        org.sbench.SbenchException e = org.junit.jupiter.api.Assertions.assertThrows(org.sbench.SbenchException.class,
                () -> replayed(plan, small, stopped, () -> { }));
        assertEquals(org.sbench.ErrorKind.INTERRUPTED, e.kind());
        assertEquals("interrupted (SIGTERM) while sorting " + trace + " for the replay", e.getMessage());
        ReplayControl later = new ReplayControl();
        assertEquals(200, replayed(plan, small, later, () -> later.requestStop("interrupted (SIGTERM)")).size());
    }

    /**
     * replay --stream N turned writeback throttling off when any stream had trims: counted per
     * stream, a stream of reads alone sends none (its owner needs no root for it).
     */
    @Test
    void trimsAreCountedOfTheStreamReplayed(@TempDir Path dir) {
        Path file = dir.resolve("trims.sbt");
        try (SbtWriter w = new SbtFormat().openWriter(file, TraceInfo.of("test", EnumSet.of(Field.STREAM)))) {
            IoRecord r = new IoRecord();
            for (int i = 0; i < 6; i++) {
                r.issueNs = i * US;
                r.op = i % 2 == 0 ? Op.READ : Op.TRIM;
                r.stream = i % 2;
                r.offsetBytes = i * 4096L;
                r.lengthBytes = 4096;
                w.write(r);
            }
            w.finish();
        }
        TracePlan plan = TracePlan.of(TraceFormats.standard(), file, null, ReadOptions.DEFAULTS, new ReplayControl());
        assertEquals(0, plan.trims(0));
        assertEquals(3, plan.trims(1));
        assertEquals(3, plan.trims(ReplaySettings.ALL_STREAMS));
        assertEquals(3, plan.stats().streams().get(1).trims());
    }

    @Test
    void streamAllInRecordedQdModeNeedsTheDepthOverAllStreams(@TempDir Path dir) {
        Path trace = twoOverlappingStreams(dir);
        TracePlan plan = TracePlan.of(TraceFormats.standard(), trace, null, ReadOptions.DEFAULTS, new ReplayControl());
        ReplaySettings all = ReplaySettings.DEFAULTS.withRecordedQd(0, 0).withMapping(FitPolicy.ERROR, "all", false);
        TraceSource both = plan.source(ReplaySettings.ALL_STREAMS, ReadOptions.DEFAULTS);
        assertEquals(3, plan.stats().qd().max(), "per stream");
        assertEquals(6, all.mode().depth(both.recordedMaxQd()), "over both streams");
        assertEquals(3, all.mode().depth(plan.source(0, ReadOptions.DEFAULTS).recordedMaxQd()), "one stream");

        ManualClock clock = new ManualClock();
        try (IoEngine engine = new SimulatedEngine(all.mode().depth(both.recordedMaxQd()), clock, s -> 1_000 * US)) {
            ReplayResult r = Run.execute(both, all, new Equipment(new NullTarget(), engine, null, "test", 0), clock,
                    ReplayListener.NONE, new ReplayControl(), "test");
            ReplayResult.QdDistribution replayed = r.fidelity().qdReplayed();
            assertEquals(1, replayed.histogram().stream().filter(q -> q.qd().equals("6-10")).findFirst().orElseThrow().count(),
                    "the sixth IO went with five outstanding: " + replayed);
            assertEquals(0.0, r.fidelity().qdTvd(), 1e-12, "replayed as recorded over both streams");
        }
    }

    /**
     * Timed and fixed-qd replays of --stream all compared the one target's depths against the
     * recorded depths per stream (a 2-stream blkparse trace: recorded average 2.85 where the streams
     * together were at 4.75), so a perfect replay showed a distance; now every mode compares against
     * the depth over all streams, as recorded-qd does.
     */
    @Test
    void streamAllComparesEveryModeAgainstTheDepthOverAllStreams(@TempDir Path dir) {
        Path trace = twoOverlappingStreams(dir);
        TracePlan plan = TracePlan.of(TraceFormats.standard(), trace, null, ReadOptions.DEFAULTS, new ReplayControl());
        TraceSource both = plan.source(ReplaySettings.ALL_STREAMS, ReadOptions.DEFAULTS);
        ReplaySettings all = ReplaySettings.DEFAULTS.withMapping(FitPolicy.ERROR, "all", false);
        for (ReplaySettings s : new ReplaySettings[] {all.withTimed(1, 256), all.withFixedQd(6)}) {
            ManualClock clock = new ManualClock();
            try (IoEngine engine = new SimulatedEngine(6, clock, io -> 1_000 * US)) {
                ReplayResult r = Run.execute(both, s, new Equipment(new NullTarget(), engine, null, "test", 0), clock,
                        ReplayListener.NONE, new ReplayControl(), "test");
                assertEquals(3.5, r.fidelity().qdRecorded().avg(), 1e-12, s.mode().word() + ": depths 1 to 6, not 1 to 3 twice");
                assertEquals(0.0, r.fidelity().qdTvd(), 1e-12, s.mode().word() + ": replayed as recorded over both streams");
            }
        }
    }

    /** A trace with depths per stream and no completion times to count them over all streams from has none to compare against. */
    @Test
    void streamAllWithoutCompletionTimesHasNoRecordedDepthToCompare(@TempDir Path dir) {
        Path file = dir.resolve("qd.sbt");
        try (SbtWriter w = new SbtFormat().openWriter(file, TraceInfo.of("test", EnumSet.of(Field.QD, Field.STREAM)))) {
            IoRecord r = new IoRecord();
            for (int i = 0; i < 4; i++) {
                r.issueNs = i * US;
                r.op = Op.READ;
                r.stream = i % 2;
                r.qd = 1 + i / 2;
                r.lengthBytes = 4096;
                w.write(r);
            }
            w.finish();
        }
        TracePlan plan = TracePlan.of(TraceFormats.standard(), file, null, ReadOptions.DEFAULTS, new ReplayControl());
        TraceSource both = plan.source(ReplaySettings.ALL_STREAMS, ReadOptions.DEFAULTS);
        ReplaySettings timed = ReplaySettings.DEFAULTS.withMapping(FitPolicy.ERROR, "all", false).withTimed(1, 256);
        ManualClock clock = new ManualClock();
        try (IoEngine engine = new SimulatedEngine(4, clock, io -> 10 * US)) {
            ReplayResult r = Run.execute(both, timed, new Equipment(new NullTarget(), engine, null, "test", 0), clock,
                    ReplayListener.NONE, new ReplayControl(), "test");
            assertEquals(null, r.fidelity().qdRecorded(), "the per-stream depths are not those of the one target");
            assertEquals(4, r.fidelity().issued());
        }
    }

    @Test
    void anIoLongerThanReplayTakesIsABadRecordAtItsByte(@TempDir Path dir) {
        Path file = dir.resolve("big.sbt");
        try (SbtWriter w = new SbtFormat().openWriter(file, TraceInfo.of("test", EnumSet.noneOf(Field.class)))) {
            IoRecord r = new IoRecord();
            r.op = Op.READ;
            r.lengthBytes = 4096;
            w.write(r);
            r.issueNs = US;
            r.lengthBytes = Equipment.MAX_IO_BYTES + 512;
            w.write(r);
            w.finish();
        }
        org.sbench.SbenchException e = org.junit.jupiter.api.Assertions.assertThrows(org.sbench.SbenchException.class,
                () -> TracePlan.of(TraceFormats.standard(), file, null, ReadOptions.DEFAULTS, new ReplayControl()));
        assertEquals(org.sbench.ErrorKind.BAD_INPUT, e.kind());
        assertEquals(true, e.getMessage().matches(java.util.regex.Pattern.quote(file.toString()) + ": byte [0-9]+: expected an IO of at"
                + " most 1 GiB \\(2\\^30 bytes\\), the longest sbench replays, found a read of 1073742336 bytes at 0, .*"), e.getMessage());

        TracePlan skipping = TracePlan.of(TraceFormats.standard(), file, null, ReadOptions.DEFAULTS.withSkipBad(1), new ReplayControl());
        assertEquals(1, skipping.stats().records());
        assertEquals(1, skipping.stats().skipped());
        assertEquals(4096, skipping.source(IoRecord.NO_STREAM, ReadOptions.DEFAULTS.withSkipBad(1)).largestIoBytes());
    }

    /** {@code n} IOs, each on a stream of its own (an MSR-like trace where every line names another disk). */
    private static Path streamPerIo(Path dir, int n) {
        return reads(dir.resolve("streams.sbt"), n, i -> i * US + 10, i -> i);
    }

    /** The plan of --stream N keeps that stream's row alone, whatever the number of streams, and names the others briefly. */
    @Test
    void thePlanOfOneStreamHoldsItsRowAlone(@TempDir Path dir) {
        Path file = streamPerIo(dir, 5_000);
        TracePlan plan = TracePlan.of(TraceFormats.standard(), file, null, ReadOptions.DEFAULTS, 7, new ReplayControl());
        assertEquals(1, plan.stats().streams().size());
        assertEquals(7 * 4096L + 4096, plan.source(7, ReadOptions.DEFAULTS).neededBytes());
        plan.check(ReplaySettings.DEFAULTS.withMapping(FitPolicy.ERROR, "7", false));

        TracePlan none = TracePlan.of(TraceFormats.standard(), file, null, ReadOptions.DEFAULTS, 9_999, new ReplayControl());
        org.sbench.SbenchException e = org.junit.jupiter.api.Assertions.assertThrows(org.sbench.SbenchException.class,
                () -> none.check(ReplaySettings.DEFAULTS.withMapping(FitPolicy.ERROR, "9999", false)));
        assertEquals("the trace has no stream 9999; its streams: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,"
                + " 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, and more than 992 more", e.getMessage());
    }

    /** Without --stream the plan keeps rows of the first 65,536 streams; --stream all, which lays out every one, is refused past them. */
    @Test
    void thePlanOfAllStreamsKeepsRowsOfAtMost65536(@TempDir Path dir) {
        Path file = streamPerIo(dir, TraceInspector.Rows.MAX + 10);
        TracePlan plan = TracePlan.of(TraceFormats.standard(), file, null, ReadOptions.DEFAULTS, new ReplayControl());
        assertEquals(TraceInspector.Rows.MAX, plan.stats().streams().size());
        org.sbench.SbenchException all = org.junit.jupiter.api.Assertions.assertThrows(org.sbench.SbenchException.class,
                () -> plan.check(ReplaySettings.DEFAULTS.withMapping(FitPolicy.ERROR, "all", false)));
        assertEquals(file + ": --stream all lays out at most 65,536 streams and the trace has 65,546; replay one at a time"
                + " (--stream N)", all.getMessage());
        org.sbench.SbenchException one = org.junit.jupiter.api.Assertions.assertThrows(org.sbench.SbenchException.class,
                () -> plan.check(ReplaySettings.DEFAULTS));
        assertEquals("the trace records 65,546 devices (streams 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,"
                + " 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, and 65,514 more); replay one of them with --stream N, or all"
                + " on disjoint ranges with --stream all", one.getMessage());
    }
}
