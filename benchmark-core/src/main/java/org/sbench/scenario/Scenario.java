package org.sbench.scenario;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A scenario as its file declares it ({@link ScenarioFile}): a name, a description, and its parts in
 * order, each a single step or a group of steps repeated in rounds. Steps are kept as written (kind
 * word, option words, the line of each) and made into {@link org.sbench.step.Step}s only when
 * planned ({@link StepMaker}), so a scenario naming kinds this build lacks can still be listed.
 *
 * @param source what errors name as the file ({@code my.yaml}, {@code consistency.yaml} for a bundled one)
 * @param text   the file's text, kept in the bundle so that a resumed run follows the same scenario
 */
public record Scenario(String name, String description, String source, String text, List<Part> parts) {

    /** A part of a scenario: a step, or a group of steps in rounds. */
    public sealed interface Part permits StepSpec, Group {
    }

    /**
     * A step as written: its kind, its options (name to word) with the line of each, and in a group the
     * per-round changes of options ({@link PerRound}) with their lines.
     */
    public record StepSpec(String kind, int line, Map<String, String> options, Map<String, Integer> optionLines,
                           Map<String, String> perRound, Map<String, Integer> perRoundLines) implements Part {
    }

    /**
     * Steps repeated in rounds: {@code rounds} times, or with {@code untilSteady} until the tracked value
     * is in SNIA PTS steady state, at most {@code rounds} rounds.
     */
    public record Group(String name, int line, int rounds, boolean untilSteady, Track track, List<StepSpec> steps)
            implements Part {
    }

    /** The value a steady-state group tracks: of its {@code step}-th step (0-based), {@code iops} or {@code mbps}. */
    public record Track(int step, String metric, int line) {
        public static final String IOPS = "iops";
        public static final String MBPS = "mbps";
    }

    /** The SHA-256 of the text: a bundle is resumed and compared only with the same scenario. */
    public String sha256() {
        return sha256(text);
    }

    /** The SHA-256 of a scenario's text, in hex. */
    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is a required JDK algorithm", e);
        }
    }

    /**
     * Makes every step of the scenario at its longest whose kind {@code kinds} has (the first bad
     * option is a bad-input error naming this file and its line), and returns the kinds it uses that
     * {@code kinds} lacks, whose steps were not checked.
     */
    public List<String> check(StepKinds kinds) {
        List<String> missing = kinds.missing(kinds());
        new StepMaker(this, kinds, 1).check(missing);
        return missing;
    }

    /** How many steps the scenario runs at most (groups until steady state at their most rounds). */
    public int longestSteps() {
        return ScenarioWalk.plan(this).size();
    }

    /** The step kinds the scenario uses, in order of first use. */
    public Set<String> kinds() {
        Set<String> out = new LinkedHashSet<>();
        stepSpecs().forEach(s -> out.add(s.kind()));
        return out;
    }

    /** Every step as written, a group's once, in order. */
    List<StepSpec> stepSpecs() {
        List<StepSpec> out = new ArrayList<>();
        for (Part p : parts) {
            if (p instanceof StepSpec s) {
                out.add(s);
            } else if (p instanceof Group g) {
                out.addAll(g.steps());
            }
        }
        return out;
    }
}
