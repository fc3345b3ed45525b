package org.sbench.step;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import org.sbench.result.ReplayResult;

/**
 * What one step did: its kind, label and options, when it ran and for how long, whether it ran to
 * its end, the bytes it wrote to the target, the IO runs it made (each a full replay result, which
 * {@code report} and {@code compare} read), and what is particular to its kind. Built once when the
 * step ends.
 *
 * @param runs        the step's IO runs in order (fill passes, torture rounds, sweep, idle probes,
 *                    a replay); empty for a purge
 * @param purge       what a purge did, else null
 * @param sweep       MB/s at each point of an LBA sweep, else null
 * @param steadyState the steady-state check of a step run in rounds, else null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StepResult(String kind, String label, Map<String, String> options, String startedAt, long durationNs,
                         boolean complete, String stopReason, long bytesWritten, List<NamedRun> runs, PurgeSummary purge,
                         List<SweepPoint> sweep, SteadyState.Verdict steadyState) {

    /** What the tables call {@link #bytesToZero}, where other steps' bytes are {@code written}. */
    public static final String TO_ZERO = "to zero asked of the kernel";

    /**
     * One IO run of a step: its name in the step ("pass-1", "round-3"), the file its result is written
     * to (relative to the bundle; null until written), and the result (in memory only).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record NamedRun(String name, String file, @JsonIgnore ReplayResult result) {
    }

    /**
     * What a purge did: the method used ({@code trim}, {@code secure-trim}, {@code zero}, or on a file
     * {@code punch-hole}, {@code zero-range}), the range, in how many chunks, and a note when the
     * device refused the method asked for.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record PurgeSummary(String method, long offsetBytes, long lengthBytes, long chunks, String note) {
    }

    /** One point of an LBA sweep: its number, where on the target, MB/s there and the p99 service time. */
    public record SweepPoint(int point, long offsetBytes, long lengthBytes, double mbps, double p99Us) {
    }

    /** This record with each run named by its file alone: its result is left to that file. */
    public StepResult withoutResults() {
        List<NamedRun> named = runs.stream().map(r -> new NamedRun(r.name(), r.file(), null)).toList();
        return new StepResult(kind, label, options, startedAt, durationNs, complete, stopReason, bytesWritten, named, purge, sweep,
                steadyState);
    }

    /**
     * The bytes of {@link #bytesWritten} the kernel was asked to zero: a zeroing purge's range, which the device may unmap
     * rather than write (a WRITE ZEROES command); 0 for every other step. The tables say them {@link #TO_ZERO}.
     */
    @JsonIgnore
    public long bytesToZero() {
        return purge != null ? bytesWritten : 0;
    }

    /** The results of the runs, in order. */
    @JsonIgnore
    public List<ReplayResult> results() {
        return runs.stream().map(NamedRun::result).toList();
    }
}
