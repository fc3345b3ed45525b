package org.sbench.record;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sbench.trace.Op;

/**
 * Test fixture: the requests some disks were given, each with the times the block layer issued it
 * to the driver ({@code block_rq_issue}) and completed it ({@code block_rq_complete}), from a
 * private tracefs instance on the {@code mono} trace clock, the clock of {@link System#nanoTime}.
 * The text trace prints times rounded to the nearest µs (the kernel's {@code ns2usecs} adds 500 ns
 * before it divides): a request's times are known to within half a µs either side of what
 * {@link Request} holds. {@link #finish} stops the capture and reads it; {@link #close} removes the
 * instance whatever happened.
 */
public final class RequestCapture implements AutoCloseable {
    private static final String[] EVENTS = {
        TracefsInstance.BLOCK_RQ_ISSUE, TracefsInstance.BLOCK_RQ_COMPLETE, TracefsInstance.BLOCK_RQ_REQUEUE};
    private static final int SECTOR_BYTES = 512;
    private static final long US = 1000;
    private static final long HALF_US = US / 2;
    /**
     * {@code TASK-PID [CPU] FLAGS SECS.USECS: EVENT: MAJ,MIN RWBS [BYTES] (CMD) SECTOR + SECTORS ...}: the
     * issue event prints the request's bytes, the others do not.
     */
    private static final Pattern LINE = Pattern.compile(
            "\\[\\d+\\].*?\\s(\\d+)\\.(\\d{6}): block_rq_(issue|complete|requeue): (\\d+),(\\d+) (\\S+) (?:\\d+ )?\\(.*?\\) (\\d+) \\+ (\\d+)");

    /**
     * One request to disk {@code disk} ({@code MAJOR:MINOR}); {@code issueUs} and {@code completeUs}
     * are the µs the trace printed, rounded: issued in {@code [issueUs - 0.5, issueUs + 0.5) µs},
     * completed likewise.
     */
    public record Request(String disk, Op op, long offsetBytes, long lengthBytes, long issueUs, long completeUs) {
        /** Issued at this ns or before. */
        public long issuedByNs() {
            return issueUs * US + HALF_US - 1;
        }

        /** Completed at this ns or after. */
        public long completedFromNs() {
            return completeUs * US - HALF_US;
        }

        /** As {@code READ@OFFSET+LENGTH}. */
        public String describe() {
            return BioQueueCapture.describe(op, offsetBytes, lengthBytes);
        }
    }

    private final DiskEvents events;

    private RequestCapture(DiskEvents events) {
        this.events = events;
    }

    /** Starts capturing the requests of the whole disks {@code diskNames} ({@code loop3}). */
    public static RequestCapture start(List<String> diskNames) {
        DiskEvents events = DiskEvents.start("sbench-test-requests", diskNames, EVENTS);
        if (!events.clock().equals(TracefsInstance.MONO_CLOCK)) {
            events.close();
            throw new IllegalStateException("this kernel's tracefs offers no mono clock (" + events.clock() + ")");
        }
        return new RequestCapture(events);
    }

    /**
     * Stops capturing and returns the requests completed, in issue order. A request requeued is
     * the one issued again after it; one issued and not completed is left out.
     */
    public List<Request> finish() {
        Map<String, ArrayDeque<Long>> issued = new HashMap<>();
        List<Request> done = new ArrayList<>();
        for (String line : events.stop()) {
            Matcher m = LINE.matcher(line);
            if (!m.find()) {
                continue;
            }
            long us = Long.parseLong(m.group(1)) * 1_000_000 + Long.parseLong(m.group(2));
            String disk = m.group(4) + ":" + m.group(5);
            Op op = op(m.group(6));
            // A flush has no sector: the kernel prints -1, unsigned.
            long offset = op == Op.FLUSH ? 0 : Long.parseLong(m.group(7)) * SECTOR_BYTES;
            long length = Long.parseLong(m.group(8)) * SECTOR_BYTES;
            ArrayDeque<Long> waiting = issued.computeIfAbsent(disk + " " + op + " " + offset + " " + length, k -> new ArrayDeque<>());
            switch (m.group(3)) {
                case "issue" -> waiting.add(us);
                case "requeue" -> waiting.pollFirst();
                default -> {
                    Long issue = waiting.pollFirst();
                    if (issue != null) {
                        done.add(new Request(disk, op, offset, length, issue, us));
                    }
                }
            }
        }
        done.sort((a, b) -> Long.compare(a.issueUs(), b.issueUs()));
        return done;
    }

    /** The op of a request by its {@code rwbs}: a leading F is a flush before it, a request of no data with only F's a flush. */
    private static Op op(String rwbs) {
        return rwbs.contains("D") ? Op.TRIM : rwbs.contains("R") ? Op.READ : rwbs.contains("W") ? Op.WRITE : Op.FLUSH;
    }

    @Override
    public void close() {
        events.close();
    }
}
