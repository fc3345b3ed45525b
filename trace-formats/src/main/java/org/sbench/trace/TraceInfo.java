package org.sbench.trace;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a trace says about itself: the format it came from, which optional {@link Field}s its
 * records may carry (a record may still lack one: an issue whose completion was never traced has
 * no completion time, and the statistics count such records), free-form metadata (well-known keys
 * {@link #NAME}, {@link #CAPACITY}, {@link #STREAMS}) and phase markers, in time order: each marks the
 * start of the IOs after it, so markers a source lists otherwise (a hand-edited file) are put in
 * order, those of one time keeping theirs. Immutable; the {@code with*} methods return changed copies.
 */
public final class TraceInfo {
    /** Metadata key: the trace's name. */
    public static final String NAME = "name";
    /** Metadata key: capacity of the traced device in bytes, when the source states it. */
    public static final String CAPACITY = "capacity";
    /** Metadata key: what the stream numbers are, when they are more than numbers. */
    public static final String STREAMS = "streams";
    /**
     * {@link #STREAMS} of a trace whose streams are Linux device numbers ({@link DeviceNumbers}):
     * they are shown, and may be typed, as {@code MAJOR:MINOR}.
     */
    public static final String DEVICE_NUMBER_STREAMS = "dev_t";

    private final String sourceFormat;
    private final Set<Field> fields;
    private final Map<String, String> metadata;
    private final List<PhaseMarker> phases;

    public TraceInfo(String sourceFormat, Set<Field> fields, Map<String, String> metadata, List<PhaseMarker> phases) {
        this.sourceFormat = sourceFormat;
        this.fields = fields.isEmpty() ? Collections.emptySet() : Collections.unmodifiableSet(EnumSet.copyOf(fields));
        this.metadata = Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
        List<PhaseMarker> byTime = new ArrayList<>(phases);
        byTime.sort(Comparator.comparingLong(PhaseMarker::timeNs));
        this.phases = List.copyOf(byTime);
    }

    public static TraceInfo of(String sourceFormat, Set<Field> fields) {
        return new TraceInfo(sourceFormat, fields, Map.of(), List.of());
    }

    public String sourceFormat() {
        return sourceFormat;
    }

    public Set<Field> fields() {
        return fields;
    }

    public boolean has(Field field) {
        return fields.contains(field);
    }

    public Map<String, String> metadata() {
        return metadata;
    }

    public List<PhaseMarker> phases() {
        return phases;
    }

    /** The trace's name from metadata, or null. */
    public String name() {
        return metadata.get(NAME);
    }

    /** How {@code stream} is shown: {@code MAJOR:MINOR} for device numbers, else the number; "-" for none. */
    public String streamName(int stream) {
        if (stream < 0) {
            return "-";
        }
        return DEVICE_NUMBER_STREAMS.equals(metadata.get(STREAMS)) ? DeviceNumbers.name(stream) : Integer.toString(stream);
    }

    public TraceInfo withFields(Set<Field> newFields) {
        return new TraceInfo(sourceFormat, newFields, metadata, phases);
    }

    public TraceInfo withField(Field field) {
        EnumSet<Field> f = fields.isEmpty() ? EnumSet.noneOf(Field.class) : EnumSet.copyOf(fields);
        f.add(field);
        return withFields(f);
    }

    public TraceInfo withMetadata(String key, String value) {
        Map<String, String> m = new LinkedHashMap<>(metadata);
        m.put(key, value);
        return new TraceInfo(sourceFormat, fields, m, phases);
    }

    public TraceInfo withPhases(List<PhaseMarker> newPhases) {
        return new TraceInfo(sourceFormat, fields, metadata, newPhases);
    }

    /** The same trace seen on a clock whose zero is {@code originNs} of this one. */
    public TraceInfo rebased(long originNs) {
        if (originNs == 0 || phases.isEmpty()) {
            return this;
        }
        List<PhaseMarker> shifted = new ArrayList<>(phases.size());
        for (PhaseMarker p : phases) {
            shifted.add(new PhaseMarker(p.name(), p.timeNs() - originNs));
        }
        return withPhases(shifted);
    }
}
