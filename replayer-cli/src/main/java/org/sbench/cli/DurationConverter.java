package org.sbench.cli;

import org.sbench.SbenchException;
import org.sbench.step.OptionWords;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Durations as the CLI writes them everywhere: a number with a unit, {@code 500us}, {@code 25ms},
 * {@code 8s}, {@code 5m}, {@code 1h} (also {@code ns}); a bare {@code 0} is allowed. Converts to ns
 * as scenario files do ({@link OptionWords}).
 */
final class DurationConverter implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        try {
            return OptionWords.durationNs(null, value);
        } catch (SbenchException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
