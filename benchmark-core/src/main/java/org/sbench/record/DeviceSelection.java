// The devices of one recording: resolved through sysfs, checked, turned into event filters and streams.
package org.sbench.record;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.target.SysfsBlockDevice;
import org.sbench.trace.IoRecord;
import org.sbench.trace.format.blockevents.BlockEventFields;

/**
 * The {@code --device}s of a recording: each a whole disk or a partition ({@link RecordedDevice}),
 * in the order given (their stream numbers). Builds the tracefs filters that keep only their
 * requests, and routes each recorded request to its stream. Immutable.
 */
public final class DeviceSelection {
    private final List<RecordedDevice> devices;

    DeviceSelection(List<RecordedDevice> devices) {
        this.devices = List.copyOf(devices);
    }

    /**
     * Resolves device paths through {@code sysRoot} ({@code /sys}).
     *
     * @throws SbenchException a usage error for a path that is not a block device (naming those there
     *         are), a bio-based device (no request events: naming the disks under it), a disk of 0
     *         bytes, a device given twice, or a partition given with its own disk
     */
    public static DeviceSelection resolve(List<String> paths, Path sysRoot) {
        List<RecordedDevice> devices = new ArrayList<>();
        for (String p : paths) {
            Path path = Path.of(p);
            if (!Files.exists(path)) {
                throw SbenchException.usage("--device " + p + ": no such device; " + SysfsBlockDevice.listing(sysRoot));
            }
            if (!SysfsBlockDevice.isBlockDevice(path)) {
                throw SbenchException.usage("--device " + p + " is not a block device; expected a disk or partition; "
                        + SysfsBlockDevice.listing(sysRoot));
            }
            SysfsBlockDevice device = SysfsBlockDevice.ofDeviceNode(path, sysRoot);
            SysfsBlockDevice disk = device.disk();
            if (!disk.requestBased()) {
                throw SbenchException.usage("--device " + p + " is " + disk.name() + ", a device that passes IO on without block"
                        + " requests (device-mapper, md, zram): the kernel raises no request events for it, so nothing would be"
                        + " recorded; " + (disk.slaves().isEmpty() ? "it has no disks under it to record"
                        : "record the disks under it: /dev/" + String.join(", /dev/", disk.slaves())));
            }
            long diskBytes = disk.sizeBytes();
            if (diskBytes == 0) {
                // It takes no IO; a file attached or media inserted later is another disk (a new diskseq), which ends a recording.
                throw SbenchException.usage("--device " + p + " is " + disk.name() + ", which holds nothing (0 bytes: a loop device"
                        + " with no file attached, or a drive without media); " + SysfsBlockDevice.listing(sysRoot));
            }
            long start = 0;
            long end = diskBytes;
            if (device.isPartition()) {
                start = sectors(device, "start") * BlockEventFields.SECTOR_BYTES;
                end = start + device.sizeBytes();
            }
            RecordedDevice d = new RecordedDevice(devices.size(), p, device.name(), disk.name(),
                    RecordedDevice.kernelDev(disk.majorMinor()), disk.majorMinor(), device.isPartition(), start, end, diskBytes);
            for (RecordedDevice other : devices) {
                if (other.name().equals(d.name())) {
                    throw SbenchException.usage("--device " + p + " names " + d.name() + ", given already as " + other.path());
                }
                if (other.diskName().equals(d.diskName()) && (!other.partition() || !d.partition())) {
                    RecordedDevice part = d.partition() ? d : other;
                    throw SbenchException.usage("--device " + part.path() + " is part of /dev/" + part.diskName()
                            + ", given too; record the disk or its partitions, not both");
                }
            }
            devices.add(d);
        }
        return new DeviceSelection(devices);
    }

    private static long sectors(SysfsBlockDevice device, String attribute) {
        String text = device.attribute(attribute).orElseThrow(() -> new SbenchException(ErrorKind.SYSTEM_FAILURE,
                "cannot read " + attribute + " of partition " + device.name() + " in sysfs"));
        return Long.parseLong(text);
    }

    public List<RecordedDevice> devices() {
        return devices;
    }

    /** True when the trace needs the stream field (several devices). */
    public boolean multiStream() {
        return devices.size() > 1;
    }

    /** The sysfs names of the whole disks whose events are read. */
    public Set<String> diskNames() {
        Set<String> names = new LinkedHashSet<>();
        for (RecordedDevice d : devices) {
            names.add(d.diskName());
        }
        return names;
    }

    /**
     * The filter for {@code block_rq_complete} and {@code block_rq_requeue}: the devices' requests.
     */
    String completeFilter() {
        StringBuilder b = new StringBuilder();
        for (RecordedDevice d : devices) {
            b.append(b.length() == 0 ? "" : " || ").append(d.filter());
        }
        return b.toString();
    }

    /**
     * The filter for {@code block_rq_issue}: the devices' requests, and, when {@code excludedTid}
     * is not 0, not those issued by that thread (the recorder's own writer).
     */
    String issueFilter(int excludedTid) {
        String devicesOnly = completeFilter();
        if (excludedTid == 0) {
            return devicesOnly;
        }
        return (devices.size() > 1 ? "(" + devicesOnly + ")" : devicesOnly) + " && common_pid != " + excludedTid;
    }

    /**
     * The stream of a recorded request ({@code record.stream} holds the disk's dev as the events
     * carry it), or -1 if it belongs to no recorded device. A flush has no sectors: it goes to the
     * first recorded device of its disk.
     */
    int streamOf(IoRecord record) {
        for (RecordedDevice d : devices) {
            if (d.diskDev() == record.stream && (!d.partition() || record.lengthBytes == 0 || d.holds(record.offsetBytes))) {
                return d.stream();
            }
        }
        return -1;
    }
}
