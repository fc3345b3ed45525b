package org.sbench.step;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.stream.Stream;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;
import org.sbench.result.AtomicTextFile;
import org.sbench.result.JsonErrors;
import org.sbench.result.JsonResults;
import org.sbench.result.ReplayResult;
import org.sbench.target.TargetLock;
import org.sbench.trace.input.DurableEntries;
import org.sbench.trace.input.InputFiles;

/**
 * A bundle on disk: {@code DIR/bundle.json} (the {@link Bundle}'s head), {@code DIR/steps.jsonl} (its
 * step records, a {@link Bundle.Record} a line) and {@code DIR/steps/NN-KIND/RUN.json}, one replay result
 * per IO run of each step. Each step's run files are written before the line that names them, which is
 * appended and synced as the step ends, so a bundle read at any moment (after a crash, or to resume)
 * names only whole files, and the bytes written a step do not grow with the steps. Bundles of format 2
 * hold their steps in {@code bundle.json}, which was replaced whole after each step: read alike.
 */
public final class BundleDirectory {
    public static final String INDEX = "bundle.json";
    /** The step log of a bundle of format 3: a {@link Bundle.Record} a line, appended as each step ends. */
    public static final String STEP_LOG = "steps.jsonl";
    private static final String STEPS = "steps";
    /** The longest line of a step log read: far above any step record (a sweep's of 1,000 points is some 100 KB). */
    static final int MAX_RECORD_BYTES = 16 << 20;

    private final Path dir;
    /** True when {@link #create} made the directory (it did not exist): {@link #remove} removes it too. */
    private final boolean made;
    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private final ObjectMapper lineMapper = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    private final JsonResults results = new JsonResults();
    /** What the last {@link #read} passed over ({@link #cut}). */
    private String cut;

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
            DurableEntries.createDirectories(dir);
            claim(dir);
        } catch (IOException e) {
            // Refused before the first step, as an output whose directory takes no file is.
            throw SbenchException.cannotBeMade("the bundle directory " + dir, e);
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
            DurableEntries.createFile(dir.resolve(INDEX));
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

    /**
     * The whole bundle: its index with, from format 3, the records of its step log (a last line cut short is not read:
     * {@link #cut} names it); a bad-input error naming the file (and line) when it is not one.
     */
    public Bundle read() {
        Bundle head = head();
        cut = null;
        if (!hasStepLog(head)) {
            return head;
        }
        List<Bundle.StateEvent> log = new ArrayList<>();
        List<StepResult> steps = new ArrayList<>();
        try (Records records = records()) {
            records.forEachRemaining(r -> {
                steps.add(r.step());
                log.add(r.state());
            });
            cut = records.cut();
        }
        return head.with(log, steps);
    }

    /** What the last {@link #read} passed over: its step log's last line, cut short, in words; null when none was. */
    public String cut() {
        return cut;
    }

    /** True when {@code b}'s steps are in {@link #STEP_LOG} (format 3), not in its index. */
    static boolean hasStepLog(Bundle b) {
        return b.format() != null && b.format() >= Bundle.FORMAT;
    }

    /**
     * The bundle's index as {@code bundle.json} holds it: of format 3 its head alone, before that the whole bundle. Refused
     * (bad input naming the file) when it is not one, or is of a format newer than this build's, as a result is.
     */
    public Bundle head() {
        Path index = dir.resolve(INDEX);
        Bundle b;
        try (InputStream in = InputFiles.open(index)) {
            if (Files.size(index) == 0) {
                // As claimed (create), never written: killed as it began.
                throw SbenchException.badInput(index.toString(), "empty: the run that began this bundle ended before it wrote it"
                        + " (a kill -9 or a power loss), before its first step; nothing in " + dir + " is kept: delete it, or"
                        + " give another directory");
            }
            b = JsonErrors.read(mapper, in, Bundle.class);
        } catch (IOException e) {
            throw SbenchException.badInput(index.toString(), "not an sbench bundle: " + JsonErrors.describe(e));
        }
        if (b != null) {
            JsonErrors.refuseNewer(index.toString(), "bundle", b.format(), Bundle.FORMAT);
        }
        // The target's kind names the drive where it has no path (the null target): reports and compare name it so.
        if (b == null || !hasStepLog(b) && (b.steps() == null || b.stateLog() == null) || b.scenario() == null || b.target() == null
                || b.target().kind() == null || b.host() == null) {
            throw SbenchException.badInput(index.toString(), "not an sbench bundle: no steps, state log, scenario, target (with its"
                    + " kind) or host");
        }
        for (int i = 0; !hasStepLog(b) && i < b.steps().size(); i++) {
            checkStep(index.toString(), i, b.steps().get(i), i < b.stateLog().size() ? b.stateLog().get(i) : null,
                    i > 0 && i <= b.stateLog().size() ? b.stateLog().get(i - 1) : null);
        }
        return b;
    }

    /** The records of the step log (format 3), read and checked one at a time. */
    public Records records() {
        Path file = dir.resolve(STEP_LOG);
        try {
            return new Records(file, new BufferedInputStream(Files.newInputStream(file), 1 << 16));
        } catch (IOException e) {
            throw SbenchException.badInput(file.toString(), "not an sbench step log: " + SbenchException.reason(e));
        }
    }

    /**
     * The records of {@link #STEP_LOG} in order, each checked as it is read (a line that is not a whole record, or the
     * record of another step than its place's, is a bad-input error naming the file and line). A last line without its line end is a record cut short: sbench ended
     * while it wrote it (a power loss, kill -9), so its step did not finish; it is not read, and {@link #cut} names it.
     */
    public final class Records implements Iterator<Bundle.Record>, AutoCloseable {
        private final Path file;
        private final InputStream in;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private int lines;
        private long wholeBytes;
        private Bundle.Record next;
        /** The state-log entry of the last record read; null before the first. */
        private Bundle.StateEvent before;
        private boolean ended;
        private String cut;

        private Records(Path file, InputStream in) {
            this.file = file;
            this.in = in;
        }

        @Override
        public boolean hasNext() {
            if (next == null && !ended) {
                next = readLine();
                ended = next == null;
            }
            return next != null;
        }

        @Override
        public Bundle.Record next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Bundle.Record r = next;
            next = null;
            return r;
        }

        /** The last line, cut short, in words ({@code FILE:LINE: ...}); null when there is none (so far). */
        public String cut() {
            return cut;
        }

        /** The bytes of the whole lines read. */
        long wholeBytes() {
            return wholeBytes;
        }

        private Bundle.Record readLine() {
            line.reset();
            int c;
            try {
                while ((c = in.read()) >= 0 && c != '\n') {
                    if (line.size() == MAX_RECORD_BYTES) {
                        throw SbenchException.badInput(file + ":" + (lines + 1), "a line of more than " + (MAX_RECORD_BYTES >> 20)
                                + " MiB, longer than any step record (some KB): not a step log");
                    }
                    line.write(c);
                }
            } catch (IOException e) {
                throw SbenchException.ioFailure("read", file, e);
            }
            if (c < 0) {
                if (line.size() > 0) {
                    cut = file + ":" + (lines + 1) + ": the last step record is cut short (no line end: sbench ended while"
                            + " writing it, at a power loss or kill -9); its step did not finish";
                }
                return null;
            }
            lines++;
            wholeBytes += line.size() + 1;
            String where = file + ":" + lines;
            Bundle.Record r;
            try {
                r = lineMapper.readValue(line.toByteArray(), Bundle.Record.class);
            } catch (IOException e) {
                throw SbenchException.badInput(where, "not a step record: " + JsonErrors.describe(e));
            }
            if (r == null || r.state() == null) {
                throw SbenchException.badInput(where, "not a step record (a step and its state-log entry)");
            }
            checkStep(where, lines - 1, r.step(), r.state(), before);
            before = r.state();
            return r;
        }

        @Override
        public void close() {
            try {
                in.close();
            } catch (IOException e) {
                throw SbenchException.ioFailure("close", file, e);
            }
        }
    }

    /**
     * Refuses the record of step {@code i} (from 0) when its state-log entry {@code state} (null where none) names another
     * step, or it is not whole, names a run file outside the bundle's {@code steps/} or missing, or holds, or its entry
     * holds, a figure no step writes ({@link StepShape}) or figures no step writes together, also with the entry before,
     * {@code before} (null where none: {@link StepRelations}): an index edited by hand is refused before a resumed run
     * touches the drive.
     */
    private void checkStep(String index, int i, StepResult step, Bundle.StateEvent state, Bundle.StateEvent before) {
        if (state != null && state.step() != i) {
            throw SbenchException.badInput(index, "the record of step " + (state.step() + 1) + ", in the place of step " + (i + 1)
                    + " (a line repeated, moved or of another bundle)");
        }
        String which = "step " + (i + 1);
        if (step == null || step.kind() == null || step.label() == null || step.options() == null || step.runs() == null) {
            throw SbenchException.badInput(index, which + " is not a whole step record (kind, label, options, runs)");
        }
        Path steps = dir.resolve(STEPS).normalize();
        for (StepResult.NamedRun run : step.runs()) {
            if (run == null || run.name() == null || run.file() == null) {
                throw SbenchException.badInput(index, which + " has a run without a name or file");
            }
            Path file = dir.resolve(run.file()).normalize();
            if (Path.of(run.file()).isAbsolute() || !file.startsWith(steps)) {
                throw SbenchException.badInput(index, which + " names run file '" + run.file() + "', outside the bundle's "
                        + STEPS + "/");
            }
            if (!Files.isRegularFile(file)) {
                throw SbenchException.badInput(index, which + " names run file '" + run.file() + "', which is missing");
            }
            if (!realPath(file).startsWith(realPath(steps))) {
                throw SbenchException.badInput(index, which + " names run file '" + run.file() + "', a link out of the"
                        + " bundle's " + STEPS + "/");
            }
        }
        String misshapen = StepShape.problem(step, state);
        misshapen = misshapen != null ? misshapen : StepRelations.problem(step, state, before);
        if (misshapen != null) {
            throw SbenchException.badInput(index, which + " has " + misshapen);
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
        Files.deleteIfExists(dir.resolve(STEP_LOG));
        Files.deleteIfExists(dir.resolve(INDEX));
        if (made) {
            Files.deleteIfExists(dir);
        }
    }

    /** Writes {@code head} as the index (atomically): a bundle's head, as begun, resumed or ended. */
    public void write(Bundle head) {
        AtomicTextFile.writeStream(dir.resolve(INDEX), out -> mapper.writeValue(out, head));
    }

    /** Begins the bundle: its step log, empty, then {@code head} as its index. */
    public void begin(Bundle head) {
        try {
            DurableEntries.createFile(dir.resolve(STEP_LOG));
        } catch (IOException e) {
            throw SbenchException.ioFailure("create", dir.resolve(STEP_LOG), e);
        }
        write(head);
    }

    /**
     * Appends {@code r} to the step log, a line, and syncs it: bytes a step that do not grow with the steps before it. A step
     * is recorded once its line end is on the disk.
     */
    public void append(Bundle.Record r) {
        Path file = dir.resolve(STEP_LOG);
        try (FileChannel log = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            ByteBuffer line = ByteBuffer.wrap(line(r));
            while (line.hasRemaining()) {
                log.write(line);
            }
            log.force(false);
        } catch (IOException e) {
            throw SbenchException.ioFailure("write", file, e);
        }
    }

    private byte[] line(Bundle.Record r) throws IOException {
        byte[] json = lineMapper.writeValueAsBytes(r);
        byte[] line = Arrays.copyOf(json, json.length + 1);
        line[json.length] = '\n';
        return line;
    }

    /** Cuts the step log to its first {@code bytes}: the whole lines before a last one cut short ({@link Records#wholeBytes}). */
    public void truncate(long bytes) {
        Path file = dir.resolve(STEP_LOG);
        try (FileChannel log = FileChannel.open(file, StandardOpenOption.WRITE)) {
            log.truncate(bytes);
            log.force(false);
        } catch (IOException e) {
            throw SbenchException.ioFailure("write", file, e);
        }
    }

    /**
     * Writes {@code old}, a bundle of format 2 read whole ({@link #head}), in format 3, and returns its head: its step log
     * first, then the head in place of the index, so that a bundle left between the two is still of format 2, whole.
     */
    public Bundle convert(Bundle old) {
        if (old.steps().size() != old.stateLog().size()) {
            throw SbenchException.badInput(dir.resolve(INDEX).toString(), "has " + old.steps().size() + " step records and "
                    + old.stateLog().size() + " state-log entries; a bundle has one of each per step");
        }
        AtomicTextFile.writeStream(dir.resolve(STEP_LOG), out -> {
            for (int i = 0; i < old.steps().size(); i++) {
                out.write(line(new Bundle.Record(old.steps().get(i), old.stateLog().get(i))));
            }
        });
        Bundle head = old.head();
        write(head);
        return head;
    }

    /**
     * Writes the run results of {@code step}, the {@code index}-th step (0-based) of a bundle of
     * {@code plannedSteps}, and returns the step with each run's file named (relative to the bundle);
     * the index is the caller's to write next. The step's directory is numbered in the digits the
     * planned steps need, two at least, so that {@code ls} lists them in order (steps run again on
     * resume, past the planned, get a digit more).
     */
    public StepResult writeRuns(int index, int plannedSteps, StepResult step) {
        int digits = Math.max(2, Integer.toString(plannedSteps).length());
        String stepDir = STEPS + "/" + String.format(Locale.ROOT, "%0" + digits + "d", index + 1) + "-" + step.kind();
        List<StepResult.NamedRun> written = new ArrayList<>();
        try {
            DurableEntries.createDirectories(dir.resolve(stepDir));
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
