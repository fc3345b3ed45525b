package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

class JsonResultsTest {
    /** A file there but not readable is a failure to read it (exit 5), not "no such file" (exit 3). */
    @Test
    void anUnreadableResultIsNotCalledMissing(@TempDir Path dir) {
        SbenchException missing = assertThrows(SbenchException.class, () -> new JsonResults().read(dir.resolve("none.json")));
        assertEquals(ErrorKind.BAD_INPUT, missing.kind());
        assertEquals(dir.resolve("none.json") + ": no such file", missing.getMessage());
        // Write-only even for root (kernfs has nothing to show), where the kernel has PCI.
        Path writeOnly = Path.of("/sys/bus/pci/rescan");
        Assumptions.assumeTrue(Files.exists(writeOnly));
        SbenchException denied = assertThrows(SbenchException.class, () -> new JsonResults().read(writeOnly));
        assertEquals(ErrorKind.SYSTEM_FAILURE, denied.kind());
        assertEquals("cannot read /sys/bus/pci/rescan: permission denied", denied.getMessage());
    }

    @Test
    void roundTripsAFixture(@TempDir Path dir) throws Exception {
        ReplayResult a = ResultFixtures.load(ResultFixtures.A);
        Path out = dir.resolve("again.json");
        new JsonResults().write(a, out);
        assertEquals(a, new JsonResults().read(out));
        assertFalse(Files.readString(out).contains("\"name\" : \"" + a.target().name() + "\""),
                "the target's name is derived, not stored");
    }

    /**
     * A result says which format it is in (ReplayResultsTest: written first), so that a later build can tell it; one
     * of a format newer than this build reads is refused, naming the format, rather than shown with figures whose meaning this build does not know.
     */
    @Test
    void aResultCarriesItsFormatAndANewerFormatIsRefused(@TempDir Path dir) throws Exception {
        Path now = ResultFixtures.variant(dir, ResultFixtures.A, "now.json", j -> j.put("format", ReplayResult.FORMAT));
        assertEquals(ReplayResult.FORMAT, new JsonResults().read(now).format());
        assertBad(ResultFixtures.variant(dir, ResultFixtures.A, "newer.json", j -> j.put("format", ReplayResult.FORMAT + 1)),
                "written by a newer sbench (result format " + (ReplayResult.FORMAT + 1) + "; this sbench reads formats up to "
                + ReplayResult.FORMAT + "): read it with that sbench or a later one");
        assertEquals(ReplayResult.PARTIAL_SECOND_RATES, ResultFixtures.load(OldResultsTest.FIXED_QD_0812319).format(),
                "earlier builds wrote none; read, it is in the form of format 2");
    }

    @Test
    void refusesWhatReportsCouldNotUseNamingThePart(@TempDir Path dir) throws Exception {
        assertBad(ResultFixtures.variant(dir, ResultFixtures.A, "nosummary.json", j -> j.remove("summary")),
                "not an sbench result: no 'summary'");
        assertBad(ResultFixtures.variant(dir, ResultFixtures.A, "nohist.json", j -> j.remove("latencyHistogram")),
                "not an sbench result: no 'latencyHistogram'");
        assertBad(ResultFixtures.variant(dir, ResultFixtures.A, "badhist.json",
                j -> ((ObjectNode) j.get("latencyHistogram")).put("write", "SGVsbG8=")),
                "latencyHistogram.write is not an HdrHistogram compressed encoding in Base64");
        assertBad(Files.writeString(dir.resolve("empty.json"), "{}"), "not an sbench result: no 'settings'");
        assertBad(dir.resolve("missing.json"), "no such file");
        // A null entry was an internal error (NullPointerException) after part of the report was printed.
        assertBad(ResultFixtures.variant(dir, ResultFixtures.A, "scnull.json",
                j -> ((com.fasterxml.jackson.databind.node.ArrayNode) j.get("sizeClasses")).insertNull(0)),
                "not an sbench result: sizeClasses[0] is missing");
        assertBad(ResultFixtures.variant(dir, ResultFixtures.A, "phnull.json", j -> j.putArray("phases").addNull()),
                "not an sbench result: phases[0] is missing");
        assertBad(ResultFixtures.variant(dir, ResultFixtures.A, "latnull.json", j -> j.with("summary").with("latency").putNull("read")),
                "not an sbench result: summary.latency.read is missing");
        assertBad(Files.createDirectory(dir.resolve("adir.json")), "is a directory, expected a result file");
        // Such figures were printed: busy -0.000 s, IOPS -12,500,333,333,333, all-ops MB -9223372036854.8.
        assertBad(ResultFixtures.variant(dir, ResultFixtures.A, "negdur.json", j -> ((ObjectNode) j.get("summary")).put("busyNs", -1)),
                "not an sbench result: summary.busyNs is negative (-1)");
        assertBad(ResultFixtures.variant(dir, ResultFixtures.A, "ovf.json", j -> ((ObjectNode) j.get("summary"))
                .put("bytesRead", 1L << 62).put("bytesWritten", 1L << 62)), "not an sbench result: summary.bytesRead + bytesWritten is"
                + " more than 2^63 bytes");
        // The parser's own names (its source placeholder, Java types) are no concern of the user's.
        assertBad(Files.writeString(dir.resolve("array.json"), "[1]"), "not an sbench result: expected an object, found an array"
                + " (line 1, column 1)");
        // The part by its path, what it must be and what it is; the line is the value's.
        Path latency = ResultFixtures.variant(dir, ResultFixtures.A, "latency.json", j -> j.with("summary").put("latency", "x"));
        assertBad(latency, "not an sbench result: summary.latency: expected an object, found a string (line "
                + lineOf(latency, "\"latency\" : \"x\"") + ", column 17)");
        Path target = ResultFixtures.variant(dir, ResultFixtures.A, "target.json", j -> j.put("target", "a.img"));
        assertBad(target, "not an sbench result: target: expected an object, found a string (line "
                + lineOf(target, "\"target\" : \"a.img\"") + ", column 14)");
        Path sizeClass = ResultFixtures.variant(dir, ResultFixtures.A, "class.json", j -> j.withArray("sizeClasses").insertArray(0));
        assertBad(sizeClass, "not an sbench result: sizeClasses[0]: expected an object, found an array (line "
                + lineOf(sizeClass, "\"sizeClasses\" : [ [ ]") + ", column 21)");
        assertBad(Files.writeString(dir.resolve("cut.json"), "{\"settings\": {"), "not an sbench result: Unexpected end-of-input:"
                + " expected close marker for Object (start marker at [line: 1, column: 14]) (line 1, column 15)");
    }

    /**
     * Parts no run writes, each an internal error or a nonsense figure in report or compare before
     * (found by mutating results): refused, named at the part, before anything is printed.
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{1}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        // SvgChart: IllegalArgumentException "Must be finite"
        "drive-a.json|/summary/latency/read|p99Us|1.7976931348623157E308|summary.latency.read.p99Us is 1.7976931348623157E308,"
                + " more than any run measures",
        // Metric: NullPointerException
        "drive-a.json|/sizeClasses/0|op|null|sizeClasses[0].op is missing",
        "drive-a.json|/sizeClasses/1|class|null|sizeClasses[1].class is missing",
        // CsvResultWriter: NullPointerException
        "drive-a.json|/sizeClasses/0|latency|-|sizeClasses[0].latency is missing",
        // TextTable: NullPointerException
        "drive-a.json|/fidelity/qdReplayed/histogram/0|qd|-|fidelity.qdReplayed.histogram[0].qd is missing",
        "drive-a.json|/fidelity/qdReplayed|histogram|null|fidelity.qdReplayed.histogram is missing",
        "drive-a.json|/fidelity/qdReplayed/histogram/0|qd|'7'|fidelity.qdReplayed.histogram[0].qd is '7', expected one of the"
                + " buckets 1, 2, 3, 4-5, 6-10, 11-20, 21-32, >32, each once",
        // printed as -0.0 MB/s and a -1% share
        "drive-a.json|/timeSeries/0|readMbps|-0.0001|timeSeries[0].readMbps is negative (-1.0E-4)",
        "drive-a.json|/summary/latency/write|over10msPct|-1|summary.latency.write.over10msPct is negative (-1.0)",
        // a second's rates are over it: over 0 s they say nothing, over more than 1 s it is not a second
        "drive-a.json|/timeSeries/2|seconds|0|timeSeries[2].seconds is 0.0, expected the part of the second the run covered"
                + " (more than 0, less than 1)",
        "drive-a.json|/timeSeries/2|seconds|1.5|timeSeries[2].seconds is 1.5, expected the part of the second the run covered"
                + " (more than 0, less than 1)",
        // compare: NullPointerException
        "drive-a.json||phases|[{'ios': 1, 'bytesRead': 0, 'bytesWritten': 0, 'wallNs': 1, 'busyNs': 1, 'mbps': 1}]|phases[0].name is"
                + " missing",
        // report, compare: NullPointerException, IndexOutOfBoundsException
        "stripe-a.json|/stripe|members|null|stripe.members is missing",
        "stripe-a.json|/stripe|members|[]|stripe.members has 0 entries, memberCount says 2",
    })
    void refusesPartsNoRunWrites(String fixture, String pointer, String field, String value, String message,
            @TempDir Path dir) throws Exception {
        assertEditRefused(fixture, pointer, field, value, false, message, dir);
    }

    /**
     * {@code field} of the part at {@code pointer} in {@code fixture} set to {@code value} ("-": removed), and where
     * {@code withRates} the rates then set to those the figures give and the edit made again (so that an edited figure is the
     * one relation broken, and an edited rate stays); refused with {@code message}.
     */
    private static void assertEditRefused(String fixture, String pointer, String field, String value, boolean withRates,
            String message, Path dir) {
        Path file = ResultFixtures.variant(dir, fixture, "bad.json", j -> {
            edit(j, pointer, field, value);
            if (withRates) {
                ResultFixtures.withRates(j);
                edit(j, pointer, field, value);
            }
        });
        assertBad(file, "not an sbench result: " + message);
    }

    private static void edit(ObjectNode j, String pointer, String field, String value) {
        ObjectNode at = (ObjectNode) j.at(pointer);
        if (value.equals("-")) {
            at.remove(field);
        } else {
            try {
                at.set(field, new com.fasterxml.jackson.databind.ObjectMapper().readTree(value.replace('\'', '"')));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    /**
     * Figures each in range that no run writes together (ResultRelations): report and compare printed them side by side as a
     * run's, a 90th percentile below the median, size classes that are not the reads, a busy time longer than the run, a rate
     * its counts and busy time do not give (IOs, or MB of 10^6 bytes, per second of busy time; 0 over none).
     */
    @org.junit.jupiter.params.ParameterizedTest(name = "{4}")
    @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
        "drive-a.json|/summary/latency/read|p90Us|0.5|summary.latency.read.p50Us 1, expected p90Us 0.5 or less (percentiles in"
                + " order)",
        "drive-a.json|/summary/latency/write|maxUs|1.5|summary.latency.write.p999Us 2, expected maxUs 1.5 or less (percentiles in"
                + " order)",
        "drive-a.json|/summary/latency/write|meanUs|2.5|summary.latency.write.meanUs 2.5, expected maxUs 2 or less (a mean of what"
                + " it is the most of)",
        "drive-a.json|/summary/latency/write|over10msPct|101|summary.latency.write.over10msPct 101, expected 100 or less (a share)",
        "drive-a.json|/sizeClasses/0/latency|count|0|sizeClasses[0].latency.count 0 with service times, expected all 0 (no IOs)",
        "drive-a.json|/sizeClasses/0/latency|count|2|sizeClasses[0].latency.count 2, expected sizeClasses[0].count 1 (one service"
                + " time per IO)",
        "drive-a.json|/summary|ios|5|summary.ios 5, expected reads + writes + trims + flushes 4",
        "drive-a.json|/summary|readBusyNs|2500000000|summary.readBusyNs 2500000000, expected busyNs 2000000000 or less (reads'"
                + " busy time is a part of it)",
        "drive-a.json|/summary|busyNs|3500000000|summary.busyNs 3500000000, expected wallNs 3000000000 or less (busy within the"
                + " run's time)",
        "drive-a.json|/summary/latency/read|count|3|summary.latency.read.count 3, expected summary.reads 2 (one service time per"
                + " IO)",
        "drive-a.json|/sizeClasses/0|bytes|4097|sizeClasses of op read add up to 3000001 bytes, expected summary.bytesRead 3000000",
        "drive-a.json|/sizeClasses/0|busyNs|1600000000|sizeClasses[0].busyNs 1600000000, expected summary.readBusyNs 1500000000 or"
                + " less (its IOs' busy time is a part of it)",
        "drive-a.json||phases|[{'name': 'boot', 'ios': 5, 'bytesRead': 0, 'bytesWritten': 0, 'wallNs': 1, 'busyNs': 1, 'mbps': 0}]"
                + "|phases' ios add up to 5, expected summary.ios 4 or less (each phase's are a part of the run's)",
        "drive-a.json||phases|[{'name': 'boot', 'ios': 1, 'bytesRead': 0, 'bytesWritten': 0, 'wallNs': 1, 'busyNs': 2, 'mbps': 0}]"
                + "|phases[0].busyNs 2, expected wallNs 1 or less (busy within its time)",
        "drive-a.json||phases|[{'name': 'boot', 'ios': 1, 'bytesRead': 0, 'bytesWritten': 0, 'wallNs': 2500000000, 'busyNs':"
                + " 2200000000, 'mbps': 0}]|phases[0].busyNs 2200000000, expected summary.busyNs 2000000000 or less (its IOs' busy"
                + " time is a part of the run's)",
        "stripe-a.json|/stripe/members/0|busyNs|2100000000|stripe.members[0].busyNs 2100000000, expected summary.busyNs 2000000000"
                + " or less (a member IO runs within its trace IO)",
        "stripe-a.json|/stripe/members/1|bytesRead|1000001|stripe.members' bytesRead add up to 3000001, expected summary.bytesRead"
                + " 3000000 (each trace IO's bytes moved by its member IOs)",
        "stripe-a.json|/stripe/members/1|errors|1|stripe.members' errors add up to 1 with summary.errors 0, expected both 0 or"
                + " neither (a trace IO fails where a member IO of it does)",
        "stripe-a.json|/stripe/members/0|ios|4|stripe.members[0].ios 4, expected reads + writes + trims + flushes 3",
        "stripe-a.json|/stripe/members/0/latency|count|2|stripe.members[0].latency.count 2, expected stripe.members[0].ios 3 (one"
                + " service time per IO)",
        "drive-a.json|/summary|iops|3|summary.iops 3, expected 2 (ios per second of busyNs)",
        "drive-a.json|/summary|mbps|2.5|summary.mbps 2.5, expected 2 (MB of bytesRead + bytesWritten per second of busyNs, MB ="
                + " 10^6 bytes)",
        "drive-a.json|/summary|readMbps|0|summary.readMbps 0, expected 2 (MB of bytesRead per second of readBusyNs, MB = 10^6"
                + " bytes)",
        "drive-a.json|/summary|writeMbps|1.048576|summary.writeMbps 1.048576, expected 1 (MB of bytesWritten per second of"
                + " writeBusyNs, MB = 10^6 bytes)",
        "drive-a.json|/sizeClasses/0|mbps|0.0078125|sizeClasses[0].mbps 0.0078125, expected 0.008192 (MB of bytes per second of"
                + " busyNs, MB = 10^6 bytes)",
        "drive-a.json||phases|[{'name': 'boot', 'ios': 1, 'bytesRead': 4096, 'bytesWritten': 0, 'wallNs': 1, 'busyNs': 0, 'mbps':"
                + " 1}]|phases[0].mbps 1, expected 0 (MB of bytesRead + bytesWritten per second of busyNs, MB = 10^6 bytes)",
        "stripe-a.json|/stripe/members/0|iops|2|stripe.members[0].iops 2, expected 2.4 (ios per second of busyNs)",
        "stripe-a.json|/stripe/members/1|mbps|3|stripe.members[1].mbps 3, expected 1.5 (MB of bytesRead + bytesWritten per second"
                + " of busyNs, MB = 10^6 bytes)",
        "drive-a.json|/timeSeries/1|second|5|timeSeries[1].second 5, expected 1 (the seconds in order from 0)",
        "drive-a.json|/timeSeries/0|seconds|0.5|timeSeries[0].seconds 0.5, expected none (only the last second may be a part of"
                + " one)",
        "drive-a.json|/fidelity|issued|5|fidelity.issued 5, expected summary.ios + errors 4 (every IO issued completed, or"
                + " failed)",
        "drive-a.json|/fidelity/qdReplayed/histogram/0|count|4|fidelity.qdReplayed counts 5 IOs, expected fidelity.issued 4 (the"
                + " depth each IO issued saw)",
        "drive-a.json|/fidelity/qdReplayed/histogram/0|pct|150|fidelity.qdReplayed.histogram[0].pct 150, expected 100 or less (a"
                + " share)",
        "drive-a.json|/fidelity|latenessUs|{'p50': 5, 'p99': 1, 'max': 9}|fidelity.latenessUs.p50 5, expected p99 1 or less"
                + " (percentiles in order)",
        "drive-a.json||errors|{'read': {'EIO': 1}}|errors add up to 1, expected summary.errors 0",
        "drive-a.json||firstError|{'op': 'read', 'offsetBytes': 0, 'lengthBytes': 4096, 'error': 'EIO'}|firstError with"
                + " summary.errors 0, expected none (no IO failed)",
    })
    void refusesFiguresNoRunWritesTogether(String fixture, String pointer, String field, String value, String message,
            @TempDir Path dir) throws Exception {
        assertEditRefused(fixture, pointer, field, value, true, message, dir);
    }

    /** The 1-based number of the first line of {@code file} holding {@code text}. */
    private static int lineOf(Path file, String text) throws java.io.IOException {
        java.util.List<String> lines = Files.readAllLines(file);
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i + 1;
            }
        }
        throw new AssertionError(text + " not in " + file);
    }

    /** Jackson's limits (StreamReadConstraints: nesting 1,000 deep, numbers of 1,000 digits) carry no place of their own. */
    @Test
    void aLimitOfTheJsonParserNamesWhereItWasPassed(@TempDir Path dir) throws Exception {
        assertBad(Files.writeString(dir.resolve("deep.json"), "{\n\"settings\": {},\n\"x\": " + "[".repeat(100_000)),
                "not an sbench result: Document nesting depth (1001) exceeds the maximum allowed (1000) (line 3, column 1006)");
        assertBad(Files.writeString(dir.resolve("long.json"), "{\"format\": " + "9".repeat(1_000_000) + "}"),
                "not an sbench result: Number value length (1000000) exceeds the maximum allowed (1000) (line 1, column 1000012)");
    }

    private static void assertBad(Path file, String message) {
        SbenchException e = assertThrows(SbenchException.class, () -> new JsonResults().read(file));
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertEquals(file + ": " + message, e.getMessage());
    }
}
