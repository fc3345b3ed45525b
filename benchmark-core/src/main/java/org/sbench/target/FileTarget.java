package org.sbench.target;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.engine.linux.Errno;
import org.sbench.engine.linux.LibC;
import org.sbench.engine.linux.TargetCalls;

/**
 * A regular file as a target, opened with O_DIRECT. The file is prepared before the run so the run
 * does not measure allocation: created or grown to the requested size and allocated over
 * [0, capacity) with fallocate(2) mode 0, which reserves blocks and never changes existing data;
 * where the filesystem does not support fallocate, zeros are written from the old end of the file
 * to the new one instead ({@link #KEY_ALLOCATION} says which). A file is never truncated.
 *
 * <p>Capacity is the requested size when one is given (a larger existing file keeps its tail,
 * unused), otherwise an existing file's size, or for a file sbench creates the settings' default
 * size; rounded down to {@link #BLOCK_SIZE}. A read-only replay changes nothing: a file that does
 * not exist, or a size larger than the file, is refused rather than created or grown, and nothing is
 * allocated.
 *
 * <p>The file is locked for the run ({@link TargetLock}) before it is checked or changed, and an
 * existing file opened for writing passes {@link TargetSafety#checkWritableFile} first; a file
 * sbench creates (O_CREAT|O_EXCL) needs no permission.
 *
 * <p>Caveat for read benchmarks: fallocate leaves blocks "unwritten", and most filesystems answer
 * reads of unwritten or punched-out ranges with zeros without any device IO. Reads measure the
 * drive only where the file has been written; {@link #unwrittenBytes} says how much has not.
 *
 * <p>The logical block size is {@value #BLOCK_SIZE}: filesystems report no O_DIRECT alignment
 * through any call sbench makes, and 4096 satisfies every local filesystem on both 512-byte and
 * 4 KiB-sector drives (512 fails on 4Kn drives). Discard punches a hole (FALLOC_FL_PUNCH_HOLE |
 * FALLOC_FL_KEEP_SIZE), which the filesystem may pass on as a discard to the drive.
 */
public final class FileTarget implements Target {
    public static final String KIND = "file";
    public static final int BLOCK_SIZE = 4096;

    // describe() keys
    public static final String KEY_FILESYSTEM = "filesystem";
    public static final String KEY_MOUNT_POINT = "mountPoint";
    public static final String KEY_MOUNT_SOURCE = "mountSource";
    public static final String KEY_ALLOCATION = "allocation";
    /** On btrfs only: whether the file is nodatacow (chattr +C), so that its writes are the drive's ({@link #checkCopyOnWrite}). */
    public static final String KEY_NODATACOW = "nodatacow";

    /** {@link #KEY_ALLOCATION} values. */
    public static final String ALLOCATED_BY_FALLOCATE = "fallocate";
    public static final String ALLOCATED_BY_ZEROS = "zeros written";
    public static final String ALLOCATION_UNCHANGED = "unchanged (read-only)";
    /** What to do when a file does not fit; without --size a new file is as large as the trace reaches. */
    private static final String ROOM_HINT = roomHint("");
    /** The same, of a command that replays a trace. */
    private static final String TRACE_ROOM_HINT = roomHint(" (for a trace that reaches past it, with --fit wrap or scale)");
    /** What a new file not sized by --size leaves free of its file system at least: 1 GiB, or 5% of a larger one. */
    private static final long MIN_SPARE_BYTES = 1L << 30;
    private static final int SPARE_PERCENT = 5;
    private static final long MIB = 1 << 20;

    private static final int ZERO_CHUNK_BYTES = 1 << 20;
    /** The filesystem type {@link #checkCopyOnWrite} looks for, as mountinfo names it. */
    private static final String BTRFS = "btrfs";

    private final Path file;
    private final int fd;
    private final long capacityBytes;
    private final String allocation;
    private final Path procRoot;
    private final TargetLock lock;
    /** Where the deletion of a file this run created is said; null for a file that existed. */
    private final Consumer<String> createdNotes;
    private boolean closed;

    private FileTarget(Path file, int fd, long capacityBytes, String allocation, Path procRoot, TargetLock lock,
                       Consumer<String> createdNotes) {
        this.file = file;
        this.fd = fd;
        this.capacityBytes = capacityBytes;
        this.allocation = allocation;
        this.procRoot = procRoot;
        this.lock = lock;
        this.createdNotes = createdNotes;
    }

    /**
     * Locks, checks, prepares and opens {@code file} as {@code settings} say.
     *
     * @throws SbenchException usage errors (no size for a new or too small file, misaligned size, a
     *                         read-only replay that would create or grow the file), TARGET_IN_USE
     *                         from the lock, UNSAFE_TARGET from the checks, or a system failure of a
     *                         call, naming it
     */
    static FileTarget open(Path file, TargetSettings settings, TargetSafety safety, Path procRoot) {
        long existingBytes = existingSize(file);
        boolean creating = existingBytes < 0;
        long capacity = capacity(file, settings, existingBytes);
        boolean readOnly = settings.readOnly();
        if (creating) {
            checkRoom(List.of(Taking.of(file, existingBytes, capacity)), settings, 1);
            settings.notes().accept("making " + file + ", a new file of " + TargetSafety.decimalSize(capacity) + " ("
                    + sizeSource(settings) + ")");
        }
        TargetLock lock = TargetLock.ofFile(file, creating, procRoot);
        int fd = -1;
        try {
            if (!creating && !readOnly) {
                safety.checkWritableFile(file, settings);
            }
            int flags = (readOnly ? LibC.O_RDONLY : LibC.O_RDWR) | LibC.O_DIRECT | LibC.O_CLOEXEC;
            fd = TargetCalls.openForIo(file.toString(), flags, readOnly ? "O_RDONLY|O_DIRECT" : "O_RDWR|O_DIRECT");
            if (!FileKey.of(procRoot.resolve("self/fd/" + fd)).equals(Optional.of(lock.key()))) {
                throw new SbenchException(ErrorKind.SYSTEM_FAILURE, file + " was replaced while sbench opened it; run again");
            }
            if (!readOnly) {
                checkCopyOnWrite(file, fd, creating, settings, procRoot);
            }
            if (!creating && !readOnly) {
                // After the refusals of what the file is: a user who made room would only then be told of them.
                Taking taking = Taking.of(file, existingBytes, capacity);
                if (taking.bytes() > 0) {
                    checkRoom(List.of(taking), settings, 1);
                }
            }
            String allocation = readOnly ? ALLOCATION_UNCHANGED : allocate(file, fd, Math.max(existingBytes, 0), capacity, settings);
            return new FileTarget(file, fd, capacity, allocation, procRoot, lock, creating ? settings.notes() : null);
        } catch (RuntimeException e) {
            RuntimeException failure = fd >= 0 ? TargetCalls.closeAfter(fd, file.toString(), e) : e;
            if (creating) {
                deleteCreated(file, failure, settings.notes());
            }
            throw lock.releaseAfter(failure);
        }
    }

    /**
     * {@link Targets#check} of {@code file}: what {@link #open} refuses before it changes anything,
     * but the size a new file gets from the trace, not known yet.
     */
    static void check(Path file, TargetSettings settings, TargetSafety safety, Path procRoot) {
        long existingBytes = existingSize(file);
        Path dir = file.toAbsolutePath().getParent();
        if (existingBytes < 0 && !settings.readOnly()) {
            if (!Files.isDirectory(dir)) {
                throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot create " + file + ": there is no directory " + dir);
            }
            if (!Files.isWritable(dir)) {
                throw TargetCalls.accessDenied(file.toString(), LibC.O_CREAT | LibC.O_EXCL);
            }
        }
        if (existingBytes >= 0 && !settings.readOnly()) {
            // What the file is comes before its size: a small file this command reads is refused as that, not told to grow.
            safety.checkWritableFile(file, settings);
        }
        boolean sizedByTrace = existingBytes < 0 && !settings.readOnly() && settings.sizeBytes().isEmpty()
                && settings.defaultSizeBytes().isEmpty();
        if (!sizedByTrace) {
            capacity(file, settings, existingBytes);
        }
        if (existingBytes < 0) {
            return;
        }
        checkAccess(file, settings.readOnly());
        if (!settings.readOnly()) {
            int fd = TargetCalls.open(file.toString(), LibC.O_RDONLY | LibC.O_CLOEXEC, "O_RDONLY", 0);
            try {
                checkCopyOnWrite(file, fd, false, settings, procRoot);
            } catch (RuntimeException e) {
                throw TargetCalls.closeAfter(fd, file.toString(), e);
            }
            TargetCalls.close(fd, file.toString());
        }
    }

    /** Refuses {@code path} (a file or a device) whose permissions do not let this user read it, or read and write it. */
    static void checkAccess(Path path, boolean readOnly) {
        if (!Files.isReadable(path) || !readOnly && !Files.isWritable(path)) {
            throw TargetCalls.accessDenied(path.toString(), readOnly ? LibC.O_RDONLY : LibC.O_RDWR);
        }
    }

    /**
     * A file this run made but could not prepare (a full filesystem) goes again: no empty image is left behind, and
     * {@code notes} say so after the line that said it was made.
     */
    private static void deleteCreated(Path file, RuntimeException failure, Consumer<String> notes) {
        try {
            if (Files.deleteIfExists(file)) {
                notes.accept(deleted(file));
            }
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }

    /**
     * A btrfs file is copy-on-write unless it is nodatacow: its O_DIRECT writes go through the page cache (Linux 6.18
     * falls back to buffered IO for a file with data checksums: 3,141 pages added to the cache for 4,096 random 4 KiB
     * direct writes, none for a nodatacow file or on XFS), each overwrite is written to new blocks and may be compressed,
     * so the results are btrfs's, not the drive's. A file sbench creates is still empty here and is made nodatacow, as
     * {@code chattr +C} makes it (without {@code c}, compress, which btrfs refuses beside it); an existing
     * copy-on-write file, whose flag would no longer take, is refused without {@code --force}. A run that only reads is
     * let be: reads are direct but for compressed extents.
     */
    private static void checkCopyOnWrite(Path file, int fd, boolean creating, TargetSettings settings, Path procRoot) {
        if (nodatacow(file, fd, procRoot).orElse(true)) {
            return;
        }
        if (creating) {
            int flags = TargetCalls.fileFlags(fd, file.toString());
            TargetCalls.setFileFlags(fd, flags & ~LibC.FS_COMPR_FL | LibC.FS_NOCOW_FL, file.toString());
        } else if (!settings.force()) {
            throw new SbenchException(ErrorKind.UNSAFE_TARGET, file + " is a copy-on-write file of btrfs: its direct writes go"
                    + " through the page cache, each overwrite to new blocks, maybe compressed, so results would be btrfs's, not"
                    + " the drive's; name a new file (sbench makes it nodatacow, as chattr +C does), or add --force to measure"
                    + " it as it is");
        }
    }

    /** On btrfs, whether the file open as {@code fd} is nodatacow (its {@code C} attribute); empty on other filesystems. */
    private static Optional<Boolean> nodatacow(Path file, int fd, Path procRoot) {
        if (!mount(file, procRoot).map(m -> BTRFS.equals(m.fsType())).orElse(false)) {
            return Optional.empty();
        }
        return Optional.of((TargetCalls.fileFlags(fd, file.toString()) & LibC.FS_NOCOW_FL) != 0);
    }

    /** The mount the file is on, from {@code mountinfo}. */
    private static Optional<MountTable.Mount> mount(Path file, Path procRoot) {
        try {
            return MountTable.read(procRoot).mountOf(file.toRealPath());
        } catch (IOException e) {
            throw SbenchException.ioFailure("resolve", file, e);
        }
    }

    /** The capacity {@code settings} give {@code file} ({@code existingBytes} long, -1 if absent), checked. */
    private static long capacity(Path file, TargetSettings settings, long existingBytes) {
        OptionalLong size = settings.sizeBytes();
        if (size.isPresent() && (size.getAsLong() <= 0 || size.getAsLong() % BLOCK_SIZE != 0)) {
            throw SbenchException.usage("--size " + settings.sizeWritten() + " for file target " + file
                    + ": expected a positive multiple of " + BLOCK_SIZE + " bytes");
        }
        if (settings.readOnly()) {
            if (existingBytes < 0) {
                throw SbenchException.usage(file + " does not exist; a run that only reads needs an existing file and creates none");
            }
            if (size.isPresent() && size.getAsLong() > existingBytes) {
                throw SbenchException.usage("--size " + settings.sizeWritten() + " is larger than " + file + " (" + existingBytes
                        + " bytes); a run that only reads never grows a file: leave out --size to use the file as it is");
            }
        }
        long fallback = existingBytes >= 0 ? existingBytes : settings.defaultSizeBytes().orElse(0);
        long capacity = size.orElse(fallback / BLOCK_SIZE * BLOCK_SIZE);
        if (capacity == 0) {
            throw SbenchException.usage(existingBytes < 0 ? file + " does not exist; give --size to create it,"
                    + " or make it first (truncate -s 1G " + file + ")"
                    : file + " holds less than " + BLOCK_SIZE + " bytes"
                    + (settings.readOnly() ? ", too little to replay onto" : "; give --size to grow it"));
        }
        return capacity;
    }

    /**
     * Refuses the room that opening a stripe's {@code members} (those not files are left out) as {@code settings} say
     * would take ({@link #checkRoom(List, TargetSettings, int)}), before any of them is made or grown.
     */
    static void checkMembersRoom(List<String> members, TargetSettings settings) {
        if (settings.readOnly()) {
            return;
        }
        List<Taking> takings = new ArrayList<>();
        for (String member : members) {
            Path path = Path.of(member);
            if (Files.isRegularFile(path) || !Files.exists(path)) {
                long existingBytes = existingSize(path);
                Taking taking = Taking.of(path, existingBytes, capacity(path, settings, existingBytes));
                if (taking.bytes() > 0) {
                    takings.add(taking);
                }
            }
        }
        checkRoom(takings, settings, members.size());
    }

    /**
     * A file to make, or to grow and allocate: {@code existingBytes} long (-1 if absent) to {@code capacity}, of which
     * {@code allocatedBytes} are allocated already.
     */
    private record Taking(Path file, long existingBytes, long capacity, long allocatedBytes) {
        /**
         * {@code file} to allocate over [0, capacity). What it has allocated is taken from st_blocks, at most its size
         * and the capacity: fallocate mode 0 allocates the rest, its holes and its growth. A file system that reports
         * no st_blocks is taken to have none of holes.
         */
        static Taking of(Path file, long existingBytes, long capacity) {
            if (existingBytes < 0) {
                return new Taking(file, existingBytes, capacity, 0);
            }
            long allocated = TargetCalls.allocatedBytes(file.toString()).orElse(existingBytes);
            return new Taking(file, existingBytes, capacity, Math.min(allocated, Math.min(existingBytes, capacity)));
        }

        /** What it takes of its file system. */
        long bytes() {
            return capacity - allocatedBytes;
        }

        /** What --size adds to its end. */
        long growthBytes() {
            return Math.max(capacity - Math.max(existingBytes, 0), 0);
        }

        /** The path on its file system: the file's own, or its directory's for a new file. */
        Path onFileSystem() {
            return existingBytes < 0 ? file.toAbsolutePath().getParent() : file;
        }

        /** What it is: a new file of its size, or growing by how much to what, or filling how much of holes. */
        String what() {
            if (existingBytes < 0) {
                return "a new file of " + TargetSafety.decimalSize(capacity);
            }
            long holes = bytes() - growthBytes();
            if (growthBytes() == 0) {
                return "filling " + TargetSafety.decimalSize(holes) + " of holes in its " + (capacity < existingBytes ? "first " : "")
                        + TargetSafety.decimalSize(capacity);
            }
            return "growing it by " + TargetSafety.decimalSize(growthBytes())
                    + (holes > 0 ? " (and filling " + TargetSafety.decimalSize(holes) + " of holes)" : "")
                    + " to " + TargetSafety.decimalSize(capacity);
        }
    }

    /**
     * Refuses files to make, or to grow and fill the holes of, that do not fit on their file system, together with the
     * others on it (a stripe's members on one file system, by st_dev), or, when sbench chose a new file's size, would
     * leave less of it free than {@link #MIN_SPARE_BYTES} or {@link #SPARE_PERCENT}% of the file system: a size taken
     * from the trace can be tens of GB, and a full root file system stops more than this run. {@code shares} is how
     * many files share the size sbench chose (a stripe's members), for the --size that makes it all the same. A file
     * system that reports no size (ramfs) is not checked.
     */
    private static void checkRoom(List<Taking> takings, TargetSettings settings, int shares) {
        Map<Object, List<Taking>> byFileSystem = new LinkedHashMap<>();
        for (Taking t : takings) {
            Object dev;
            try {
                dev = Files.getAttribute(t.onFileSystem(), "unix:dev");
            } catch (IOException e) {
                throw SbenchException.ioFailure("read the file system of", t.file(), e);
            }
            byFileSystem.computeIfAbsent(dev, d -> new ArrayList<>()).add(t);
        }
        for (List<Taking> together : byFileSystem.values()) {
            checkFileSystemRoom(together, settings, shares);
        }
    }

    /** {@link #checkRoom(List, TargetSettings, int)} of the files {@code together} on one file system. */
    private static void checkFileSystemRoom(List<Taking> together, TargetSettings settings, int shares) {
        Taking first = together.get(0);
        long free;
        long total;
        try {
            FileStore store = Files.getFileStore(first.onFileSystem());
            free = store.getUsableSpace();
            total = store.getTotalSpace();
        } catch (IOException e) {
            throw SbenchException.ioFailure("read the free space of the file system of", first.file(), e);
        }
        if (total == 0) {
            return; // a file system of no fixed size (ramfs) reports none free: its limit is the memory, which fallocate meets
        }
        // Shares of a size near 2^63 (a trace that reaches that far) add up past it: past is as good as 2^63 - 1 here.
        long taken = together.stream().mapToLong(Taking::bytes).reduce(0, (a, b) -> a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b);
        // A size sbench chose: a new file's, not given by --size; an existing file not given --size keeps its own.
        Optional<Taking> chosen = settings.sizeBytes().isPresent() ? Optional.empty()
                : together.stream().filter(t -> t.existingBytes() < 0).findFirst();
        String source = settings.sizeBytes().isPresent() || chosen.isPresent() ? " (" + sizeSource(settings) + ")" : "";
        String made;
        String its;
        if (together.size() == 1) {
            made = first.file() + ": " + first.what() + source;
            its = " its";
        } else {
            List<String> each = together.stream().map(t -> t.file() + ", " + t.what()).toList();
            made = String.join(", ", each.subList(0, each.size() - 1)) + ", and " + each.get(each.size() - 1) + source
                    + ", " + TargetSafety.decimalSize(taken) + " together,";
            its = " their";
        }
        if (taken > free) {
            throw SbenchException.usage(made + (together.size() == 1 ? " does" : " do") + " not fit on" + its + " file system,"
                    + " which has " + TargetSafety.decimalSize(free) + " free: " + roomAdvice(settings));
        }
        long spare = Math.max(MIN_SPARE_BYTES, total / 100 * SPARE_PERCENT);
        if (chosen.isPresent() && free - taken < spare) {
            long same = chosen.get().capacity() * shares;
            String size = same % MIB == 0 ? same / MIB + "M" : Long.toString(same);
            throw SbenchException.usage(made + " would leave " + TargetSafety.decimalSize(free - taken) + " of" + its + " file"
                    + " system's " + TargetSafety.decimalSize(free) + " free, under the " + TargetSafety.decimalSize(spare) + " ("
                    + SPARE_PERCENT + "% of the file system, at least 1 GiB) sbench keeps free"
                    + (settings.roomAdvice() == null ? " unless given --size: --size " + size + " makes it all the same; else " : ": ")
                    + roomAdvice(settings));
        }
    }

    /** What to do about a new file that has too little room: the command's own advice, or a smaller --size (with --fit of a trace). */
    private static String roomAdvice(TargetSettings settings) {
        if (settings.roomAdvice() != null) {
            return settings.roomAdvice();
        }
        return settings.inputs().isEmpty() ? ROOM_HINT : TRACE_ROOM_HINT;
    }

    private static String roomHint(String fit) {
        return "give a smaller --size" + fit + ", or a file on another file system";
    }

    /** Where a new file's size comes from: "--size", or what sbench chose ("what the trace reaches"). */
    private static String sizeSource(TargetSettings settings) {
        return settings.sizeBytes().isPresent() ? "--size" : settings.defaultSizeSource();
    }

    /** The file's size, or -1 if it does not exist; anything but a regular file is a usage error. */
    private static long existingSize(Path file) {
        if (!Files.exists(file)) {
            return -1;
        }
        if (!Files.isRegularFile(file)) {
            throw SbenchException.usage(file + " is not a regular file or a block device");
        }
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw SbenchException.ioFailure("read the size of", file, e);
        }
    }

    /** Allocates [0, capacity) of the file open as {@code fd}; returns how. */
    private static String allocate(Path file, int fd, long oldSizeBytes, long capacityBytes, TargetSettings settings) {
        int rc = TargetCalls.fallocate(fd, 0, 0, capacityBytes);
        if (rc == 0) {
            return ALLOCATED_BY_FALLOCATE;
        }
        if (rc != -Errno.EOPNOTSUPP && rc != -Errno.ENOSYS) {
            throw new SbenchException(ErrorKind.SYSTEM_FAILURE, "fallocate failed on " + file + " (" + capacityBytes
                    + " bytes): " + Errno.describe(rc)
                    + (rc == -Errno.ENOSPC ? "; its file system has too little free space: " + roomAdvice(settings) : ""));
        }
        writeZeros(file, oldSizeBytes, capacityBytes);
        return ALLOCATED_BY_ZEROS;
    }

    /** Writes zeros over [fromBytes, toBytes) and syncs: allocation where fallocate is unsupported. */
    static void writeZeros(Path file, long fromBytes, long toBytes) {
        ByteBuffer zeros = ByteBuffer.allocate(ZERO_CHUNK_BYTES);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            long position = fromBytes;
            while (position < toBytes) {
                zeros.clear().limit((int) Math.min(ZERO_CHUNK_BYTES, toBytes - position));
                position += ch.write(zeros, position);
            }
            ch.force(false);
        } catch (IOException e) {
            throw SbenchException.ioFailure("write zeros to", file, e);
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String path() {
        return file.toString();
    }

    @Override
    public long capacityBytes() {
        return capacityBytes;
    }

    @Override
    public int logicalBlockSize() {
        return BLOCK_SIZE;
    }

    @Override
    public int physicalBlockSize() {
        return BLOCK_SIZE;
    }

    @Override
    public int fd() {
        return fd;
    }

    /** {@link #KEY_FILESYSTEM}, mount point and source of the file's mount, and {@link #KEY_ALLOCATION}. */
    @Override
    public Map<String, String> describe() {
        Map<String, String> d = new LinkedHashMap<>();
        mount(file, procRoot).ifPresent(m -> {
            d.put(KEY_FILESYSTEM, m.fsType());
            d.put(KEY_MOUNT_POINT, m.mountPoint());
            d.put(KEY_MOUNT_SOURCE, m.source());
        });
        d.put(KEY_ALLOCATION, allocation);
        nodatacow(file, fd, procRoot).ifPresent(n -> d.put(KEY_NODATACOW, n.toString()));
        return d;
    }

    @Override
    public int discard(long offsetBytes, long lengthBytes) {
        return TargetCalls.fallocate(fd, LibC.FALLOC_FL_PUNCH_HOLE | LibC.FALLOC_FL_KEEP_SIZE, offsetBytes, lengthBytes);
    }

    /** A discard punches a hole, zeros are a zeroed range (fallocate); a file has no secure discard. */
    @Override
    public int erase(EraseMethod method, long offsetBytes, long lengthBytes) {
        switch (method) {
            case TRIM: return discard(offsetBytes, lengthBytes);
            case ZERO: return TargetCalls.fallocate(fd, LibC.FALLOC_FL_ZERO_RANGE | LibC.FALLOC_FL_KEEP_SIZE, offsetBytes, lengthBytes);
            default: return -Errno.EOPNOTSUPP;
        }
    }

    @Override
    public Erasure erasure(EraseMethod method) {
        switch (method) {
            case TRIM: return new Erasure("punch-hole", "fallocate(PUNCH_HOLE|KEEP_SIZE)", null, null);
            case ZERO: return new Erasure("zero-range", "fallocate(ZERO_RANGE|KEEP_SIZE)", null, null);
            default: return new Erasure(method.word(), method.word(), "file " + file + " has no secure discard", null);
        }
    }

    @Override
    public int flush() {
        return TargetCalls.fdatasync(fd);
    }

    /**
     * Bytes of [0, endBytes) that hold no data: holes and unwritten (fallocated) extents, as
     * lseek(2) SEEK_DATA and SEEK_HOLE report them; a filesystem that does not track holes reports
     * none. Not for use during a run (a few calls per extent). The file's clean cached pages are
     * dropped first: ext4 and XFS report an unwritten extent as data where the page cache holds its
     * zeros, read through it (sbench's own look at an existing file's head, a user's cat), and the
     * run's O_DIRECT IOs use no cached page.
     */
    @Override
    public long unwrittenBytes(long endBytes) {
        LibC.posix_fadvise(fd, 0, 0, LibC.POSIX_FADV_DONTNEED);
        long end = Math.min(endBytes, capacityBytes);
        long unwritten = 0;
        long position = 0;
        while (position < end) {
            long data = TargetCalls.seek(fd, position, LibC.SEEK_DATA, file.toString());
            if (data < 0 || data >= end) {
                return unwritten + end - position;
            }
            unwritten += data - position;
            position = TargetCalls.seek(fd, data, LibC.SEEK_HOLE, file.toString());
        }
        return unwritten;
    }

    /** Closes the descriptor, then releases the lock (also if closing failed). */
    @Override
    public void close() {
        close(false);
    }

    /** As {@link #close}, deleting the file before the lock is released when this target created it, which is said. */
    @Override
    public void abandon() {
        close(createdNotes != null);
    }

    /** The note that a file made for this run was deleted again: the line that said it was made is not the last word. */
    private static String deleted(Path file) {
        return "deleted " + file + ", the new file made for this run";
    }

    private void close(boolean delete) {
        if (!closed) {
            closed = true;
            try {
                TargetCalls.close(fd, file.toString());
                if (delete) {
                    Files.delete(file);
                    createdNotes.accept(deleted(file));
                }
            } catch (IOException e) {
                throw SbenchException.ioFailure("delete", file, e);
            } finally {
                lock.close();
            }
        }
    }
}
