// Linux device numbers as block traces carry them in their stream field, and as people write them.
package org.sbench.trace;

/**
 * The kernel's internal device number ({@code dev_t}): {@code (major << 20) | minor}, which
 * blktrace records carry as is and the blkparse, tracefs and FIU readers make of a
 * {@code MAJOR,MINOR} pair, so that one device has one stream number in every format. Shown and
 * typed as {@code MAJOR:MINOR} ({@code 8:16}), as {@code lsblk} and sysfs write it. Majors stay
 * below 2048 so that the number is a non-negative int.
 */
public final class DeviceNumbers {
    public static final int MINOR_BITS = 20;
    public static final long MAX_MINOR = (1L << MINOR_BITS) - 1;
    public static final long MAX_MAJOR = (1L << (Integer.SIZE - 1 - MINOR_BITS)) - 1;
    private static final int NOT_A_DEVICE = -1;
    private static final int MAX_PART_DIGITS = 9;

    private DeviceNumbers() {
    }

    /** {@code (major << 20) | minor}; the caller has checked the bounds. */
    public static int of(long major, long minor) {
        return (int) (major << MINOR_BITS | minor);
    }

    /** {@code MAJOR:MINOR} of a device number. */
    public static String name(int dev) {
        return (dev >>> MINOR_BITS) + ":" + (dev & MAX_MINOR);
    }

    /** The device number of {@code MAJOR:MINOR} within the bounds, or -1 when {@code text} is not that. */
    public static int parse(String text) {
        int colon = text.indexOf(':');
        if (colon < 1 || colon > MAX_PART_DIGITS || text.length() - colon - 1 < 1 || text.length() - colon - 1 > MAX_PART_DIGITS) {
            return NOT_A_DEVICE;
        }
        long major = digits(text, 0, colon);
        long minor = digits(text, colon + 1, text.length());
        return major < 0 || minor < 0 || major > MAX_MAJOR || minor > MAX_MINOR ? NOT_A_DEVICE : of(major, minor);
    }

    private static long digits(String s, int from, int to) {
        long v = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return NOT_A_DEVICE;
            }
            v = v * 10 + (c - '0');
        }
        return v;
    }
}
