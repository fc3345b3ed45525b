package org.sbench.scenario;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.sbench.SbenchException;
import org.sbench.step.SteadyState;
import org.sbench.trace.input.InputFiles;
import org.sbench.trace.units.Words;
import org.sbench.traces.BundledScenarios;

/**
 * Reads a scenario file (YAML, or JSON when its name ends in {@code .json}) into a {@link Scenario},
 * checking its shape: every key known, every value of the type expected; the first error is one line
 * naming the file, the line and the key. The format (docs/scenarios.md):
 * <pre>
 * name: consistency                 # optional; the file name without extension otherwise
 * description: ...                  # optional
 * steps:
 *   - fill: {passes: 2}             # a step: its kind, and its options as the command writes them
 *   - group: degradation            # a group of steps in rounds (the name is optional)
 *     rounds: 8
 *     steps:
 *       - torture: {duration: 10m}
 *         per-round: {duration: 5m} # round r runs duration + (r - 1) x 5m
 *       - replay: {trace: light-2011}
 *   - until: steady                 # rounds until SNIA PTS steady state (at most rounds:, default 25)
 *     track: torture.iops           # STEP.VALUE: a step of the group (its kind or number) and iops or mbps
 *     steps:
 *       - torture: {duration: 1m}
 * </pre>
 */
public final class ScenarioFile {
    /** A scenario file is small; a larger file is not one. */
    static final int MAX_BYTES = 1 << 20;
    private static final int MAX_ROUNDS = 100_000;
    /**
     * Steps a scenario may plan in all (each is made and checked before the first runs). The run's end table and
     * report hold every step's record and key numbers: about 3 KB of heap a step, so 100,000 steps need some 350 MiB
     * (bench/RESULTS.md, "The end of a long scenario"), within the default heap of a machine of 2 GiB.
     */
    static final int MAX_PLANNED_STEPS = 100_000;
    private static final List<String> TOP = List.of("name", "description", "steps");
    private static final List<String> GROUP = List.of("group", "rounds", "until", "track", "steps");
    static final String PER_ROUND = "per-round";
    private static final String STEADY = "steady";

    private final String source;

    private ScenarioFile(String source) {
        this.source = source;
    }

    /**
     * The scenario {@code arg} names: a file (an existing file always wins), else a bundled scenario
     * ({@code sbench scenarios} lists them); a bad-input error saying so when it is neither.
     */
    public static Scenario named(String arg) {
        Path file = Path.of(arg);
        if (Files.exists(file) || !BundledScenarios.exists(arg)) {
            if (!Files.exists(file)) {
                throw SbenchException.badInput(arg, "no such file, and no bundled scenario of that name (sbench scenarios lists them)");
            }
            return read(file);
        }
        return bundled(arg);
    }

    /** The bundled scenario {@code name}. */
    public static Scenario bundled(String name) {
        try (InputStream in = BundledScenarios.file(name)) {
            return parse(BundledScenarios.fileName(name), name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw SbenchException.badInput(BundledScenarios.fileName(name), "cannot read the bundled scenario: " + e.getMessage());
        }
    }

    /** The scenario in {@code file}; named after the file unless it names itself. */
    public static Scenario read(Path file) {
        byte[] bytes;
        try (InputStream in = InputFiles.open(file)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (IOException e) {
            throw SbenchException.ioFailure("read", file, e);
        }
        if (bytes.length > MAX_BYTES) {
            throw SbenchException.badInput(file.toString(), "larger than " + MAX_BYTES + " bytes; a scenario file is small");
        }
        String name = file.getFileName().toString().replaceFirst("\\.(ya?ml|json)$", "");
        return parse(file.toString(), name, new String(bytes, StandardCharsets.UTF_8));
    }

    /** The scenario in {@code text}; {@code source} names the file in errors, {@code defaultName} is its name if it gives none. */
    public static Scenario parse(String source, String defaultName, String text) {
        return new ScenarioFile(source).scenario(Doc.read(source, text), defaultName, text);
    }

    private Scenario scenario(Doc.Node root, String defaultName, String text) {
        Doc.Fields top = fields(root, "a map with 'steps:' (the scenario's steps)");
        known(top, TOP, "a scenario");
        String name = top.fields().containsKey("name") ? text(top.fields().get("name")) : defaultName;
        if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            throw Doc.error(source, lineOf(top, "name"), "name: expected letters, digits, '.', '_' or '-', found "
                    + SbenchException.quoted(name));
        }
        String description = top.fields().containsKey("description") ? text(top.fields().get("description")) : null;
        Doc.Field steps = top.fields().get("steps");
        if (steps == null) {
            throw Doc.error(source, top.line(), "no 'steps:'; a scenario lists its steps under it");
        }
        List<Scenario.Part> parts = new ArrayList<>();
        // A group's name tells it apart in the steps' labels, the verdicts and the report's charts.
        Map<String, Integer> groupLines = new LinkedHashMap<>();
        long planned = 0;
        for (Doc.Node item : items(steps)) {
            Doc.Fields f = fields(item, "a step (- KIND: {OPTION: VALUE}) or a group (- rounds: N, steps: [...])");
            if (isGroup(f)) {
                Scenario.Group g = group(f, groupLines.size() + 1);
                Integer first = groupLines.putIfAbsent(g.name(), g.line());
                if (first != null) {
                    throw Doc.error(source, g.line(), "group " + SbenchException.quoted(g.name())
                            + " is named twice (first at line " + first
                            + "); give each group a name of its own");
                }
                parts.add(g);
                planned += (long) g.rounds() * g.steps().size();
            } else {
                parts.add(step(f, false));
                planned++;
            }
            if (planned > MAX_PLANNED_STEPS) {
                throw Doc.error(source, f.line(), "the scenario plans more than " + MAX_PLANNED_STEPS + " steps up to here"
                        + " (a group's rounds x its steps, and each step outside groups; the end table and report hold every"
                        + " step, about 3 KB of heap each); split it into scenarios");
            }
        }
        return new Scenario(name, description, source, text, List.copyOf(parts));
    }

    private static boolean isGroup(Doc.Fields f) {
        return f.fields().containsKey("steps") || f.fields().containsKey("rounds") || f.fields().containsKey("until");
    }

    private Scenario.Group group(Doc.Fields f, int number) {
        known(f, GROUP, "a group");
        String name = f.fields().containsKey("group") ? text(f.fields().get("group")) : "group " + number;
        boolean steady = false;
        if (f.fields().containsKey("until")) {
            String until = text(f.fields().get("until"));
            if (until == null || !STEADY.equals(Words.of(until))) {
                throw Doc.error(source, lineOf(f, "until"), "until: expected steady, found " + SbenchException.quoted(until));
            }
            steady = true;
        }
        int rounds = rounds(f, steady);
        Doc.Field stepsField = f.fields().get("steps");
        if (stepsField == null) {
            throw Doc.error(source, f.line(), "a group needs 'steps:', the steps of each round");
        }
        List<Scenario.StepSpec> steps = new ArrayList<>();
        for (Doc.Node item : items(stepsField)) {
            Doc.Fields s = fields(item, "a step (- KIND: {OPTION: VALUE})");
            if (isGroup(s)) {
                throw Doc.error(source, s.line(), "groups do not nest; put the rounds in one group");
            }
            steps.add(step(s, true));
        }
        Scenario.Track track = null;
        if (f.fields().containsKey("track")) {
            if (!steady) {
                throw Doc.error(source, lineOf(f, "track"), "track goes with until: steady");
            }
            track = track(f.fields().get("track"), steps);
        } else if (steady) {
            throw Doc.error(source, lineOf(f, "until"), "until: steady needs track: STEP.VALUE (e.g. torture.iops, replay.mbps)");
        }
        return new Scenario.Group(name, f.line(), rounds, steady, track, List.copyOf(steps));
    }

    private int rounds(Doc.Fields f, boolean steady) {
        Doc.Field field = f.fields().get("rounds");
        if (field == null) {
            if (!steady) {
                throw Doc.error(source, f.line(), "a group needs rounds: N or until: steady");
            }
            return SteadyState.MAX_ROUNDS;
        }
        String v = text(field);
        int min = steady ? SteadyState.WINDOW : 1;
        int max = steady ? SteadyState.MAX_ROUNDS : MAX_ROUNDS;
        if (v == null || !v.matches("[0-9]{1,9}") || Integer.parseInt(v) < min || Integer.parseInt(v) > max) {
            throw Doc.error(source, field.line(), "rounds: expected a whole number from " + min + " to " + max
                    + (steady ? " (the most rounds until steady state; SNIA PTS gives up after " + SteadyState.MAX_ROUNDS + ")" : "")
                    + ", found " + SbenchException.quoted(v));
        }
        return Integer.parseInt(v);
    }

    private Scenario.Track track(Doc.Field field, List<Scenario.StepSpec> steps) {
        String v = text(field);
        String[] parts = v == null ? new String[0] : v.split("\\.");
        String value = parts.length == 2 ? Words.of(parts[1]) : null;
        String expected = "track: expected STEP.VALUE, STEP a step of the group (its kind or number from 1) and VALUE iops or mbps";
        if (!(Scenario.Track.IOPS.equals(value) || Scenario.Track.MBPS.equals(value))) {
            throw Doc.error(source, field.line(), expected + ", found " + SbenchException.quoted(v));
        }
        int index = -1;
        if (parts[0].matches("[0-9]{1,4}")) {
            index = Integer.parseInt(parts[0]) - 1;
        } else {
            for (int i = 0; i < steps.size() && index < 0; i++) {
                index = steps.get(i).kind().equals(parts[0]) ? i : -1;
            }
        }
        if (index < 0 || index >= steps.size()) {
            throw Doc.error(source, field.line(), "track: the group has no step '" + parts[0] + "'");
        }
        return new Scenario.Track(index, value, field.line());
    }

    private Scenario.StepSpec step(Doc.Fields f, boolean inGroup) {
        List<Doc.Field> kinds = new ArrayList<>();
        Doc.Field perRound = null;
        for (Doc.Field field : f.fields().values()) {
            if (field.key().equals(PER_ROUND)) {
                perRound = field;
            } else {
                kinds.add(field);
            }
        }
        if (kinds.size() != 1) {
            throw Doc.error(source, f.line(), kinds.isEmpty() ? "a step without a kind; write - KIND: {OPTION: VALUE}"
                    : "one step per item, found " + kinds.size() + " (" + kinds.get(0).key() + ", " + kinds.get(1).key()
                    + "); start each with its own '- '");
        }
        Doc.Field kind = kinds.get(0);
        Map<String, String> options = new LinkedHashMap<>();
        Map<String, Integer> lines = new LinkedHashMap<>();
        words(kind, "the options of step " + kind.key() + " as a map (" + kind.key() + ": {OPTION: VALUE})", options, lines);
        Map<String, String> changes = new LinkedHashMap<>();
        Map<String, Integer> changeLines = new LinkedHashMap<>();
        if (perRound != null) {
            if (!inGroup) {
                throw Doc.error(source, perRound.line(), "per-round goes with a step of a group in rounds");
            }
            words(perRound, "per-round: {OPTION: CHANGE}, each option's change from one round to the next", changes, changeLines);
        }
        return new Scenario.StepSpec(kind.key(), kind.line(), Map.copyOf(options), Map.copyOf(lines), Map.copyOf(changes),
                Map.copyOf(changeLines));
    }

    /** The scalar entries of the map in {@code field} (or none for an empty value) into {@code words} and {@code lines}. */
    private void words(Doc.Field field, String expected, Map<String, String> words, Map<String, Integer> lines) {
        if (field.value() instanceof Doc.Scalar s && s.text() == null) {
            return;
        }
        if (!(field.value() instanceof Doc.Fields map)) {
            throw Doc.error(source, field.line(), "expected " + expected);
        }
        for (Doc.Field option : map.fields().values()) {
            if (!(option.value() instanceof Doc.Scalar s) || s.text() == null) {
                throw Doc.error(source, option.line(), "option " + SbenchException.quoted(option.key()) + " of "
                        + field.key() + ": expected a value"
                        + " (a word or number)");
            }
            words.put(option.key(), s.text());
            lines.put(option.key(), option.line());
        }
    }

    private Doc.Fields fields(Doc.Node node, String expected) {
        if (node instanceof Doc.Fields f) {
            return f;
        }
        throw Doc.error(source, node.line(), "expected " + expected);
    }

    private List<Doc.Node> items(Doc.Field field) {
        if (field.value() instanceof Doc.Items i && !i.items().isEmpty()) {
            return i.items();
        }
        throw Doc.error(source, field.line(), field.key() + ": expected a list of steps (- KIND: {...})");
    }

    private void known(Doc.Fields f, List<String> keys, String what) {
        for (Doc.Field field : f.fields().values()) {
            if (!keys.contains(field.key())) {
                throw Doc.error(source, field.line(), "unknown key " + SbenchException.quoted(field.key()) + " in " + what
                        + "; expected "
                        + String.join(", ", keys));
            }
        }
    }

    private String text(Doc.Field field) {
        if (field.value() instanceof Doc.Scalar s && s.text() != null) {
            return s.text();
        }
        throw Doc.error(source, field.line(), field.key() + ": expected a value");
    }

    private static int lineOf(Doc.Fields f, String key) {
        Doc.Field field = f.fields().get(key);
        return field == null ? f.line() : field.line();
    }
}
