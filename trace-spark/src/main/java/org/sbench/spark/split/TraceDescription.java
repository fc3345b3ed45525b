// A trace's TraceInfo in a form that travels to executors.
package org.sbench.spark.split;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import org.sbench.trace.Field;
import org.sbench.trace.PhaseMarker;
import org.sbench.trace.TraceInfo;

/** The {@link TraceInfo} a trace's reader states, serializable; {@link #info()} gives it back. */
public final class TraceDescription implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String sourceFormat;
    private final EnumSet<Field> fields;
    private final LinkedHashMap<String, String> metadata;
    private final String[] phaseNames;
    private final long[] phaseTimesNs;

    public TraceDescription(TraceInfo info) {
        sourceFormat = info.sourceFormat();
        fields = info.fields().isEmpty() ? EnumSet.noneOf(Field.class) : EnumSet.copyOf(info.fields());
        metadata = new LinkedHashMap<>(info.metadata());
        List<PhaseMarker> phases = info.phases();
        phaseNames = new String[phases.size()];
        phaseTimesNs = new long[phases.size()];
        for (int i = 0; i < phases.size(); i++) {
            phaseNames[i] = phases.get(i).name();
            phaseTimesNs[i] = phases.get(i).timeNs();
        }
    }

    public TraceInfo info() {
        List<PhaseMarker> phases = new ArrayList<>(phaseNames.length);
        for (int i = 0; i < phaseNames.length; i++) {
            phases.add(new PhaseMarker(phaseNames[i], phaseTimesNs[i]));
        }
        return new TraceInfo(sourceFormat, fields, metadata, phases);
    }
}
