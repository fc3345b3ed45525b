// A refusal that lists the machine's block devices, checked against a listing that held still while it was made.
package org.sbench.target;

import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Runs something whose message lists the block devices there are ({@link SysfsBlockDevice#listing}) until the listing
 * was the same before and after it. A test's listing and the command's are taken at two moments, and a loop device
 * attached or detached between them makes them differ: another process's, or an earlier test's, whose
 * {@code losetup -d} leaves the device until udev lets it go (later on a loaded machine).
 */
public final class SteadyListing {
    private static final Path SYS = Path.of("/sys");
    /** Runs before the devices are taken as changing without end: the last run's result is then compared as it is. */
    private static final int ATTEMPTS = 20;

    /** What {@code action} gave, and the listing before it, the same after it (but on the last attempt). */
    public record Taken<T>(String listing, T result) {
    }

    private SteadyListing() {
    }

    public static <T> Taken<T> around(Supplier<T> action) {
        for (int attempt = 1; ; attempt++) {
            String before = SysfsBlockDevice.listing(SYS);
            T result = action.get();
            if (before.equals(SysfsBlockDevice.listing(SYS)) || attempt == ATTEMPTS) {
                return new Taken<>(before, result);
            }
        }
    }
}
