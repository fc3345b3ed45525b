package org.sbench.target;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.sbench.SbenchException;

/**
 * The mounts this process sees, from {@code /proc/self/mountinfo} (proc(5)): unlike
 * {@code /proc/mounts} it gives each mount's device number, so a device is matched however its
 * node was named when it was mounted. Mounts in other mount namespaces are not listed; the
 * exclusive open of a device for writing catches those (the kernel answers EBUSY).
 */
final class MountTable {
    private static final int MAJOR_MINOR_FIELD = 2;
    private static final int MOUNT_POINT_FIELD = 4;
    /** Optional fields end at a lone "-", followed by filesystem type and source. */
    private static final String SEPARATOR = "-";
    private static final int OCTAL_ESCAPE_DIGITS = 3;
    private static final int OCTAL = 8;

    /** One mount: device number, where it is mounted, filesystem type, source (e.g. /dev/sdb1). */
    record Mount(String majorMinor, String mountPoint, String fsType, String source) {
    }

    private final List<Mount> mounts;

    private MountTable(List<Mount> mounts) {
        this.mounts = mounts;
    }

    /** Reads {@code PROC/self/mountinfo}. */
    static MountTable read(Path procRoot) {
        Path file = procRoot.resolve("self/mountinfo");
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw SbenchException.ioFailure("read", file, e);
        }
        List<Mount> mounts = new ArrayList<>();
        for (String line : lines) {
            String[] f = line.split(" ");
            int sep = MOUNT_POINT_FIELD + 1;
            while (sep < f.length && !f[sep].equals(SEPARATOR)) {
                sep++;
            }
            if (sep + 2 >= f.length) {
                continue; // not a mountinfo line; the kernel never writes one
            }
            mounts.add(new Mount(f[MAJOR_MINOR_FIELD], unescape(f[MOUNT_POINT_FIELD]), f[sep + 1], unescape(f[sep + 2])));
        }
        return new MountTable(mounts);
    }

    List<Mount> mounts() {
        return mounts;
    }

    /**
     * The mount holding {@code realPath} (an absolute path with symlinks resolved): the one with the
     * longest mount point that is a prefix of it, the later one where a mount point was mounted over.
     */
    Optional<Mount> mountOf(Path realPath) {
        Mount best = null;
        int bestLength = -1;
        for (Mount m : mounts) {
            Path point = Path.of(m.mountPoint());
            if (realPath.startsWith(point) && point.getNameCount() >= bestLength) {
                best = m;
                bestLength = point.getNameCount();
            }
        }
        return Optional.ofNullable(best);
    }

    /** Undoes the kernel's octal escapes of space, tab, newline and backslash (\040 etc.). */
    static String unescape(String field) {
        if (field.indexOf('\\') < 0) {
            return field;
        }
        StringBuilder b = new StringBuilder(field.length());
        for (int i = 0; i < field.length(); i++) {
            char c = field.charAt(i);
            if (c == '\\' && i + OCTAL_ESCAPE_DIGITS < field.length() && isOctal(field, i + 1)) {
                b.append((char) Integer.parseInt(field.substring(i + 1, i + 1 + OCTAL_ESCAPE_DIGITS), OCTAL));
                i += OCTAL_ESCAPE_DIGITS;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static boolean isOctal(String s, int from) {
        for (int i = from; i < from + OCTAL_ESCAPE_DIGITS; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '7') {
                return false;
            }
        }
        return true;
    }
}
