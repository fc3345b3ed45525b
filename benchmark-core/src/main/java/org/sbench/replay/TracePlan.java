package org.sbench.replay;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.StringJoiner;
import org.sbench.SbenchException;
import org.sbench.trace.IoRecord;
import org.sbench.trace.TraceReader;
import org.sbench.trace.format.TraceFormats;
import org.sbench.trace.input.ReadOptions;
import org.sbench.trace.stats.TraceInspector;
import org.sbench.trace.stats.TraceStatistics;

/**
 * What a replay must know about its trace before the first IO: one streaming pass of statistics
 * (capacity needed per stream, largest IO, deepest recorded queue, streams present) and the
 * file's SHA-256 (results of different traces are never compared). Refuses traces the settings
 * cannot replay, with a message naming what to change, and a trace that is not a regular file
 * (a pipe cannot be read a second time).
 */
public record TracePlan(Path path, String from, TraceStatistics stats, String sha256) {
    private static final int HASH_BUFFER = 1 << 20;

    public static TracePlan of(TraceFormats formats, Path path, String from, ReadOptions options) {
        if (Files.exists(path) && !Files.isRegularFile(path)) {
            throw SbenchException.usage(path + " is not a regular file (a pipe or device): replay reads its trace twice, a"
                    + " planning pass and then the replay, and a pipe can be read once; convert it first (sbench convert "
                    + path + " trace.sbt) and replay that");
        }
        TraceStatistics stats;
        try (TraceReader reader = formats.open(path, from, options)) {
            stats = TraceInspector.inspect(reader, org.sbench.trace.stats.SequentialWindow.DEFAULT_WINDOW);
        }
        return new TracePlan(path, from, stats, sha256(path));
    }

    static String sha256(Path path) {
        try (InputStream in = Files.newInputStream(path)) {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            byte[] buf = new byte[HASH_BUFFER];
            int n;
            while ((n = in.read(buf)) > 0) {
                md.update(buf, 0, n);
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (IOException e) {
            throw SbenchException.ioFailure("read", path, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is a required JDK algorithm", e);
        }
    }

    /** Checks that {@code settings} can replay this trace; throws a usage error saying what to change. */
    public void check(ReplaySettings settings) {
        if (stats.records() == 0) {
            throw SbenchException.badInput(path.toString(), "the trace has no IOs to replay");
        }
        if (settings.stream() == IoRecord.NO_STREAM && stats.streams().size() > 1) {
            throw SbenchException.usage("the trace records " + stats.streams().size() + " devices (streams " + streamNames()
                    + "); replay one of them with --stream N, or all on disjoint ranges with --stream all");
        }
        if (settings.stream() >= 0 && stream(settings.stream()) == null) {
            throw SbenchException.usage("the trace has no stream " + settings.stream() + "; its streams: " + streamNames());
        }
        if (settings.mode() == ReplayMode.RECORDED_QD && settings.qdFallback() == 0) {
            long replayed = records(settings.stream());
            long withoutQd = withoutQd(settings.stream());
            if (withoutQd == replayed) {
                throw RecordedQdScheduler.noRecordedQd();
            }
            if (withoutQd > 0) {
                throw SbenchException.usage(withoutQd + " of the " + replayed + " IOs to replay have no completion time (their"
                        + " completion was not traced), so their recorded queue depth is not known; use --qd-fallback N (the depth"
                        + " for those IOs), --mode timed or --mode fixed-qd --qd N");
            }
        }
    }

    /** IOs of the chosen stream (all streams for none or all) without a recorded queue depth. */
    private long withoutQd(int streamId) {
        TraceStatistics.StreamRow s = streamId < 0 ? null : stream(streamId);
        return s != null ? s.withoutQd() : stats.streams().stream().mapToLong(TraceStatistics.StreamRow::withoutQd).sum();
    }

    /** The trace's streams as inspect shows them, comma-separated. */
    private String streamNames() {
        StringJoiner names = new StringJoiner(", ");
        stats.streams().forEach(s -> names.add(s.name()));
        return names.toString();
    }

    private TraceStatistics.StreamRow stream(int id) {
        for (TraceStatistics.StreamRow s : stats.streams()) {
            if (s.stream() == id) {
                return s;
            }
        }
        return null;
    }

    /** Where each stream goes for {@code --stream all}; {@link StreamLayout#NONE} otherwise. */
    public StreamLayout layout(int streamId) {
        return streamId == ReplaySettings.ALL_STREAMS ? StreamLayout.of(stats.streams()) : StreamLayout.NONE;
    }

    /** Bytes the replayed IOs reach: the capacity a target needs for {@code --fit error}. */
    public long neededBytes(int streamId) {
        if (streamId == ReplaySettings.ALL_STREAMS) {
            return layout(streamId).totalBytes();
        }
        TraceStatistics.StreamRow s = streamId < 0 ? null : stream(streamId);
        return s == null ? stats.maxOffset() : s.maxOffset();
    }

    /** IOs the replay will issue at most (records of the chosen stream). */
    public long records(int streamId) {
        TraceStatistics.StreamRow s = streamId < 0 ? null : stream(streamId);
        return s == null ? stats.records() : s.records();
    }

    /** Queue depth the engine needs for {@code settings}. */
    public int depth(ReplaySettings settings) {
        switch (settings.mode()) {
            case FIXED_QD: return settings.fixedQd();
            case TIMED: return settings.timedMaxInFlight();
            default: return Math.min(ReplaySettings.MAX_DEPTH, Math.max(stats.qd().max(), settings.qdFallback()));
        }
    }

    /** Largest read or write, widened by a block at each end for alignment. */
    public int maxIoBytes(int blockBytes) {
        long max = stats.maxIoBytes() + 2L * blockBytes;
        if (max > Integer.MAX_VALUE / 2) {
            throw SbenchException.usage("the trace has an IO of " + stats.maxIoBytes() + " bytes; sbench replays IOs up to 1 GiB");
        }
        return (int) Math.max(max, blockBytes);
    }
}
