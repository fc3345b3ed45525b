package org.sbench.record;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.sbench.trace.Op;

/**
 * Test fixture: the bios that enter the block layer for some devices ({@code block_bio_queue}, in a
 * private tracefs instance), in the order they entered, each with the task that submitted it: an
 * IO that io_uring handed to a kernel worker shows up from {@code iou-wrk-PID}, after the IOs
 * submitted behind it. {@link #finish} stops the capture and reads it; {@link #close} removes the
 * instance whatever happened.
 */
public final class BioQueueCapture implements AutoCloseable {
    private static final String EVENT = "block/block_bio_queue";
    private static final int SECTOR_BYTES = 512;
    /** {@code TASK-PID [CPU] FLAGS TIME: block_bio_queue: MAJ,MIN RWBS SECTOR + SECTORS [COMM]}. */
    private static final Pattern LINE = Pattern.compile("^\\s*(.+?)-\\d+\\s+\\[\\d+\\].*?block_bio_queue: (\\d+),(\\d+) (\\S+) (\\d+) \\+ (\\d+)");

    /** One bio: who submitted it, to which disk ({@code MAJOR:MINOR}), and what it asks for. */
    public record Bio(String task, String disk, Op op, long offsetBytes, long lengthBytes) {
        /** As {@code READ@OFFSET+LENGTH}. */
        public String describe() {
            return BioQueueCapture.describe(op, offsetBytes, lengthBytes);
        }
    }

    /** An IO as a capture's messages name it: {@code READ@OFFSET+LENGTH}, or {@code FLUSH}. */
    static String describe(Op op, long offsetBytes, long lengthBytes) {
        return op == Op.FLUSH ? "FLUSH" : op + "@" + offsetBytes + "+" + lengthBytes;
    }

    private final DiskEvents events;

    private BioQueueCapture(DiskEvents events) {
        this.events = events;
    }

    /** Starts capturing the bios of the whole disks {@code diskNames} ({@code loop3}). */
    public static BioQueueCapture start(List<String> diskNames) {
        return new BioQueueCapture(DiskEvents.start("sbench-test-bios", diskNames, EVENT));
    }

    /** The device number of disk {@code name} ({@code loop3}) as sysfs gives it: {@code 7:3}. */
    public static String majorMinor(String name) throws IOException {
        return Files.readString(Path.of("/sys/class/block", name, "dev")).trim();
    }

    /** Stops capturing and returns the bios in the order they entered the block layer. */
    public List<Bio> finish() {
        List<Bio> bios = new ArrayList<>();
        for (String line : events.stop()) {
            Matcher m = LINE.matcher(line);
            if (m.find()) {
                String rwbs = m.group(4);
                long length = Long.parseLong(m.group(6)) * SECTOR_BYTES;
                Op op = rwbs.contains("D") ? Op.TRIM : rwbs.contains("R") ? Op.READ
                        : rwbs.startsWith("F") && length == 0 ? Op.FLUSH : Op.WRITE;
                bios.add(new Bio(m.group(1).trim(), m.group(2) + ":" + m.group(3), op, Long.parseLong(m.group(5)) * SECTOR_BYTES,
                        length));
            }
        }
        return bios;
    }

    @Override
    public void close() {
        events.close();
    }
}
