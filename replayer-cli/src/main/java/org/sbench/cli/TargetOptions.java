package org.sbench.cli;

import org.sbench.target.TargetSettings;
import picocli.CommandLine.Option;

/** The options that guard writes to a target and its queue settings (a mixin of every command that opens a target). */
final class TargetOptions {
    @Option(names = "--allow-write", description = "Allow writes to a block device or an existing file (its data is destroyed).")
    boolean allowWrite;

    @Option(names = "--force", description = "Write even over a partition table or filesystem signature, or over a file that holds a"
            + " trace, a result or text.")
    boolean force;

    @Option(names = "--allow-merges", description = "Keep the kernel's request merging (default: queue/nomerges=2 for the run).")
    boolean allowMerges;

    TargetSettings settings() {
        return TargetSettings.DEFAULTS.withAllowWrite(allowWrite).withForce(force).withAllowMerges(allowMerges);
    }
}
