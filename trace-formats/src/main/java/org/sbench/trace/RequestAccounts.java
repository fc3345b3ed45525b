// What a reader of block request events read that is not an ordinary IO of its trace, counted.
package org.sbench.trace;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The requests a reader of block request events (tracefs, blkparse, blktrace) read that are not
 * ordinary IOs of the trace, so that a summary can say what the trace does not show: requests of
 * other kinds (write-zeroes, passthrough commands, zone commands: {@code N} in the kernel's RWBS
 * flags), which are left out, with the bytes they span. Counted as the reader reads; final once it
 * reached the end. Not thread-safe.
 */
public final class RequestAccounts {
    /** Metadata key: requests of other kinds left out. */
    public static final String OTHER_REQUESTS = "events.otherRequests";
    /** Metadata key: the bytes those requests span. */
    public static final String OTHER_REQUEST_BYTES = "events.otherRequestBytes";

    private long otherRequests;
    private long otherRequestBytes;

    /**
     * The counts at one moment; component names are JSON keys.
     *
     * @param otherRequests     requests of other kinds left out
     * @param otherRequestBytes the bytes they span (passthrough commands span none)
     */
    public record Counts(long otherRequests, long otherRequestBytes) {
        /** As trace metadata entries (the keys above), zeros included. */
        public Map<String, String> metadata() {
            Map<String, String> m = new LinkedHashMap<>();
            m.put(OTHER_REQUESTS, Long.toString(otherRequests));
            m.put(OTHER_REQUEST_BYTES, Long.toString(otherRequestBytes));
            return m;
        }

        /**
         * The counts of what {@code reader} read, once it reached the end: its own, or those its
         * metadata carries (a trace recorded or converted from block request events); null when
         * it has neither.
         */
        public static Counts of(TraceReader reader) {
            RequestAccounts own = reader.requestAccounts();
            if (own != null) {
                return own.counts();
            }
            Map<String, String> m = reader.info().metadata();
            if (!m.containsKey(OTHER_REQUESTS)) {
                return null;
            }
            return new Counts(number(m, OTHER_REQUESTS), number(m, OTHER_REQUEST_BYTES));
        }

        /** A count stored under {@code key}; 0 when absent or not a count (metadata is informative, not checked). */
        private static long number(Map<String, String> m, String key) {
            try {
                return Math.max(0, Long.parseLong(m.getOrDefault(key, "0")));
            } catch (NumberFormatException e) {
                return 0;
            }
        }
    }

    /** A request of another kind, spanning {@code bytes}, was issued and left out. */
    public void otherRequest(long bytes) {
        otherRequests++;
        otherRequestBytes += bytes;
    }

    /**
     * A request of another kind spanning {@code bytes} was requeued: the driver hands it back and
     * it is issued again, counted then (as a requeued IO is recorded once). A requeue with no
     * request counted has nothing to take back.
     */
    public void otherRequeued(long bytes) {
        if (otherRequests > 0) {
            otherRequests--;
            otherRequestBytes = Math.max(0, otherRequestBytes - bytes);
        }
    }

    /** The counts so far. */
    public Counts counts() {
        return new Counts(otherRequests, otherRequestBytes);
    }
}
