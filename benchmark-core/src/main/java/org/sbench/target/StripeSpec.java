// The one-argument spelling of a striped target: stripe:CHUNK:MEMBER,MEMBER[,...].
package org.sbench.target;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sbench.SbenchException;

/**
 * A striped target as a user names it, in one argument that shells and scenario files carry as
 * it is: {@code stripe:CHUNK:MEMBER,MEMBER[,...]}, e.g. {@code stripe:64K:/dev/nvme0n1,/dev/nvme1n1}.
 * CHUNK is bytes, or a number with {@code K}, {@code M} or {@code G} (powers of 1024; {@code KiB}
 * ... too), a power of two of at least 4 KiB. Members are block devices or files, in stripe order
 * (chunk 0 on the first); a path holding a comma is named through a symlink. One member is
 * accepted: the control case, the device itself with a stripe's accounting.
 */
public record StripeSpec(long chunkBytes, List<String> members) {
    public static final String PREFIX = "stripe:";
    private static final String EXPECTED = "expected stripe:CHUNK:DEV,DEV[,...], e.g. stripe:64K:/dev/nvme0n1,/dev/nvme1n1";
    private static final Pattern SIZE = Pattern.compile("([0-9]{1,15})(?:([kmg])(?:i?b)?|b)?");
    private static final String UNITS = "kmg";
    private static final int BITS_PER_UNIT = 10;
    private static final long KIB = 1L << BITS_PER_UNIT;
    private static final String[] BINARY_UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};

    public StripeSpec {
        members = List.copyOf(members);
    }

    /** True when {@code target} names a stripe (and {@link #parse} must read it). */
    public static boolean names(String target) {
        return target.startsWith(PREFIX);
    }

    /**
     * Reads {@code target}, which {@link #names} a stripe.
     *
     * @throws SbenchException a usage error naming what is wrong and the expected spelling
     */
    public static StripeSpec parse(String target) {
        String rest = target.substring(PREFIX.length());
        int colon = rest.indexOf(':');
        if (colon < 0) {
            throw SbenchException.usage("--target " + target + ": no chunk size and members; " + EXPECTED);
        }
        long chunk = chunkBytes(target, rest.substring(0, colon));
        List<String> members = new ArrayList<>();
        for (String m : rest.substring(colon + 1).split(",", -1)) {
            if (m.isEmpty()) {
                throw SbenchException.usage("--target " + target + ": an empty member name; " + EXPECTED);
            }
            if (m.equals(NullTarget.NAME) || names(m)) {
                throw SbenchException.usage("--target " + target + ": member '" + m
                        + "' cannot be striped; members are block devices or files");
            }
            members.add(m);
        }
        return new StripeSpec(chunk, members);
    }

    private static long chunkBytes(String target, String text) {
        Matcher m = SIZE.matcher(text.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw SbenchException.usage("--target " + target + ": chunk size '" + text
                    + "' is not a size; write bytes or a number with K, M or G (powers of 1024); " + EXPECTED);
        }
        long value = Long.parseLong(m.group(1));
        int shift = m.group(2) == null ? 0 : BITS_PER_UNIT * (UNITS.indexOf(m.group(2)) + 1);
        if (Long.numberOfLeadingZeros(value) <= shift) {
            throw SbenchException.usage("--target " + target + ": chunk size " + text + " is 8 EiB or more; chunks are powers of two"
                    + " of at least 4K (4K, 8K, ... 64K, ... 1M)");
        }
        long bytes = value << shift;
        if (bytes < StripeLayout.MIN_CHUNK_BYTES || Long.bitCount(bytes) != 1) {
            throw SbenchException.usage("--target " + target + ": chunk size " + text + " is not a power of two of at least 4K"
                    + " (4K, 8K, ... 64K, ... 1M)");
        }
        return bytes;
    }

    /** The chunk as people write it: {@code 64 KiB}, {@code 1 MiB}, {@code 4096 B}. */
    public static String chunkText(long chunkBytes) {
        long value = chunkBytes;
        int unit = 0;
        while (unit < BINARY_UNITS.length - 1 && value >= KIB && value % KIB == 0) {
            value /= KIB;
            unit++;
        }
        return value + " " + BINARY_UNITS[unit];
    }
}
