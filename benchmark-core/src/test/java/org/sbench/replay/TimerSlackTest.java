package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.jna.Platform;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.engine.IoEngine;
import org.sbench.engine.linux.ThreadCalls;
import org.sbench.target.NullTarget;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.format.sbt.SbtWriter;
import org.sbench.trace.input.ReadOptions;

class TimerSlackTest {
    /** Calls that answer as told and count the sets. */
    private static final class FakeCalls implements TimerSlack.Calls {
        final long getResult;
        final long setResult;
        final List<Long> sets = new ArrayList<>();

        FakeCalls(long getResult, long setResult) {
            this.getResult = getResult;
            this.setResult = setResult;
        }

        @Override
        public long get() {
            return getResult;
        }

        @Override
        public long set(long ns) {
            sets.add(ns);
            return setResult;
        }
    }

    private static void assumeLinux() {
        assumeTrue(Platform.isLinux() && Platform.is64Bit() && (Platform.isIntel() || Platform.isARM()), "Linux x86-64 or arm64");
    }

    @Test
    void theThreadsSlackIs1nsWhileOpenAndWhatItWasAfter() {
        assumeLinux();
        long before = ThreadCalls.timerSlackNs();
        assertTrue(before > 0, "prctl(PR_GET_TIMERSLACK): " + before);
        try (TimerSlack slack = TimerSlack.precise()) {
            assertTrue(slack.changed());
            assertEquals(1, ThreadCalls.timerSlackNs());
        }
        assertEquals(before, ThreadCalls.timerSlackNs());
    }

    @Test
    void whereTheCallIsNotSupportedNothingChangesAndNothingFails() {
        FakeCalls enosys = new FakeCalls(-38, -38);
        try (TimerSlack slack = TimerSlack.precise(enosys)) {
            assertFalse(slack.changed());
        }
        assertEquals(List.of(), enosys.sets, "nothing set, nothing put back");
    }

    @Test
    void whenSettingIsRefusedNothingIsPutBack() {
        FakeCalls eperm = new FakeCalls(50_000, -1);
        try (TimerSlack slack = TimerSlack.precise(eperm)) {
            assertFalse(slack.changed());
        }
        assertEquals(List.of(1L), eperm.sets);
    }

    @Test
    void theSetSlackIsPutBackAsItWas() {
        FakeCalls calls = new FakeCalls(50_000, 0);
        try (TimerSlack slack = TimerSlack.precise(calls)) {
            assertTrue(slack.changed());
        }
        assertEquals(List.of(1L, 50_000L), calls.sets);
    }

    @Test
    void aWaitWithPreciseTimersNeverEndsBeforeItsDeadline() {
        long[] distancesNs = {0, 1_000, 50_000, 99_000, 150_000, 201_000, 250_000, 1_000_000, 3_000_000};
        try (TimerSlack slack = TimerSlack.precise()) {
            for (int round = 0; round < 20; round++) {
                for (long d : distancesNs) {
                    long deadline = NanoClock.SYSTEM.nanoTime() + d;
                    NanoClock.SYSTEM.waitUntil(deadline);
                    long now = NanoClock.SYSTEM.nanoTime();
                    assertTrue(now >= deadline, "returned " + (deadline - now) + " ns before a deadline " + d + " ns away"
                            + (slack.changed() ? " with a timer slack of 1 ns" : ""));
                }
            }
        }
    }

    @Test
    void aRunWaitsWithPreciseTimersOnItsThreadAndPutsTheSlackBack(@TempDir Path dir) {
        assumeLinux();
        Path file = dir.resolve("t.sbt");
        try (SbtWriter w = new SbtFormat().openWriter(file, TraceInfo.of("test", EnumSet.noneOf(Field.class)))) {
            IoRecord r = new IoRecord();
            for (int i = 0; i < 4; i++) {
                r.issueNs = i * 1_000_000L;
                r.op = Op.READ;
                r.offsetBytes = i * 4096L;
                r.lengthBytes = 4096;
                w.write(r);
            }
            w.finish();
        }
        TracePlan plan = TracePlan.of(TraceFormats.standard(), file, null, ReadOptions.DEFAULTS, new ReplayControl());
        ReplaySettings timed = ReplaySettings.DEFAULTS.withTimed(1.0, 4);
        long before = ThreadCalls.timerSlackNs();
        List<Long> slackAtStart = new ArrayList<>();
        ReplayListener listener = new ReplayListener() {
            @Override
            public void started(long startNs) {
                slackAtStart.add(ThreadCalls.timerSlackNs());
            }

            @Override
            public void progress(long doneIos, long totalIos, long elapsedNs, long bytes) {
            }
        };
        ManualClock clock = new ManualClock();
        try (IoEngine engine = new SimulatedEngine(4, clock, s -> 100_000)) {
            Run.execute(plan.source(ReplaySettings.ALL_STREAMS, ReadOptions.DEFAULTS), timed,
                    new Equipment(new NullTarget(), engine, null, "test", 0), clock, listener, new ReplayControl(), "test");
        }
        assertEquals(List.of(1L), slackAtStart, "on the replay thread, as the clock started");
        assertEquals(before, ThreadCalls.timerSlackNs(), "put back after the run");
    }
}
