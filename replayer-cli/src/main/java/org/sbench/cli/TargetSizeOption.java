package org.sbench.cli;

import org.sbench.target.TargetSettings;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code --size} of the commands whose target may be a file they create or the null target: {@code run} and the step commands. */
final class TargetSizeOption {
    @Option(names = "--size", paramLabel = "SIZE", converter = SizeConverter.class,
            description = "File target: create it at SIZE, or grow an existing one to SIZE; null target: its capacity.")
    Long size;

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    TargetSettings applyTo(TargetSettings settings) {
        return size == null ? settings : settings.withSizeBytes(size, TypedWords.of(spec, "--size"));
    }
}
