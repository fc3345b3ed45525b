package org.sbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.cdm.CdmResults;
import org.sbench.record.RecordResult;
import org.sbench.result.LatencyHistograms;
import org.sbench.result.ReplayResult;
import org.sbench.scenario.BundleScenario;
import org.sbench.step.Bundle;
import org.sbench.trace.stats.TraceStatistics;

/**
 * docs/json.md against what sbench writes: every key path of the documents the commands produce (on
 * the null target and small files) is in the page's section of that document with the type its row gives (and each key
 * not marked optional is there), and the page lists
 * exactly the key paths the types behind each document can write, so that it cannot go stale ({@code record --json}, which
 * needs root and tracefs, by its type alone here: RecordCommandTest runs it and holds it to the page with {@link #mismatches}).
 */
class JsonReferenceTest {
    private static final Path DOC = Path.of(System.getProperty("basedir", ".")).toAbsolutePath().getParent().resolve("docs/json.md");
    private static final String RESULT = "Replay result";
    private static final String CDM = "cdm --json";
    private static final String BUNDLE = "Bundle";
    private static final String STEPS = "steps.jsonl";
    private static final String SCENARIO = "scenario.json";
    private static final String INSPECT = "inspect --json";
    private static final String RECORD = "record --json";
    /** Where a document holds a whole replay result, which the result's section describes. */
    private static final Set<String> RESULTS_IN = Set.of("tests[].best", "steps[].runs[].result");
    /** Maps whose keys sbench chooses (listed in the page by name), not data. */
    private static final Map<String, List<String>> NAMED_KEYS = Map.of("summary.latency", LatencyHistograms.OPS,
            "latencyHistogram", LatencyHistograms.OPS);
    private static final Pattern ROW = Pattern.compile("^\\| `([^`]+)` \\| ([^|]+) \\|");
    /** The page's types, as JSON holds them. */
    private static final Map<String, Predicate<JsonNode>> KINDS = Map.of("int", JsonNode::isIntegralNumber, "number", JsonNode::isNumber,
            "string", JsonNode::isTextual, "bool", JsonNode::isBoolean, "object", JsonNode::isObject, "array", JsonNode::isArray);
    private static final Pattern TYPE = Pattern.compile("(int|number|string|bool|object|array)( or null)?(, optional)?");
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final String MSR = "128166372000000000,hm,0,Read,0,4096,20000\n"
            + "128166372000010000,hm,1,Write,4096,4096,5000\n"
            + "128166372000020000,hm,0,Write,8192,8192,5000\n"
            + "128166372000030000,hm,1,Read,0,4096,5000\n";

    /** The page's key paths by section, each with its type column ({@code int, optional}, {@code number or null}). */
    private static Map<String, Map<String, String>> documented() throws Exception {
        Map<String, Map<String, String>> sections = new LinkedHashMap<>();
        Map<String, String> keys = null;
        for (String line : Files.readAllLines(DOC)) {
            if (line.startsWith("## ")) {
                keys = new TreeMap<>();
                sections.put(line.substring(3), keys);
            }
            Matcher m = ROW.matcher(line);
            if (m.find() && keys != null) {
                String type = m.group(2).trim();
                assertTrue(TYPE.matcher(type).matches(), DOC + ": " + m.group(1) + " has type '" + type + "', expected one of " + KINDS.keySet()
                        + ", then ' or null' and/or ', optional'");
                assertTrue(keys.put(m.group(1), type) == null, "listed twice in " + DOC + ": " + m.group(1));
            }
        }
        return sections;
    }

    /**
     * Every key path a value of {@code type} can be written with, under {@code path}; {@code open}: the types being walked
     * above it. An array's elements are a path of their own ({@code []}) when they are not objects. A record held in one
     * of its own kind ({@code latenessUs.others}) holds only its figures (primitive components).
     */
    private static void paths(JavaType type, String path, Set<Class<?>> open, Set<String> out) {
        if (type.isCollectionLikeType()) {
            JavaType element = type.getContentType();
            if (!isObject(element)) {
                out.add(path + "[]");
            }
            paths(element, path + "[]", open, out);
        } else if (type.isMapLikeType()) {
            for (String key : NAMED_KEYS.getOrDefault(path, List.of("*"))) {
                out.add(path + "." + key);
                paths(type.getContentType(), path + "." + key, open, out);
            }
        } else if (isObject(type)) {
            boolean nested = !open.add(type.getRawClass());
            for (BeanPropertyDefinition p : MAPPER.getSerializationConfig().introspect(type).findProperties()) {
                if (p.couldSerialize() && (!nested || p.getRawPrimaryType().isPrimitive())) {
                    String key = path.isEmpty() ? p.getName() : path + "." + p.getName();
                    out.add(key);
                    paths(p.getPrimaryType(), key, open, out);
                }
            }
            if (!nested) {
                open.remove(type.getRawClass());
            }
        }
    }

    private static boolean isObject(JavaType type) {
        return type.getRawClass().getName().startsWith("org.sbench.") && !type.isEnumType();
    }

    private static Set<String> paths(Class<?> type) {
        Set<String> out = new TreeSet<>();
        paths(MAPPER.constructType(type), "", new HashSet<>(), out);
        return out;
    }

    @Test
    void thePageListsEveryKeyTheTypesWriteAndNoOther() throws Exception {
        Map<String, Map<String, String>> doc = documented();
        Set<String> bundle = paths(Bundle.class);
        bundle.add("steps[].runs[].result"); // a step command's --json adds each run's result (BundleJson)
        Set<String> inspect = new TreeSet<>(paths(TraceStatistics.class).stream()
                .map(k -> k.equals("sizeClasses[].sizeClass") ? "sizeClasses[].class" : k).toList()); // as InspectCommand.toJson renames it
        Map<String, Set<String>> types = Map.of(RESULT, paths(ReplayResult.class), CDM, within(paths(CdmResults.Document.class)),
                BUNDLE, within(bundle), STEPS, paths(Bundle.Record.class), SCENARIO, paths(BundleScenario.class), INSPECT, inspect, RECORD, paths(RecordResult.class));
        for (Map.Entry<String, Set<String>> t : types.entrySet()) {
            assertTrue(doc.containsKey(t.getKey()), DOC + " has no section '## " + t.getKey() + "'");
            Set<String> unlisted = new TreeSet<>(t.getValue());
            unlisted.removeAll(doc.get(t.getKey()).keySet());
            Set<String> unwritable = new TreeSet<>(doc.get(t.getKey()).keySet());
            unwritable.removeAll(t.getValue());
            assertEquals("" + Set.of() + Set.of(), "" + unlisted + unwritable, t.getKey() + " in " + DOC
                    + ": [keys its type writes that the page does not list][keys the page lists that it cannot write]");
        }
    }

    /** {@code keys} without those under a place that holds a whole result (the result's section has them). */
    private static Set<String> within(Set<String> keys) {
        keys.removeIf(k -> RESULTS_IN.stream().anyMatch(r -> k.startsWith(r + ".") || k.startsWith(r + "[]")));
        return keys;
    }

    @Test
    void everyKeyOfWhatTheCommandsWriteIsOnThePage(@TempDir Path dir) throws Exception {
        Map<String, Map<String, String>> doc = documented();
        Path trace = Files.writeString(dir.resolve("hm.csv"), MSR);
        Path file = Files.write(dir.resolve("t.img"), new byte[8 << 20]);
        Path a = Files.write(dir.resolve("a.img"), new byte[4 << 20]);
        Path b = Files.write(dir.resolve("b.img"), new byte[4 << 20]);
        Map<String, List<JsonNode>> written = new LinkedHashMap<>();
        String t = trace.toString();
        for (String[] replay : new String[][] {{"--stream", "all"}, {"--stream", "1", "--read-only"}, {"--stream", "0", "--mode", "timed"},
                {"--stream", "0", "--mode", "fixed-qd", "--qd", "2", "--target", file.toString(), "--allow-write"}}) {
            List<String> args = new ArrayList<>(List.of("replay", t, "--json"));
            args.addAll(List.of(replay));
            if (!args.contains("--target")) {
                args.addAll(List.of("--target", "null"));
            }
            written.computeIfAbsent(RESULT, k -> new ArrayList<>()).add(json(CliTest.run(args.toArray(String[]::new))));
        }
        written.put(INSPECT, List.of(json(CliTest.run("inspect", t, "--json"))));
        written.put(CDM, List.of(json(CliTest.run("cdm", "--target", "null", "--size", "2M", "--passes", "1", "--duration", "100ms", "--json"))));
        written.put(BUNDLE, new ArrayList<>(List.of(json(CliTest.run("sweep", "--target", file.toString(), "--points", "2", "--per-point", "1M",
                "--json")))));
        Path scenario = Files.writeString(dir.resolve("s.yaml"), "name: s\nsteps:\n  - purge: {}\n  - fill: {passes: 1, bs: 1M}\n"
                + "  - replay: {trace: " + t + ", stream: all}\n  - torture: {duration: 100ms}\n");
        Path out = dir.resolve("bundle");
        CliTest.Run run = CliTest.run("run", scenario.toString(), "--target", "stripe:64K:" + a + "," + b, "--allow-write", "--out",
                out.toString());
        assertEquals(0, run.code(), run.err());
        written.get(BUNDLE).add(MAPPER.readTree(out.resolve("bundle.json").toFile()));
        written.put(SCENARIO, List.of(MAPPER.readTree(out.resolve("scenario.json").toFile())));
        List<JsonNode> records = new ArrayList<>();
        for (String line : Files.readAllLines(out.resolve("steps.jsonl"))) {
            records.add(MAPPER.readTree(line));
        }
        written.put(STEPS, records);
        try (Stream<Path> files = Files.walk(out.resolve("steps"))) {
            for (Path f : files.filter(f -> f.toString().endsWith(".json")).toList()) {
                written.get(RESULT).add(MAPPER.readTree(f.toFile()));
            }
        }
        Set<String> wrong = new TreeSet<>();
        for (Map.Entry<String, List<JsonNode>> w : written.entrySet()) {
            for (JsonNode node : w.getValue()) {
                walk(node, "", w.getKey(), doc, wrong);
            }
        }
        assertEquals(Set.of(), wrong, "what the commands wrote against " + DOC);
    }

    /** What in {@code node}, a document of the page's {@code section}, the page lacks or types otherwise (for RecordCommandTest, which runs record --json). */
    static Set<String> mismatches(JsonNode node, String section) throws Exception {
        Set<String> wrong = new TreeSet<>();
        walk(node, "", section, documented(), wrong);
        return wrong;
    }

    private static JsonNode json(CliTest.Run r) throws Exception {
        assertEquals(0, r.code(), r.err());
        return MAPPER.readTree(r.out());
    }

    /**
     * Adds to {@code wrong} each key path under {@code node} that the page's {@code section} lacks or gives another type,
     * and each key the page gives as always written (not optional) that an object holding its siblings lacks.
     */
    private static void walk(JsonNode node, String path, String section, Map<String, Map<String, String>> doc, Set<String> wrong) {
        if (RESULTS_IN.contains(path)) {
            walk(node, "", RESULT, doc, wrong);
            return;
        }
        Map<String, String> keys = doc.get(section);
        if (!path.isEmpty() && !(node.isObject() && path.endsWith("[]"))) {
            String type = keys.get(path);
            if (type == null) {
                wrong.add(section + ": " + path + " is not listed");
            } else if (!ofType(node, type)) {
                wrong.add(section + ": " + path + " is listed as " + type + ", written " + node);
            }
        }
        if (node.isArray()) {
            for (JsonNode e : node) {
                walk(e, path + "[]", section, doc, wrong);
            }
        } else if (node.isObject()) {
            String prefix = path.isEmpty() ? "" : path + ".";
            boolean data = keys.containsKey(prefix + "*");
            for (Iterator<Map.Entry<String, JsonNode>> f = node.fields(); f.hasNext();) {
                Map.Entry<String, JsonNode> e = f.next();
                walk(e.getValue(), prefix + (data ? "*" : e.getKey()), section, doc, wrong);
            }
            for (Map.Entry<String, String> k : keys.entrySet()) {
                String name = k.getKey().startsWith(prefix) ? k.getKey().substring(prefix.length()) : null;
                if (!data && name != null && !name.contains(".") && !name.contains("[]") && !k.getValue().endsWith(", optional")
                        && !node.has(name)) {
                    wrong.add(section + ": " + k.getKey() + " is listed as always written, absent from an object with " + node.size() + " keys");
                }
            }
        }
    }

    private static boolean ofType(JsonNode node, String type) {
        for (String kind : type.replace(", optional", "").split(" or ")) {
            if (kind.equals("null") ? node.isNull() : KINDS.get(kind).test(node)) {
                return true;
            }
        }
        return false;
    }
}
