package org.sbench.cdm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.CompletionSink;
import org.sbench.engine.ForwardingEngine;
import org.sbench.engine.IoEngine;
import org.sbench.engine.IoEngines;
import org.sbench.engine.IoSlot;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.replay.ReplayListener;
import org.sbench.result.ReplayResult;
import org.sbench.target.Target;
import org.sbench.target.TargetSettings;
import org.sbench.trace.Op;

class CdmSuiteTest {
    private static final long MIB = 1 << 20;
    private static final long EIO = 5;
    private static final CdmTest SEQ = CdmPreset.V3.tests().get(0);

    @Test
    void anIoErrorInAPassThatIsNotTheBestStopsTheSuiteAndIsCounted() {
        // v3 Seq in passes of one sweep reads the 8 MiB region in 8 IOs per pass, after a warm-up pass of 8: read 20 is in pass 2.
        CdmSettings settings = CdmSettings.of(CdmPreset.V3).withSizeBytes(8 * MIB).withPasses(3).withDurationNs(0);
        FailingRead engines = new FailingRead(20);
        CdmResults results = CdmSuite.run(new CdmSuite.Request("null", TargetSettings.DEFAULTS, settings), NanoClock.SYSTEM,
                CdmListener.NONE, new ReplayControl(), "test", engines);

        assertFalse(results.complete());
        assertEquals("IO error in Seq read pass 2", results.stopReason());
        assertEquals(1, results.errors());
        CdmResults.Entry seqRead = results.entry(SEQ, Op.READ, "random");
        assertEquals(1, seqRead.passMbps().size(), "only pass 1 ran to its end");
        assertEquals(0, seqRead.best().summary().errors());
        // Its JSON said complete while it is the best of one pass of three: compare ranked it as a whole test.
        assertFalse(seqRead.best().complete());
        assertEquals("IO error in Seq read pass 2 after 1 of 3 passes; the best of those", seqRead.best().stopReason());
        assertNull(results.entry(SEQ, Op.WRITE, "random"), "nothing runs after the failed pass");
    }

    /**
     * A stop (Ctrl-C, SIGTERM) during the fill, or in a first pass that then did not end, measured nothing:
     * the suite fails as a replay stopped before its first IO does, and a file target it made is deleted. It
     * returned results of no test, printed as a grid of '-' and written with --out (removing an earlier run's
     * results there); found by the stopedges audit (SIGTERM during the fill of a 2 GiB loop device). A stop
     * after a pass ended keeps that pass.
     */
    @Test
    void aStopBeforeAPassEndedMeasuredNothingAndFails(@TempDir Path dir) {
        CdmSettings settings = CdmSettings.of(CdmPreset.V8).withSizeBytes(8 * MIB).withPasses(2).withDurationNs(0);
        Path file = dir.resolve("made.img");
        for (String when : new String[] {"fill", "pass"}) {
            ReplayControl control = new ReplayControl();
            CdmListener listener = new CdmListener() {
                @Override
                public void filling(String data, long regionBytes) {
                    if (when.equals("fill")) {
                        control.requestStop("interrupted (SIGTERM)");
                    }
                }

                @Override
                public ReplayListener passProgress(CdmTest test, Op op, String data, int pass, int passes) {
                    control.requestStop("interrupted (SIGTERM)");
                    return ReplayListener.NONE;
                }
            };
            SbenchException e = assertThrows(SbenchException.class, () -> CdmSuite.run(new CdmSuite.Request(file.toString(),
                    TargetSettings.DEFAULTS, settings), NanoClock.SYSTEM, listener, control, "test", IoEngines::open), when);
            assertEquals(ErrorKind.INTERRUPTED, e.kind());
            assertEquals("interrupted (SIGTERM) before cdm measured a pass on " + file, e.getMessage());
            assertFalse(Files.exists(file), when + ": the file the suite made is deleted");
        }
        ReplayControl control = new ReplayControl();
        CdmListener afterPass1 = new CdmListener() {
            @Override
            public void passDone(CdmTest test, Op op, String data, int pass, int passes, ReplayResult result) {
                control.requestStop("interrupted (SIGTERM)");
            }
        };
        CdmResults results = CdmSuite.run(new CdmSuite.Request("null", TargetSettings.DEFAULTS, settings), NanoClock.SYSTEM,
                afterPass1, control, "test", IoEngines::open);
        assertFalse(results.complete());
        assertEquals(1, results.entries().size(), "the first pass ended");
        assertEquals(1, results.entries().get(0).passMbps().size(), "the best of one pass of two");
    }

    /** A pass too short for one IO to complete (--duration 1ns) measured nothing: "-", where 0.00 MB/s was shown as measured. */
    @Test
    void aTestWhoseBestPassCompletedNoIoShowsNothingMeasured() throws Exception {
        CdmSettings settings = CdmSettings.of(CdmPreset.V8).withSizeBytes(8 * MIB).withPasses(1).withDurationNs(0);
        CdmResults ran = CdmSuite.run(new CdmSuite.Request("null", TargetSettings.DEFAULTS, settings), NanoClock.SYSTEM,
                CdmListener.NONE, new ReplayControl(), "test", IoEngines::open);
        CdmResults.Entry first = ran.entries().get(0);
        // The same pass with no IO completed, as JSON holds it.
        ObjectMapper json = new com.fasterxml.jackson.databind.ObjectMapper()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        ObjectNode tree = json.valueToTree(first.best());
        ((ObjectNode) tree.get("summary")).put("ios", 0).put("reads", 0).put("bytesRead", 0)
                .put("mbps", 0.0).put("iops", 0.0);
        ReplayResult none = json.treeToValue(tree, ReplayResult.class);
        List<CdmResults.Entry> entries = new ArrayList<>(ran.entries());
        entries.set(0, new CdmResults.Entry(first.test(), first.op(), first.data(), none, List.of(0.0)));
        CdmResults results = new CdmResults(ran.settings(), ran.targetPath(), ran.targetKind(), ran.targetGeometry(), ran.regionBytes(),
                ran.engine(), entries, 0, null, null);
        StringWriter grid = new java.io.StringWriter();
        new CdmGrid(results).write(new java.io.PrintWriter(grid, true));
        String seqRow = grid.toString().lines().filter(l -> l.startsWith(first.test().label())).findFirst().orElseThrow();
        // Its read cell, the first after the label; the write cell beside it was measured (1638400.00 MB/s on the null target).
        assertEquals("-", seqRow.substring(first.test().label().length()).trim().split("\\s+")[0], seqRow);
    }

    /**
     * A user's cdm (ulimit -l 8192, kernel.io_uring_disabled 1) printed the grid of an engine fallback, or of buffers io_uring
     * pinned at every IO, with nothing but "engine libaio" in its heading: the reasons were in the JSON results alone.
     */
    @Test
    void theGridSaysWhyTheEngineFellBackAndWhichTestsBuffersWereNotRegistered() throws Exception {
        CdmSettings settings = CdmSettings.of(CdmPreset.V8).withSizeBytes(8 * MIB).withPasses(1).withDurationNs(0);
        CdmResults ran = CdmSuite.run(new CdmSuite.Request("null", TargetSettings.DEFAULTS, settings), NanoClock.SYSTEM,
                CdmListener.NONE, new ReplayControl(), "test", IoEngines::open);
        ObjectMapper json = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
        String refused = "io_uring refused (io_uring_setup failed on a ring of 8 entries: EPERM (Operation not permitted)): using libaio";
        String pinned = "not registered with the ring (IORING_REGISTER_BUFFERS: ENOMEM (Cannot allocate memory)): their pages pinned"
                + " at every IO";
        List<CdmResults.Entry> entries = new ArrayList<>();
        for (CdmResults.Entry e : ran.entries()) {
            ObjectNode tree = json.valueToTree(e.best());
            ((ObjectNode) tree.get("settings")).put("engineNote", refused);
            if (e.test().label().equals("SEQ1M Q8T1")) {
                ((ObjectNode) tree.get("mapping")).put("bufferMemory", "transparent huge pages (8 MiB); " + pinned);
            }
            entries.add(new CdmResults.Entry(e.test(), e.op(), e.data(), json.treeToValue(tree, ReplayResult.class), e.passMbps()));
        }
        CdmResults results = new CdmResults(ran.settings(), ran.targetPath(), ran.targetKind(), ran.targetGeometry(), ran.regionBytes(),
                ran.engine(), entries, 0, null, null);
        StringWriter grid = new StringWriter();
        new CdmGrid(results).write(new PrintWriter(grid, true));
        List<String> lines = grid.toString().lines().toList();
        assertTrue(lines.contains("engine   SEQ1M Q8T1 read, SEQ1M Q8T1 write, SEQ1M Q1T1 read, SEQ1M Q1T1 write, RND4K Q32T1 read,"
                + " RND4K Q32T1 write, RND4K Q1T1 read, RND4K Q1T1 write: " + refused), grid.toString());
        assertTrue(lines.contains("buffers  SEQ1M Q8T1 read, SEQ1M Q8T1 write: " + pinned), grid.toString());
    }

    @Test
    void v3RunsAWarmUpPassBeforeItsScoredPassesAndScoresOnlyThose() {
        CdmSettings settings = CdmSettings.of(CdmPreset.V3).withSizeBytes(8 * MIB).withPasses(2).withDurationNs(0);
        List<String> runs = new ArrayList<>();
        CdmListener listener = new CdmListener() {
            @Override
            public void passDone(CdmTest test, Op op, String data, int pass, int passes, ReplayResult result) {
                runs.add(test.label() + " " + op + " " + pass + " " + result.summary().reads() + "+" + result.summary().writes());
            }
        };
        CdmResults results = CdmSuite.run(new CdmSuite.Request("null", TargetSettings.DEFAULTS, settings), NanoClock.SYSTEM,
                listener, new ReplayControl(), "test", IoEngines::open);

        assertTrue(results.complete());
        assertEquals(List.of("Seq READ 0 8+0", "Seq READ 1 8+0", "Seq READ 2 8+0", "Seq WRITE 0 0+8", "Seq WRITE 1 0+8",
                "Seq WRITE 2 0+8"), runs.subList(0, 6), "a warm-up pass (0), then passes 1 and 2");
        assertEquals(4 * 2 * 3, runs.size(), "every test and op: one warm-up and two scored passes");
        for (CdmTest test : CdmPreset.V3.tests()) {
            assertEquals(2, results.entry(test, Op.READ, "random").passMbps().size(), test.label() + ": the warm-up is not scored");
        }
        assertEquals(6_000_000_000L, CdmSettings.of(CdmPreset.V3).durationNs(), "v3 passes last 6 s, as CrystalDiskMark 3's");
        assertEquals(0, CdmPreset.V8.warmUpPasses());
    }

    /**
     * Every run of the suite wrote from the seed of its pass number alone: SEQ1M Q1T1's write pass 1 rewrote the bytes
     * SEQ1M Q8T1's pass 1 had written at the same offsets, RND4K Q1T1's the offsets and bytes of RND4K Q32T1's, and
     * v3's warm-up passes the fill's; found reading back a 32 MiB region of a loop device after one suite (4 of 8192
     * 4 KiB blocks twice over), against cdm.md's "no two blocks alike".
     */
    @Test
    void noTwoBlocksTheSuiteWritesAreAlike() {
        for (CdmPreset preset : CdmPreset.values()) {
            CdmSettings settings = CdmSettings.of(preset).withSizeBytes(2 * MIB).withPasses(2).withDurationNs(0);
            RecordingWrites engines = new RecordingWrites();
            CdmResults results = CdmSuite.run(new CdmSuite.Request("null", TargetSettings.DEFAULTS, settings), NanoClock.SYSTEM,
                    CdmListener.NONE, new ReplayControl(), "test", engines);

            assertTrue(results.complete());
            assertTrue(engines.blocks > 0);
            assertEquals(engines.blocks, engines.distinct.size(), preset.word() + ": 512-byte blocks written twice");
        }
    }

    /** A time limit that is no whole number of milliseconds was rounded: --duration 1ns said "1 pass of 0 ms" and "time limit 0 ms". */
    @Test
    void aTimeLimitBelowAMillisecondIsWrittenAsGiven() {
        for (long ns : new long[] {1, 1_500_000}) {
            CdmSettings settings = CdmSettings.of(CdmPreset.V8).withSizeBytes(2 * MIB).withPasses(1).withDurationNs(ns);
            CdmResults results = CdmSuite.run(new CdmSuite.Request("null", TargetSettings.DEFAULTS, settings), NanoClock.SYSTEM,
                    CdmListener.NONE, new ReplayControl(), "test", IoEngines::open);
            String words = ns == 1 ? "0.000001 ms" : "1.5 ms";
            assertEquals("time limit " + words, results.entries().get(0).best().stopReason());
            StringWriter grid = new StringWriter();
            new CdmGrid(results).write(new PrintWriter(grid, true));
            assertTrue(grid.toString().contains("1 pass of " + words + " per test and op"), grid.toString());
        }
    }

    /** The engines {@link IoEngines#open} gives, but read number {@code failing} (over all of them) fails with EIO. */
    private static final class FailingRead implements IoEngines.Opener {
        private long readsLeft;

        FailingRead(long failing) {
            this.readsLeft = failing;
        }

        @Override
        public IoEngines.Opened open(String name, Target target, int depth, int maxIoBytes, NanoClock clock) {
            IoEngines.Opened opened = IoEngines.open(name, target, depth, maxIoBytes, clock);
            return new IoEngines.Opened(new Failing(opened.engine()), opened.fallbackReason());
        }

        private final class Failing extends ForwardingEngine {
            Failing(IoEngine engine) {
                super(engine);
            }

            @Override
            public int reap(int min, long timeoutNs, CompletionSink sink) {
                return super.reap(min, timeoutNs, slot -> {
                    if (slot.op == Op.READ && --readsLeft == 0) {
                        slot.result = -EIO;
                    }
                    sink.completed(slot);
                });
            }
        }
    }

    /** The engines {@link IoEngines#open} gives, keeping every 512-byte block each write submits. */
    private static final class RecordingWrites implements IoEngines.Opener {
        private static final int BLOCK_BYTES = 512;
        final Set<ByteBuffer> distinct = new HashSet<>();
        long blocks;

        @Override
        public IoEngines.Opened open(String name, Target target, int depth, int maxIoBytes, NanoClock clock) {
            IoEngines.Opened opened = IoEngines.open(name, target, depth, maxIoBytes, clock);
            IoEngine engine = opened.engine();
            return new IoEngines.Opened(new ForwardingEngine(engine) {
                @Override
                public void submit(IoSlot slot) {
                    if (slot.op == Op.WRITE) {
                        for (int at = 0; at < slot.lengthBytes; at += BLOCK_BYTES) {
                            byte[] block = new byte[BLOCK_BYTES];
                            slot.buffer.get(at, block);
                            distinct.add(ByteBuffer.wrap(block));
                            blocks++;
                        }
                    }
                    super.submit(slot);
                }
            }, opened.fallbackReason());
        }
    }
}
