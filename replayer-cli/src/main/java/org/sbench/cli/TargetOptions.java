package org.sbench.cli;

import org.sbench.target.TargetSettings;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The options that guard writes to a target and its queue settings (a mixin of every command that opens a target). */
final class TargetOptions {
    @Option(names = "--allow-write", description = "Allow writes to a block device or an existing file (its data is destroyed).")
    boolean allowWrite;

    @Option(names = "--force", description = "Write even over a partition table or filesystem signature, or over a file that holds a"
            + " trace, a result or text.")
    boolean force;

    @Option(names = "--allow-merges", description = "Keep the kernel's request merging (default: queue/nomerges=2 for the run).")
    boolean allowMerges;

    /** The command this mixin is part of, whose stderr hears the target's notes. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    TargetSettings settings() {
        return TargetSettings.DEFAULTS.withAllowWrite(allowWrite).withForce(force).withAllowMerges(allowMerges)
                .withNotes(line -> SbenchCommand.warn(command.commandLine().getErr(), line));
    }
}
