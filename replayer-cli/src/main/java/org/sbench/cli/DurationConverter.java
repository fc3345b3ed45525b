package org.sbench.cli;

import org.sbench.trace.units.Durations;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Durations as the CLI writes them everywhere: a number with a unit, {@code 500us}, {@code 25ms},
 * {@code 8s}, {@code 5m}, {@code 1h} (also {@code ns}); a bare {@code 0} is allowed. Converts to ns
 * ({@link Durations}, shared with the other command lines).
 */
final class DurationConverter implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        try {
            return Durations.parseNs(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
