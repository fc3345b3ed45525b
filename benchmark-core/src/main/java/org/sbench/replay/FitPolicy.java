package org.sbench.replay;

import java.util.Locale;
import org.sbench.SbenchException;
import org.sbench.trace.units.Words;

/** What to do with trace offsets past the target's capacity (docs/definitions.md, "Mapping"). */
public enum FitPolicy {
    /** Refuse the run, naming the capacity the trace needs (the default). */
    ERROR,
    /** Offset modulo capacity, keeping alignment. */
    WRAP,
    /** Offsets multiplied by capacity / trace span. */
    SCALE;

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static FitPolicy of(String word) {
        for (FitPolicy f : values()) {
            if (f.word().equals(Words.of(word))) {
                return f;
            }
        }
        throw SbenchException.usage("--fit takes error, wrap or scale, found " + SbenchException.quoted(word));
    }
}
