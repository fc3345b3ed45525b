package org.sbench.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.format.sbt.SbtWriter;
import org.sbench.trace.input.ReadOptions;

class TracePlansTest {
    /**
     * One file named several ways (relative to the working directory, absolute, with {@code ./} and {@code ..}, through a
     * symbolic link) is one trace, planned once: until 2026-12-06 plans were keyed by the path as written, and a scenario
     * naming {@code t.sbt} and {@code ./t.sbt} read the trace twice before the target was opened.
     */
    @Test
    void oneFileNamedSeveralWaysIsPlannedOnce(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("t.sbt");
        try (SbtWriter w = new SbtFormat().openWriter(trace, TraceInfo.of("t", EnumSet.of(Field.COMPLETE)))) {
            IoRecord r = new IoRecord();
            r.completeNs = 1_000;
            r.op = Op.READ;
            r.lengthBytes = 4096;
            w.write(r);
            w.finish();
        }
        Files.createDirectory(dir.resolve("sub"));
        Path link = Files.createSymbolicLink(dir.resolve("link.sbt"), trace);
        TracePlans plans = new TracePlans(new ReplayControl());
        plans.of(trace, null, ReadOptions.DEFAULTS, IoRecord.NO_STREAM);
        for (Path same : new Path[] {Path.of("").toAbsolutePath().relativize(trace), dir.resolve(".").resolve("t.sbt"),
                dir.resolve("sub/../t.sbt"), link}) {
            plans.of(same, null, ReadOptions.DEFAULTS, IoRecord.NO_STREAM);
            assertEquals(1, plans.size(), "plans made, " + same + " too");
        }
        plans.of(trace, "sbt", ReadOptions.DEFAULTS, IoRecord.NO_STREAM);
        assertEquals(2, plans.size(), "another format is another plan");
    }
}
