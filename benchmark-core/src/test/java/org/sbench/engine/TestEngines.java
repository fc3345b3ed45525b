package org.sbench.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Engine openers, and what the kernel offers them, for tests outside this package. */
public final class TestEngines {
    private TestEngines() {
    }

    /**
     * Opens engines as {@link IoEngines#open} does, except that io_uring runs every TRIM in commit,
     * as on a kernel without queued discards.
     */
    public static IoEngines.Opener withoutQueuedDiscards() {
        return (name, target, depth, maxIoBytes, clock) -> name.equals(IoUringEngine.NAME)
                ? new IoEngines.Opened(new IoUringEngine(target, depth, maxIoBytes, 0, clock, false), "")
                : IoEngines.open(name, target, depth, maxIoBytes, clock);
    }

    /** True when this kernel's block devices take io_uring discard commands (Linux 6.12+). */
    public static boolean kernelQueuesDiscards() {
        try {
            String[] v = Files.readString(Path.of("/proc/sys/kernel/osrelease")).trim().split("[.-]");
            int major = Integer.parseInt(v[0]);
            return major > 6 || (major == 6 && Integer.parseInt(v[1]) >= 12);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
