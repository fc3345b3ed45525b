package org.sbench.replay;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.sbench.trace.IoRecord;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;

/**
 * The plans of several replays made before any runs (a scenario's steps), each trace planned once: by what a plan depends
 * on, the file (by its real path: {@code t.csv}, {@code ./t.csv}, its absolute path and a link to it are one file), its
 * format ({@code --from}), how it is read ({@code --skip-bad}) and the stream replayed (a plan of one stream keeps that
 * stream's statistics alone), not by the settings that change only the replay ({@code qd}, {@code speed}, {@code fit},
 * ...), which {@link TracePlan} answers for each. A stop asked of
 * the control abandons the reading. The plans share their formats ({@link TraceFormats#sharingCopies}): a compressed
 * trace.dat is copied into the temporary directory once for its plans and their runs, until {@link #close}.
 */
public final class TracePlans implements AutoCloseable {
    private final ReplayControl control;
    private final Map<Key, TracePlan> plans = new HashMap<>();
    private final TraceFormats formats = TraceFormats.sharingCopies();

    public TracePlans(ReplayControl control) {
        this.control = control;
    }

    /** What a plan depends on. */
    private record Key(Path path, String from, ReadOptions options, int stream) {
    }

    /**
     * The plan of trace {@code path} read as {@code from} with {@code options} for a replay of {@code stream}
     * ({@link TracePlan#of(TraceFormats, Path, String, ReadOptions, int, ReplayControl)}): made the first time, then the same.
     */
    public TracePlan of(Path path, String from, ReadOptions options, int stream) {
        Key key = new Key(identity(path), from, options, stream >= 0 ? stream : IoRecord.NO_STREAM);
        TracePlan plan = plans.get(key);
        if (plan == null) {
            plan = TracePlan.of(formats, path, from, options, stream, control);
            plans.put(key, plan);
        }
        return plan;
    }

    /** The file {@code path} names: its real path, or its normalized absolute path where it cannot be resolved. */
    private static Path identity(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }

    /** How many plans were made (each a reading of its trace). */
    public int size() {
        return plans.size();
    }

    /** Frees the copies of the trace.dat files planned: their runs are over. */
    @Override
    public void close() {
        formats.close();
    }
}
