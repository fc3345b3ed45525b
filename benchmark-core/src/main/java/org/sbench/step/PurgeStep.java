package org.sbench.step;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.linux.Errno;
import org.sbench.replay.ReplayControl;
import org.sbench.target.EraseMethod;
import org.sbench.target.Erasure;
import org.sbench.target.NullTarget;
import org.sbench.target.Target;
import org.sbench.target.TargetSafety;

/**
 * Erases a target, or a range of it ({@code sbench purge}): a discard (TRIM) of the whole device by
 * default, or a secure discard, or zeros written by the device (BLKZEROOUT); on a file a punched hole
 * or a zeroed range. It says what it will destroy before it starts, and goes in chunks that take
 * about a second at most (see {@link #nextChunk}), so that it reports progress and a stop (Ctrl-C)
 * ends it within a chunk. A method the
 * device refuses (sysfs says it has no discard, or the call fails with EOPNOTSUPP) is a one-line
 * usage error that names another.
 */
public final class PurgeStep implements Step {
    public static final String KIND = "purge";
    /** The names of its options, without dashes. */
    public static final List<String> OPTIONS = List.of("method", "range");
    /** The first chunk, and the least: half a second of a device that zeroes 2 MB/s (a cheap SD card or USB stick). */
    private static final long MIN_CHUNK_BYTES = 1L << 20;
    private static final long MAX_CHUNK_BYTES = 64L << 30;
    private static final long FAST_CHUNK_NS = 250_000_000L;
    private static final long SLOW_CHUNK_NS = 1_000_000_000L;
    private static final long AFTER_SLOW_CHUNK_NS = 500_000_000L;

    private final EraseMethod method;
    private final Range range;

    /**
     * A purge by {@code method} of {@code range} (null: the whole target).
     */
    public PurgeStep(EraseMethod method, Range range) {
        this.method = method;
        this.range = range;
    }

    /** A purge from options as users write them ({@code method: trim}, {@code range: 1G:512M}). */
    public static PurgeStep of(Map<String, String> options) {
        StepOptions o = StepOptions.of(KIND, options, OPTIONS);
        return new PurgeStep(EraseMethod.of(o.text("method", EraseMethod.TRIM.word())),
                o.has("range") ? Range.of(o.text("range", null)) : null);
    }

    /**
     * A range of a target: {@code OFFSET:LENGTH} as sizes ({@code 1G:512M}); {@code OFFSET:} runs to
     * the end of the target.
     *
     * @param lengthBytes 0: to the end
     */
    public record Range(long offsetBytes, long lengthBytes) {
        static Range of(String value) {
            int colon = value.indexOf(':');
            if (colon < 0) {
                throw SbenchException.usage("--range takes OFFSET:LENGTH (e.g. 1G:512M, or 1G: to the end), found "
                        + SbenchException.quoted(value));
            }
            long offset = StepOptions.bytes("range", value.substring(0, colon).isBlank() ? "0" : value.substring(0, colon));
            String length = value.substring(colon + 1);
            long lengthBytes = length.isBlank() ? 0 : StepOptions.bytes("range", length);
            if (!length.isBlank() && lengthBytes == 0) {
                throw SbenchException.usage("--range " + value + " is empty: give a LENGTH above 0, or none to run to the end");
            }
            return new Range(offset, lengthBytes);
        }

        String word() {
            return StepOptions.sizeWord(offsetBytes) + ":" + (lengthBytes == 0 ? "" : StepOptions.sizeWord(lengthBytes));
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String label() {
        return "purge " + method.word() + (range == null ? "" : " " + range.word());
    }

    @Override
    public Map<String, String> options() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("method", method.word());
        if (range != null) {
            m.put("range", range.word());
        }
        return m;
    }

    /** Its erase calls are ioctls, one at a time: no IO whose rate a steady-state group could track, nor whose merging or throttling would matter. */
    @Override
    public boolean issuesIo() {
        return false;
    }

    @Override
    public void checkFits(Target target, ReplayControl control) {
        checkedLength(target, offset());
        checkedErasure(target);
    }

    private long offset() {
        return range == null ? 0 : range.offsetBytes();
    }

    /** How {@code target} erases by the step's method; a usage error when it cannot. */
    private Erasure checkedErasure(Target target) {
        Erasure erasure = target.erasure(method);
        if (erasure.refusal() != null) {
            throw SbenchException.usage(erasure.refusal() + "; " + instead());
        }
        return erasure;
    }

    @Override
    public StepResult run(StepContext context) {
        Target target = context.target();
        long offset = offset();
        long length = checkedLength(target, offset);
        Erasure erasure = checkedErasure(target);
        context.listener().note("purge destroys the data on " + TargetSafety.identify(target) + ": " + method.word() + " ("
                + erasure.call() + ") of " + (range == null ? "all " + bytes(length) + " bytes"
                : bytes(length) + " bytes from byte " + bytes(offset)));
        if (erasure.note() != null) {
            context.listener().note(erasure.note());
        }
        try (StepRuns runs = new StepRuns(context, this)) {
            long startNs = context.clock().nanoTime();
            long done = 0;
            long chunks = 0;
            long chunk = MIN_CHUNK_BYTES;
            while (done < length && runs.goOn()) {
                long n = Math.min(chunk, length - done);
                long callNs = context.clock().nanoTime();
                int rc = target.erase(method, offset + done, n);
                if (rc < 0) {
                    throw failure(target, erasure, rc, offset + done);
                }
                long tookNs = context.clock().nanoTime() - callNs;
                runs.began();
                done += n;
                chunks++;
                chunk = nextChunk(n, tookNs);
                context.listener().progress(KIND + " " + method.word(), StepListener.Work.BYTES, done, length,
                        context.clock().nanoTime() - startNs);
            }
            if (done > 0) {
                runs.flush("the purge");
            }
            long written = method == EraseMethod.ZERO ? done : 0;
            return runs.result(written, new StepResult.PurgeSummary(erasure.method(), offset, done, chunks, erasure.note()),
                    null, null);
        }
    }

    /**
     * The chunk after one of {@code chunk} bytes that took {@code tookNs}: twice as large when it took
     * under {@value #FAST_CHUNK_NS} ns, as large up to {@value #SLOW_CHUNK_NS} ns, and after a slower one
     * what {@value #AFTER_SLOW_CHUNK_NS} ns take at its rate (a device that slows down midway: halved
     * each time, a chunk of 32 s took 16, 8, 4 and 2 s after it). Powers of two from
     * {@value #MIN_CHUNK_BYTES} to {@value #MAX_CHUNK_BYTES} bytes, so whole blocks.
     */
    static long nextChunk(long chunk, long tookNs) {
        if (tookNs < FAST_CHUNK_NS) {
            return Math.min(MAX_CHUNK_BYTES, Long.highestOneBit(chunk) * 2);
        }
        if (tookNs <= SLOW_CHUNK_NS) {
            return Long.highestOneBit(chunk);
        }
        return Math.max(MIN_CHUNK_BYTES, Long.highestOneBit((long) ((double) chunk * AFTER_SLOW_CHUNK_NS / tookNs)));
    }

    /** The length of the range on {@code target} (a device's or file's capacity is whole blocks), checked: inside it, and whole logical blocks. */
    private long checkedLength(Target target, long offset) {
        long capacity = target.capacityBytes();
        int block = target.logicalBlockSize();
        if (range == null) {
            NullTarget.checkSizedFor(target, "a purge without --range", KIND);
            return capacity;
        }
        if (offset >= capacity || range.lengthBytes() > capacity - offset) {
            String where = offset == capacity && range.lengthBytes() == 0 ? " is empty: it starts at the end of " : " reaches past the end of ";
            throw SbenchException.usage("--range " + range.word() + where + target.path() + " (" + capacity + " bytes)");
        }
        long length = range.lengthBytes() == 0 ? capacity - offset : range.lengthBytes();
        if (offset % block != 0 || length % block != 0) {
            throw SbenchException.usage("--range " + range.word() + " is no whole number of logical blocks of " + target.path() + " ("
                    + block + " bytes)");
        }
        return length;
    }

    /** Another method to suggest when this one is refused. */
    private String instead() {
        switch (method) {
            case TRIM: return "use --method zero (zeros written over the range)";
            case SECURE_TRIM: return "use --method trim, or --method zero";
            default: return "use --method trim";
        }
    }

    private SbenchException failure(Target target, Erasure erasure, int rc, long at) {
        if (rc == -Errno.EOPNOTSUPP) {
            return SbenchException.usage(target.path() + " refused " + method.word() + " (" + erasure.call() + ": "
                    + Errno.describe(rc) + "); " + instead());
        }
        return new SbenchException(ErrorKind.SYSTEM_FAILURE, "purge of " + target.path() + " failed at byte " + at + ": "
                + erasure.call() + ": " + Errno.describe(rc));
    }

    private static String bytes(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
