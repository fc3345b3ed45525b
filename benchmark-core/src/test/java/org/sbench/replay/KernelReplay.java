package org.sbench.replay;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.sbench.record.BioQueueCapture;
import org.sbench.record.RequestCapture;
import org.sbench.record.RequestCapture.Request;
import org.sbench.result.ReplayResult;
import org.sbench.target.TargetSettings;
import org.sbench.trace.input.ReadOptions;

/**
 * Test fixture (and bench/StampGap.java's): a replay with its kernel-facing engine's IOs stamped
 * and its disks' requests captured from the run's start, each request claimed by the IO that made it.
 */
public final class KernelReplay {
    private KernelReplay() {
    }

    /**
     * A replay's result, and each IO the kernel-facing engine reaped (on a stripe, each member IO),
     * in trace order, with the requests it made ({@code made}, by the same index).
     */
    public record Replayed(ReplayResult result, List<StampingEngine.Stamped> stamped, List<List<Request>> made, KernelRequests requests) {
    }

    /** Replays {@code trace} onto {@code target} (over {@code disks}, by name, in member order) as {@code mode} says. */
    public static Replayed run(Path trace, String target, List<String> disks, ReplaySettings mode) throws IOException {
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
        List<StampingEngine.Stamped> stamped = new ArrayList<>();
        ReplayResult r;
        List<Request> seen;
        try (RequestCapture capture = RequestCapture.start(disks)) {
            r = ReplaySession.run(new ReplaySession.Request(trace, null, ReadOptions.DEFAULTS, target,
                            TargetSettings.DEFAULTS.withAllowWrite(true), mode), StampingEngine.into(stamped), NanoClock.SYSTEM, started,
                    new ReplayControl(), "test");
            seen = capture.finish();
        }
        // The signature checks' reads completed before the run started.
        KernelRequests requests = new KernelRequests(seen.stream().filter(q -> q.completedFromNs() >= startNs[0]).toList());
        List<String> devs = new ArrayList<>();
        for (String disk : disks) {
            devs.add(BioQueueCapture.majorMinor(disk));
        }
        // In trace order, as they were submitted: flush requests are claimed first come first served.
        stamped.sort(Comparator.comparingLong(StampingEngine.Stamped::tag).thenComparingInt(StampingEngine.Stamped::member));
        List<List<Request>> made = new ArrayList<>();
        for (StampingEngine.Stamped s : stamped) {
            made.add(requests.claim(devs.get(s.member()), s.op(), s.offsetBytes(), s.lengthBytes()));
        }
        return new Replayed(r, stamped, made, requests);
    }
}
