package org.sbench.result;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import org.sbench.target.FileTarget;
import org.sbench.target.Target;

/**
 * The result of one replay, built once at its end ({@link ReplayResults#build}); its JSON form
 * (component names are the keys) is what {@code report} and {@code compare} read. Rates: MB =
 * 10^6 bytes; IOPS and MB/s are over busy time (docs/definitions.md); latencies in µs. {@code format} is
 * {@link #FORMAT} in results this build writes, absent in those of builds before 2026-12-05 23:34 UTC.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ReplayResult(
        Integer format,
        boolean complete,
        String stopReason,
        String sbenchVersion,
        String startedAt,
        Settings settings,
        TraceIdentity trace,
        TargetIdentity target,
        Host host,
        Summary summary,
        List<SizeClassResult> sizeClasses,
        List<Second> timeSeries,
        Map<String, String> latencyHistogram,
        Fidelity fidelity,
        Mapping mapping,
        Map<String, Map<String, Long>> errors,
        List<PhaseResult> phases,
        FirstError firstError,
        Stripe stripe) {

    /**
     * The format of the results this build writes, raised whenever a figure a result holds changes its meaning (a
     * field added beside the others does not raise it): a build reads results of its format and earlier ones, and
     * refuses later ones, whose figures it could misread. 1: the first numbered (2026-12-05 23:34 UTC); results without a
     * format were written by earlier builds, and a figure they lack is shown as none. 2: {@link #PARTIAL_SECOND_RATES}.
     */
    public static final int FORMAT = 2;

    /**
     * The format since which a run's last second, where the run ended within it, holds its rates over the time it covers
     * and that time ({@link Second}, 2026-12-06); results of earlier formats hold what completed in it, as if over a whole
     * second, and are read as this build writes them ({@link #withPartialSecondRates}).
     */
    static final int PARTIAL_SECOND_RATES = 2;

    /** This result marked incomplete for {@code reason}: what it measured is kept, and compare takes it as partial. */
    public ReplayResult withStop(String reason) {
        return new ReplayResult(format, false, reason, sbenchVersion, startedAt, settings, trace, target, host, summary,
                sizeClasses, timeSeries, latencyHistogram, fidelity, mapping, errors, phases, firstError, stripe);
    }

    /**
     * This result with its last second as results of {@link #PARTIAL_SECOND_RATES} hold it, and that format, so that it is
     * not converted again when written and read back: this result if it is one.
     */
    ReplayResult withPartialSecondRates() {
        if (format != null && format >= PARTIAL_SECOND_RATES) {
            return this;
        }
        return new ReplayResult(PARTIAL_SECOND_RATES, complete, stopReason, sbenchVersion, startedAt, settings, trace, target,
                host, summary, sizeClasses, Second.lastOverItsLength(timeSeries, summary.wallNs()), latencyHistogram, fidelity,
                mapping, errors, phases, firstError, stripe);
    }

    /** This result with the section of a striped target ({@link StripeResults}). */
    public ReplayResult withStripe(Stripe newStripe) {
        return new ReplayResult(format, complete, stopReason, sbenchVersion, startedAt, settings, trace, target, host, summary,
                sizeClasses, timeSeries, latencyHistogram, fidelity, mapping, errors, phases, firstError, newStripe);
    }

    /**
     * The first IO that completed with an error: its op, where it was on the target, and the error
     * ({@code EIO}, ..., or {@code short transfer}); absent when none failed.
     */
    public record FirstError(String op, long offsetBytes, long lengthBytes, String error) {
    }

    /**
     * How the run was configured. {@code qd} only for fixed-qd, {@code speed} only for timed;
     * {@code reap} is {@code poll} or {@code wait} (how completions were waited for); {@code discards}
     * how the engine issued trims (queued, or run in commit and why), absent where it does not say.
     * {@code stream} is the number of the one stream replayed ({@code --stream}) and
     * {@code streamName} the same stream as inspect names it ({@code MAJOR:MINOR} for a block trace's
     * device), or {@link #ALL_STREAMS} for {@code --stream all}; both absent without {@code --stream} (a trace of one
     * stream, which it may also name: {@code --stream 0}), {@code stream} for {@code --stream all}, and {@code streamName}
     * in results written before it was kept.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Settings(String mode, Integer qd, long maxIdleNs, Double speed, String data, String engine,
                           String engineNote, String discards, String fit, Integer stream, String streamName, Integer qdFallback,
                           boolean readOnly, String nomerges, String onError, String reap) {
        /** {@link #streamName} of a run of every stream of the trace, each on its own range ({@code --stream all}). */
        public static final String ALL_STREAMS = "all";

        /**
         * The stream replayed in words: its name ({@code 8:16}; the number in results written before
         * names were kept), {@link #ALL_STREAMS}, or null when the trace has one stream (and for
         * {@code --stream all} in results written before names were kept).
         */
        @JsonIgnore
        public String streamWords() {
            return streamName != null ? streamName : stream != null ? stream.toString() : null;
        }
    }

    public record TraceIdentity(String name, String path, String format, String sha256, long records) {
    }

    /**
     * True when the run read a file target that had never-written extents in the range it reads
     * ({@link TargetIdentity#unwritten()}): the filesystem answers such reads without device IO, so
     * the read numbers are not the drive's. Written to the JSON for its readers; derived again when
     * a result is read back.
     */
    @JsonProperty("readsUnwritten")
    public boolean readsUnwritten() {
        return target != null && target.unwritten() != null && target.unwritten().bytes() > 0 && summary != null
                && summary.reads() > 0;
    }

    /**
     * True when a result does not say whether its reads went to never-written extents: a file target
     * without {@link TargetIdentity#unwritten()}, which builds before 2026-12-01 did not write.
     */
    @JsonIgnore
    public boolean unwrittenUnknown() {
        return target != null && FileTarget.KIND.equals(target.kind()) && target.unwritten() == null && summary != null
                && summary.reads() > 0;
    }

    /**
     * The target; {@code device} holds sysfs identity (model, serial, firmware, rotational, scheduler,
     * ...); {@code unwritten} is present for file targets only.
     */
    public record TargetIdentity(String path, String kind, long capacity, int logicalSectorSize, int physicalSectorSize,
                                 Map<String, String> device, @JsonInclude(JsonInclude.Include.NON_NULL) Unwritten unwritten) {
        /** What {@code target} says of itself, without counting unwritten bytes (for a bundle's drive). */
        public static TargetIdentity of(Target target) {
            return new TargetIdentity(target.path(), target.kind(), target.capacityBytes(), target.logicalBlockSize(),
                    target.physicalBlockSize(), target.describe(), null);
        }

        /**
         * What {@code target} says of itself as a run on it begins, reading at most [0, readEndBytes):
         * the unwritten bytes must be counted before the run's writes fill them.
         */
        public static TargetIdentity atStart(Target target, long readEndBytes) {
            long range = Math.min(readEndBytes, target.capacityBytes());
            long unwritten = target.unwrittenBytes(range);
            return new TargetIdentity(target.path(), target.kind(), target.capacityBytes(), target.logicalBlockSize(),
                    target.physicalBlockSize(), target.describe(),
                    unwritten == Target.UNWRITTEN_UNKNOWN ? null : new Unwritten(unwritten, range));
        }

        /** The path, or the kind for the target that has none (the null target). */
        @JsonIgnore
        public String name() {
            return path == null ? kind : path;
        }
    }

    /**
     * Of a file target, when the run began: {@code bytes} of [0, {@code rangeBytes}), the range the run
     * could read, held no written data (holes or unwritten extents, by lseek SEEK_DATA/SEEK_HOLE).
     */
    public record Unwritten(long bytes, long rangeBytes) {
    }

    public record Host(String kernel, String cpu, int cores, String jvm) {
    }

    public record Summary(long ios, long reads, long writes, long trims, long flushes, long bytesRead, long bytesWritten,
                          long busyNs, long readBusyNs, long writeBusyNs, long wallNs, double iops, double mbps,
                          double readMbps, double writeMbps, long errors, Map<String, Latency> latency) {
    }

    /** Service-time statistics of a group of IOs; {@code over10msPct} is the share slower than 10 ms. */
    public record Latency(long count, double meanUs, double p50Us, double p90Us, double p99Us, double p999Us, double maxUs,
                          double over10msPct) {
    }

    /** One size class of one op (reads or writes): share of all IOs, bytes, busy time of its IOs, rate. */
    public record SizeClassResult(@JsonProperty("class") String sizeClass, String op, long count, double pct, long bytes,
                                  long busyNs, double mbps, Latency latency) {
    }

    /**
     * One second of the run (by completion time, from the first submit): IOPS and MB/s over the time of it the run covered,
     * which is {@code seconds} for the last one where the run ended within it (null for a whole second), and the mean and
     * maximum service time in µs of the reads and writes completed in it (0 in results written before they were kept).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Second(int second, Double seconds, double readIops, double writeIops, double readMbps, double writeMbps,
                         double meanUs, double maxUs) {
        /** The time of this second the run covered, in seconds: {@code seconds}, or 1 for a whole second. */
        public double length() {
            return seconds == null ? 1 : seconds;
        }

        /**
         * {@code series}, whose figures are over whole seconds, with its last second's figures over the time of it that a
         * run of {@code wallNs} covered, and that time, when it is less than a second.
         */
        static List<Second> lastOverItsLength(List<Second> series, long wallNs) {
            int n = series.size();
            double lastS = SecondsSpan.lastSecondS(n, wallNs);
            if (n == 0 || lastS <= 0 || lastS >= 1) {
                return series;
            }
            Second s = series.get(n - 1);
            List<Second> out = new ArrayList<>(series);
            out.set(n - 1, new Second(s.second, lastS, s.readIops / lastS, s.writeIops / lastS, s.readMbps / lastS,
                    s.writeMbps / lastS, s.meanUs, s.maxUs));
            return out;
        }
    }

    /**
     * How faithfully the replay reproduced the trace (docs/definitions.md, "Fidelity"). {@code inTrace}: the
     * trace's IOs (of the stream replayed). {@code inFlightCap}: the most IOs in flight at once, the
     * depth the mode asked for capped at what the device queue holds (so that the block layer keeps
     * trace order); {@code heldAtCap}: IOs that waited for the cap when their recorded depth or their
     * time would have let them go (null in results written before it was counted, 2026-12-01: not
     * measured, not none); on a striped target also the IOs that found a member's queue full when
     * their turn came.
     * {@code skippedRecords}: bad records of the trace file skipped ({@code --skip-bad}), neither
     * replayed nor counted in {@code inTrace} (0 in results written before it was counted).
     * {@code qdTvd}: the distance between the replayed and recorded depths of the IOs that have a
     * recorded depth (of all IOs replayed in results written before 2026-12-05).
     * {@code planned}: of {@code inTrace}, the IOs the replay was to issue, when it left some out (a
     * read-only replay leaves out the trace's writes and trims); null when it was to issue all, when
     * not known (the first share of a trace, read-only), and in results written before 2026-12-06.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Fidelity(long issued, long inTrace, long outOfOrder, QdDistribution qdRecorded, QdDistribution qdReplayed,
                           Double qdTvd, Lateness latenessUs, int inFlightCap, Long heldAtCap, long skippedRecords, Long planned) {
        /** {@link #heldAtCap}, 0 where it was not counted: for the lines that speak of held IOs only when some were. */
        @JsonIgnore
        public long heldAtCapOrZero() {
            return heldAtCap == null ? 0 : heldAtCap;
        }

        /** "4 of 1,000": the IOs issued of those the replay was to issue ({@link #planned}, else the trace's), in {@code count}'s words. */
        public String issuedOfPlanned(LongFunction<String> count) {
            return count.apply(issued) + " of " + count.apply(planned != null ? planned : inTrace);
        }
    }

    /** A queue-depth distribution in the buckets 1, 2, 3, 4-5, 6-10, 11-20, 21-32, >32, and its average. */
    public record QdDistribution(List<QdRow> histogram, double avg) {
        /** The IOs counted: the recorded distribution leaves out those without a recorded depth. */
        public long ios() {
            return histogram.stream().mapToLong(QdRow::count).sum();
        }
    }

    public record QdRow(String qd, long count, double pct) {
    }

    /**
     * Submit lateness in µs; {@code behindFlush}: IOs that fell due while the replay waited for a
     * flush or trim it runs synchronously, or for the IOs a trim overlaps, to keep trace order, and
     * {@code others} the lateness of
     * the rest (null when there were none, or no IO waited).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Lateness(double p50, double p99, double max, Long behindFlush, Lateness others) {
    }

    /**
     * One phase of the recorded activity (from the trace's phase markers): its IOs, bytes, wall time
     * from its first submit to its last completion, busy time, MB/s over busy time, and the service
     * time of its IOs (null in results written before phases had it).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record PhaseResult(String name, long ios, long bytesRead, long bytesWritten, long wallNs, long busyNs, double mbps,
                              Latency latency) {
    }

    /**
     * A striped target ({@code target.kind} {@code stripe}; the rest of the result is the array's):
     * the chunk, the members, the bytes the stripe uses on each and the array's usable capacity
     * ({@code memberBytes x memberCount}, the target's capacity); reads and writes that crossed a
     * chunk boundary ({@code splitIos}) and the member IOs they became ({@code splitParts}); and
     * each member, in stripe order.
     */
    public record Stripe(long chunkBytes, int memberCount, long memberBytes, long usableBytes, long splitIos, long splitParts,
                         List<Member> members) {
    }

    /**
     * One member of a striped target: its identity as a target's ({@code device}: model, serial,
     * firmware ... from sysfs), the most member IOs it was given at once, and what it did: member
     * IOs (succeeded) by op, bytes, its own busy time (the union of its IOs' intervals), MB/s and
     * IOPS over it, failed member IOs, its service times, and the queue depth it saw at each submit.
     */
    public record Member(String path, String kind, long capacity, Map<String, String> device, int inFlightCap, long ios,
                         long reads, long writes, long trims, long flushes, long bytesRead, long bytesWritten, long busyNs,
                         double iops, double mbps, long errors, Latency latency, QdDistribution qd) {
        /**
         * {@code value} of this member's own IOs (busy time, a rate, its depth or latency), or NaN
         * (none) for a member given no IOs, which has none of them, as an op without IOs has none.
         */
        public double ofItsIos(double value) {
            return ios == 0 ? Double.NaN : value;
        }
    }

    /**
     * What mapping the trace onto the target did: IOs widened to the logical block size, moved by the
     * fit policy, of other streams (not replayed), writes skipped by a read-only run, and reads and
     * writes longer than the device takes whole ({@code wouldSplit}, longer than
     * {@code splitThresholdBytes}); the reads and writes sbench split into several device IOs
     * ({@code splitIos}: cut into the requests the device takes whole, and on a striped target at
     * chunk boundaries) and the device IOs they became ({@code splitParts}), both 0 where the kernel
     * splits them (the sync engine); with {@code --stream all}, where each stream was put, in words
     * ({@code streamLayout}: {@code 8:0@0, 8:16@1048576}, streams named as inspect names them;
     * numbers in results written before) and as {@code streams} (absent in results written before
     * it was kept).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Mapping(long widened, long refitted, long otherStreams, long skippedWrites, long wouldSplit,
                          long splitThresholdBytes, long splitIos, long splitParts, String bufferMemory, String streamLayout,
                          List<StreamPlace> streams) {
    }

    /** Where one stream went with {@code --stream all}: its number, its name as inspect shows it, and its first byte on the target. */
    public record StreamPlace(int stream, String name, long offsetBytes) {
    }
}
