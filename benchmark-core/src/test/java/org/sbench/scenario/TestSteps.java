// Test fixture: steps of kinds of their own for scenario tests, and a small trace to replay.
package org.sbench.scenario;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.sbench.replay.ReplayControl;
import org.sbench.result.ReplayResult;
import org.sbench.step.Step;
import org.sbench.step.StepContext;
import org.sbench.step.StepResult;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TestRecords;
import org.sbench.trace.TraceInfo;

/**
 * Step kinds for tests, registered next to the standard ones: {@code stop} asks the run's control to
 * stop (as SIGTERM does) and ends complete, so the run stops at the next step boundary; {@code cut}
 * asks it too and ends incomplete the first time it runs (a step SIGTERM stopped part way), complete
 * after; {@code same} ends with {@link #result} as its one run (a drive that never changes); {@code oom} runs out of heap.
 */
final class TestSteps {
    static final String SIGTERM = "interrupted (SIGTERM)";
    /** The control of the run in progress: a resumed run has a new one. */
    final AtomicReference<ReplayControl> control = new AtomicReference<>(new ReplayControl());
    final AtomicInteger cuts = new AtomicInteger();
    ReplayResult result;

    StepKinds kinds() {
        return StepKinds.standard()
                .with("stop", o -> step("stop", o, c -> {
                    control.get().requestStop(SIGTERM);
                    return done(c, "stop", true, null);
                }))
                .with("cut", o -> step("cut", o, c -> {
                    boolean first = cuts.getAndIncrement() == 0;
                    if (first) {
                        control.get().requestStop(SIGTERM);
                    }
                    return done(c, "cut", !first, first ? SIGTERM : null);
                }))
                .with("oom", o -> step("oom", o, c -> {
                    throw new OutOfMemoryError("Java heap space");
                }))
                .with("same", o -> step("same", o, c -> new StepResult("same", "same", Map.of(), Instant.now().toString(), 1, true,
                        null, result.summary().bytesWritten(), List.of(new StepResult.NamedRun("run", null, result)), null, null, null)));
    }

    ReplayControl newRun() {
        control.set(new ReplayControl());
        return control.get();
    }

    private static StepResult done(StepContext c, String kind, boolean complete, String stopReason) {
        return new StepResult(kind, kind, Map.of(), Instant.now().toString(), 1, complete, stopReason, 0, List.of(), null, null, null);
    }

    private static Step step(String kind, Map<String, String> options, Function<StepContext, StepResult> run) {
        return new Step() {
            @Override
            public String kind() {
                return kind;
            }

            @Override
            public String label() {
                return kind;
            }

            @Override
            public Map<String, String> options() {
                return options;
            }

            @Override
            public boolean writes() {
                return false;
            }

            @Override
            public StepResult run(StepContext context) {
                return run.apply(context);
            }
        };
    }

    /** 100 IOs, reads and 4 KiB writes in turn, at recorded depth 1. */
    static Path trace(Path dir) {
        return trace(dir, "t");
    }

    /** {@link #trace(Path)} with {@code name} in its header: the same IOs, another file. */
    static Path trace(Path dir, String name) {
        List<IoRecord> ios = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            ios.add(TestRecords.record(i * 1000L, i * 1000L + 500, i * 4096L, 4096, i % 2 == 0 ? Op.READ : Op.WRITE, IoRecord.NO_STREAM));
        }
        return TestRecords.writeSbt(dir.resolve("t.sbt"), TraceInfo.of(name, EnumSet.of(Field.COMPLETE)), ios);
    }
}
