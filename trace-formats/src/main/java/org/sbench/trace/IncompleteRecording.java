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
    /**
     * With {@link #DISK_FULL}: true when it was the user's disk quota that ran out (EDQUOT), there or in the temporary
     * directory ({@link #DISK_FULL_DIR}), not the file system's room; absent else (and in recordings before 2026-12-08).
     */
    public static final String DISK_QUOTA = "record.diskQuota";

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
            what.add(cutShort(metadata.get(DISK_FULL_DIR), "true".equals(metadata.get(DISK_QUOTA))));
        }
        return "an incomplete recording (sbench record: " + String.join(", ", what) + "): the drive saw IOs it does not hold";
    }

    /** How room ran out, as the recording said it: on the trace's disk, or in the temporary directory {@code dir} (non-null). */
    private static String cutShort(String dir, boolean quota) {
        if (dir == null) {
            return quota ? "cut short when the disk quota ran out" : "cut short by a full disk";
        }
        return "cut short when the temporary directory " + dir + ", where its process names spilled, "
                + (quota ? "ran out of disk quota" : "filled up");
    }
}
