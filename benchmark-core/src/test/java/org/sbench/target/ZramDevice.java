package org.sbench.target;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Test fixture: a zram device, a bio-based block device (no {@code mq} directory, no
 * {@code queue/nr_requests}, no IO scheduler), added with {@code /sys/class/zram-control/hot_add},
 * sized, and removed by {@link #close()} with {@code hot_remove}. Device tests call {@link #assumeRoot()}
 * first, which skips them unless running as root on a kernel with zram hot add. Tests only ever touch
 * devices made here (never zram0, which the system may use).
 */
public final class ZramDevice implements AutoCloseable {
    private static final Path CONTROL = Path.of("/sys/class/zram-control");
    private static final int ROOT_UID = 0;
    private static final int MM_STAT_ORIG_DATA_SIZE = 0;
    private static final int IO_STAT_NOTIFY_FREE = 3;
    private static final long REMOVE_PATIENCE_NS = 5_000_000_000L;
    private static final long REMOVE_RETRY_MS = 50;

    private final int id;

    private ZramDevice(int id) {
        this.id = id;
    }

    /** Skips the calling test unless it runs as root on a kernel with zram hot add. */
    public static void assumeRoot() {
        assumeTrue(LoopDevice.uid() == ROOT_UID, "device tests need root");
        assumeTrue(Files.isWritable(CONTROL.resolve("hot_add")), "zram tests need /sys/class/zram-control (the zram module)");
    }

    /** A new zram device of {@code sizeBytes}, empty: it stores no page. */
    public static ZramDevice create(long sizeBytes) throws IOException {
        int id = Integer.parseInt(Files.readString(CONTROL.resolve("hot_add")).trim());
        ZramDevice dev = new ZramDevice(id);
        try {
            Files.writeString(dev.sys("disksize"), Long.toString(sizeBytes));
            return dev;
        } catch (IOException | RuntimeException e) {
            dev.close();
            throw e;
        }
    }

    /** {@code zram3} for {@code /dev/zram3}. */
    public String name() {
        return "zram" + id;
    }

    public Path path() {
        return Path.of("/dev", name());
    }

    /** Bytes of data the device holds ({@code mm_stat}'s orig_data_size): written pages less those discarded. */
    public long storedBytes() throws IOException {
        return Long.parseLong(Files.readString(sys("mm_stat")).trim().split("\\s+")[MM_STAT_ORIG_DATA_SIZE]);
    }

    /**
     * Pages freed by discards since the device was made ({@code io_stat}'s notify_free): zram counts one
     * for each whole page a discard covers, held or not, and counts no discard in {@code stat}.
     */
    public long discardedPages() throws IOException {
        return Long.parseLong(Files.readString(sys("io_stat")).trim().split("\\s+")[IO_STAT_NOTIFY_FREE]);
    }

    private Path sys(String attribute) {
        return Path.of("/sys/block", name(), attribute);
    }

    /**
     * Removes the device; the kernel refuses while anyone holds it open (EBUSY), as udev's probe of a
     * device just written does for a moment where udev runs, so a refusal is tried again for 5 s (any
     * refusal: another one, such as a device already gone, only takes 5 s longer to report).
     */
    @Override
    public void close() throws IOException {
        long giveUpNs = System.nanoTime() + REMOVE_PATIENCE_NS;
        while (true) {
            try {
                Files.writeString(CONTROL.resolve("hot_remove"), Integer.toString(id));
                return;
            } catch (IOException e) {
                // Java gives no errno, and its message is the C library's, which a locale may translate.
                if (System.nanoTime() > giveUpNs) {
                    throw e;
                }
                sleepBeforeRetry();
            }
        }
    }

    private static void sleepBeforeRetry() throws IOException {
        try {
            Thread.sleep(REMOVE_RETRY_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while removing a zram device", e);
        }
    }
}
