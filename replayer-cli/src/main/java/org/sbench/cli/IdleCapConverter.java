package org.sbench.cli;

import org.sbench.replay.ReplayMode;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** {@code --max-idle}: a duration ({@code 0} removes idle), or {@code none}: idle kept in full ({@link ReplayMode.RecordedQd#idleCapNs}). */
final class IdleCapConverter implements ITypeConverter<Long> {
    static final String NONE = ReplayMode.RecordedQd.NO_IDLE_CAP_WORD;

    @Override
    public Long convert(String value) {
        try {
            return ReplayMode.RecordedQd.idleCapNs(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
