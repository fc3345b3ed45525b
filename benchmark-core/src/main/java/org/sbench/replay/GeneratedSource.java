package org.sbench.replay;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.function.Supplier;
import org.sbench.result.ReplayResult;
import org.sbench.trace.TraceReader;

/**
 * IOs generated for a run rather than read from a file: a {@code cdm} test pass, a fill, a torture
 * or a sweep. {@code definition} says what the IOs are in words that change whenever they would;
 * its SHA-256 is the trace identity, so that runs of one definition compare. No recorded depth: such
 * runs go at a fixed depth.
 *
 * @param name         the trace's name in results
 * @param format       the "format" word in results (e.g. {@code cdm})
 * @param definition   the IOs in words
 * @param reader       opens the generated records (once per run)
 * @param plannedIos   the IOs generated to the end, or {@link Replayer#UNBOUNDED} for a stream that a
 *                     planned stop (a time limit) ends
 * @param regionBytes  the highest byte the IOs reach
 * @param largestIoBytes the longest IO
 */
public record GeneratedSource(String name, String format, String definition, Supplier<TraceReader> reader, long plannedIos,
                              long regionBytes, long largestIoBytes) implements TraceSource {
    @Override
    public TraceReader open(ReplayMode mode, ReplayControl control) {
        return reader.get();
    }

    @Override
    public ReplayResult.TraceIdentity identity(Replayer.Outcome outcome) {
        return new ReplayResult.TraceIdentity(name, "generated: " + definition, format, sha256(definition), outcome.inTrace());
    }

    @Override
    public long neededBytes() {
        return regionBytes;
    }

    @Override
    public int recordedMaxQd() {
        return 0;
    }

    @Override
    public boolean recordedQdKnown() {
        return false;
    }

    @Override
    public StreamLayout layout() {
        return StreamLayout.NONE;
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is a required JDK algorithm", e);
        }
    }
}
