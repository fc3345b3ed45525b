// The options of the sbench data source, parsed once on the driver.
package org.sbench.spark.source;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.sbench.SbenchException;
import org.sbench.trace.input.ReadOptions;

/**
 * {@code spark.read.format("sbench")} options:
 * <ul>
 * <li>{@code path} / {@code paths} (set by {@code load(...)}): files, directories or globs in any
 *     Hadoop FileSystem;</li>
 * <li>{@code from}: the format of every file ({@code sbench --from}), else detected per file;</li>
 * <li>{@code skipBad}: bad records each split may skip (default 0: the first fails the query);</li>
 * <li>{@code splitBytes}: the size of the ranges splittable files are cut into (default 128 MiB).</li>
 * </ul>
 */
public record SourceOptions(List<String> paths, String from, long skipBad, long splitBytes) implements Serializable {
    public static final long DEFAULT_SPLIT_BYTES = 128L << 20;
    public static final String FROM = "from";
    public static final String SKIP_BAD = "skipBad";
    public static final String SPLIT_BYTES = "splitBytes";

    public SourceOptions {
        paths = List.copyOf(paths);
    }

    /** Parses Spark's case-insensitive option map. */
    public static SourceOptions parse(Map<String, String> options) {
        List<String> paths;
        if (options.containsKey("paths")) {
            try {
                paths = Arrays.asList(new ObjectMapper().readValue(options.get("paths"), String[].class));
            } catch (java.io.IOException e) {
                throw SbenchException.usage("option paths: expected a JSON array of paths, found " + options.get("paths"));
            }
        } else if (options.containsKey("path")) {
            paths = List.of(options.get("path"));
        } else {
            throw SbenchException.usage("the sbench source needs a path: spark.read.format(\"sbench\").load(PATH...)");
        }
        long skipBad = number(options, SKIP_BAD, 0);
        if (skipBad < 0) {
            throw SbenchException.usage("option skipBad must be 0 or more, found " + skipBad);
        }
        return new SourceOptions(paths, options.get(FROM), skipBad, number(options, SPLIT_BYTES, DEFAULT_SPLIT_BYTES));
    }

    private static long number(Map<String, String> options, String key, long absent) {
        String v = options.get(key);
        if (v == null) {
            return absent;
        }
        try {
            return Long.parseLong(v.strip());
        } catch (NumberFormatException e) {
            throw SbenchException.usage("option " + key + " takes a whole number, found '" + v + "'");
        }
    }

    /** These options as {@code spark.read.format("sbench").options(...)} takes them. */
    public Map<String, String> toMap() {
        Map<String, String> o = new java.util.LinkedHashMap<>();
        try {
            o.put("paths", new ObjectMapper().writeValueAsString(paths));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        if (from != null) {
            o.put(FROM, from);
        }
        o.put(SKIP_BAD, Long.toString(skipBad));
        o.put(SPLIT_BYTES, Long.toString(splitBytes));
        return o;
    }

    public ReadOptions readOptions() {
        return ReadOptions.DEFAULTS.withSkipBad(skipBad);
    }
}
