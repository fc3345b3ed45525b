package org.sbench.cli;

import java.util.Locale;
import org.sbench.replay.ReplayMode;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code --max-idle}: a duration ({@link DurationConverter}; {@code 0} removes idle), or {@code none}: idle kept in full. */
final class IdleCapConverter implements ITypeConverter<Long> {
    static final String NONE = "none";

    @Override
    public Long convert(String value) {
        if (value.strip().toLowerCase(Locale.ROOT).equals(NONE)) {
            return ReplayMode.RecordedQd.NO_IDLE_CAP;
        }
        try {
            return new DurationConverter().convert(value);
        } catch (TypeConversionException e) {
            throw new TypeConversionException(e.getMessage() + ", or none to keep idle in full");
        }
    }
}
