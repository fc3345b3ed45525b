// What a result says of its target, in words for readers: kinds and the sysfs and mount details.
package org.sbench.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.sbench.target.BlockDeviceTarget;
import org.sbench.target.FileTarget;
import org.sbench.target.NullTarget;
import org.sbench.target.StripedTarget;

/**
 * The words reports use for a target's kind and for the keys of its {@code device} map (which are
 * named for programs: {@code mountPoint}, {@code nrRequests}), with the sysfs or kernel name in
 * parentheses where a reader may want to look it up, and values explained where they are codes
 * (rotational 0, nomerges 2, wbt_lat_usec 0). A key this class does not know is split into words.
 */
public final class TargetWords {
    private static final Map<String, String> LABELS = labels();

    private TargetWords() {
    }

    private static Map<String, String> labels() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(BlockDeviceTarget.KEY_DEVICE, "device");
        m.put(BlockDeviceTarget.KEY_PARTITION_OF, "partition of");
        m.put(BlockDeviceTarget.KEY_MODEL, "model");
        m.put(BlockDeviceTarget.KEY_VENDOR, "vendor");
        m.put(BlockDeviceTarget.KEY_SERIAL, "serial number");
        m.put(BlockDeviceTarget.KEY_FIRMWARE, "firmware");
        m.put(BlockDeviceTarget.KEY_WWID, "world wide id (wwid)");
        m.put(BlockDeviceTarget.KEY_ROTATIONAL, "rotational");
        m.put(BlockDeviceTarget.KEY_SCHEDULER, "IO scheduler");
        m.put(BlockDeviceTarget.KEY_NR_REQUESTS, "request queue size (nr_requests)");
        m.put(BlockDeviceTarget.KEY_MAX_SECTORS_KB, "largest request (max_sectors_kb)");
        m.put(BlockDeviceTarget.KEY_TAKES_IOS_WHOLE, "IOs cut by length");
        m.put(BlockDeviceTarget.KEY_MAX_SEGMENTS, "segments per request (max_segments)");
        m.put(BlockDeviceTarget.KEY_MAX_SEGMENT_SIZE, "largest segment (max_segment_size)");
        m.put(BlockDeviceTarget.KEY_CHUNK_SECTORS, "requests end at multiples of, in 512-byte sectors (chunk_sectors)");
        m.put(BlockDeviceTarget.KEY_NOMERGES, "request merging during the run (nomerges)");
        m.put(BlockDeviceTarget.KEY_NOMERGES_BEFORE, "request merging before the run (nomerges)");
        m.put(BlockDeviceTarget.KEY_WBT_LAT_USEC, "writeback throttling during the run (wbt_lat_usec)");
        m.put(BlockDeviceTarget.KEY_WBT_LAT_USEC_BEFORE, "writeback throttling before the run (wbt_lat_usec)");
        m.put(BlockDeviceTarget.KEY_LOGICAL_BLOCK_SIZE, "logical block size");
        m.put(BlockDeviceTarget.KEY_PHYSICAL_BLOCK_SIZE, "physical block size");
        m.put(BlockDeviceTarget.KEY_WRITE_CACHE, "volatile write cache (write_cache)");
        m.put(FileTarget.KEY_FILESYSTEM, "filesystem");
        m.put(FileTarget.KEY_MOUNT_POINT, "filesystem mounted at");
        m.put(FileTarget.KEY_MOUNT_SOURCE, "filesystem on");
        m.put(FileTarget.KEY_ALLOCATION, "file allocated by");
        m.put(FileTarget.KEY_NODATACOW, "btrfs nodatacow (chattr +C)");
        m.put(StripedTarget.KEY_STRIPE, "stripe");
        m.put(StripedTarget.KEY_CHUNK_BYTES, "chunk (bytes)");
        m.put(StripedTarget.KEY_MEMBERS, "members");
        m.put(StripedTarget.KEY_MEMBER_BYTES, "bytes used on each member");
        return Map.copyOf(m);
    }

    /** "block device", "file", "null target (no device)", "RAID 0 stripe", or the kind itself. */
    public static String kind(String kind) {
        if (kind == null) {
            return "unknown";
        }
        switch (kind) {
            case BlockDeviceTarget.KIND: return "block device";
            case FileTarget.KIND: return "file";
            case NullTarget.NAME: return "null target (no device)";
            case StripedTarget.KIND: return "RAID 0 stripe";
            default: return kind;
        }
    }

    /** The device map as (label, value) rows in its own order, labels and codes in words. */
    public static List<String[]> rows(Map<String, String> device) {
        List<String[]> rows = new ArrayList<>();
        if (device == null) {
            return rows;
        }
        for (Map.Entry<String, String> e : device.entrySet()) {
            rows.add(new String[] {label(e.getKey()), value(e.getKey(), e.getValue())});
        }
        return rows;
    }

    static String label(String key) {
        String known = LABELS.get(key);
        return known != null ? known : key.replaceAll("([a-z0-9])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
    }

    private static String value(String key, String value) {
        if (value == null) {
            return "";
        }
        switch (key) {
            case BlockDeviceTarget.KEY_ROTATIONAL:
                return "0".equals(value) ? "no (0: solid state)" : "1".equals(value) ? "yes (1: spinning disk)" : value;
            case BlockDeviceTarget.KEY_NOMERGES:
            case BlockDeviceTarget.KEY_NOMERGES_BEFORE:
                return nomerges(value);
            case BlockDeviceTarget.KEY_MAX_SECTORS_KB:
                return value + " KiB";
            case BlockDeviceTarget.KEY_TAKES_IOS_WHOLE:
                return "true".equals(value) ? "none: the driver takes each IO whole, whatever its length (max_sectors_kb and max_segments"
                        + " are not applied)" : value;
            case BlockDeviceTarget.KEY_WRITE_CACHE:
                return "write through".equals(value) ? "write through: no cache to flush, the kernel sends the device no flush"
                        : "write back".equals(value) ? "write back: flushes reach the device" : value;
            case FileTarget.KEY_NODATACOW:
                return "true".equals(value) ? "yes: written in place, directly"
                        : "false".equals(value) ? "no: copy-on-write, written through the page cache (btrfs's results, not the drive's)" : value;
            case BlockDeviceTarget.KEY_WBT_LAT_USEC:
            case BlockDeviceTarget.KEY_WBT_LAT_USEC_BEFORE:
                return "0".equals(value) ? "off (0)" : value + " \u00b5s";
            case BlockDeviceTarget.KEY_MAX_SEGMENT_SIZE:
            case BlockDeviceTarget.KEY_LOGICAL_BLOCK_SIZE:
            case BlockDeviceTarget.KEY_PHYSICAL_BLOCK_SIZE:
                return value + " bytes";
            default:
                return value;
        }
    }

    /** The kernel's queue/nomerges values (Documentation/ABI/stable/sysfs-block). */
    private static String nomerges(String value) {
        switch (value) {
            case "0": return "all merges (0)";
            case "1": return "simple one-hit merges only (1)";
            case "2": return "no merges (2)";
            default: return value;
        }
    }
}
