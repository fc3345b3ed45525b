package org.sbench.synth;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.sbench.SbenchException;
import org.sbench.trace.Progress;
import org.sbench.trace.format.sbt.SbtFormat;
import org.sbench.trace.format.sbt.SbtWriter;
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

    private final Path dir;

    public BundledTraceCache(Path dir) {
        this.dir = dir;
    }

    /** The cache of this user: {@code $XDG_CACHE_HOME/sbench} or {@code ~/.cache/sbench}. */
    public static BundledTraceCache forUser() {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return new BundledTraceCache(base.resolve("sbench"));
    }

    /** Where the generated traces are kept. */
    public Path dir() {
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
        Path asFile = Path.of(arg);
        if (Files.exists(asFile) || !BundledTraces.exists(arg)) {
            return asFile;
        }
        return trace(arg, DEFAULT_SEED, generating);
    }

    /** The cached trace of workload {@code name} for {@code seed}, generated if missing ({@code generating} hears how far). */
    public Path trace(String name, long seed, Progress generating) {
        WorkloadProfile p = profile(name);
        Path file = dir.resolve(name + "-v" + p.version() + "-seed" + seed + ".sbt");
        if (!Files.exists(file)) {
            try {
                Files.createDirectories(dir);
            } catch (IOException e) {
                throw SbenchException.ioFailure("create", dir, e);
            }
            generate(p, seed, p.capacityBytes(), file, generating);
        }
        return file;
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
