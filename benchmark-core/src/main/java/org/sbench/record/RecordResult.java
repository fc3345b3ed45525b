// What a finished recording produced: counts, loss, and how it was recorded.
package org.sbench.record;

import java.nio.file.Path;
import java.util.List;
import org.sbench.trace.RequestAccounts;

/**
 * The outcome of a recording, built once at its end. {@link #complete()} is false when the ring
 * buffer lost events and loss was not allowed, when the event stream stalled before its end, or
 * when the disk filled up:
 * the trace file is then valid but misses IOs, and says so in its metadata
 * ({@code record.complete = false}).
 *
 * @param out           the trace file written
 * @param durationNs    from switching the events on to switching issues off (the events' clock)
 * @param ios           IOs in the trace
 * @param reads         of which reads, and so on
 * @param bytesRead     bytes read
 * @param bytesWritten  bytes written
 * @param eventsLost    events the ring buffer lost (summed over CPUs)
 * @param inFlightAtStop IOs issued but not completed when the recording stopped (left out)
 * @param reordered     IOs whose issue time was below an earlier one's (readers sort them)
 * @param skippedLines  event lines that could not be read
 * @param requests      requests that are not ordinary IOs: of other kinds (write-zeroes, passthrough, zone commands), left out
 * @param marks         phase marks stored
 * @param stalled       the event stream stopped before its end marker; the trace holds what was read until then
 * @param diskFull      how a full disk cut the trace short; null when it did not
 * @param complete      false when stalled, cut short by a full disk, or when events were lost and {@code --allow-loss} was not given
 * @param devices       one line per recorded device ({@link RecordedDevice#describe()})
 * @param selfTraffic   how the recorder kept its own output out of the trace
 * @param clock         the events' clock and its resolution
 * @param bufferKb      ring buffer per CPU, KiB
 * @param notes         anything else worth telling (tracefs left mounted, ...), one line each
 */
public record RecordResult(Path out, long durationNs, long ios, long reads, long writes, long trims, long flushes,
        long bytesRead, long bytesWritten, long eventsLost, long inFlightAtStop, long reordered, long skippedLines,
        RequestAccounts.Counts requests, int marks, boolean stalled, DiskFull diskFull, boolean complete, List<String> devices, String selfTraffic, String clock, int bufferKb,
        List<String> notes) {
}
