package org.sbench.cli;

import org.sbench.SbenchException;
import org.sbench.step.OptionWords;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Sizes as the CLI writes them: bytes, or a number with a binary suffix as fio reads them:
 * {@code K}, {@code M}, {@code G}, {@code T} (powers of 1024; {@code KiB}, {@code MiB} ... too), as
 * scenario files do ({@link OptionWords}).
 */
final class SizeConverter implements ITypeConverter<Long> {
    @Override
    public Long convert(String value) {
        try {
            return OptionWords.sizeBytes(null, value);
        } catch (SbenchException e) {
            throw new TypeConversionException(e.getMessage());
        }
    }
}
