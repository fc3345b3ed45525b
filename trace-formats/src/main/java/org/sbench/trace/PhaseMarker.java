package org.sbench.trace;

import java.util.Objects;

/** A named moment of the recorded activity ("boot done"), in ns on the trace's clock. */
public final class PhaseMarker {
    private final String name;
    private final long timeNs;

    public PhaseMarker(String name, long timeNs) {
        this.name = Objects.requireNonNull(name, "name");
        this.timeNs = timeNs;
    }

    public String name() {
        return name;
    }

    public long timeNs() {
        return timeNs;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PhaseMarker && ((PhaseMarker) o).name.equals(name) && ((PhaseMarker) o).timeNs == timeNs;
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + Long.hashCode(timeNs);
    }

    @Override
    public String toString() {
        return name + "@" + timeNs + "ns";
    }
}
