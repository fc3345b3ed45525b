package org.sbench.step;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.result.AtomicTextFile;
import org.sbench.result.JsonErrors;
import org.sbench.result.JsonResults;
import org.sbench.result.ReplayResult;
import org.sbench.target.TargetLock;
import org.sbench.trace.input.InputFiles;

/**
 * A bundle on disk: {@code DIR/bundle.json} (the {@link Bundle}) and
 * {@code DIR/steps/NN-KIND/RUN.json}, one replay result per IO run of each step. Each step's run files
 * are written before the index that names them, and the index is replaced atomically after each
 * step, so a bundle read at any moment (after a crash, or to resume) names only whole files.
 */
public final class BundleDirectory {
    public static final String INDEX = "bundle.json";
    private static final String STEPS = "steps";

    private final Path dir;
    /** True when {@link #create} made the directory (it did not exist): {@link #remove} removes it too. */
    private final boolean made;
    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private final JsonResults results = new JsonResults();

    private BundleDirectory(Path dir, boolean made) {
        this.dir = dir;
        this.made = made;
    }

    /**
     * A new bundle at {@code dir}: made if absent; refused (usage error naming it) when it exists and
     * is not an empty directory, so that no earlier bundle is overwritten ({@code --resume} continues one),
     * and when it cannot be made.
     */
    public static BundleDirectory create(Path dir) {
        boolean made = !Files.exists(dir);
        try {
            if (!made) {
                if (!Files.isDirectory(dir)) {
                    throw SbenchException.usage(dir + " is not a directory");
                }
                try (Stream<Path> entries = Files.list(dir)) {
                    if (entries.findAny().isPresent()) {
                        // A run writing the bundle holds its lock: refused as in use, naming it, not sent to --resume it.
                        TargetLock.ofBundle(dir).close();
                        throw SbenchException.usage(dir + " is not empty; give a new directory, or --resume " + dir
                                + " to continue the bundle in it");
                    }
                }
            }
            Files.createDirectories(dir);
            claim(dir);
        } catch (IOException e) {
            // Refused before the first step, as an output whose directory takes no file is.
            throw SbenchException.usage("the bundle directory " + dir + " cannot be made: " + SbenchException.reason(e));
        }
        return new BundleDirectory(dir, made);
    }

    /**
     * Makes the index of the new bundle in {@code dir}, empty until its first write, or refuses (in use,
     * exit 4) when another process made it since {@code dir} was found empty: of sbench runs begun in one
     * directory at once, all found it empty, all wrote their steps into it, and the last index written
     * named one of them; each reported its bundle.
     */
    private static void claim(Path dir) throws IOException {
        try {
            Files.createFile(dir.resolve(INDEX));
        } catch (FileAlreadyExistsException e) {
            throw new SbenchException(ErrorKind.TARGET_IN_USE, dir + " is in use by another sbench process, which began a bundle in it"
                    + " as this one started; one run of a bundle at a time: give another directory");
        }
    }

    /** The bundle at {@code dir}, to read or continue; a bad-input error naming it when it holds none. */
    public static BundleDirectory open(Path dir) {
        if (!Files.isRegularFile(dir.resolve(INDEX))) {
            throw SbenchException.badInput(dir.toString(), "not an sbench bundle: no " + INDEX);
        }
        return new BundleDirectory(dir, false);
    }

    public Path dir() {
        return dir;
    }

    /** The bundle's index; a bad-input error naming the file when it is not one. */
    public Bundle read() {
        Path index = dir.resolve(INDEX);
        try (InputStream in = InputFiles.open(index)) {
            Bundle b = mapper.readValue(in, Bundle.class);
            if (b == null || b.steps() == null || b.stateLog() == null || b.scenario() == null || b.target() == null || b.host() == null) {
                throw SbenchException.badInput(index.toString(), "not an sbench bundle: no steps, state log, scenario, target or host");
            }
            for (int i = 0; i < b.steps().size(); i++) {
                checkStep(index, i, b.steps().get(i));
            }
            return b;
        } catch (IOException e) {
            String msg = JsonErrors.describe(e);
            throw SbenchException.badInput(index.toString(), "not an sbench bundle: " + msg);
        }
    }

    /**
     * Refuses a step record that is not whole, or names a run file outside the bundle's {@code steps/}
     * or missing: an index edited by hand is refused before a resumed run touches the drive.
     */
    private void checkStep(Path index, int i, StepResult step) {
        String which = "step " + (i + 1);
        if (step == null || step.kind() == null || step.label() == null || step.options() == null || step.runs() == null) {
            throw SbenchException.badInput(index.toString(), which + " is not a whole step record (kind, label, options, runs)");
        }
        Path steps = dir.resolve(STEPS).normalize();
        for (StepResult.NamedRun run : step.runs()) {
            if (run == null || run.name() == null || run.file() == null) {
                throw SbenchException.badInput(index.toString(), which + " has a run without a name or file");
            }
            Path file = dir.resolve(run.file()).normalize();
            if (Path.of(run.file()).isAbsolute() || !file.startsWith(steps)) {
                throw SbenchException.badInput(index.toString(), which + " names run file '" + run.file() + "', outside the bundle's "
                        + STEPS + "/");
            }
            if (!Files.isRegularFile(file)) {
                throw SbenchException.badInput(index.toString(), which + " names run file '" + run.file() + "', which is missing");
            }
            if (!realPath(file).startsWith(realPath(steps))) {
                throw SbenchException.badInput(index.toString(), which + " names run file '" + run.file() + "', a link out of the"
                        + " bundle's " + STEPS + "/");
            }
        }
    }

    private static Path realPath(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            throw SbenchException.ioFailure("resolve", p, e);
        }
    }

    /**
     * Removes what the bundle wrote, its index and {@code steps/} with the run files in it, and the
     * directory when {@link #create} made it (left when anything else is in it): for a bundle that
     * goes again whole, as the output of a command that failed.
     */
    public void remove() throws IOException {
        Path steps = dir.resolve(STEPS);
        if (Files.isDirectory(steps, LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> tree = Files.walk(steps)) {
                for (Path p : tree.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.deleteIfExists(dir.resolve(INDEX));
        if (made) {
            Files.deleteIfExists(dir);
        }
    }

    /** Writes {@code bundle} as the index (atomically). */
    public void write(Bundle bundle) {
        AtomicTextFile.writeStream(dir.resolve(INDEX), out -> mapper.writeValue(out, bundle));
    }

    /**
     * Writes the run results of {@code step}, the {@code index}-th step (0-based), and returns the step
     * with each run's file named (relative to the bundle); the index is the caller's to write next.
     */
    public StepResult writeRuns(int index, StepResult step) {
        String stepDir = STEPS + "/" + String.format(Locale.ROOT, "%02d", index + 1) + "-" + step.kind();
        List<StepResult.NamedRun> written = new ArrayList<>();
        try {
            Files.createDirectories(dir.resolve(stepDir));
        } catch (IOException e) {
            throw SbenchException.ioFailure("make", dir.resolve(stepDir), e);
        }
        for (StepResult.NamedRun run : step.runs()) {
            String file = stepDir + "/" + run.name() + ".json";
            results.write(run.result(), dir.resolve(file));
            written.add(new StepResult.NamedRun(run.name(), file, run.result()));
        }
        return new StepResult(step.kind(), step.label(), step.options(), step.startedAt(), step.durationNs(), step.complete(),
                step.stopReason(), step.bytesWritten(), written, step.purge(), step.sweep(), step.steadyState());
    }

    /** The result of {@code run}, read from its file (as {@code report} reads it). */
    public ReplayResult readRun(StepResult.NamedRun run) {
        return run.result() != null ? run.result() : results.read(dir.resolve(run.file()));
    }
}
