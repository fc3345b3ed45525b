// The fields blkparse and tracefs block events print alike: device, RWBS flags, sector.
package org.sbench.trace.format.blockevents;

import org.sbench.trace.DeviceNumbers;
import org.sbench.trace.Op;
import org.sbench.trace.input.Fields;

/**
 * Parsers for the fields that blkparse lines and tracefs {@code block_rq_*} events share, all
 * printed by the kernel's (or blkparse's) RWBS and {@code MAJOR,MINOR} conventions.
 *
 * <ul>
 * <li>Device {@code maj,min} becomes the stream number {@code (maj << 20) | min}, the kernel's
 *     internal {@code dev_t} ({@link DeviceNumbers}), which blktrace records carry as is; so one
 *     device has the same stream in all three formats. Majors above 2047 are refused so that the
 *     stream stays a non-negative int.</li>
 * <li>Sector: 512-byte units. The kernel prints an unset sector ({@code (sector_t)-1}, flushes
 *     on older kernels) as {@code 18446744073709551615}; it is returned as -1.</li>
 * <li>RWBS: the op from the letters, whatever their order: {@code D} discard (also secure erase
 *     {@code DE}) is TRIM; {@code W} is WRITE, or FLUSH when it moves no sectors and carries
 *     {@code F} or {@code B} (an empty preflush or barrier write); {@code R} is READ; otherwise
 *     {@code F} (blkparse {@code FN}, kernel {@code F}/{@code FF}) is FLUSH. A write carrying
 *     data and a preflush ({@code FWS 2048 + 8}) or FUA ({@code WFS}) is a WRITE. Anything else
 *     ({@code N}: passthrough, write-zeroes and zone commands on newer kernels) is not an IO
 *     sbench replays: null. Modifier letters ({@code S M A E U}…) are ignored; a character
 *     that is not an upper-case letter is an error.</li>
 * </ul>
 */
public final class BlockEventFields {
    /** Bytes per sector, the unit of every sector and block count in these traces. */
    public static final int SECTOR_BYTES = 512;
    /** The sector key of a request without a start sector, printed as 2^64 - 1. */
    public static final long NO_SECTOR = -1;
    private static final int SECTOR_SHIFT = 9;
    private static final String ALL_ONES_SECTOR = "18446744073709551615";
    /** The largest sector, and sector count, whose bytes a long holds. */
    public static final long MAX_SECTOR = Long.MAX_VALUE >> SECTOR_SHIFT;
    private static final int MAX_DEVICE_PART_DIGITS = 9;
    private static final int MAX_ERROR_DIGITS = 5;
    private static final int U16_MAX = 0xffff;
    public static final int RWBS_READ = 1;
    public static final int RWBS_WRITE = 2;
    public static final int RWBS_DISCARD = 4;
    public static final int RWBS_FLUSH = 8;
    public static final int NOT_RWBS = -1;

    private BlockEventFields() {
    }

    /** True if field {@code i} starts like a device number: a digit, and a comma inside. */
    public static boolean looksLikeDevice(Fields f, int i) {
        int n = f.length(i);
        if (n < 3 || !isDigit(f.charAt(i, 0))) {
            return false;
        }
        for (int p = 1; p < n; p++) {
            if (f.charAt(i, p) == ',') {
                return true;
            }
        }
        return false;
    }

    /** Field {@code i} as {@code maj,min}, returned as {@code (maj << 20) | min}. */
    public static int device(Fields f, int i) {
        int n = f.length(i);
        long major = 0;
        long minor = 0;
        int digits = 0;
        boolean comma = false;
        for (int p = 0; p < n; p++) {
            char c = f.charAt(i, p);
            if (c == ',' && !comma && digits > 0) {
                comma = true;
                digits = 0;
            } else if (isDigit(c) && digits < MAX_DEVICE_PART_DIGITS) {
                digits++;
                if (comma) {
                    minor = minor * 10 + (c - '0');
                } else {
                    major = major * 10 + (c - '0');
                }
            } else {
                throw f.error(i, "a device as MAJOR,MINOR");
            }
        }
        if (!comma || digits == 0) {
            throw f.error(i, "a device as MAJOR,MINOR");
        }
        if (major > DeviceNumbers.MAX_MAJOR || minor > DeviceNumbers.MAX_MINOR) {
            throw f.error(i, "a device with major below 2048 and minor below 2^20");
        }
        return DeviceNumbers.of(major, minor);
    }

    /** Field {@code i} as a sector number; {@link #NO_SECTOR} for {@code 18446744073709551615}. */
    public static long sector(Fields f, int i) {
        if (f.length(i) == ALL_ONES_SECTOR.length() && f.equalsIgnoreCase(i, ALL_ONES_SECTOR)) {
            return NO_SECTOR;
        }
        return f.unsignedAt(i, "a sector number");
    }

    /**
     * Field {@code i} as RWBS flags, with {@code sectors} the request's size; null when the
     * request is not a read, write, discard or flush, or is a read or write of no sectors that
     * asks for no flush (it moves no data: a request of another kind, as blktrace's own records
     * make it).
     */
    public static Op op(Fields f, int i, long sectors) {
        int letters = 0;
        int n = f.length(i);
        for (int p = 0; p < n; p++) {
            int letter = rwbsLetter(f.charAt(i, p));
            if (letter == NOT_RWBS) {
                throw f.error(i, "RWBS flags (letters such as R, W, D, F, N, S, M, A)");
            }
            letters |= letter;
        }
        return op(letters, sectors);
    }

    /**
     * What RWBS letter {@code c} says: {@link #RWBS_READ}, {@link #RWBS_WRITE}, {@link #RWBS_DISCARD},
     * {@link #RWBS_FLUSH}, 0 for a modifier, {@link #NOT_RWBS} for a character that is not an
     * upper-case letter; the letters of a request or'ed together give its op ({@link #op(int, long)}).
     */
    public static int rwbsLetter(char c) {
        switch (c) {
            case 'R': return RWBS_READ;
            case 'W': return RWBS_WRITE;
            case 'D': return RWBS_DISCARD;
            case 'F':
            case 'B': return RWBS_FLUSH;
            default: return c < 'A' || c > 'Z' ? NOT_RWBS : 0;
        }
    }

    /** The op of a request of {@code sectors} whose RWBS letters or'ed give {@code letters}, as {@link #op(Fields, int, long)}. */
    public static Op op(int letters, long sectors) {
        if ((letters & RWBS_DISCARD) != 0) {
            return Op.TRIM;
        }
        boolean flush = (letters & RWBS_FLUSH) != 0;
        if (sectors == 0) {
            return flush ? Op.FLUSH : null;
        }
        if ((letters & RWBS_WRITE) != 0) {
            return Op.WRITE;
        }
        if ((letters & RWBS_READ) != 0) {
            return Op.READ;
        }
        return flush ? Op.FLUSH : null;
    }

    /**
     * The errno of the error code in field {@code i} when it is one ({@code [0]}, {@code [-5]};
     * blkparse may print the kernel's 16-bit field unsigned, {@code [65531]}), as a positive
     * number; 0 for success, and when field {@code i} is not bracketed (a line without the code).
     */
    public static int errno(Fields f, int i) {
        int n = f.length(i);
        if (n < 2 || f.charAt(i, 0) != '[' || f.charAt(i, n - 1) != ']') {
            return 0;
        }
        boolean negative = f.charAt(i, 1) == '-';
        int from = negative ? 2 : 1;
        int value = 0;
        for (int p = from; p < n - 1; p++) {
            char c = f.charAt(i, p);
            if (!isDigit(c) || p - from >= MAX_ERROR_DIGITS) {
                throw f.error(i, "an error code such as [0] or [-5]");
            }
            value = value * 10 + (c - '0');
        }
        if (from == n - 1 || value > U16_MAX) {
            throw f.error(i, "an error code such as [0] or [-5]");
        }
        if (!negative && value > Short.MAX_VALUE && value <= U16_MAX) {
            value = U16_MAX + 1 - value;
        }
        return value;
    }

    /** The byte offset of {@code sector} for {@code op} (0 for a flush); field {@code i} names it in errors. */
    public static long offsetBytes(Fields f, int i, Op op, long sector) {
        if (op == Op.FLUSH) {
            return 0;
        }
        if (sector < 0 || sector > MAX_SECTOR) {
            throw f.error(i, "a sector below 2^54");
        }
        return sector << SECTOR_SHIFT;
    }

    /** The byte length of {@code sectors} for {@code op} (0 for a flush); field {@code i} names it in errors. */
    public static long lengthBytes(Fields f, int i, Op op, long sectors) {
        return op == Op.FLUSH ? 0 : spanBytes(f, i, sectors);
    }

    /** The bytes {@code sectors} span; field {@code i} names it in errors. */
    public static long spanBytes(Fields f, int i, long sectors) {
        if (sectors > MAX_SECTOR) {
            throw f.error(i, "a sector count below 2^54");
        }
        return sectors << SECTOR_SHIFT;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
