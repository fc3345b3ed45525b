// What makes two paths the same file: the device and inode numbers, as stat(2) gives them.
package org.sbench.target;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

/**
 * A file's identity, {@code st_dev} and {@code st_ino}: equal for every path that reaches the file
 * (symlinks, hard links, bind mounts), unlike the path text. {@code MAJOR:MINOR} of the device is
 * what /proc/locks prints. Immutable.
 */
record FileKey(long device, long inode) {

    /** The key of the file {@code path} names (symlinks followed), or empty when it cannot be stat'ed. */
    static Optional<FileKey> of(Path path) {
        try {
            Map<String, Object> stat = Files.readAttributes(path, "unix:dev,ino");
            return Optional.of(new FileKey((Long) stat.get("dev"), (Long) stat.get("ino")));
        } catch (IOException | UnsupportedOperationException e) {
            return Optional.empty();
        }
    }

    /**
     * The key of the open descriptor {@code fd} of {@code file}, through {@code procRoot/self/fd}.
     *
     * @throws SbenchException a system failure when it cannot be stat'ed
     */
    static FileKey ofOpen(int fd, Path file, Path procRoot) {
        return of(procRoot.resolve("self/fd/" + fd)).orElseThrow(() ->
                new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot stat the open descriptor of " + file));
    }

    /** {@code MAJOR:MINOR} of the filesystem's device, decimal. */
    String majorMinor() {
        return SysfsBlockDevice.decode(device);
    }
}
