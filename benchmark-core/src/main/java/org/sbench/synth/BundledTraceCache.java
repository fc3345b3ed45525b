package org.sbench.synth;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.replay.TracePlan;
import org.sbench.result.AtomicTextFile;
import org.sbench.trace.Progress;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.format.sbt.SbtWriter;
import org.sbench.trace.input.DurableEntries;
import org.sbench.trace.synth.TraceSynthesizer;
import org.sbench.trace.synth.WorkloadProfile;
import org.sbench.traces.BundledTraces;

/**
 * Turns a bundled workload name into a trace file: generated once into the cache directory
 * ({@code $XDG_CACHE_HOME/sbench}, else {@code ~/.cache/sbench}), keyed by profile version and
 * seed, and reused afterwards. An existing file of that name always wins over a bundled name.
 */
public final class BundledTraceCache {
    /** The seed bundled traces are generated with unless another is asked for. */
    public static final long DEFAULT_SEED = 1;

    /** The SHA-256 of a cached trace, recorded when it was made, is kept beside it in NAME.sbt.sha256. */
    static final String SUM_SUFFIX = ".sha256";
    /** Cached traces checked by this process, with their modification times then. */
    private static final Map<Path, FileTime> VERIFIED = new ConcurrentHashMap<>();

    private final Path dir;
    /** Why there is no {@link #dir}: said when a bundled workload is asked for, not before (a trace file needs no cache). */
    private final String noDir;

    public BundledTraceCache(Path dir) {
        this(dir, null);
    }

    private BundledTraceCache(Path dir, String noDir) {
        this.dir = dir;
        this.noDir = noDir;
    }

    /**
     * The cache of this user: {@code $XDG_CACHE_HOME/sbench} when that is an absolute path (the XDG
     * rule), else {@code $HOME/.cache/sbench}, else in the home directory of the account.
     */
    public static BundledTraceCache forUser() {
        return of(System.getenv("XDG_CACHE_HOME"), System.getenv("HOME"), System.getProperty("user.home"));
    }

    static BundledTraceCache of(String xdgCacheHome, String home, String accountHome) {
        try {
            if (absolute(xdgCacheHome)) {
                return new BundledTraceCache(Path.of(xdgCacheHome, "sbench"));
            }
            for (String h : new String[] {home, accountHome}) {
                if (absolute(h)) {
                    return new BundledTraceCache(Path.of(h, ".cache", "sbench"));
                }
            }
        } catch (InvalidPathException e) {
            return new BundledTraceCache(null, "its directory " + e.getInput() + " is no path here (a name outside ASCII needs a"
                    + " UTF-8 locale, e.g. LANG=C.UTF-8)");
        }
        return new BundledTraceCache(null, "neither XDG_CACHE_HOME nor HOME is an absolute path, and the account has no home"
                + " directory; set XDG_CACHE_HOME=DIR");
    }

    private static boolean absolute(String path) {
        return path != null && path.startsWith("/");
    }

    /** Where the generated traces are kept. */
    public Path dir() {
        if (dir == null) {
            throw SbenchException.usage("no cache for the bundled workloads: " + noDir);
        }
        return dir;
    }

    public static WorkloadProfile profile(String name) {
        try (InputStream in = BundledTraces.profile(name)) {
            return WorkloadProfile.read(name, in);
        } catch (IOException e) {
            throw SbenchException.badInput(name, "cannot read the bundled profile: " + e.getMessage());
        }
    }

    /**
     * {@code arg} itself when it names a file (or is not a bundled name), else the cached trace of
     * that workload, generated first if missing ({@code generating} hears the IOs generated).
     */
    public Path resolve(String arg, Progress generating) {
        return names(arg) ? trace(arg, DEFAULT_SEED, generating) : Path.of(arg);
    }

    /** True if {@code arg} stands for a bundled workload: a bundled name, and no file of that name ({@link #resolve}). */
    public static boolean names(String arg) {
        return !Files.exists(Path.of(arg)) && BundledTraces.exists(arg);
    }

    /** The cached trace of workload {@code name} for {@code seed}, generated if missing ({@code generating} hears how far). */
    public Path trace(String name, long seed, Progress generating) {
        WorkloadProfile p = profile(name);
        Path dir = dir();
        Path file = dir.resolve(name + "-v" + p.version() + "-seed" + seed + ".sbt");
        Path sum = dir.resolve(file.getFileName() + SUM_SUFFIX);
        if (usable(file, sum)) {
            return file;
        }
        try {
            DurableEntries.createDirectories(dir);
        } catch (IOException e) {
            throw unwritable("create", dir, e);
        }
        // One process makes it, the others wait and use it: each made the whole trace (destroyer 2.4 GB).
        synchronized (BundledTraceCache.class) {
            try (FileChannel lock = lockToMake(file, name)) {
                if (!usable(file, sum)) {
                    generate(p, seed, p.capacityBytes(), file, generating);
                    writeSum(file, sum);
                }
            } catch (IOException e) {
                throw unwritable("lock", lockFile(file), e);
            }
        }
        return file;
    }

    /** The failure to {@code what} {@code path} of the cache, with where else to keep it: another user's home, say. */
    private static SbenchException unwritable(String what, Path path, IOException e) {
        return new SbenchException(ErrorKind.SYSTEM_FAILURE, "cannot " + what + " " + path + ": " + SbenchException.reason(e)
                + " (the cache of the bundled workloads; set XDG_CACHE_HOME to a directory this user may write)", e);
    }

    /** Whether {@code file} is there and intact; a damaged one is deleted. */
    private static boolean usable(Path file, Path sum) {
        if (!Files.exists(file)) {
            return false;
        }
        if (intact(file, sum)) {
            return true;
        }
        deleteDamaged(file);
        return false;
    }

    /**
     * The lock of whoever makes {@code file} (fcntl, on an empty hidden file beside it that stays: a
     * lock file deleted after use could be locked by two processes at once, each on its own inode);
     * the kernel drops it however its holder ends. Says so when another process holds it.
     */
    private static FileChannel lockToMake(Path file, String name) throws IOException {
        FileChannel channel = FileChannel.open(lockFile(file), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        try {
            if (channel.tryLock() == null) {
                System.err.println("sbench: waiting for another sbench to finish making " + name + " in " + file.getParent() + "...");
                channel.lock();
            }
            return channel;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    static Path lockFile(Path file) {
        return file.resolveSibling("." + file.getFileName() + ".lock");
    }

    /**
     * Whether {@code file} still has the SHA-256 that {@code sum} recorded when it was made: a cached
     * trace damaged since (a flipped byte, a cut) was replayed under the workload's name. A file
     * cached before sums were kept gets its sum now.
     */
    private static boolean intact(Path file, Path sum) {
        FileTime modified = modified(file);
        if (modified.equals(VERIFIED.get(file))) {
            // A scenario names a workload in many steps: its 190 MB are hashed once (0.25 s here), not per step.
            return true;
        }
        String now = TracePlan.sha256(file, Progress.NONE);
        boolean intact;
        try {
            intact = Files.readString(sum).strip().equals(now);
        } catch (NoSuchFileException e) {
            writeSum(now, sum);
            intact = true;
        } catch (IOException e) {
            throw SbenchException.ioFailure("read", sum, e);
        }
        if (intact) {
            VERIFIED.put(file, modified);
        }
        return intact;
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            throw SbenchException.ioFailure("read", file, e);
        }
    }

    /** Deletes {@code file}, a damaged trace; another process that found it damaged too may have deleted it first. */
    static void deleteDamaged(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw SbenchException.badInput(file.toString(), "the cached trace has changed since it was made (its SHA-256 is not"
                    + " the one recorded) and cannot be deleted to be made again (" + SbenchException.reason(e) + "); delete it, or"
                    + " give XDG_CACHE_HOME another directory");
        }
    }

    private static void writeSum(Path file, Path sum) {
        writeSum(TracePlan.sha256(file, Progress.NONE), sum);
    }

    /**
     * Records {@code sha256} in {@code sum}, where the cache can take it (a read-only cache is used
     * unchecked). Whole or not at all: another process reading it half-written took the trace for damaged.
     */
    static void writeSum(String sha256, Path sum) {
        try {
            AtomicTextFile.write(sum, w -> w.write(sha256 + "\n"));
        } catch (SbenchException e) {
            // A cache this user cannot write: its traces are used as they are, as before sums were kept.
        }
    }

    /** Generates {@code p} into {@code out} (.sbt), telling {@code progress} the IOs generated; the file appears only when complete. */
    public static void generate(WorkloadProfile p, long seed, long capacityBytes, Path out, Progress progress) {
        TraceSynthesizer synth = new TraceSynthesizer(p, seed, capacityBytes);
        try (SbtWriter w = new SbtFormat().openWriter(out, synth.info())) {
            synth.writeTo(w, progress);
            w.finish();
        }
    }
}
