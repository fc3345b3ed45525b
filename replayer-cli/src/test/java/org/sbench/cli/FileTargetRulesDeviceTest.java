package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.target.LoopDevice;
import org.sbench.target.Target;
import org.sbench.target.TargetSettings;
import org.sbench.target.Tmpfs;
import org.sbench.target.Targets;

/**
 * The rules for files that the kernel uses (loop backing files, swap files) and the lock on a
 * device, through {@code sbench replay} in-process, checked on the target's bytes. Root: each test
 * makes its own loop device (or swap file on the module's disk-backed build directory).
 */
@Tag("device")
class FileTargetRulesDeviceTest {
    private static final long SIZE = 32L << 20;
    private static final int SWAP_BYTES = 16 << 20;
    private static final String READ_ONLY_HINT = "; --read-only replays without writes\n";

    @TempDir
    Path dir;

    @BeforeAll
    static void needsRoot() {
        LoopDevice.assumeRoot();
    }

    private CliTest.Run replay(Path target, String... options) throws IOException {
        return FileTargetRulesTest.replay(dir, target, options);
    }

    @Test
    void theImageOfAMountedFilesystemIsNeverWritten(@TempDir Path mountPoint) throws Exception {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            LoopDevice.run("mkfs.ext4", "-q", "-F", "-E", "lazy_itable_init=0,lazy_journal_init=0", loop.path().toString());
            // Read-only, so that the filesystem itself leaves the image as it is and the checksum can tell.
            LoopDevice.run("mount", "-o", "ro", loop.path().toString(), mountPoint.toString());
            try {
                FileState before = FileState.of(loop.image());
                CliTest.Run r = replay(loop.image(), "--fit", "wrap", "--allow-write", "--force");
                assertEquals(ExitCodes.UNSAFE_TARGET, r.code(), r.err());
                assertEquals("sbench: " + loop.image() + " backs " + loop.path() + ", which is mounted at " + mountPoint.toRealPath()
                        + "; sbench never writes to a mounted device" + READ_ONLY_HINT, r.err());
                assertEquals(before, FileState.of(loop.image()));
            } finally {
                LoopDevice.run("umount", mountPoint.toString());
            }
            assertTrue(LoopDevice.works("e2fsck", "-n", "-f", loop.path().toString()), "the filesystem is intact");
        }
    }

    /**
     * The refusal of a read-only device names the way around it once: it said "; replay --read-only
     * reads it; --read-only replays without writes" (found by hand on a loop device made with losetup -r).
     */
    @Test
    void aReadOnlyDeviceIsRefusedNamingReadOnlyOnce() throws Exception {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            LoopDevice.run("blockdev", "--setro", loop.path().toString());
            try {
                CliTest.Run r = replay(loop.path(), "--allow-write", "--force");
                assertEquals(ExitCodes.UNSAFE_TARGET, r.code(), r.err());
                assertEquals("sbench: " + loop.path() + " is read-only (its ro flag is set: losetup -r, blockdev --setro, a"
                        + " write-protect switch) and this run writes to it" + READ_ONLY_HINT, r.err());
            } finally {
                // The flag outlives the loop device's file: the next user of the same number would find it read-only.
                LoopDevice.run("blockdev", "--setrw", loop.path().toString());
            }
        }
    }

    /**
     * A new file must fit its file system, and without --size leave 5% of it or 1 GiB free: until 2026-12-06 --target sdb
     * (meaning /dev/sdb) made a 64.27 GB file sdb that left the root file system 99% full. On a tmpfs of 1200 MiB,
     * 1.26 GB free, a trace that reaches 201 MiB would leave 1.05 GB, under the 1 GiB kept.
     */
    @Test
    void aNewFileMustFitItsFileSystemWithRoomToSpareUnlessSized(@TempDir Path mountPoint) throws Exception {
        Path far = Files.writeString(dir.resolve("far.csv"), "128166372000000000,hm,0,Read,209715200,65536,100\n");
        try (Tmpfs fs = Tmpfs.mount(mountPoint, 1200L << 20)) {
            Path image = fs.dir().resolve("a.img");
            CliTest.Run nearlyFull = CliTest.run("replay", far.toString(), "--target", image.toString());
            assertEquals(ExitCodes.USAGE, nearlyFull.code(), nearlyFull.err());
            assertEquals(CliTest.usage("replay", image + ": a new file of 211 MB (what the trace reaches) would leave 1.05 GB of"
                    + " its file system's 1.26 GB free, under the 1.07 GB (5% of the file system, at least 1 GiB) sbench keeps free"
                    + " unless given --size: --size 201M makes it all the same; else give a smaller --size (for a trace that reaches"
                    + " past it, with --fit wrap or scale), or a file on another file system"), nearlyFull.err());
            assertFalse(Files.exists(image), "nothing made");
            CliTest.Run tooLarge = CliTest.run("replay", far.toString(), "--target", image.toString(), "--size", "2G");
            assertEquals(ExitCodes.USAGE, tooLarge.code(), tooLarge.err());
            assertEquals(CliTest.usage("replay", image + ": a new file of 2.15 GB (--size) does not fit on its file system,"
                    + " which has 1.26 GB free: give a smaller --size (for a trace that reaches past it, with --fit wrap or scale),"
                    + " or a file on another file system"), tooLarge.err());
            assertFalse(Files.exists(image), "nothing made");
            CliTest.Run sized = CliTest.run("replay", far.toString(), "--target", image.toString(), "--size", "201M");
            assertEquals(0, sized.code(), sized.err());
            assertEquals(201L << 20, Files.size(image));
            Files.delete(image);
            CliTest.Run small = replay(image);
            assertEquals(0, small.code(), small.err());
            assertEquals(2L << 20, Files.size(image), "the 3-IO trace's 2 MiB leave more than 1 GiB");
        }
    }

    /**
     * A command that replays no trace (cdm, the steps) was told of a new file that does not fit to give "a smaller --size
     * (for a trace that reaches past it, with --fit wrap or scale)": it has no trace, nor --fit.
     */
    @Test
    void aFileThatDoesNotFitIsToldOfNoTraceWhereNoneIsReplayed(@TempDir Path mountPoint) throws Exception {
        try (Tmpfs fs = Tmpfs.mount(mountPoint, 1L << 20)) {
            String image = fs.dir().resolve("c.img").toString();
            String[][] commands = {
                {"cdm", "--target", image, "--size", "2M", "--preset", "v3", "--progress", "none"},
                {"torture", "--target", image, "--size", "2M", "--duration", "1s", "--progress", "none"},
            };
            for (String[] command : commands) {
                CliTest.Run r = CliTest.run(command);
                assertEquals(ExitCodes.USAGE, r.code(), r.err());
                assertTrue(r.err().startsWith("sbench: " + image + ": a new file of 2.10 MB (--size) does not fit on its file system,"
                        + " which has 1.05 MB free: give a smaller --size, or a file on another file system\n"), r.err());
            }
        }
    }

    /**
     * Growing an existing file with --size must fit its file system as a new file must: it was not checked, and a
     * growth past the free space got as far as fallocate's ENOSPC (exit 5) after the run began its setup. On a tmpfs of
     * 1200 MiB, 1.26 GB free, a file of 256 MiB leaves 990 MB: grown to 2 GiB it needs 1.88 GB more, to 1 GiB 805 MB.
     */
    @Test
    void growingAFileMustFitItsFileSystem(@TempDir Path mountPoint) throws Exception {
        try (Tmpfs fs = Tmpfs.mount(mountPoint, 1200L << 20)) {
            Path image = Files.write(fs.dir().resolve("a.img"), new byte[256 << 20]);
            CliTest.Run r = replay(image, "--size", "2G", "--allow-write");
            assertEquals(ExitCodes.USAGE, r.code(), r.err());
            assertEquals(CliTest.usage("replay", image + ": growing it by 1.88 GB to 2.15 GB (--size) does not fit on its file"
                    + " system, which has 990 MB free: give a smaller --size (for a trace that reaches past it, with --fit wrap or"
                    + " scale), or a file on another file system"), r.err());
            assertEquals(256L << 20, Files.size(image), "left as it was");
            CliTest.Run grown = replay(image, "--size", "1G", "--allow-write");
            assertEquals(0, grown.code(), grown.err());
            assertEquals(1L << 30, Files.size(image));
        }
    }

    /**
     * fallocate allocates a file's holes as well as what --size adds: the room check counted only the growth, so a sparse
     * file (made by truncate) on a file system with less room than its holes passed it and failed at fallocate's ENOSPC
     * (exit 5). On a tmpfs of 4 MiB, a sparse 3 MiB file and 1 MiB free, it is refused up front, left as it was.
     */
    @Test
    void aSparseFileMustHaveRoomForItsHoles(@TempDir Path mountPoint) throws Exception {
        try (Tmpfs fs = Tmpfs.mount(mountPoint, 4L << 20)) {
            Path image = fs.dir().resolve("a.img");
            LoopDevice.run("truncate", "-s", "3M", image.toString());
            fs.fillLeaving(256);
            FileState before = FileState.of(image);
            CliTest.Run r = replay(image, "--allow-write");
            assertEquals(ExitCodes.USAGE, r.code(), r.err());
            assertEquals(CliTest.usage("replay", image + ": filling 3.15 MB of holes in its 3.15 MB does not fit on its file"
                    + " system, which has 1.05 MB free: give a smaller --size (for a trace that reaches past it, with --fit wrap or"
                    + " scale), or a file on another file system"), r.err());
            CliTest.Run grown = replay(image, "--size", "4M", "--allow-write");
            assertEquals(ExitCodes.USAGE, grown.code(), grown.err());
            assertTrue(grown.err().startsWith("sbench: " + image + ": growing it by 1.05 MB (and filling 3.15 MB of holes) to"
                    + " 4.19 MB (--size) does not fit on its file system, which has 1.05 MB free: "), grown.err());
            assertEquals(before, FileState.of(image), "left as it was");
        }
    }

    /**
     * An existing file keeps the size it has: its holes need only to fit, not also leave the 5% or 1 GiB kept free beside a
     * size sbench chose. On a tmpfs of 1200 MiB, 1.26 GB free, a sparse file of 300 MiB leaves 944 MB once filled.
     */
    @Test
    void aSparseFileKeepingItsSizeNeedsOnlyRoomForItsHoles(@TempDir Path mountPoint) throws Exception {
        try (Tmpfs fs = Tmpfs.mount(mountPoint, 1200L << 20)) {
            Path image = fs.dir().resolve("a.img");
            LoopDevice.run("truncate", "-s", "300M", image.toString());
            CliTest.Run r = replay(image, "--allow-write");
            assertEquals(0, r.code(), r.err());
            assertEquals(300L << 20, FileState.of(image).allocatedBytes(), "its holes filled");
        }
    }

    /**
     * A stripe's sparse member takes the holes of its share as well: a new member that fit the free space alone was made
     * beside it, and the stripe failed at fallocate (exit 5). On a tmpfs with 1 MiB free, --size 2M gives each member
     * 1 MiB: the holes of the first MiB of a sparse 3 MiB file and a new file of 1 MiB do not fit together.
     */
    @Test
    void aStripesSparseMemberMustHaveRoomForItsHoles(@TempDir Path mountPoint) throws Exception {
        try (Tmpfs fs = Tmpfs.mount(mountPoint, 4L << 20)) {
            Path sparse = fs.dir().resolve("a.img");
            Path made = fs.dir().resolve("b.img");
            LoopDevice.run("truncate", "-s", "3M", sparse.toString());
            fs.fillLeaving(256);
            FileState before = FileState.of(sparse);
            CliTest.Run r = replay(Path.of("stripe:64K:" + sparse + "," + made), "--size", "2M", "--allow-write");
            assertEquals(ExitCodes.USAGE, r.code(), r.err());
            assertEquals(CliTest.usage("replay", sparse + ", filling 1.05 MB of holes in its first 1.05 MB, and " + made
                    + ", a new file of 1.05 MB (--size), 2.10 MB together, do not fit on their file system, which has 1.05 MB free:"
                    + " give a smaller --size (for a trace that reaches past it, with --fit wrap or scale), or a file on another"
                    + " file system"), r.err());
            assertEquals(before, FileState.of(sparse), "left as it was");
            assertFalse(Files.exists(made), "nothing made");
        }
    }

    /**
     * A stripe's new files are checked together against each file system they are on: they were checked one by one,
     * each after the one before took its room, so the second that did not fit was refused after the first was made. On
     * a tmpfs of 1200 MiB, 1.26 GB free, --size 2G gives each of two members 1.07 GB: one fits, both do not; with the
     * second on a file system of its own both are made.
     */
    @Test
    void aStripesFilesMustFitEachFileSystemTogether(@TempDir Path mountPoint, @TempDir Path otherMountPoint) throws Exception {
        try (Tmpfs fs = Tmpfs.mount(mountPoint, 1200L << 20); Tmpfs other = Tmpfs.mount(otherMountPoint, 1200L << 20)) {
            Path first = fs.dir().resolve("a.img");
            Path second = fs.dir().resolve("b.img");
            CliTest.Run r = replay(Path.of("stripe:64K:" + first + "," + second), "--size", "2G");
            assertEquals(ExitCodes.USAGE, r.code(), r.err());
            assertEquals(CliTest.usage("replay", first + ", a new file of 1.07 GB, and " + second + ", a new file of 1.07 GB"
                    + " (--size), 2.15 GB together, do not fit on their file system, which has 1.26 GB free: give a smaller --size"
                    + " (for a trace that reaches past it, with --fit wrap or scale), or a file on another file system"), r.err());
            try (var left = Files.list(fs.dir())) {
                assertEquals(0, left.count(), "nothing made");
            }
            Path apart = other.dir().resolve("b.img");
            CliTest.Run made = replay(Path.of("stripe:64K:" + first + "," + apart), "--size", "2G");
            assertEquals(0, made.code(), made.err());
            assertEquals(1L << 30, Files.size(first));
            assertEquals(1L << 30, Files.size(apart));
        }
    }

    /**
     * A stripe member this run may not write is refused as that before the room of the stripe's files is checked, as
     * one file is: cdm and the steps, which open the target without checking it first, told of a stripe with such a
     * member on a file system short of room that it did not fit (exit 2), and of the member only once it had room.
     */
    @Test
    void aStripeMemberThisRunMayNotWriteIsRefusedBeforeItsRoom(@TempDir Path mountPoint) throws Exception {
        try (Tmpfs fs = Tmpfs.mount(mountPoint, 1L << 20)) {
            Path kept = FileState.random(fs.dir().resolve("a.img"), 64 << 10);
            String stripe = "stripe:64K:" + kept + "," + fs.dir().resolve("b.img");
            FileState before = FileState.of(kept);
            CliTest.Run r = CliTest.run("cdm", "--target", stripe, "--size", "4M", "--preset", "v3", "--progress", "none");
            assertEquals(ExitCodes.UNSAFE_TARGET, r.code(), r.err());
            assertEquals("sbench: writing overwrites file " + kept + " (65.5 kB), which carries no recognised partition table or"
                    + " filesystem; add --allow-write to proceed\n", r.err());
            assertEquals(before, FileState.of(kept), "left as it was");
            try (var files = Files.list(fs.dir())) {
                assertEquals(1, files.count(), "nothing made");
            }
        }
    }

    /**
     * demo takes no --size: on a file system with too little room its refusal offered "--size 4096M makes it all the
     * same", an option demo refuses. It says what demo can be given, --dir, and leaves nothing in it.
     */
    @Test
    void demoWithTooLittleRoomIsToldToUseAnotherDir(@TempDir Path mountPoint) throws Exception {
        try (Tmpfs fs = Tmpfs.mount(mountPoint, 4700L << 20)) {
            CliTest.Run r = CliTest.run("demo", "--dir", fs.dir().toString());
            assertEquals(ExitCodes.USAGE, r.code(), r.err());
            assertTrue(r.err().startsWith("sbench: " + fs.dir().resolve("scratch.img") + ": a new file of 4.29 GB (what the trace"
                    + " reaches) would leave "), r.err());
            assertTrue(r.err().contains(" sbench keeps free: give demo a --dir on a file system with more room\n"), r.err());
            assertFalse(r.err().contains("--size"), r.err());
            try (var left = Files.list(fs.dir())) {
                assertEquals(0, left.count(), "nothing left in --dir");
            }
        }
    }

    @Test
    void aFileUnderALoopDeviceIsRefusedThroughAnyOfItsNames() throws Exception {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            Path hardLink = Files.createLink(loop.image().resolveSibling(loop.image().getFileName() + ".link"), loop.image());
            try {
                FileState before = FileState.of(loop.image());
                for (Path name : new Path[] {loop.image(), hardLink}) {
                    CliTest.Run r = replay(name, "--allow-write", "--force");
                    assertEquals(ExitCodes.UNSAFE_TARGET, r.code(), r.err());
                    assertEquals("sbench: " + name + " backs loop device " + loop.path() + ", which could be mounted during the"
                            + " run; sbench never writes to a file under a loop device: replay onto " + loop.path()
                            + " instead, or detach it (losetup -d " + loop.path() + ")" + READ_ONLY_HINT, r.err());
                }
                assertEquals(before, FileState.of(loop.image()));
                assertEquals(0, replay(hardLink, "--read-only").code(), "reading is harmless");
            } finally {
                Files.deleteIfExists(hardLink);
            }
        }
    }

    @Test
    void anActiveSwapFileIsNeverWritten() throws Exception {
        // Never swap on tmpfs (it deadlocks reclaim here): the file sits in the module's build directory, on disk.
        Path buildDir = Files.createDirectories(Path.of(System.getProperty("basedir", "."), "target", "swap-test"));
        Path swap = buildDir.resolve("swap-" + ProcessHandle.current().pid() + ".img");
        Files.write(swap, new byte[SWAP_BYTES]);
        try {
            LoopDevice.run("chmod", "600", swap.toString());
            LoopDevice.run("mkswap", swap.toString());
            assumeTrue(LoopDevice.works("swapon", swap.toString()), "swapon does not work here");
            try {
                FileState before = FileState.of(swap);
                CliTest.Run r = replay(swap, "--allow-write", "--force");
                assertEquals(ExitCodes.UNSAFE_TARGET, r.code(), r.err());
                assertEquals("sbench: " + swap + " is in use as swap (/proc/swaps); sbench never writes to a swap file"
                        + READ_ONLY_HINT, r.err());
                assertEquals(before, FileState.of(swap));
            } finally {
                LoopDevice.run("swapoff", swap.toString());
            }
        } finally {
            Files.deleteIfExists(swap);
        }
    }

    @Test
    void aDeviceHeldByAnotherRunIsRefusedThroughAnyPath() throws Exception {
        try (LoopDevice loop = LoopDevice.create(SIZE)) {
            Path link = Files.createSymbolicLink(dir.resolve("disk"), loop.path());
            String nomerges = "/sys/class/block/" + loop.path().getFileName() + "/queue/nomerges";
            Files.writeString(Path.of(nomerges), "0");
            FileState before = FileState.of(loop.path());
            try (Target first = Targets.open(loop.path().toString(), TargetSettings.DEFAULTS.withReadOnly(true))) {
                CliTest.Run r = replay(link, "--read-only");
                assertEquals(ExitCodes.UNSAFE_TARGET, r.code(), r.err());
                assertEquals("sbench: " + link + " is in use by this sbench process (pid " + ProcessHandle.current().pid()
                        + "): it holds /run/sbench/block-" + Files.readString(Path.of("/sys/class/block/" + loop.path().getFileName()
                        + "/dev")).trim() + ".lock, the lock of disk " + loop.path() + "; one run per disk at a time\n", r.err());
                CliTest.Run write = replay(link, "--allow-write");
                assertEquals(ExitCodes.UNSAFE_TARGET, write.code(), write.err());
                assertEquals("2", Files.readString(Path.of(nomerges)).trim(), "the first run's setting stands");
            }
            assertEquals("0", Files.readString(Path.of(nomerges)).trim(), "restored by the first run, once");
            assertEquals(before, FileState.of(loop.path()));
        }
    }
}
