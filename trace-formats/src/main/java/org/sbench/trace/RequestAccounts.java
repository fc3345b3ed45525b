// What a reader of block request events read that is not an ordinary IO of its trace, counted.
package org.sbench.trace;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sbench.ErrnoNames;

/**
 * The requests a reader read that are not ordinary IOs of the trace, so that a summary can say
 * what the trace does not show: requests of other kinds (write-zeroes, passthrough commands, zone
 * commands: {@code N} in the kernel's RWBS flags, in the block request events of tracefs, blkparse
 * and blktrace; and reads or writes of 0 bytes, which move no data, in any format but sbench's
 * own), which are left out, with the bytes they span; and IOs the device completed with an
 * error, which are kept as IOs (the trace has no place for an outcome: a replay issues them as
 * any other), counted by error. Counted as the reader reads; final once it reached the end; the
 * counts of several readers add up ({@link #add}). Not thread-safe.
 */
public final class RequestAccounts {
    /** Metadata key: requests of other kinds left out. */
    public static final String OTHER_REQUESTS = "events.otherRequests";
    /** Metadata key: the bytes those requests span. */
    public static final String OTHER_REQUEST_BYTES = "events.otherRequestBytes";
    /** Metadata key: IOs of the trace that failed at the device. */
    public static final String FAILED_IOS = "events.failedIos";
    /** Metadata key: those IOs by error, {@code EIO 2, ENODATA 1} (empty when none). */
    public static final String FAILED_IOS_BY_ERROR = "events.failedIosByError";
    /**
     * Metadata key: {@code true} when the counts a trace carries are of the trace it was cut from
     * ({@code convert} with {@code --stream}, {@code --ops}, {@code --start}, {@code --end} or
     * {@code --limit}), not of its own IOs: how many of them it holds is not known.
     */
    public static final String OF_SOURCE = "events.countsOfSource";
    /** The kernel's largest errno (MAX_ERRNO); a larger code is counted under it. */
    private static final int MAX_ERRNO = 4095;
    private static final String LIST_SEPARATOR = ", ";

    private long otherRequests;
    private long otherRequestBytes;
    private long failedIos;
    private final long[] failedByErrno = new long[MAX_ERRNO + 1];

    /**
     * The counts at one moment; component names are JSON keys. Serializable, for Spark's per-split
     * counts.
     *
     * @param otherRequests     requests of other kinds left out
     * @param otherRequestBytes the bytes they span (passthrough commands span none)
     * @param failedIos         IOs of the trace that failed at the device
     * @param failures          those IOs by error, in errno order
     * @param ofSource          the counts are of the trace this one was cut from ({@link #OF_SOURCE}), not of its own IOs
     */
    public record Counts(long otherRequests, long otherRequestBytes, long failedIos, List<Failure> failures, boolean ofSource)
            implements Serializable {
        public Counts {
            failures = List.copyOf(failures);
        }

        /** Counts of a trace's own IOs. */
        public Counts(long otherRequests, long otherRequestBytes, long failedIos, List<Failure> failures) {
            this(otherRequests, otherRequestBytes, failedIos, failures, false);
        }

        /** These counts, of the trace a part cut from it ({@code convert --stream} and the like) was cut from. */
        public Counts ofTheSource() {
            return new Counts(otherRequests, otherRequestBytes, failedIos, failures, true);
        }

        /** As trace metadata entries (the keys above, zeros included; {@link #OF_SOURCE} only when they are the source's). */
        public Map<String, String> metadata() {
            Map<String, String> m = new LinkedHashMap<>();
            m.put(OTHER_REQUESTS, Long.toString(otherRequests));
            m.put(OTHER_REQUEST_BYTES, Long.toString(otherRequestBytes));
            m.put(FAILED_IOS, Long.toString(failedIos));
            m.put(FAILED_IOS_BY_ERROR, byError());
            if (ofSource) {
                m.put(OF_SOURCE, "true");
            }
            return m;
        }

        /** The failed IOs by error, {@code EIO 2, ENODATA 1} (empty when none), as the metadata keeps them. */
        public String byError() {
            List<String> byError = new ArrayList<>();
            for (Failure f : failures) {
                byError.add(f.error() + " " + f.ios());
            }
            return String.join(LIST_SEPARATOR, byError);
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
            List<Failure> failures = new ArrayList<>();
            for (String entry : m.getOrDefault(FAILED_IOS_BY_ERROR, "").split(LIST_SEPARATOR)) {
                int space = entry.lastIndexOf(' ');
                if (space > 0) {
                    failures.add(new Failure(entry.substring(0, space), number(entry.substring(space + 1))));
                }
            }
            return new Counts(number(m.get(OTHER_REQUESTS)), number(m.get(OTHER_REQUEST_BYTES)), number(m.get(FAILED_IOS)),
                    failures, RequestAccounts.ofSource(m));
        }

        /** A stored count; 0 when absent or not a count (metadata is informative, not checked). */
        private static long number(String value) {
            try {
                return value == null ? 0 : Math.max(0, Long.parseLong(value));
            } catch (NumberFormatException e) {
                return 0;
            }
        }
    }

    /**
     * {@code info} without the counts its metadata carries: the info of a part of the trace (one of
     * its streams), for which they are not known.
     */
    public static TraceInfo withoutCounts(TraceInfo info) {
        Map<String, String> m = new LinkedHashMap<>(info.metadata());
        m.keySet().removeAll(List.of(OTHER_REQUESTS, OTHER_REQUEST_BYTES, FAILED_IOS, FAILED_IOS_BY_ERROR, OF_SOURCE));
        return new TraceInfo(info.sourceFormat(), info.fields(), m, info.phases());
    }

    /** True when the counts of a trace with {@code metadata} are of the trace it was cut from ({@link #OF_SOURCE}). */
    public static boolean ofSource(Map<String, String> metadata) {
        return Boolean.parseBoolean(metadata.get(OF_SOURCE));
    }

    /** IOs that failed with one error: its name ({@code EIO}, or {@code errno 42}) and how many. */
    public record Failure(String error, long ios) implements Serializable {
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

    /** An IO of the trace completed with error {@code errno} (positive). */
    public void failed(int errno) {
        failedIos++;
        failedByErrno[Math.min(Math.max(errno, 0), MAX_ERRNO)]++;
    }

    /** Adds {@code counts}, another reader's (each failure under the errno its name names). */
    public void add(Counts counts) {
        otherRequests += counts.otherRequests();
        otherRequestBytes += counts.otherRequestBytes();
        failedIos += counts.failedIos();
        for (Failure f : counts.failures()) {
            failedByErrno[errno(f.error())] += f.ios();
        }
    }

    /** The errno {@link ErrnoNames#of} names {@code error}; {@link #MAX_ERRNO} for none (as {@link #failed} counts one too large). */
    private static int errno(String error) {
        for (int e = 0; e < MAX_ERRNO; e++) {
            if (ErrnoNames.of(e).equals(error)) {
                return e;
            }
        }
        return MAX_ERRNO;
    }

    /** The counts so far. */
    public Counts counts() {
        List<Failure> failures = new ArrayList<>();
        for (int e = 0; e <= MAX_ERRNO; e++) {
            if (failedByErrno[e] > 0) {
                failures.add(new Failure(ErrnoNames.of(e), failedByErrno[e]));
            }
        }
        return new Counts(otherRequests, otherRequestBytes, failedIos, failures);
    }
}
