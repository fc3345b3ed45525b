package org.sbench.result;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * The hand-made results in src/test/resources/org/sbench/result: drive-a.json (DriveA at /dev/sdx:
 * busy 2 s, read 1.5 s, write 1 s; 3 MB read, 1 MB written; latencies 1 and 1.5 µs read, 0.5 and
 * 2 µs write), drive-b.json and drive-b-run2.json (two runs of DriveB at /dev/sdy: busy 1 s and
 * 1.25 s), all of the same 4-IO trace, recorded-qd, 25 ms idle cap, random data.
 */
final class ResultFixtures {
    static final String A = "drive-a.json";
    static final String B = "drive-b.json";
    static final String B2 = "drive-b-run2.json";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ResultFixtures() {
    }

    static Path path(String name) {
        try {
            return Path.of(ResultFixtures.class.getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static ReplayResult load(String name) {
        return new JsonResults().read(path(name));
    }

    /** A copy of fixture {@code name} in {@code dir} as {@code as}, changed by {@code edit} (on the JSON tree). */
    static Path variant(Path dir, String name, String as, Consumer<ObjectNode> edit) {
        try {
            ObjectNode root = (ObjectNode) MAPPER.readTree(path(name).toFile());
            edit.accept(root);
            Path out = dir.resolve(as);
            MAPPER.writerWithDefaultPrettyPrinter().writeValue(out.toFile(), root);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A copy of fixture {@code name} in {@code dir} as file.json, replayed on the file /mnt/x.img whose
     * extents were all written, as sbench records such a run (none of its range unwritten).
     */
    static Path writtenFile(Path dir, String name) {
        return variant(dir, name, "file.json", j -> ((ObjectNode) j.get("target")).put("kind", "file").put("path", "/mnt/x.img")
                .putObject("unwritten").put("bytes", 0).put("rangeBytes", 4_000_000));
    }

    /**
     * A copy of fixture {@code name} in {@code dir} as {@code as} with phases {@code names}, phase i
     * of wall time {@code wallNs[i]} and busy time {@code busyNs[i]}, each of 1 IO and 1 MB read (so
     * its MB/s is 1 / busy seconds).
     */
    static Path phased(Path dir, String name, String as, List<String> names, long[] wallNs, long[] busyNs) {
        return variant(dir, name, as, j -> {
            ArrayNode phases = j.putArray("phases");
            for (int i = 0; i < names.size(); i++) {
                phases.addObject().put("name", names.get(i)).put("ios", 1).put("bytesRead", 1_000_000).put("bytesWritten", 0)
                        .put("wallNs", wallNs[i]).put("busyNs", busyNs[i]).put("mbps", 1e9 / busyNs[i]);
            }
        });
    }

    static ResultComparison.Input input(String name) {
        return new ResultComparison.Input(name, load(name), null);
    }

    static ResultComparison.Input input(Path file) {
        return new ResultComparison.Input(file.getFileName().toString(), new JsonResults().read(file), null);
    }

    static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
