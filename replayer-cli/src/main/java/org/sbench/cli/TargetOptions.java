package org.sbench.cli;

import org.sbench.target.TargetSettings;
import picocli.CommandLine.Option;

/** The options that guard writes to a target, its queue settings and the IO engine (a mixin of replay and cdm). */
final class TargetOptions {
    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "auto",
            description = "auto (io_uring, else libaio, else sync), io_uring, libaio or sync.")
    String engine;

    @Option(names = "--allow-write", description = "Allow writes to a block device or an existing file (its data is destroyed).")
    boolean allowWrite;

    @Option(names = "--force", description = "Write even over a partition table or filesystem signature.")
    boolean force;

    @Option(names = "--allow-merges", description = "Keep the kernel's request merging (default: queue/nomerges=2 for the run).")
    boolean allowMerges;

    TargetSettings settings() {
        return TargetSettings.DEFAULTS.withAllowWrite(allowWrite).withForce(force).withAllowMerges(allowMerges);
    }
}
