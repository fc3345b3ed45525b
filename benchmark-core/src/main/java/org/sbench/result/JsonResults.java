package org.sbench.result;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.DataFormatException;
import org.sbench.SbenchException;
import org.sbench.trace.input.InputFiles;

/**
 * Writes a {@link ReplayResult} (or a document of results) as JSON atomically, and reads a result
 * back (for report and compare).
 */
public final class JsonResults {
    private final ObjectMapper mapper = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** Writes {@code result} to {@code file}; the file appears only when complete. */
    public void write(ReplayResult result, Path file) {
        try (OutputFiles files = new OutputFiles()) {
            write(result, file, files);
            files.commit();
        }
    }

    /** Adds {@code result} as the file {@code file} to {@code files}, to appear with the others. */
    public void write(ReplayResult result, Path file, OutputFiles files) {
        writeValue(result, file, files);
    }

    /**
     * Adds {@code document} (a record of results, such as a {@code cdm} suite's) as JSON in the same
     * form results take, as the file {@code file} of {@code files}.
     */
    public void writeValue(Object document, Path file, OutputFiles files) {
        files.writeStream(file, out -> mapper.writeValue(out, document));
    }

    /**
     * Reads a result and checks that it has every part reports use (settings, trace, target,
     * summary with latency per op, size classes, time series, fidelity, decodable latency
     * histograms), so that a report never fails half way; the error names the file and the part.
     */
    public ReplayResult read(Path file) {
        if (Files.isDirectory(file)) {
            throw SbenchException.badInput(file.toString(), "is a directory, expected a result file");
        }
        ReplayResult r;
        try (InputStream in = InputFiles.open(file)) {
            r = JsonErrors.read(mapper, in, ReplayResult.class);
        } catch (IOException e) {
            throw SbenchException.badInput(file.toString(), "not an sbench result: " + JsonErrors.describe(e));
        }
        if (r != null) {
            JsonErrors.refuseNewer(file.toString(), "result", r.format(), ReplayResult.FORMAT);
        }
        String missing = missingPart(r);
        if (missing != null) {
            throw SbenchException.badInput(file.toString(), "not an sbench result: no '" + missing + "'");
        }
        String misshapen = ResultShape.problem(r);
        misshapen = misshapen != null ? misshapen : ResultRelations.across(r);
        if (misshapen != null) {
            throw SbenchException.badInput(file.toString(), "not an sbench result: " + misshapen);
        }
        for (String op : LatencyHistograms.OPS) {
            try {
                LatencyHistograms.decode(r.latencyHistogram().get(op));
            } catch (DataFormatException | RuntimeException e) {
                throw SbenchException.badInput(file.toString(),
                        "latencyHistogram." + op + " is not an HdrHistogram compressed encoding in Base64");
            }
        }
        return r.withPartialSecondRates();
    }

    private static String missingPart(ReplayResult r) {
        if (r == null) {
            return "result";
        }
        if (r.settings() == null || r.settings().mode() == null) {
            return "settings";
        }
        if (r.trace() == null || r.trace().sha256() == null) {
            return "trace";
        }
        if (r.target() == null) {
            return "target";
        }
        if (r.summary() == null) {
            return "summary";
        }
        if (r.summary().latency() == null || !r.summary().latency().keySet().containsAll(LatencyHistograms.OPS)) {
            return "summary.latency";
        }
        if (r.sizeClasses() == null) {
            return "sizeClasses";
        }
        if (r.timeSeries() == null) {
            return "timeSeries";
        }
        if (r.fidelity() == null || r.fidelity().qdReplayed() == null) {
            return "fidelity";
        }
        if (r.latencyHistogram() == null) {
            return "latencyHistogram";
        }
        return null;
    }
}
