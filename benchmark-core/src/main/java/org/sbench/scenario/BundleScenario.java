package org.sbench.scenario;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.sbench.SbenchException;
import org.sbench.result.AtomicTextFile;
import org.sbench.result.JsonErrors;
import org.sbench.result.TableResultWriter;
import org.sbench.step.BundleDirectory;
import org.sbench.target.Target;
import org.sbench.trace.input.InputFiles;

/**
 * {@code BUNDLE/scenario.json}: the scenario a bundle runs, as its file was (name, where it came from,
 * SHA-256 and text), with what the run was given that every step must share: the scale, what the
 * scale shortens (a kind and its options, e.g. {@code torture duration, round}), and the engine. A resumed
 * run follows it, and {@code compare} reads the bundle's places from it.
 *
 * @param scale  durations and sizes were multiplied by this (1: as written)
 * @param scaled what the scale applied to, for readers of the bundle: the target's region, then the options
 */
public record BundleScenario(String scenario, String source, String sha256, double scale, List<String> scaled, String engine,
                             String text) {
    public static final String FILE = "scenario.json";
    /** How {@link #scaled()} begins the region a scale kept (since 2026-12-07; a bundle of before words it otherwise). */
    static final String REGION_WORDS = "the first ";
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** The scenario {@code s} run at {@code scale} with {@code engine} on {@code target} (whose region the scale keeps). */
    static BundleScenario of(Scenario s, double scale, StepKinds kinds, String engine, Target target) {
        List<String> scaled = new ArrayList<>();
        if (scale != 1) {
            scaled.add(REGION_WORDS + TableResultWriter.count(ScenarioSession.regionBytes(target, scale)) + " of the target's "
                    + TableResultWriter.count(target.capacityBytes()) + " bytes");
            scaled.addAll(kinds.scaledOptions(s.kinds()));
        }
        return new BundleScenario(s.name(), s.source(), s.sha256(), scale, scaled, engine, s.text());
    }

    /** Whether the bundle in {@code bundleDir} has its step log, empty: it was begun, and no step was recorded. */
    private static boolean begunOnly(Path bundleDir) {
        Path log = bundleDir.resolve(BundleDirectory.STEP_LOG);
        try {
            return Files.isRegularFile(log) && Files.size(log) == 0;
        } catch (IOException e) {
            return false;
        }
    }

    /** The scenario again, from its text. */
    public Scenario parse() {
        return ScenarioFile.parse(source, scenario, text);
    }

    void write(Path bundleDir) {
        AtomicTextFile.writeStream(bundleDir.resolve(FILE), out -> MAPPER.writeValue(out, this));
    }

    /** The scenario of the bundle in {@code bundleDir}; a bad-input error naming the file when there is none. */
    public static BundleScenario read(Path bundleDir) {
        Path file = bundleDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            if (begunOnly(bundleDir)) {
                // The run writes the bundle's head, then this: killed between the two, it left no step to keep.
                throw SbenchException.badInput(file.toString(), "missing: the run that began this bundle ended before it wrote it (a"
                        + " kill -9 or a power loss), before its first step; nothing in " + bundleDir + " is kept: delete it, or give"
                        + " another directory");
            }
            throw SbenchException.badInput(bundleDir.toString(), "not a scenario bundle: no " + FILE + " (a bundle of sbench run)");
        }
        try {
            BundleScenario s;
            try (InputStream in = InputFiles.open(file)) {
                s = JsonErrors.read(MAPPER, in, BundleScenario.class);
            }
            if (s == null || s.scenario() == null || s.text() == null || s.source() == null || !(s.scale() > 0 && s.scale() <= 1)) {
                throw SbenchException.badInput(file.toString(), "not a bundle's scenario: no scenario, source, text or scale");
            }
            if (!Scenario.sha256(s.text()).equals(s.sha256())) {
                throw SbenchException.badInput(file.toString(), "the copy of scenario '" + s.scenario() + "' no longer matches its"
                        + " SHA-256 (edited after the bundle was begun); the bundle cannot be resumed or compared as it was begun");
            }
            return s;
        } catch (IOException e) {
            String msg = JsonErrors.describe(e);
            throw SbenchException.badInput(file.toString(), "not a bundle's scenario: " + msg);
        }
    }
}
