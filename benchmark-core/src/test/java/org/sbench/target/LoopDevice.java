package org.sbench.target;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Test fixture: a loop device over a sparse file under the module's {@code target/} directory,
 * attached with {@code losetup --find --show} and detached (file deleted) by {@link #close()}.
 * Device tests call {@link #assumeRoot()} first, which skips them unless running as root with a
 * working losetup. Tests only ever touch devices made here.
 */
public final class LoopDevice implements AutoCloseable {
    private static final Path IMAGE_DIR = Path.of(System.getProperty("basedir", "."), "target", "loop-images");
    private static final long COMMAND_TIMEOUT_S = 60;
    private static final int ROOT_UID = 0;

    private final Path image;
    private final String device;
    /** Loop devices are reused and keep their queue settings: close() puts nomerges, nr_requests, max_sectors_kb and wbt_lat_usec back. */
    private final String nomergesAtAttach;
    private final String nrRequestsAtAttach;
    private final String maxSectorsKbAtAttach;
    private final String wbtAtAttach;
    /** Partitions added with partx outlive the loop's detach; close() deletes them first. */
    private boolean partitionsAdded;
    /** Detached by {@link #detach()}: its number may be another test's device now, not to be touched again. */
    private boolean detached;

    private LoopDevice(Path image, String device) throws IOException {
        this.image = image;
        this.device = device;
        this.nomergesAtAttach = Files.readString(nomergesFile()).trim();
        this.nrRequestsAtAttach = Files.readString(nrRequestsFile()).trim();
        this.maxSectorsKbAtAttach = Files.readString(maxSectorsKbFile()).trim();
        this.wbtAtAttach = Files.exists(wbtFile()) ? Files.readString(wbtFile()).trim() : null;
    }

    /** This device's {@code queue/wbt_lat_usec} (absent without writeback throttling in the kernel). */
    Path wbtFile() {
        return Path.of("/sys/class/block", name(), "queue/wbt_lat_usec");
    }

    /** This device's {@code queue/nomerges}. */
    Path nomergesFile() {
        return Path.of("/sys/class/block", name(), "queue/nomerges");
    }

    private Path nrRequestsFile() {
        return Path.of("/sys/class/block", name(), "queue/nr_requests");
    }

    private Path maxSectorsKbFile() {
        return Path.of("/sys/class/block", name(), "queue/max_sectors_kb");
    }

    /** Sets the device's queue/nomerges (2: no merges, so that each IO is one request); close() puts it back. */
    public void setNomerges(int value) throws IOException {
        Files.writeString(nomergesFile(), Integer.toString(value));
    }

    /** Makes the device's request queue hold {@code requests} (queue/nr_requests); close() puts it back. */
    public void setNrRequests(int requests) throws IOException {
        Files.writeString(nrRequestsFile(), Integer.toString(requests));
    }

    /** Makes the device take IOs of up to {@code kib} KiB whole (queue/max_sectors_kb): the block layer splits longer ones; close() puts it back. */
    public void setMaxSectorsKb(int kib) throws IOException {
        Files.writeString(maxSectorsKbFile(), Integer.toString(kib));
    }

    /** Skips the calling test unless it runs as root and loop devices can be made. */
    public static void assumeRoot() {
        assumeTrue(uid() == ROOT_UID, "device tests need root");
        assumeTrue(Files.exists(Path.of("/dev/loop-control")), "device tests need /dev/loop-control");
        assumeTrue(works("losetup", "--version"), "device tests need losetup");
    }

    /** True if {@code command} exits 0. */
    public static boolean works(String... command) {
        try {
            run(command);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** This process's real user id, from /proc/self/status. */
    static int uid() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("Uid:")) {
                    return Integer.parseInt(line.substring("Uid:".length()).trim().split("\\s+")[0]);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return -1;
    }

    /** A 512-byte-sector loop device of {@code sizeBytes}. */
    public static LoopDevice create(long sizeBytes) throws IOException {
        return create(sizeBytes, 0);
    }

    /** A loop device of {@code sizeBytes} with {@code sectorBytes} logical sectors (0: the default 512). */
    public static LoopDevice create(long sizeBytes, int sectorBytes) throws IOException {
        Files.createDirectories(IMAGE_DIR);
        return create(IMAGE_DIR, sizeBytes, sectorBytes);
    }

    /** A 512-byte-sector loop device of {@code sizeBytes} over a sparse file in {@code dir} (a small tmpfs: writes fail once it is full). */
    public static LoopDevice createIn(Path dir, long sizeBytes) throws IOException {
        return create(dir, sizeBytes, 0);
    }

    private static LoopDevice create(Path dir, long sizeBytes, int sectorBytes) throws IOException {
        Path image = Files.createTempFile(dir, "loop", ".img");
        try (FileChannel ch = FileChannel.open(image, StandardOpenOption.WRITE)) {
            ch.truncate(0);
            ch.position(sizeBytes - 1).write(ByteBuffer.wrap(new byte[1]));
        }
        List<String> command = new ArrayList<>(List.of("losetup", "--find", "--show"));
        if (sectorBytes != 0) {
            command.add("--sector-size");
            command.add(Integer.toString(sectorBytes));
        }
        command.add(image.toString());
        String device;
        try {
            device = run(command.toArray(new String[0])).trim();
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(image);
            throw e;
        }
        try {
            // A read-only flag set with blockdev --setro outlives a detach: the device number may come back with it.
            run("blockdev", "--setrw", device);
            return new LoopDevice(image, device);
        } catch (IOException | RuntimeException e) {
            run("losetup", "-d", device);
            Files.deleteIfExists(image);
            throw e;
        }
    }

    String device() {
        return device;
    }

    public Path path() {
        return Path.of(device);
    }

    /** {@code loop3} for {@code /dev/loop3}. */
    public String name() {
        return path().getFileName().toString();
    }

    /** The file the loop device is attached to. */
    public Path image() {
        return image;
    }

    /** Makes the kernel read the partition table (partx -a) and returns the partition nodes. */
    public List<Path> scanPartitions() throws IOException {
        partitionsAdded = true;
        run("partx", "-a", device);
        List<Path> parts = new ArrayList<>();
        for (SysfsBlockDevice p : SysfsBlockDevice.named(name(), Path.of("/sys")).partitions()) {
            parts.add(Path.of(p.devPath()));
        }
        return parts;
    }

    /** Runs {@code command}, returning its output; a non-zero exit is an IOException with the output. */
    public static String run(String... command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        // The commands run here print little; reading to EOF first cannot fill the pipe.
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(COMMAND_TIMEOUT_S, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + ": timed out");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException(String.join(" ", command) + ": interrupted", e);
        }
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + ": exit " + p.exitValue() + ": " + out.trim());
        }
        return out;
    }

    /**
     * Detaches the device now, as a user's {@code losetup -d} does to a device in use (its settings put back first);
     * {@link #close()} then only deletes the file.
     */
    public void detach() throws IOException {
        if (detached) {
            return;
        }
        try {
            Files.writeString(nomergesFile(), nomergesAtAttach);
            Files.writeString(nrRequestsFile(), nrRequestsAtAttach);
            Files.writeString(maxSectorsKbFile(), maxSectorsKbAtAttach);
            if (wbtAtAttach != null) {
                Files.writeString(wbtFile(), wbtAtAttach);
            }
            if (partitionsAdded) {
                run("partx", "-d", device);
            }
        } finally {
            run("losetup", "-d", device);
            detached = true;
        }
    }

    @Override
    public void close() throws IOException {
        try {
            detach();
        } finally {
            Files.deleteIfExists(image);
        }
    }
}
