package org.sbench.trace.synth;

import java.util.ArrayDeque;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.Map;
import java.util.SplittableRandom;
import org.sbench.trace.Field;
import org.sbench.trace.IoRecord;
import org.sbench.trace.Op;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.Progress;
import org.sbench.trace.TraceInfo;
import org.sbench.trace.format.sbt.SbtWriter;
import org.sbench.trace.stats.SequentialWindow;

/**
 * Generates a reconstruction of a {@link WorkloadProfile}, streaming, deterministic for a seed.
 *
 * <p>Structure, not independent draws: IOs come from runs — sequential runs of one op through a
 * file region (a few open side by side, as concurrent file reads and writes interleave), and
 * single small IOs in a hot region at the start of the device (metadata, logs). Run lengths are
 * steered so the share of sequential IOs meets the profile. Sizes come from {@link SizeMix}
 * (exact counts per op and class). Each IO's recorded queue depth comes from {@link QdShaper};
 * times are then made to agree with it: when an IO is to be issued at depth q, the oldest
 * outstanding IOs beyond q−1 complete just before it (never sooner than their service time
 * allows), and when the device is idle (q = 1) the clock may jump ahead by an idle gap that keeps
 * the trace on its planned duration. Phases split the IOs by the profile's shares and are written
 * as phase markers at their first IO.
 *
 * <p>Memory is bounded by the deepest queue (records wait only until their completion is known).
 */
public final class TraceSynthesizer {
    /** How often generation reports its progress: a power of two, so that the check is a mask. */
    private static final long PROGRESS_EVERY_IOS = 1 << 16;
    private static final long BLOCK = 4096;
    private static final double BURST_GAP_MEAN_NS = 20_000;
    private static final double SERVICE_BASE_NS = 80_000;
    private static final double SERVICE_BYTES_PER_NS = 0.25;
    private static final double SEQUENTIAL_GAIN_IOS = 50;
    private static final long MIN_IDLE_NS = 250_000_000L;

    private final WorkloadProfile profile;
    private final long capacityBytes;
    private final SplittableRandom random;
    private final SizeMix sizes;
    private final QdShaper qd;
    private final long total;
    private final long hotEnd;
    private final long plannedDurationNs;
    private final double hotShare;
    private final double sequentialTarget;
    /** Mean length of the runs outside the hot region that meets the sequential share with no steering. */
    private final double fileRunMean;
    private final Run[] runs;
    private final ArrayDeque<Pending> open = new ArrayDeque<>();
    private final ArrayDeque<Pending> spare = new ArrayDeque<>();
    private final SequentialWindow window = new SequentialWindow(SequentialWindow.DEFAULT_WINDOW);
    private long generated;
    private long sequential;
    private long nowNs;
    private long lastIssueNs = -1;

    /** One IO waiting for its completion time. */
    private static final class Pending {
        final IoRecord record = new IoRecord();
        long serviceNs;
    }

    /** A run of IOs of one op at consecutive offsets. */
    private static final class Run {
        Op op;
        long nextOffset;
        long left;
    }

    public TraceSynthesizer(WorkloadProfile profile, long seed, long capacityBytes) {
        this.profile = profile;
        this.capacityBytes = capacityBytes / BLOCK * BLOCK;
        this.random = new SplittableRandom(seed);
        this.sizes = new SizeMix(profile);
        this.qd = new QdShaper(profile.qdDistribution(), random.split());
        this.total = profile.reads() + profile.writes();
        this.hotEnd = Math.max(BLOCK * 256, (long) (this.capacityBytes * profile.hotRegionShare()) / BLOCK * BLOCK);
        this.plannedDurationNs = profile.durationNs();
        this.hotShare = profile.hotShare();
        this.sequentialTarget = profile.sequentialPct() / 100.0;
        // Runs of mean length m give a share 1 − 1/m of sequential IOs; hot runs have length 1,
        // so file runs must be longer to make up for them.
        double overall = 1 / (1 - sequentialTarget);
        this.fileRunMean = Math.max(1, (overall - hotShare) / (1 - hotShare));
        this.runs = new Run[Math.max(1, profile.concurrentRuns())];
        for (int i = 0; i < runs.length; i++) {
            runs[i] = new Run();
        }
    }

    /** The description the generated trace carries (phases are added as they are reached). */
    public TraceInfo info() {
        return TraceInfo.of("synth", EnumSet.of(Field.COMPLETE, Field.QD))
                .withMetadata(TraceInfo.NAME, profile.name())
                .withMetadata(TraceInfo.CAPACITY, Long.toString(capacityBytes))
                .withMetadata("reconstruction", profile.title() + " (synthetic reconstruction from published statistics, "
                        + "profile version " + profile.version() + ")");
    }

    /**
     * Writes the whole trace to {@code out} (not finished: the caller finishes or discards it), telling {@code progress} the
     * IOs generated of all every {@value #PROGRESS_EVERY_IOS} IOs.
     */
    public void writeTo(SbtWriter out, Progress progress) {
        Iterator<Map.Entry<String, Double>> phases = profile.phases().entrySet().iterator();
        double phaseEnd = 0;
        while (generated < total) {
            if ((generated & (PROGRESS_EVERY_IOS - 1)) == 0) {
                progress.at(generated, total);
            }
            if (generated >= Math.round(phaseEnd * total) && phases.hasNext()) {
                Map.Entry<String, Double> phase = phases.next();
                phaseEnd += phase.getValue();
                out.addPhase(new PhaseMarker(phase.getKey(), next(out).issueNs));
            } else {
                next(out);
            }
        }
        while (!open.isEmpty()) {
            complete(open.poll(), lastIssueNs + 1, out);
        }
        progress.at(generated, total);
    }

    /**
     * Generates the next IO (it joins the open IOs) and returns it; the oldest open IOs its queue
     * depth leaves no room for complete just before it and are written.
     */
    private IoRecord next(SbtWriter out) {
        Pending p = spare.isEmpty() ? new Pending() : spare.poll();
        IoRecord r = p.record.clear();
        place(r);
        p.serviceNs = serviceNs(r.lengthBytes);
        int depth = qd.next(open.size());
        int toComplete = open.size() - (depth - 1);
        // At least 1 ns after the previous issue: IOs completing "at" an issue would not count as outstanding.
        long issue = nowNs + 1 + gapNs(depth);
        Iterator<Pending> oldest = open.iterator();
        for (int i = 0; i < toComplete; i++) {
            Pending q = oldest.next();
            issue = Math.max(issue, q.record.issueNs + q.serviceNs);
        }
        for (int i = 0; i < toComplete; i++) {
            complete(open.poll(), issue, out);
        }
        r.issueNs = issue;
        r.qd = depth;
        nowNs = issue;
        lastIssueNs = issue;
        open.add(p);
        generated++;
        return r;
    }

    /**
     * Completes {@code p} no sooner than its service time allows and after every issue it was
     * outstanding for, and writes it: IOs complete oldest first, so records go out in issue order.
     */
    private void complete(Pending p, long byNs, SbtWriter out) {
        p.record.completeNs = Math.min(byNs, Math.max(p.record.issueNs + p.serviceNs, lastIssueNs + 1));
        out.write(p.record);
        spare.add(p);
    }

    /** Time before the next issue: a short gap within a burst, or an idle gap keeping the planned duration. */
    private long gapNs(int depth) {
        long burst = (long) (-StrictMath.log(1 - random.nextDouble()) * BURST_GAP_MEAN_NS);
        if (depth > 1) {
            return burst;
        }
        long plannedNs = (long) ((double) plannedDurationNs * generated / total);
        long behind = plannedNs - nowNs;
        // Idle comes in few, long gaps (a person reading, thinking), not spread thinly over every IO.
        return behind > MIN_IDLE_NS ? burst + (long) (behind * (0.5 + random.nextDouble())) : burst;
    }

    private long serviceNs(long bytes) {
        double base = SERVICE_BASE_NS + bytes / SERVICE_BYTES_PER_NS;
        return (long) (base * (0.5 + random.nextDouble()));
    }

    /** Picks the op, offset and size of the next IO from the runs. */
    private void place(IoRecord r) {
        Run run = runs[random.nextInt(runs.length)];
        boolean continues = run.left > 0 && sizes.remaining(run.op) > 0;
        if (!continues) {
            start(run);
        }
        r.op = run.op;
        r.lengthBytes = sizes.next(run.op, random);
        if (run.nextOffset + r.lengthBytes > capacityBytes) {
            run.nextOffset = hotEnd;
        }
        r.offsetBytes = run.nextOffset;
        run.nextOffset += r.lengthBytes;
        run.left--;
        // Steer by what inspect will measure, not by the runs' own bookkeeping.
        if (window.accept(r)) {
            sequential++;
        }
    }

    private void start(Run run) {
        long reads = sizes.remaining(Op.READ);
        long writes = sizes.remaining(Op.WRITE);
        run.op = random.nextLong(reads + writes) < reads ? Op.READ : Op.WRITE;
        if (random.nextDouble() < hotShare) {
            run.nextOffset = random.nextLong(hotEnd / BLOCK) * BLOCK;
            run.left = 1;
            return;
        }
        run.nextOffset = hotEnd + random.nextLong((capacityBytes - hotEnd) / BLOCK) * BLOCK;
        // Integral feedback on the IOs missing (or in excess) so far, so no steady offset remains.
        double missing = sequentialTarget * generated - sequential;
        double mean = fileRunMean * Math.max(0.25, Math.min(4, 1 + missing / SEQUENTIAL_GAIN_IOS));
        run.left = 1 + (long) (-StrictMath.log(1 - random.nextDouble()) * Math.max(0, mean - 1));
    }
}
