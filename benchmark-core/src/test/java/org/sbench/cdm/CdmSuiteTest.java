package org.sbench.cdm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.sbench.engine.CompletionSink;
import org.sbench.engine.IoEngine;
import org.sbench.engine.IoEngines;
import org.sbench.engine.IoSlot;
import org.sbench.replay.NanoClock;
import org.sbench.replay.ReplayControl;
import org.sbench.result.ReplayResult;
import org.sbench.target.Target;
import org.sbench.target.TargetSettings;
import org.sbench.trace.Op;

/** {@link CdmSuite} on the null target: its passes, and through an engine that fails one chosen read. */
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
        assertNull(results.entry(SEQ, Op.WRITE, "random"), "nothing runs after the failed pass");
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

        private final class Failing implements IoEngine {
            private final IoEngine engine;

            Failing(IoEngine engine) {
                this.engine = engine;
            }

            @Override
            public int reap(int min, long timeoutNs, CompletionSink sink) {
                return engine.reap(min, timeoutNs, slot -> {
                    if (slot.op == Op.READ && --readsLeft == 0) {
                        slot.result = -EIO;
                    }
                    sink.completed(slot);
                });
            }

            @Override
            public String name() {
                return engine.name();
            }

            @Override
            public int depth() {
                return engine.depth();
            }

            @Override
            public IoSlot[] slots() {
                return engine.slots();
            }

            @Override
            public void submit(IoSlot slot) {
                engine.submit(slot);
            }

            @Override
            public int commit() {
                return engine.commit();
            }

            @Override
            public int inFlight() {
                return engine.inFlight();
            }

            @Override
            public void close() {
                engine.close();
            }
        }
    }
}
