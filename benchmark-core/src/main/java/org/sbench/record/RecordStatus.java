// A snapshot of a running recording, for the live status line.
package org.sbench.record;

/**
 * What a recording has done so far; counters are cumulative since the start, so a display takes
 * rates from the difference of two snapshots.
 *
 * @param elapsedNs    since the events were switched on
 * @param ios          IOs recorded (issued and completed)
 * @param bytesRead    bytes of recorded reads
 * @param bytesWritten bytes of recorded writes
 * @param eventsLost   events the ring buffer lost (overrun or dropped) so far, or {@link #UNKNOWN}
 *                     when the kernel's counters could not be read this time
 * @param marks        phase marks stored so far
 */
public record RecordStatus(long elapsedNs, long ios, long bytesRead, long bytesWritten, long eventsLost, int marks) {
    /** {@link #eventsLost()} when it could not be read. */
    public static final long UNKNOWN = -1;
}
