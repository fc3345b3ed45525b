// /dev, where sbench makes no files: a path there that is no device is a device name mistyped.
package org.sbench.trace.input;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Paths under {@code /dev}. It is a tmpfs of device nodes held in RAM: a file sbench made there
 * (a target, an output, a directory for outputs) would fill memory and, worse, stand where a
 * device was meant ({@code /dev/nvme9n1}, {@code /dev/stdot}). {@code /dev/shm}, a tmpfs meant for
 * files, is the one place under it where files may be.
 */
public final class DevDirectory {
    private static final Path DEV = Path.of("/dev");
    private static final Path DEV_SHM = Path.of("/dev/shm");

    private DevDirectory() {
    }

    /**
     * True for a path under /dev as given, or once the symlinks of its existing part are resolved,
     * except under /dev/shm.
     */
    public static boolean contains(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path existing = absolute;
        while (existing.getParent() != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
            existing = existing.getParent();
        }
        Path resolved;
        try {
            resolved = existing.toRealPath().resolve(existing.relativize(absolute));
        } catch (IOException e) {
            resolved = absolute; // a dangling link: its name is all there is to go by
        }
        return underDev(absolute) || underDev(resolved);
    }

    private static boolean underDev(Path p) {
        return p.startsWith(DEV) && !p.startsWith(DEV_SHM);
    }
}
