package org.sbench.result;

import com.fasterxml.jackson.databind.JsonNode;
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
     * its MB/s is 1 / busy seconds), the run's IOs and bytes as many times over as it has phases (so that they hold the
     * phases').
     */
    static Path phased(Path dir, String name, String as, List<String> names, long[] wallNs, long[] busyNs) {
        return variant(dir, name, as, j -> {
            ArrayNode phases = j.putArray("phases");
            timesOver(j, names.size());
            for (int i = 0; i < names.size(); i++) {
                phases.addObject().put("name", names.get(i)).put("ios", 1).put("bytesRead", 1_000_000).put("bytesWritten", 0)
                        .put("wallNs", wallNs[i]).put("busyNs", busyNs[i]);
            }
            withRates(j);
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
    /**
     * {@code j} as a run of {@code n} IOs of {@code op} ({@code trim} or {@code flush}; or 0 of {@code read} or {@code write}),
     * as a run writes it: the run's IOs, their service times, the IOs issued and the depths they saw changed with them, and an
     * op left without IOs also without bytes, busy time, service times and size classes.
     */
    static void withIos(ObjectNode j, String op, long n) {
        boolean transfers = op.equals("read") || op.equals("write");
        if (transfers ? n != 0 : !(op.equals("trim") || op.equals("flush"))) {
            throw new IllegalArgumentException(n + " " + op + "s");
        }
        ObjectNode s = (ObjectNode) j.get("summary");
        String count = op.equals("flush") ? "flushes" : op + "s";
        long more = n - s.get(count).asLong();
        s.put(count, n);
        add(s, "ios", more);
        add((ObjectNode) s.get("latency").get("all"), "count", more);
        if (s.get("ios").asLong() == 0) {
            noLatency((ObjectNode) s.get("latency").get("all"));
        }
        issued(j, more);
        if (transfers) {
            s.put(op.equals("read") ? "bytesRead" : "bytesWritten", 0).put(op + "BusyNs", 0);
            noLatency((ObjectNode) s.get("latency").get(op));
            for (JsonNode c : j.get("sizeClasses")) {
                if (c.get("op").asText().equals(op)) {
                    ((ObjectNode) c).put("count", 0).put("pct", 0.0).put("bytes", 0).put("busyNs", 0);
                    noLatency((ObjectNode) c.get("latency"));
                }
            }
        }
        withRates(j);
    }

    /** {@code j} as a run in which {@code n} IOs failed: its errors, and the IOs issued and the depths they saw with them. */
    static void failed(ObjectNode j, long n) {
        ObjectNode s = (ObjectNode) j.get("summary");
        issued(j, n - s.get("errors").asLong());
        s.put("errors", n);
    }

    /**
     * {@code j} as a run of {@code wallNs}: its busy times, the run's and its size classes', at most that, and its rates with
     * them.
     */
    static void ranFor(ObjectNode j, long wallNs) {
        ObjectNode s = ((ObjectNode) j.get("summary")).put("wallNs", wallNs);
        for (String busy : List.of("busyNs", "readBusyNs", "writeBusyNs")) {
            s.put(busy, Math.min(wallNs, s.get(busy).asLong()));
        }
        for (JsonNode c : j.get("sizeClasses")) {
            ((ObjectNode) c).put("busyNs", Math.min(wallNs, c.get("busyNs").asLong()));
        }
        withRates(j);
    }

    /** {@code latency} of no IOs, as a run writes it: every figure 0. */
    static void noLatency(ObjectNode latency) {
        latency.put("count", 0).put("meanUs", 0.0).put("p50Us", 0.0).put("p90Us", 0.0).put("p99Us", 0.0).put("p999Us", 0.0)
                .put("maxUs", 0.0).put("over10msPct", 0.0);
    }

    /** {@code j}'s counts of IOs and bytes {@code k} times over, its times as they were, and its rates with them. */
    static void timesOver(ObjectNode j, long k) {
        ObjectNode s = (ObjectNode) j.get("summary");
        for (String count : List.of("ios", "reads", "writes", "trims", "flushes", "bytesRead", "bytesWritten", "errors")) {
            add(s, count, (k - 1) * s.get(count).asLong());
        }
        for (JsonNode l : s.get("latency")) {
            add((ObjectNode) l, "count", (k - 1) * l.get("count").asLong());
        }
        for (JsonNode c : j.get("sizeClasses")) {
            add((ObjectNode) c, "count", (k - 1) * c.get("count").asLong());
            add((ObjectNode) c, "bytes", (k - 1) * c.get("bytes").asLong());
            add((ObjectNode) c.get("latency"), "count", (k - 1) * c.get("latency").get("count").asLong());
        }
        ObjectNode f = (ObjectNode) j.get("fidelity");
        add(f, "issued", (k - 1) * f.get("issued").asLong());
        for (String qd : List.of("qdReplayed", "qdRecorded")) {
            for (JsonNode row : f.path(qd).path("histogram")) {
                add((ObjectNode) row, "count", (k - 1) * row.get("count").asLong());
            }
        }
        withRates(j);
    }

    /**
     * {@code j}'s rates as a run writes them beside the counts and busy times they are of (ReplayResults): the summary's, each
     * size class's, phase's and stripe member's; for the helpers that change those figures, and for edits of one of them.
     */
    static void withRates(ObjectNode j) {
        ObjectNode s = (ObjectNode) j.get("summary");
        s.put("iops", ReplayResults.perSecond(s.get("ios").asLong(), s.get("busyNs").asLong()))
                .put("readMbps", ReplayResults.mbps(s.get("bytesRead").asLong(), s.get("readBusyNs").asLong()))
                .put("writeMbps", ReplayResults.mbps(s.get("bytesWritten").asLong(), s.get("writeBusyNs").asLong()));
        mbpsOfReadAndWritten(s);
        for (JsonNode c : j.get("sizeClasses")) {
            ((ObjectNode) c).put("mbps", ReplayResults.mbps(c.get("bytes").asLong(), c.get("busyNs").asLong()));
        }
        for (JsonNode p : j.path("phases")) {
            mbpsOfReadAndWritten((ObjectNode) p);
        }
        for (JsonNode m : j.path("stripe").path("members")) {
            mbpsOfReadAndWritten(((ObjectNode) m).put("iops", ReplayResults.perSecond(m.get("ios").asLong(), m.get("busyNs").asLong())));
        }
    }

    private static void mbpsOfReadAndWritten(ObjectNode o) {
        o.put("mbps", ReplayResults.mbps(o.get("bytesRead").asLong() + o.get("bytesWritten").asLong(), o.get("busyNs").asLong()));
    }

    /** {@code more} IOs issued (fewer when negative), the first depths with IOs taking the change, recorded ones as replayed. */
    private static void issued(ObjectNode j, long more) {
        ObjectNode f = (ObjectNode) j.get("fidelity");
        add(f, "issued", more);
        long issued = f.get("issued").asLong();
        for (String qd : List.of("qdReplayed", "qdRecorded")) {
            long change = qd.equals("qdReplayed") ? more : Math.min(0, issued - counted(f.path(qd)));
            for (JsonNode row : f.path(qd).path("histogram")) {
                long taken = change > 0 ? change : -Math.min(-change, row.get("count").asLong());
                add((ObjectNode) row, "count", taken);
                change -= taken;
            }
        }
    }

    private static long counted(JsonNode qd) {
        long n = 0;
        for (JsonNode row : qd.path("histogram")) {
            n += row.get("count").asLong();
        }
        return n;
    }

    private static void add(ObjectNode o, String field, long more) {
        o.put(field, o.get(field).asLong() + more);
    }
}
