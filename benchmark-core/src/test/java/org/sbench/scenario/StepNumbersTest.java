package org.sbench.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.sbench.result.JsonResults;
import org.sbench.result.ReplayResult;

class StepNumbersTest {
    private static final long BIG = 1L << 62;

    /**
     * A step of two runs, each sound alone (2^62 IOs read 2^62 bytes and wrote as many over 2^62 ns of a run as long; a
     * bundle edited by hand), added up to -9,223,372,036,854,775,808 IOs and as many busy ns, and -0.0 MB/s over them.
     */
    @Test
    void runsOfBigFiguresAddUpToTheMostALongHolds() throws URISyntaxException {
        ReplayResult run = big(new JsonResults().read(Path.of(StepNumbersTest.class.getResource("/org/sbench/result/drive-a.json")
                .toURI())));
        StepNumbers n = StepNumbers.of(List.of(run, run));
        double busyS = Long.MAX_VALUE / 1e9;
        assertEquals(List.of(Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE),
                List.of(n.ios(), n.bytesRead(), n.bytesWritten(), n.busyNs(), n.errors()));
        assertEquals(List.of(Long.MAX_VALUE / 1e6 / busyS, Long.MAX_VALUE / busyS), List.of(n.mbps(), n.iops()));
    }

    /** {@code r} as a run of 2^62 reads of 2^62 bytes and 2^62 bytes written, 2^62 failed IOs, busy 2^62 ns. */
    private static ReplayResult big(ReplayResult r) {
        ReplayResult.Summary s = r.summary();
        ReplayResult.Summary b = new ReplayResult.Summary(BIG, BIG, 0, 0, 0, BIG, BIG, BIG, BIG, 0, BIG, s.iops(), s.mbps(),
                s.readMbps(), s.writeMbps(), BIG, s.latency());
        return new ReplayResult(r.format(), r.complete(), r.stopReason(), r.sbenchVersion(), r.startedAt(), r.settings(), r.trace(),
                r.target(), r.host(), b, r.sizeClasses(), r.timeSeries(), r.latencyHistogram(), r.fidelity(), r.mapping(), r.errors(),
                r.phases(), r.firstError(), r.stripe());
    }
}
