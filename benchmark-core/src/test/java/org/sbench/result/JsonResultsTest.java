package org.sbench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.sbench.ErrorKind;
import org.sbench.SbenchException;

class JsonResultsTest {
    @Test
    void roundTripsAFixture(@TempDir Path dir) throws Exception {
        ReplayResult a = ResultFixtures.load(ResultFixtures.A);
        Path out = dir.resolve("again.json");
        new JsonResults().write(a, out);
        assertEquals(a, new JsonResults().read(out));
        assertFalse(Files.readString(out).contains("\"name\" : \"" + a.target().name() + "\""),
                "the target's name is derived, not stored");
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
                "not an sbench result: no 'sizeClasses'");
        assertBad(ResultFixtures.variant(dir, ResultFixtures.A, "phnull.json", j -> j.putArray("phases").addNull()),
                "not an sbench result: no 'phases'");
        assertBad(Files.createDirectory(dir.resolve("adir.json")), "is a directory, expected a result file");
        // Such figures were printed: busy -0.000 s, IOPS -12,500,333,333,333, all-ops MB -9223372036854.8.
        assertBad(ResultFixtures.variant(dir, ResultFixtures.A, "negdur.json", j -> ((ObjectNode) j.get("summary")).put("busyNs", -1)),
                "not an sbench result: summary.busyNs is negative (-1)");
        assertBad(ResultFixtures.variant(dir, ResultFixtures.A, "ovf.json", j -> ((ObjectNode) j.get("summary"))
                .put("bytesRead", 1L << 62).put("bytesWritten", 1L << 62)), "not an sbench result: summary.bytesRead + bytesWritten is"
                + " more than 2^63 bytes");
        // The parser's own names (its source placeholder, Java types) are no concern of the user's.
        assertBad(Files.writeString(dir.resolve("array.json"), "[1]"), "not an sbench result: Cannot deserialize value of type"
                + " ReplayResult from Array value (token `JsonToken.START_ARRAY`) (line 1, column 1)");
        assertBad(Files.writeString(dir.resolve("cut.json"), "{\"settings\": {"), "not an sbench result: Unexpected end-of-input:"
                + " expected close marker for Object (start marker at [line: 1, column: 14]) (line 1, column 15)");
    }

    private static void assertBad(Path file, String message) {
        SbenchException e = assertThrows(SbenchException.class, () -> new JsonResults().read(file));
        assertEquals(ErrorKind.BAD_INPUT, e.kind());
        assertEquals(file + ": " + message, e.getMessage());
    }
}
