package org.sbench.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@code sbench record} stored of a recording that does not hold every IO the drive saw
 * (events the kernel's ring buffer lost, IOs without their issue or completion, a stalled reader):
 * {@code record.complete=false} and its counts in the trace's metadata. Only record's own summary
 * said so: inspect and replay of such a trace read as of a complete one.
 */
public final class IncompleteRecording {
    /** Metadata keys sbench record writes (TraceRecorder). */
    public static final String COMPLETE = "record.complete";
    public static final String EVENTS_LOST = "record.eventsLost";
    public static final String INCOMPLETE_IOS = "record.incompleteIos";
    public static final String STALLED = "record.stalled";
    /** true when the disk the trace was written to filled up: the trace ends at its last IO that fit. */
    public static final String DISK_FULL = "record.diskFull";
    /**
     * With {@link #DISK_FULL}: the temporary directory, where the trace's process names spilled, when it was that which
     * filled up; absent when it was the disk the trace was written to (and in recordings before 2026-12-08).
     */
    public static final String DISK_FULL_DIR = "record.diskFullDir";

    private IncompleteRecording() {
    }

    /** What the recording {@code metadata} describes lacks, or null when it is complete or no recording of sbench record. */
    public static String describe(Map<String, String> metadata) {
        if (!"false".equals(metadata.get(COMPLETE))) {
            return null;
        }
        List<String> what = new ArrayList<>();
        what.add(metadata.getOrDefault(EVENTS_LOST, "unknown") + " events lost");
        what.add(metadata.getOrDefault(INCOMPLETE_IOS, "unknown") + " IOs left out without their issue or completion");
        if ("true".equals(metadata.get(STALLED))) {
            what.add("the reader stalled");
        }
        if ("true".equals(metadata.get(DISK_FULL))) {
            String dir = metadata.get(DISK_FULL_DIR);
            what.add(dir == null ? "cut short by a full disk"
                    : "cut short when the temporary directory " + dir + ", where its process names spilled, filled up");
        }
        return "an incomplete recording (sbench record: " + String.join(", ", what) + "): the drive saw IOs it does not hold";
    }
}
