package org.sbench.cli;

import org.sbench.trace.units.Sizes;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Sizes as the CLI writes them: bytes, or a number with a binary suffix as fio reads them:
 * {@code K}, {@code M}, {@code G}, {@code T} (powers of 1024; {@code KiB}, {@code MiB} ... too), as
 * {@link Sizes} reads them for every command line.
 */
final class SizeConverter implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        try {
            return Sizes.parseBytes(value);
        } catch (IllegalArgumentException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
