// What one recording is asked to do: devices, output, how long, ring buffer size, loss policy.
package org.sbench.record;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.sbench.SbenchException;

/**
 * The settings of one {@code sbench record} run, immutable, with the defaults in one place. The
 * CLI fills them from options; tests build them directly.
 */
public final class RecordSettings {
    /** Ring buffer per CPU of the private tracefs instance, in KiB ({@code --buffer-kb}). */
    public static final int DEFAULT_BUFFER_KB = 4096;
    /** Smallest ring buffer accepted: a few pages per CPU. */
    public static final int MIN_BUFFER_KB = 64;
    /** {@link #durationNs()} for "until stopped". */
    public static final long UNTIL_STOPPED = 0;

    private final List<String> devices;
    private final Path out;
    private final long durationNs;
    private final int bufferKb;
    private final boolean allowLoss;
    private final String toolVersion;
    private final boolean textEvents;

    private RecordSettings(List<String> devices, Path out, long durationNs, int bufferKb, boolean allowLoss, String toolVersion,
            boolean textEvents) {
        this.devices = List.copyOf(devices);
        this.out = out;
        this.durationNs = durationNs;
        this.bufferKb = bufferKb;
        this.allowLoss = allowLoss;
        this.toolVersion = toolVersion;
        this.textEvents = textEvents;
    }

    /**
     * Recording {@code devices} (paths of block devices, whole disks or partitions; several make
     * several streams, in this order) into {@code out} (.sbt), until stopped, with the defaults.
     *
     * @throws SbenchException a usage error for no device or no output
     */
    public static RecordSettings of(List<String> devices, Path out) {
        if (devices.isEmpty()) {
            throw SbenchException.usage("name at least one --device to record");
        }
        return new RecordSettings(devices, Objects.requireNonNull(out, "out"), UNTIL_STOPPED, DEFAULT_BUFFER_KB, false, "dev", false);
    }

    /** Device paths as given; stream {@code i} of a multi-device trace is {@code devices().get(i)}. */
    public List<String> devices() {
        return devices;
    }

    public Path out() {
        return out;
    }

    /** How long to record in ns, or {@link #UNTIL_STOPPED}. */
    public long durationNs() {
        return durationNs;
    }

    /** Ring buffer per CPU, KiB. */
    public int bufferKb() {
        return bufferKb;
    }

    /** Whether a trace with lost events may still be called complete. */
    public boolean allowLoss() {
        return allowLoss;
    }

    /** The version stored in the trace's metadata ({@code record.tool}). */
    public String toolVersion() {
        return toolVersion;
    }

    /** Whether the events are read as text ({@code trace_pipe}) even where the binary pages could be read: the fallback, for tests. */
    public boolean textEvents() {
        return textEvents;
    }

    public RecordSettings withDurationNs(long value) {
        if (value < 0) {
            throw SbenchException.usage("--duration must not be negative");
        }
        return new RecordSettings(devices, out, value, bufferKb, allowLoss, toolVersion, textEvents);
    }

    public RecordSettings withBufferKb(int value) {
        return withBufferKb(value, String.valueOf(value));
    }

    /** {@link #withBufferKb(int)}, a refusal quoting the value as {@code typed}. */
    public RecordSettings withBufferKb(int value, String typed) {
        if (value < MIN_BUFFER_KB) {
            throw SbenchException.usage("--buffer-kb must be at least " + MIN_BUFFER_KB + ", found " + typed);
        }
        return new RecordSettings(devices, out, durationNs, value, allowLoss, toolVersion, textEvents);
    }

    public RecordSettings withAllowLoss(boolean value) {
        return new RecordSettings(devices, out, durationNs, bufferKb, value, toolVersion, textEvents);
    }

    public RecordSettings withToolVersion(String value) {
        return new RecordSettings(devices, out, durationNs, bufferKb, allowLoss, Objects.requireNonNull(value), textEvents);
    }

    public RecordSettings withTextEvents(boolean value) {
        return new RecordSettings(devices, out, durationNs, bufferKb, allowLoss, toolVersion, value);
    }
}
